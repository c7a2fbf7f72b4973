"""The evaluation page's report is the command line's, byte for byte, in Chromium from file://.

Through the page as a reader uses it (files picked, options typed, Evaluate pressed), against
:func:`ndcg.cli.main` run in-process on the same files under the same names:

* trec_eval's own test files with the option sets behind its expected outputs
  (``tests/trec_eval/test_conformance_reports.py``'s commands);
* 30 random collections of ``tests/trec_eval/test_oracle_trec_eval.py`` (ties, unjudged documents,
  queries of one file only, -c/-J/-l/-q, random measure sets);
* every malformed file of the readers' table (``tests/helpers/_trec_cases.py``): the command line's
  message, beside the input it is about, and no report.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import _trec_cases
import pytest
from conftest import SHARED
from playwright.sync_api import Page
from trec_eval.test_conformance_reports import COMMANDS
from trec_eval.test_oracle_trec_eval import random_collection

from ndcg.cli import main as cli_main

pytestmark = pytest.mark.browser

CONFORMANCE = SHARED / "conformance" / "trec_eval"
PAGE = "book/evaluate.html"
RANDOM_COLLECTIONS = 30
SEED = 27
#: A run and qrels every malformed file is paired with (the other file of the command).
GOOD_QRELS = "1 0 a 1\n1 0 b 0\n"
GOOD_RUN = "1 Q0 a 1 2.5 r\n1 Q0 b 2 1.5 r\n"


def cli(folder: Path, argv: list[str], monkeypatch) -> tuple[int, str, str]:
    """``python -m ndcg ARGV`` in ``folder``: exit code, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.chdir(folder)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli_main(argv)
        except SystemExit as exit_:  # argparse's own errors
            code = int(exit_.code or 0)
    return code, out.getvalue(), err.getvalue()


def split(argv: list[str]) -> tuple[dict[str, object], str, str]:
    """The page's option fields for a command line, and its two file names."""
    fields: dict[str, object] = {"q": False, "c": False, "J": False, "l": "1", "m": []}
    files = []
    args = iter(argv)
    for arg in args:
        if arg in ("-q", "-c", "-J"):
            fields[arg[1]] = True
        elif arg == "-l":
            fields["l"] = next(args)
        elif arg.startswith("-l"):
            fields["l"] = arg[2:]
        elif arg == "-m":
            fields["m"].append(next(args))  # type: ignore[union-attr]
        elif arg.startswith("-m"):
            fields["m"].append(arg[2:])  # type: ignore[union-attr]
        else:
            files.append(arg)
    qrels, run = files
    return fields, qrels, run


def evaluate(page: Page, folder: Path, qrels: str, run: str, fields: dict[str, object]) -> str:
    """Pick the files, fill the options, press Evaluate; return the state it ends in."""
    page.set_input_files("#qrels-file", str(folder / qrels))
    page.set_input_files("#run-file-1", str(folder / run))
    for flag in "qcJ":
        page.set_checked(f"#opt-{flag}", bool(fields[flag]))
    page.fill("#opt-l", str(fields["l"]))
    page.fill("#opt-measures", " ".join(fields["m"]))  # type: ignore[arg-type]
    # Forget the last state, so that the wait below sees this evaluation's end.
    page.evaluate("document.body.dataset.evaluateState = ''")
    page.click("#evaluate")
    page.wait_for_function("['done', 'error'].includes(document.body.dataset.evaluateState)")
    return page.evaluate("document.body.dataset.evaluateState")


@pytest.fixture(scope="module")
def page(browser, site: Path):
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto((site / PAGE).as_uri())
    page.wait_for_function("document.body.dataset.evaluateState === 'idle'")
    yield page
    context.close()
    assert errors == []


@pytest.mark.parametrize("expected", sorted(COMMANDS))
def test_trec_eval_s_test_files_give_the_command_line_s_report(page, expected, monkeypatch):
    argv = COMMANDS[expected]
    code, stdout, stderr = cli(CONFORMANCE, argv, monkeypatch)
    assert code == 0, stderr
    fields, qrels, run = split(argv)
    assert evaluate(page, CONFORMANCE, qrels, run, fields) == "done"
    assert page.text_content("#report-1") == stdout


def test_random_collections_give_the_command_line_s_report(page, tmp_path, monkeypatch):
    compared = 0
    for case in range(RANDOM_COLLECTIONS):
        collection = random_collection(SEED, case)
        folder = tmp_path / f"c{case}"
        folder.mkdir()
        (folder / "qrels.txt").write_text(collection.qrels_text())
        (folder / "run.txt").write_text(collection.run_text())
        argv = [*collection.argv(), "qrels.txt", "run.txt"]
        code, stdout, stderr = cli(folder, argv, monkeypatch)
        fields, qrels, run = split(argv)
        state = evaluate(page, folder, qrels, run, fields)
        if code == 0:
            assert state == "done", (case, page.text_content("#status"))
            assert page.text_content("#report-1") == stdout, case
        else:
            assert state == "error", case
            shown = page.eval_on_selector_all(
                ".ev-error:not([hidden])", "els => els.map(e => e.textContent)"
            )
            assert shown == [stderr.removeprefix("ndcg: ").rstrip("\n")], case
        compared += 1
    assert compared == RANDOM_COLLECTIONS


MALFORMED = [case for case in _trec_cases.CASES if case.error is not None]


def test_every_malformed_file_shows_the_command_line_s_message_beside_it(
    page, tmp_path, monkeypatch
):
    assert len(MALFORMED) >= 20
    (tmp_path / "good.qrels").write_text(GOOD_QRELS)
    (tmp_path / "good.run").write_text(GOOD_RUN)
    for case in MALFORMED:
        name = case.write(tmp_path).name
        qrels, run = (name, "good.run") if case.kind == "qrels" else ("good.qrels", name)
        code, stdout, stderr = cli(tmp_path, [qrels, run], monkeypatch)
        assert code != 0 and stdout == "", case.name
        fields = {"q": False, "c": False, "J": False, "l": "1", "m": []}
        assert evaluate(page, tmp_path, qrels, run, fields) == "error", case.name
        where = "qrels" if case.kind == "qrels" else "run-1"
        assert page.text_content(f"#error-{where}") == stderr.removeprefix("ndcg: ").rstrip("\n"), (
            case.name
        )
        others = page.eval_on_selector_all(".ev-error:not([hidden])", "els => els.map(e => e.id)")
        assert others == [f"error-{where}"], case.name
        assert page.locator("#report-1").count() == 0, case.name
