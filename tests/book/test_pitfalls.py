"""The museum of mistakes: each broken variant gives its documented wrong number, the
library gives the right one, and the test names the difference that catches the mistake."""

from __future__ import annotations

import itertools

import _golden
import numpy as np
import pytest

import ndcg
from ndcg.teaching import examples, pitfalls

FIRST_LIST = examples.FRACTIONAL_SCORES


def test_industry_dcg_returns_inside_the_loop_and_doubles_instead_of_exponentiating() -> None:
    assert pitfalls.broken_industry_dcg(FIRST_LIST, k=5) == pytest.approx(0.98, abs=1e-12)
    right = ndcg.dcg(FIRST_LIST, k=5, gain="exponential")
    assert right == pytest.approx(_golden.FRACTIONAL_EXP_DCG_AT_5, rel=1e-12)
    # What catches it: the broken value ignores everything after the first position.
    assert pitfalls.broken_industry_dcg((0.99, 0.0, 0.0), k=3) == pitfalls.broken_industry_dcg(
        FIRST_LIST, k=5
    )
    assert ndcg.dcg((0.99, 0.0, 0.0), k=3, gain="exponential") < right


def test_ideal_from_the_top_k_inflates_the_score() -> None:
    broken = pitfalls.broken_ndcg_ideal_from_top_k(examples.D_RELEVANCE, k=6)
    right = ndcg.ndcg(examples.D_RELEVANCE, k=6, pool=examples.D_POOL)
    assert broken == pytest.approx(_golden.D_NDCG_RETRIEVED_ONLY, rel=1e-12)
    assert right == pytest.approx(_golden.D_NDCG_AT_6, rel=1e-12)
    fractional_broken = np.mean(
        [pitfalls.broken_ndcg_ideal_from_top_k(lst, k=5) for lst in examples.FRACTIONAL_SCORE_LISTS]
    )
    fractional_right = np.mean([ndcg.ndcg(lst, k=5) for lst in examples.FRACTIONAL_SCORE_LISTS])
    assert fractional_broken == pytest.approx(_golden.FRACTIONAL_MEAN_NDCG_TOP5_IDEAL, rel=1e-12)
    assert fractional_right == pytest.approx(_golden.FRACTIONAL_MEAN_NDCG_WHOLE_IDEAL, rel=1e-12)


def test_ideal_by_filtering_only_has_depth_six_by_coincidence() -> None:
    assert pitfalls.broken_ideal_by_filtering(examples.D_POOL) == [3, 3, 3, 2, 2, 2]
    assert ndcg.idcg(examples.D_RELEVANCE, k=6, pool=examples.D_POOL) == pytest.approx(
        _golden.D_IDCG_AT_6, rel=1e-12
    )
    # Grade D8 as 1 instead of 2 and the filter keeps five grades, not six.
    pool = (3, 2, 3, 0, 1, 2, 3, 1)
    broken_ideal = pitfalls.broken_ideal_by_filtering(pool)
    assert len(broken_ideal) == 5
    assert ndcg.dcg(broken_ideal) < ndcg.idcg((3, 2, 3, 0, 1, 2), k=6, pool=pool)


def test_rounded_terms_drift_from_the_exact_dcg() -> None:
    broken = pitfalls.broken_rounded_dcg(examples.D_RELEVANCE)
    assert broken == _golden.D_DCG_ROUNDED_TERMS
    assert ndcg.dcg(examples.D_RELEVANCE) == pytest.approx(_golden.D_DCG, rel=1e-14)
    assert abs(broken - ndcg.dcg(examples.D_RELEVANCE)) > 1e-4


def test_first_sample_class_hides_a_length_mismatch_as_zero() -> None:
    broken = pitfalls.BrokenFirstSampleNdcg(examples.FIVE_ITEMS_RELEVANCE)
    assert broken.idcg == pytest.approx(_golden.FIVE_IDCG, rel=1e-12)
    assert broken.score() == pytest.approx(_golden.FIVE_NDCG, rel=1e-12)
    assert broken.score((5, 4, 3, 2)) == 0.0
    right = ndcg.ndcg((5, 4, 3, 2), gain="exponential", pool=examples.FIVE_ITEMS_RELEVANCE)
    assert 0.9 < right < 1.0
    # The library refuses a list that cannot come from the judged pool instead of scoring 0.
    with pytest.raises(ValueError, match="pool"):
        ndcg.ndcg((5, 5, 4), gain="exponential", pool=examples.FIVE_ITEMS_RELEVANCE)


