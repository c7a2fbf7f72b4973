"""The list API: cg, dcg, idcg, ndcg, breakdown, gains and the empty rule."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from _golden import D_NDCG_UNCUT, SHORT_LIST_NDCG

import ndcg


def test_dcg_formula_by_hand():
    # 3/log2(2) + 2/log2(3) + 1/log2(4)
    assert ndcg.dcg([3, 2, 1]) == pytest.approx(3 + 2 / math.log2(3) + 0.5, rel=1e-15)


def test_exponential_gain():
    assert ndcg.dcg([2, 1], gain="exponential") == pytest.approx(3 + 1 / math.log2(3))


def test_mapping_and_callable_gain_agree():
    grades = [3, 0, 2, 1]
    mapping = {0: 0.0, 1: 1.0, 2: 3.0, 3: 7.0}
    assert ndcg.dcg(grades, gain=mapping) == ndcg.dcg(grades, gain="exponential")
    assert ndcg.dcg(grades, gain=lambda r: 2**r - 1) == ndcg.dcg(grades, gain="exponential")


def test_mapping_may_give_negative_grades_a_gain():
    assert ndcg.dcg([-1, 2], gain={-1: 0, 2: 2}) == pytest.approx(2 / math.log2(3))


def test_ideal_sorts_by_gain_not_grade():
    # A mapping that does not grow with the grade: grade 1 is worth most.
    gain = {0: 0, 1: 5, 2: 1}
    assert ndcg.ndcg([1, 2, 0], gain=gain) == 1.0
    assert ndcg.ndcg([2, 1, 0], gain=gain) < 1.0


def test_k_cuts_and_k_beyond_length_counts_what_is_there():
    rel = [3, 2, 3, 0, 1, 2]
    assert ndcg.dcg(rel, k=2) == pytest.approx(3 + 2 / math.log2(3))
    assert ndcg.dcg(rel, k=100) == ndcg.dcg(rel)
    assert ndcg.cg(rel, k=100) == 11


def test_numpy_integer_k_is_accepted():
    assert ndcg.dcg([3, 2, 1], k=np.int64(2)) == ndcg.dcg([3, 2, 1], k=2)


def test_pool_longer_than_list_uncut_ideal_uses_whole_pool():
    # trec_eval's uncut ndcg: ideal from every judged document.
    assert ndcg.ndcg([3, 2, 3, 0, 1, 2], pool=[3, 2, 3, 0, 1, 2, 3, 2]) == pytest.approx(
        D_NDCG_UNCUT, rel=1e-15
    )


def test_pool_fewer_results_than_k():
    # library_conventions.md: [3, 2] at k=10 with judged pool {3, 2, 3}.
    assert ndcg.ndcg([3, 2], k=10, pool=[3, 2, 3]) == pytest.approx(SHORT_LIST_NDCG, rel=1e-15)
    assert ndcg.ndcg([3, 2], k=10) == 1.0


def test_ideal_order_scores_one():
    assert ndcg.ndcg([3, 3, 2, 1, 0]) == 1.0


def test_empty_rule():
    assert ndcg.ndcg([0, 0, 0]) == 0.0
    assert math.isnan(ndcg.ndcg([0, 0], empty=float("nan")))
    assert ndcg.ndcg([0, 0], empty=1.0) == 1.0
    with pytest.raises(ValueError, match="empty"):
        ndcg.ndcg([0, 0], empty="raise")
    assert ndcg.ndcg([1, 0], empty="raise") == 1.0


def test_breakdown_columns_and_totals():
    table = ndcg.breakdown([3, 2, 3, 0, 1, 2])
    assert isinstance(table, pd.DataFrame)
    assert list(table.columns) == [
        "position",
        "grade",
        "gain",
        "log2(i+1)",
        "discount",
        "discounted_gain",
        "cumulative_dcg",
    ]
    assert table["position"].tolist() == [1, 2, 3, 4, 5, 6]
    assert table["cumulative_dcg"].iloc[-1] == ndcg.dcg([3, 2, 3, 0, 1, 2])
    np.testing.assert_allclose(table["discount"] * table["log2(i+1)"], 1.0)
    np.testing.assert_allclose(table["gain"] * table["discount"], table["discounted_gain"])


def test_breakdown_k_and_gain():
    table = ndcg.breakdown([3, 2, 3], k=2, gain="exponential")
    assert len(table) == 2
    assert table["gain"].tolist() == [7.0, 3.0]


def test_inputs_are_not_modified():
    rel = np.array([3.0, 1.0, 2.0])
    ndcg.ndcg(rel, pool=np.array([3.0, 1.0, 2.0, 2.0]))
    ndcg.breakdown(rel)
    assert rel.tolist() == [3.0, 1.0, 2.0]


def test_public_names():
    for name in (
        "cg",
        "dcg",
        "idcg",
        "ndcg",
        "ndcg_from_scores",
        "breakdown",
        "evaluate",
        "read_qrels",
        "read_run",
        "__version__",
    ):
        assert hasattr(ndcg, name), name
