"""evaluate(): trec_eval semantics on small cases worked by hand, options and layout."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from _golden import D_NDCG_AT_6, D_NDCG_UNCUT, NEGATIVE_GRADE_NDCG

import ndcg
from ndcg.teaching import examples as ex


def seed001_frames():
    docs = ex.D_TABLE + ex.D_UNRETRIEVED
    qrels = pd.DataFrame(
        {"query_id": "q1", "doc_id": [d for d, _ in docs], "relevance": [g for _, g in docs]}
    )
    run = pd.DataFrame(
        {"query_id": "q1", "doc_id": [d for d, _ in ex.D_TABLE], "score": [6, 5, 4, 3, 2, 1.0]}
    )
    return qrels, run


def test_seed001_through_evaluate():
    qrels, run = seed001_frames()
    table = ndcg.evaluate(qrels, run, k=[None, 6])
    assert list(table.columns) == ["query_id", "ndcg", "ndcg@6"]
    assert table.at[0, "ndcg@6"] == pytest.approx(D_NDCG_AT_6, rel=1e-15)
    assert table.at[0, "ndcg"] == pytest.approx(D_NDCG_UNCUT, rel=1e-15)


def test_single_cutoff_column_names():
    qrels, run = seed001_frames()
    assert list(ndcg.evaluate(qrels, run).columns) == ["query_id", "ndcg"]
    assert list(ndcg.evaluate(qrels, run, k=5).columns) == ["query_id", "ndcg@5"]


def test_ties_broken_by_doc_id_descending_as_text():
    qrels = pd.DataFrame({"query_id": "q", "doc_id": ["d9", "d10"], "relevance": [1, 0]})
    run = pd.DataFrame({"query_id": "q", "doc_id": ["d9", "d10"], "score": [1.0, 1.0]})
    # As text "d9" > "d10", so d9 (the relevant one) ranks first: NDCG 1.
    assert ndcg.evaluate(qrels, run).at[0, "ndcg"] == 1.0
    swapped = qrels.assign(relevance=[0, 1])
    assert ndcg.evaluate(swapped, run).at[0, "ndcg"] == pytest.approx(1 / math.log2(3))


def test_row_order_and_rank_column_do_not_matter():
    qrels, run = seed001_frames()
    shuffled = run.sample(frac=1.0, random_state=1).assign(rank=[9, 8, 7, 6, 5, 4])
    pd.testing.assert_frame_equal(
        ndcg.evaluate(qrels, run, k=[None, 3]), ndcg.evaluate(qrels, shuffled, k=[None, 3])
    )


def test_negative_grades_and_unjudged_documents_give_nothing():
    qrels = pd.DataFrame({"query_id": "q", "doc_id": ["a", "b"], "relevance": [-1, 2]})
    run = pd.DataFrame({"query_id": "q", "doc_id": ["a", "x", "b"], "score": [3.0, 2.0, 1.0]})
    assert ndcg.evaluate(qrels, run).at[0, "ndcg"] == pytest.approx(1 / math.log2(4))


def test_library_conventions_negative_grade_example():
    # [-1, 2, 0] scored [3, 2, 1]: as trec_eval and ranx, a negative grade gives no gain.
    qrels = pd.DataFrame({"query_id": "q", "doc_id": ["a", "b", "c"], "relevance": [-1, 2, 0]})
    run = pd.DataFrame({"query_id": "q", "doc_id": ["a", "b", "c"], "score": [3.0, 2.0, 1.0]})
    assert ndcg.evaluate(qrels, run).at[0, "ndcg"] == pytest.approx(NEGATIVE_GRADE_NDCG, rel=1e-15)


def test_query_sets_skip_zero_and_run_only():
    qrels = pd.DataFrame(
        {"query_id": ["a", "b", "c"], "doc_id": ["x", "x", "x"], "relevance": [1, 1, 0]}
    )
    run = pd.DataFrame({"query_id": ["a", "c", "z"], "doc_id": ["x", "x", "x"], "score": 1.0})
    skip = ndcg.evaluate(qrels, run)
    assert skip["query_id"].tolist() == ["a", "c"]  # z has no judgments; b no run
    assert skip["ndcg"].tolist() == [1.0, 0.0]  # c: nothing relevant => empty = 0
    zero = ndcg.evaluate(qrels, run, missing="zero")
    assert zero["query_id"].tolist() == ["a", "b", "c"]
    assert zero["ndcg"].tolist() == [1.0, 0.0, 0.0]
    nan = ndcg.evaluate(qrels, run, empty=float("nan"))
    assert math.isnan(nan["ndcg"].iloc[1])


def test_integer_ids_work_and_sort_numerically():
    qrels = pd.DataFrame({"query_id": [10, 2, 2], "doc_id": [1, 1, 2], "relevance": [1, 0, 3]})
    run = pd.DataFrame({"query_id": [2, 2, 10], "doc_id": [1, 2, 1], "score": [0.9, 0.1, 0.5]})
    table = ndcg.evaluate(qrels, run)
    assert table["query_id"].tolist() == [2, 10]
    assert table["ndcg"].tolist() == pytest.approx([3 / math.log2(3) / 3, 1.0])


def test_other_tie_rules_match_ndcg_from_scores():
    rng = np.random.default_rng(7)
    true = rng.integers(0, 4, (30, 15))
    score = rng.integers(0, 3, (30, 15)).astype(float)
    qrels = pd.DataFrame(
        {
            "query_id": np.repeat(np.arange(30), 15),
            "doc_id": np.tile(np.arange(15), 30),
            "relevance": true.ravel(),
        }
    )
    run = qrels.drop(columns="relevance").assign(score=score.ravel())
    for rule in ("stable", "average", "pessimistic", "optimistic"):
        for k in (None, 4):
            got = ndcg.evaluate(qrels, run, k=k, ties=rule).iloc[:, 1].to_numpy()
            want = ndcg.ndcg_from_scores(true, score, k=k, ties=rule)
            np.testing.assert_allclose(got, want, rtol=0, atol=1e-14)


def test_ragged_queries_across_chunks(monkeypatch):
    # A tiny cell budget forces many chunks and padding; results must not change.
    rng = np.random.default_rng(8)
    sizes = rng.integers(1, 50, 80)
    q = np.repeat(np.arange(80), sizes)
    d = np.concatenate([rng.permutation(60)[:s] for s in sizes])
    qrels = pd.DataFrame({"query_id": q, "doc_id": d, "relevance": rng.integers(0, 3, q.size)})
    run = qrels.drop(columns="relevance").assign(score=rng.random(q.size)).sample(frac=1.0)
    before = ndcg.evaluate(qrels, run, k=[None, 5])
    import ndcg._pad as pad

    monkeypatch.setattr(pad, "CELL_BUDGET", 64)
    after = ndcg.evaluate(qrels, run, k=[None, 5])
    pd.testing.assert_frame_equal(before, after)
    for query in (0, 40, 79):
        rows = run[run["query_id"] == query].sort_values("score", ascending=False)
        judged = qrels[qrels["query_id"] == query].set_index("doc_id")["relevance"]
        grades = judged.reindex(rows["doc_id"]).to_numpy()
        assert before.set_index("query_id").at[query, "ndcg@5"] == pytest.approx(
            ndcg.ndcg(grades, k=5, pool=judged.to_numpy()), rel=1e-14
        )


def test_inputs_are_not_modified():
    qrels, run = seed001_frames()
    q0, r0 = qrels.copy(), run.copy()
    ndcg.evaluate(qrels, run, k=[None, 3], gain="exponential")
    pd.testing.assert_frame_equal(qrels, q0)
    pd.testing.assert_frame_equal(run, r0)


def test_empty_frames():
    qrels, run = seed001_frames()
    with pytest.raises(ValueError, match="qrels has no rows"):
        ndcg.evaluate(qrels.iloc[:0], run)
    nothing = run.iloc[:0]
    with pytest.raises(
        ValueError, match=r"share no query_id: qrels has 1 \(e.g. \['q1'\]\), run has none"
    ):
        ndcg.evaluate(qrels, nothing)
    zero = ndcg.evaluate(qrels, nothing, missing="zero")
    assert zero["query_id"].tolist() == ["q1"] and zero["ndcg"].tolist() == [0.0]


def test_the_long_format_is_the_list_api_bit_for_bit(monkeypatch):
    # A run that is not the qrels: some judgments not retrieved, unjudged documents
    # retrieved, a query whose every retrieved document is unjudged, one never retrieved.
    # Both doors and the list API compose NDCG in one function, so the figures are equal.
    rng = np.random.default_rng(26)
    qrels = pd.DataFrame(
        {
            "query_id": np.repeat(np.arange(40), 12),
            "doc_id": np.tile(np.arange(12), 40),
            "relevance": rng.integers(0, 4, 480),
        }
    ).sample(frac=0.7, random_state=3)
    sizes = rng.integers(1, 20, 39)
    run = pd.DataFrame(
        {
            "query_id": np.repeat(np.arange(39), sizes),
            "doc_id": np.concatenate([rng.permutation(24)[:s] for s in sizes]),
            "score": rng.integers(0, 5, sizes.sum()).astype(float),
        }
    )
    run = run[(run["query_id"] != 7) | (run["doc_id"] >= 12)]
    import ndcg._pad as pad

    monkeypatch.setattr(pad, "CELL_BUDGET", 50)  # many chunks, with padding
    for unjudged in ("zero", "condense"):
        table = ndcg.evaluate(
            qrels, run, k=[None, 3], missing="zero", ties="stable", unjudged=unjudged
        ).set_index("query_id")
        assert table.loc[39].tolist() == [0.0, 0.0]  # judged, never retrieved
        for query, rows in run.groupby("query_id"):
            judged = qrels[qrels["query_id"] == query].set_index("doc_id")["relevance"]
            ranked = rows.sort_values("score", ascending=False, kind="stable")
            grades = judged.reindex(ranked["doc_id"]).to_numpy(dtype=object)
            grades[pd.isna(grades)] = None
            for k, column in ((None, "ndcg"), (3, "ndcg@3")):
                want = ndcg.ndcg(list(grades), k=k, pool=judged.to_numpy(), unjudged=unjudged)
                assert table.at[query, column] == want, (query, k, unjudged)
