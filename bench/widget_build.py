"""How long RankingWidget takes to build from many scored items, in Python.

The items and their scores are checked in Python before anything reaches the browser;
that check must grow linearly with the number of items (a set rebuilt per label once made
a mapping of 20,000 scores take 46 s). Times the construction for 10,000, 20,000 and 50,000
items, with the scores given as a list in the items' order and as a mapping label -> score.

Run with ``python -m bench`` (all benchmarks) or ``python -m bench.widget_build``.
"""

from __future__ import annotations

import time

from ndcg.widgets import RankingWidget

SIZES = (10_000, 20_000, 50_000)
REPEATS = 3


def _build(n: int, mapping: bool) -> float:
    """Return the fastest of ``REPEATS`` builds of a widget of ``n`` scored items, in s."""
    items = [(f"doc{i}", i % 5) for i in range(n)]
    listed = [float(n - i) for i in range(n)]
    scores = {label: score for (label, _), score in zip(items, listed, strict=True)}
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        RankingWidget(items, scores=scores if mapping else listed)
        best = min(best, time.perf_counter() - start)
    return best


def measure(sizes: tuple[int, ...] = SIZES) -> list[dict[str, float]]:
    """Time the builds; one row per size: seconds with a list, and with a mapping."""
    return [{"items": n, "list_s": _build(n, False), "mapping_s": _build(n, True)} for n in sizes]


def main() -> None:
    """Print the table of build times and the time per item (flat when linear)."""
    rows = measure()
    print(f"RankingWidget(items, scores=...): build time, best of {REPEATS}")
    print(f"{'items':>7} {'list s':>8} {'mapping s':>10} {'us/item':>8}")
    for row in rows:
        per_item = 1e6 * row["mapping_s"] / row["items"]
        print(f"{row['items']:>7} {row['list_s']:>8.2f} {row['mapping_s']:>10.2f} {per_item:>8.1f}")


if __name__ == "__main__":
    main()
