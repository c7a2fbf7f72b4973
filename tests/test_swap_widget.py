"""SwapWidget in Python: the library's swap matrix for the current order, and its page."""

from __future__ import annotations

import numpy as np

from ndcg import ltr
from ndcg.widgets import SwapWidget, standalone_html

ITEMS = [("a", 0), ("b", 3), ("c", 1), ("d", 4), ("e", 0)]


def test_defaults_are_ndcg_at_10_with_exponential_gain() -> None:
    w = SwapWidget(ITEMS)
    assert (w.k, w.gain) == (10, "exponential")
    assert np.array_equal(w.matrix, ltr.swap_matrix([0, 3, 1, 4, 0], k=10))


def test_matrix_follows_the_order_and_the_pool() -> None:
    w = SwapWidget(ITEMS, unretrieved=[("f", 4)], k=3)
    w.order = ["d", "b", "c", "a", "e"]
    want = ltr.swap_matrix([4, 3, 1, 0, 0], k=3, pool=[0, 3, 1, 4, 0, 4])
    assert np.array_equal(w.matrix, want)


def test_best_swap_is_the_largest_gain() -> None:
    w = SwapWidget(ITEMS, k=2, gain="linear")
    first, second, change = w.best_swap()
    m = w.matrix
    assert (first, second) == ("a", "d")
    assert change == m.max() == m[0, 3]
    w.order = ["d", "b", "c", "a", "e"]  # already ideal: no swap gains
    assert w.best_swap()[2] == 0.0


def test_standalone_page_carries_the_swap_module() -> None:
    page = standalone_html(SwapWidget(ITEMS), title="Swaps")
    assert "swapMatrix" in page and ".ndcg-sw" in page
    assert "ndcg-rw" not in page  # the swap view alone, not the ranking widget's
