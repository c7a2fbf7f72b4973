"""Bad input is refused with ValueError/TypeError naming the argument; nothing is dropped."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

import ndcg

LIST_FUNCTIONS = [ndcg.cg, ndcg.dcg, ndcg.idcg, ndcg.ndcg, ndcg.breakdown]


@pytest.mark.parametrize("func", LIST_FUNCTIONS)
@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_non_finite_grades(func, bad):
    with pytest.raises(ValueError, match="relevance"):
        func([1, bad, 2])


@pytest.mark.parametrize("func", LIST_FUNCTIONS)
def test_empty_list(func):
    with pytest.raises(ValueError, match="relevance is empty"):
        func([])


@pytest.mark.parametrize("func", LIST_FUNCTIONS)
@pytest.mark.parametrize("bad", ["321", [1, "a"], [[1, 2], [3]], None, [1 + 2j]])
def test_not_numbers(func, bad):
    with pytest.raises(TypeError, match="relevance"):
        func(bad)


@pytest.mark.parametrize("func", [ndcg.dcg, ndcg.idcg, ndcg.ndcg, ndcg.breakdown])
def test_negative_grades_say_how_to_map_them(func):
    with pytest.raises(ValueError, match=r"relevance.*negative.*gain=") as info:
        func([2, -1, 0])
    assert "gain=" in str(info.value)


def test_cg_negative_grades():
    with pytest.raises(ValueError, match="relevance.*negative"):
        ndcg.cg([2, -1])


@pytest.mark.parametrize("func", LIST_FUNCTIONS)
@pytest.mark.parametrize("k", [0, -1])
def test_k_not_positive(func, k):
    with pytest.raises(ValueError, match="k must be a positive integer"):
        func([1, 2], k=k)


@pytest.mark.parametrize("func", LIST_FUNCTIONS)
@pytest.mark.parametrize("k", [True, False, 2.0, 2.5, "3", [3]])
def test_k_not_integer(func, k):
    with pytest.raises(TypeError, match="k must be a positive integer"):
        func([1, 2], k=k)


@pytest.mark.parametrize("gain", ["linaer", "log", ""])
def test_unknown_gain_name(gain):
    with pytest.raises(ValueError, match="gain"):
        ndcg.dcg([1, 2], gain=gain)


@pytest.mark.parametrize("gain", [3, 2.0, None, [1, 2]])
def test_gain_of_wrong_type(gain):
    with pytest.raises(TypeError, match="gain"):
        ndcg.dcg([1, 2], gain=gain)


def test_gain_mapping_missing_a_grade():
    with pytest.raises(ValueError, match="gain mapping has no entry for grade 2"):
        ndcg.dcg([1, 2], gain={1: 1.0})


@pytest.mark.parametrize("bad", [-1.0, math.nan, math.inf])
def test_gain_giving_bad_values(bad):
    with pytest.raises(ValueError, match="gain gave"):
        ndcg.dcg([1, 2], gain=lambda r: bad)


def test_gain_giving_non_numbers():
    with pytest.raises(TypeError, match="gain gave"):
        ndcg.dcg([1, 2], gain=lambda r: "x")


def test_exponential_overflow():
    with pytest.raises(ValueError, match="exponential"):
        ndcg.dcg([2000.0], gain="exponential")


def test_pool_lacking_retrieved_grades():
    with pytest.raises(ValueError, match="pool must hold every retrieved grade"):
        ndcg.ndcg([3, 3, 1], pool=[3, 1, 0])
    with pytest.raises(ValueError, match="pool"):
        ndcg.idcg([3, 2], pool=[3])


def test_pool_bad_values():
    with pytest.raises(ValueError, match="pool"):
        ndcg.ndcg([1], pool=[1, math.nan])
    with pytest.raises(ValueError, match="pool.*negative"):
        ndcg.ndcg([1], pool=[1, -1])
    with pytest.raises(ValueError, match="pool is empty"):
        ndcg.ndcg([1], pool=[])


@pytest.mark.parametrize("empty", ["nan", "zero", None, True, [0]])
def test_bad_empty(empty):
    with pytest.raises((TypeError, ValueError), match="empty"):
        ndcg.ndcg([1, 0], empty=empty)


def test_two_dimensional_relevance_is_refused_by_list_api():
    with pytest.raises(TypeError, match="relevance must be 1-D"):
        ndcg.dcg([[1, 2], [3, 4]])


# --- ndcg_from_scores ---------------------------------------------------------------------


def test_scores_length_mismatch():
    with pytest.raises(ValueError, match="y_true and y_score"):
        ndcg.ndcg_from_scores([1, 2, 3], [0.1, 0.2])


@pytest.mark.parametrize("bad", [math.nan, math.inf])
def test_scores_not_finite(bad):
    with pytest.raises(ValueError, match="y_score"):
        ndcg.ndcg_from_scores([1, 2], [0.1, bad])
    with pytest.raises(ValueError, match="y_true"):
        ndcg.ndcg_from_scores([1, bad], [0.1, 0.2])


def test_scores_unknown_tie_rule():
    with pytest.raises(ValueError, match="ties"):
        ndcg.ndcg_from_scores([1, 2], [0.1, 0.2], ties="random")
    with pytest.raises(TypeError, match="ties"):
        ndcg.ndcg_from_scores([1, 2], [0.1, 0.2], ties=None)


def test_scores_negative_grades_and_bad_k():
    with pytest.raises(ValueError, match="y_true.*negative.*gain="):
        ndcg.ndcg_from_scores([-1, 2], [0.1, 0.2])
    with pytest.raises(ValueError, match="k"):
        ndcg.ndcg_from_scores([1, 2], [0.1, 0.2], k=0)
    with pytest.raises(TypeError, match="k"):
        ndcg.ndcg_from_scores([1, 2], [0.1, 0.2], k=True)


def test_scores_empty_and_three_dimensional():
    with pytest.raises(ValueError, match="y_true is empty"):
        ndcg.ndcg_from_scores([], [])
    with pytest.raises(TypeError, match="y_true"):
        ndcg.ndcg_from_scores(np.ones((2, 2, 2)), np.ones((2, 2, 2)))


def test_scores_empty_raise_names_the_row():
    with pytest.raises(ValueError, match="row 1"):
        ndcg.ndcg_from_scores([[1, 0], [0, 0]], [[1, 2], [1, 2]], empty="raise")


# --- evaluate -------------------------------------------------------------------------------


def _frames():
    qrels = pd.DataFrame({"query_id": ["q"] * 2, "doc_id": ["a", "b"], "relevance": [1, 0]})
    run = pd.DataFrame({"query_id": ["q"] * 2, "doc_id": ["a", "b"], "score": [0.5, 0.4]})
    return qrels, run


def test_evaluate_missing_columns_and_types():
    qrels, run = _frames()
    with pytest.raises(ValueError, match="qrels lacks column"):
        ndcg.evaluate(qrels.drop(columns="relevance"), run)
    with pytest.raises(ValueError, match="run lacks column"):
        ndcg.evaluate(qrels, run.rename(columns={"score": "rank"}))
    with pytest.raises(TypeError, match="run must be a pandas DataFrame"):
        ndcg.evaluate(qrels, {"query_id": []})
    with pytest.raises(TypeError, match=r"run\['score'\] must be numeric"):
        ndcg.evaluate(qrels, run.assign(score=["x", "y"]))


def test_evaluate_non_finite_values():
    qrels, run = _frames()
    with pytest.raises(ValueError, match=r"run\['score'\] must be finite"):
        ndcg.evaluate(qrels, run.assign(score=[0.5, math.nan]))
    with pytest.raises(ValueError, match=r"qrels\['relevance'\] must be finite"):
        ndcg.evaluate(qrels.assign(relevance=[1.0, math.inf]), run)


def test_evaluate_duplicates():
    qrels, run = _frames()
    with pytest.raises(ValueError, match="run has document 'a' retrieved twice for query 'q'"):
        ndcg.evaluate(qrels, pd.concat([run, run.iloc[:1]], ignore_index=True))
    with pytest.raises(ValueError, match="qrels has document 'b' judged twice"):
        ndcg.evaluate(pd.concat([qrels, qrels.iloc[1:]], ignore_index=True), run)


def test_evaluate_missing_ids():
    qrels, run = _frames()
    with pytest.raises(ValueError, match=r"run\['doc_id'\] is missing"):
        ndcg.evaluate(qrels, run.assign(doc_id=["a", None]))


def test_evaluate_id_kinds_must_match():
    qrels, run = _frames()
    with pytest.raises(TypeError, match="query_id"):
        ndcg.evaluate(qrels.assign(query_id=[1, 1]), run)


def test_evaluate_bad_options():
    qrels, run = _frames()
    with pytest.raises(ValueError, match="missing"):
        ndcg.evaluate(qrels, run, missing="drop")
    with pytest.raises(ValueError, match="ties"):
        ndcg.evaluate(qrels, run, ties="random")
    with pytest.raises(ValueError, match="k"):
        ndcg.evaluate(qrels, run, k=[5, 0])
    with pytest.raises(ValueError, match="k"):
        ndcg.evaluate(qrels, run, k=[])
    with pytest.raises(ValueError, match="k holds a cutoff twice"):
        ndcg.evaluate(qrels, run, k=[5, 5])
    with pytest.raises(TypeError, match="k"):
        ndcg.evaluate(qrels, run, k="5")
    with pytest.raises(TypeError, match="k"):
        ndcg.evaluate(qrels, run, k=2.0)
