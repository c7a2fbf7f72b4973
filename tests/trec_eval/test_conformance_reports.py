"""``python -m ndcg`` prints trec_eval's own test outputs byte for byte, whole files.

Each file of trec_eval 10.0's test folder (``../shared/conformance/trec_eval``) is printed
again by the command that made it (its README, and trec_eval's Makefile ``quicktest``) and
compared line by line. A line that differed on purpose would be listed in :data:`KNOWN`,
the one place for them, with its reason (the README's list of differences); none does: the
test fails on any difference, and on a listed line that no longer differs.

test_conformance_ndcg_lines.py reads only the NDCG lines, and recomputes them through the
library's API too.
"""

from __future__ import annotations

import pytest
from conftest import SHARED

from ndcg import measures
from ndcg.cli import MISSING
from ndcg.cli import main as cli_main

DATA = SHARED / "conformance" / "trec_eval"

#: Each file, with the arguments trec_eval was given to print it.
COMMANDS = {
    "out.test": ["qrels.test", "results.test"],
    "out.test.aq": ["-m", "all_trec", "-q", "qrels.test", "results.test"],
    "out.test.aqc": ["-m", "all_trec", "-q", "-c", "qrels.test", "results.trunc"],
    "out.test.aql": ["-m", "all_trec", "-mrelstring.20", "-q", "-l2", "qrels.rel_level",
                     "results.test"],
    "out.test.meas_params": [
        "-q", "-miprec_at_recall..10,.20,.25,.75,.50", "-m", "P.5,7,3", "-m", "recall.20,2000",
        "-m", "Rprec_mult.5.0,0.2,0.35", "-mutility.2,-1,0,0", "-m", "11pt_avg..25,.5,.75",
        "-mndcg.1=3,2=9,4=4.5", "-mndcg_cut.10,20,23.4", "-msuccess.2,5,20", "qrels.test",
        "results.test",
    ],
}  # fmt: skip

#: (file, measure, query) -> why this line would differ from trec_eval's on purpose: none
#: (the README's list of differences names no printed figure of these files). Measures of
#: trec_eval not computed here yet would be listed here too (cli.MISSING): none are.
KNOWN: dict[tuple[str, str, str], str] = {}


@pytest.fixture(scope="module")
def data():
    if not (DATA / "out.test.aq").exists():
        pytest.skip(f"trec_eval conformance data not found at {DATA}")
    return DATA


def _key(output: str, line: str) -> tuple[str, str, str]:
    name, query, _ = line.split("\t")
    return output, name.strip(), query


@pytest.mark.parametrize("output", sorted(COMMANDS))
def test_the_command_prints_trec_eval_s_file(data, output, capsys):
    args = [str(data / a) if (data / a).is_file() else a for a in COMMANDS[output]]
    assert cli_main(args) == 0
    printed = capsys.readouterr().out.splitlines()
    wanted = (data / output).read_text().splitlines()
    assert len(printed) == len(wanted)
    differing = {}
    for ours, theirs in zip(printed, wanted, strict=True):
        assert _key(output, ours) == _key(output, theirs), "the same measures in the same order"
        if ours != theirs:
            differing[_key(output, ours)] = (ours, theirs)
    assert set(differing) == {key for key in KNOWN if key[0] == output}, differing


def test_every_measure_of_all_trec_is_computed():
    assert MISSING == ()
    assert [name for name in measures.ALL_TREC if name not in measures.BY_TREC] == []
