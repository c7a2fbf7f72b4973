"""Properties that must hold for every input (hypothesis)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import ndcg

grades = st.lists(st.integers(0, 4), min_size=1, max_size=30)
cutoffs = st.none() | st.integers(1, 40)
gains = st.sampled_from(["linear", "exponential", {0: 0, 1: 2, 2: 1, 3: 5, 4: 5}])


@st.composite
def scored(draw):
    true = draw(grades)
    score = draw(st.lists(st.integers(0, 5), min_size=len(true), max_size=len(true)))
    return np.array(true), np.array(score, dtype=float)


@settings(max_examples=300, deadline=None)
@given(grades, cutoffs, gains)
def test_ndcg_between_zero_and_one(rel, k, gain):
    value = ndcg.ndcg(rel, k=k, gain=gain)
    assert 0.0 <= value <= 1.0 + 1e-12


@settings(max_examples=300, deadline=None)
@given(grades, cutoffs, gains, st.lists(st.integers(0, 4), max_size=10))
def test_pool_never_raises_above_one_and_never_helps(rel, k, gain, extra):
    pool = rel + extra
    with_pool = ndcg.ndcg(rel, k=k, gain=gain, pool=pool)
    assert 0.0 <= with_pool <= ndcg.ndcg(rel, k=k, gain=gain) + 1e-12


@settings(max_examples=300, deadline=None)
@given(grades, cutoffs, gains)
def test_ideal_order_scores_one(rel, k, gain):
    ideal = sorted(rel, key=lambda r: ndcg.dcg([r], gain=gain), reverse=True)
    value = ndcg.ndcg(ideal, k=k, gain=gain)
    assert value == 0.0 if ndcg.idcg(rel, k=k, gain=gain) == 0 else abs(value - 1.0) < 1e-12


@settings(max_examples=300, deadline=None)
@given(scored(), cutoffs, gains)
def test_pessimistic_average_optimistic_are_ordered(data, k, gain):
    true, score = data
    low, mid, high = (
        ndcg.ndcg_from_scores(true, score, k=k, gain=gain, ties=rule)
        for rule in ("pessimistic", "average", "optimistic")
    )
    stable = ndcg.ndcg_from_scores(true, score, k=k, gain=gain, ties="stable")
    assert low <= mid + 1e-12 and mid <= high + 1e-12
    assert low <= stable + 1e-12 and stable <= high + 1e-12


@settings(max_examples=300, deadline=None)
@given(grades, cutoffs, st.data())
def test_moving_a_higher_grade_up_never_lowers_dcg(rel, k, data):
    if len(rel) < 2:
        return
    i = data.draw(st.integers(0, len(rel) - 2))
    j = data.draw(st.integers(i + 1, len(rel) - 1))
    swapped = list(rel)
    if swapped[j] > swapped[i]:  # put the higher grade at the better position i
        swapped[i], swapped[j] = swapped[j], swapped[i]
    for gain in ("linear", "exponential"):
        assert ndcg.dcg(swapped, k=k, gain=gain) >= ndcg.dcg(rel, k=k, gain=gain) - 1e-12


@settings(max_examples=200, deadline=None)
@given(grades, cutoffs)
def test_dcg_equals_breakdown_total_and_cg_ignores_order(rel, k):
    assert ndcg.breakdown(rel, k=k)["cumulative_dcg"].iloc[-1] == ndcg.dcg(rel, k=k)
    assert ndcg.cg(rel, k=None) == ndcg.cg(sorted(rel), k=None)
