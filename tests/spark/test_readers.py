"""ndcg.spark.read_qrels and read_run read, refuse and report exactly as the library does.

The readers' whole table (tests/helpers/_trec_cases.py) runs through the Spark tasks in one
job, and a choice of its cases through the public readers; each answer is compared with the
library's: the same rows, or the same exception with the same message.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import _trec_cases
import pytest

pytest.importorskip("pyspark", reason="ndcg.spark needs the spark extra: pip install 'ndcg[spark]'")


import ndcg  # noqa: E402
import ndcg.spark as ns  # noqa: E402
from ndcg.spark import _checks  # noqa: E402
from ndcg.spark import trec as spark_trec  # noqa: E402

pytestmark = [
    pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas:FutureWarning"),
    pytest.mark.filterwarnings("ignore:The copy keyword is deprecated"),
]
# The module, not the function ndcg.spark exports under the same name.
spark_evaluate = importlib.import_module("ndcg.spark.evaluate")
CORE = {"qrels": ndcg.read_qrels, "run": ndcg.read_run}
SPARK = {"qrels": ns.read_qrels, "run": ns.read_run}
CASES = {case.name: case for case in _trec_cases.CASES}


@pytest.fixture(scope="module")
def spark():
    return ns.session()


def core_outcome(kind: str, path: Path) -> tuple:
    """What the library's reader gives: ("rows", rows) or ("error", type, message)."""
    try:
        frame = CORE[kind](path)
    except (ValueError, OSError) as error:
        return ("error", type(error), str(error))
    return ("rows", list(frame.itertuples(index=False, name=None)))


def spark_outcome(kind: str, path: Path, spark) -> tuple:
    """The same through the public Spark reader."""
    try:
        frame = SPARK[kind](path, spark=spark)
    except (ValueError, OSError) as error:
        return ("error", type(error), str(error))
    try:
        return ("rows", [tuple(row) for row in frame.collect()])
    finally:
        frame.unpersist()


def test_the_readers_table_in_spark_tasks(spark, tmp_path):
    # Every case of the table through the tasks' code, in one task per kind of file: each
    # file's rows, or its one error row, turned back into the exception the public readers
    # raise, are compared with the library's answer.
    outcomes: dict[str, tuple] = {}
    for kind, value in (("qrels", "relevance"), ("run", "score")):
        cases = [case for case in _trec_cases.CASES if case.kind == kind]
        files = [(i, str(case.write(tmp_path))) for i, case in enumerate(cases)]

        def scan(batches, kind=kind):
            for batch in batches:
                for i, path in batch.itertuples(index=False, name=None):
                    for rows in spark_trec._file_rows(kind, path, path, None):
                        yield rows.assign(case=i)

        schema = f"query_id string, doc_id string, {value} {spark_trec.KINDS[kind][2]}"
        table = spark.createDataFrame(files, "case int, path string").coalesce(1)
        found: dict[int, list] = {i: [] for i, _ in files}
        for row in table.mapInPandas(scan, f"{schema}, _error string, case int").collect():
            found[row["case"]].append(row)
        for i, case in enumerate(cases):
            rows = found[i]
            if rows and rows[0]["_error"] is not None:
                assert len(rows) == 1, case.name
                error = _checks._uncarried(rows[0]["_error"])
                outcomes[case.name] = ("error", type(error), str(error))
            else:
                outcomes[case.name] = ("rows", [tuple(r)[:3] for r in rows])
    assert len(outcomes) == len(_trec_cases.CASES)
    for case in _trec_cases.CASES:
        want = core_outcome(case.kind, case.write(tmp_path))
        assert outcomes[case.name] == want, case.name
        assert want[0] == ("error" if case.error else "rows"), case.name


@pytest.mark.parametrize(
    "name",
    [
        "lines that start with a tab",
        "relevance 9223372036854775807",
        "score Java float suffix",
        "Windows-1252 bytes",
        "relevance beyond int64 99999999999999999999999999",
        "judged twice",
    ],
)
def test_the_public_readers_answer_as_the_library(spark, tmp_path, name):
    case = CASES[name]
    path = case.write(tmp_path)
    want = core_outcome(case.kind, path)
    assert spark_outcome(case.kind, path, spark) == want
    assert want[0] == ("error" if case.error else "rows")


