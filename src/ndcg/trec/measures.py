"""The rest of trec_eval's measures, for one ranked list: bpref, infAP, success@k and more.

Where the book meets them: chapter 11, "The family side by side" (success@k as the
recommender's hit rate, the precision-recall curve of :func:`interpolated_precision`,
R-precision), and chapter 12, "What NDCG cannot tell you" (:func:`bpref` and
:func:`infap` for incomplete judgments, :func:`unjudged_share` for how much is unknown).

Each function takes the grades of one query's ranked list, as :func:`ndcg.ndcg` does,
and returns what trec_eval 10.0 prints for that query, to the last bit (each calls the
row kernel that the command line and :func:`ndcg.evaluate` use on many queries:
:mod:`ndcg.trec.counts`, :mod:`ndcg.trec.curves`, :mod:`ndcg.trec.gains`).

Two kinds of missing judgment are told apart, as trec_eval does: ``None`` is a document
the judges never saw (not in the pool), and a negative grade is one that was in the pool
but not judged (a sampled pool, as infAP assumes). Measures that need the query's other
judgments (its relevant documents not retrieved, its judged non-relevant ones) take them
in ``pool``: every grade the qrels give the query, retrieved or not; without it, the
list's own grades stand for the pool. A grade counts as relevant when it reaches
``threshold`` (trec_eval's ``-l``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ndcg import _validate as check
from ndcg.trec import counts, curves
from ndcg.trec import gains as graded
from ndcg.trec import rbp as trec_rbp
from ndcg.trec import report as aggregate

__all__ = [
    "bin_g",
    "bpref",
    "eleven_point_average",
    "g",
    "geometric_mean",
    "graded_rbp",
    "infap",
    "interpolated_precision",
    "ndcg_rel",
    "r_precision",
    "r_precision_mult",
    "rbp_resid",
    "relative_precision",
    "relstring",
    "rndcg",
    "set_f",
    "set_map",
    "set_relative_precision",
    "success",
    "trec_counts",
    "unjudged_share",
    "utility",
]


def _rows(
    relevance: np.ndarray, pool: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One query as kernel rows: the ranked grades, their count and the pool, best first."""
    if pool is None:
        pool = relevance[~np.isnan(relevance)]
    else:
        check.check_pool(relevance, pool)
    judged = -np.sort(-pool)
    return relevance[None, :], np.array([relevance.size]), judged[None, :]


#: The largest total gain of a query's judgments that the graded measures take: below it a
#: double adds 1 exactly (G adds 2 to sums of gains), and no sum overflows.
MAX_TOTAL_GAIN = 2.0**53


def _bounded(judged: np.ndarray, gains: Mapping[int, float] | None, pool: Any) -> None:
    """Refuse gains whose total would lose units or overflow: G's 0 or NaN, ndcg_rel's 0."""
    values = graded.level_gains(judged, gains)
    with np.errstate(over="ignore"):
        total = float(np.sum(np.where(values > 0, values, 0.0)))
    if total >= MAX_TOTAL_GAIN:
        name = "relevance" if pool is None else "pool"
        raise ValueError(
            f"the gains of {name} add up to {total:.6g}, beyond 2**53 ({MAX_TOTAL_GAIN:.6g}), "
            f"where float64 sums lose whole units (G's 2 + cost - gain loses its 2) or "
            f"overflow; scale the grades down, e.g. to 0-10, or give smaller gains=, e.g. "
            f"gains={{1: 1, 2: 3}}"
        )


def _tally(
    relevance: np.ndarray, pool: np.ndarray | None, threshold: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, counts.Tally]:
    ranked, n, judged = _rows(relevance, pool)
    return ranked, n, judged, counts.tally(ranked, n, judged, threshold)


_POOLED = check.validate_params(
    relevance=check.RELEVANCE, pool=check.POOL, threshold=check.threshold
)


