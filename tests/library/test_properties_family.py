"""Properties of NDCG's family and the discounts that must hold for every input (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ndcg

grades = st.lists(st.integers(0, 4), min_size=1, max_size=25)
cutoffs = st.none() | st.integers(1, 30)
thresholds = st.sampled_from([1, 2, 4])
persistence = st.sampled_from([0.5, 0.8, 0.95])
discounts = st.sampled_from(["log2", "reciprocal", ("log", 2), ("log", 5), ("geometric", 0.7)])


def family(rel, k, threshold, p, discount):
    """Every metric of a list; each of them can only grow when a better document moves up."""
    pool = rel + [threshold]  # one relevant document judged but not retrieved
    return {
        "precision": ndcg.precision(rel, k=k, threshold=threshold),
        "recall": ndcg.recall(rel, k=k, threshold=threshold, pool=pool),
        "ap": ndcg.average_precision(rel, k=k, threshold=threshold, pool=pool),
        "rr": ndcg.reciprocal_rank(rel, k=k, threshold=threshold),
        "err": ndcg.err(rel, k=k, max_grade=4),
        "rbp": ndcg.rbp(rel, p=p, k=k, threshold=threshold),
        "dcg": ndcg.dcg(rel, k=k, discount=discount),
        "ndcg": ndcg.ndcg(rel, k=k, pool=pool, discount=discount),
    }


@settings(max_examples=150, deadline=None)
@given(grades, cutoffs, thresholds, persistence, discounts)
def test_every_metric_lies_in_its_bounds(rel, k, threshold, p, discount):
    values = family(rel, k, threshold, p, discount)
    for name in ("precision", "recall", "ap", "rr", "ndcg"):
        assert 0.0 <= values[name] <= 1.0 + 1e-12, name
    # No document satisfies for sure (R(4) = 15/16), so the reader may read on forever.
    assert 0.0 <= values["err"] < 1.0
    depth = min(len(rel), k or len(rel))
    assert 0.0 <= values["rbp"] <= 1 - p**depth + 1e-12
    # RBP plus its residual never exceeds 1, and equals 1 for a list read in full.
    residual = ndcg.rbp_residual(rel, p=p, k=k)
    assert values["rbp"] + residual <= 1.0 + 1e-12
    assert ndcg.rbp([threshold] * len(rel), p=p, k=k) + residual == pytest.approx(1.0)


@settings(max_examples=150, deadline=None)
@given(grades, cutoffs, thresholds, persistence, discounts, st.data())
def test_moving_a_better_document_up_never_lowers_any_metric(rel, k, threshold, p, discount, data):
    if len(rel) < 2:
        return
    i = data.draw(st.integers(0, len(rel) - 2))
    j = data.draw(st.integers(i + 1, len(rel) - 1))
    if rel[j] <= rel[i]:
        return
    better = list(rel)
    better[i], better[j] = rel[j], rel[i]  # the higher grade moves up to position i
    before = family(rel, k, threshold, p, discount)
    after = family(better, k, threshold, p, discount)
    for name, value in before.items():
        assert after[name] >= value - 1e-12, (name, rel, better)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 2) | st.none(), min_size=1, max_size=20), cutoffs, persistence)
def test_the_residual_bounds_rbp_whatever_the_unjudged_turn_out_to_be(rel, k, p):
    low = ndcg.rbp(rel, p=p, k=k)
    high = low + ndcg.rbp_residual(rel, p=p, k=k)
    for fill in (0, 2):
        judged = [fill if grade is None else grade for grade in rel]
        assert low - 1e-12 <= ndcg.rbp(judged, p=p, k=k) <= high + 1e-12


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 1), min_size=1, max_size=20), cutoffs)
def test_reciprocal_rank_is_the_cascade_of_a_reader_any_relevant_document_satisfies(rel, k):
    first = next((i for i, grade in enumerate(rel[: k or len(rel)], 1) if grade), None)
    assert ndcg.reciprocal_rank(rel, k=k) == (0.0 if first is None else 1 / first)
