"""ndcg_from_scores: the four tie rules, by hand, and the dense matrix path."""

from __future__ import annotations

import math

import numpy as np
import pytest

import ndcg


def test_stable_keeps_input_order_among_ties():
    # Scores tie for the first two items: input order puts grade 0 first.
    got = ndcg.ndcg_from_scores([0, 2, 1], [1.0, 1.0, 0.5], ties="stable")
    assert got == ndcg.ndcg([0, 2, 1])


def test_pessimistic_and_optimistic_by_hand():
    true, score = [0, 2, 1], [1.0, 1.0, 0.5]
    assert ndcg.ndcg_from_scores(true, score, ties="pessimistic") == ndcg.ndcg([0, 2, 1])
    assert ndcg.ndcg_from_scores(true, score, ties="optimistic") == ndcg.ndcg([2, 0, 1])


def test_average_by_hand():
    # Tied pair at positions 1-2: both get the mean gain 1 over discounts 1 and 1/log2(3).
    got = ndcg.ndcg_from_scores([0, 2, 1], [1.0, 1.0, 0.5], ties="average")
    dcg = 1.0 * (1 + 1 / math.log2(3)) + 1 / 2
    assert got == pytest.approx(dcg / ndcg.idcg([0, 2, 1]), rel=1e-15)


def test_average_with_tie_group_across_the_cutoff():
    # Three tied items, k=2: the group's mean gain times the two discounts inside k.
    got = ndcg.ndcg_from_scores([3, 0, 0], [1.0, 1.0, 1.0], k=2, ties="average")
    dcg = 1.0 * (1 + 1 / math.log2(3))
    assert got == pytest.approx(dcg / ndcg.idcg([3, 0, 0], k=2), rel=1e-15)


@pytest.mark.parametrize("rule", ["stable", "pessimistic", "optimistic"])
def test_order_rules_across_the_cutoff(rule):
    # A tie straddling k decides which item is kept.
    true, score = [0, 1, 2, 5], [0.5, 0.5, 0.5, 0.9]
    expected = {
        "stable": [5, 0],
        "pessimistic": [5, 0],
        "optimistic": [5, 2],
    }[rule]
    assert ndcg.ndcg_from_scores(true, score, k=2, ties=rule) == pytest.approx(
        ndcg.dcg(expected) / ndcg.idcg(true, k=2), rel=1e-15
    )


def test_distinct_scores_make_the_rules_agree():
    rng = np.random.default_rng(3)
    true = rng.integers(0, 4, 30)
    score = rng.permutation(30).astype(float)
    values = {
        rule: ndcg.ndcg_from_scores(true, score, k=7, ties=rule)
        for rule in ("stable", "average", "pessimistic", "optimistic")
    }
    assert max(values.values()) - min(values.values()) < 1e-14


def test_matrix_equals_row_by_row():
    rng = np.random.default_rng(4)
    true = rng.integers(0, 5, (60, 12))
    score = rng.integers(0, 4, (60, 12)).astype(float)  # many ties
    for rule in ("stable", "average", "pessimistic", "optimistic"):
        for k in (None, 1, 3, 12, 20):
            rows = ndcg.ndcg_from_scores(true, score, k=k, ties=rule, gain="exponential")
            assert isinstance(rows, np.ndarray) and rows.shape == (60,)
            single = [
                ndcg.ndcg_from_scores(t, s, k=k, ties=rule, gain="exponential")
                for t, s in zip(true, score, strict=True)
            ]
            np.testing.assert_allclose(rows, single, rtol=0, atol=1e-14)


def test_matrix_rows_with_no_gain_use_empty():
    got = ndcg.ndcg_from_scores([[0, 0], [1, 0]], [[1, 2], [1, 2]], empty=float("nan"))
    assert math.isnan(got[0]) and got[1] == pytest.approx(1 / math.log2(3))


def test_one_dimensional_returns_float():
    assert isinstance(ndcg.ndcg_from_scores([1, 0], [0.2, 0.1]), float)


def test_stable_matches_list_api_exactly():
    rng = np.random.default_rng(5)
    true = rng.integers(0, 4, 25)
    score = rng.integers(0, 6, 25).astype(float)
    order = np.argsort(-score, kind="stable")
    for k in (None, 5, 10):
        assert ndcg.ndcg_from_scores(true, score, k=k, ties="stable") == pytest.approx(
            ndcg.ndcg(true[order], k=k), rel=1e-15
        )