@check.validate_params(relevance=check.RELEVANCE, k=check.positive_int, threshold=check.threshold)
def success(relevance: Any, k: int = 10, threshold: float = 1) -> float:
    """Success at ``k``: 1 if a relevant document is in the top ``k``, else 0.

    The reader who needs one good answer and reads ``k`` results (Tomlinson; trec_eval's
    ``success_k``). Averaged over queries it is what recommender systems call the hit
    rate at ``k`` (HR@k): the share of users shown at least one item they wanted.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order; ``None`` (never judged) and negative grades are not relevant.
    k : int, default 10
        Cutoff; a shorter list is read to its end.
    threshold : float, default 1
        The lowest relevant grade.

    Returns
    -------
    float
        1.0 or 0.0.

    Examples
    --------
    >>> success([0, 0, 2, 0], k=2), success([0, 0, 2, 0], k=3)
    (0.0, 1.0)

    """
    return float(counts.success_rows(relevance[None, :], (k,), threshold)[0, 0])


@_POOLED
def r_precision(relevance: Any, pool: Any = None, threshold: float = 1) -> float:
    """R-precision: precision after ``R`` documents, ``R`` the query's relevant documents.

    Buckley and Voorhees (2005); trec_eval's ``Rprec``. Each query is read to its own
    depth, the point where precision equals recall. 0 when nothing is relevant.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where never judged.
    pool : sequence of float, optional
        Every grade the qrels give the query; without it, the list's own grades.
    threshold : float, default 1
        The lowest relevant grade.

    Returns
    -------
    float

    Examples
    --------
    Three relevant documents judged, two of them in the top 3:

    >>> r_precision([1, 0, 1, 1], pool=[1, 1, 1, 0, 0])
    0.6666666666666666

    """
    ranked, _, _, t = _tally(relevance, pool, threshold)
    return float(counts.rprec_rows(ranked, t, threshold)[0])


@check.validate_params(
    relevance=check.RELEVANCE,
    multiple=check.positive_number,
    pool=check.POOL,
    threshold=check.threshold,
)
def r_precision_mult(
    relevance: Any, multiple: float = 1.0, pool: Any = None, threshold: float = 1
) -> float:
    """Precision at ``multiple * R`` documents (trec_eval's ``Rprec_mult_x``).

    Comparing low and high multiples tells a precision-oriented system from a
    recall-oriented one. The depth is ``int(multiple * R + 0.9)``, as trec_eval takes it;
    a depth past the list still divides by the depth.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order.
    multiple : float, default 1.0
        The multiple of ``R`` (trec_eval prints 0.2, 0.4, ..., 2.0).
    pool : sequence of float, optional
        Every grade the qrels give the query.
    threshold : float, default 1
        The lowest relevant grade.

    Returns
    -------
    float

    Examples
    --------
    >>> r_precision_mult([1, 0, 1, 1], 2.0, pool=[1, 1, 1, 0, 0])
    0.5

    """
    ranked, _, _, t = _tally(relevance, pool, threshold)
    return float(counts.rprec_mult_rows(ranked, t, (multiple,), threshold)[0, 0])


@_POOLED
def bpref(relevance: Any, pool: Any = None, threshold: float = 1) -> float:
    """bpref: how often the judged relevant documents come before the judged non-relevant ones.

    Buckley and Voorhees (2004), written for incomplete judgments: it reads only the
    documents that were judged, so a document nobody judged neither helps nor hurts (where
    precision and NDCG count it as non-relevant). Each relevant document retrieved adds
    ``1 - min(n, R) / min(N, R)``, with ``n`` the judged non-relevant documents above it
    and ``N`` all of them; the sum is divided by ``R``. For the reader comparing systems
    on a pool too shallow for the runs being judged.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order; ``None`` and negative grades are skipped.
    pool : sequence of float, optional
        Every grade the qrels give the query: bpref needs ``R`` and ``N`` from it.
    threshold : float, default 1
        The lowest relevant grade.

    Returns
    -------
    float
        Between 0 and 1; 0 when nothing is relevant.

    Examples
    --------
    The unjudged documents (None) are skipped; one non-relevant document precedes the
    second relevant one, out of ``min(N, R) = 2``:

    >>> bpref([1, None, 0, None, 1], pool=[1, 1, 0, 0, 0])
    0.75

    """
    ranked, n, _, t = _tally(relevance, pool, threshold)
    return float(curves.bpref_rows(ranked, n, t, threshold)[0])


