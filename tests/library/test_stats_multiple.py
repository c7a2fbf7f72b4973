"""Corrections for many comparisons at once: Holm and Benjamini-Hochberg."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats as scipy_stats

from ndcg import stats


def test_holm_by_hand():
    # Sorted: 0.001 (x4), 0.01 (x3), 0.02 (x2), 0.5 (x1); then the running maximum.
    raw = [0.02, 0.001, 0.5, 0.01]
    assert stats.adjust_p_values(raw).tolist() == pytest.approx([0.04, 0.004, 0.5, 0.03])


def test_holm_never_exceeds_bonferroni_and_never_goes_below_the_raw_p_value():
    rng = np.random.default_rng(0)
    raw = rng.random(50) ** 3
    holm = stats.adjust_p_values(raw)
    assert (holm >= raw).all() and (holm <= np.minimum(1, 50 * raw) + 1e-15).all()
    assert (holm < np.minimum(1, 50 * raw)).any()


def test_benjamini_hochberg_equals_scipy():
    rng = np.random.default_rng(1)
    raw = rng.random(200) ** 4
    ours = stats.adjust_p_values(raw, method="benjamini-hochberg")
    np.testing.assert_allclose(
        ours, scipy_stats.false_discovery_control(raw, method="bh"), rtol=1e-14
    )
    # Less strict than Holm: it controls the share of false discoveries, not their chance.
    assert (ours <= stats.adjust_p_values(raw) + 1e-15).all()


def test_bad_p_values_are_refused_by_name():
    with pytest.raises(ValueError, match=r"p_values must lie between 0 and 1, got 1.5; pass"):
        stats.adjust_p_values([0.1, 1.5])
    with pytest.raises(ValueError, match="p_values is empty: there is nothing to score"):
        stats.adjust_p_values([])
    with pytest.raises(ValueError, match="method must be one of 'holm', 'benjamini-hochberg'"):
        stats.adjust_p_values([0.1], method="bonferroni")
