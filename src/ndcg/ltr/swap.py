"""The swap matrix: how much NDCG@k changes when two documents trade places.

Taught in chapter 13, "Optimising NDCG", and shown by :class:`ndcg.widgets.SwapWidget`.

Swapping the documents at positions ``i`` and ``j`` moves gain ``g_i`` to discount ``d_j``
and ``g_j`` to ``d_i``; nothing else in the list moves and the ideal stays the same, so

    ΔNDCG_ij = (g_j - g_i) (d_i - d_j) / IDCG@k,

with ``d_p = 1 / log2(p + 1)`` inside the cutoff and 0 beyond it. LambdaRank weights each
pair of documents by ``|ΔNDCG_ij|`` (Burges 2010).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ndcg import _validate as check
from ndcg._kernel import dcg_at, ideal_ranking, ratio_scale
from ndcg.discount import discounts
from ndcg.gains import Gain, gain_values, judged_gains

__all__ = ["cut_discounts", "swap_deltas", "swap_matrix"]

_RELEVANCE = check.numbers_array(1, unjudged=True)
_POOL = check.optional(check.numbers_array(1))


def cut_discounts(n: int, k: int | None) -> np.ndarray:
    """Return the discount of positions ``1..n`` under cutoff ``k``: 0 beyond the cutoff.

    Parameters
    ----------
    n : int
        Number of positions.
    k : int or None
        The cutoff; ``None`` counts every position.

    Returns
    -------
    numpy.ndarray, shape (n,)

    Examples
    --------
    >>> cut_discounts(4, 2).round(4).tolist()
    [1.0, 0.6309, 0.0, 0.0]

    """
    weights = discounts(n)
    if k is not None:
        weights[k:] = 0.0
    return weights


def swap_deltas(gains: np.ndarray, item_discounts: np.ndarray, idcg: np.ndarray) -> np.ndarray:
    """ΔNDCG of every swap, for many lists at once (the vectorised kernel).

    Parameters
    ----------
    gains : numpy.ndarray, shape (m, n)
        Gain of each item, one list per row.
    item_discounts : numpy.ndarray, shape (m, n)
        Discount of the position each item occupies (0 beyond the cutoff).
    idcg : numpy.ndarray, shape (m,)
        Ideal DCG of each list; a row with ideal 0 gets a matrix of zeros, since no swap
        changes an NDCG that has nothing to normalise by.

    Returns
    -------
    numpy.ndarray, shape (m, n, n)
        Entry ``[q, i, j]``: NDCG after items ``i`` and ``j`` of list ``q`` trade places,
        minus NDCG before. Symmetric in ``i`` and ``j``, zero on the diagonal.

    """
    scale = np.divide(1.0, idcg, out=np.zeros_like(idcg, dtype=np.float64), where=idcg > 0)
    gain_gap = gains[:, None, :] - gains[:, :, None]  # g_j - g_i
    discount_gap = item_discounts[:, :, None] - item_discounts[:, None, :]  # d_i - d_j
    # Adding 0.0 turns the -0.0 of swaps beyond the cutoff into 0.0, so no "-0" is shown.
    return gain_gap * discount_gap * scale[:, None, None] + 0.0


@check.validate_params(relevance=_RELEVANCE, k=check.cutoff, gain=check.gain, pool=_POOL)
def swap_matrix(
    relevance: Any, k: int | None = None, gain: Gain = "exponential", pool: Any = None
) -> np.ndarray:
    """ΔNDCG@k for swapping positions ``i`` and ``j`` of a ranked list, for every pair.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order (best-ranked first), as for :func:`ndcg.ndcg`; ``None``
        marks a document never judged, which has no gain where it stands (``ndcg``'s
        ``unjudged="zero"``).
    k : int, optional
        Cutoff for the list and its ideal; ``None`` counts every position.
    gain : {"linear", "exponential"}, mapping or callable, default "exponential"
        See :func:`ndcg.dcg`. Learning to rank conventionally uses ``2**grade - 1``
        (Burges et al. 2005), as LightGBM does, hence the default.
    pool : sequence of float, optional
        Every judged grade of the query, retrieved or not (see :func:`ndcg.idcg`); the
        ideal, and so the scale of every change, comes from it.

    Returns
    -------
    numpy.ndarray, shape (n, n)
        Entry ``[i, j]`` (0-based positions) is ``ndcg(swapped) - ndcg(relevance)``: positive
        when the swap helps. ``numpy.abs`` of it is the weight LambdaRank gives the pair.
        When no item has any gain, no swap changes NDCG and the matrix is all zeros.

    Examples
    --------
    >>> m = swap_matrix([0, 2, 1], gain="linear")
    >>> m.round(4).tolist()
    [[0.0, 0.2806, 0.19], [0.2806, 0.0, -0.0498], [0.19, -0.0498, 0.0]]
    >>> import ndcg
    >>> round(ndcg.ndcg([2, 0, 1], gain="linear") - ndcg.ndcg([0, 2, 1], gain="linear"), 4)
    0.2806

    """
    # An unjudged position (None, NaN past the door) has no gain where it stands, as
    # ndcg's unjudged="zero" reads it.
    gains, judged = judged_gains(relevance, gain, "relevance")
    if pool is None:
        ideal_gains = gains[judged]
    else:
        check.check_pool(relevance, pool)
        ideal_gains = gain_values(pool, gain, "pool")
    # Scaled by a power of two, as ndcg() is, so tiny or huge gains keep an exact ratio.
    exponent = int(ratio_scale(ideal_gains))
    gains, ideal_gains = np.ldexp(gains, exponent), np.ldexp(ideal_gains, exponent)
    ideal = dcg_at(ideal_ranking(ideal_gains, k), (k,))[..., 0]
    weights = cut_discounts(relevance.size, k)
    return swap_deltas(gains[None, :], weights[None, :], np.array([ideal]))[0]
