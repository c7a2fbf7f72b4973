"""Inputs that once gave a plausible but wrong answer without a word, each with its exact input.

Each case is either computed exactly (checked against a figure derived independently, with
ordinary numbers or with Python's exact fractions) or refused with a message naming the
argument.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest

import ndcg
from ndcg import ltr, stats

LOG2_3 = math.log2(3)

# --- tiny gains: the ratio DCG / IDCG is scaled up as well as down ---------------------------


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        # A subnormal grade (2**-1074) ranked second: 1/log2(3) of the ideal, as for [0, 1].
        (lambda: ndcg.ndcg([0, 5e-324]), 1 / LOG2_3),
        # Gains 2**-1073 and 2**-1072, twice as large: the figure of linear gain on [1, 2].
        (lambda: ndcg.ndcg([1, 2], gain=lambda g: g * 1e-323), (1 + 2 / LOG2_3) / (2 + 1 / LOG2_3)),
        (
            lambda: ndcg.ndcg_from_scores([0, 5e-324], [1.0, 0.5]),
            1 / LOG2_3,
        ),
        (
            lambda: ndcg.evaluate([[0, 5e-324]], [[1.0, 0.5]])["ndcg"].item(),
            1 / LOG2_3,
        ),
        (
            lambda: ndcg.evaluate([[0, 5e-324]], [[1.0, 0.5]], metrics=["ndcg", "precision"])[
                "ndcg"
            ].item(),
            1 / LOG2_3,
        ),
        (
            lambda: ndcg.evaluate(
                pd.DataFrame({"query_id": "q", "doc_id": ["a", "b"], "relevance": [1, 2]}),
                pd.DataFrame({"query_id": "q", "doc_id": ["a", "b"], "score": [1.0, 0.5]}),
                gain=lambda g: g * 1e-323,
            )["ndcg"].item(),
            (1 + 2 / LOG2_3) / (2 + 1 / LOG2_3),
        ),
    ],
    ids=["ndcg-subnormal", "ndcg-tiny-callable", "from-scores", "dense", "dense-family", "frames"],
)
def test_tiny_gains_keep_the_exact_ratio(call, expected):
    assert call() == pytest.approx(expected, rel=1e-15)


def test_tiny_gains_match_the_same_list_at_ordinary_scale():
    # Multiplying every gain by a power of two leaves NDCG unchanged, bit for bit.
    grades = [1, 3, 0, 2, 2]
    for scale in (2.0**-1060, 2.0**-700, 2.0**-300, 1.0, 2.0**900):
        assert ndcg.ndcg(grades, gain=lambda g, s=scale: g * s) == ndcg.ndcg(grades)


# --- learning to rank -------------------------------------------------------------------------


def test_swap_matrix_reads_an_unjudged_position_as_no_gain():
    # swap_matrix([1, None, 2]) gave NaN entries; each entry is ndcg(swapped) - ndcg(list).
    relevance = [1, None, 2]
    matrix = ltr.swap_matrix(relevance)
    assert np.isfinite(matrix).all()
    base = ndcg.ndcg(relevance, gain="exponential")
    for i in range(3):
        for j in range(3):
            swapped = list(relevance)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            assert matrix[i, j] == pytest.approx(ndcg.ndcg(swapped, gain="exponential") - base)


def test_swap_matrix_of_tiny_gains_is_that_of_ordinary_ones():
    tiny = ltr.swap_matrix([1, 2], gain=lambda g: g * 1e-323)
    np.testing.assert_allclose(tiny, ltr.swap_matrix([1, 2], gain="linear"), rtol=1e-15)


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        # The relevant item ranked last by a margin beyond float64: pushed up with the full
        # weight |ΔNDCG| = 1 - 1/log2(3) (sigmoid of an infinite margin is exactly 1).
        ([1e308, -1e308], [1 - 1 / LOG2_3, -(1 - 1 / LOG2_3)]),
        # Ranked first by such a margin: nothing to learn.
        ([-1e308, 1e308], [0.0, 0.0]),
    ],
)
def test_lambdarank_gradients_of_huge_scores_are_exact(scores, expected):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = ltr.lambdarank([0, 1], scores, k=None, gain="linear")
    np.testing.assert_allclose(out.gradient, expected, rtol=1e-15, atol=0)
    assert out.loss == (math.inf if scores[0] > 0 else 0.0)


def test_ranknet_gradient_of_huge_scores_is_exact():
    out = ltr.ranknet([0, 1], [1e308, -1e308])
    assert out.gradient.tolist() == [1.0, -1.0]


def test_lambdarank_of_tiny_gains_is_that_of_ordinary_ones():
    grades, scores = [[0, 1, 2]], [[0.3, 0.1, 0.2]]
    tiny = ltr.lambdarank(grades, scores, gain=lambda g: g * 1e-323)
    plain = ltr.lambdarank(grades, scores, gain="linear")
    np.testing.assert_allclose(tiny.gradient, plain.gradient, rtol=1e-15)


# --- ndcg.stats: the difference is checked, and the p-value is honest -------------------------


def test_an_overflowing_difference_is_refused_naming_both_systems():
    # Gave a NaN mean and p = 1e-4.
    with pytest.raises(
        ValueError, match=r"a - b overflows float64 at query 0: a scores 1e\+308, b"
    ):
        stats.paired_randomization_test([1e308, -1e308, 0.5], [-1e308, 1e308, 0.4])
    with pytest.raises(ValueError, match="a - b overflows"):
        stats.paired_bootstrap_ci([1e308, -1e308, 0.5], [-1e308, 1e308, 0.4])


def test_huge_differences_that_fit_give_their_mean():
    a, b = [1.5e308, 1.5e308, 0.0], [0.0, 0.0, 0.0]
    test = stats.paired_randomization_test(a, b)
    interval = stats.paired_bootstrap_ci(a, b)
    assert test.mean_difference == interval.mean_difference == 1e308
    assert (interval.low, interval.high) == (0.0, 1.5e308)
    # Of the 8 sign arrangements, those of +-(1.5e308, 1.5e308) reach the observed mean.
    assert (test.p_value, test.n_resamples, test.exact) == (0.5, 8, True)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_two_queries_never_give_a_two_sided_p_below_one_half(seed):
    # The observed signs and their mirror image are 2 of the 4 arrangements.
    test = stats.paired_randomization_test([1.0, 0.5], [0.0, 0.4], seed=seed)
    assert (test.p_value, test.n_resamples, test.exact) == (0.5, 4, True)


@pytest.mark.parametrize(
    ("alternative", "hits"),
    # d = (0.4, 0.4, 0.1, 0.65): sums of +-d at least 1.55 in size: only all-plus and
    # all-minus; at least 1.55: all-plus; at most 1.55: every one of the 16.
    [("two-sided", 2), ("greater", 1), ("less", 16)],
)
def test_few_queries_count_every_arrangement(alternative, hits):
    a, b = [0.9, 0.8, 0.7, 0.95], [0.5, 0.4, 0.6, 0.3]
    test = stats.paired_randomization_test(a, b, alternative=alternative)
    assert test.p_value == hits / 16
    assert test.n_resamples == 16 and test.exact


def test_more_arrangements_than_resamples_are_drawn():
    rng = np.random.default_rng(0)
    a, b = rng.random(14), rng.random(14)  # 2**14 = 16384 arrangements > 10000 draws
    drawn = stats.paired_randomization_test(a, b)
    counted = stats.paired_randomization_test(a, b, n_resamples=2**14)
    assert (drawn.exact, drawn.n_resamples) == (False, 10_000)
    assert (counted.exact, counted.n_resamples) == (True, 2**14)
    assert drawn.p_value == pytest.approx(counted.p_value, abs=0.02)
