"""NDCG's family against trec_eval's own printed figures, to its 4 decimals.

Every ``P_k``, ``set_P``, ``recall_k``, ``map``, ``map_cut_k``, ``recip_rank``, ``rbp`` and
``rbp_resid`` line of trec_eval's test outputs (``-m all_trec -q``), per query and ``all``.
Two differences are stated, not hidden: see the last two tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SHARED

import ndcg
from ndcg.cli import main as cli_main

DATA = SHARED / "conformance" / "trec_eval"
CUTOFFS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)
# trec_eval's measure name -> evaluate's column.
COLUMNS = {
    "set_P": "precision",
    "map": "ap",
    "recip_rank": "rr",
    "rbp": "rbp",
    "rbp_resid": "rbp_residual",
    **{f"P_{k}": f"precision@{k}" for k in CUTOFFS},
    **{f"recall_{k}": f"recall@{k}" for k in CUTOFFS},
    **{f"map_cut_{k}": f"ap@{k}" for k in CUTOFFS},
}
# (qrels, run, -c?, -l): see DATA / "README.md".
CASES = {
    "out.test.aq": ("qrels.test", "results.test", False, 1),
    "out.test.aqc": ("qrels.test", "results.trunc", True, 1),
    "out.test.aql": ("qrels.rel_level", "results.test", False, 2),
}


@pytest.fixture(scope="module")
def data() -> Path:
    if not (DATA / "out.test.aq").exists():
        pytest.skip(f"trec_eval conformance data not found at {DATA}")
    return DATA


def printed(path: Path) -> dict[tuple[str, str], str]:
    """trec_eval's lines of the family's measures: (measure, query) -> figure."""
    lines = {}
    for line in path.read_text().splitlines():
        measure, query, value = line.split()
        if measure in COLUMNS:
            lines[measure, query] = value
    return lines


def ours(data: Path, output: str):
    qrels_name, run_name, complete, level = CASES[output]
    table = ndcg.evaluate(
        ndcg.read_qrels(data / qrels_name),
        ndcg.read_run(data / run_name),
        k=[None, *CUTOFFS],
        metrics=["precision", "recall", "ap", "rr", "rbp", "rbp_residual"],
        p=0.9,  # trec_eval's persistence
        threshold=level,
        missing="zero" if complete else "skip",
    )
    return table.set_index("query_id")


def figure(table, measure: str, query: str) -> str:
    column = COLUMNS[measure]
    value = table[column].mean() if query == "all" else table.at[query, column]
    return f"{value:.4f}"


# Measures where this library and trec_eval differ on purpose, per output: see below.
STATED = {"out.test.aqc": {("rbp_resid", "302"), ("rbp_resid", "all")}, "out.test.aql": {"rbp"}}


@pytest.mark.parametrize("output", sorted(CASES))
def test_every_family_line_matches_trec_eval(data, output):
    table = ours(data, output)
    lines = printed(data / output)
    assert len(lines) == 128  # 32 measures x (3 queries + all)
    stated = STATED.get(output, set())
    checked = {
        key: (figure(table, *key), value)
        for key, value in lines.items()
        if key not in stated and key[0] not in stated
    }
    wrong = {key: pair for key, pair in checked.items() if pair[0] != pair[1]}
    assert not wrong
    assert len(checked) == 128 - {"out.test.aq": 0, "out.test.aqc": 2, "out.test.aql": 4}[output]


def test_stated_difference_rbp_residual_of_a_query_missing_from_the_run(data):
    # With -c, query 302 is judged but absent from results.trunc. trec_eval prints a
    # residual of 0 (it counts unjudged documents, and there are none); nothing of the
    # ranking is known, so here the residual is p**0 = 1: RBP could be anything up to 1.
    table = ours(data, "out.test.aqc")
    assert printed(data / "out.test.aqc")["rbp_resid", "302"] == "0.0000"
    assert table.at["302", "rbp_residual"] == 1.0
    assert table.at["302", "rbp"] == 0.0


def test_stated_difference_rbp_is_binary_at_the_threshold(data):
    # trec_eval's rbp ignores -l and rescales graded gains to [0, 1] by the smallest and
    # largest gain (read from variables it never initialises); here RBP counts a document
    # as relevant from the threshold on, as precision does. On binary qrels the two agree
    # (out.test.aq above); with -l2 on the graded qrels they differ for query 301.
    table = ours(data, "out.test.aql")
    lines = printed(data / "out.test.aql")
    assert lines["rbp", "301"] == "0.0465"
    # Its first document of grade >= 2 lies so deep that 0.9**(i-1) is below 10**-14.
    assert figure(table, "rbp", "301") == "0.0000"
    assert figure(table, "rbp", "302") == lines["rbp", "302"]


# --- the command line prints trec_eval's lines --------------------------------------------

FAMILY = ["P", "recall", "map", "map_cut", "recip_rank", "set_P", "ndcg", "ndcg_cut"]


@pytest.mark.parametrize(
    ("output", "extra"),
    [
        ("out.test.aq", ["-m", "rbp", "-m", "rbp_resid"]),
        ("out.test.aqc", ["-c", "-m", "rbp"]),
        ("out.test.aql", ["-l2"]),
    ],
)
def test_cli_prints_trec_eval_s_lines(data, output, extra, capsys):
    qrels_name, run_name, _, _ = CASES[output]
    measures = [arg for name in FAMILY for arg in ("-m", name)]
    args = [str(data / qrels_name), str(data / run_name), "-q", *measures, *extra]
    assert cli_main(args) == 0
    printed = capsys.readouterr().out.splitlines()
    names = {line.split()[0] for line in printed}
    wanted = [line for line in (data / output).read_text().splitlines() if line.split()[0] in names]
    assert printed == wanted
    assert len(printed) >= 4 * 40  # 3 queries and all, every cutoff of four cut measures


def test_cli_the_issue_s_command(data, capsys):
    args = [str(data / "qrels.test"), str(data / "results.test"), "-q"]
    assert cli_main([*args, "-m", "P.5,10", "-m", "map", "-m", "recip_rank"]) == 0
    printed = capsys.readouterr().out.splitlines()
    wanted = [
        line
        for line in (data / "out.test.aq").read_text().splitlines()
        if line.split()[0] in ("P_5", "P_10", "map", "recip_rank")
    ]
    assert printed == wanted and len(printed) == 16
