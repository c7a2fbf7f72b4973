"""NDCG's family: precision, recall, average precision, reciprocal rank, ERR and RBP.

Taught in chapter 11, "The family side by side" (what each rewards), chapter 10, "Why a
logarithm?" (the reader each one models) and chapter 12, "What NDCG cannot tell you" (RBP's
residual). Each takes grades in ranked order, as :func:`ndcg.ndcg` does, with ``None`` where
a document was never judged, and the same ``k`` and ``unjudged`` arguments. Binary metrics
read a grade as relevant when it reaches ``threshold`` (trec_eval's ``-l``, default 1).

All of them are sums computed by the same kernel as DCG (see :mod:`ndcg._family`), and
:func:`ndcg.evaluate` gives each as a column (``metrics=``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ndcg import _family
from ndcg import _validate as check

__all__ = [
    "average_precision",
    "err",
    "precision",
    "rbp",
    "rbp_residual",
    "recall",
    "reciprocal_rank",
]

# The binary metrics share their doors: those that count every relevant judged document
# take a pool and say what an empty one gives.
_CHECKS = check.validate_params(
    relevance=check.RELEVANCE,
    k=check.cutoff,
    threshold=check.threshold,
    unjudged=check.UNJUDGED_RULE,
)
_CHECKS_WITH_POOL = check.validate_params(
    relevance=check.RELEVANCE,
    k=check.cutoff,
    threshold=check.threshold,
    pool=check.POOL,
    empty=check.empty,
    unjudged=check.UNJUDGED_RULE,
)


def _relevant_judged(grades: np.ndarray, pool: np.ndarray | None, threshold: float) -> int:
    """How many judged documents of the query are relevant: in the pool, or in the list."""
    if pool is None:
        return int(np.count_nonzero(grades >= threshold))
    check.check_pool(grades, pool)
    return int(np.count_nonzero(pool >= threshold))


@_CHECKS
def precision(
    relevance: Any, k: int | None = None, threshold: float = 1, unjudged: str = "zero"
) -> float:
    """Precision at ``k`` (P@k): the share of the first ``k`` documents that are relevant.

    The oldest measure of the family (see Manning, Raghavan and Schütze 2008, chapter 8).
    Its reader looks at exactly ``k`` documents, all with equal care, and counts the
    relevant ones: no discount, no grades.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where a document was never judged (never relevant).
    k : int, optional
        Cutoff. The count is divided by ``k`` even when the list is shorter, as trec_eval's
        ``P_k`` does, so returning fewer documents does not raise precision. ``None``
        divides by the length of the list (trec_eval's ``set_P``).
    threshold : float, default 1
        The lowest grade that counts as relevant (trec_eval's ``-l``).
    unjudged : {"zero", "condense", "raise"}, default "zero"
        See :func:`ndcg.cg`.

    Returns
    -------
    float
        Between 0 and 1; 0 for a list left empty by ``unjudged="condense"``.

    Examples
    --------
    >>> precision([3, 2, 3, 0, 1, 2], k=4)
    0.75
    >>> precision([3, 2, 3, 0, 1, 2], k=4, threshold=3), precision([1, 0], k=5)
    (0.5, 0.2)

    """
    grades = check.ranked_grades(relevance, unjudged)
    found = _family.counts_at(_family.relevant(grades, threshold), (k,))
    return float(_family.precision_from(found, (k,), grades.size)[0])


@_CHECKS_WITH_POOL
def recall(
    relevance: Any,
    k: int | None = None,
    threshold: float = 1,
    pool: Any = None,
    empty: float | str = 0.0,
    unjudged: str = "zero",
) -> float:
    """Recall at ``k`` (R@k): the share of the query's relevant documents in the top ``k``.

    Manning, Raghavan and Schütze (2008), chapter 8. Unlike precision it needs to know
    every relevant document of the query, retrieved or not: pass them in ``pool``.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where a document was never judged.
    k : int, optional
        Cutoff; ``None`` reads the whole list.
    threshold : float, default 1
        The lowest grade that counts as relevant.
    pool : sequence of float, optional
        Every judged grade of the query (see :func:`ndcg.idcg`); without it the relevant
        documents are those of the list itself.
    empty : float or "raise", default 0.0
        The result when no judged document is relevant (trec_eval: 0).
    unjudged : {"zero", "condense", "raise"}, default "zero"
        See :func:`ndcg.cg`.

    Returns
    -------
    float

    Examples
    --------
    >>> recall([3, 2, 3, 0, 1, 2], k=2, pool=[3, 2, 3, 0, 1, 2, 3, 2])
    0.2857142857142857

    """
    grades = check.ranked_grades(relevance, unjudged)
    n_relevant = _relevant_judged(grades, pool, threshold)
    found = _family.counts_at(_family.relevant(grades, threshold), (k,))
    return float(_family.ratio_of_relevant(found, n_relevant, empty, "recall")[0, 0])


@_CHECKS_WITH_POOL
def average_precision(
    relevance: Any,
    k: int | None = None,
    threshold: float = 1,
    pool: Any = None,
    empty: float | str = 0.0,
    unjudged: str = "zero",
) -> float:
    """Average precision (AP): precision at each relevant document, averaged over all of them.

    ``AP = (1/R) * sum over relevant ranks i <= k of P@i``, with ``R`` the number of
    relevant documents judged for the query, so a relevant document never retrieved
    counts as a precision of 0 (Manning, Raghavan and Schütze 2008, chapter 8; trec_eval's
    ``map``, and ``map_cut_k`` with a cutoff). Its mean over queries is MAP
    (:func:`ndcg.evaluate` with ``metrics="ap"``).

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where a document was never judged.
    k : int, optional
        Cutoff: relevant documents below it add nothing, and ``R`` stays the same.
    threshold : float, default 1
        The lowest grade that counts as relevant.
    pool : sequence of float, optional
        Every judged grade of the query (see :func:`recall`).
    empty : float or "raise", default 0.0
        The result when no judged document is relevant (trec_eval: 0).
    unjudged : {"zero", "condense", "raise"}, default "zero"
        See :func:`ndcg.cg`.

    Returns
    -------
    float

    Examples
    --------
    Relevant at ranks 1 and 3: ``(1/1 + 2/3) / 2``.

    >>> average_precision([1, 0, 1, 0])
    0.8333333333333333
    >>> average_precision([1, 0, 1, 0], pool=[1, 0, 1, 0, 1])
    0.5555555555555555

    """
    grades = check.ranked_grades(relevance, unjudged)
    n_relevant = _relevant_judged(grades, pool, threshold)
    sums = _family.average_precision_sums(_family.relevant(grades, threshold), (k,))
    return float(_family.ratio_of_relevant(sums, n_relevant, empty, "average precision")[0, 0])


@_CHECKS
def reciprocal_rank(
    relevance: Any, k: int | None = None, threshold: float = 1, unjudged: str = "zero"
) -> float:
    """Reciprocal rank (RR): ``1 / rank`` of the first relevant document, 0 if none.

    The reader who wants one answer and stops at the first relevant document (Voorhees
    1999, the TREC-8 question answering track; trec_eval's ``recip_rank``). Its mean over
    queries is MRR. It is the cascade of :func:`err` with a reader whom any relevant
    document satisfies.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where a document was never judged.
    k : int, optional
        Only the first ``k`` ranks count (RR@k): a first relevant document below scores 0.
    threshold : float, default 1
        The lowest grade that counts as relevant.
    unjudged : {"zero", "condense", "raise"}, default "zero"
        See :func:`ndcg.cg`.

    Returns
    -------
    float

    Examples
    --------
    >>> reciprocal_rank([0, 0, 2, 3]), reciprocal_rank([0, 0, 2, 3], threshold=3)
    (0.3333333333333333, 0.25)

    """
    grades = check.ranked_grades(relevance, unjudged)
    return float(_family.cascade_at(_family.relevant(grades, threshold), (k,))[0])


@check.validate_params(
    relevance=check.RELEVANCE,
    k=check.cutoff,
    max_grade=check.max_grade,
    unjudged=check.UNJUDGED_RULE,
)
def err(relevance: Any, k: int | None = None, *, max_grade: float, unjudged: str = "zero") -> float:
    """ERR, expected reciprocal rank: the cascade reader's mean ``1 / stopping rank``.

    Chapelle, Metzler, Zhang and Grinspan (2009). The reader goes down the list and is
    satisfied by a document of grade ``g`` with probability
    ``R(g) = (2**g - 1) / 2**max_grade``; satisfied, they stop. So a document's
    contribution depends on the documents above it: after a highly relevant one, little
    is left to gain. ``ERR = sum_i (1/i) * R_i * prod_{j<i} (1 - R_j)``.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, between 0 and ``max_grade``; ``None`` where a document
        was never judged (it satisfies no one).
    k : int, optional
        Only the first ``k`` ranks count (ERR@k).
    max_grade : float
        The top of the grade scale (4 for the 0..4 scale of the paper and of gdeval);
        required, because the same list scores differently on another scale.
    unjudged : {"zero", "condense", "raise"}, default "zero"
        See :func:`ndcg.cg`.

    Returns
    -------
    float
        At least 0 and below 1: no grade satisfies the reader for certain.

    Raises
    ------
    ValueError
        A grade below 0 or above ``max_grade``.

    Examples
    --------
    Grades 3 and 2 on a 0..3 scale: ``R = 7/8`` then ``3/8``, so
    ``ERR = 7/8 + (1/2) * (1/8) * (3/8)``.

    >>> err([3, 2], max_grade=3)
    0.8984375

    """
    grades = check.ranked_grades(relevance, unjudged)
    judged = grades[~np.isnan(grades)]
    if judged.size and judged.min() < 0:
        raise ValueError(
            f"relevance holds the grade {check.show(judged.min())}, below ERR's scale "
            f"0..max_grade={check.show(max_grade)}; map negative grades to 0"
        )
    if judged.size and judged.max() > max_grade:
        raise ValueError(check.above_scale("relevance", float(judged.max()), max_grade))
    return float(_family.cascade_at(_family.satisfaction(grades, max_grade), (k,))[0])


_P = check.fraction


@check.validate_params(
    relevance=check.RELEVANCE,
    p=_P,
    k=check.cutoff,
    threshold=check.threshold,
    unjudged=check.UNJUDGED_RULE,
)
def rbp(
    relevance: Any,
    p: float = 0.8,
    k: int | None = None,
    threshold: float = 1,
    unjudged: str = "zero",
) -> float:
    """Rank-biased precision (RBP): ``(1 - p) * sum_i rel_i * p**(i-1)``.

    Moffat and Zobel (2008). The reader always reads the first document and goes on to
    the next with probability ``p`` (their persistence), so rank ``i`` is reached with
    probability ``p**(i-1)``; RBP is the expected rate of relevant documents met per
    document read. It needs no ideal list, so it never depends on documents the system did
    not return; what it does not know, it says in :func:`rbp_residual`.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where a document was never judged (counted as not
        relevant; see :func:`rbp_residual`).
    p : float, default 0.8
        Persistence, strictly between 0 and 1: 0.5 reads about 2 documents, 0.8 about 5,
        0.95 about 20 (the expected number read is ``1 / (1 - p)``). trec_eval's ``rbp``
        uses 0.9.
    k : int, optional
        Only the first ``k`` ranks count.
    threshold : float, default 1
        The lowest grade that counts as relevant.
    unjudged : {"zero", "condense", "raise"}, default "zero"
        See :func:`ndcg.cg`.

    Returns
    -------
    float
        Between 0 and ``1 - p**n`` for a list of ``n`` documents.

    Examples
    --------
    Relevant at ranks 1 and 3, ``p = 0.5``: ``0.5 * (1 + 0.25)``.

    >>> rbp([1, 0, 1], p=0.5)
    0.625

    """
    grades = check.ranked_grades(relevance, unjudged)
    return float(_family.rbp_at(_family.relevant(grades, threshold), (k,), p)[0])


@check.validate_params(
    relevance=check.RELEVANCE, p=_P, k=check.cutoff, unjudged=check.UNJUDGED_RULE
)
def rbp_residual(
    relevance: Any, p: float = 0.8, k: int | None = None, unjudged: str = "zero"
) -> float:
    """RBP's residual: how much :func:`rbp` could still rise if what is unknown were relevant.

    Moffat and Zobel (2008), section 4. Two things are unknown: the unjudged documents in
    the list (each could be relevant, worth ``(1 - p) * p**(i-1)``) and every document after
    the depth read, ``d`` (the cutoff, or the end of the list), worth ``p**d`` together. The
    true RBP lies between ``rbp`` and ``rbp + rbp_residual``: an error bar that NDCG cannot
    give (chapter 12).

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where a document was never judged.
    p : float, default 0.8
        Persistence, as in :func:`rbp`.
    k : int, optional
        The depth read; ``None`` reads the whole list.
    unjudged : {"zero", "condense", "raise"}, default "zero"
        ``"zero"`` counts unjudged positions in the residual; ``"condense"`` drops them, so
        only the tail remains (the documents below move up); ``"raise"`` refuses them.

    Returns
    -------
    float

    Notes
    -----
    trec_eval's ``rbp_resid`` reports 0 for a list without unjudged documents, leaving out
    the tail ``p**d``; for its default 1000 documents the tail is below ``10**-45``.

    Examples
    --------
    One unjudged document at rank 2 of 3, ``p = 0.5``: ``0.5 * 0.5 + 0.5**3``.

    >>> rbp_residual([1, None, 0], p=0.5)
    0.375

    """
    grades = check.ranked_grades(relevance, unjudged)
    inside = _family.rbp_at(np.isnan(grades).astype(np.float64), (k,), p)
    return float(_family.residual_from(inside, (k,), p, grades.size)[0])
