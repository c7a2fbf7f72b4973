"""python -m ndcg: trec_eval's report format, options, exit code 2 on bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ndcg.cli import main

QRELS = "q1 0 D1 3\nq1 0 D2 2\nq1 0 D3 3\nq1 0 D4 0\nq1 0 D5 1\nq1 0 D6 2\nq1 0 D7 3\nq1 0 D8 2\n"
QRELS += "q2 0 X 1\nq3 0 Y 1\n"
RUN = "".join(f"q1 Q0 D{i} {i} {7 - i}.0 r\n" for i in range(1, 7)) + "q2 Q0 X 1 1.0 r\n"


@pytest.fixture
def files(tmp_path):
    qrels = tmp_path / "qrels.txt"
    run = tmp_path / "run.txt"
    qrels.write_text(QRELS)
    run.write_text(RUN)
    return str(qrels), str(run)


def test_per_query_report_format(files, capsys):
    assert main([*files, "-q", "-m", "ndcg_cut.6"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{'ndcg_cut_6':<22}\tq1\t0.7850",
        f"{'ndcg_cut_6':<22}\tq2\t1.0000",
        f"{'ndcg_cut_6':<22}\tall\t0.8925",
    ]


def test_default_measures_and_summary_only(files, capsys):
    assert main(list(files)) == 0
    names = [line.split("\t")[0].strip() for line in capsys.readouterr().out.splitlines()]
    assert names[:3] == ["ndcg", "ndcg_cut_5", "ndcg_cut_10"]
    assert len(names) == 10  # ndcg + 9 default cutoffs, 'all' only


def test_complete_counts_missing_queries(files, capsys):
    assert main([*files, "-c", "-q", "-m", "ndcg"]) == 0
    out = capsys.readouterr().out
    assert "\tq3\t0.0000" in out
    assert f"{'ndcg':<22}\tall\t0.5854" in out  # (0.756164 + 1 + 0) / 3


def test_gain_options(files, capsys):
    assert main([*files, "-m", "ndcg_cut.6", "--gain", "exponential", "--json"]) == 0
    exponential = json.loads(capsys.readouterr().out)["all"]["ndcg_cut_6"]
    assert main([*files, "-m", "ndcg_cut.6", "--gain", "1=1,2=3,3=7", "--json"]) == 0
    mapped = json.loads(capsys.readouterr().out)["all"]["ndcg_cut_6"]
    assert exponential == pytest.approx(mapped, abs=1e-15)
    assert main([*files, "-m", "ndcg.3=7", "-q"]) == 0
    assert capsys.readouterr().out.startswith("ndcg_3=7")


def test_json_full_precision(files, capsys):
    assert main([*files, "-q", "-m", "ndcg_cut.6", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["queries"]["q1"]["ndcg_cut_6"] == pytest.approx(0.785002371969948, rel=1e-15)
    assert set(report) == {"all", "queries"}


@pytest.mark.parametrize(
    ("qrels_text", "run_text", "message"),
    [
        ("q1 0 D1\n", RUN, "qrels.txt:1: a qrels line needs 4 fields"),
        (QRELS, RUN + "q2 Q0 X 2 0.5 r\n", "run.txt:8: document 'X' retrieved twice"),
        (QRELS, "q1 Q0 D1 1 oops r\n", "run.txt:1: score must be a number"),
    ],
)
def test_bad_files_exit_2(tmp_path, capsys, qrels_text, run_text, message):
    (tmp_path / "qrels.txt").write_text(qrels_text)
    (tmp_path / "run.txt").write_text(run_text)
    code = main([str(tmp_path / "qrels.txt"), str(tmp_path / "run.txt")])
    assert code == 2
    assert message in capsys.readouterr().err


def test_unreadable_file_and_bad_options(files, tmp_path, capsys):
    assert main([files[0], str(tmp_path / "absent.run")]) == 2
    assert "absent.run" in capsys.readouterr().err
    assert main([*files, "-m", "map"]) == 2
    assert main([*files, "-m", "ndcg_cut.0"]) == 2
    assert main([*files, "--gain", "quadratic"]) == 2
    assert "gain" in capsys.readouterr().err


def test_python_dash_m(files):
    done = subprocess.run(
        [sys.executable, "-m", "ndcg", *files, "-m", "ndcg_cut.6"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout == f"{'ndcg_cut_6':<22}\tall\t0.8925\n"
    bad = subprocess.run(
        [sys.executable, "-m", "ndcg", files[0], files[0]], capture_output=True, text=True
    )
    assert bad.returncode == 2 and "run line needs 6 fields" in bad.stderr


def test_k_is_shorthand_for_ndcg_cut(files, capsys):
    assert main([*files, "-k", "6"]) == 0
    assert capsys.readouterr().out == f"{'ndcg_cut_6':<22}\tall\t0.8925\n"
    assert main([*files, "-m", "ndcg", "-k", "2,6"]) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert names == ["ndcg", "ndcg_cut_2", "ndcg_cut_6"]


def test_a_measure_named_twice_prints_once(files, capsys):
    assert main([*files, "-m", "ndcg_cut.6,2", "-k", "6", "-m", "ndcg"]) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert names == ["ndcg_cut_6", "ndcg_cut_2", "ndcg"]
