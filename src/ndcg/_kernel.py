"""The arithmetic behind every figure: the ideal order, discounted sums, ties, empty ideals.

Each rule has its only Python home here. The list API (``metrics``), ``ndcg_from_scores``,
``evaluate``, the book's figures and the widget all call these functions; the widget's
JavaScript mirror is held to them by a parity test.

Arrays of gains are ranked along their last axis: a 1-D array is one ranked list, a 2-D
array one list per row (rows are queries, columns candidate documents). In score
matrices, padding cells (rows shorter than the matrix, or documents dropped as unjudged)
carry the score ``-inf`` and the gain 0, so they sort last and add nothing.

Speed comes from one observation: most rows have no tied scores, and then every tie
rule gives the same order. So every row is ranked with one plain argsort, and only rows
with ties (inside the top ``c`` or across its boundary) are re-ranked with the rule's
secondary key, so the fast path never has to know about ties.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ndcg.discount import LOG2, Discount

#: ``tiebreak(rows)`` returns, for the given row indices, a key matrix: among equal
#: scores the smaller key ranks first.
TieBreak = Callable[[np.ndarray], np.ndarray]

TIE_RULES = ("stable", "average", "pessimistic", "optimistic")

# Below this total gain no discounted sum can overflow (every discount is at most 1).
_SAFE_TOTAL = float(np.finfo(np.float64).max) / 4
#: A list whose largest gain is below this is scaled up: its smaller gains, discounted,
#: would otherwise fall among the subnormal numbers (below 2**-1022) and lose digits.
_TINY = 2.0**-511


def ideal_ranking(
    gains: np.ndarray, depth: int | None = None, *, indices: bool = False
) -> np.ndarray:
    """Rank gains ideally: best first along the last axis, cut at ``depth``.

    Sorting gains rather than grades keeps the ideal right for any gain mapping, even one
    that does not grow with the grade. Equal gains keep their input order.

    Parameters
    ----------
    gains : numpy.ndarray
        Gains, one ranked list per row of the last axis.
    depth : int, optional
        Keep the first ``depth`` positions (all of them if ``None``).
    indices : bool, default False
        Return the positions that put ``gains`` in ideal order instead of the gains.

    Returns
    -------
    numpy.ndarray
        The ideal gains, or (``indices=True``) their positions in ``gains``.

    Examples
    --------
    >>> import numpy as np
    >>> ideal_ranking(np.array([1.0, 3.0, 2.0, 3.0]), 3).tolist()
    [3.0, 3.0, 2.0]
    >>> ideal_ranking(np.array([1.0, 3.0, 2.0, 3.0]), indices=True).tolist()
    [1, 3, 2, 0]

    """
    if indices:
        # Stable on the negated gains: best first, equal gains in input order.
        return np.argsort(-gains, axis=-1, kind="stable")[..., :depth]
    width = gains.shape[-1]
    if depth is not None and depth < width:
        # Only the best ``depth`` are read: set them apart first (no full sort), then order them.
        gains = np.partition(gains, width - depth, axis=-1)[..., width - depth :]
    # The values alone need no stable sort; an ascending sort read backwards is the fastest.
    return np.sort(gains, axis=-1)[..., ::-1][..., :depth]


def cumulative_dcg(ranked_gains: np.ndarray, discount: Discount = LOG2) -> np.ndarray:
    """Return the running DCG along the last axis: entry ``i`` is DCG at cutoff ``i + 1``.

    A running sum in rank order, so every cutoff of one list, the list API, the matrix
    rows and trec_eval all add the same terms in the same order, bit for bit. Gains that
    could overflow are scaled first (:func:`ratio_scale`) or refused by the caller.

    This is the one discounted sum of the library: other discounts (``discount``) give
    the DCG variants of chapter 10, and the family of metrics (precision, average
    precision, reciprocal rank, ERR, RBP) are sums of this form over other gains.

    Examples
    --------
    >>> import numpy as np
    >>> cumulative_dcg(np.array([3.0, 2.0, 3.0])).round(4).tolist()
    [3.0, 4.2619, 5.7619]

    """
    return np.cumsum(discount.apply(ranked_gains), axis=-1)


def dcg_at(
    ranked_gains: np.ndarray, cutoffs: Sequence[int | None], discount: Discount = LOG2
) -> np.ndarray:
    """DCG of gains already in rank order, one column per cutoff, from one running sum.

    Parameters
    ----------
    ranked_gains : numpy.ndarray, shape (..., width)
        Gains in rank order; ``width`` may be narrower than the lists, as long as it covers
        every cutoff (see :func:`depth`).
    cutoffs : sequence of int or None
        Positive cutoffs; ``None`` means every position. A cutoff past the end counts what
        is there.
    discount : Discount, default 1 / log2(i + 1)
        The weight of each rank.

    Returns
    -------
    numpy.ndarray, shape (..., len(cutoffs))

    Examples
    --------
    >>> import numpy as np
    >>> dcg_at(np.array([3.0, 2.0, 3.0]), (1, None, 10)).round(4).tolist()
    [3.0, 5.7619, 5.7619]

    """
    width = ranked_gains.shape[-1]
    if width == 0:
        return np.zeros((*ranked_gains.shape[:-1], len(cutoffs)))
    last = [width if c is None or c > width else c for c in cutoffs]
    running = cumulative_dcg(ranked_gains[..., : max(last)], discount)
    return running[..., [c - 1 for c in last]]


def depth(width: int, cutoffs: Sequence[int | None]) -> int:
    """How many ranked positions the cutoffs read: ``width`` if any is ``None``, else the largest.

    Examples
    --------
    >>> depth(100, (5, 10)), depth(100, (5, None)), depth(3, (10,))
    (10, 100, 3)

    """
    given = [c for c in cutoffs if c is not None]
    return width if len(given) < len(cutoffs) else min(width, max(given))


def ratio_scale(
    gains: np.ndarray, groups: np.ndarray | None = None, n_groups: int = 0
) -> np.ndarray:
    """Return a power-of-two exponent per list that keeps its DCG / ideal DCG exact.

    The exponent is 0 unless the list's gains are too large (their total could overflow
    float64) or too small (its largest gain is below :data:`_TINY`, where the discounted
    terms lose digits as subnormal numbers, or vanish); then it brings the list's largest
    gain into [0.5, 1). Scaling by a power of two moves only the exponent, so the ratio
    DCG / IDCG of a scaled list equals the exact one, where the plain sums would overflow
    to inf (and give nan or 0) or round tiny gains away (and give 1 for any order).

    Parameters
    ----------
    gains : numpy.ndarray
        Every judged gain (all >= 0): one list along the last axis, or (with ``groups``) a
        flat array.
    groups : numpy.ndarray, optional
        The list (code in ``0..n_groups-1``) of each gain of a flat array.
    n_groups : int, default 0
        How many lists ``groups`` codes.

    Returns
    -------
    numpy.ndarray of int
        The exponent of each list: apply it with ``np.ldexp(gains, exponent)``, which
        (unlike a product with ``2.0**exponent``) reaches the subnormal gains, whose
        exponent lies beyond float64's largest power of two.

    Examples
    --------
    >>> import numpy as np
    >>> ratio_scale(np.array([[1.0, 2.0], [2.0**1023, 2.0**1023], [0.0, 5e-324]])).tolist()
    [0, -1024, 1073]

    """
    shape = gains.shape[:-1] if groups is None else (n_groups,)
    exponent = np.zeros(shape, dtype=np.int64)
    if gains.size == 0:
        return exponent
    with np.errstate(over="ignore"):
        # The usual case is settled by two bounds for every list at once.
        large = not gains.max() * gains.size < _SAFE_TOTAL
        # (np.min with where= would be twenty times slower than these two comparisons.)
        small = ((gains < _TINY) & (gains > 0)).any()
        if not (large or small):
            return exponent
        if groups is None:
            total = gains.sum(axis=-1)
            peak = gains.max(axis=-1, initial=0.0)
        else:
            total = np.bincount(groups, weights=gains, minlength=n_groups)
            peak = np.zeros(n_groups)
            np.maximum.at(peak, groups, gains)
    scaled = ~(total < _SAFE_TOTAL) | ((peak > 0) & (peak < _TINY))
    exponent[scaled] = -np.frexp(peak[scaled])[1]
    return exponent


def normalise(
    actual: np.ndarray,
    best: np.ndarray,
    empty: float | str,
    where: Callable[[int], str] | None = None,
    undefined: str = "the ideal DCG is 0{where} (no judged document has any gain), so NDCG",
) -> np.ndarray:
    """``actual / best`` for each list, with ``empty`` where the ideal DCG is 0.

    Parameters
    ----------
    actual, best : numpy.ndarray
        DCG and ideal DCG of each list (or, for recall and average precision, the
        relevant documents found and those judged).
    empty : float or "raise"
        The value of NDCG when the ideal DCG is 0, or ``"raise"`` for a ValueError.
    where : callable, optional
        ``where(i)`` names list ``i`` in the error (e.g. ``" for query 'q7'"``).
    undefined : str, optional
        Why the ratio is undefined, ending with what is undefined, for the error.

    Raises
    ------
    ValueError
        If ``empty == "raise"`` and some ideal DCG is 0.

    Examples
    --------
    >>> import numpy as np
    >>> normalise(np.array([1.0, 0.0]), np.array([2.0, 0.0]), 0.0).tolist()
    [0.5, 0.0]

    """
    zero = best == 0.0
    if not zero.any():
        return actual / best
    if empty == "raise":
        first = int(np.argwhere(zero)[0][0])  # the list (row) of the first, at any cutoff
        place = where(first) if where else ""
        raise ValueError(
            f"empty='raise': {undefined.format(where=place)} is undefined; pass empty=0.0 "
            "(trec_eval's convention) or empty=float('nan') to score it anyway"
        )
    result = actual / np.where(zero, 1.0, best)
    result[zero] = empty
    return result


# --- Ranking by score, under a tie rule -----------------------------------------------------


def rule_tiebreak(ties: str, gains: np.ndarray) -> TieBreak | None:
    """Return the secondary key for a tie rule (``None`` for ``"average"``).

    ``"stable"`` keeps input (column) order, ``"pessimistic"`` puts the lowest gain
    first among ties and ``"optimistic"`` the highest.
    """
    if ties == "stable":
        return lambda rows: np.broadcast_to(np.arange(gains.shape[1]), (rows.size, gains.shape[1]))
    if ties == "pessimistic":
        return lambda rows: gains[rows]
    if ties == "optimistic":
        return lambda rows: -gains[rows]
    return None


def dcg_rows(
    scores: np.ndarray,
    gains: np.ndarray,
    cutoffs: Sequence[int | None],
    tiebreak: TieBreak | None,
    discount: Discount = LOG2,
) -> np.ndarray:
    """DCG of every row, ranked by score descending, at each cutoff (one sort for all).

    Parameters
    ----------
    scores : numpy.ndarray, shape (m, w)
        Finite scores; ``-inf`` marks padding.
    gains : numpy.ndarray, shape (m, w)
        Gains (0 for padding).
    cutoffs : sequence of int or None
        Positive cutoffs; ``None`` means the whole row.
    tiebreak : callable or None
        Secondary key among equal scores (see :data:`TieBreak`); ``None`` averages the
        gains of tied items over the positions they share (McSherry and Najork, 2008).
    discount : Discount, default 1 / log2(i + 1)
        The weight of each rank.

    Returns
    -------
    numpy.ndarray, shape (m, len(cutoffs))

    """
    width = depth(scores.shape[1], cutoffs)
    order, tied = _top_order(scores, width)
    out = dcg_at(np.take_along_axis(gains, order, axis=1), cutoffs, discount)
    if tied.any():
        rows = np.flatnonzero(tied)
        out[rows] = _dcg_with_ties(scores[rows], gains[rows], cutoffs, tiebreak, rows, discount)
    return out


def rank_rows(scores: np.ndarray, width: int, tiebreak: TieBreak) -> np.ndarray:
    """Column of each row's first ``width`` items, ranked by score under a tie rule.

    For metrics that need the order itself (average precision, reciprocal rank, ERR),
    where averaging over the orders of a tie has no one-pass form.

    Returns
    -------
    numpy.ndarray of int, shape (m, width)

    Examples
    --------
    >>> import numpy as np
    >>> scores = np.array([[0.2, 0.9, 0.2]])
    >>> rank_rows(scores, 3, rule_tiebreak("stable", np.zeros((1, 3)))).tolist()
    [[1, 0, 2]]

    """
    order, tied = _top_order(scores, width)
    if tied.any():
        rows = np.flatnonzero(tied)
        order[rows] = np.lexsort((tiebreak(rows), -scores[rows]), axis=-1)[:, :width]
    return order


def _top_order(scores: np.ndarray, width: int) -> tuple[np.ndarray, np.ndarray]:
    """Return each row's first ``width`` columns by score, and which rows hold a tie.

    Any order is taken among ties; a row is flagged when the order inside a tie (within
    the top ``width``, or across its edge) could change what the row scores.
    """
    # One full argsort beats argpartition + a small sort at these widths; ascending
    # order reversed avoids negating the whole matrix. One column more than the cutoff
    # shows ties across it.
    order = np.argsort(scores, axis=1)[:, : -width - 2 : -1]
    tied = _has_adjacent_ties(np.take_along_axis(scores, order, axis=1))
    return np.ascontiguousarray(order[:, :width]), tied


def ideal_rows(
    gains: np.ndarray, cutoffs: Sequence[int | None], discount: Discount = LOG2
) -> np.ndarray:
    """Ideal DCG of every row (its gains in ideal order) at each cutoff.

    Returns
    -------
    numpy.ndarray, shape (m, len(cutoffs))

    """
    return dcg_at(ideal_ranking(gains, depth(gains.shape[1], cutoffs)), cutoffs, discount)


def ndcg_rows(
    scores: np.ndarray | None,
    gains: np.ndarray,
    cutoffs: Sequence[int | None],
    tiebreak: TieBreak | None,
    empty: float | str,
    where: Callable[[int], str] | None = None,
    discount: Discount = LOG2,
    pool: np.ndarray | None = None,
) -> np.ndarray:
    """NDCG of every row at each cutoff: the library's one composition of NDCG.

    DCG of the row ranked by score, over the ideal DCG (the same discounted sum, run on
    the pool's gains in ideal order), with :func:`normalise`'s rule where the ideal is 0.
    The list API, ``ndcg_from_scores`` and both inputs of ``evaluate`` call it. Rows whose
    gains could overflow a sum, or are tiny, are scaled first (see :func:`ratio_scale`).

    Parameters
    ----------
    scores : numpy.ndarray, shape (m, w), or None
        Scores (``-inf`` marks padding); ``None`` when ``gains`` are already in rank order.
    gains : numpy.ndarray, shape (m, w)
        Gain of each ranked item (0 for padding and for unjudged items).
    cutoffs : sequence of int or None
        Positive cutoffs; ``None`` means the whole row.
    tiebreak : callable or None
        Secondary key among equal scores, as in :func:`dcg_rows`.
    empty : float or "raise"
        NDCG where the ideal DCG is 0 (see :func:`normalise`).
    where : callable, optional
        ``where(i)`` names row ``i`` in the error of ``empty="raise"``.
    discount : Discount, default 1 / log2(i + 1)
        The weight of each rank.
    pool : numpy.ndarray, shape (m, v), optional
        The gains of every judged item of each row's query, retrieved or not (0 for
        padding), from which the ideal is built; ``None`` builds it from ``gains``.

    Returns
    -------
    numpy.ndarray, shape (m, len(cutoffs))

    Examples
    --------
    >>> import numpy as np
    >>> ndcg_rows(None, np.array([[3.0, 2.0, 3.0]]), (2,), None, 0.0).round(4).tolist()
    [[0.871]]

    """
    # One exponent per query, from the gains its ideal reads (a power of two: the ratio is exact).
    exponent = ratio_scale(gains if pool is None else pool)
    if exponent.any():
        gains = np.ldexp(gains, exponent[:, None])
        pool = None if pool is None else np.ldexp(pool, exponent[:, None])
    if scores is None:
        actual = dcg_at(gains, cutoffs, discount)
    else:
        actual = dcg_rows(scores, gains, cutoffs, tiebreak, discount)
    best = ideal_rows(gains if pool is None else pool, cutoffs, discount)
    return normalise(actual, best, empty, where)


def _has_adjacent_ties(ranked_scores: np.ndarray) -> np.ndarray:
    # Padding (-inf) ties with padding only, and padding has no gain: not a real tie.
    same = ranked_scores[:, 1:] == ranked_scores[:, :-1]
    return (same & np.isfinite(ranked_scores[:, 1:])).any(axis=1)


def _dcg_with_ties(
    scores: np.ndarray,
    gains: np.ndarray,
    cutoffs: Sequence[int | None],
    tiebreak: TieBreak | None,
    rows: np.ndarray,
    discount: Discount,
) -> np.ndarray:
    if tiebreak is not None:
        order = np.lexsort((tiebreak(rows), -scores), axis=-1)
        return dcg_at(np.take_along_axis(gains, order, axis=1), cutoffs, discount)
    order = np.argsort(-scores, axis=1, kind="stable")
    ranked_scores = np.take_along_axis(scores, order, axis=1)
    ranked_gains = np.take_along_axis(gains, order, axis=1)
    out = np.empty((scores.shape[0], len(cutoffs)), dtype=np.float64)
    for j, c in enumerate(cutoffs):
        out[:, j] = _tie_averaged_dcg(ranked_scores, ranked_gains, c, discount)
    return out


def _tie_averaged_dcg(
    ranked_scores: np.ndarray, ranked_gains: np.ndarray, cutoff: int | None, weights: Discount
) -> np.ndarray:
    """Each tied group contributes its mean gain times the discounts of its positions."""
    m, w = ranked_scores.shape
    discount = weights.weights(w)
    if cutoff is not None and cutoff < w:
        discount[cutoff:] = 0.0
    starts = np.ones((m, w), dtype=bool)
    starts[:, 1:] = ranked_scores[:, 1:] != ranked_scores[:, :-1]
    group = np.cumsum(starts.ravel()) - 1
    n_groups = int(group[-1]) + 1
    gain_sum = np.bincount(group, weights=ranked_gains.ravel(), minlength=n_groups)
    size = np.bincount(group, minlength=n_groups)
    discount_sum = np.bincount(group, weights=np.tile(discount, m), minlength=n_groups)
    group_row = np.repeat(np.arange(m), w)[starts.ravel()]
    return np.bincount(group_row, weights=gain_sum / size * discount_sum, minlength=m)
