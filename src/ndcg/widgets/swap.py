"""``SwapWidget``: a ranked list beside its |ΔNDCG| swap matrix, drawn as a heat map.

Used in chapter 13, "Optimising NDCG": the swap the reader has made by hand since chapter 3
is the quantity LambdaRank trains on.

The widget holds the same state as :class:`~ndcg.widgets.RankingWidget` (items, their order,
the judged items not retrieved, the cutoff and the gain) and shows another view of it,
``swap.js``: the cell in row ``i`` and column ``j`` is coloured by how much NDCG@k would
change if positions ``i`` and ``j`` traded places (blue for a gain, orange for a loss,
darker for more).
Pointing at or focusing a cell shows the NDCG after that swap; clicking it, or pressing
Enter, makes the swap, and the matrix is recomputed for the new order. The view computes
the matrix itself, so it stays live on a static page with no kernel, and
:func:`~ndcg.widgets.standalone_html` writes it into a page of its own like any
:class:`~ndcg.widgets.RankingWidget`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._assets import front_end
from .ranking import RankingWidget


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
        **kwargs: Any,
    ) -> None:
        super().__init__(items, unretrieved=unretrieved, k=k, gain=gain, **kwargs)

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

    def best_swap(self) -> tuple[str, str, float]:
        """Return the labels of the swap that gains the most, and its NDCG change.

        Among equal gains the first in row-major order wins (the higher-ranked item first).
        """
        m = self.matrix
        i, j = np.unravel_index(int(np.argmax(m)), m.shape)
        first, second = sorted((int(i), int(j)))
        return self.order[first], self.order[second], float(m[first, second])
