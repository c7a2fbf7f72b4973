"""evaluate: query and document ids coded exactly, of one kind, from any column type."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ndcg


def frames(q_query, r_query, q_doc=("a",), r_doc=("a",)):
    qrels = pd.DataFrame({"query_id": q_query, "doc_id": list(q_doc), "relevance": 1})
    run = pd.DataFrame({"query_id": r_query, "doc_id": list(r_doc), "score": 1.0})
    return qrels, run


@pytest.mark.parametrize("dtype", [np.uint64, np.float64])
def test_integer_ids_of_other_dtypes_never_collide(dtype):
    # As float64, 2**53 + 1 rounds to 2**53: the ids must be compared as integers.
    qrels, run = frames(np.array([2**53 + 1], np.int64), np.array([2**53], dtype))
    with pytest.raises(
        ValueError, match=r"share no query_id: qrels has 1 \(e.g. \[9007199254740993\]\)"
    ):
        ndcg.evaluate(qrels, run)
    table = ndcg.evaluate(qrels, run, missing="zero")
    assert table["query_id"].tolist() == [2**53 + 1]
    assert table["ndcg"].tolist() == [0.0]


@pytest.mark.parametrize("dtype", [np.uint64, np.float64, np.int32])
def test_equal_integer_ids_of_other_dtypes_match(dtype):
    qrels, run = frames(np.array([2**24], np.int64), np.array([2**24], dtype))
    assert ndcg.evaluate(qrels, run)["ndcg"].tolist() == [1.0]


def test_ids_beyond_int64_are_exact():
    top = np.array([2**64 - 1], np.uint64)
    qrels, run = frames(top, top)
    table = ndcg.evaluate(qrels, run)
    assert table["query_id"].tolist() == [2**64 - 1]
    assert table["ndcg"].tolist() == [1.0]
    qrels, run = frames(top, np.array([-1], np.int64))
    with pytest.raises(
        ValueError,
        match=r"qrels has 1 \(e.g. \[18446744073709551615\]\), run has 1 \(e.g. \[-1\]\)",
    ):
        ndcg.evaluate(qrels, run)
    qrels, run = frames(np.array([2**70], dtype=object), np.array([2**70], dtype=object))
    assert ndcg.evaluate(qrels, run)["query_id"].tolist() == [2**70]


def test_integers_and_text_in_one_column_are_refused():
    qrels, run = frames(np.array([1, "1"], dtype=object), ["1", "1"], ("a", "b"), ("a", "b"))
    with pytest.raises(
        TypeError,
        match=r"qrels\['query_id'\] mixes numbers and text \(row 0 holds 1, row 1 holds '1'\)",
    ):
        ndcg.evaluate(qrels, run)


def test_integers_on_one_side_and_text_on_the_other_are_refused():
    qrels, run = frames(np.array([1], dtype=object), np.array(["1"], dtype=object))
    with pytest.raises(TypeError, match="query_id holds integer in qrels but text in run"):
        ndcg.evaluate(qrels, run)
    qrels, run = frames(["q"], ["q"], q_doc=[7], r_doc=["7"])
    with pytest.raises(TypeError, match="doc_id holds integer in qrels but text in run"):
        ndcg.evaluate(qrels, run)


@pytest.mark.parametrize(
    ("ids", "message"),
    [
        (np.array([1.5]), r"run\['query_id'\] holds 1\.5 at row 0: numeric ids must be whole"),
        (np.array([True]), r"run\['query_id'\] must hold integers or text, got booleans"),
        (
            np.array([b"q"], dtype=object),
            r"run\['query_id'\] must hold integers or text, got bytes",
        ),
    ],
)
def test_ids_of_other_kinds_are_refused(ids, message):
    qrels, run = frames(["q"], ids)
    with pytest.raises(TypeError, match=message):
        ndcg.evaluate(qrels, run)


@pytest.mark.parametrize(
    "ids",
    [
        np.array([1.0, np.nan]),
        np.array([1, None], dtype=object),
        pd.array([1, pd.NA], dtype="Int64"),
        np.array(["1", None], dtype=object),
    ],
)
def test_a_missing_id_is_named(ids):
    qrels, run = frames(ids, ids, ("a", "a"), ("a", "a"))
    with pytest.raises(ValueError, match=r"qrels\['query_id'\] is missing at row 1"):
        ndcg.evaluate(qrels, run)


def test_a_repeated_column_is_refused_by_name():
    qrels, run = frames(["q"], ["q"])
    doubled = pd.concat([run, run[["doc_id"]]], axis=1)
    with pytest.raises(ValueError, match="run has the column 'doc_id' 2 times"):
        ndcg.evaluate(qrels, doubled)


def test_categorical_and_plain_columns_give_the_same_table():
    qrels = pd.DataFrame(
        {"query_id": ["q2", "q1", "q1"], "doc_id": ["x", "a", "b"], "relevance": [1, 2, 1]}
    )
    run = pd.DataFrame(
        {"query_id": ["q1", "q1", "q2"], "doc_id": ["b", "a", "y"], "score": [3.0, 2.0, 1.0]}
    )
    plain = ndcg.evaluate(qrels, run, k=[None, 1])
    coded = qrels.astype({"query_id": "category", "doc_id": "category"})
    mixed = ndcg.evaluate(coded, run.astype({"doc_id": "category"}), k=[None, 1])
    pd.testing.assert_frame_equal(mixed, plain, check_dtype=False)
    assert plain["query_id"].tolist() == ["q1", "q2"]
    assert plain["ndcg@1"].tolist() == [0.5, 0.0]
    ints = ndcg.evaluate(
        qrels.assign(query_id=pd.Categorical([2, 1, 1])), run.assign(query_id=[1, 1, 2])
    )
    assert ints["query_id"].tolist() == [1, 2]


STRING_DTYPES = [
    pd.StringDtype("python"),
    pd.StringDtype("pyarrow"),
    pd.StringDtype("python", na_value=np.nan),
    pd.StringDtype("pyarrow", na_value=np.nan),
]


@pytest.mark.parametrize("dtype", STRING_DTYPES, ids=str)
def test_string_columns_of_every_storage_give_the_object_table(dtype):
    # String arrays code themselves (in C++ with Arrow storage): the same table as text
    # held in plain Python objects, ungrouped query ids included.
    qrels = pd.DataFrame(
        {"query_id": ["q2", "q1", "q2", "q1"], "doc_id": ["a", "a", "b", "c"], "relevance": 1}
    )
    run = pd.DataFrame(
        {"query_id": ["q1", "q2", "q1", "q3"], "doc_id": ["c", "b", "z", "a"], "score": 1.0}
    )
    objects = {"query_id": object, "doc_id": object}
    expected = ndcg.evaluate(qrels.astype(objects), run.astype(objects), k=[None, 1])
    text = {"query_id": dtype, "doc_id": dtype}
    table = ndcg.evaluate(qrels.astype(text), run.astype(text), k=[None, 1])
    assert table["query_id"].tolist() == ["q1", "q2"]
    assert table["ndcg"].tolist() == expected["ndcg"].tolist()
    assert table["ndcg@1"].tolist() == [0.0, 1.0]


@pytest.mark.parametrize("column", ["query_id", "doc_id"])
@pytest.mark.parametrize("dtype", STRING_DTYPES, ids=str)
def test_a_missing_id_in_a_string_column_is_named(dtype, column):
    qrels, run = frames(["q", "q", "q"], ["q", "q", "q"], "abc", "abc")
    run[column] = run[column].astype(dtype)
    run.loc[1, column] = None
    with pytest.raises(ValueError, match=rf"run\['{column}'\] is missing at row 1"):
        ndcg.evaluate(qrels.astype({column: dtype}), run)


@pytest.mark.parametrize("aligned", [True, False], ids=["run-aligned", "run-shuffled"])
@pytest.mark.parametrize("ties", ["trec_eval", "stable", "average"])
def test_text_ids_give_the_table_of_integer_ids(aligned, ties):
    # The same collection with integer ids and with their decimal text (which trec_eval's
    # tie rule compares as text either way): queries of the run only, documents of the
    # run only, unjudged rows, ties, run rows aligned with the qrels or shuffled.
    rng = np.random.default_rng(7)
    query = np.repeat(np.arange(40), 12)
    doc = rng.integers(0, 30, query.size) + 100 * query  # unique per query
    doc = np.unique(doc)
    query = doc // 100
    qrels = pd.DataFrame(
        {"query_id": query, "doc_id": doc, "relevance": rng.integers(0, 4, doc.size)}
    )
    run = qrels.drop(columns="relevance").assign(score=rng.integers(0, 5, doc.size) / 4)
    if not aligned:
        extra = pd.DataFrame({"query_id": [3, 3, 99], "doc_id": [7, 5000, 5001], "score": 0.5})
        run = pd.concat([run.sample(frac=0.8, random_state=1), extra], ignore_index=True)
    text = {"query_id": "str", "doc_id": "str"}
    as_int = ndcg.evaluate(qrels, run, k=[None, 3], ties=ties, missing="zero")
    as_text = ndcg.evaluate(
        qrels.astype(text), run.astype(text), k=[None, 3], ties=ties, missing="zero"
    )
    assert as_text["query_id"].tolist() == sorted(map(str, as_int["query_id"]))
    by_id = as_int.assign(query_id=as_int["query_id"].astype(str)).set_index("query_id")
    expected = by_id.loc[as_text["query_id"]].reset_index()
    pd.testing.assert_frame_equal(as_text, expected, check_dtype=False, rtol=0, atol=0)


def test_a_repeated_pair_is_named_when_the_run_holds_the_qrels_rows():
    qrels = pd.DataFrame({"query_id": "q", "doc_id": ["a", "b", "a"], "relevance": 1})
    run = qrels.drop(columns="relevance").assign(score=[0.3, 0.2, 0.1])
    with pytest.raises(ValueError, match="qrels has document 'a' judged twice"):
        ndcg.evaluate(qrels, run)
    with pytest.raises(ValueError, match="qrels has document 'a' judged twice"):
        ndcg.evaluate(qrels.astype({"doc_id": object}), run.astype({"doc_id": object}))
