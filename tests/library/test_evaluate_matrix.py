"""The dense path of `evaluate`: grade and score matrices instead of qrels and run tables."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ndcg


def _as_tables(true: np.ndarray, score: np.ndarray) -> tuple[pd.DataFrame, pd.DataFrame]:
    queries, docs = np.indices(true.shape)
    qrels = pd.DataFrame(
        {"query_id": queries.ravel(), "doc_id": docs.ravel(), "relevance": true.ravel()}
    )
    run = pd.DataFrame(
        {"query_id": queries.ravel(), "doc_id": docs.ravel(), "score": score.ravel()}
    )
    return qrels, run


@pytest.mark.parametrize("ties", ["trec_eval", "average", "stable", "pessimistic", "optimistic"])
@pytest.mark.parametrize("gain", ["linear", "exponential"])
def test_dense_path_equals_the_table_path(ties: str, gain: str) -> None:
    rng = np.random.default_rng(7)
    # 12 columns, so that trec_eval's text order of ids (9 before 10) matters for ties.
    true = rng.integers(0, 4, size=(300, 12))
    score = rng.integers(0, 3, size=(300, 12)).astype(float)
    true[:5] = 0  # queries with nothing relevant
    cutoffs = [None, 1, 3, 10, 20]
    dense = ndcg.evaluate(true, score, k=cutoffs, gain=gain, ties=ties)
    tables = ndcg.evaluate(*_as_tables(true, score), k=cutoffs, gain=gain, ties=ties)
    assert list(dense.columns) == list(tables.columns)
    np.testing.assert_array_equal(dense["query_id"], np.arange(300))
    for column in dense.columns[1:]:
        np.testing.assert_allclose(dense[column], tables[column], rtol=1e-12, atol=0)


def test_dense_path_matches_ndcg_from_scores_row_by_row() -> None:
    true = np.array([[3, 2, 0], [0, 1, 2]])
    score = np.array([[0.9, 0.8, 0.7], [0.9, 0.8, 0.7]])
    result = ndcg.evaluate(true, score, k=2, ties="average")
    for row in range(2):
        assert result["ndcg@2"][row] == ndcg.ndcg_from_scores(true[row], score[row], k=2)


@pytest.mark.parametrize(
    ("qrels", "run", "message"),
    [
        ([3, 2, 1], [0.3, 0.2, 0.1], "qrels must be a DataFrame or a 2-D array"),
        ([[3, 2, 1]], [0.3, 0.2, 0.1], "run must be a DataFrame or a 2-D array"),
        ([[3, 2, 1]], [[0.3, 0.2]], "same shape"),
        ([[3, np.nan, 1]], [[0.3, 0.2, 0.1]], "finite"),
    ],
)
def test_dense_path_rejects_bad_matrices(qrels: object, run: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ndcg.evaluate(qrels, run, k=2)


def test_empty_raise_names_the_row_at_several_cutoffs() -> None:
    # Query 1 is the first with no gain; with two cutoffs, its first zero ideal is the
    # third cell of the (queries x cutoffs) table, which must not be read as a row.
    with pytest.raises(ValueError, match="the ideal DCG is 0 for query 1 "):
        ndcg.evaluate([[1, 0], [0, 0], [0, 0]], [[0.2, 0.1]] * 3, k=[1, None], empty="raise")
