"""python -m ndcg: ``--gain`` on every graded measure, and measure parameters that name the fix.

``--gain`` is the gain of ``ndcg`` and ``ndcg_cut`` and, as trec_eval's per-level gains, of
``G``, ``ndcg_rel``, ``Rndcg`` and ``rbp``: held here to trec_eval given the same gains in
``-m G.1=3``. Parameters trec_eval would misread (``utility`` with other than four
coefficients, a multiple of R too long for its name, a negative beta) and integers of any
length are refused with a message naming the option, the value and a fix.
"""

from __future__ import annotations

import contextlib
import io
import json
import tracemalloc
import warnings

import numpy as np
import pytest
from conftest import trec_files
from trec_eval.test_oracle_trec_eval import random_collection, run_trec_eval, trec_eval  # noqa: F401

from ndcg import trec_measures
from ndcg.cli import main

QRELS = "q1 0 a 3\nq1 0 b 2\nq1 0 c 0\nq1 0 d 1\nq2 0 a 1\nq2 0 e 2\n"
RUN = "q1 Q0 c 1 4 r\nq1 Q0 a 2 3 r\nq1 Q0 b 3 2 r\nq2 Q0 e 1 2 r\nq2 Q0 x 2 1 r\n"
GRADED = ("G", "ndcg_rel", "Rndcg", "rbp", "ndcg")
#: Those that take per-level gains in -m here (rbp's parameters are trec_eval's only).
OWN = ("G", "ndcg_rel", "Rndcg", "ndcg")
LONG = "1" * 4400  # past Python's 4,300 digits of int()


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # numpy's RuntimeWarning is Python's internals
            code = main(argv)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def files(tmp_path):
    return trec_files(tmp_path, QRELS, RUN)


def values(report: str) -> dict[tuple[str, str], float]:
    """Each per-query and all value of ``--json -q``, by (trec_eval name, query)."""
    data = json.loads(report)
    got = {(name.split("_1=")[0].split("_0=")[0], "all"): v for name, v in data["all"].items()}
    for query, row in data["queries"].items():
        got |= {(name.split("_1=")[0].split("_0=")[0], query): v for name, v in row.items()}
    return got


@pytest.mark.parametrize(
    ("gain", "levels"), [("1=3,2=9", "1=3,2=9"), ("exponential", "1=1,2=3,3=7")]
)
def test_gain_reaches_every_graded_measure_as_its_own_gains_would(files, gain, levels):
    measures = [a for m in OWN for a in ("-m", m)]
    code, given, _ = run([*files, "-q", "--json", "--gain", gain, *measures])
    assert code == 0
    own = [a for m in OWN for a in ("-m", f"{m}.{levels}")]
    code, typed, _ = run([*files, "-q", "--json", *own])
    assert code == 0
    plain = values(run([*files, "-q", "--json", *measures])[1])
    assert values(given) == values(typed)
    assert all(values(given)[key] != value for key, value in plain.items() if key[1] == "all")


