"""The command line's family measures: names, order, relevance level, refusals."""

from __future__ import annotations

import pytest
from conftest import trec_files

from ndcg.cli import main

QRELS = "q1 0 a 1\nq1 0 b 2\nq1 0 c 0\nq1 0 d 1\n"
RUN = "q1 Q0 b 1 3 r\nq1 Q0 c 2 2 r\nq1 Q0 a 3 1 r\n"


@pytest.fixture
def files(tmp_path):
    return trec_files(tmp_path, QRELS, RUN)


def test_measures_come_in_trec_eval_s_order_whatever_the_order_typed(files, capsys):
    assert main([*files, "-m", "rbp", "-m", "ndcg", "-m", "P.2", "-m", "map"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["map", "P_2", "ndcg", "rbp"]
    # b (2), c (0), a (1) with three relevant judged: AP = (1/1 + 2/3) / 3.
    assert lines[0] == "map                   \tall\t0.5556"
    assert lines[1] == "P_2                   \tall\t0.5000"
    # trec_eval's graded RBP, p = 0.9: grades over the top grade 2, 0.1 * (2/2 + 0.81 * 1/2).
    assert lines[3] == "rbp                   \tall\t0.1405"


def test_rbp_is_trec_eval_s_graded_rbp_whatever_the_level(files, capsys):
    # trec_eval 10.0 prints rbp 0.1405 at -l 1 and at -l 2 (its m_rbp.c ignores -l), and
    # rbp_resid 0.0000: every retrieved document is judged. The library's binary RBP at
    # threshold 2 would be 0.1000, its residual the tail 0.9**3.
    for level in ("1", "2"):
        assert main([*files, "-l", level, "-m", "rbp", "-m", "rbp_resid"]) == 0
        assert capsys.readouterr().out.split() == [
            "rbp", "all", "0.1405", "rbp_resid", "all", "0.0000"
        ]  # fmt: skip


def test_the_relevance_level_reaches_the_binary_measures(files, capsys):
    assert main([*files, "-l", "2", "-m", "recip_rank", "-m", "set_P", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"recip_rank": 1.0' in out and '"set_P": 0.3333333333333333' in out


def test_level_0_counts_every_judged_document_as_trec_eval_does(files, capsys):
    # trec_eval -l 0 -m map -m set_P prints 0.7500 and 1.0000: b, c, a all count.
    assert main([*files, "-l", "0", "-m", "map", "-m", "set_P"]) == 0
    assert capsys.readouterr().out.split() == ["map", "all", "0.7500", "set_P", "all", "1.0000"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-m", "map.5"], "-m 'map.5': map takes no parameters here"),
        (["-m", "rbp.p=0.95"], "rbp takes no parameters here (its persistence is trec_eval's 0.9)"),
        (["-m", "P.0"], "-m 'P.0': the cutoff '0' is not a whole number of 1 or more"),
        (["-m", "ndcg_p"], "-m 'ndcg_p': no measure is called 'ndcg_p'; the nearest names are "),
        (["-m", "all_trec.5"], "-m 'all_trec.5': all_trec is a set of measures and takes no "),
        (["-l", "-1", "-m", "map"], "-l -1: the relevance level must be 0 or more"),
        (["-l", "1.5", "-m", "map"], "the relevance level must be an integer, got '1.5'"),
    ],
)
def test_misreadings_are_refused(files, capsys, args, message):
    assert main([*files, *args]) == 2
    assert message in capsys.readouterr().err


def test_rbp_after_g_is_rbp_alone(tmp_path, capsys):
    # trec_eval 10.0 prints rbp 0.1810 for -m rbp here, but 0.0603 for -m G -m rbp: m_rbp.c
    # compares the gains with a range it never set, left at G's ideal total gain (3). The
    # range here is the gains' own, whatever is asked before (the README's differences).
    files = trec_files(tmp_path, "q1 0 a 1\nq1 0 b 1\nq1 0 c 0\nq1 0 d 1\n", RUN)
    for asked in (["-m", "rbp"], ["-m", "G", "-m", "rbp"]):
        assert main([*files, *asked]) == 0
        assert capsys.readouterr().out.splitlines()[-1] == "rbp                   \tall\t0.1810"
