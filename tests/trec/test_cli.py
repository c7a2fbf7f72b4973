"""python -m ndcg: trec_eval's report format, options, exit code 2 on bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from _golden import D_NDCG_AT_6
from conftest import trec_files

import ndcg
from ndcg.cli import Table, format_json, main

QRELS = "q1 0 D1 3\nq1 0 D2 2\nq1 0 D3 3\nq1 0 D4 0\nq1 0 D5 1\nq1 0 D6 2\nq1 0 D7 3\nq1 0 D8 2\n"
QRELS += "q2 0 X 1\nq3 0 Y 1\n"
RUN = "".join(f"q1 Q0 D{i} {i} {7 - i}.0 r\n" for i in range(1, 7)) + "q2 Q0 X 1 1.0 r\n"


@pytest.fixture
def files(tmp_path):
    return trec_files(tmp_path, QRELS, RUN)


def test_per_query_report_format(files, capsys):
    assert main([*files, "-q", "-m", "ndcg_cut.6"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{'ndcg_cut_6':<22}\tq1\t0.7850",
        f"{'ndcg_cut_6':<22}\tq2\t1.0000",
        f"{'ndcg_cut_6':<22}\tall\t0.8925",
    ]


def test_default_measures_are_trec_eval_s_official_set_summary_only(files, capsys):
    assert main(list(files)) == 0
    lines = capsys.readouterr().out.splitlines()
    names = [line.split("\t")[0].strip() for line in lines]
    assert names[:3] == ["runid", "num_q", "num_ret"]
    assert names[-9:] == [f"P_{k}" for k in (5, 10, 15, 20, 30, 100, 200, 500, 1000)]
    assert {line.split("\t")[1] for line in lines} == {"all"}
    assert "ndcg" not in names


def test_ndcg_and_its_cutoffs_are_asked_for_by_name(files, capsys):
    assert main([*files, "-m", "ndcg", "-m", "ndcg_cut"]) == 0
    names = [line.split("\t")[0].strip() for line in capsys.readouterr().out.splitlines()]
    assert names == ["ndcg", *(f"ndcg_cut_{k}" for k in (5, 10, 15, 20, 30, 100, 200, 500, 1000))]


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
    assert report["queries"]["q1"]["ndcg_cut_6"] == pytest.approx(D_NDCG_AT_6, rel=1e-15)
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
    code = main([*trec_files(tmp_path, qrels_text, run_text)])
    assert code == 2
    assert message in capsys.readouterr().err


def test_unreadable_file_and_bad_options(files, tmp_path, capsys):
    assert main([files[0], str(tmp_path / "absent.run")]) == 2
    assert "absent.run" in capsys.readouterr().err
    assert main([*files, "-m", "ndcg_p"]) == 2  # not a measure this command computes
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


def test_k_lists_join_into_one_ndcg_cut(files, capsys):
    assert main([*files, "-k", "6", "-k", "2", "-m", "ndcg_cut.2,6"]) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert names == ["ndcg_cut_2", "ndcg_cut_6"]


# The three-document query of the trec_eval comparisons below: grades a=1, b=2, c=0,
# ranked b, a, c. Every expected line was printed by trec_eval 10.0 on these files.
SMALL_QRELS = "q1 0 a 1\nq1 0 b 2\nq1 0 c 0\n"
SMALL_RUN = "q1 Q0 b 1 3 r\nq1 Q0 a 2 2 r\nq1 Q0 c 3 1 r\n"


@pytest.fixture
def small(tmp_path):
    return trec_files(tmp_path, SMALL_QRELS, SMALL_RUN)


@pytest.mark.parametrize(
    ("measures", "printed"),
    [
        # trec_eval prints a measure once, with the parameters of its first -m giving any.
        (["-m", "ndcg", "-m", "ndcg.1=3"], ["ndcg_1=3              \tq1\t0.9134"]),
        (["-m", "ndcg.1=3", "-m", "ndcg"], ["ndcg_1=3              \tq1\t0.9134"]),
        # ndcg before ndcg_cut whatever the order typed; cutoffs sorted.
        (
            ["-m", "ndcg_cut.3,1", "-m", "ndcg"],
            ["ndcg                  \tq1\t1.0000", "ndcg_cut_1            \tq1\t1.0000"]
            + ["ndcg_cut_3            \tq1\t1.0000"],
        ),
    ],
)
def test_measures_print_as_trec_eval_prints_them(small, capsys, measures, printed):
    assert main([*small, "-q", *measures]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == printed + [line.replace("\tq1\t", "\tall\t") for line in printed]


def test_a_fractional_cutoff_is_read_as_trec_eval_reads_it(small, capsys):
    # The command behind trec_eval's test/out.test.meas_params: 23.4 is read as 23.
    assert main([*small, "-m", "ndcg_cut.10,20,23.4"]) == 0
    captured = capsys.readouterr()
    assert [line.split()[0] for line in captured.out.splitlines()] == [
        "ndcg_cut_10",
        "ndcg_cut_20",
        "ndcg_cut_23",
    ]
    assert captured.err == (
        "ndcg: note: -m 'ndcg_cut.10,20,23.4': cutoff '23.4' read as 23, as trec_eval reads it\n"
    )


@pytest.mark.parametrize(
    ("measures", "message"),
    [
        (["-m", "ndcg.1=3,1=5"], "-m 'ndcg.1=3,1=5': gain map '1=3,1=5' gives level 1 twice"),
        (["-m", "ndcg.a=3"], "each item must be level=gain with an integer level, got 'a=3'"),
        (["-m", "ndcg.1=3x"], "the gain of level 1 must be a number, got '3x'"),
        (["-m", "ndcg.1=nan"], "the gain of level 1 must be finite, got 'nan'"),
        (["-m", "ndcg.-1=2"], "level -1 is negative"),
        # trec_eval prints 0.6845 here: the -1 counts in the DCG, not in the ideal.
        (["-m", "ndcg.1=-1"], "the gain of level 1 is negative (-1); gains here are >= 0"),
        (["-m", "ndcg."], "-m 'ndcg.': nothing after the '.'; give parameters or write ndcg"),
        (
            ["-m", "ndcg_cut.5,5"],
            "-m 'ndcg_cut.5,5': cutoff 5 is given twice (trec_eval refuses it too); give each "
            "once: ndcg_cut.5",
        ),
        (
            ["-m", "ndcg_cut.5x"],
            "-m 'ndcg_cut.5x': the cutoff '5x' is not a whole number of 1 or more; write whole "
            "numbers separated by commas, e.g. ndcg_cut.5,10",
        ),
        (
            ["-m", "ndcg_cut.5", "-m", "ndcg_cut.10"],
            "-m 'ndcg_cut.10': ndcg_cut has its parameters from -m 'ndcg_cut.5' already; give "
            "one list, e.g. ndcg_cut.5,10 (trec_eval would silently use the first)",
        ),
        (
            ["-m", "ndcg.1=3", "-m", "ndcg.1=4"],
            "-m 'ndcg.1=4': ndcg has its parameters from -m 'ndcg.1=3' already; give one list "
            "(trec_eval",
        ),
    ],
)
def test_measures_trec_eval_would_misread_are_refused(small, capsys, measures, message):
    assert main([*small, *measures]) == 2
    assert message in capsys.readouterr().err


STRAY = "(separate measures with spaces, not commas; on the command line, give each its own -m)"
LISTED = "(-m all_trec prints every measure; the README's table lists them)"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        # A stray comma: the page's field "ndcg_cut.10, map" is -m 'ndcg_cut.10,' -m map.
        (
            ["-m", "ndcg_cut.10,", "-m", "map"],
            f"-m 'ndcg_cut.10,': a stray comma; write ndcg_cut.10 {STRAY}",
        ),
        (["-m", "ndcg_cut.5,"], f"-m 'ndcg_cut.5,': a stray comma; write ndcg_cut.5 {STRAY}"),
        (
            ["-m", "ndcg_cut.10,map"],
            f"-m 'ndcg_cut.10,map': a stray comma; write ndcg_cut.10 map {STRAY}",
        ),
        (["-m", "map,P.10"], f"-m 'map,P.10': a stray comma; write map P.10 {STRAY}"),
        (["-m", "P.5,,10"], f"-m 'P.5,,10': a stray comma; write P.5,10 {STRAY}"),
        (["-m", ",map"], f"-m ',map': a stray comma; write map {STRAY}"),
        (["-m", "ndcg_cut.,5"], f"-m 'ndcg_cut.,5': a stray comma; write ndcg_cut.5 {STRAY}"),
        (["-m", "ndcg.1=3,2=9,"], f"-m 'ndcg.1=3,2=9,': a stray comma; write ndcg.1=3,2=9 {STRAY}"),
        (["-k", "5,"], "-k '5,': a stray comma; write -k 5\n"),
        (["-k", "10", "-k", ",5,,10"], "-k ',5,,10': a stray comma; write -k 5,10\n"),
        (["-k", ","], "-k ',': a stray comma; give a cutoff, e.g. -k 10\n"),
        # The page's field typed as one -m value: one -m per measure.
        (
            ["-m", "ndcg_cut.10 map"],
            "-m 'ndcg_cut.10 map': give each measure its own -m: -m ndcg_cut.10 -m map\n",
        ),  # fmt: skip
        (
            ["-m", "ndcg_cut.10,\tmap,P.5"],
            "-m 'ndcg_cut.10,\\tmap,P.5': give each measure its "
            "own -m: -m ndcg_cut.10 -m map -m P.5\n",
        ),  # fmt: skip
        (["-k", "5 10"], "-k '5 10': separate cutoffs with commas: -k 5,10\n"),
        # A cutoff that is not a whole number of 1 or more.
        (
            ["-m", "ndcg_cut.x"],
            "-m 'ndcg_cut.x': the cutoff 'x' is not a whole number of 1 or more; write whole "
            "numbers separated by commas, e.g. ndcg_cut.5,10",
        ),
        (
            ["-k", "5", "-k", "x"],
            "-k '5' -k 'x': the cutoff 'x' is not a whole number of 1 or more",
        ),
        (
            ["-m", "ndcg_cut.99999999999999999999"],
            "-m 'ndcg_cut.99999999999999999999': the cutoff 99999999999999999999 is outside",
        ),
        # An unknown name: the nearest names (difflib), then where the whole list is.
        (
            ["-m", "err"],
            "-m 'err': err is the library's (ndcg.evaluate), not trec_eval's, whose measures this "
            f"report prints {LISTED}\n",
        ),
        (
            ["-m", "precision.10"],
            f"-m 'precision.10': precision is the library's name for trec_eval's P, set_P {LISTED}",
        ),
        (["-m", "RR"], "-m 'RR': RR is the library's name for trec_eval's recip_rank"),
        (["-m", "mrr"], f"-m 'mrr': no measure is called 'mrr' {LISTED}\n"),
        (
            ["-m", "ndcg_p"],
            f"-m 'ndcg_p': no measure is called 'ndcg_p'; the nearest names are ndcg, Rndcg, "
            f"ndcg_rel {LISTED}\n",
        ),
        (["-m", "p.10"], f"-m 'p.10': no measure is called 'p'; the nearest names are P {LISTED}"),
        (["-m", "ndcg@10"], "-m 'ndcg@10': a cutoff is written after a '.': ndcg_cut.10\n"),
        (["-m", "P@5"], "-m 'P@5': a cutoff is written after a '.': P.5\n"),
        (
            ["-m", "ndcg.10"],
            "-m 'ndcg.10': gain map '10': each item must be level=gain with an integer level, "
            "got '10'; for a cutoff, write ndcg_cut.10\n",
        ),
        (["-m", "map.5"], "-m 'map.5': map takes no parameters here; write map, or map_cut.5 for"),
        (
            ["-m", "all_trec.5"],
            "-m 'all_trec.5': all_trec is a set of measures and takes no parameters; write "
            "all_trec",
        ),
        (["-m", "relstring.3,4"], "-m 'relstring.3,4': relstring takes one number, got 2; write"),
        (["-m", "utility.1,x"], "-m 'utility.1,x': the parameter 'x' must be a number, got 'x'"),
        (["-m", "iprec_at_recall.0.2,.2"], "-m 'iprec_at_recall.0.2,.2': 0.2 is given twice"),
    ],
)
def test_a_mistyped_measure_is_named_as_typed_with_its_fix(small, capsys, args, message):
    assert main([*small, *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ndcg: ") and err.count("\n") == 1
    assert message in err


def test_no_shared_query_is_an_error_unless_complete(small, tmp_path, capsys):
    other = tmp_path / "other.run"
    other.write_text("zz Q0 b 1 3 r\n")
    assert main([small[0], str(other)]) == 2
    assert f"no query is in both {small[0]} and {other}" in capsys.readouterr().err
    # With -c, trec_eval scores every judged query, the missing ones as 0.
    assert main([small[0], str(other), "-c", "-m", "ndcg"]) == 0
    assert capsys.readouterr().out == "ndcg                  \tall\t0.0000\n"


@pytest.mark.parametrize("text", ["", "# only a comment\n", "\n\n"])
def test_an_empty_run_is_an_error(small, tmp_path, capsys, text):
    empty = tmp_path / "empty.run"
    empty.write_text(text)
    assert main([small[0], str(empty), "-c"]) == 2
    assert f"{empty}: no result lines, nothing to evaluate" in capsys.readouterr().err
    assert main([str(empty), small[1]]) == 2
    assert f"{empty}: no judgment lines, nothing to evaluate" in capsys.readouterr().err


def test_an_empty_path_is_named(small, capsys):
    assert main(["", small[1]]) == 2
    assert "cannot read '': empty path" in capsys.readouterr().err


def _refuse(constant: str) -> float:
    raise ValueError(f"not JSON: {constant}")


def test_json_is_strict(files, capsys):
    assert main([*files, "-q", "-c", "--json", "-m", "ndcg", "-m", "official"]) == 0
    report = json.loads(capsys.readouterr().out, parse_constant=_refuse)
    assert report["queries"]["q3"]["ndcg"] == 0.0
    assert report["all"]["runid"] == "r" and report["all"]["num_q"] == 3
    assert "runid" not in report["queries"]["q3"]
    with pytest.raises(ValueError, match="Out of range float values are not JSON compliant"):
        format_json(Table(np.array(["q"]), {"ndcg": np.array([float("nan")])}), per_query=False)


def test_the_all_line_adds_queries_in_order_as_trec_eval_does(tmp_path, capsys):
    # Issue 28, 2.1: 32 queries, each d0-d9 scored 10 down to 1, its first k judged 1.
    # pandas' pairwise mean printed 0.4563; trec_eval adds query by query: 0.4562.
    ks = (0, 7, 2, 2, 7, 8, 9, 2, 9, 9, 3, 0, 8, 9, 5, 1, 1, 4, 8, 3, 0, 7, 8, 1, 6, 4, 5, 0, 6)
    ks += (2, 6, 4)
    qrels = "".join(f"q{n:02d} 0 d{d} {int(d < k)}\n" for n, k in enumerate(ks) for d in range(10))
    run = "".join(f"q{n:02d} Q0 d{d} {d + 1} {10 - d} r\n" for n in range(32) for d in range(10))
    files = trec_files(tmp_path, qrels, run)
    assert main([*files, "-m", "P.10"]) == 0
    assert capsys.readouterr().out == "P_10                  \tall\t0.4562\n"
    # The JSON mean is the same running sum, to the last bit.
    assert main([*files, "-m", "P.10", "--json", "-q"]) == 0
    report = json.loads(capsys.readouterr().out)
    running = 0.0
    for query in sorted(report["queries"]):
        running += report["queries"][query]["P_10"]
    assert report["all"]["P_10"] == running / 32


def test_average_precision_divides_as_trec_eval_does(tmp_path, capsys):
    # Issue 28, 2.2: count * (1/i) printed 0.4437; trec_eval's count / i gives 0.4438.
    qrels = "q1 0 d1 0\n" + "".join(f"q1 0 d{i} 1\n" for i in range(2, 10))
    run = "".join(f"q1 Q0 d{i} {i} {7 - i} r\n" for i in range(1, 7))
    assert main([*trec_files(tmp_path, qrels, run), "-m", "map"]) == 0
    assert capsys.readouterr().out == "map                   \tall\t0.4438\n"


def test_a_cutoff_beyond_64_bits_is_refused_as_l_is(small, capsys):
    # trec_eval saturates it and prints ndcg_cut_9223372036854775807.
    huge = "99999999999999999999"
    for args in (["-m", f"ndcg_cut.{huge}"], ["-k", f"5,{huge}.5"], ["-l", huge]):
        assert main([*small, *args]) == 2
        err = capsys.readouterr().err
        assert f"{huge} is outside the 64-bit integer range" in err
        assert "trec_eval would silently read it as 9223372036854775807" in err
    assert main([*small, "-m", "ndcg_cut.9223372036854775807"]) == 0
    assert capsys.readouterr().out.startswith("ndcg_cut_9223372036854775807\tall\t")


def test_an_empty_k_is_named(small, capsys):
    assert main([*small, "-k", ""]) == 2
    assert capsys.readouterr().err == (
        "ndcg: -k '': give a cutoff or a list of them, e.g. -k 10 or -k 5,10\n"
    )


def test_the_run_dash_is_standard_input(small, capsys, monkeypatch):
    text = Path(small[1]).read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text)))
    assert main([small[0], "-", "-m", "ndcg"]) == 0
    from_stdin = capsys.readouterr().out
    assert main([small[0], small[1], "-m", "ndcg"]) == 0
    assert from_stdin == capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"")))
    assert main([small[0], "-"]) == 2
    assert "<stdin>: no result lines" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("qrels", "run", "args"),
    [
        ("# c\nq1 0 a 1\nq1 0 a 0\n", "q1 Q0 a 1 1 r\n", []),
        ("q1 0 a 1\n", "# c\nq1 Q0 a 1 1 r\n\nq1 Q0 a 1 2 r\n", []),
        ("q1 0 a 2000\n", "q1 Q0 a 1 1 r\n", ["--gain", "exponential", "-m", "ndcg"]),
        ("q1 0 a 1\n", "q1 Q0 a 1 nan r\n", []),
        ("q1 0 a 1\n", "q2 Q0 a 1 1 r\n", []),
        ("1 0 1 1\n", "1 Q0 1 1 1 r\n", ["-m", "ndcg.1=1e400"]),
        ("1 0 1 1\n", "1 Q0 1 1 1 r\n", ["-m", "P.5,5"]),
        ("1 0 1 1\n", "1 Q0 1 1 1 r\n", ["-l", "-3"]),
    ],
)
def test_messages_show_values_as_typed_not_numpy_reprs(tmp_path, capsys, qrels, run, args):
    assert main([*trec_files(tmp_path, qrels, run), *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ndcg: ") and "np." not in err and "numpy" not in err


def test_the_library_s_messages_show_ids_and_rows_as_python_values():
    # They printed "(row np.int64(5))", "document np.int64(1)" and "query np.int64(1)".
    run = pd.DataFrame({"query_id": "q", "doc_id": ["a"], "score": [1.0]})
    twice = pd.DataFrame(
        {"query_id": "q", "doc_id": ["a", "a"], "relevance": [0, 1]}, index=pd.Index([5, 7])
    )
    with pytest.raises(
        ValueError, match=r"^qrels has document 'a' judged twice for query 'q' \(row 5\)$"
    ):
        ndcg.evaluate(twice, run)
    numbers = pd.DataFrame({"query_id": [1, 1], "doc_id": [1, 2], "relevance": [0, 1]})
    bad = pd.DataFrame({"query_id": [1], "doc_id": [1], "score": [float("nan")]})
    with pytest.raises(ValueError, match=r"row 0 holds nan \(query 1, document 1\)$"):
        ndcg.evaluate(numbers, bad)


def test_11pt_avg_alone_forms_the_counts_its_curve_needs(tmp_path, capsys):
    # -m 11pt_avg alone stopped: the curve it averages needs trec_eval's counts, which no
    # other measure had formed. trec_eval 10.0 prints 1.0000 here.
    files = trec_files(tmp_path, "q 0 a 1\nq 0 b 0\n", "q Q0 a 1 2 r\nq Q0 b 2 1 r\n")
    assert main([*files, "-m", "11pt_avg"]) == 0
    assert capsys.readouterr().out == f"{'11pt_avg':<22}\tall\t1.0000\n"


def test_the_qrels_error_comes_first_though_both_files_are_read_at_once(tmp_path, capsys):
    # The qrels are read on a second thread while the run is read: the messages must still
    # come in the files' order, the qrels' first, as when they were read one by one.
    (tmp_path / "qrels").write_text("q1 0 d1 x\n")
    (tmp_path / "run").write_text("q1 Q0 d1 1 y r\n")
    assert main([str(tmp_path / "qrels"), str(tmp_path / "run")]) == 2
    assert "qrels:1: relevance must be an integer" in capsys.readouterr().err
    (tmp_path / "qrels").write_text("q1 0 d1 1\n")
    assert main([str(tmp_path / "qrels"), str(tmp_path / "run")]) == 2
    assert "run:1: score must be a number" in capsys.readouterr().err
