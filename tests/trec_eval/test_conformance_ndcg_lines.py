"""trec_eval's own test outputs, reproduced to the 4 decimals trec_eval prints.

This file reads the NDCG lines alone (ndcg, ndcg_cut_k, ndcg with gains per level) of four
of the files and recomputes each one through the library's API (``ndcg.evaluate``) as well as
the command line, with the edge cases of NDCG (missing queries, comments, per-level gains).
test_conformance_reports.py prints every file whole, all measures, through the command line.

The data live outside the project (``../shared/conformance/trec_eval``); without them the
tests are skipped with a plain reason.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pandas as pd
import pytest
from conftest import SHARED

import ndcg
from ndcg.cli import main as cli_main

DATA = SHARED / "conformance" / "trec_eval"

# (expected output, qrels, run, missing queries count as 0?)  See DATA / "README.md".
CASES = {
    "out.test.aq": ("qrels.test", "results.test", False),
    "out.test.aqc": ("qrels.test", "results.trunc", True),
    "out.test.aql": ("qrels.rel_level", "results.test", False),
    # -mndcg.1=3,2=9,4=4.5 -mndcg_cut.10,20,23.4 on the binary qrels
    "out.test.meas_params": ("qrels.test", "results.test", False),
}
LINE = re.compile(r"^(ndcg(?:_cut_\d+)?|ndcg_[-\d.=,]+)\s+(\S+)\s+(\S+)$")


@pytest.fixture(scope="module")
def data() -> Path:
    if not (DATA / "out.test.aq").exists():
        pytest.skip(f"trec_eval conformance data not found at {DATA}")
    return DATA


def expected_lines(path: Path) -> list[tuple[str, str, str]]:
    found = []
    for line in path.read_text().splitlines():
        match = LINE.match(line)
        if match:
            found.append(match.groups())
    return found


def measure_spec(name: str) -> tuple[int | None, object]:
    """trec_eval measure name -> (cutoff, gain)."""
    if name == "ndcg":
        return None, "linear"
    if name.startswith("ndcg_cut_"):
        return int(name.removeprefix("ndcg_cut_")), "linear"
    levels = dict(item.split("=") for item in name.removeprefix("ndcg_").split(","))
    return None, {int(level): float(gain) for level, gain in levels.items()}


@pytest.mark.parametrize("output", sorted(CASES))
def test_library_matches_every_ndcg_line(data, output):
    qrels_name, run_name, complete = CASES[output]
    qrels = ndcg.read_qrels(data / qrels_name)
    run = ndcg.read_run(data / run_name)
    lines = expected_lines(data / output)
    assert len(lines) >= 12, "no ndcg lines found: has the file changed?"
    checked = 0
    for name in dict.fromkeys(n for n, _, _ in lines):
        k, gain = measure_spec(name)
        if isinstance(gain, dict):  # trec_eval: unlisted levels keep their own value
            gain = {lvl: float(lvl) for lvl in range(0, 5)} | gain
        table = ndcg.evaluate(
            qrels, run, k=k, gain=gain, missing="zero" if complete else "skip"
        ).set_index("query_id")
        column = table.columns[0]
        for measure, query, value in lines:
            if measure != name:
                continue
            got = table[column].mean() if query == "all" else table.at[query, column]
            assert f"{got:.4f}" == value, (output, measure, query, got, value)
            checked += 1
    assert checked == len(lines)


@pytest.mark.parametrize("output", ["out.test.aq", "out.test.aqc", "out.test.aql"])
def test_cli_prints_the_same_lines(data, output, capsys):
    qrels_name, run_name, complete = CASES[output]
    args = [str(data / qrels_name), str(data / run_name), "-q", "-m", "ndcg", "-m", "ndcg_cut"]
    assert cli_main(args + (["-c"] if complete else [])) == 0
    printed = capsys.readouterr().out.splitlines()
    wanted = [
        line
        for line in (data / output).read_text().splitlines()
        if re.match(r"^ndcg(_cut_\d+)?\s", line)
    ]
    assert printed == wanted


def test_cli_meas_params(data, capsys):
    # The ndcg part of the exact command behind out.test.meas_params (23.4 reads as 23).
    args = [str(data / "qrels.test"), str(data / "results.test"), "-q"]
    args += ["-mndcg.1=3,2=9,4=4.5", "-mndcg_cut.10,20,23.4"]
    assert cli_main(args) == 0
    printed = capsys.readouterr().out.splitlines()
    wanted = [
        line
        for line in (data / "out.test.meas_params").read_text().splitlines()
        if line.startswith("ndcg")
    ]
    assert printed == wanted


def test_the_suite_covers_queries_missing_from_the_run(data):
    # out.test.aqc exists to test -c: query 302 is judged but absent from results.trunc.
    run = ndcg.read_run(data / "results.trunc")
    assert "302" not in set(run["query_id"])
    assert isinstance(run, pd.DataFrame)


def test_comment_lines_read_as_in_trec_eval_tests(data, tmp_path, capsys):
    # trec_eval's test/qrels.test.with-comments is qrels.test with these three comment
    # lines (the third before a line whose docno holds '#'); its output is out.test.
    lines = (data / "qrels.test").read_text().splitlines(keepends=True)
    commented = ["# comment here\n", *lines[:2], "# and comment here\n", *lines[2:4]]
    commented += ["# comment in docno\n", *lines[4:]]
    (tmp_path / "qrels").write_text("".join(commented))
    args = [str(data / "results.test"), "-m", "ndcg", "-m", "ndcg_cut"]
    assert cli_main([str(tmp_path / "qrels"), *args]) == 0
    with_comments = capsys.readouterr().out
    assert cli_main([str(data / "qrels.test"), *args]) == 0
    assert with_comments == capsys.readouterr().out
    assert "ndcg                  \tall\t" in with_comments


def test_where_trec_eval_is_wrong_per_level_gains_closer_than_one(tmp_path, capsys):
    """The one place this library and trec_eval 10.0 disagree on purpose.

    Grades a=1, b=2, c=0, ranked b, a, c, with ``-m ndcg.2=0.5``: level 1 gains 1 and
    level 2 gains 0.5. trec_eval sorts the levels by gain with a comparator that returns
    the difference of two gains as an ``int`` (``comp_rel_gain`` in ``gain_init.c``), so
    gains closer than 1 compare equal: the 0.5 of level 2 stays below the 0 of level 0,
    and the ideal, which stops at the first gain that is not positive, holds the 1 alone.
    It prints ``ndcg_2=0.5  q1  1.1309``: DCG = 0.5 + 1/log2(3) = 1.1309 over an IDCG
    of 1, above 1, which no NDCG can be. The exact IDCG is 1 + 0.5/log2(3) = 1.3155 and
    the NDCG 0.8597.
    """
    (tmp_path / "q").write_text("q1 0 a 1\nq1 0 b 2\nq1 0 c 0\n")
    (tmp_path / "r").write_text("q1 Q0 b 1 3 r\nq1 Q0 a 2 2 r\nq1 Q0 c 3 1 r\n")
    assert cli_main([str(tmp_path / "q"), str(tmp_path / "r"), "-m", "ndcg.2=0.5", "--json"]) == 0
    ours = json.loads(capsys.readouterr().out)["all"]["ndcg_2=0.5"]
    dcg = 0.5 + 1 / math.log2(3)
    assert ours == pytest.approx(dcg / (1 + 0.5 / math.log2(3)), rel=1e-15)
    assert f"{ours:.4f}" == "0.8597"
    trec_eval_printed = "1.1309"  # its IDCG is 1: the 0.5 is lost behind the 0
    assert f"{dcg / 1.0:.4f}" == trec_eval_printed
