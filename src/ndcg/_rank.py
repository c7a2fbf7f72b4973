"""Dense, vectorised core: DCG and ideal DCG of many ranked rows at once.

Rows are queries, columns are candidate documents. Padding cells (rows shorter than
the matrix) carry the score ``-inf`` and the gain 0, so they sort last and add nothing.

Speed comes from one observation: most rows have no tied scores, and then every tie
rule gives the same order. So every row is ranked with one plain argsort, and only rows
with ties (inside the top ``c`` or across its boundary) are re-ranked with the rule's
secondary key, so the fast path never has to know about ties.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ndcg.discount import log2_ranks

#: ``tiebreak(rows)`` returns, for the given row indices, a key matrix: among equal
#: scores the smaller key ranks first.
TieBreak = Callable[[np.ndarray], np.ndarray]

TIE_RULES = ("stable", "average", "pessimistic", "optimistic")


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
) -> np.ndarray:
    """DCG of every row, ranked by score descending, at each cutoff.

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

    Returns
    -------
    numpy.ndarray, shape (m, len(cutoffs))

    """
    m, w = scores.shape
    width = _depth(w, cutoffs)
    # One full argsort beats argpartition + a small sort at these widths; ascending
    # order reversed avoids negating the whole matrix.
    order = np.argsort(scores, axis=1)[:, : -width - 2 : -1]
    # One flat index serves both gathers (scores one past the cutoff, to see ties
    # across it; gains up to the cutoff).
    flat = order + (np.arange(m) * w)[:, None]
    top = scores.ravel()[flat]
    tied = _has_adjacent_ties(top)
    out = _plain_dcg_columns(gains.ravel()[flat[:, :width]], cutoffs)
    if tied.any():
        rows = np.flatnonzero(tied)
        out[rows] = _dcg_full(scores[rows], gains[rows], cutoffs, tiebreak, rows)
    return out


def _depth(w: int, cutoffs: Sequence[int | None]) -> int:
    """Return how many ranked columns the cutoffs read.

    Parameters
    ----------
    w : int
        Width of the matrix.
    cutoffs : sequence of int or None
        Positive cutoffs; ``None`` means the whole row.

    Returns
    -------
    int
        ``w`` if any cutoff is ``None``, else the largest cutoff, capped at ``w``.

    """
    return w if any(c is None for c in cutoffs) else min(w, max(cutoffs))


def _plain_dcg_columns(ranked_gains: np.ndarray, cutoffs: Sequence[int | None]) -> np.ndarray:
    """DCG of every row of gains already in rank order, one column per cutoff, ties ignored.

    Parameters
    ----------
    ranked_gains : numpy.ndarray, shape (m, width)
        Gains in rank order; ``width`` may be narrower than the matrix, as long as it covers
        every cutoff (see :func:`_depth`).
    cutoffs : sequence of int or None
        Positive cutoffs; ``None`` means every column of ``ranked_gains``.

    Returns
    -------
    numpy.ndarray, shape (m, len(cutoffs))

    """
    out = np.empty((ranked_gains.shape[0], len(cutoffs)), dtype=np.float64)
    for j, c in enumerate(cutoffs):
        out[:, j] = _plain_dcg(ranked_gains, c)
    return out


def _has_adjacent_ties(ranked_scores: np.ndarray) -> np.ndarray:
    # Padding (-inf) ties with padding only, and padding has no gain: not a real tie.
    same = ranked_scores[:, 1:] == ranked_scores[:, :-1]
    return (same & np.isfinite(ranked_scores[:, 1:])).any(axis=1)


def _plain_dcg(ranked_gains: np.ndarray, cutoff: int | None) -> np.ndarray:
    width = ranked_gains.shape[1] if cutoff is None else min(cutoff, ranked_gains.shape[1])
    terms = ranked_gains[:, :width] / log2_ranks(width)
    # A running sum in rank order matches the list API (and trec_eval) term by term.
    return np.cumsum(terms, axis=1)[:, -1] if width else np.zeros(ranked_gains.shape[0])


def _dcg_full(
    scores: np.ndarray,
    gains: np.ndarray,
    cutoffs: Sequence[int | None],
    tiebreak: TieBreak | None,
    rows: np.ndarray,
) -> np.ndarray:
    if tiebreak is not None:
        order = np.lexsort((tiebreak(rows), -scores), axis=-1)
        return _plain_dcg_columns(np.take_along_axis(gains, order, axis=1), cutoffs)
    order = np.argsort(-scores, axis=1, kind="stable")
    ranked_scores = np.take_along_axis(scores, order, axis=1)
    ranked_gains = np.take_along_axis(gains, order, axis=1)
    out = np.empty((scores.shape[0], len(cutoffs)), dtype=np.float64)
    for j, c in enumerate(cutoffs):
        out[:, j] = _tie_averaged_dcg(ranked_scores, ranked_gains, c)
    return out


def _tie_averaged_dcg(
    ranked_scores: np.ndarray, ranked_gains: np.ndarray, cutoff: int | None
) -> np.ndarray:
    """Each tied group contributes its mean gain times the discounts of its positions."""
    m, w = ranked_scores.shape
    discount = 1.0 / log2_ranks(w)
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


def ideal_rows(gains: np.ndarray, cutoffs: Sequence[int | None]) -> np.ndarray:
    """Ideal DCG of every row (its gains sorted descending) at each cutoff.

    Returns
    -------
    numpy.ndarray, shape (m, len(cutoffs))

    """
    width = _depth(gains.shape[1], cutoffs)
    ranked = np.sort(gains, axis=1)[:, : -width - 1 : -1]
    return _plain_dcg_columns(ranked, cutoffs)
