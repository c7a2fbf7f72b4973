"""The paired randomization test and the paired bootstrap interval."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ndcg import stats


def _known_difference(
    n: int = 40, shift: float = 0.05, seed: int = 11
) -> tuple[np.ndarray, np.ndarray]:
    # Query difficulty varies a lot, the systems differ a little but consistently.
    rng = np.random.default_rng(seed)
    base = rng.uniform(0.2, 0.9, size=n)
    return base + shift + rng.normal(0, 0.02, size=n), base


def _no_difference(n: int = 40, seed: int = 12) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    base = rng.uniform(0.2, 0.9, size=n)
    return base + rng.normal(0, 0.05, size=n), base + rng.normal(0, 0.05, size=n)


def test_known_difference_is_detected() -> None:
    a, b = _known_difference()
    test = stats.paired_randomization_test(a, b, seed=1)
    interval = stats.paired_bootstrap_ci(a, b, seed=1)
    assert test.p_value < 0.001
    assert test.mean_difference == pytest.approx(np.mean(a - b))
    assert 0.0 < interval.low < interval.mean_difference < interval.high
    assert not interval.covers(0.0)


def test_no_difference_is_not_detected() -> None:
    a, b = _no_difference()
    test = stats.paired_randomization_test(a, b, seed=1)
    interval = stats.paired_bootstrap_ci(a, b, seed=1)
    assert test.p_value > 0.2
    assert interval.covers(0.0)


def test_one_sided_alternatives_point_the_right_way() -> None:
    a, b = _known_difference()
    assert stats.paired_randomization_test(a, b, alternative="greater", seed=2).p_value < 0.001
    assert stats.paired_randomization_test(a, b, alternative="less", seed=2).p_value > 0.99


def test_seed_makes_results_repeatable_and_differs_between_seeds() -> None:
    a, b = _no_difference()
    first = stats.paired_randomization_test(a, b, seed=5, n_resamples=2000)
    again = stats.paired_randomization_test(a, b, seed=5, n_resamples=2000)
    other = stats.paired_randomization_test(a, b, seed=6, n_resamples=2000)
    assert first == again
    assert first.p_value != other.p_value
    assert stats.paired_bootstrap_ci(a, b, seed=5) == stats.paired_bootstrap_ci(a, b, seed=5)


def test_p_value_matches_the_exact_share_of_sign_flips() -> None:
    # Three equal positive differences: 1 of the 8 sign patterns reaches the observed mean
    # (2 of 8 two-sided), so the p-values sit near 1/8 and 1/4.
    a, b = [1.0, 1.0, 1.0], [0.0, 0.0, 0.0]
    greater = stats.paired_randomization_test(a, b, alternative="greater", n_resamples=20_000)
    two_sided = stats.paired_randomization_test(a, b, n_resamples=20_000)
    assert greater.p_value == pytest.approx(1 / 8, abs=0.01)
    assert two_sided.p_value == pytest.approx(1 / 4, abs=0.015)
    assert stats.paired_randomization_test(a, b, n_resamples=1).p_value > 0


def test_identical_systems_give_p_value_one() -> None:
    scores = [0.3, 0.5, 0.9]
    assert stats.paired_randomization_test(scores, scores).p_value == 1.0
    interval = stats.paired_bootstrap_ci(scores, scores)
    assert interval.low == interval.high == 0.0


def test_chunked_resampling_matches_one_shot(monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = _known_difference()
    whole = stats.paired_randomization_test(a, b, n_resamples=500, seed=3)
    monkeypatch.setattr(stats, "_CHUNK_ELEMENTS", 40 * 7)
    chunked = stats.paired_randomization_test(a, b, n_resamples=500, seed=3)
    assert chunked.mean_difference == whole.mean_difference
    assert 0 < chunked.p_value <= 1


def test_series_are_paired_by_index() -> None:
    a = pd.Series([0.9, 0.1, 0.5], index=["q1", "q2", "q3"])
    b = pd.Series([0.5, 0.9, 0.1], index=["q3", "q1", "q2"])
    assert stats.paired_differences(a, b).tolist() == pytest.approx([0.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="same queries"):
        stats.paired_differences(a, b.rename({"q3": "q4"}))


@pytest.mark.parametrize(
    ("a", "b", "error", "message"),
    [
        ([0.1, 0.2], [0.1], ValueError, "a has 2 scores, b has 1"),
        ([0.1], [0.2], ValueError, "at least 2 queries"),
        ([0.1, float("nan")], [0.1, 0.2], ValueError, "a must be finite"),
        ([0.1, 0.2], ["x", "y"], TypeError, "b must hold numbers"),
        ([[0.1, 0.2]], [[0.1, 0.2]], TypeError, "one-dimensional"),
        ([True, False], [0.1, 0.2], TypeError, "a must hold numbers"),
    ],
)
def test_bad_scores_are_rejected(a: object, b: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        stats.paired_randomization_test(a, b)
    with pytest.raises(error, match=message):
        stats.paired_bootstrap_ci(a, b)


def test_bad_options_are_rejected() -> None:
    a, b = [0.1, 0.2, 0.3], [0.2, 0.2, 0.2]
    with pytest.raises(ValueError, match="n_resamples"):
        stats.paired_randomization_test(a, b, n_resamples=0)
    with pytest.raises(TypeError, match="n_resamples"):
        stats.paired_bootstrap_ci(a, b, n_resamples=10.0)
    with pytest.raises(ValueError, match="alternative"):
        stats.paired_randomization_test(a, b, alternative="bigger")
    with pytest.raises(ValueError, match="confidence"):
        stats.paired_bootstrap_ci(a, b, confidence=95)
    with pytest.raises(TypeError, match="seed"):
        stats.paired_bootstrap_ci(a, b, seed=1.5)


def test_docstring_examples_hold() -> None:
    import doctest

    result = doctest.testmod(stats)
    assert result.attempted > 0 and result.failed == 0
