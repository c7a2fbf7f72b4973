"""ndcg.spark.evaluate equals ndcg.evaluate, query by query, and refuses bad input as clearly.

Spark starts once for the whole test run (local mode, two cores); each comparison then costs
a few small jobs.
"""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from conftest import SHARED

pytest.importorskip("pyspark", reason="ndcg.spark needs the spark extra: pip install 'ndcg[spark]'")

from pyspark.sql import functions as F  # noqa: E402

import ndcg  # noqa: E402
import ndcg.spark as ns  # noqa: E402
from ndcg.discount import LOG2  # noqa: E402
from ndcg.spark import _checks  # noqa: E402
from ndcg.spark.evaluate import _per_query  # noqa: E402

TREC = SHARED / "conformance" / "trec_eval"
TOLERANCE = 1e-12
# PySpark 4.3 warns on every pandas conversion that pandas 3 is not yet fully supported; the
# conversions used here are the ones these tests check against the pandas path.
pytestmark = [
    pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas:FutureWarning"),
    pytest.mark.filterwarnings("ignore:The copy keyword is deprecated"),
]


@pytest.fixture(scope="session")
def spark():
    return ns.session()


def assert_same(got, want: pd.DataFrame) -> None:
    """Same queries in the same order, every figure within 1e-12."""
    table = got.toPandas()
    assert list(table.columns) == list(want.columns)
    assert table["query_id"].tolist() == want["query_id"].tolist()
    for column in want.columns[1:]:
        a, b = table[column].to_numpy(), want[column].to_numpy()
        both_nan = np.isnan(a) & np.isnan(b)
        assert np.all(both_nan | (np.abs(a - b) <= TOLERANCE)), (column, a, b)


def plain(frame: pd.DataFrame) -> pd.DataFrame:
    """Ids as their own values (ndcg.read_qrels and ndcg.read_run give categories)."""
    return frame.assign(
        **{
            c: frame[c].astype(frame[c].cat.categories.dtype)
            for c in ("query_id", "doc_id")
            if isinstance(frame[c].dtype, pd.CategoricalDtype)
        }
    )


def both(spark, qrels: pd.DataFrame, run: pd.DataFrame, **options) -> None:
    qrels, run = plain(qrels), plain(run)
    got = ns.evaluate(spark.createDataFrame(qrels), spark.createDataFrame(run), **options)
    try:
        assert_same(got, ndcg.evaluate(qrels, run, **options))
    finally:
        got.unpersist()


# --- trec_eval's own test collections ------------------------------------------------------

CUTOFFS = [None, 5, 10, 15, 20, 30, 100, 200, 500, 1000]
# The collections of trec_eval's own tests, side by side in one job (see `stacked`):
# binary judgments, graded -1..4, and the short run that leaves a judged query out.
COLLECTIONS = (
    ("qrels.test", "results.test"),
    ("qrels.rel_level", "results.test"),
    ("qrels.test", "results.trunc"),
)
GAINS = {
    "linear": "linear",
    # trec_eval's -m ndcg.1=3,2=9,4=4.5 (unlisted levels keep their own value)
    "per-level gains": {0: 0, 1: 3, 2: 9, 3: 3, 4: 4.5},
}


