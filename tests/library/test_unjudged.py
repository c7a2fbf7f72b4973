"""Unjudged documents: one policy (zero, condense, raise) across the library and the widget."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
import traitlets
from _golden import SHORT_LIST_NDCG, UNJUDGED_ZERO_NDCG

import ndcg
from ndcg.widgets import RankingWidget

RANKED = [3, None, 2]
POOL = [3, 2, 3]
# zero: 3 + 0 + 2/log2(4); condense: 3 + 2/log2(3); the ideal 3 + 3/log2(3) + 2/log2(4).
ZERO_DCG = 4.0
CONDENSED_DCG = 3 + 2 / math.log2(3)
IDEAL = 3 + 3 / math.log2(3) + 1.0


def test_ndcg_accepts_none_for_an_unjudged_position() -> None:
    assert ndcg.ndcg(RANKED, pool=POOL) == ZERO_DCG / IDEAL == UNJUDGED_ZERO_NDCG
    assert ndcg.ndcg(RANKED, pool=POOL, unjudged="condense") == SHORT_LIST_NDCG
    assert ndcg.ndcg(RANKED, pool=POOL, unjudged="condense") == ndcg.ndcg([3, 2], pool=POOL)
    # "zero" is trec_eval's reading: the same figure as a judged 0 in that place.
    assert ndcg.ndcg(RANKED, pool=POOL) == ndcg.ndcg([3, 0, 2], pool=[3, 2, 3, 0])


def test_each_list_function_applies_the_policy() -> None:
    assert ndcg.dcg(RANKED) == ZERO_DCG
    assert ndcg.dcg(RANKED, unjudged="condense") == CONDENSED_DCG
    assert ndcg.cg(RANKED, k=2) == 3.0
    assert ndcg.cg(RANKED, k=2, unjudged="condense") == 5.0
    assert ndcg.idcg(RANKED, pool=POOL) == ndcg.idcg(RANKED, pool=POOL, unjudged="condense")
    assert ndcg.idcg(RANKED) == ndcg.idcg([3, 2])  # unjudged positions never enter the ideal
    table = ndcg.breakdown(RANKED)
    assert table["position"].tolist() == [1, 2, 3]
    assert math.isnan(table["grade"][1]) and table["gain"].tolist() == [3.0, 0.0, 2.0]
    assert table["cumulative_dcg"].iloc[-1] == ZERO_DCG
    condensed = ndcg.breakdown(RANKED, unjudged="condense")
    assert condensed["grade"].tolist() == [3.0, 2.0]
    assert condensed["cumulative_dcg"].iloc[-1] == CONDENSED_DCG


@pytest.mark.parametrize(
    "call",
    [
        lambda: ndcg.cg(RANKED, unjudged="raise"),
        lambda: ndcg.dcg(RANKED, unjudged="raise"),
        lambda: ndcg.idcg(RANKED, pool=POOL, unjudged="raise"),
        lambda: ndcg.ndcg(RANKED, pool=POOL, unjudged="raise"),
        lambda: ndcg.breakdown(RANKED, unjudged="raise"),
    ],
)
def test_raise_says_how_many_positions_are_unjudged(call) -> None:
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value).startswith(
        "unjudged='raise': relevance has 1 unjudged position(s) (None); judge them, or pass "
        "unjudged='zero'"
    )


def test_unjudged_gains_nothing_whatever_the_gain() -> None:
    gain = {2: 1, 3: 4}  # no entry for an unjudged position is needed
    assert ndcg.dcg(RANKED, gain=gain) == 4 + 1 / math.log2(4)
    assert ndcg.dcg([None, None]) == 0.0
    assert ndcg.ndcg([None, None], pool=[1]) == 0.0
    assert ndcg.ndcg([None], unjudged="condense") == 0.0  # nothing left, ideal 0: empty=0.0
    with pytest.raises(ValueError, match="ideal DCG is 0"):
        ndcg.ndcg([None], unjudged="condense", empty="raise")


def test_pool_check_skips_unjudged_positions() -> None:
    with pytest.raises(ValueError, match="grade 2 appears once in relevance but 0 times in pool"):
        ndcg.ndcg(RANKED, pool=[3, 3])


@pytest.mark.parametrize("bad", [math.nan, float("nan"), np.nan])
def test_nan_is_a_bad_input_not_an_unjudged_one(bad) -> None:
    with pytest.raises(ValueError) as info:
        ndcg.ndcg([3, bad, 2])
    assert str(info.value) == (
        "relevance must be finite: found nan at index 1; mark an unjudged position with None"
    )


def test_none_in_a_pool_or_scores_is_refused() -> None:
    with pytest.raises(TypeError, match="pool must hold numbers; found NoneType None at index 1"):
        ndcg.ndcg([3], pool=[3, None])
    with pytest.raises(TypeError, match="y_score must hold numbers; found NoneType None"):
        ndcg.ndcg_from_scores([3, 2], [0.5, None])


@pytest.mark.parametrize("unjudged", ["zerro", None, 0])
def test_unknown_policy_is_refused_by_name(unjudged) -> None:
    with pytest.raises((TypeError, ValueError)) as info:
        ndcg.ndcg(RANKED, unjudged=unjudged)
    assert str(info.value) == (
        f"unjudged must be one of 'zero', 'condense', 'raise'; got {unjudged!r}"
    )


def test_ideal_order_leaves_unjudged_positions_out() -> None:
    assert ndcg.ideal_order([2, None, 3, 2]).tolist() == [2, 0, 3]


# --- ndcg_from_scores -----------------------------------------------------------------------


def test_scores_with_unjudged_items() -> None:
    true, score = [3, None, 2, 1], [0.9, 0.8, 0.7, 0.1]
    assert ndcg.ndcg_from_scores(true, score) == ndcg.ndcg([3, None, 2, 1])
    condensed = ndcg.ndcg_from_scores(true, score, unjudged="condense")
    assert condensed == ndcg.ndcg([3, 2, 1])
    # k counts the judged items only once the unjudged ones are dropped.
    assert ndcg.ndcg_from_scores(true, score, k=2, unjudged="condense") == 1.0
    assert ndcg.ndcg_from_scores(true, score, k=2) == ndcg.ndcg([3, None], k=2, pool=[3, 2, 1])
    with pytest.raises(ValueError, match=r"y_true has 1 unjudged item\(s\) \(None\)"):
        ndcg.ndcg_from_scores(true, score, unjudged="raise")


def test_scores_matrix_with_unjudged_items() -> None:
    true = [[3, None, 2], [None, None, 1]]
    score = [[0.9, 0.8, 0.7], [0.9, 0.8, 0.7]]
    got = ndcg.ndcg_from_scores(true, score, unjudged="condense", ties="stable")
    assert got.tolist() == [ndcg.ndcg([3, 2]), 1.0]
    zero = ndcg.ndcg_from_scores(true, score)
    assert zero.tolist() == [ndcg.ndcg([3, None, 2]), ndcg.ndcg([None, None, 1])]


# --- evaluate -------------------------------------------------------------------------------


def _collection() -> tuple[pd.DataFrame, pd.DataFrame]:
    qrels = pd.DataFrame(
        {
            "query_id": ["q1", "q1", "q1", "q2", "q2"],
            "doc_id": ["a", "b", "c", "a", "x"],
            "relevance": [3, 2, -1, 1, 0],
        }
    )
    run = pd.DataFrame(
        {
            "query_id": ["q1"] * 4 + ["q2"] * 2,
            "doc_id": ["a", "u", "c", "b", "v", "a"],
            "score": [0.9, 0.8, 0.7, 0.6, 0.9, 0.1],
        }
    )
    return qrels, run


def test_evaluate_reads_absent_and_negative_judgments_as_unjudged() -> None:
    qrels, run = _collection()
    zero = ndcg.evaluate(qrels, run)["ndcg"].tolist()
    assert zero == [
        ndcg.ndcg([3, None, None, 2], pool=[3, 2]),
        ndcg.ndcg([None, 1], pool=[1, 0]),
    ]
    condensed = ndcg.evaluate(qrels, run, unjudged="condense")["ndcg"].tolist()
    assert condensed == [1.0, 1.0]


def test_evaluate_raise_names_the_count_and_the_first_unjudged_document() -> None:
    qrels, run = _collection()
    with pytest.raises(ValueError) as info:
        ndcg.evaluate(qrels, run, unjudged="raise")
    assert str(info.value).startswith(
        "unjudged='raise': run has 3 unjudged document(s) (absent from qrels for their query, "
        "or judged with a negative grade), the first 'u' for query 'q1'; judge them"
    )


def test_evaluate_dense_path_with_unjudged_cells() -> None:
    qrels = [[3, None, 2], [1, -1, 0]]
    run = [[0.9, 0.8, 0.7], [0.1, 0.9, 0.5]]
    tables = ndcg.evaluate(qrels, run, k=[None, 2])
    assert tables["ndcg"].tolist() == [
        ndcg.ndcg([3, None, 2]),
        ndcg.ndcg([None, 0, 1], pool=[1, 0]),
    ]
    condensed = ndcg.evaluate(qrels, run, k=2, unjudged="condense")
    assert condensed["ndcg@2"].tolist() == [1.0, ndcg.ndcg([0, 1], k=2)]
    with pytest.raises(ValueError, match=r"qrels has 2 unjudged item\(s\)"):
        ndcg.evaluate(qrels, run, unjudged="raise")


# --- the widget -----------------------------------------------------------------------------


@pytest.mark.parametrize("unjudged", ["zero", "condense"])
def test_widget_figures_follow_the_policy(unjudged: str) -> None:
    w = RankingWidget([("A", 3), ("B", None), ("C", 2)], unretrieved=[("D", 3)], unjudged=unjudged)
    assert w.relevance == [3.0, None, 2.0]
    assert w.judged == [3.0, 2.0, 3.0]
    assert w.metrics == {
        "cg": ndcg.cg(RANKED, unjudged=unjudged),
        "dcg": ndcg.dcg(RANKED, unjudged=unjudged),
        "idcg": ndcg.idcg(RANKED, pool=POOL, unjudged=unjudged),
        "ndcg": ndcg.ndcg(RANKED, pool=POOL, unjudged=unjudged),
    }
    assert w.ideal_order == ["A", "D", "C"]
    assert w.get_state()["items"][1] == {"label": "B", "grade": None}
    assert w.get_state()["unjudged"] == unjudged


def test_widget_raise_refuses_unjudged_items() -> None:
    with pytest.raises(traitlets.TraitError) as info:
        RankingWidget([("A", 3), ("B", None)], unjudged="raise")
    assert str(info.value) == (
        "items: 1 item(s) were never judged (['B']) and unjudged='raise'; give them grades, "
        "or pass unjudged='zero' or 'condense'"
    )
    w = RankingWidget([("A", 3), ("B", None)])
    with pytest.raises(traitlets.TraitError, match="never judged"):
        w.unjudged = "raise"
    assert w.unjudged == "zero"
    with pytest.raises(traitlets.TraitError, match="'unjudged' trait"):
        w.unjudged = "drop"


def test_widget_with_nothing_judged_scores_zero() -> None:
    w = RankingWidget([("A", None), ("B", None)])
    assert w.metrics == {"cg": 0.0, "dcg": 0.0, "idcg": 0.0, "ndcg": 0.0}
    assert w.ideal_order == []
