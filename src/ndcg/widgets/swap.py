"""``SwapWidget``: a ranked list beside its |ΔNDCG| swap matrix, drawn as a heat map.

Used in chapter 13, "Optimising NDCG": the swap the reader has made by hand since chapter 3
is the quantity LambdaRank trains on.

The widget holds the same state as :class:`~ndcg.widgets.RankingWidget` (items, their order,
the judged items not retrieved, the cutoff and the gain) and shows another view of it,
``js/swap.js``: the cell in row ``i`` and column ``j`` is coloured by how much NDCG@k would
change if positions ``i`` and ``j`` traded places (blue for a gain, orange for a loss,
darker for more).
Rows and columns are labelled by document and each cell prints its change (a toggle hides
the figures); beside each row stands its document's LambdaRank lambda (:attr:`lambdas`),
which moves with the matrix. Pointing at or focusing a cell shows the NDCG after that swap;
clicking it, or pressing Enter, makes the swap (on a touch screen a first tap shows it, a
second makes it), "Last swap" says what the swap did, and the matrix is recomputed for the
new order. Its goal, by default, is the single swap that gains the most. The view computes
the matrix itself, so it stays live on a static page with no kernel, and
:func:`~ndcg.widgets.standalone_html` writes it into a page of its own like any
:class:`~ndcg.widgets.RankingWidget`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import goals as _goal_kinds
from ._front_end import front_end
from .ranking import RankingWidget

#: The goals the swap view knows: the best or worst single swap of NDCG.
_SWAP_GOALS = ("best", "worst")


class SwapWidget(RankingWidget):
    """A ranked list and the NDCG change of every swap of two of its items.

    Parameters
    ----------
    items
        The items in ranked order, in any form :class:`~ndcg.widgets.RankingWidget`
        accepts: ``(label, grade)`` pairs, a dict, a Series or a DataFrame.
    unretrieved
        Judged items that were not retrieved; they count in the ideal only.
    k
        The cutoff, default 10 (the NDCG@10 a ranker is trained on in chapter 13), or None.
    gain
        ``"exponential"`` (default, ``2**grade - 1``, as LambdaRank and LightGBM use) or
        ``"linear"``.
    goal
        By default :func:`goals.best("ndcg", swaps=1) <ndcg.widgets.goals.best>`, the
        single swap that gains the most; ``goals.worst("ndcg", swaps=1)`` asks for the one
        that loses the most, and ``[]`` for none. The view knows no other goal.

    Examples
    --------
    >>> w = SwapWidget([("a", 0), ("b", 2), ("c", 1)], k=None, gain="linear")
    >>> w.matrix.round(4).tolist()[0]
    [0.0, 0.2806, 0.19]
    >>> first, second, change = w.best_swap()
    >>> first, second, round(change, 6)
    ('a', 'b', 0.280563)

    """

    _esm = front_end("swap", "js")
    _css = front_end("swap", "css")

    def __init__(
        self,
        items: Any,
        unretrieved: Any = None,
        k: int | None = 10,
        gain: str = "exponential",
        goal: Any = None,
        **kwargs: Any,
    ) -> None:
        if goal is None:
            goal = _goal_kinds.best("ndcg", swaps=1)
        super().__init__(items, unretrieved=unretrieved, k=k, gain=gain, goal=goal, **kwargs)
        for i, checked in enumerate(self.goals):
            if (checked["kind"], checked["metric"], checked["swaps"]) not in {
                (kind, "ndcg", 1) for kind in _SWAP_GOALS
            }:
                got = f"{checked['kind']!r} of {checked['metric']!r}, swaps={checked['swaps']!r}"
                raise ValueError(
                    f"goal[{i}]: a SwapWidget shows the best or worst single swap of NDCG, "
                    f"got {got}; use goals.best('ndcg', swaps=1) or goals.worst('ndcg', swaps=1)"
                )

    @property
    def matrix(self) -> np.ndarray:
        """The swap matrix of the current order, from :func:`ndcg.ltr.swap_matrix`.

        Returns
        -------
        numpy.ndarray, shape (n, n)
            Entry ``[i, j]``: NDCG@k after positions ``i`` and ``j`` (0-based) trade places,
            minus NDCG@k now.

        """
        from ndcg.ltr import swap_matrix

        return swap_matrix(self.relevance, k=self.k, gain=self.gain, pool=self.judged)

    @property
    def lambdas(self) -> np.ndarray:
        """LambdaRank's lambdas of the current order at equal scores, as the view shows them.

        :func:`ndcg.ltr.lambdarank` with every score 0 (sigma 1): the ranking is the current
        order, every RankNet pull is one half, and each pair is weighted by its entry of
        :attr:`matrix` (whose ideal includes the judged items not retrieved).

        Returns
        -------
        numpy.ndarray, shape (n,)
            One lambda per position; negative pushes the document up.

        Examples
        --------
        >>> w = SwapWidget([("a", 0), ("b", 2), ("c", 1)], k=None, gain="linear")
        >>> w.lambdas.round(4).tolist()
        [0.2353, -0.1652, -0.0701]

        """
        from ndcg.ltr.pairwise import pairwise_loss

        grades = np.array([[0.0 if g is None else g for g in self.relevance]], dtype=np.float64)
        weights = np.abs(self.matrix)[None, :, :]
        return pairwise_loss(grades, np.zeros_like(grades), weights, 1.0)[1][0]

    def best_swap(self) -> tuple[str, str, float]:
        """Return the labels of the swap that gains the most, and its NDCG change.

        Among equal gains the first in row-major order wins (the higher-ranked item first).
        """
        m = self.matrix
        i, j = np.unravel_index(int(np.argmax(m)), m.shape)
        first, second = sorted((int(i), int(j)))
        return self.order[first], self.order[second], float(m[first, second])
