"""trec_eval's counting measures as row kernels: one row per query, numpy over the rows.

Taught in chapter 9, "NDCG in the wild" (the table of trec_eval's measures), and chapter
11, "The family side by side" (success@k, R-precision).

Every kernel takes the rows as trec_eval forms them (``te_form_res_rels``):

* ``ranked`` (m, w): the grade of each retrieved document in trec_eval's order (score
  descending, then docno descending). NaN marks a document the qrels do not hold
  (trec_eval's ``RELVALUE_NONPOOL``, printed ``-`` by ``relstring``); a negative grade marks
  one the qrels hold with a negative judgment, in the pool but not judged
  (``RELVALUE_UNJUDGED``, printed ``.``). Positions past ``n_ranked`` are NaN padding.
* ``n_ranked`` (m,): how many documents each query retrieved.
* ``judged`` (m, v): every grade the qrels give the query, sorted descending, NaN padding;
  negative grades are not judgments, so they count neither as relevant nor as non-relevant.
* ``threshold``: the lowest relevant grade (trec_eval's ``-l``).

Each value is formed with trec_eval's operations in its order (integer counts, then one
division), so it is the same double trec_eval prints with ``%.17g``. Counts are float64
holding whole numbers, which are exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ndcg._family import counts_at, relevant


def in_list(ranked: np.ndarray, n_ranked: np.ndarray) -> np.ndarray:
    """Mark the positions each row retrieved (before its padding)."""
    return np.arange(ranked.shape[1]) < np.asarray(n_ranked)[:, None]


def with_zero(running: np.ndarray) -> np.ndarray:
    """Put a 0 before each row's running sum, so that column ``d`` holds the first ``d`` terms."""
    return np.concatenate([np.zeros((running.shape[0], 1)), running], axis=1)


def prefix(values: np.ndarray) -> np.ndarray:
    """Return each row's running sum with a leading 0 (see :func:`with_zero`)."""
    return with_zero(np.cumsum(values, axis=1, dtype=np.float64))


def up_to(running: np.ndarray, depths: np.ndarray) -> np.ndarray:
    """Read a :func:`prefix` table at per-row depths, shape (m,) or (m, k)."""
    depths = np.asarray(depths, dtype=np.int64)
    flat = depths.ndim == 1
    picked = np.take_along_axis(running, depths[:, None] if flat else depths, axis=1)
    return picked[:, 0] if flat else picked


@dataclass(frozen=True)
class Tally:
    """trec_eval's per-query counts (``RES_RELS``), each shape (m,) float64."""

    num_ret: np.ndarray
    num_rel: np.ndarray
    num_rel_ret: np.ndarray
    num_nonpool: np.ndarray
    num_unjudged_in_pool: np.ndarray
    num_nonrel: np.ndarray  # judged non-relevant: grade >= 0 and below the threshold


def tally(ranked: np.ndarray, n_ranked: np.ndarray, judged: np.ndarray, threshold: float) -> Tally:
    """Count what trec_eval counts for each query before it computes any measure."""
    real = in_list(ranked, n_ranked)
    return Tally(
        num_ret=np.asarray(n_ranked, dtype=np.float64),
        num_rel=(judged >= threshold).sum(axis=1).astype(np.float64),
        num_rel_ret=((ranked >= threshold) & real).sum(axis=1).astype(np.float64),
        num_nonpool=(np.isnan(ranked) & real).sum(axis=1).astype(np.float64),
        num_unjudged_in_pool=((ranked < 0) & real).sum(axis=1).astype(np.float64),
        num_nonrel=((judged >= 0) & (judged < threshold)).sum(axis=1).astype(np.float64),
    )


def num_nonrel_judged_ret_rows(t: Tally) -> np.ndarray:
    """Judged non-relevant documents retrieved: what is left of ``num_ret``."""
    return t.num_ret - t.num_nonpool - t.num_unjudged_in_pool - t.num_rel_ret


def found_at(ranked: np.ndarray, cutoffs: Sequence[int], threshold: float) -> np.ndarray:
    """Relevant documents in the top ``k`` of each row, per cutoff (padding is never relevant)."""
    return counts_at(relevant(ranked, threshold), cutoffs)


def success_rows(ranked: np.ndarray, cutoffs: Sequence[int], threshold: float) -> np.ndarray:
    """``success_k``: 1 if a relevant document is in the top ``k``, else 0. Shape (m, k)."""
    return (found_at(ranked, cutoffs, threshold) > 0).astype(np.float64)


def rprec_rows(ranked: np.ndarray, t: Tally, threshold: float) -> np.ndarray:
    """``Rprec``: relevant documents in the top ``R`` over ``R``; 0 if ``R`` or the list is 0."""
    look = np.minimum(t.num_ret, t.num_rel).astype(np.int64)
    found = up_to(prefix(relevant(ranked, threshold)), look)
    return np.divide(found, t.num_rel, out=np.zeros_like(found), where=look > 0)