def test_mixed_gains_turn_a_worse_ranking_into_an_apparent_gain() -> None:
    before, after = (3, 2, 3, 0, 1, 2), (3, 2, 2, 1, 3, 0)
    old_report, new_report = pitfalls.broken_mixed_gain_reports(before, after)
    assert new_report > old_report
    for gain in ("linear", "exponential"):
        assert ndcg.ndcg(after, gain=gain) < ndcg.ndcg(before, gain=gain)
    assert old_report == pytest.approx(ndcg.ndcg(before, gain="exponential"), rel=1e-12)
    assert new_report == pytest.approx(ndcg.ndcg(after), rel=1e-12)


def test_ascending_sort_puts_the_worst_guesses_first() -> None:
    broken = pitfalls.broken_ascending_ndcg(examples.RATINGS_TRUE, examples.RATINGS_ESTIMATE, k=10)
    right = ndcg.ndcg_from_scores(
        examples.RATINGS_TRUE, examples.RATINGS_ESTIMATE, k=10, gain="linear", ties="stable"
    )
    assert broken == pytest.approx(0.765353095488256, rel=1e-12)
    assert right > 0.95 > broken


def test_broken_functions_still_validate_their_arguments() -> None:
    with pytest.raises(ValueError, match="k must be at least 1"):
        pitfalls.broken_industry_dcg(FIRST_LIST, k=0)
    with pytest.raises(TypeError, match="relevance"):
        pitfalls.broken_rounded_dcg(["a", "b"])
    with pytest.raises(ValueError, match="same length"):
        pitfalls.broken_ascending_ndcg([1, 2], [0.5])
    with pytest.raises(ValueError, match="gain"):
        pitfalls.broken_ndcg_ideal_from_top_k(FIRST_LIST, k=5, gain="cubic")


def test_probability_formula_divides_by_log_one() -> None:
    scala = examples.FIVE_ITEMS_RELEVANCE
    # Summed from j = 0 as the post writes it, the first term divides by log(1) = 0.
    assert pitfalls.broken_probability_formula(scala) == float("inf")
    assert np.isnan(pitfalls.broken_probability_formula((0, 3, 2)))
    # Summed from j = 1 the formula is NDCG with exponential gain, the post's 0.801 (exactly:)
    assert ndcg.ndcg(scala, gain="exponential") == pytest.approx(_golden.FIVE_NDCG, rel=1e-14)


def test_ndcg_of_every_order_is_not_a_distribution() -> None:
    orders = list(itertools.permutations(examples.FIVE_ITEMS_RELEVANCE))
    scores = [ndcg.ndcg(order, gain="exponential") for order in orders]
    assert len(orders) == 120
    # A probability over the 120 orders would add up to 1; the NDCGs add up to 88.
    assert sum(scores) == pytest.approx(_golden.FIVE_ALL_ORDERS_NDCG_SUM, rel=1e-12)
    assert min(scores) == pytest.approx(_golden.FIVE_ALL_ORDERS_NDCG_MIN, rel=1e-12)
    assert max(scores) == 1.0


def test_typed_positions_that_skip_one_shift_the_discount() -> None:
    typed = (1, 2, 3, 4, 5, 6, 7, 9)
    broken = pitfalls.broken_dcg_typed_positions(examples.D_POOL, typed)
    right = ndcg.dcg(examples.D_POOL)
    assert broken == pytest.approx(_golden.D_POOL_DCG_SKIPPED_POSITION, rel=1e-12)
    assert right == pytest.approx(_golden.D_POOL_DCG, rel=1e-12)
    # With the positions derived from the order, the two agree.
    assert pitfalls.broken_dcg_typed_positions(examples.D_POOL, range(1, 9)) == pytest.approx(
        right, rel=1e-12
    )
    with pytest.raises(ValueError, match="same length"):
        pitfalls.broken_dcg_typed_positions(examples.D_POOL, typed[:-1])


def test_a_system_graded_by_its_own_scores_always_scores_one() -> None:
    estimates = examples.RATINGS_ESTIMATE
    reversed_estimates = [6 - e for e in estimates]
    for scores in (estimates, reversed_estimates):
        assert pitfalls.broken_self_graded_ndcg(scores, k=10) == 1.0
    # Graded by the true ratings, the two systems are far apart.
    good = ndcg.ndcg_from_scores(examples.RATINGS_TRUE, estimates, k=10, gain="exponential")
    bad = ndcg.ndcg_from_scores(examples.RATINGS_TRUE, reversed_estimates, k=10, gain="exponential")
    assert good == pytest.approx(_golden.RATINGS_NDCG_AVERAGE_AT_10, rel=1e-14)
    assert bad == pytest.approx(0.6124760148133414, rel=1e-12)