@_POOLED
def infap(relevance: Any, pool: Any = None, threshold: float = 1) -> float:
    """Inferred average precision (infAP), for a pool of which only a sample was judged.

    Yilmaz and Aslam (2006). At each relevant document, the precision above it is
    estimated from the judged documents there, pooled-but-unjudged ones (negative grades)
    taken to be relevant in the same proportion, and documents outside the pool (``None``)
    as non-relevant; the estimates are averaged over ``R``. With complete judgments it is
    average precision. For the reader of a test collection judged by sampling.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order: ``None`` outside the pool, a negative grade in the pool
        but not judged.
    pool : sequence of float, optional
        Every grade the qrels give the query.
    threshold : float, default 1
        The lowest relevant grade.

    Returns
    -------
    float

    Examples
    --------
    >>> infap([1, 0, 1]), infap([1, -1, 1])
    (0.8333333333333333, 0.999996666733332)

    """
    ranked, n, _, t = _tally(relevance, pool, threshold)
    return float(curves.infap_rows(ranked, n, t, threshold)[0])


@check.validate_params(
    relevance=check.RELEVANCE, recall=check.recall_level, pool=check.POOL, threshold=check.threshold
)
def interpolated_precision(
    relevance: Any, recall: float, pool: Any = None, threshold: float = 1
) -> float:
    """Interpolated precision at a recall level: one point of the precision-recall curve.

    The best precision at any rank where recall is at least ``recall`` (trec_eval's
    ``iprec_at_recall_x``; Manning, Raghavan and Schütze 2008, section 8.4). The curve at
    recall 0, 0.1, ..., 1 is the classic TREC precision-recall graph, for the reader who
    wants the whole trade-off rather than one cutoff. A level the list never reaches is 0.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order.
    recall : float
        Between 0 and 1; reached at the ``round(recall * R)``-th relevant document.
    pool : sequence of float, optional
        Every grade the qrels give the query.
    threshold : float, default 1
        The lowest relevant grade.

    Returns
    -------
    float

    Examples
    --------
    >>> [interpolated_precision([1, 0, 1, 0], x) for x in (0.0, 0.5, 1.0)]
    [1.0, 1.0, 0.6666666666666666]

    """
    ranked, n, _, t = _tally(relevance, pool, threshold)
    return float(curves.iprec_at_recall_rows(ranked, n, t, (recall,), threshold)[0, 0])


@_POOLED
def eleven_point_average(relevance: Any, pool: Any = None, threshold: float = 1) -> float:
    """Average :func:`interpolated_precision` at recall 0, 0.1, ..., 1 (``11pt_avg``).

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where never judged.
    pool : sequence of float, optional
        Every grade the qrels give the query; without it, the list's own grades.
    threshold : float, default 1
        The lowest relevant grade.

    Returns
    -------
    float

    Examples
    --------
    >>> round(eleven_point_average([1, 0, 1, 0]), 4)
    0.9091

    """
    ranked, n, _, t = _tally(relevance, pool, threshold)
    iprec = curves.iprec_at_recall_rows(ranked, n, t, curves.RECALL_LEVELS, threshold)
    return float(curves.eleven_point_rows(iprec)[0])


