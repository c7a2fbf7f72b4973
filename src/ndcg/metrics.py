"""CG, DCG, ideal DCG and NDCG of one ranked list of grades.

Taught in chapters 2 to 4: cumulative gain, discounted cumulative gain, ideal DCG and NDCG.

A ranked list may hold ``None`` where a retrieved document was never judged; ``unjudged``
says what it counts for: ``"zero"`` (no gain, in its place, as trec_eval), ``"condense"``
(dropped before scoring, as trec_eval ``-J`` and Sakai's condensed lists) or ``"raise"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ndcg import _validate as check
from ndcg._kernel import cumulative_dcg, dcg_at, ideal_ranking, ideal_rows, ndcg_rows
from ndcg.discount import LOG2, Discount, DiscountSpec, log2_ranks
from ndcg.gains import Gain, gain_values, judged_gains

if TYPE_CHECKING:
    import pandas as pd

# dcg and breakdown take the same arguments, checked alike.
_DCG_CHECKS = check.validate_params(
    relevance=check.RELEVANCE,
    k=check.cutoff,
    gain=check.gain,
    unjudged=check.UNJUDGED_RULE,
    discount=check.discount,
)


def _judged(grades: np.ndarray) -> np.ndarray:
    return grades[~np.isnan(grades)]


def _ideal_source(grades: np.ndarray, gain: Gain, pool: np.ndarray | None) -> np.ndarray:
    """Gains of every judged document of the query: the pool's, or the list's own."""
    if pool is None:
        return gain_values(_judged(grades), gain, "relevance")
    check.check_pool(grades, pool)
    return gain_values(pool, gain, "pool")


@check.validate_params(relevance=check.RELEVANCE, k=check.cutoff, unjudged=check.UNJUDGED_RULE)
def cg(relevance: Any, k: int | None = None, unjudged: str = "zero") -> float:
    """Cumulative gain: the sum of the first ``k`` grades.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order (best-ranked first), ``None`` where a document was never
        judged. Must be non-empty and finite.
    k : int, optional
        Cutoff. ``None`` (default) sums the whole list; a ``k`` larger than the list
        counts what is there.
    unjudged : {"zero", "condense", "raise"}, default "zero"
        What an unjudged position counts for: nothing, in its place (trec_eval); nothing,
        and it is dropped before the cutoff is applied (trec_eval ``-J``); or an error.

    Returns
    -------
    float
        The cumulative gain; position does not matter.

    Raises
    ------
    ValueError
        A negative grade, an unjudged position with ``unjudged="raise"``, or a sum that
        overflows float64.

    Examples
    --------
    >>> cg([3, 2, 3, 0, 1, 2])
    11.0
    >>> cg([3, 2, 3, 0, 1, 2], k=2)
    5.0
    >>> cg([3, None, 3], k=2), cg([3, None, 3], k=2, unjudged="condense")
    (3.0, 6.0)

    """
    grades = check.ranked_grades(relevance, unjudged)[:k]
    judged = _judged(grades)
    if judged.size and judged.min() < 0:
        raise ValueError(
            f"relevance holds the negative grade {check.show(judged.min())}; cg sums grades "
            "as they are, so map negative grades to a gain >= 0 first (or use dcg/ndcg "
            "with gain=, e.g. gain=lambda r: max(r, 0))"
        )
    with np.errstate(over="ignore"):
        # An unjudged position adds nothing; a list without one is summed as it is.
        total = float(np.sum(grades if judged.size == grades.size else judged))
    return check.check_finite_sum(total, "relevance", "cumulative gain")


@_DCG_CHECKS
def dcg(
    relevance: Any,
    k: int | None = None,
    gain: Gain = "linear",
    unjudged: str = "zero",
    discount: DiscountSpec = "log2",
) -> float:
    """Discounted cumulative gain: ``sum(gain(r_i) / log2(i + 1))`` over ranks ``i = 1..k``.

    The discount ``1 / log2(i + 1)`` is Burges et al.'s (2005) form of Järvelin and
    Kekäläinen's (2002); ``discount=`` chooses another (chapter 10).

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where a document was never judged. Must be
        non-empty, finite, and >= 0 unless ``gain`` is a mapping or callable that says
        what a negative grade is worth.
    k : int, optional
        Cutoff. ``None`` uses the whole list; a ``k`` larger than the list counts what
        is there.
    gain : {"linear", "exponential"}, mapping or callable, default "linear"
        ``"linear"``: g = r; ``"exponential"``: g = 2**r - 1; a mapping grade -> gain; or
        a callable grade -> gain.
    unjudged : {"zero", "condense", "raise"}, default "zero"
        See :func:`cg`.
    discount : "log2", "reciprocal", ("log", b) or ("geometric", p), default "log2"
        The weight of rank ``i``: ``1 / log2(i + 1)``; ``1 / i``; Järvelin and
        Kekäläinen's original ``1 / log_b(i)`` from rank ``b`` on (1 before it); or
        ``p**(i - 1)``. Chapter 10 reads each as a model of how far a reader goes.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        A negative grade with a named gain, an unjudged position with
        ``unjudged="raise"``, or a DCG that overflows float64 (:func:`ndcg` does not).

    Examples
    --------
    >>> dcg([3, 2, 3, 0, 1, 2])
    6.861126688593502
    >>> dcg([4, 3, 5, 2, 1], gain="exponential")
    36.595390756454925
    >>> dcg([3, None, 3]) == dcg([3, 0, 3])
    True
    >>> dcg([3, 2, 3], discount="reciprocal")
    5.0

    """
    discount = cast(Discount, discount)  # check.discount made it one (validate_params)
    gains, _ = judged_gains(check.ranked_grades(relevance, unjudged), gain, "relevance")
    with np.errstate(over="ignore"):  # an overflow is refused just below, by name
        total = float(dcg_at(gains, (k,), discount)[0])
    return check.check_finite_sum(total, "relevance", "DCG")


@check.validate_params(
    relevance=check.RELEVANCE,
    k=check.cutoff,
    gain=check.gain,
    pool=check.POOL,
    unjudged=check.UNJUDGED_RULE,
    discount=check.discount,
)
def idcg(
    relevance: Any,
    k: int | None = None,
    gain: Gain = "linear",
    pool: Any = None,
    unjudged: str = "zero",
    discount: DiscountSpec = "log2",
) -> float:
    """Ideal DCG: the DCG of the best possible order, cut at ``k``.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where a document was never judged.
    k : int, optional
        Cutoff. ``None`` uses the whole ideal list; a ``k`` larger than it counts what is
        there.
    gain : {"linear", "exponential"}, mapping or callable, default "linear"
        See :func:`dcg`.
    pool : sequence of float, optional
        Every judged grade of the query, retrieved or not. The ideal is the best order
        of the pool; it must hold every judged grade of ``relevance``. Without a pool the
        ideal is the best order of the judged grades of ``relevance`` itself.
    unjudged : {"zero", "condense", "raise"}, default "zero"
        See :func:`cg`; unjudged positions never enter the ideal, so only ``"raise"``
        changes the result (into an error).
    discount : "log2", "reciprocal", ("log", b) or ("geometric", p), default "log2"
        See :func:`dcg`.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If ``pool`` lacks a judged grade of ``relevance``, or as in :func:`dcg`.

    Examples
    --------
    >>> idcg([3, 2, 3, 0, 1, 2], k=6, pool=[3, 2, 3, 0, 1, 2, 3, 2])
    8.740262365546284
    >>> idcg([3, 2, 3, 0, 1, 2], k=6)
    7.1409951840957

    """
    discount = cast(Discount, discount)  # check.discount made it one (validate_params)
    grades = check.ranked_grades(relevance, unjudged)
    judged_gains(grades, gain, "relevance")  # the same checks as dcg, so errors name relevance
    source = _ideal_source(grades, gain, pool)
    with np.errstate(over="ignore"):  # an overflow is refused just below, by name
        total = float(ideal_rows(source[None], (k,), discount)[0, 0])
    return check.check_finite_sum(total, "relevance" if pool is None else "pool", "ideal DCG")


@check.validate_params(
    relevance=check.RELEVANCE,
    k=check.cutoff,
    gain=check.gain,
    pool=check.POOL,
    empty=check.empty,
    unjudged=check.UNJUDGED_RULE,
    discount=check.discount,
)
def ndcg(
    relevance: Any,
    k: int | None = None,
    gain: Gain = "linear",
    pool: Any = None,
    empty: float | str = 0.0,
    unjudged: str = "zero",
    discount: DiscountSpec = "log2",
) -> float:
    """Normalised DCG: ``dcg / idcg``, between 0 and 1.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where a document was never judged.
    k : int, optional
        Cutoff for both the list and the ideal. ``None`` uses everything; a ``k`` larger
        than the list counts what is there.
    gain : {"linear", "exponential"}, mapping or callable, default "linear"
        See :func:`dcg`.
    pool : sequence of float, optional
        Every judged grade of the query (see :func:`idcg`).
    empty : float or "raise", default 0.0
        The result when the ideal DCG is 0 (no document has any gain): ``0.0`` as
        trec_eval and scikit-learn, ``float("nan")``, or ``"raise"`` for a ValueError.
    unjudged : {"zero", "condense", "raise"}, default "zero"
        See :func:`cg`.
    discount : "log2", "reciprocal", ("log", b) or ("geometric", p), default "log2"
        See :func:`dcg`; the list and its ideal are discounted alike.

    Returns
    -------
    float
        Exact even where DCG and IDCG themselves would overflow float64, or lose digits
        among the subnormal numbers: the gains are then scaled by a power of two, which
        leaves the ratio unchanged.

    Examples
    --------
    >>> round(ndcg([3, 2, 3, 0, 1, 2], k=6, pool=[3, 2, 3, 0, 1, 2, 3, 2]), 6)
    0.785002
    >>> ndcg([0, 0])
    0.0

    A retrieved document that was never judged:

    >>> round(ndcg([3, None, 2], pool=[3, 2, 3]), 6), round(
    ...     ndcg([3, None, 2], pool=[3, 2, 3], unjudged="condense"), 6)
    (0.678796, 0.723233)

    """
    discount = cast(Discount, discount)  # check.discount made it one (validate_params)
    gains, _ = judged_gains(check.ranked_grades(relevance, unjudged), gain, "relevance")
    ideal = _ideal_source(relevance, gain, pool)
    # One list: a row already in rank order, its ideal built from the pool's gains.
    return float(ndcg_rows(None, gains[None], (k,), None, empty, None, discount, ideal[None])[0, 0])


@check.validate_params(relevance=check.RELEVANCE, gain=check.gain)
def ideal_order(relevance: Any, gain: Gain = "linear") -> np.ndarray:
    """Positions of the judged grades in the ideal ranking: best gain first.

    The one ideal ordering behind :func:`idcg`, :func:`ndcg`, ``ndcg_from_scores``,
    ``evaluate``, the book's figures and the widget.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in any order (a pool of judgments, say); ``None`` positions are unjudged
        and left out.
    gain : {"linear", "exponential"}, mapping or callable, default "linear"
        See :func:`dcg`. The ideal is the order of the gains, not of the grades, which
        matters for a mapping that does not grow with the grade.

    Returns
    -------
    numpy.ndarray of int
        Indices into ``relevance``, best gain first; equal gains keep their input order.

    Examples
    --------
    >>> ideal_order([1, 3, 2, 3]).tolist()
    [1, 3, 2, 0]
    >>> ideal_order([3, 2, 1, 0], gain={0: 0, 1: 5, 2: 1, 3: 2}).tolist()
    [2, 0, 1, 3]

    """
    gains, judged = judged_gains(relevance, gain, "relevance")
    return np.flatnonzero(judged)[ideal_ranking(gains[judged], indices=True)]


@_DCG_CHECKS
def breakdown(
    relevance: Any,
    k: int | None = None,
    gain: Gain = "linear",
    unjudged: str = "zero",
    discount: DiscountSpec = "log2",
) -> pd.DataFrame:
    """Every term of the DCG, one row per position, for teaching and checking by hand.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order, ``None`` where a document was never judged.
    k : int, optional
        Keep the first ``k`` positions; a ``k`` larger than the list keeps them all.
    gain : {"linear", "exponential"}, mapping or callable, default "linear"
        See :func:`dcg`.
    unjudged : {"zero", "condense", "raise"}, default "zero"
        See :func:`cg`. With ``"zero"`` an unjudged position keeps its row, with grade NaN
        and gain 0; with ``"condense"`` it has no row.
    discount : "log2", "reciprocal", ("log", b) or ("geometric", p), default "log2"
        See :func:`dcg`.

    Returns
    -------
    pandas.DataFrame
        Columns ``position`` (1-based), ``grade``, ``gain``, ``log2(i+1)``,
        ``discount`` (``1 / log2(i+1)``), ``discounted_gain`` (``gain / log2(i+1)``) and
        ``cumulative_dcg``; the last ``cumulative_dcg`` equals :func:`dcg`. With another
        discount there is no ``log2(i+1)`` column, and ``discount`` holds its weights.

    Examples
    --------
    >>> table = breakdown([3, 2, 3], gain="linear")
    >>> table["cumulative_dcg"].round(4).tolist()
    [3.0, 4.2619, 5.7619]
    >>> breakdown([3, 2, 3], discount=("geometric", 0.5))["discount"].tolist()
    [1.0, 0.5, 0.25]

    """
    discount = cast(Discount, discount)  # check.discount made it one (validate_params)
    grades = check.ranked_grades(relevance, unjudged)[:k]
    gains, _ = judged_gains(grades, gain, "relevance")
    with np.errstate(over="ignore"):  # an overflow is refused just below, by name
        running = cumulative_dcg(gains, discount)
    if running.size:
        check.check_finite_sum(float(running[-1]), "relevance", "DCG")
    columns: dict[str, Any] = {"position": np.arange(1, grades.size + 1), "grade": grades}
    columns["gain"] = gains
    if discount == LOG2:
        columns["log2(i+1)"] = log2_ranks(grades.size)
    columns["discount"] = discount.weights(grades.size)
    columns["discounted_gain"] = discount.apply(gains)
    columns["cumulative_dcg"] = running
    import pandas as pd  # here alone: the list functions and the command line need none

    return pd.DataFrame(columns)