def test_a_missing_or_empty_path_is_refused_as_the_library_refuses_it(spark, tmp_path):
    for path in (tmp_path / "absent.qrels", str(tmp_path / "absent.qrels"), "./absent", ""):
        want = core_outcome("qrels", path)
        assert want[0] == "error" and issubclass(want[1], FileNotFoundError)
        assert spark_outcome("qrels", path, spark) == want


def test_a_file_name_spark_would_skip_or_expand_is_read_as_named(spark, tmp_path):
    # Spark's listing hides names starting with "_" or "." and reads "[" as a glob.
    (tmp_path / "q.qrels").write_text("q 0 wrong 1\n")  # what the glob "[q].qrels" matches
    for name in ("_hidden.qrels", "[q].qrels"):
        path = tmp_path / name
        path.write_text("q 0 a 1\n")
        assert spark_outcome("qrels", path, spark) == ("rows", [("q", "a", 1)])
    path.write_text("q 0 a 1\nq 0 b x\n")
    assert spark_outcome("qrels", path, spark) == core_outcome("qrels", path)


def test_a_folder_is_read_file_by_file_and_remote_files_as_bytes(spark, tmp_path, monkeypatch):
    folder = tmp_path / "runs"
    folder.mkdir()
    (folder / "a.run").write_text("q1 Q0 d1 1 2.5 r\n\tq1 Q0 d2 2 0x1p-1 r\n")
    (folder / "b.run").write_text("# head\nq2 Q0 d1 1 1e5 r\n")
    want = sorted([("q1", "d1", 2.5), ("q1", "d2", 0.5), ("q2", "d1", 100000.0)])
    assert sorted(spark_outcome("run", folder, spark)[1]) == want
    assert sorted(spark_outcome("run", f"{folder}/*.run", spark)[1]) == want
    # Files on a file system the tasks cannot open (hdfs://, s3a://) reach them as bytes:
    # here every scheme is taken for such a one.
    monkeypatch.setattr(spark_trec, "LOCAL_SCHEMES", frozenset())
    assert sorted(spark_outcome("run", folder, spark)[1]) == want
    (folder / "c.run").write_bytes(b"q3 Q0 d\xe9 1 1 r\n")
    kind, error, message = spark_outcome("run", folder, spark)
    assert (kind, error) == ("error", ndcg.trec.TrecFormatError)
    assert message == f"file:{folder / 'c.run'}:1: not UTF-8 text (invalid continuation byte)"


def test_evaluate_reads_files_as_the_library_reads_them(spark, tmp_path, monkeypatch):
    # A run whose lines start with a tab: Spark's old reader made its query '' and its
    # documents 'Q0' (NDCG 0.2398); the library and trec_eval read 0.6199.
    qrels = tmp_path / "tab.qrels"
    qrels.write_text("q1 0 d1 0\nq1 0 d2 1\nq1 0 d3 2\n")
    run = CASES["lines that start with a tab"].write(tmp_path)
    want = ndcg.evaluate(ndcg.read_qrels(qrels), ndcg.read_run(run))
    read = []
    for name in ("read_qrels", "read_run"):
        reader = getattr(spark_evaluate, name)
        monkeypatch.setattr(
            spark_evaluate, name, lambda *a, r=reader, **o: read.append(r(*a, **o)) or read[-1]
        )
    result = ns.evaluate(qrels, run)
    # The files' frames, cached by the readers, are freed once the result is computed.
    assert len(read) == 2 and not any(frame.is_cached for frame in read)
    got = result.toPandas()
    result.unpersist()
    assert got["query_id"].tolist() == want["query_id"].tolist() == ["q1"]
    assert abs(got["ndcg"].iloc[0] - want["ndcg"].iloc[0]) <= 1e-12
    assert round(got["ndcg"].iloc[0], 4) == 0.6199


def test_python_tasks_run_this_interpreter(spark):
    # The readers run in Python tasks: they need this interpreter's packages (pandas, ndcg).
    def where(batches):
        import pandas as pd

        for _ in batches:
            yield pd.DataFrame({"python": [sys.executable]})

    found = spark.range(1).mapInPandas(where, "python string").collect()
    assert found[0]["python"] == sys.executable
