"""The seeded synthetic collection."""

from __future__ import annotations

import numpy as np
import pytest

from ndcg.teaching.synthetic import make_collection


def test_shape_and_columns() -> None:
    collection = make_collection(n_queries=7, docs_per_query=12, depth=5, seed=3)
    assert list(collection.qrels.columns) == ["query_id", "doc_id", "relevance"]
    assert list(collection.run_a.columns) == ["query_id", "doc_id", "score"]
    assert len(collection.qrels) == 7 * 12
    assert len(collection.run_a) == len(collection.run_b) == 7 * 5
    assert collection.qrels["query_id"].nunique() == 7
    assert not collection.qrels.duplicated(["query_id", "doc_id"]).any()
    assert set(collection.run_a["doc_id"]) <= set(collection.qrels["doc_id"])
    assert collection.qrels["relevance"].between(0, 3).all()
    # Each run is sorted by score within a query and has no ties.
    for _, group in collection.run_b.groupby("query_id"):
        assert group["score"].is_monotonic_decreasing
        assert group["score"].is_unique


def test_same_seed_same_collection_other_seed_other_collection() -> None:
    first, again = make_collection(seed=4), make_collection(seed=4)
    assert first.qrels.equals(again.qrels) and first.run_a.equals(again.run_a)
    assert not first.run_a.equals(make_collection(seed=5).run_a)


def test_difference_moves_system_b_only() -> None:
    base = make_collection(seed=9, difference=0.0)
    better = make_collection(seed=9, difference=2.0)
    assert base.qrels.equals(better.qrels)
    assert base.run_a.equals(better.run_a)
    assert not base.run_b.equals(better.run_b)


def test_a_larger_difference_ranks_relevant_documents_higher() -> None:
    def mean_top_grade(collection, run):  # noqa: ANN001, ANN202
        top = run.groupby("query_id").head(5).merge(collection.qrels, on=["query_id", "doc_id"])
        return top["relevance"].mean()

    collection = make_collection(n_queries=200, seed=1, difference=2.0)
    assert mean_top_grade(collection, collection.run_b) > mean_top_grade(
        collection, collection.run_a
    )


def test_grades_are_skewed_towards_not_relevant() -> None:
    counts = np.bincount(make_collection(n_queries=200, seed=2).qrels["relevance"])
    assert counts[0] > counts[1] > counts[2] > counts[3] > 0


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"n_queries": 0}, ValueError, "n_queries"),
        ({"docs_per_query": 2.5}, TypeError, "docs_per_query"),
        ({"difference": float("inf")}, ValueError, "difference"),
        ({"depth": 40, "docs_per_query": 30}, ValueError, "depth"),
        ({"seed": "x"}, TypeError, "seed"),
        ({"max_grade": True}, TypeError, "max_grade"),
    ],
)
def test_bad_arguments_are_rejected(kwargs: dict, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        make_collection(**kwargs)


def test_docstring_examples_hold() -> None:
    import doctest

    from ndcg.teaching import synthetic

    result = doctest.testmod(synthetic)
    assert result.attempted > 0 and result.failed == 0