@_POOLED
def trec_counts(relevance: Any, pool: Any = None, threshold: float = 1) -> dict[str, int]:
    """Count what trec_eval counts for one query (its ``num_*`` lines).

    ``num_ret``, ``num_rel``, ``num_rel_ret`` and ``num_nonrel_judged_ret``; over queries
    trec_eval prints their sums.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where never judged.
    pool : sequence of float, optional
        Every grade the qrels give the query; without it, the list's own grades.
    threshold : float, default 1
        The lowest relevant grade.

    Returns
    -------
    dict of str to int

    Examples
    --------
    >>> trec_counts([1, None, 0, 2], pool=[2, 1, 1, 0, 0])
    {'num_ret': 4, 'num_rel': 3, 'num_rel_ret': 2, 'num_nonrel_judged_ret': 1}

    """
    _, _, _, t = _tally(relevance, pool, threshold)
    return {
        "num_ret": int(t.num_ret[0]),
        "num_rel": int(t.num_rel[0]),
        "num_rel_ret": int(t.num_rel_ret[0]),
        "num_nonrel_judged_ret": int(counts.num_nonrel_judged_ret_rows(t)[0]),
    }


@check.validate_params(
    relevance=check.RELEVANCE,
    pool=check.POOL,
    beta=check.positive_number,
    threshold=check.threshold,
)
def set_f(relevance: Any, pool: Any = None, beta: float = 1.0, threshold: float = 1) -> float:
    """F-measure of the whole list as a set: ``(beta + 1) * P * R / (beta * P + R)``.

    van Rijsbergen's F (trec_eval's ``set_F``, whose ``x`` is ``beta`` here, weighing
    recall against precision; not squared). 0 when nothing relevant was retrieved.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where never judged.
    pool : sequence of float, optional
        Every grade the qrels give the query; without it, the list's own grades.
    beta : float, default 1.0
        How many times recall weighs as much as precision (trec_eval's ``set_F.x``).
    threshold : float, default 1
        The lowest relevant grade.

    Returns
    -------
    float

    Examples
    --------
    >>> set_f([1, 0, 1, 0], pool=[1, 1, 1, 0, 0])
    0.5714285714285715

    """
    _, _, _, t = _tally(relevance, pool, threshold)
    return float(counts.set_f_rows(t, beta)[0])


@_POOLED
def set_map(relevance: Any, pool: Any = None, threshold: float = 1) -> float:
    """Unranked average precision: set precision times set recall (``set_map``).

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where never judged.
    pool : sequence of float, optional
        Every grade the qrels give the query; without it, the list's own grades.
    threshold : float, default 1
        The lowest relevant grade.

    Returns
    -------
    float

    Examples
    --------
    >>> set_map([1, 0, 1, 0], pool=[1, 1, 1, 0, 0])
    0.3333333333333333

    """
    _, _, _, t = _tally(relevance, pool, threshold)
    return float(counts.set_map_rows(t)[0])


@_POOLED
def set_relative_precision(relevance: Any, pool: Any = None, threshold: float = 1) -> float:
    """Relevant retrieved over ``min(retrieved, R)``, the most possible (``set_relative_P``).

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where never judged.
    pool : sequence of float, optional
        Every grade the qrels give the query; without it, the list's own grades.
    threshold : float, default 1
        The lowest relevant grade.

    Returns
    -------
    float

    Examples
    --------
    >>> set_relative_precision([1, 0, 1, 0], pool=[1, 1, 1, 0, 0])
    0.6666666666666666

    """
    _, _, _, t = _tally(relevance, pool, threshold)
    return float(counts.set_relative_p_rows(t)[0])


