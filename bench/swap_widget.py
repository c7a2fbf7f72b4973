"""How long SwapWidget's view takes from a swap to an updated list, heat map and readouts.

Runs the shipped ES module and CSS in headless Chromium (a standalone page, as in the
browser tests). For 10, 30 and 60 items it presses Enter on a cell of the grid, which swaps
two items, and times the synchronous work: recomputing the n x n matrix, reordering the list,
recolouring the heat map and the readouts, plus the style and layout pass that follows. It
also times a preview (the pointer entering a cell). Painting is not included. Target: at
most 16 ms (one frame at 60 Hz) per swap for 30 items.

Run with ``python -m bench`` (all benchmarks) or ``python -m bench.swap_widget``.
"""

from __future__ import annotations

import numpy as np

from bench._chromium import evaluate_in_widgets, summary
from ndcg.widgets import SwapWidget

SIZES = (10, 30, 60)
SWAPS = 60
WARMUP = 5
TARGET_MS = 16.0
TARGET_ITEMS = 30

TIME_SWAPS = """async ([swaps, warmup]) => {
  const root = document.querySelector('.ndcg-sw');
  const list = root.querySelector('.ndcg-sw__list');
  const readout = root.querySelector('[data-testid=ndcg]');
  const n = list.children.length;
  const swap = [], preview = [];
  for (let s = 0; s < swaps + warmup; s += 1) {
    // j runs over i + 1 .. i + n - 1 (mod n), so it is never i: every press swaps.
    const i = s % Math.min(n, 10);
    const j = (i + 1 + ((s * 7) % (n - 1))) % n;
    const cell = root.querySelector(`.ndcg-sw__cell[data-i="${i}"][data-j="${j}"]`);
    const first = list.children[i];
    const t0 = performance.now();
    cell.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    void document.body.offsetHeight;
    const t1 = performance.now();
    cell.focus();
    const t2 = performance.now();
    const enter = { key: 'Enter', bubbles: true, cancelable: true };
    cell.dispatchEvent(new KeyboardEvent('keydown', enter));
    root.getBoundingClientRect();
    void document.body.offsetHeight;  // force style and layout of the new state
    const t3 = performance.now();
    if (s >= warmup) { preview.push(t1 - t0); swap.push(t3 - t2); }
    if (list.children[i] === first) throw new Error('the swap did not happen');
    if (!readout.title) throw new Error('no NDCG readout');
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  }
  return { swap, preview };
}"""


def _widget(n: int, rng: np.random.Generator) -> SwapWidget:
    return SwapWidget([(f"doc{i}", int(g)) for i, g in enumerate(rng.integers(0, 5, n))], k=10)


def measure(sizes: tuple[int, ...] = SIZES, swaps: int = SWAPS) -> list[dict[str, float]]:
    """Time ``swaps`` swaps (and previews) per list size; one row of figures per size."""
    rng = np.random.default_rng(7)
    widgets = [(f"swap{n}", _widget(n, rng)) for n in sizes]
    found = evaluate_in_widgets(widgets, TIME_SWAPS, [swaps, WARMUP], height=1400)
    return [
        {
            "items": n,
            **summary(times["swap"]),
            "preview_median_ms": summary(times["preview"])["median_ms"],
        }
        for n, times in zip(sizes, found, strict=True)
    ]


def main() -> None:
    """Print the table of swap-to-update times."""
    rows = measure()
    print(f"SwapWidget: swap -> list + heat map + readouts updated (Chromium, {SWAPS} swaps each)")
    print(f"{'items':>6} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'preview ms':>11}  target")
    for row in rows:
        met = "met" if row["median_ms"] <= TARGET_MS else "MISSED"
        note = f"<= {TARGET_MS:g} ms {met}" if row["items"] == TARGET_ITEMS else ""
        print(
            f"{row['items']:>6} {row['median_ms']:>10.2f} {row['p95_ms']:>8.2f} "
            f"{row['max_ms']:>8.2f} {row['preview_median_ms']:>11.2f}  {note}"
        )


if __name__ == "__main__":
    main()