def rprec_mult_rows(
    ranked: np.ndarray, t: Tally, multiples: Sequence[float], threshold: float
) -> np.ndarray:
    """``Rprec_mult_x``: precision at ``x * R`` documents, for each multiple ``x``.

    trec_eval turns ``x`` into a depth with ``(long) (x * R + 0.9)``; a depth past the list
    divides what was found by the depth, and a depth of 0 (no relevant document) gives 0.
    """
    x = np.asarray(multiples, dtype=np.float64)[None, :]
    cut = np.trunc(x * t.num_rel[:, None] + 0.9)
    read = np.minimum(cut, t.num_ret[:, None]).astype(np.int64)
    found = up_to(prefix(relevant(ranked, threshold)), read)
    return np.divide(found, cut, out=np.zeros_like(found), where=cut > 0)


def set_f_rows(t: Tally, beta: float = 1.0) -> np.ndarray:
    """``set_F``: ``(x + 1) * P * R / (x * P + R)`` over the whole list; 0 if nothing found."""
    out = np.zeros_like(t.num_ret)
    hit = t.num_rel_ret > 0
    p = t.num_rel_ret[hit] / t.num_ret[hit]
    r = t.num_rel_ret[hit] / t.num_rel[hit]
    out[hit] = (beta + 1.0) * p * r / (beta * p + r)
    return out


def set_recall_rows(t: Tally) -> np.ndarray:
    """``set_recall``: relevant retrieved over relevant; 0 when nothing is relevant."""
    return np.divide(t.num_rel_ret, t.num_rel, out=np.zeros_like(t.num_ret), where=t.num_rel > 0)


def set_map_rows(t: Tally) -> np.ndarray:
    """``set_map``: ``rel_ret**2 / (ret * rel)``, set precision times set recall."""
    both = (t.num_ret > 0) & (t.num_rel > 0)
    return np.divide(
        t.num_rel_ret * t.num_rel_ret,
        t.num_ret * t.num_rel,
        out=np.zeros_like(t.num_ret),
        where=both,
    )


def set_relative_p_rows(t: Tally) -> np.ndarray:
    """``set_relative_P``: relevant retrieved over ``min(ret, rel)``, the most it could be."""
    both = (t.num_ret > 0) & (t.num_rel > 0)
    return np.divide(
        t.num_rel_ret,
        np.minimum(t.num_ret, t.num_rel),
        out=np.zeros_like(t.num_ret),
        where=both,
    )


def relative_p_rows(
    ranked: np.ndarray, t: Tally, cutoffs: Sequence[int], threshold: float
) -> np.ndarray:
    """``relative_P_k``: found in the top ``k`` over ``min(k, R)``; 0 for every ``k`` if R = 0."""
    found = found_at(ranked, cutoffs, threshold)
    best = np.minimum(np.asarray(cutoffs, dtype=np.float64)[None, :], t.num_rel[:, None])
    return np.divide(found, best, out=np.zeros_like(found), where=t.num_rel[:, None] > 0)


def unj_rows(ranked: np.ndarray, n_ranked: np.ndarray, cutoffs: Sequence[int]) -> np.ndarray:
    """``unj_k``: the share of the top ``k`` not judged (absent from the qrels, or negative).

    As ``P_k``, a cutoff past the end of the list still divides by ``k``.
    """
    unknown = ((np.isnan(ranked) | (ranked < 0)) & in_list(ranked, n_ranked)).astype(np.float64)
    return counts_at(unknown, cutoffs) / np.asarray(cutoffs, dtype=np.float64)[None, :]


#: trec_eval's ``utility`` coefficients: +1 a relevant retrieved, -1 a non-relevant one.
UTILITY = (1.0, -1.0, 0.0, 0.0)


def utility_rows(t: Tally, coefficients: Sequence[float] = UTILITY, n_docs: int = 0) -> np.ndarray:
    """Return ``utility``: ``a*rel_ret + b*nonrel_ret + c*rel_missed + d*nonrel_missed``.

    ``n_docs`` is the collection's size (trec_eval's ``-N``, 0 by default), used only for
    the documents neither retrieved nor relevant; the counts are whole numbers, as in C.
    """
    a, b, c, d = (float(x) for x in coefficients)
    return (
        a * t.num_rel_ret
        + b * (t.num_ret - t.num_rel_ret)
        + c * (t.num_rel - t.num_rel_ret)
        + d * (n_docs + t.num_rel_ret - t.num_ret - t.num_rel)
    )


def relstring_rows(ranked: np.ndarray, n_ranked: np.ndarray, length: int = 10) -> np.ndarray:
    """``relstring``: one character per document of the top ``length``, as trec_eval writes it.

    A grade 0..9 is its digit, above 9 ``>``, a document the qrels lack ``-``, a negative
    grade (in the pool, unjudged) ``.``. Returns an array of str, shape (m,).
    """

    def char(grade: float) -> str:
        if np.isnan(grade):
            return "-"
        if grade < 0:
            return "."
        return ">" if grade > 9 else str(int(grade))

    return np.array(
        [
            "".join(char(g) for g in row[: max(0, min(length, int(n)))])
            for row, n in zip(ranked, n_ranked, strict=True)
        ],
        dtype=object,
    ).astype(str)
