"""trec_eval's measures that walk the ranking: bpref, infAP, binG and the recall-precision curve.

Taught in chapter 11, "The family side by side" (the precision-recall curve), and chapter
12, "What NDCG cannot tell you" (bpref, infAP).

Row kernels over the inputs described in :mod:`ndcg.trec.counts`. trec_eval computes
each in one loop over the ranking; here each loop's running counts are cumulative sums,
and each sum of terms is a running sum in rank order (``np.cumsum``, never the pairwise
``np.sum``), so that every term and every addition is the one trec_eval makes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ndcg._family import average_precision_sums, relevant
from ndcg.trec.counts import Tally, in_list

#: trec_eval's floor under a value before its logarithm (trec_eval.h, ``MIN_GEO_MEAN``).
MIN_GEO_MEAN = 0.00001
#: infAP's smoothing of its estimated precision (trec_eval.h, ``INFAP_EPSILON``).
INFAP_EPSILON = 0.00001
#: The recall levels of ``iprec_at_recall`` and ``11pt_avg``.
RECALL_LEVELS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)


def running_total(terms: np.ndarray) -> np.ndarray:
    """Sum each row's terms left to right, as a C loop does (shape (m,))."""
    if terms.shape[1] == 0:
        return np.zeros(terms.shape[0])
    return np.cumsum(terms, axis=1)[:, -1]


def _kinds(
    ranked: np.ndarray, n_ranked: np.ndarray, threshold: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Mark the judged relevant, judged non-relevant and pooled-but-unjudged positions."""
    real = in_list(ranked, n_ranked)
    rel = (ranked >= threshold) & real
    nonrel = (ranked >= 0) & (ranked < threshold) & real
    pooled = (ranked < 0) & real
    return rel, nonrel, pooled


def bpref_rows(ranked: np.ndarray, n_ranked: np.ndarray, t: Tally, threshold: float) -> np.ndarray:
    """``bpref``: for each relevant document retrieved, the share of non-relevant ones below it.

    Buckley and Voorhees (2004). Each relevant document adds
    ``1 - min(n, R) / min(N, R)``, with ``n`` the judged non-relevant documents above it and
    ``N`` all judged non-relevant ones (1 when ``n = 0``); the sum is divided by ``R``.
    Documents without a judgment are skipped, which is why it suits incomplete qrels.
    """
    rel, nonrel, _ = _kinds(ranked, n_ranked, threshold)
    above = np.cumsum(nonrel, axis=1, dtype=np.float64)  # at a relevant position: those above
    r = t.num_rel[:, None]
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.minimum(above, r) / np.minimum(t.num_nonrel[:, None], r)
    terms = np.where(rel, np.where(above > 0, 1.0 - share, 1.0), 0.0)
    total = running_total(terms)
    return np.divide(total, t.num_rel, out=total.copy(), where=t.num_rel > 0)


def ap_rows(ranked: np.ndarray, n_ranked: np.ndarray, t: Tally, threshold: float) -> np.ndarray:
    """Average precision as ``gm_map`` forms it: the sum over ``R`` once something is found."""
    binary = relevant(ranked, threshold) * in_list(ranked, n_ranked)
    total = average_precision_sums(binary, (None,))[:, 0]
    return np.divide(total, t.num_rel, out=total.copy(), where=t.num_rel_ret > 0)


def log_floor(values: np.ndarray) -> np.ndarray:
    """``log(max(value, MIN_GEO_MEAN))``: the per-query figure ``gm_map`` and ``gm_bpref`` keep.

    The C library's ``log`` (Python's :func:`math.log`), not ``np.log``: numpy's vectorised
    logarithm can differ from it in the last bit, and so could the geometric mean.
    """
    return np.array([math.log(v) for v in np.maximum(values, MIN_GEO_MEAN).tolist()])


def infap_rows(ranked: np.ndarray, n_ranked: np.ndarray, t: Tally, threshold: float) -> np.ndarray:
    """``infAP``: average precision estimated from a sampled pool (Yilmaz and Aslam, 2006).

    At a relevant document at 0-based position ``j > 0`` with ``r`` relevant (itself
    included), ``n`` judged non-relevant and ``u`` pooled-but-unjudged documents above, the
    term is ``1/(j+1) + (j/(j+1)) * ((r-1+n+u)/j) * ((r-1+e)/(r-1+n+2e))``, e = 1e-5; the
    document at rank 1 adds 1. Documents the pool never held are read as non-relevant
    (they lower the first factor); pooled ones without a judgment are left out of the
    estimate of precision. The sum is divided by ``R``.
    """
    rel, nonrel, pooled = _kinds(ranked, n_ranked, threshold)
    r = np.cumsum(rel, axis=1, dtype=np.float64)
    n = np.cumsum(nonrel, axis=1, dtype=np.float64)
    u = np.cumsum(pooled, axis=1, dtype=np.float64)
    fj = np.arange(ranked.shape[1], dtype=np.float64)[None, :]
    with np.errstate(invalid="ignore", divide="ignore"):
        seen = (r - 1 + n + u) / fj
        estimate = (r - 1 + INFAP_EPSILON) / (r - 1 + n + 2 * INFAP_EPSILON)
        later = 1.0 / (fj + 1.0) + (fj / (fj + 1.0)) * seen * estimate
    terms = np.where(rel, np.where(fj == 0, 1.0, later), 0.0)
    total = running_total(terms)
    return np.divide(total, t.num_rel, out=total.copy(), where=t.num_rel > 0)


def _round_half_away(values: np.ndarray) -> np.ndarray:
    """C's ``lround``: to the nearest integer, halves away from zero (values >= 0 here)."""
    low = np.floor(values)
    return np.where(values - low >= 0.5, low + 1.0, low)


