"""How long RankingWidget's view takes from a move to updated readouts and chart.

Runs the shipped ES module and CSS in headless Chromium (a standalone page, as in the
browser tests), moves an item with Alt+ArrowDown / Alt+ArrowUp and times, for 10, 100 and
1,000 items, the synchronous work of the move: recomputing the figures, reordering the
list, redrawing the chart and readouts, plus the style and layout pass that follows.
Painting is not included (headless Chromium paints on its own schedule). Target: at most
16 ms (one frame at 60 Hz) for 100 items.

Run with ``python -m bench`` (all benchmarks) or ``python -m bench.widget``.
"""

from __future__ import annotations

import numpy as np

from bench._chromium import evaluate_in_widgets, summary
from ndcg.widgets import RankingWidget

SIZES = (10, 100, 1000)
MOVES = 60
WARMUP = 5
TARGET_MS = 16.0

TIME_MOVES = """async ([moves, warmup]) => {
  const root = document.querySelector('.ndcg-rw');
  const list = root.querySelector('.ndcg-rw__list');
  const readout = root.querySelector('[data-testid=ndcg]');
  const times = [];
  for (let i = 0; i < moves + warmup; i += 1) {
    const middle = Math.floor(list.children.length / 2);
    const item = list.children[middle];
    const t0 = performance.now();
    item.dispatchEvent(new KeyboardEvent('keydown', {
      key: i % 2 ? 'ArrowUp' : 'ArrowDown', altKey: true, bubbles: true, cancelable: true }));
    root.getBoundingClientRect();
    void document.body.offsetHeight;  // force style and layout of the new state
    const t1 = performance.now();
    if (i >= warmup) times.push(t1 - t0);
    if (list.children[middle] === item) throw new Error('the move did not happen');
    if (!readout.title) throw new Error('no NDCG readout');
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  }
  return times;
}"""


def _widget(n: int, rng: np.random.Generator) -> RankingWidget:
    items = [(f"doc{i}", int(g)) for i, g in enumerate(rng.integers(0, 5, n))]
    others = [(f"other{i}", int(g)) for i, g in enumerate(rng.integers(0, 5, max(1, n // 10)))]
    return RankingWidget(items, unretrieved=others, k=10)


def measure(sizes: tuple[int, ...] = SIZES, moves: int = MOVES) -> list[dict[str, float]]:
    """Time ``moves`` keyboard moves per list size; returns one row of figures per size."""
    rng = np.random.default_rng(7)
    widgets = [(f"widget{n}", _widget(n, rng)) for n in sizes]
    found = evaluate_in_widgets(widgets, TIME_MOVES, [moves, WARMUP], height=900)
    return [{"items": n, **summary(times)} for n, times in zip(sizes, found, strict=True)]


def main() -> None:
    """Print the table of move-to-update times."""
    rows = measure()
    print(f"RankingWidget: move -> readouts + chart updated (Chromium, {MOVES} moves each)")
    print(f"{'items':>6} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}  target")
    for row in rows:
        target = f"<= {TARGET_MS:g} ms " + ("met" if row["median_ms"] <= TARGET_MS else "MISSED")
        note = target if row["items"] == 100 else ""
        print(
            f"{row['items']:>6} {row['median_ms']:>10.2f} {row['p95_ms']:>8.2f} "
            f"{row['max_ms']:>8.2f}  {note}"
        )


if __name__ == "__main__":
    main()