@check.validate_params(
    relevance=check.RELEVANCE, k=check.positive_int, pool=check.POOL, threshold=check.threshold
)
def relative_precision(relevance: Any, k: int, pool: Any = None, threshold: float = 1) -> float:
    """Precision at ``k`` over the best precision possible at ``k`` (``relative_P_k``).

    Divides the relevant documents in the top ``k`` by ``min(k, R)``, so a query with
    only 2 relevant documents can still score 1 at ``k = 10``.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where never judged.
    k : int
        Cutoff (trec_eval prints 5, 10, 15, 20, 30, 100, 200, 500, 1000).
    pool : sequence of float, optional
        Every grade the qrels give the query; without it, the list's own grades.
    threshold : float, default 1
        The lowest relevant grade.

    Returns
    -------
    float
        0 when nothing is relevant.

    Examples
    --------
    >>> relative_precision([1, 0, 1, 0], k=4, pool=[1, 1, 0, 0])
    1.0

    """
    ranked, _, _, t = _tally(relevance, pool, threshold)
    return float(counts.relative_p_rows(ranked, t, (k,), threshold)[0, 0])


@check.validate_params(relevance=check.RELEVANCE, k=check.positive_int)
def unjudged_share(relevance: Any, k: int = 10) -> float:
    """Return the share of the top ``k`` that was never judged (trec_eval's ``unj_k``).

    ``None`` and negative grades count; a shorter list still divides by ``k``. Not a
    measure of quality: it says how far the other figures can be trusted (chapter 12).

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order; ``None`` and negative grades are unjudged.
    k : int, default 10
        Cutoff (trec_eval prints 5, 10, 20).

    Returns
    -------
    float

    Examples
    --------
    >>> unjudged_share([1, None, 0, -1], k=4), unjudged_share([1, None], k=4)
    (0.5, 0.25)

    """
    ranked, n = relevance[None, :], np.array([relevance.size])
    return float(counts.unj_rows(ranked, n, (k,))[0, 0])


@check.validate_params(
    relevance=check.RELEVANCE,
    pool=check.POOL,
    coefficients=check.coefficients,
    n_docs=check.optional(check.positive_int),
    threshold=check.threshold,
)
def utility(
    relevance: Any,
    pool: Any = None,
    coefficients: Sequence[float] = counts.UTILITY,
    n_docs: int | None = None,
    threshold: float = 1,
) -> float:
    """Linear utility of the retrieved set (trec_eval's ``utility``, the TREC filtering track).

    ``a * relevant retrieved + b * non-relevant retrieved + c * relevant missed
    + d * non-relevant not retrieved``; by default +1 for each relevant document
    retrieved and -1 for each other one. The last term needs the collection's size
    ``n_docs`` (trec_eval's ``-N``, 0 when not given).

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where never judged.
    pool : sequence of float, optional
        Every grade the qrels give the query; without it, the list's own grades.
    coefficients : sequence of 4 float, default (1, -1, 0, 0)
        ``a, b, c, d`` above.
    n_docs : int, optional
        The number of documents in the collection; only ``d`` reads it.
    threshold : float, default 1
        The lowest relevant grade.

    Returns
    -------
    float

    Examples
    --------
    >>> utility([1, 0, None, 1])
    0.0
    >>> utility([1, 0, 1], pool=[1, 1, 1, 0], coefficients=(2, -1, 0, 0))
    3.0

    """
    _, _, _, t = _tally(relevance, pool, threshold)
    return float(counts.utility_rows(t, coefficients, n_docs or 0)[0])


@check.validate_params(relevance=check.RELEVANCE, length=check.positive_int)
def relstring(relevance: Any, length: int = 10) -> str:
    """Write the first ``length`` grades as trec_eval's ``relstring`` does.

    A grade 0..9 is its digit, above 9 ``>``, ``None`` (never judged) ``-`` and a negative
    grade (in the pool, unjudged) ``.``.

    Parameters
    ----------
    relevance : sequence of float or None
        Whole grades in ranked order, ``None`` where never judged, negative where pooled
        but unjudged.
    length : int, default 10
        How many documents to write (fewer if the list is shorter).

    Returns
    -------
    str

    Examples
    --------
    >>> relstring([3, 0, None, -1, 12, 1], length=5)
    '30-.>'

    """
    whole = relevance[~np.isnan(relevance)]
    if np.any(whole != np.round(whole)):
        raise ValueError(
            f"relevance holds the grade {check.show(whole[whole != np.round(whole)][0])}; "
            "relstring writes whole grades only, as trec_eval reads them"
        )
    return str(counts.relstring_rows(relevance[None, :], np.array([relevance.size]), length)[0])