def iprec_at_recall_rows(
    ranked: np.ndarray,
    n_ranked: np.ndarray,
    t: Tally,
    levels: Sequence[float],
    threshold: float,
) -> np.ndarray:
    """``iprec_at_recall_x``: interpolated precision at each recall level ``x``, shape (m, k).

    The precision-recall curve as TREC draws it: at recall ``x`` (reached at the
    ``lround(x * R)``-th relevant document) the best precision at that document or any
    later rank. A level the run never reaches gives 0; level 0 reads from the first
    relevant document. A query that retrieved nothing has precision ``0 / 0``, NaN, at the
    levels it reaches, as in trec_eval.
    """
    real = in_list(ranked, n_ranked)
    binary = relevant(ranked, threshold) * real
    found = np.cumsum(binary, axis=1)
    ranks = np.arange(1.0, ranked.shape[1] + 1.0)[None, :]
    precision = np.where(real, found / ranks, -np.inf)
    # The best precision at each rank or below: a running maximum from the end.
    best = np.maximum.accumulate(precision[:, ::-1], axis=1)[:, ::-1]
    with np.errstate(invalid="ignore", divide="ignore"):
        whole = t.num_rel_ret / t.num_ret  # trec_eval's first value, NaN for an empty list
    needed = _round_half_away(np.asarray(levels, dtype=np.float64)[None, :] * t.num_rel[:, None])
    # Where the c-th relevant document of each row is (c = 1, 2, ...); level 0 reads from
    # the first. Levels past what was found are 0 below, so any position does for them.
    where_nth = np.zeros((ranked.shape[0], ranked.shape[1] + 1), dtype=np.int64)
    rows, columns = np.nonzero(binary)
    where_nth[rows, found[rows, columns].astype(np.int64)] = columns
    nth = np.minimum(np.maximum(needed, 1.0), ranked.shape[1]).astype(np.int64)
    at = np.take_along_axis(where_nth, nth, axis=1)
    if ranked.shape[1]:
        reached = np.take_along_axis(best, at, axis=1)
    else:
        reached = np.zeros(needed.shape)
    value = np.where(t.num_rel_ret[:, None] > 0, reached, whole[:, None])
    return np.where(needed > t.num_rel_ret[:, None], 0.0, value)


def eleven_point_rows(iprec: np.ndarray) -> np.ndarray:
    """``11pt_avg``: the mean of :func:`iprec_at_recall_rows`, added from the highest level down."""
    return running_total(iprec[:, ::-1]) / iprec.shape[1]


def bin_g_rows(ranked: np.ndarray, n_ranked: np.ndarray, t: Tally, threshold: float) -> np.ndarray:
    """``binG``: each relevant document adds ``1 / log2(2 + non-relevant above it)``, over R.

    Every document above that is not relevant counts, judged or not; 0 if nothing
    relevant was retrieved.
    """
    binary = relevant(ranked, threshold) * in_list(ranked, n_ranked)
    rel_so_far = np.cumsum(binary, axis=1)
    i = np.arange(ranked.shape[1], dtype=np.float64)[None, :]
    with np.errstate(divide="ignore"):
        terms = np.where(binary > 0, 1.0 / np.log2(3 + i - rel_so_far), 0.0)
    total = running_total(terms)
    return np.divide(total, t.num_rel, out=np.zeros_like(total), where=t.num_rel_ret > 0)
