"""Paired significance tests for per-query scores of two systems.

Taught in chapter 7, "Many queries"; :func:`adjust_p_values`, for many comparisons made
at once, in chapter 12, "What NDCG cannot tell you".

Two systems evaluated on the same queries give two paired samples: query ``q`` has a score
``a[q]`` for one system and ``b[q]`` for the other. Queries differ in difficulty far more than
systems differ in quality, so every test here works on the per-query differences
``d = a - b`` and never on the two samples separately.

Both functions take a ``seed`` so that a page, a test or a report can be re-run and give the
same figures. Both are vectorised: all resamples are drawn as one matrix (in chunks that bound
the memory used).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, cast

import numpy as np
import pandas as pd

from ndcg import _validate as check

__all__ = [
    "BootstrapResult",
    "RandomizationResult",
    "adjust_p_values",
    "paired_bootstrap_ci",
    "paired_differences",
    "paired_randomization_test",
]

Alternative = Literal["two-sided", "greater", "less"]
_ALTERNATIVES = ("two-sided", "greater", "less")
_SCORES = check.numbers_array(
    1, hint="decide how to score that query (e.g. ndcg's `empty` argument) before testing"
)
# Bound on the number of floats drawn at once, so 10^5 resamples of 10^4 queries stay small.
_CHUNK_ELEMENTS = 2_000_000


@dataclass(frozen=True)
class RandomizationResult:
    """Outcome of :func:`paired_randomization_test`.

    Attributes
    ----------
    mean_difference : float
        Mean of ``a - b`` over the queries.
    p_value : float
        Share of sign arrangements at least as extreme as the observed mean difference.
        Exact when every arrangement is counted; otherwise counting the observed one among
        the random ones (so it is never exactly 0).
    n_queries : int
        Number of paired queries.
    n_resamples : int
        Number of sign arrangements counted: all ``2**n_queries`` when that is at most the
        ``n_resamples`` asked for, else that many random ones.
    alternative : str
        ``"two-sided"``, ``"greater"`` (a better than b) or ``"less"``.
    exact : bool
        Whether every arrangement was counted, making ``p_value`` exact.

    """

    mean_difference: float
    p_value: float
    n_queries: int
    n_resamples: int
    alternative: str
    exact: bool = False


@dataclass(frozen=True)
class BootstrapResult:
    """Outcome of :func:`paired_bootstrap_ci`.

    Attributes
    ----------
    mean_difference : float
        Mean of ``a - b`` over the queries.
    low, high : float
        Percentile bootstrap confidence interval for the mean difference.
    confidence : float
        Confidence level of the interval, e.g. 0.95.
    n_queries : int
        Number of paired queries.
    n_resamples : int
        Number of bootstrap resamples drawn.

    """

    mean_difference: float
    low: float
    high: float
    confidence: float
    n_queries: int
    n_resamples: int

    def covers(self, value: float = 0.0) -> bool:
        """Return whether ``value`` lies inside the interval (ends included)."""
        return bool(self.low <= value <= self.high)


def paired_differences(
    a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray
) -> np.ndarray:
    """Return the per-query differences ``a - b`` after checking the pairing.

    Parameters
    ----------
    a, b : sequence of float or pandas.Series
        Per-query scores of two systems on the same queries, in the same order. When both are
        pandas Series, they are paired by index instead, and the two indexes must hold the same
        queries.

    Returns
    -------
    numpy.ndarray
        One difference per query.

    Raises
    ------
    ValueError
        If the lengths differ, fewer than two queries are given, a score is not finite, a
        difference overflows float64, or two Series do not cover the same queries.
    TypeError
        If a score is not a number.

    """
    if isinstance(a, pd.Series) and isinstance(b, pd.Series):
        index_a, index_b = a.index, b.index
        if index_a.has_duplicates or index_b.has_duplicates:
            raise ValueError("a and b must have one score per query: their index has duplicates")
        only_a, only_b = index_a.difference(index_b), index_b.difference(index_a)
        if len(only_a) or len(only_b):
            raise ValueError(
                f"a and b must score the same queries: {len(only_a)} only in a "
                f"(e.g. {list(only_a[:3])}), {len(only_b)} only in b (e.g. {list(only_b[:3])})"
            )
        b = b.reindex(index_a)
    first, second = _SCORES(a, "a"), _SCORES(b, "b")
    if first.shape != second.shape:
        raise ValueError(
            f"a and b must pair up query by query: a has {first.size} scores, b has {second.size}"
        )
    if first.size < 2:
        raise ValueError(f"a and b need at least 2 queries to test, got {first.size}")
    with np.errstate(over="ignore"):
        differences = first - second
    if not np.isfinite(differences).all():
        i = int(np.flatnonzero(~np.isfinite(differences))[0])
        raise ValueError(
            f"a - b overflows float64 at query {i}: a scores {check.show(first[i])}, b "
            f"scores {check.show(second[i])}; rescale both systems' scores alike, e.g. "
            "halve both (a difference of halves never overflows)"
        )
    return differences


def _unit(differences: np.ndarray) -> tuple[np.ndarray, int]:
    """Scale the differences by ``2**exponent`` so the largest is about 1; return both.

    Means of the scaled differences cannot overflow (not even of 1e308 and 1e308), and, the
    scale being a power of two, ``np.ldexp(mean(scaled), -exponent)`` is the plain mean to
    the last bit wherever the plain mean is finite.
    """
    top = float(np.abs(differences).max())
    exponent = 0 if top == 0.0 else -int(np.frexp(top)[1])
    return np.ldexp(differences, exponent), exponent


def _chunks(n_resamples: int, n_queries: int) -> list[int]:
    rows = max(1, _CHUNK_ELEMENTS // n_queries)
    sizes = [rows] * (n_resamples // rows)
    if n_resamples % rows:
        sizes.append(n_resamples % rows)
    return sizes


@check.validate_params(
    n_resamples=check.positive_int, alternative=check.choice(*_ALTERNATIVES), seed=check.seed
)
def paired_randomization_test(
    a: Sequence[float] | np.ndarray,
    b: Sequence[float] | np.ndarray,
    *,
    n_resamples: int = 10_000,
    alternative: Alternative = "two-sided",
    seed: int | None = 0,
) -> RandomizationResult:
    """Paired randomization (sign-flip) test of the mean per-query difference.

    Under the null hypothesis the two systems are exchangeable on every query, so each
    difference ``a[q] - b[q]`` is as likely to have its sign flipped. The test flips signs at
    random ``n_resamples`` times and reports how often the mean difference is at least as
    extreme as the one observed. With few queries, when the ``2**n`` arrangements of signs
    are no more than ``n_resamples``, it counts each of them once instead, and the p-value
    is exact: with 2 queries it is never below 0.5 (two-sided), since the observed signs
    and their mirror image are 2 of the 4 arrangements.

    Parameters
    ----------
    a, b : sequence of float or pandas.Series
        Per-query scores of two systems on the same queries (see :func:`paired_differences`).
    n_resamples : int, default 10000
        Number of random sign flips; all ``2**n`` arrangements are counted instead when
        they are no more.
    alternative : {"two-sided", "greater", "less"}, default "two-sided"
        ``"greater"`` tests whether ``a`` scores higher than ``b``; ``"less"`` the opposite.
    seed : int or None, default 0
        Seed of the random generator; the same seed gives the same p-value. ``None`` draws
        fresh randomness.

    Returns
    -------
    RandomizationResult
        Mean difference and p-value. Counting every arrangement, the p-value is
        ``hits / 2**n``; drawing them, it counts the observed arrangement as one of the
        resamples, ``(hits + 1) / (n_resamples + 1)``, so it is never 0.

    Raises
    ------
    ValueError, TypeError
        On unpaired, non-finite or non-numeric scores, or on an invalid option.

    Examples
    --------
    >>> result = paired_randomization_test([0.9, 0.8, 0.7, 0.95], [0.5, 0.4, 0.6, 0.3], seed=1)
    >>> round(result.mean_difference, 4)
    0.3875

    """
    differences = paired_differences(a, b)
    unit, exponent = _unit(differences)
    n = differences.size
    observed = float(unit.mean())
    # A tiny tolerance, so resamples equal to the observed mean up to rounding count as hits
    # (1e-12 of the largest difference, and at least 1e-12: smaller differences are ties).
    tolerance = float(np.ldexp(1e-12 * max(1.0, float(np.abs(differences).max())), exponent))
    exact = n < 63 and 2**n <= n_resamples  # (no 2**n of a million queries is computed)
    arrangements = 2**n if exact else n_resamples
    rng = np.random.default_rng(seed)
    hits, start = 0, 0
    for rows in _chunks(arrangements, n):
        if exact:  # row r flips the differences whose bit is set in r: every arrangement once
            bits = (np.arange(start, start + rows)[:, None] >> np.arange(n)) & 1
            signs = 1.0 - 2.0 * bits
            start += rows
        else:
            signs = rng.choice(np.array([-1.0, 1.0]), size=(rows, n))
        means = signs @ unit / n
        if alternative == "two-sided":
            hits += int(np.count_nonzero(np.abs(means) >= abs(observed) - tolerance))
        elif alternative == "greater":
            hits += int(np.count_nonzero(means >= observed - tolerance))
        else:
            hits += int(np.count_nonzero(means <= observed + tolerance))
    # Exact: the observed arrangement is one of the 2**n counted. Drawn: it is counted as
    # one more, so that p is never 0 (Phipson and Smyth 2010).
    p_value = hits / arrangements if exact else (hits + 1) / (n_resamples + 1)
    return RandomizationResult(
        mean_difference=float(np.ldexp(observed, -exponent)),
        p_value=p_value,
        n_queries=int(n),
        n_resamples=arrangements,
        alternative=alternative,
        exact=exact,
    )


@check.validate_params(confidence=check.fraction, n_resamples=check.positive_int, seed=check.seed)
def paired_bootstrap_ci(
    a: Sequence[float] | np.ndarray,
    b: Sequence[float] | np.ndarray,
    *,
    confidence: float = 0.95,
    n_resamples: int = 10_000,
    seed: int | None = 0,
) -> BootstrapResult:
    """Percentile bootstrap confidence interval for the mean per-query difference.

    Queries are resampled with replacement, keeping each query's pair of scores together,
    and the mean difference is recomputed for every resample. The interval holds the middle
    ``confidence`` share of those means.

    Parameters
    ----------
    a, b : sequence of float or pandas.Series
        Per-query scores of two systems on the same queries (see :func:`paired_differences`).
    confidence : float, default 0.95
        Confidence level, strictly between 0 and 1.
    n_resamples : int, default 10000
        Number of bootstrap resamples.
    seed : int or None, default 0
        Seed of the random generator; the same seed gives the same interval.

    Returns
    -------
    BootstrapResult
        Mean difference and the interval ``(low, high)``.

    Raises
    ------
    ValueError, TypeError
        On unpaired, non-finite or non-numeric scores, or on an invalid option.

    Examples
    --------
    >>> result = paired_bootstrap_ci([0.9, 0.8, 0.7, 0.95], [0.5, 0.4, 0.6, 0.3], seed=1)
    >>> result.covers(0.0)
    False

    """
    differences = paired_differences(a, b)
    unit, exponent = _unit(differences)  # so that no mean overflows
    rng = np.random.default_rng(seed)
    n = differences.size
    means = np.concatenate(
        [unit[rng.integers(0, n, size=(rows, n))].mean(axis=1) for rows in _chunks(n_resamples, n)]
    )
    tail = (1.0 - confidence) / 2.0
    low, high = np.ldexp(np.quantile(means, [tail, 1.0 - tail]), -exponent)
    return BootstrapResult(
        mean_difference=float(np.ldexp(unit.mean(), -exponent)),
        low=float(low),
        high=float(high),
        confidence=float(confidence),
        n_queries=int(n),
        n_resamples=n_resamples,
    )


# --- Many comparisons at once ----------------------------------------------------------------

#: The corrections :func:`adjust_p_values` offers.
CORRECTIONS = ("holm", "benjamini-hochberg")


@check.validate_params(
    p_values=check.numbers_array(1, hint="a p-value is a number between 0 and 1"),
    method=check.choice(*CORRECTIONS),
)
def adjust_p_values(p_values: Sequence[float] | np.ndarray, method: str = "holm") -> np.ndarray:
    """Adjust the p-values of many comparisons made at once, so that flukes stay rare.

    Compare twenty system variants with one baseline at the 5% level and, even if none is
    better, one of them will look better by chance. An adjusted p-value is compared with the
    level as it stands (taught in chapter 12, "What NDCG cannot tell you").

    Parameters
    ----------
    p_values : sequence of float
        One p-value per comparison, each between 0 and 1 (e.g. from
        :func:`paired_randomization_test`).
    method : {"holm", "benjamini-hochberg"}, default "holm"
        ``"holm"`` (Holm 1979) bounds the chance of even one false discovery among all the
        comparisons, and is uniformly more powerful than Bonferroni's ``m * p``.
        ``"benjamini-hochberg"`` (Benjamini and Hochberg 1995) bounds the expected share of
        false discoveries among those declared, which suits screening many variants.

    Returns
    -------
    numpy.ndarray
        The adjusted p-values, in the order given; each at least its raw p-value, at most 1.

    Raises
    ------
    ValueError
        A p-value outside [0, 1], or an empty sequence.

    Examples
    --------
    Holm multiplies the smallest p-value by the number of comparisons, the next by one less,
    and keeps the results non-decreasing:

    >>> adjust_p_values([0.01, 0.04, 0.03]).tolist()
    [0.03, 0.06, 0.06]
    >>> adjust_p_values([0.01, 0.04, 0.03], method="benjamini-hochberg").round(4).tolist()
    [0.03, 0.04, 0.04]

    """
    p_values = cast(np.ndarray, p_values)  # check.numbers_array made it one (validate_params)
    if p_values.min() < 0 or p_values.max() > 1:
        bad = float(p_values[(p_values < 0) | (p_values > 1)][0])
        raise ValueError(
            f"p_values must lie between 0 and 1, got {bad!r}; pass the tests' p-values, not "
            "their statistics"
        )
    m = p_values.size
    order = np.argsort(p_values, kind="stable")
    ranked = p_values[order]
    if method == "holm":
        # The i-th smallest (0-based) is tested at level alpha / (m - i).
        adjusted = np.maximum.accumulate(np.minimum(1.0, (m - np.arange(m)) * ranked))
    else:
        # The i-th smallest (1-based) is compared with i * alpha / m, from the largest down.
        scaled = np.minimum(1.0, ranked * m / np.arange(1, m + 1))
        adjusted = np.minimum.accumulate(scaled[::-1])[::-1]
    out = np.empty(m)
    out[order] = adjusted
    return out
