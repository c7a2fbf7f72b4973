"""CG, DCG, ideal DCG and NDCG of one ranked list of grades.

Taught in chapters 2 to 4: cumulative gain, discounted cumulative gain, ideal DCG and NDCG.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from ndcg._validate import as_grades, check_empty, check_k
from ndcg.discount import log2_ranks
from ndcg.gains import Gain, gain_values
from ndcg.ideal import check_pool_contains, ideal_gains


def _cut(values: np.ndarray, k: int | None) -> np.ndarray:
    return values if k is None else values[:k]


def _discounted_sum(gains: np.ndarray) -> float:
    # A running sum in rank order, so dcg() equals breakdown()'s last cumulative_dcg
    # bit for bit.
    return float(np.cumsum(gains / log2_ranks(gains.size))[-1]) if gains.size else 0.0


def cg(relevance: Any, k: int | None = None) -> float:
    """Cumulative gain: the sum of the first ``k`` grades.

    Parameters
    ----------
    relevance : sequence of float
        Grades in ranked order (best-ranked first). Must be non-empty and finite.
    k : int, optional
        Cutoff. ``None`` (default) sums the whole list; a ``k`` larger than the list
        counts what is there.

    Returns
    -------
    float
        The cumulative gain; position does not matter.

    Examples
    --------
    >>> cg([3, 2, 3, 0, 1, 2])
    11.0
    >>> cg([3, 2, 3, 0, 1, 2], k=2)
    5.0

    """
    grades = as_grades(relevance, "relevance")
    k = check_k(k)
    if grades.min() < 0:
        raise ValueError(
            f"relevance holds the negative grade {grades.min():g}; cg sums grades as they "
            "are, so map negative grades to a gain >= 0 first (or use dcg/ndcg with gain=, "
            "e.g. gain=lambda r: max(r, 0))"
        )
    return float(np.sum(_cut(grades, k)))


def dcg(relevance: Any, k: int | None = None, gain: Gain = "linear") -> float:
    """Discounted cumulative gain: ``sum(gain(r_i) / log2(i + 1))`` over ranks ``i = 1..k``.

    Parameters
    ----------
    relevance : sequence of float
        Grades in ranked order. Must be non-empty, finite, and >= 0 unless ``gain`` is
        a mapping or callable that says what a negative grade is worth.
    k : int, optional
        Cutoff. ``None`` uses the whole list; a ``k`` larger than the list counts what
        is there.
    gain : {"linear", "exponential"}, mapping or callable, default "linear"
        ``"linear"``: g = r; ``"exponential"``: g = 2**r - 1; a mapping grade -> gain; or
        a callable grade -> gain.

    Returns
    -------
    float

    Examples
    --------
    >>> dcg([3, 2, 3, 0, 1, 2])
    6.861126688593502
    >>> dcg([4, 3, 5, 2, 1], gain="exponential")
    36.595390756454925

    """
    grades = as_grades(relevance, "relevance")
    gains = gain_values(grades, gain, "relevance")
    return _discounted_sum(_cut(gains, check_k(k)))


def idcg(relevance: Any, k: int | None = None, gain: Gain = "linear", pool: Any = None) -> float:
    """Ideal DCG: the DCG of the best possible order, cut at ``k``.

    Parameters
    ----------
    relevance : sequence of float
        Grades in ranked order.
    k : int, optional
        Cutoff. ``None`` uses the whole ideal list; a ``k`` larger than it counts what is
        there.
    gain : {"linear", "exponential"}, mapping or callable, default "linear"
        See :func:`dcg`.
    pool : sequence of float, optional
        Every judged grade of the query, retrieved or not. The ideal is the best order
        of the pool; it must hold every grade of ``relevance``. Without a pool the ideal
        is the best order of ``relevance`` itself.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If ``pool`` lacks a retrieved grade, or as in :func:`dcg`.

    Examples
    --------
    >>> idcg([3, 2, 3, 0, 1, 2], k=6, pool=[3, 2, 3, 0, 1, 2, 3, 2])
    8.740262365546284
    >>> idcg([3, 2, 3, 0, 1, 2], k=6)
    7.1409951840957

    """
    grades = as_grades(relevance, "relevance")
    k = check_k(k)
    gain_values(grades, gain, "relevance")  # same checks as dcg, so errors name relevance
    return _ideal_dcg(grades, k, gain, pool)


def _ideal_dcg(grades: np.ndarray, k: int | None, gain: Gain, pool: Any) -> float:
    if pool is None:
        source = grades
    else:
        source = as_grades(pool, "pool")
        check_pool_contains(grades, source)
    return _discounted_sum(ideal_gains(gain_values(source, gain, "pool"), k))


def ndcg(
    relevance: Any,
    k: int | None = None,
    gain: Gain = "linear",
    pool: Any = None,
    empty: float | str = 0.0,
) -> float:
    """Normalised DCG: ``dcg / idcg``, between 0 and 1.

    Parameters
    ----------
    relevance : sequence of float
        Grades in ranked order.
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

    Returns
    -------
    float

    Examples
    --------
    >>> round(ndcg([3, 2, 3, 0, 1, 2], k=6, pool=[3, 2, 3, 0, 1, 2, 3, 2]), 6)
    0.785002
    >>> ndcg([0, 0])
    0.0

    """
    grades = as_grades(relevance, "relevance")
    k = check_k(k)
    empty = check_empty(empty)
    actual = _discounted_sum(_cut(gain_values(grades, gain, "relevance"), k))
    best = _ideal_dcg(grades, k, gain, pool)
    if best == 0.0:
        if empty == "raise":
            raise ValueError(
                "empty='raise': the ideal DCG is 0 (no judged document has any gain), "
                "so NDCG is undefined"
            )
        return float(empty)
    return actual / best


def breakdown(relevance: Any, k: int | None = None, gain: Gain = "linear") -> pd.DataFrame:
    """Every term of the DCG, one row per position, for teaching and checking by hand.

    Parameters
    ----------
    relevance : sequence of float
        Grades in ranked order.
    k : int, optional
        Keep the first ``k`` positions; a ``k`` larger than the list keeps them all.
    gain : {"linear", "exponential"}, mapping or callable, default "linear"
        See :func:`dcg`.

    Returns
    -------
    pandas.DataFrame
        Columns ``position`` (1-based), ``grade``, ``gain``, ``log2(i+1)``,
        ``discount`` (``1 / log2(i+1)``), ``discounted_gain`` (``gain / log2(i+1)``) and
        ``cumulative_dcg``; the last ``cumulative_dcg`` equals :func:`dcg`.

    Examples
    --------
    >>> table = breakdown([3, 2, 3], gain="linear")
    >>> table["cumulative_dcg"].round(4).tolist()
    [3.0, 4.2619, 5.7619]

    """
    grades = _cut(as_grades(relevance, "relevance"), check_k(k))
    gains = gain_values(grades, gain, "relevance")
    logs = log2_ranks(grades.size)
    terms = gains / logs
    return pd.DataFrame(
        {
            "position": np.arange(1, grades.size + 1),
            "grade": grades,
            "gain": gains,
            "log2(i+1)": logs,
            "discount": 1.0 / logs,
            "discounted_gain": terms,
            "cumulative_dcg": np.cumsum(terms),
        }
    )