def test_gain_equals_trec_eval_given_the_same_gains(trec_eval, tmp_path):  # noqa: F811
    compared = 0
    for case in range(40):
        c = random_collection(34, case)
        qrels, run_text = c.qrels_text(), c.run_text()
        qrels_path, run_path = trec_files(tmp_path, qrels, run_text)
        if "-c" not in c.flags:  # trec_eval stops at a judged query the run lacks
            qrels = c.qrels_text({q: d for q, d in c.judged.items() if q in c.ranked})
        grades = sorted({g for docs in c.judged.values() for g in docs.values() if g > 0})
        for gain, levels in (
            ("2=5,4=1", "2=5,4=1"),
            ("exponential", ",".join(f"{g}={2**g - 1}" for g in grades) or "1=1"),
        ):
            flags = [f for f in c.flags if f != "-q"]
            measures = [a for m in GRADED for a in ("-m", m)]
            code, mine, err = run([*flags, "-q", "--json", "--gain", gain, *measures,
                                   qrels_path, run_path])  # fmt: skip
            assert code == 0, err
            argv = [*flags, "-q", *(a for m in GRADED for a in ("-m", f"{m}.{levels}"))]
            text = run_trec_eval(trec_eval.exact, tmp_path, qrels, run_text, argv)
            got = json.loads(mine)
            got_rows = {"all": got["all"], **got.get("queries", {})}
            for line in text.splitlines():
                name, query, value = (part.strip() for part in line.split("\t"))
                head = name.split("_", 1)[0] if not name.startswith("ndcg_rel") else "ndcg_rel"
                assert got_rows[query][head] == float(value), (c.seed, gain, name, query)
                compared += 1
    assert compared > 500


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        *(
            (
                ["-m", f"utility.{given}"],
                f"-m 'utility.{given}': utility takes 4 numbers, got {n}; write 4 separated by "
                "commas, e.g. utility.1,-1,0,0 (its default)",
            )
            for given, n in (("1", 1), ("1,2", 2), ("1,2,3", 3), ("1,2,3,4,5", 5))
        ),
        (
            ["-m", "Rprec_mult.1e308"],
            "-m 'Rprec_mult.1e308': 1e+308 is too long for the measure's name, where trec_eval "
            "keeps 8 characters of it (it would print Rprec_mult_10000000); give numbers from "
            "-9999.99 to 99999.99",
        ),
        (["-m", "iprec_at_recall.100000"], "(it would print iprec_at_recall_100000.0)"),
        (
            ["-m", "set_F.-1"],
            "-m 'set_F.-1': set_F takes a number of 0 or more, got -1; write e.g. set_F.1",
        ),
        (
            ["-m", "relstring.2.5"],
            "-m 'relstring.2.5': relstring takes a whole number, got "
            "2.5; write relstring.2 (trec_eval would cut it to 2)",
        ),
        (["-m", f"P.{LONG}"], f"-m 'P.{LONG}': the cutoff {LONG} is outside the 64-bit"),
        (["-m", f"P.{'0' * 4400}"], "is not a whole number of 1 or more"),
        (["-l", LONG], f"-l: the relevance level {LONG} is outside the 64-bit integer range"),
        (["-m", f"ndcg.{LONG}=2"], f"gain map '{LONG}=2': level {LONG} is outside the 64-bit"),
        (
            ["--gain", "exponential", "-m", "ndcg.1=3"],
            "--gain exponential and -m ndcg.1=3: two sets of gains for ndcg; give them once: "
            "--gain exponential alone (it applies to every graded measure), or -m ndcg.1=3 "
            "without --gain",
        ),
        (["--gain", "2=4", "-m", "G.1=3"], "--gain 2=4 and -m G.1=3: two sets of gains for G"),
    ],  # fmt: skip
)
def test_parameters_trec_eval_would_misread_name_the_option_and_the_fix(files, argv, message):
    code, out, err = run([*files, *argv])
    assert (code, out) == (2, "")
    assert err.startswith("ndcg: ") and message in err, err
    assert "Traceback" not in err and "unpack" not in err and "Exceeds" not in err


def test_what_trec_eval_prints_for_those_measures_is_still_printed(files):
    code, out, err = run([*files, "-m", "utility.1,2,3,4", "-m", "Rprec_mult.99999.99",
                          "-m", "set_F.0", "-m", "relstring.3.0", "-m", "P.007"])  # fmt: skip
    assert code == 0, err
    names = [line.split("\t")[0].strip() for line in out.splitlines()]
    assert names == ["P_7", "Rprec_mult_99999.99", "utility_1,2,3,4", "set_F_0"]


def test_graded_rbp_does_not_grow_with_the_largest_grade():
    # A grade of 10**9 is one number: its range is found without listing 0..10**9.
    p = 0.9
    assert trec_measures.graded_rbp([1e9, 1, 0]) == pytest.approx((1 - p) * (1 + p * 1e-9))
    tracemalloc.start()
    try:
        trec_measures.graded_rbp([1e6, 3, 0, None], pool=[1e6, 3, 0, 2])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 200_000  # a list of 10**6 levels would take 8 MB


def test_rbp_of_a_grade_of_a_billion_on_the_command_line(tmp_path):
    files = trec_files(tmp_path, "1 0 a 1000000000\n1 0 b 1\n1 0 c 0\n", "1 Q0 a 1 3 r\n"
                       "1 Q0 c 2 2 r\n1 Q0 b 3 1 r\n")  # fmt: skip
    code, out, err = run([*files, "-m", "rbp", "--json"])
    assert code == 0, err
    assert json.loads(out)["all"]["rbp"] == pytest.approx(0.1 * (1 + 0.81e-9))
    rbp = trec_measures.graded_rbp(np.array([1e9, 0, 1]))
    assert json.loads(out)["all"]["rbp"] == rbp


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["-M", "100"],
            "-M 100: trec_eval's limit on the documents read per query is not "
            "supported here; keep each query's top 100 documents",
        ),
        (["-N", "5000"], "-N 5000: trec_eval's number of documents in the collection"),
        (
            ["-n", "-q"],
            "-n: trec_eval's report without its 'all' lines is not supported here; "
            "print every query with -q and drop the 'all' lines",
        ),
    ],  # fmt: skip
)
def test_trec_eval_s_other_options_are_refused_by_name_with_what_to_do(files, argv, message):
    code, out, err = run([*files, *argv])
    assert (code, out) == (2, "")
    assert err.startswith(f"ndcg: {message}"), err