@_POOLED
def bin_g(relevance: Any, pool: Any = None, threshold: float = 1) -> float:
    """Binary G: each relevant document adds ``1 / log2(2 + documents above it not relevant)``.

    trec_eval's experimental ``binG`` (2008): unlike DCG, a relevant document's reward
    depends on how many non-relevant documents came before it, not on its rank. Divided
    by ``R``.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where never judged.
    pool : sequence of float, optional
        Every grade the qrels give the query; without it, the list's own grades.
    threshold : float, default 1
        The lowest relevant grade.

    Returns
    -------
    float

    Examples
    --------
    >>> bin_g([1, 0, 1])
    0.8154648767857288

    """
    ranked, n, _, t = _tally(relevance, pool, threshold)
    return float(curves.bin_g_rows(ranked, n, t, threshold)[0])


_GAINED = check.validate_params(relevance=check.RELEVANCE, pool=check.POOL, gains=check.gain_map)


@_GAINED
def g(relevance: Any, pool: Any = None, gains: Mapping[int, float] | None = None) -> float:
    """Normalised gain G: a graded binG, between MAP and NDCG (trec_eval's experimental ``G``).

    A document of gain ``x`` adds ``x / log2(2 + ideal cost so far - gain so far)``: when
    the documents above gained almost what the ideal ranking would have, it loses little.
    The sum is divided by the total gain of the ideal.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order.
    pool : sequence of float, optional
        Every grade the qrels give the query.
    gains : mapping of int to float, optional
        A gain per level (trec_eval's ``G.1=3,2=9``); levels not named gain their grade.

    Returns
    -------
    float
        0 when no gain is positive.

    Examples
    --------
    >>> round(g([2, 0, 1]), 4)
    0.877

    """
    ranked, n, judged = _rows(relevance, pool)
    _bounded(judged, gains, pool)
    return float(graded.g_rows(ranked, n, judged, gains)[0])


@_GAINED
def ndcg_rel(relevance: Any, pool: Any = None, gains: Mapping[int, float] | None = None) -> float:
    """NDCG averaged over the relevant documents (trec_eval's experimental ``ndcg_rel``).

    NDCG read at the rank of each relevant document (gain > 0) and averaged; a relevant
    document not retrieved counts the NDCG at the end of the list. Less tied to one
    cutoff than NDCG@k.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where never judged.
    pool : sequence of float, optional
        Every grade the qrels give the query; without it, the list's own grades.
    gains : mapping of int to float, optional
        A gain per level (trec_eval's ``name.1=3,2=9``); levels not named gain their grade.

    Returns
    -------
    float
        0 when no gain is positive.

    Examples
    --------
    >>> round(ndcg_rel([2, 0, 1], pool=[2, 1, 1, 0]), 4)
    0.8657

    """
    ranked, n, judged = _rows(relevance, pool)
    _bounded(judged, gains, pool)
    return float(graded.ndcg_rel_rows(ranked, n, judged, gains)[0])


@check.validate_params(
    relevance=check.RELEVANCE, pool=check.POOL, gains=check.gain_map, threshold=check.threshold
)
def rndcg(
    relevance: Any,
    pool: Any = None,
    gains: Mapping[int, float] | None = None,
    threshold: float = 1,
) -> float:
    """NDCG averaged at the ranks where the ideal's gain drops (trec_eval's ``Rndcg``).

    With 5 documents of gain 3 and 3 of gain 2 judged, the mean of NDCG@5 and NDCG@8 (and
    of NDCG at the list's end when the list runs on more than one document past the ideal).
    0 when no grade reaches ``threshold``.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where never judged.
    pool : sequence of float, optional
        Every grade the qrels give the query; without it, the list's own grades.
    gains : mapping of int to float, optional
        A gain per level (trec_eval's ``name.1=3,2=9``); levels not named gain their grade.
    threshold : float, default 1
        The lowest relevant grade.

    Returns
    -------
    float

    Examples
    --------
    >>> round(rndcg([2, 0, 1], pool=[2, 1, 1, 0]), 4)
    0.8992

    """
    ranked, n, judged, t = _tally(relevance, pool, threshold)
    _bounded(judged, gains, pool)
    return float(graded.rndcg_rows(ranked, n, judged, t, gains)[0])


