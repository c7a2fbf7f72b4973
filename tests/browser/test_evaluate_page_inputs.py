"""The evaluation page as a practitioner meets it: the command line it prints, swapped files,
and a long report put in by pieces.

The command line under **Evaluate** must run as printed: a gzip file by its name, a file
name with spaces quoted, pasted text under the name the page says to save it as. A qrels
file given as the run gets the command line's message and the page's word that the files
look swapped. A report of tens of thousands of lines is put in by pieces, the first at
once, and ends equal to the command line's report, byte for byte.
"""

from __future__ import annotations

import shlex

import pytest

from .test_evaluate_page import EXAMPLE, cli, finish, opened, options_of, paste  # noqa: F401

pytestmark = pytest.mark.browser


def test_the_printed_command_line_runs_as_printed(opened, tmp_path):  # noqa: F811
    page, _ = opened
    odd = tmp_path / "my run (it's 1).txt"
    odd.write_bytes((EXAMPLE / "results.test").read_bytes())
    (tmp_path / "qrels.test").write_bytes((EXAMPLE / "qrels.test").read_bytes())
    page.set_input_files("#qrels-file", str(tmp_path / "qrels.test"))
    page.set_input_files("#run-file-1", str(odd))
    page.fill("#opt-measures", "ndcg_cut.5,10 P.10")
    page.fill("#opt-gain", "1=3,2=9")
    page.click("#evaluate")
    assert finish(page) == "done"
    status = page.text_content("#status")
    command = status.split("prints the same report: ")[1].removesuffix(".")
    assert command.startswith("python -m ndcg qrels.test 'my run (it'\\''s 1).txt' ")
    words = shlex.split(command)
    assert words[:3] == ["python", "-m", "ndcg"]
    printed = cli(tmp_path, *words[3:])
    assert printed.returncode == 0, printed.stderr
    assert page.text_content("#report-1") == printed.stdout


@pytest.mark.parametrize(
    ("qrels", "run", "where", "said"),
    [
        ("qrels.test", "qrels.test", "run-1", "This looks like a qrels file"),
        ("results.test", "results.test", "qrels", "This looks like a run"),
    ],
)
def test_files_given_the_other_way_round_are_said_to_look_swapped(
    opened,  # noqa: F811
    qrels,
    run,
    where,
    said,
):
    page, _ = opened
    page.set_input_files("#qrels-file", str(EXAMPLE / qrels))
    page.set_input_files("#run-file-1", str(EXAMPLE / run))
    page.click("#evaluate")
    assert finish(page) == "error"
    expected = cli(EXAMPLE, qrels, run)
    # The command line's own message, word for word, and the page's hint under it.
    assert page.text_content(f"#error-{where}") == expected.stderr.removeprefix("ndcg: ").rstrip()
    hint = page.text_content(f"#error-{where}-hint")
    assert hint.startswith(said) and hint.endswith("are the qrels and the run swapped?")
    assert page.is_visible(f"#error-{where}-hint")
    assert page.text_content("#status").endswith(hint)
    # A file of the right kind clears it.
    page.set_input_files("#qrels-file", str(EXAMPLE / "qrels.test"))
    page.set_input_files("#run-file-1", str(EXAMPLE / "results.test"))
    page.click("#evaluate")
    assert finish(page) == "done"
    assert not page.is_visible(f"#error-{where}-hint")


def test_a_long_report_is_put_in_by_pieces_and_ends_as_the_command_line_s(opened, tmp_path):  # noqa: F811
    page, _ = opened
    qrels = "".join(f"q{q} 0 d{d} {(q * 7 + d) % 4}\n" for q in range(300) for d in range(20))
    run = "".join(
        f"q{q} Q0 d{d} {d} {((q + 3) * (d + 5)) % 17} r\n" for q in range(300) for d in range(30)
    )
    (tmp_path / "long.qrels").write_text(qrels)
    (tmp_path / "long.run").write_text(run)
    page.set_input_files("#qrels-file", str(tmp_path / "long.qrels"))
    page.set_input_files("#run-file-1", str(tmp_path / "long.run"))
    page.check("#opt-q")
    page.fill("#opt-measures", "all_trec")
    page.click("#evaluate")
    assert finish(page) == "done"
    expected = cli(tmp_path, "long.qrels", "long.run", *options_of(page)).stdout
    assert expected.count("\n") > 25_000
    # Done, the report's first piece is in (the rest may still be coming).
    first = page.eval_on_selector("#report-1 .ev-report-piece", "p => p.textContent")
    assert first.count("\n") == 2000 and expected.startswith(first)
    page.wait_for_function("document.getElementById('report-1').dataset.rendered === 'all'")
    pieces = page.eval_on_selector_all(
        "#report-1 .ev-report-piece", "ps => ps.map(p => p.textContent)"
    )
    assert len(pieces) == -(-expected.count("\n") // 2000)
    assert all(piece.count("\n") == 2000 for piece in pieces[:-1])
    assert page.text_content("#report-1") == expected
    # Off screen, a piece is not laid out, yet the report scrolls to its end.
    visibility = page.eval_on_selector(
        "#report-1 .ev-report-piece", "p => getComputedStyle(p).contentVisibility"
    )
    assert visibility == "auto"
    page.eval_on_selector("#report-1", "pre => { pre.scrollTop = pre.scrollHeight; }")
    last = page.eval_on_selector(
        "#report-1", "pre => pre.lastElementChild.getBoundingClientRect().height"
    )
    assert last > 0


def test_a_short_report_is_put_in_at_once(opened):  # noqa: F811
    page, _ = opened
    page.click("#try-example")
    assert finish(page) == "done"
    assert page.eval_on_selector(
        "#report-1", "pre => [pre.dataset.rendered, pre.children.length]"
    ) == ["all", 0]
