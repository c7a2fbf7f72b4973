"""NDCG's family and the discounts: worked examples by hand, D1-D6, errors, evaluate's columns.

Each worked example is written out term by term in exact fractions, so a reader can follow
it with pencil and paper and the test compares the library with that arithmetic.
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import numpy as np
import pandas as pd
import pytest
from _golden import D_DCG, D_NDCG_AT_6, D_NDCG_UNCUT

import ndcg
from ndcg.teaching import examples

D = list(examples.D_RELEVANCE)  # 3, 2, 3, 0, 1, 2
D_SWAPPED = [3, 2, 0, 3, 1, 2]
POOL = list(examples.D_POOL)  # D7 = 3 and D8 = 2 judged, not retrieved


def close(value: float, exact: F) -> bool:
    return value == pytest.approx(float(exact), rel=1e-15, abs=1e-17)


# --- worked examples on D1-D6 ------------------------------------------------------------


def test_precision_and_recall_of_d1_d6():
    # Relevant (grade >= 1): D1, D2, D3, D5, D6; D4 is not. With D7, D8: 7 relevant judged.
    assert ndcg.precision(D, k=4) == 0.75  # D1, D2, D3 of the first four
    assert ndcg.precision(D, k=4, threshold=3) == 0.5  # D1 and D3 have grade 3
    assert ndcg.precision(D, k=10) == 0.5  # five relevant over k = 10, as trec_eval's P_10
    assert ndcg.precision(D) == 5 / 6
    assert close(ndcg.recall(D, k=6, pool=POOL), F(5, 7))
    assert close(ndcg.recall(D, k=6), F(5, 5))


def test_average_precision_of_d1_d6_and_its_swap():
    # Precision at each relevant rank: 1/1, 2/2, 3/3, 4/5, 5/6, over the 7 relevant judged.
    by_hand = (F(1, 1) + F(2, 2) + F(3, 3) + F(4, 5) + F(5, 6)) / 7
    assert close(ndcg.average_precision(D, pool=POOL), by_hand)
    # Swapping D3 and D4 moves a relevant document down: 1/1, 2/2, 3/4, 4/5, 5/6.
    swapped = (F(1, 1) + F(2, 2) + F(3, 4) + F(4, 5) + F(5, 6)) / 7
    assert close(ndcg.average_precision(D_SWAPPED, pool=POOL), swapped)
    # AP@3 stops summing at rank 3 but still divides by all 7 (trec_eval's map_cut_3).
    assert close(ndcg.average_precision(D, k=3, pool=POOL), F(3, 7))


def test_reciprocal_rank_is_one_over_the_first_relevant_rank():
    assert ndcg.reciprocal_rank(D) == 1.0
    assert ndcg.reciprocal_rank([0, 0, 1, 3]) == 1 / 3
    assert ndcg.reciprocal_rank([0, 0, 1, 3], threshold=3) == 0.25
    assert ndcg.reciprocal_rank([0, 0, 1, 3], k=2) == 0.0
    assert ndcg.reciprocal_rank([0, 0]) == 0.0


def test_err_of_d1_d6_by_hand():
    # R(g) = (2**g - 1) / 2**3 on the 0..3 scale: R(3) = 7/8, R(2) = 3/8, R(1) = 1/8, R(0) = 0.
    R = {3: F(7, 8), 2: F(3, 8), 1: F(1, 8), 0: F(0)}

    def cascade(grades):
        total, reach = F(0), F(1)
        for rank, grade in enumerate(grades, start=1):
            total += reach * R[grade] / rank  # reached, satisfied here, rewarded 1/rank
            reach *= 1 - R[grade]
        return total

    # Written out: 7/8 + (1/8)(3/8)/2 + (1/8)(5/8)(7/8)/3 + 0 + (1/8)(5/8)(1/8)(1/8)/5 + ...
    first_terms = F(7, 8) + F(1, 8) * F(3, 8) / 2 + F(1, 8) * F(5, 8) * F(7, 8) / 3
    assert cascade(D[:3]) == first_terms
    assert close(ndcg.err(D, max_grade=3), cascade(D))
    assert close(ndcg.err(D_SWAPPED, max_grade=3), cascade(D_SWAPPED))
    assert close(ndcg.err(D, k=2, max_grade=3), cascade(D[:2]))
    # On gdeval's 0..4 scale the same list scores lower: R(3) is 7/16.
    assert ndcg.err([3], max_grade=4) == 7 / 16


def test_rbp_of_d1_d6_by_hand():
    # p = 0.8: (1 - p) * (1 + p + p**2 + 0 + p**4 + p**5), relevant at 1, 2, 3, 5, 6.
    p = F(4, 5)
    by_hand = (1 - p) * (1 + p + p**2 + p**4 + p**5)
    assert close(ndcg.rbp(D, p=0.8), by_hand)
    assert close(ndcg.rbp(D_SWAPPED, p=0.8), (1 - p) * (1 + p + p**3 + p**4 + p**5))
    # Nothing unjudged: the residual is the tail after rank 6, p**6.
    assert close(ndcg.rbp_residual(D, p=0.8), p**6)
    assert close(ndcg.rbp_residual(D, p=0.8, k=3), p**3)


def test_rbp_residual_counts_unjudged_positions_and_the_tail():
    p = F(1, 2)
    # D3 never judged: it could be relevant, worth (1 - p) * p**2; then the tail p**6.
    unjudged = [3, 2, None, 0, 1, 2]
    assert close(ndcg.rbp_residual(unjudged, p=0.5), (1 - p) * p**2 + p**6)
    assert close(ndcg.rbp(unjudged, p=0.5), (1 - p) * (1 + p + p**4 + p**5))
    # Condensed, the unjudged document leaves: five documents, nothing unknown but the tail.
    assert close(ndcg.rbp_residual(unjudged, p=0.5, unjudged="condense"), p**5)
    # Whatever D3 turns out to be, the true RBP lies within [rbp, rbp + residual].
    low = ndcg.rbp(unjudged, p=0.5)
    high = low + ndcg.rbp_residual(unjudged, p=0.5)
    assert low == ndcg.rbp([3, 2, 0, 0, 1, 2], p=0.5)
    assert ndcg.rbp(D, p=0.5) <= high


def test_unjudged_positions_follow_the_policy():
    assert ndcg.precision([1, None, 1], k=2) == 0.5
    assert ndcg.precision([1, None, 1], k=2, unjudged="condense") == 1.0
    with pytest.raises(ValueError, match=r"unjudged='raise': relevance has 1 unjudged"):
        ndcg.average_precision([1, None], unjudged="raise")


# --- discounts ----------------------------------------------------------------------------


def test_the_default_discount_is_unchanged_and_can_be_named():
    assert ndcg.dcg(D) == D_DCG
    assert ndcg.dcg(D, discount="log2") == ndcg.dcg(D)
    assert ndcg.ndcg(D, k=6, pool=POOL, discount="log2") == D_NDCG_AT_6


def test_jarvelin_kekalainen_log_b_discounts_from_rank_b():
    # b = 2: ranks 1 and 2 undiscounted (log2(2) = 1), then 1/log2(i).
    by_hand = 3 + 2 + 3 / math.log2(3) + 0 + 1 / math.log2(5) + 2 / math.log2(6)
    assert ndcg.dcg(D, discount=("log", 2)) == pytest.approx(by_hand, rel=1e-15)
    # A patient reader (b = 10) discounts nothing in the first ten ranks: DCG = CG.
    assert ndcg.dcg(D, discount=("log", 10)) == ndcg.cg(D)


def test_reciprocal_and_geometric_discounts():
    assert close(ndcg.dcg(D, discount="reciprocal"), F(3) + F(2, 2) + F(3, 3) + F(1, 5) + F(2, 6))
    p = F(1, 2)
    by_hand = 3 + 2 * p + 3 * p**2 + p**4 + 2 * p**5
    assert close(ndcg.dcg(D, discount=("geometric", 0.5)), by_hand)
    # Binary gains under the geometric discount are RBP without its factor 1 - p.
    binary = [1, 0, 1, 1, 0]
    assert ndcg.dcg(binary, discount=("geometric", 0.8)) * 0.2 == pytest.approx(
        ndcg.rbp(binary, p=0.8), rel=1e-15
    )


def test_ndcg_idcg_breakdown_and_scores_take_the_discount():
    geometric = ("geometric", 0.8)
    assert ndcg.ndcg(D, pool=POOL, discount=geometric) == pytest.approx(
        ndcg.dcg(D, discount=geometric) / ndcg.idcg(D, pool=POOL, discount=geometric), rel=1e-15
    )
    table = ndcg.breakdown(D, discount="reciprocal")
    assert list(table.columns) == [
        "position", "grade", "gain", "discount", "discounted_gain", "cumulative_dcg"
    ]  # fmt: skip
    assert table["discount"].tolist() == [1, 1 / 2, 1 / 3, 1 / 4, 1 / 5, 1 / 6]
    assert table["cumulative_dcg"].iloc[-1] == ndcg.dcg(D, discount="reciprocal")
    scores = [6, 5, 4, 3, 2, 1]
    assert ndcg.ndcg_from_scores(D, scores, discount="reciprocal") == ndcg.ndcg(
        D, discount="reciprocal"
    )


@pytest.mark.parametrize(
    ("discount", "error", "message"),
    [
        ("log", ValueError, "discount 'log' takes a parameter b: pass discount=('log', 2)"),
        (("log", 1), ValueError, "discount's b must be a finite number above 1"),
        (("geometric", 1.0), ValueError, "discount's p must lie strictly between 0 and 1"),
        (("reciprocal", 2), ValueError, "discount 'reciprocal' takes no parameter"),
        ("log10", ValueError, "discount must be 'log2' (default), 'reciprocal', ('log', 2)"),
        (2, TypeError, "discount must be 'log2' (default)"),
        (("geometric", "0.8"), TypeError, "discount's p must be a number, got str '0.8'"),
    ],
)
def test_a_bad_discount_is_refused_by_name(discount, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        ndcg.ndcg(D, discount=discount)


# --- argument errors ------------------------------------------------------------------------


def test_err_needs_its_scale_and_grades_within_it():
    with pytest.raises(TypeError, match="missing a required argument: 'max_grade'"):
        ndcg.err(D)
    with pytest.raises(
        ValueError,
        match=r"grade 5, above ERR's scale 0..max_grade=4; pass the top .* \(e.g. max_grade=5\)",
    ):
        ndcg.err([5, 1], max_grade=4)
    with pytest.raises(ValueError, match=r"holds the grade -1, below ERR's scale 0..max_grade=4"):
        ndcg.err([-1, 1], max_grade=4)
    with pytest.raises(ValueError, match="max_grade must be above 0 and at most 1023"):
        ndcg.err([1], max_grade=0)
    with pytest.raises(TypeError, match="too many positional arguments"):
        ndcg.err([1], 1, 4)  # max_grade is keyword-only: it is never taken by position


def test_threshold_p_and_empty_are_checked():
    with pytest.raises(ValueError, match=r"threshold must be a finite number above 0 \(a grade"):
        ndcg.precision(D, threshold=0)
    with pytest.raises(ValueError, match="p must lie strictly between 0 and 1, got 1"):
        ndcg.rbp(D, p=1)
    with pytest.raises(ValueError, match="empty='raise': no judged document is relevant"):
        ndcg.average_precision([0, 0], empty="raise")
    assert ndcg.recall([0, 0]) == 0.0 and math.isnan(ndcg.recall([0, 0], empty=float("nan")))
    with pytest.raises(ValueError, match="pool must hold every retrieved grade"):
        ndcg.recall([3, 3], pool=[3])


# --- evaluate's columns -------------------------------------------------------------------


def d_frames() -> tuple[pd.DataFrame, pd.DataFrame]:
    qrels = pd.DataFrame(
        {"query_id": "q1", "doc_id": [f"D{i}" for i in range(1, 9)], "relevance": POOL}
    )
    run = pd.DataFrame(
        {"query_id": "q1", "doc_id": [f"D{i}" for i in range(1, 7)], "score": [6, 5, 4, 3, 2, 1]}
    )
    return qrels, run


def test_evaluate_columns_equal_the_list_api_on_d1_d6():
    qrels, run = d_frames()
    table = ndcg.evaluate(
        qrels,
        run,
        k=[None, 3],
        metrics=["ndcg", "precision", "recall", "ap", "rr", "err", "rbp", "rbp_residual"],
        max_grade=3,
        discount=("geometric", 0.8),
    )
    assert list(table.columns) == [
        "query_id", "ndcg", "ndcg@3", "precision", "precision@3", "recall", "recall@3",
        "ap", "ap@3", "rr", "rr@3", "err", "err@3", "rbp", "rbp@3", "rbp_residual",
        "rbp_residual@3",
    ]  # fmt: skip
    row = table.iloc[0]
    for k, suffix in ((None, ""), (3, "@3")):
        assert row["ndcg" + suffix] == ndcg.ndcg(D, k=k, pool=POOL, discount=("geometric", 0.8))
        assert row["precision" + suffix] == ndcg.precision(D, k=k)
        assert row["recall" + suffix] == ndcg.recall(D, k=k, pool=POOL)
        assert row["ap" + suffix] == ndcg.average_precision(D, k=k, pool=POOL)
        assert row["rr" + suffix] == ndcg.reciprocal_rank(D, k=k)
        assert row["err" + suffix] == ndcg.err(D, k=k, max_grade=3)
        assert row["rbp" + suffix] == ndcg.rbp(D, k=k)
        assert row["rbp_residual" + suffix] == ndcg.rbp_residual(D, k=k)


def test_evaluate_default_output_is_unchanged():
    qrels, run = d_frames()
    assert list(ndcg.evaluate(qrels, run, k=[None, 3]).columns) == ["query_id", "ndcg", "ndcg@3"]
    assert ndcg.evaluate(qrels, run)["ndcg"][0] == D_NDCG_UNCUT


def test_dense_and_table_paths_agree_on_the_family():
    rng = np.random.default_rng(3)
    grades = rng.integers(-1, 4, (40, 12)).astype(float)
    scores = rng.integers(0, 5, (40, 12)).astype(float)
    metrics = ["precision", "recall", "ap", "rr", "err", "rbp", "rbp_residual", "ndcg"]
    options = {"k": [None, 5], "metrics": metrics, "max_grade": 3, "discount": "reciprocal"}
    for ties in ("trec_eval", "pessimistic", "optimistic"):
        dense = ndcg.evaluate(grades, scores, ties=ties, **options)
        cells = pd.DataFrame(
            [(q, d, grades[q, d], scores[q, d]) for q in range(40) for d in range(12)],
            columns=["query_id", "doc_id", "relevance", "score"],
        )
        qrels, run = (
            cells[["query_id", "doc_id", "relevance"]],
            cells[["query_id", "doc_id", "score"]],
        )
        table = ndcg.evaluate(qrels, run, ties=ties, **options)
        pd.testing.assert_frame_equal(dense, table, check_dtype=False, rtol=1e-14)


def test_averaged_ties_serve_the_metrics_that_add_up_gains_by_position():
    # Two tied documents, one relevant: precision@1 is the mean over both orders, 1/2.
    grades, scores = [[1, 0]], [[0.5, 0.5]]
    table = ndcg.evaluate(grades, scores, k=1, metrics=["precision", "rbp"], ties="average", p=0.5)
    assert table["precision@1"][0] == 0.5 and table["rbp@1"][0] == 0.25
    with pytest.raises(ValueError, match="ties='average' cannot score 'ap'"):
        ndcg.evaluate(grades, scores, metrics=["precision", "ap"], ties="average")


def test_evaluate_refuses_err_without_a_scale_and_names_a_grade_above_it():
    qrels, run = d_frames()
    with pytest.raises(ValueError, match="metrics includes 'err', which needs the top"):
        ndcg.evaluate(qrels, run, metrics="err")
    with pytest.raises(
        ValueError,
        match=r"qrels\['relevance'\] holds the grade 3, above ERR's scale 0..max_grade=2",
    ):
        ndcg.evaluate(qrels, run, metrics="err", max_grade=2)
    with pytest.raises(ValueError, match="metrics must be one of 'ndcg', 'precision'"):
        ndcg.evaluate(qrels, run, metrics="map")
    with pytest.raises(ValueError, match="metrics names 'ap' twice"):
        ndcg.evaluate(qrels, run, metrics=["ap", "ap"])


def test_missing_queries_score_zero_and_know_nothing():
    qrels, run = d_frames()
    more = pd.concat([qrels, qrels.assign(query_id="q2")], ignore_index=True)
    table = ndcg.evaluate(more, run, metrics=["ap", "rbp", "rbp_residual"], missing="zero")
    q2 = table.set_index("query_id").loc["q2"]
    assert q2.tolist() == [0.0, 0.0, 1.0]
