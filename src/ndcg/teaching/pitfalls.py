"""Broken on purpose: the museum of NDCG mistakes, rebuilt so they can be studied and caught.

Every function in this module is **wrong on purpose**, and its name starts with ``broken_``
so that nobody imports one by accident. Each reproduces a mistake found in published code,
with the wrong number it produces; chapter 8 of the book, the museum of mistakes, shows each
next to the right answer from the library, and ``tests/book/test_pitfalls.py`` pins both numbers
so the difference stays visible. Use :mod:`ndcg` for real work.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

import ndcg

__all__ = [
    "BrokenFirstSampleNdcg",
    "broken_ascending_ndcg",
    "broken_dcg_typed_positions",
    "broken_ideal_by_filtering",
    "broken_industry_dcg",
    "broken_mixed_gain_reports",
    "broken_ndcg_ideal_from_top_k",
    "broken_probability_formula",
    "broken_rounded_dcg",
    "broken_self_graded_ndcg",
]


def _grades(values: Sequence[float] | np.ndarray, name: str) -> np.ndarray:
    array = np.asarray(values)
    if array.dtype == bool or not np.issubdtype(array.dtype, np.number):
        raise TypeError(f"{name} must hold numbers, got dtype {array.dtype}")
    if array.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, got shape {array.shape}")
    return array.astype(float)


def _cutoff(k: int | None, name: str = "k") -> int | None:
    if k is None:
        return None
    if isinstance(k, bool) or not isinstance(k, int | np.integer):
        raise TypeError(f"{name} must be an int or None, got {type(k).__name__}")
    if k < 1:
        raise ValueError(f"{name} must be at least 1, got {k}")
    return int(k)


def broken_industry_dcg(relevance: Sequence[float], k: int) -> float:
    """Compute the course notebook's "industry" DCG, with both of its bugs.

    Two mistakes: the gain is ``2 * v - 1`` where ``2 ** v - 1`` was meant, and the
    ``return`` sits inside the loop, so only the first position is ever summed.

    Parameters
    ----------
    relevance : sequence of float
        Grades in ranked order.
    k : int
        Cutoff (ignored in effect, since the loop stops after one item).

    Returns
    -------
    float
        ``2 * relevance[0] - 1``: 0.98 for the first fractional list, whatever the rest holds.

    """
    grades = _grades(relevance, "relevance")[: _cutoff(k)]
    score = 0.0
    for position, value in enumerate(grades, start=1):
        score += (2 * value - 1) / np.log2(position + 1)
        return float(score)  # the bug: this line belongs after the loop
    return float(score)


def broken_ndcg_ideal_from_top_k(relevance: Sequence[float], k: int, gain: str = "linear") -> float:
    """NDCG@k whose ideal is the retrieved top k re-sorted (the course notebook's normalisation).

    The ideal should come from every judged document; taking it from the top k of the ranked
    list forgets the relevant documents ranked below k (and any never retrieved), so the
    score is too high.

    Parameters
    ----------
    relevance : sequence of float
        Grades in ranked order.
    k : int
        Cutoff.
    gain : {"linear", "exponential"}, default "linear"
        Gain function.

    Returns
    -------
    float
        The inflated NDCG@k.

    """
    top = _grades(relevance, "relevance")[: _cutoff(k)]
    # The bug: the ideal is the top k re-sorted, which is what ndcg() does with no pool.
    return ndcg.ndcg(top, gain=gain)


def broken_ideal_by_filtering(pool: Sequence[float], threshold: float = 2) -> list[float]:
    """Build the pandas notebook's ideal: keep grades at or above a threshold, sorted descending.

    The notebook wanted the ideal cut to depth 6 and got it by filtering ``relevance >= 2``,
    which keeps exactly six documents of its pool only by coincidence. For any other pool the
    depth is whatever the filter leaves.

    Parameters
    ----------
    pool : sequence of float
        Every judged grade for the query.
    threshold : float, default 2
        The filter's threshold.

    Returns
    -------
    list of float
        The "ideal" grades, of whatever length the filter gave.

    """
    grades = _grades(pool, "pool")
    return sorted((float(g) for g in grades[grades >= threshold]), reverse=True)


def broken_rounded_dcg(relevance: Sequence[float], decimals: int = 3) -> float:
    """Compute the pandas notebook's DCG with every term rounded before summing (linear gain).

    Rounding each term throws away up to half a unit in the last place per position, and the
    errors add up; round once, for display, at the end. For the D1-D6 list this gives
    6.861000000000001 where the exact DCG is 6.861126688593502.

    Parameters
    ----------
    relevance : sequence of float
        Grades in ranked order.
    decimals : int, default 3
        Decimal places each term is rounded to.

    Returns
    -------
    float
        Sum of rounded terms.

    """
    grades = _grades(relevance, "relevance")
    terms = [round(float(v) / float(np.log2(i + 1)), decimals) for i, v in enumerate(grades, 1)]
    return float(sum(terms))


class BrokenFirstSampleNdcg:
    """The Scala post's NDCG class: the ideal comes from the first sample given to the constructor.

    Its ``score`` returns 0.0 for a sample whose length differs from the first one, so a
    caller who passes the wrong list gets a plausible-looking zero instead of an error.

    Parameters
    ----------
    first_sample : sequence of float
        Grades of the sample that defines the ideal (exponential gain, as in the post).

    """

    def __init__(self, first_sample: Sequence[float]) -> None:
        self.first_sample = _grades(first_sample, "first_sample")
        self.idcg = ndcg.idcg(self.first_sample, gain="exponential")

    def score(self, sample: Sequence[float] | None = None) -> float:
        """Return NDCG of ``sample`` (default: the first sample), or 0.0 on a length mismatch."""
        grades = self.first_sample if sample is None else _grades(sample, "sample")
        if grades.size != self.first_sample.size:
            return 0.0  # the bug: an error disguised as the worst possible score
        return ndcg.dcg(grades, gain="exponential") / self.idcg


def broken_mixed_gain_reports(
    before: Sequence[float],
    after: Sequence[float],
    k: int | None = None,
    *,
    before_gain: str = "exponential",
    after_gain: str = "linear",
) -> tuple[float, float]:
    """Two reports that each look right but use different gains, then get compared.

    The first report scores ``before`` with one gain, the second scores ``after`` with
    another, and the two numbers are compared as if they measured the same thing. The
    difference mixes the change of ranking with the change of gain: a ranking that got worse
    under both gains can still look better.

    Parameters
    ----------
    before, after : sequence of float
        Grades in ranked order for the old and the new system on the same query.
    k : int or None, default None
        Cutoff.
    before_gain, after_gain : {"linear", "exponential"}
        The gain each report used.

    Returns
    -------
    tuple of float
        ``(ndcg_before, ndcg_after)``, each under its own report's gain.

    """
    cut = _cutoff(k)
    # Each report is right on its own; the bug is comparing the two.
    return (
        ndcg.ndcg(_grades(before, "before"), k=cut, gain=before_gain),
        ndcg.ndcg(_grades(after, "after"), k=cut, gain=after_gain),
    )


def broken_ascending_ndcg(
    y_true: Sequence[float], y_score: Sequence[float], k: int | None = None
) -> float:
    """NDCG of a ranking sorted by score ascending: the lowest-scored document comes first.

    ``sorted`` and ``numpy.argsort`` sort ascending unless told otherwise; forgetting to
    reverse ranks the system's worst guesses at the top.

    Parameters
    ----------
    y_true : sequence of float
        Grades of the documents.
    y_score : sequence of float
        The system's scores for the same documents.
    k : int or None, default None
        Cutoff.

    Returns
    -------
    float
        NDCG (linear gain) of the reversed ranking.

    """
    grades, scores = _grades(y_true, "y_true"), _grades(y_score, "y_score")
    if grades.shape != scores.shape:
        raise ValueError(
            f"y_true and y_score must have the same length, got {grades.size} and {scores.size}"
        )
    cut = _cutoff(k)
    ranked = grades[np.argsort(scores, kind="stable")]  # the bug: ascending order
    return ndcg.ndcg(ranked, k=cut)


def broken_probability_formula(relevance: Sequence[float]) -> float:
    """Compute the Scala post's second formula, ``p(ranking|IDCG)``, as written: from j = 0.

    The post writes ``log(2) / IDCG * sum_{j=0}^{n} (2**t_j - 1) / log(j + 1)`` with natural
    logarithms. Summed from j = 1 it is NDCG with exponential gain (the factor ``log(2)``
    turns ``1 / log(j + 1)`` into ``1 / log2(j + 1)``). Summed from j = 0, as written, the
    first term divides by ``log(1) = 0``. Floating point raises no error for that, in numpy
    as in Scala's ``Double``: the result is infinity when the first grade is positive, and
    NaN (``0 / 0``) when it is 0.

    Parameters
    ----------
    relevance : sequence of float
        Grades in ranked order; ``t_0`` is the first.

    Returns
    -------
    float
        ``inf`` or ``nan``: never a usable score.

    """
    grades = _grades(relevance, "relevance")
    gains = np.exp2(grades) - 1.0  # the post's 2**t_j - 1
    idcg = ndcg.idcg(grades, gain="exponential")
    j = np.arange(gains.size)  # the bug: j starts at 0, so the first divisor is log(1) = 0
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.log(2) / idcg * np.sum(gains / np.log(j + 1)))


def broken_dcg_typed_positions(relevance: Sequence[float], positions: Sequence[float]) -> float:
    """DCG with the positions typed in by hand, as the pandas notebook's table did (linear gain).

    The notebook types the positions of its eight judged documents as 1, 2, 3, 4, 5, 6, 7, 9:
    position 8 is missing, so the eighth document is discounted as if it sat at position 9.
    Positions typed apart from the order they describe go wrong silently; derive them from
    the order instead (``enumerate(..., start=1)``).

    Parameters
    ----------
    relevance : sequence of float
        Grades in ranked order.
    positions : sequence of float
        The typed positions, one per grade.

    Returns
    -------
    float
        The sum of ``relevance[i] / log2(positions[i] + 1)``.

    """
    grades, typed = _grades(relevance, "relevance"), _grades(positions, "positions")
    if grades.shape != typed.shape:
        raise ValueError(
            f"relevance and positions must have the same length, got {grades.size} and {typed.size}"
        )
    return float(np.sum(grades / np.log2(typed + 1)))


def broken_self_graded_ndcg(y_score: Sequence[float], k: int | None = None) -> float:
    """NDCG of a system graded by its own scores, as the course notebook's estimates were.

    The system ranks its items by score, and the same scores then serve as the grades. A
    ranking by score is always the ideal order of those grades, so the result is 1.0 for
    every system, good or bad: a score cannot judge the ranking it produced.

    Parameters
    ----------
    y_score : sequence of float
        The system's scores, used both to rank and as grades (linear gain).
    k : int or None, default None
        Cutoff.

    Returns
    -------
    float
        1.0 for any scores with a positive sum.

    """
    cut = _cutoff(k)
    ranked = np.sort(_grades(y_score, "y_score"))[::-1]  # ranked by score ...
    return ndcg.ndcg(ranked, k=cut)  # ... and graded by the same scores: always the ideal