def stacked(parts: list[tuple[pd.DataFrame, pd.DataFrame]]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Put several collections in one, their query ids kept apart by the collection's number."""

    def tagged(frame: pd.DataFrame, i: int) -> pd.DataFrame:
        frame = plain(frame)
        ids = frame["query_id"]
        text = ids.dtype == object or pd.api.types.is_string_dtype(ids)
        return frame.assign(query_id=ids + f"/{i}" if text else ids + 1000 * i)

    qrels = pd.concat([tagged(q, i) for i, (q, _) in enumerate(parts)], ignore_index=True)
    run = pd.concat([tagged(r, i) for i, (_, r) in enumerate(parts)], ignore_index=True)
    return qrels, run


@pytest.fixture(scope="module")
def trec() -> Path:
    if not (TREC / "qrels.test").exists():
        pytest.skip(f"trec_eval's test data not found at {TREC}")
    return TREC


@pytest.mark.parametrize(
    ("gain", "missing"),
    # Exponential gain is checked on the random collections below.
    [("linear", "zero"), ("per-level gains", "skip")],
)
def test_trec_eval_collections(spark, trec, gain, missing):
    parts = [(ndcg.read_qrels(trec / q), ndcg.read_run(trec / r)) for q, r in COLLECTIONS]
    qrels, run = stacked(parts)
    assert set(qrels["query_id"]) - set(run["query_id"]), "a judged query is never retrieved"
    both(spark, qrels, run, k=CUTOFFS, gain=GAINS[gain], missing=missing)


def test_trec_files_read_by_spark(spark, trec):
    got = ns.evaluate(trec / "qrels.rel_level", trec / "results.trunc", k=[None, 10])
    want = ndcg.evaluate(
        ndcg.read_qrels(trec / "qrels.rel_level"),
        ndcg.read_run(trec / "results.trunc"),
        k=[None, 10],
    )
    assert_same(got, want)


def test_spark_readers_match_the_pandas_ones(spark, trec):
    # The same rows, values and types, in file order (one file is read by one task).
    for reader, name in (("read_qrels", "qrels.rel_level"), ("read_run", "results.test")):
        want = getattr(ndcg, reader)(trec / name)
        got = getattr(ns, reader)(trec / name)
        assert got.columns == list(want.columns)
        rows = [tuple(row) for row in got.collect()]
        assert rows == list(want.itertuples(index=False, name=None)), reader
        got.unpersist()


# --- random collections --------------------------------------------------------------------


def collection(seed: int, text_ids: bool) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Judgments and a run with ties, unjudged documents, negative grades and queries
    found on one side only."""
    rng = np.random.default_rng(seed)
    n = 1500
    qrels = pd.DataFrame(
        {
            "query_id": rng.integers(0, 40, n),  # queries 0..39 judged ...
            "doc_id": rng.integers(0, 300, n),
            "relevance": rng.integers(-2, 5, n),
        }
    ).drop_duplicates(["query_id", "doc_id"])
    run = pd.DataFrame(
        {
            "query_id": rng.integers(5, 50, n),  # ... 5..49 retrieved
            "doc_id": rng.integers(0, 300, n),
            "score": rng.integers(0, 6, n) / 5,  # few distinct scores: many ties
        }
    ).drop_duplicates(["query_id", "doc_id"])
    if text_ids:
        # Text ids rank ties as text: "d10" < "d9".
        qrels = qrels.assign(
            query_id="q" + qrels["query_id"].astype(str), doc_id="d" + qrels["doc_id"].astype(str)
        )
        run = run.assign(
            query_id="q" + run["query_id"].astype(str), doc_id="d" + run["doc_id"].astype(str)
        )
    return qrels, run


@pytest.mark.parametrize(
    ("text_ids", "options"),
    [
        (False, {"gain": "linear", "missing": "skip"}),
        (True, {"gain": "exponential", "missing": "zero", "discount": ("log", 3)}),
        (
            True,
            {"gain": lambda grade: 2 * grade + 1, "empty": float("nan"), "unjudged": "condense"},
        ),
        (False, {"gain": {0: 0, 1: 1, 2: 3, 3: 7, 4: 15}, "discount": ("geometric", 0.8)}),
        (False, {"gain": "exponential", "discount": "reciprocal", "unjudged": "condense"}),
    ],
    ids=[
        "integer ids, linear",
        "text ids, exponential, missing=zero, log_3",
        "text ids, callable, empty=nan, condense",
        "integer ids, mapping, geometric",
        "integer ids, reciprocal, condense",
    ],
)
def test_random_collections(spark, text_ids, options):
    # Three collections side by side, so one job checks all.
    qrels, run = stacked([collection(seed, text_ids) for seed in (0, 1, 2)])
    assert (qrels["relevance"] < 0).any() and run["score"].duplicated().any()
    keys = ["query_id", "doc_id"]
    assert (~run.set_index(keys).index.isin(qrels.set_index(keys).index)).any()
    assert set(qrels["query_id"]) - set(run["query_id"]) and set(run["query_id"]) - set(
        qrels["query_id"]
    )
    both(spark, qrels, run, k=[None, 1, 3, 10], **options)


def test_condensed_lists_match_pytrec_eval_judged_docs_only(spark):
    pytrec_eval = pytest.importorskip(
        "pytrec_eval", reason="pytrec-eval-terrier is a test dependency"
    )
    qrels, run = collection(7, text_ids=True)
    got = ns.evaluate(qrels, run, k=[None, 3, 10], unjudged="condense").toPandas()
    judged = {}
    for row in qrels.itertuples():
        judged.setdefault(row.query_id, {})[row.doc_id] = int(row.relevance)
    scores = {}
    for row in run.itertuples():
        scores.setdefault(row.query_id, {})[row.doc_id] = float(row.score)
    measures = {"ndcg", "ndcg_cut.3,10"}
    want = pytrec_eval.RelevanceEvaluator(judged, measures, judged_docs_only_flag=True).evaluate(
        scores
    )
    assert sorted(want) == got["query_id"].tolist()
    names = {"ndcg": "ndcg", "ndcg@3": "ndcg_cut_3", "ndcg@10": "ndcg_cut_10"}
    for row in got.to_dict("records"):
        for column, measure in names.items():
            assert abs(row[column] - want[row["query_id"]][measure]) <= TOLERANCE, (row, measure)


def test_the_tie_rule_compares_doc_ids_as_text(spark):
    # Equal scores: trec_eval puts the larger id as text first, so "9" before "10".
    qrels = pd.DataFrame({"query_id": [1, 1], "doc_id": [9, 10], "relevance": [1, 0]})
    run = pd.DataFrame({"query_id": [1, 1], "doc_id": [9, 10], "score": [0.5, 0.5]})
    got = ns.evaluate(qrels, run, k=1).toPandas()
    assert got["ndcg@1"].tolist() == [1.0] == ndcg.evaluate(qrels, run, k=1)["ndcg@1"].tolist()


def test_pandas_input_and_the_result_frame(spark):
    qrels = pd.DataFrame(
        {"query_id": "q1", "doc_id": ["D1", "D2", "D3", "D7"], "relevance": [3, 2, 0, 3]}
    )
    run = pd.DataFrame({"query_id": "q1", "doc_id": ["D1", "D2", "D3"], "score": [0.9, 0.8, 0.7]})
    result = ns.evaluate(qrels, run, k=[None, 2])
    assert result.is_cached
    assert [(f.name, f.dataType.simpleString()) for f in result.schema.fields] == [
        ("query_id", "string"),
        ("ndcg", "double"),
        ("ndcg@2", "double"),
    ]
    assert result.toPandas().round(4).to_dict("list") == {
        "query_id": ["q1"],
        "ndcg": [0.7232],
        "ndcg@2": [0.871],
    }


def test_the_job_shuffles_once_and_runs_no_python(spark):
    qrels, run = collection(3, text_ids=True)
    q, r = spark.createDataFrame(qrels), spark.createDataFrame(run)
    gain = F.col("_grade")
    plan = _per_query(q, r, (None, 10), gain, "zero", _checks.id_kinds(q, r), LOG2)
    plan = plan._jdf.queryExecution().executedPlan()
    text = plan.toString()
    assert text.count("Exchange hashpartitioning(query_id") == 1, text
    assert "EvalPython" not in text and "PythonUDF" not in text, text


# --- errors --------------------------------------------------------------------------------

QRELS = pd.DataFrame({"query_id": ["q1", "q1"], "doc_id": ["a", "b"], "relevance": [2, 0]})
RUN = pd.DataFrame({"query_id": ["q1", "q1"], "doc_id": ["a", "c"], "score": [0.5, 0.25]})


def test_the_example_frames_are_fine(spark):
    assert ns.evaluate(QRELS, RUN).toPandas()["ndcg"].tolist() == [1.0]


@pytest.mark.parametrize(
    ("qrels", "run", "error", "message"),
    [
        (QRELS.drop(columns="relevance"), RUN, ValueError,
         "qrels lacks column(s) ['relevance']; it needs ['query_id', 'doc_id', "
         "'relevance'] (it has ['query_id', 'doc_id'])"),
        (QRELS, RUN.rename(columns={"score": "rank"}), ValueError,
         "run lacks column(s) ['score']; it needs ['query_id', 'doc_id', "
         "'score'] (it has ['query_id', 'doc_id', 'rank'])"),
        (QRELS.assign(relevance=["2", "0"]), RUN, TypeError,
         "qrels['relevance'] must be numeric, got dtype str"),
        (QRELS, RUN.assign(score=[True, False]), TypeError,
         "run['score'] must be numeric, got dtype bool"),
        (QRELS.assign(query_id=[1, 1]), RUN, TypeError,
         "query_id is bigint in qrels but string in run; identifiers of both "
         "must be of the same kind (both text or both integers) or nothing "
         "would match"),
        (QRELS, RUN.assign(doc_id=[0.5, 1.5]), TypeError,
         "run['doc_id'] must hold text or integers, got type double"),
        (QRELS, RUN.assign(score=[0.5, np.nan]), ValueError,
         "run['score'] must be finite; row 1 holds nan (query 'q1', document 'c')"),
        (QRELS.assign(relevance=[np.inf, 0.0]), RUN, ValueError,
         "qrels['relevance'] must be finite; row 0 holds inf (query 'q1', document 'a')"),
        (QRELS, RUN.assign(query_id=["q1", None]), ValueError,
         "run['query_id'] is missing in a row with doc_id 'c'"),
        (pd.concat([QRELS, QRELS.iloc[:1]]), RUN, ValueError,
         "qrels has document 'a' judged twice for query 'q1'"),
        (QRELS, pd.concat([RUN, RUN.iloc[1:]]), ValueError,
         "run has document 'c' retrieved twice for query 'q1'"),
        (QRELS.iloc[:0], RUN, ValueError,
         "qrels has no rows: without judgments there is nothing to evaluate"),
        ([("q1", "a", 1)], RUN, TypeError,
         "qrels must be a Spark or pandas DataFrame or the path of a TREC file, got list"),
    ],
    ids=[
        "no relevance", "no score", "text grades", "boolean scores", "ids of two kinds",
        "float ids", "NaN score", "infinite grade", "missing query id", "judged twice",
        "retrieved twice", "no judgments", "not a frame",
    ],
)  # fmt: skip
def test_bad_input_is_refused_with_the_pandas_wording(spark, qrels, run, error, message):
    with pytest.raises(error) as caught:
        ns.evaluate(qrels, run)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("rows", "error", "message"),
    [
        ([("q1", "a", float("nan"))], ValueError,
         "run['score'] must be finite; a row holds NaN (query 'q1', document 'a')"),
        ([("q1", "a", None)], ValueError,
         "run['score'] must be finite; a row holds null (query 'q1', document 'a')"),
        ([("q1", "a", float("-inf"))], ValueError,
         "run['score'] must be finite; a row holds -Infinity (query 'q1', document 'a')"),
        ([("q1", "a", "0.5")], TypeError, "run['score'] must be numeric, got type string"),
        ([("q1", "a", True)], TypeError, "run['score'] must be numeric, got type boolean"),
    ],
    ids=["NaN", "null", "-inf", "text", "boolean"],
)  # fmt: skip
def test_bad_scores_in_a_spark_frame(spark, rows, error, message):
    kind = (
        "string"
        if isinstance(rows[0][2], str)
        else "boolean"
        if isinstance(rows[0][2], bool)
        else "double"
    )
    run = spark.createDataFrame(rows, f"query_id string, doc_id string, score {kind}")
    with pytest.raises(error) as caught:
        ns.evaluate(QRELS, run)
    assert str(caught.value) == message


def test_no_judgments_in_a_spark_frame(spark):
    empty = spark.createDataFrame(QRELS).limit(0)
    with pytest.raises(ValueError, match=r"^qrels has no rows: without judgments"):
        ns.evaluate(empty, RUN)


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"unjudged": "skip"}, ValueError,
         "unjudged must be one of 'zero', 'condense', 'raise'; got 'skip'"),
        ({"missing": "drop"}, ValueError, "missing must be one of 'skip', 'zero'; got 'drop'"),
        ({"k": 0}, ValueError,
         "k must be a positive integer or None, got 0; pass e.g. k=10 (k=None for no cutoff)"),
        ({"ties": "average"}, ValueError, "ties must be one of 'trec_eval'; got 'average'"),
        ({"metrics": ["ndcg", "ap"]}, ValueError, "metrics must be one of 'ndcg'; got 'ap'"),
        ({"discount": "geometric"}, ValueError,
         "discount 'geometric' takes a parameter p: pass discount=('geometric', 0.8)"),
        ({"gain": "cubic"}, ValueError,
         "gain must be 'linear', 'exponential', a mapping grade -> gain or a "
         "callable; got 'cubic'"),
        ({"gain": {0: 0, 1: 1}}, ValueError,
         "gain mapping has no entry for grade 2 found in qrels['relevance']; "
         "give every grade a gain (the mapping has [0, 1])"),
        ({"empty": "ignore"}, ValueError,
         "empty must be a number or \"raise\", got 'ignore'; e.g. empty=0.0 (trec_eval), "
         "empty=float('nan') or empty='raise'"),
        ({"unjudged": "raise"}, ValueError,
         "unjudged='raise': run has 1 unjudged document(s) (absent from qrels for their "
         "query, or judged with a negative grade) in 1 query, the first 'c' for query 'q1'; "
         "judge them, or pass unjudged='zero' (no gain, in place: trec_eval) or "
         "unjudged='condense' (drop them before scoring: trec_eval -J)"),
    ],
    ids=[
        "unjudged", "missing", "k", "ties", "metrics", "discount", "gain name", "gain mapping",
        "empty", "unjudged=raise",
    ],
)  # fmt: skip
def test_bad_options_are_refused(spark, options, error, message):
    with pytest.raises(error) as caught:
        ns.evaluate(QRELS, RUN, **options)
    assert str(caught.value) == message


def test_an_empty_ideal_raises_when_asked(spark):
    qrels = pd.concat(
        [QRELS, pd.DataFrame({"query_id": ["q2"], "doc_id": ["z"], "relevance": [0]})]
    )
    run = pd.concat([RUN, pd.DataFrame({"query_id": ["q2"], "doc_id": ["z"], "score": [1.0]})])
    assert ns.evaluate(qrels, run, empty=0.5).toPandas()["ndcg"].tolist() == [1.0, 0.5]
    with pytest.raises(ValueError) as caught:
        ns.evaluate(qrels, run, empty="raise")
    assert str(caught.value) == (
        "empty='raise': the ideal DCG is 0 for query 'q2' (no judged document has any gain), "
        "so NDCG is undefined; pass empty=0.0 (trec_eval's convention) or "
        "empty=float('nan') to score it anyway"
    )


def test_exponential_gain_overflow_is_reported(spark):
    with pytest.raises(ValueError) as caught:
        ns.evaluate(QRELS.assign(relevance=[1024, 0]), RUN, gain="exponential")
    assert str(caught.value) == (
        "gain='exponential' overflows for a grade of 1024 in qrels['relevance'] (2**grade - 1 "
        "exceeds float64 from grade 1024 on); use gain='linear' or a mapping"
    )


# Three documents of equal gain ranked 2nd to 4th, under an unjudged one.
HUGE_RUN = pd.DataFrame({"query_id": "q", "doc_id": ["x", "a", "b", "c"], "score": [4.0, 3, 2, 1]})


@pytest.mark.parametrize(
    ("grades", "gain"),
    [([1023, 1023, 1023], "exponential"), ([1.7e308, 1.7e308, 1.7e308], "linear")],
    ids=["2**1023 - 1 three times", "1.7e308 three times"],
)
def test_gains_whose_sums_overflow_are_scaled_as_the_pandas_path_scales_them(spark, grades, gain):
    # Spark gave 0.0 and NaN: DCG and ideal DCG overflowed to inf.
    qrels = pd.DataFrame({"query_id": "q", "doc_id": ["a", "b", "c"], "relevance": grades})
    got = ns.evaluate(qrels, HUGE_RUN, gain=gain).toPandas()["ndcg"].tolist()
    want = ndcg.evaluate(qrels, HUGE_RUN, gain=gain)["ndcg"].tolist()
    assert got == want and round(want[0], 4) == 0.7328


def test_a_tiny_gain_is_scaled_up_not_rounded_away(spark):
    # The smallest float64 gain, at rank 2: its NDCG is that of a gain of 1 there.
    qrels = pd.DataFrame({"query_id": "q", "doc_id": ["a", "b", "c"], "relevance": [5e-324, 0, 0]})
    got = ns.evaluate(qrels, HUGE_RUN).toPandas()["ndcg"].tolist()
    assert got == [ndcg.ndcg([0, 1, 0, 0])]


def test_scaling_brings_any_largest_gain_into_half_to_one_exactly(spark):
    # The exponent is log2's, corrected where it rounds off, and reaches subnormal gains.
    from ndcg.spark._gains import scaled

    powers = 2.0 ** np.arange(-1074, 1024)
    values = np.concatenate([powers, np.nextafter(powers, np.inf), [1.7e308, 0.1, 3.0]])
    frame = spark.createDataFrame(pd.DataFrame({"g": values}))
    got = frame.select(scaled(F.col("g"), F.col("g")).alias("s")).toPandas()["s"]
    assert got.tolist() == [math.frexp(v)[0] for v in values]


def test_no_query_in_both_inputs_is_said_plainly(spark):
    # Spark raised a bare Java AssertionError here.
    qrels = pd.DataFrame({"query_id": ["q1", "q3"], "doc_id": "a", "relevance": [1, 2]})
    run = pd.DataFrame({"query_id": ["7"], "doc_id": "a", "score": [1.0]})
    with pytest.raises(ValueError) as caught:
        ns.evaluate(qrels, run)
    assert str(caught.value) == (
        "qrels and run share no query_id: qrels has 2 (e.g. ['q1', 'q3']), run has 1 "
        "(e.g. ['7']), so there is nothing to evaluate (the mean of no scores is NaN); check "
        "that both come from one collection and write the ids alike (e.g. '7' and 'q7' are "
        "different ids), or pass missing='zero' to score every judged query 0 where the run "
        "has nothing"
    )
    try:
        ndcg.evaluate(qrels, run)
    except ValueError as error:  # the pandas path, where it refuses this too: the same words
        assert str(error) == str(caught.value)
    scored = ns.evaluate(qrels, run, missing="zero").toPandas()
    assert scored.to_dict("list") == {"query_id": ["q1", "q3"], "ndcg": [0.0, 0.0]}


def test_a_malformed_trec_line_names_the_file(spark, tmp_path):
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("q1 0 a 1\nq1 0 b one\n")
    run = tmp_path / "run.txt"
    run.write_text("q1 Q0 a 1 0.5 r\n")
    with pytest.raises(ValueError) as caught:
        ns.evaluate(qrels, run)
    assert str(caught.value) == f"{qrels}:2: relevance must be an integer, got 'one'"
    qrels.write_text("q1 0 a 1\n")
    run.write_text("q1 Q0 a 1 0.5\n")
    with pytest.raises(ValueError) as caught:
        ns.evaluate(qrels, run)
    assert str(caught.value) == (
        f"{run}:1: a run line needs 6 fields (query_id Q0 doc_id rank score run_id), found 5"
    )


def test_the_running_session_is_returned_as_it_is(spark, capsys):
    assert ns.session(master="local[1]", cores=1) is spark
    assert capsys.readouterr().out == ""
    assert spark.sparkContext.master == "local[2]"


def test_import_ndcg_does_not_load_spark():
    code = "import sys, ndcg; print(any(m.startswith(('pyspark', 'py4j')) for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