@check.validate_params(
    relevance=check.RELEVANCE, pool=check.POOL, gains=check.gain_map, p=check.fraction
)
def graded_rbp(
    relevance: Any,
    pool: Any = None,
    gains: Mapping[int, float] | None = None,
    p: float = trec_rbp.PERSISTENCE,
) -> float:
    """trec_eval's ``rbp``: RBP on graded gains rescaled to [0, 1], at no threshold.

    Each level gains its grade (or the gain map's value); when the largest gain among the
    levels 0 to the query's highest grade is above 1, each is divided by it (trec_eval
    rescales by ``(g - min) / (max - min)``, and the smallest is 0). :func:`ndcg.rbp` is
    Moffat and Zobel's RBP of documents relevant at a threshold instead; on binary grades
    at threshold 1 the two agree.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where never judged (gains 0).
    pool : sequence of float, optional
        Every grade the qrels give the query (its highest sets the scale); without it,
        the list's own grades.
    gains : mapping of int to float, optional
        A gain per level (trec_eval's ``name.1=3,2=9``); levels not named gain their grade.
    p : float, default 0.9
        Persistence, trec_eval's default.

    Returns
    -------
    float
        Between 0 and ``1 - p**n`` for a list of ``n`` documents.

    Examples
    --------
    Grades 2 and 1 on a scale whose top is 2 gain 1 and 0.5:

    >>> round(graded_rbp([2, 0, 1], p=0.5), 4)
    0.5625

    """
    ranked, n, judged = _rows(relevance, pool)
    return float(trec_rbp.rbp_rows(ranked, n, judged, gains, p)[0])


@check.validate_params(relevance=check.RELEVANCE, p=check.fraction)
def rbp_resid(relevance: Any, p: float = trec_rbp.PERSISTENCE) -> float:
    """trec_eval's ``rbp_resid``: RBP's residual from unjudged retrieved documents only.

    ``p**n + (1 - p) * sum`` of ``p**(i-1)`` over the unjudged ranks of a list of ``n``,
    and 0 when every retrieved document is judged: trec_eval does not count the tail
    past the list then. :func:`ndcg.rbp_residual` always counts it.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` (or a negative grade) where not judged.
    p : float, default 0.9
        Persistence, trec_eval's default.

    Returns
    -------
    float
        Between 0 and 1.

    Examples
    --------
    >>> rbp_resid([1, None], p=0.5), rbp_resid([1, 0], p=0.5)
    (0.5, 0.0)

    """
    ranked, n, _ = _rows(relevance, None)
    return float(trec_rbp.rbp_resid_rows(ranked, n, p)[0])


@check.validate_params(values=check.numbers_array())
def geometric_mean(values: Any) -> float:
    """trec_eval's geometric mean over queries (``gm_map``, ``gm_bpref``).

    Each value is floored at 0.00001 first, so one query at 0 does not make the mean 0;
    the mean rewards systems that do passably on every query over those that excel on
    some and fail on others.

    Parameters
    ----------
    values : sequence of float
        One value per query (AP for ``gm_map``, bpref for ``gm_bpref``).

    Returns
    -------
    float

    Examples
    --------
    >>> round(geometric_mean([0.5, 0.125]), 12), round(geometric_mean([0.5, 0.0]), 6)
    (0.25, 0.002236)

    """
    return aggregate.geometric_mean(curves.log_floor(values))
