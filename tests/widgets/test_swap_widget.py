"""SwapWidget in Python: the library's swap matrix for the current order, and its page."""

from __future__ import annotations

import numpy as np
import pytest

import ndcg
from ndcg import ltr
from ndcg.widgets import SwapWidget, goals, standalone_html

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
    # The bundle is minified (names shortened): its texts and classes show it is there.
    assert "NDCG after swapping it" in page and ".ndcg-sw" in page
    assert "ndcg-rw" not in page  # the swap view alone, not the ranking widget's


def test_lambdas_are_lambdarank_at_equal_scores() -> None:
    w = SwapWidget(ITEMS, k=3)
    w.order = ["c", "a", "d", "e", "b"]
    grades = [1, 0, 4, 0, 3]
    want = ltr.lambdarank(grades, [0.0] * 5, k=3, gain="exponential").gradient
    assert np.allclose(w.lambdas, want, rtol=1e-12, atol=0)
    assert w.lambdas[2] < 0 and w.lambdas.sum() == pytest.approx(0, abs=1e-12)


def test_lambdas_weigh_pairs_by_the_matrix_with_the_pool() -> None:
    # The pool raises the ideal: every |ΔNDCG|, and so every lambda, shrinks by the same ratio.
    alone = SwapWidget(ITEMS, k=None).lambdas
    pooled = SwapWidget(ITEMS, unretrieved=[("f", 4)], k=None).lambdas
    ratio = ndcg.idcg([0, 3, 1, 4, 0], k=None, gain="exponential") / ndcg.idcg(
        [0, 3, 1, 4, 0, 4], k=None, gain="exponential"
    )
    assert np.allclose(pooled, alone * ratio, rtol=1e-12, atol=0)


def test_the_default_goal_is_the_best_single_swap() -> None:
    w = SwapWidget(ITEMS, k=2, gain="linear")
    assert [(g["kind"], g["metric"], g["swaps"]) for g in w.goals] == [("best", "ndcg", 1)]
    first, second, _ = w.best_swap()
    assert not w.goal_status[0]["reached"]
    w.order = [second if x == first else first if x == second else x for x in w.order]
    assert w.goal_status[0]["reached"]
    assert SwapWidget(ITEMS, goal=[]).goals == []


def test_a_goal_the_swap_view_cannot_show_is_refused() -> None:
    with pytest.raises(ValueError, match=r"goal\[0\]: a SwapWidget shows the best or worst"):
        SwapWidget(ITEMS, goal=goals.at_least("ndcg", 0.9))
    with pytest.raises(ValueError, match="swaps=None"):
        SwapWidget(ITEMS, goal=goals.best("ndcg"))
