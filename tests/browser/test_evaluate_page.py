"""The evaluation page (book/evaluate.md) in Chromium, opened from disk (file://) and over http.

What a reader does on it, held to the command line: each "try it" example gives the report
``python -m ndcg`` prints on the same files and options, byte for byte; chapter 7's example
compares its two systems with chapter 7's figures (seed 1); a gzip run reads as its text; two
runs compare as :mod:`ndcg.stats` does with the seed typed; a malformed file shows the
command line's message beside its input and the page goes on working; cancel stops a large
read; no request leaves the page; axe finds no serious violation; at 390 px nothing scrolls
sideways and every control is reached by keyboard and by touch.
"""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import evaluate_page
import pytest
from playwright.sync_api import Page

import ndcg
from ndcg import stats
from ndcg.cli import main as cli_main
from ndcg.teaching import synthetic

from ._sitecrawl import _AXE_RUN_JS, AXE_JS, BLOCKING_IMPACTS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

EXAMPLE = ROOT / "tools" / "evaluate_example"
PAGE = "book/evaluate.html"
FINISHED = "['done', 'error', 'idle'].includes(document.body.dataset.evaluateState)"
# Every control a reader works: by keyboard each must take the focus, by touch each but the
# links in text (WCAG's exception for inline links) must be large enough to hit (WCAG 2.2's
# minimum target, 24 px).
CONTROLS = "#evaluate-app :is(button, select, textarea, input:not([type=file]), a[href])"
TARGETS = "#evaluate-app :is(button, select, textarea, input:not([type=file]))"
MIN_TARGET = 24


def cli(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m ndcg ARGS`` in ``folder`` (in-process), so file names print as the page's."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(folder), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main(list(args))
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


def options_of(page: Page) -> list[str]:
    """The command line's options for what the page's option fields hold."""
    args = [f"-{flag}" for flag in "qcJ" if page.is_checked(f"#opt-{flag}")]
    args += ["-l", page.input_value("#opt-l"), "--gain", page.input_value("#opt-gain")]
    for spec in page.input_value("#opt-measures").split():
        args += ["-m", spec]
    return args


def paste(page: Page, selector: str, text: str) -> None:
    """Put ``text`` in a paste area as pasting does (one input event; ``fill`` types slowly)."""
    page.eval_on_selector(
        selector,
        "(area, text) => { area.value = text; area.dispatchEvent(new Event('input')); }",
        text,
    )


def show_chapter7_comparison(page: Page, tap: bool = False) -> None:
    """Load chapter 7's two systems (by click, or by touch) and wait for their comparison."""
    (page.tap if tap else page.click)("#try-chapter7")
    assert finish(page) == "done"
    page.wait_for_selector("#comparison [data-stat='p']")


def compare_on(page: Page, measure: str, seed: str | None = None) -> None:
    """Compare the two runs on ``measure`` (with ``seed`` typed, if given) and wait for it."""
    page.select_option("#comparison-measure", measure)
    if seed is not None:
        page.fill("#comparison-seed", seed)
        page.press("#comparison-seed", "Enter")
    caption = "m => document.querySelector('#comparison figcaption')?.textContent.includes(m)"
    page.wait_for_function(caption, arg=measure)


def comparison_shown(page: Page) -> dict[str, float]:
    """The comparison's four figures at the precision the page holds them (data-value)."""
    return {
        name: float(page.get_attribute(f"#comparison [data-stat='{name}']", "data-value"))
        for name in ("mean", "p", "low", "high")
    }


def figures_of(
    test: stats.RandomizationResult, interval: stats.BootstrapResult
) -> dict[str, float]:
    """``ndcg.stats``' figures under the page's names for them."""
    return {
        "mean": test.mean_difference,
        "p": test.p_value,
        "low": interval.low,
        "high": interval.high,
    }


def finish(page: Page) -> str:
    """Wait until the page has done what it was asked; return its state."""
    page.wait_for_function(FINISHED)
    return page.evaluate("document.body.dataset.evaluateState")


@pytest.fixture()
def opened(browser, site: Path) -> Iterator[tuple[Page, list[str]]]:
    """The page from disk, with every request it makes recorded (none may leave the site)."""
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto((site / PAGE).as_uri())
    page.wait_for_function("document.body.dataset.evaluateState === 'idle'")
    yield page, requests
    assert errors == [], errors
    context.close()


def chapter7_folder(folder: Path) -> Path:
    """Chapter 7's example written in ``folder`` as the page's build writes it."""
    for file in evaluate_page.chapter7_files().values():
        (folder / file["name"]).write_text(file["text"], encoding="utf-8")
    return folder


def test_try_it_shows_the_command_line_s_report_byte_for_byte(opened):
    page, _ = opened
    page.click("#try-example")
    assert finish(page) == "done"
    # trec_eval's test files, one run, its official measures: the report its own test expects.
    assert page.input_value("#opt-measures") == ""
    expected = cli(EXAMPLE, "qrels.test", "results.test", *options_of(page))
    assert expected.returncode == 0, expected.stderr
    assert page.text_content("#report-1") == expected.stdout
    assert page.locator("#report-2").count() == 0
    assert page.locator("#comparison").count() == 0
    # The official set has no NDCG, and the page says so.
    assert "ndcg" not in expected.stdout
    assert page.text_content("#no-ndcg").startswith("No NDCG was asked for")


def test_chapter_7_s_example_gives_chapter_7_s_report_and_figures(opened, tmp_path):
    page, _ = opened
    page.click("#try-chapter7")
    assert finish(page) == "done"
    folder = chapter7_folder(tmp_path)
    names = evaluate_page.CHAPTER7_FILES
    for n, run in ((1, names["run1"]), (2, names["run2"])):
        expected = cli(folder, names["qrels"], run, *options_of(page))
        assert expected.returncode == 0, expected.stderr
        assert page.text_content(f"#report-{n}") == expected.stdout
        assert "ndcg_cut_10" in expected.stdout
    # The comparison, as chapter 7 computes it: B - A on NDCG@10 from ndcg.evaluate, seed 1.
    page.wait_for_selector("#comparison [data-stat='p']")
    assert page.input_value("#comparison-measure") == "ndcg_cut_10"
    assert page.input_value("#comparison-seed") == "1"
    collection = synthetic.make_collection(**evaluate_page.CHAPTER7)
    a, b = (
        ndcg.evaluate(collection.qrels, run, k=10).set_index("query_id")["ndcg@10"]
        for run in (collection.run_a, collection.run_b)
    )
    test = stats.paired_randomization_test(b, a, seed=1)
    interval = stats.paired_bootstrap_ci(b, a, seed=1)
    assert comparison_shown(page) == figures_of(test, interval)
    direction = page.text_content("#comparison .ev-direction")
    assert direction.startswith(f"{names['run2']} minus {names['run1']}")


def test_evaluating_again_keeps_the_seed_the_comparison_shows(opened):
    page, _ = opened
    show_chapter7_comparison(page)
    before = page.get_attribute("#comparison [data-stat='p']", "data-value")
    page.check("#opt-q")  # another option, the same files: the comparison must not change
    page.click("#evaluate")
    assert finish(page) == "done"
    page.wait_for_selector("#comparison [data-stat='p']")
    assert page.input_value("#comparison-seed") == "1"
    assert page.get_attribute("#comparison [data-stat='p']", "data-value") == before


def test_every_measure_name_links_to_a_chapter_and_the_table_sorts_and_filters(opened):
    page, _ = opened
    page.click("#try-chapter7")
    assert finish(page) == "done"
    # One folded list of where each measure is taught, under the first report only.
    assert page.locator("#results details.ev-taught").count() == 1
    links = page.eval_on_selector_all(
        ".ev-taught a", "links => links.map(a => a.getAttribute('href'))"
    )
    names = page.eval_on_selector_all(".ev-taught a", "links => links.map(a => a.text)")
    assert names and all(href.startswith("../notebooks/") for href in links), links
    assert "ndcg_cut_10" in names
    # Each header is its column's sort button (one Tab stop), named by the measure.
    headers = page.eval_on_selector_all(
        "#per-query thead th", "cells => cells.map(c => c.querySelectorAll('a, button').length)"
    )
    assert set(headers) == {1}
    heads = page.eval_on_selector_all(
        "#per-query thead button", "buttons => buttons.map(b => b.textContent)"
    )
    column = heads.index("ndcg_cut_10") + 1
    # The first click puts the worst queries first, as the page tells the reader to look.
    page.click("#per-query thead button[aria-label='sort by ndcg_cut_10']")
    values = [float(v) for v in page.eval_on_selector_all(
        f"#per-query tbody td:nth-child({column})", "cells => cells.map(c => c.textContent)"
    )]  # fmt: skip
    assert values == sorted(values)
    page.click("#per-query thead button[aria-label='sort by ndcg_cut_10']")
    values = [float(v) for v in page.eval_on_selector_all(
        f"#per-query tbody td:nth-child({column})", "cells => cells.map(c => c.textContent)"
    )]  # fmt: skip
    assert values == sorted(values, reverse=True)
    page.fill("#per-query-filter", "q007")
    assert page.eval_on_selector_all(
        "#per-query tbody th", "cells => cells.map(c => c.textContent)"
    ) == ["q007"]
    # The distribution plot shows the first NDCG column by default, which names its cutoff.
    chosen = page.eval_on_selector("#distribution-measure", "s => s.selectedOptions[0].text")
    assert chosen == "ndcg_cut_10"
    assert page.locator("#distribution svg rect").count() > 0


def test_a_gzip_run_reads_as_its_text(opened, tmp_path):
    page, _ = opened
    run = tmp_path / "results.test.gz"
    run.write_bytes(gzip.compress((EXAMPLE / "results.test").read_bytes()))
    page.set_input_files("#qrels-file", str(EXAMPLE / "qrels.test"))
    page.set_input_files("#run-file-1", str(run))
    page.check("#opt-q")
    page.fill("#opt-measures", "ndcg_cut.5,10 P.10")
    page.click("#evaluate")
    assert finish(page) == "done"
    # The command line reads the gzip file too, under the name the page prints.
    expected = cli(tmp_path.parent, str(EXAMPLE / "qrels.test"), str(run), *options_of(page))
    assert expected.returncode == 0, expected.stderr
    assert page.text_content("#report-1") == expected.stdout
    status = page.text_content("#status")
    assert "python -m ndcg qrels.test results.test.gz -q -m ndcg_cut.5,10 -m P.10." in status


def test_the_two_run_comparison_equals_ndcg_stats(opened, tmp_path):
    page, _ = opened
    show_chapter7_comparison(page)
    compare_on(page, "map", seed="5")
    measure = page.input_value("#comparison-measure")
    args = [*options_of(page), "-q", "--json"]
    folder = chapter7_folder(tmp_path)
    names = evaluate_page.CHAPTER7_FILES
    per_query = [
        json.loads(cli(folder, names["qrels"], run, *args).stdout)["queries"]
        for run in (names["run1"], names["run2"])
    ]
    # Paired on the queries both runs were scored on, in the first run's order; the second
    # run minus the first.
    queries = [q for q in per_query[0] if q in per_query[1]]
    first = [per_query[0][q][measure] for q in queries]
    second = [per_query[1][q][measure] for q in queries]
    test = stats.paired_randomization_test(second, first, seed=5)
    interval = stats.paired_bootstrap_ci(second, first, seed=5)
    assert comparison_shown(page) == figures_of(test, interval)
    assert page.locator("#comparison-plot svg rect").count() == len(queries)


# Malformed inputs, each with the input it goes into: the page must show the command line's
# own message there, and only there.
MALFORMED = [
    ("run-1", "bad.run", "301 Q0 doc 1\n"),
    ("run-1", "bad.run", "301 Q0 FR940104-0-00001 1 not-a-score STANDARD\n"),
    ("qrels", "bad.qrels", "301 0 FR940104-0-00001\n"),
    ("qrels", "bad.qrels", "301 0 FR940104-0-00001 1\n301 0 FR940104-0-00001 1\n"),
]


@pytest.mark.parametrize(("where", "name", "text"), MALFORMED)
def test_a_malformed_file_shows_the_command_line_s_message_beside_it(
    opened, tmp_path, where, name, text
):
    page, _ = opened
    (tmp_path / name).write_text(text)
    (tmp_path / "qrels.test").write_bytes((EXAMPLE / "qrels.test").read_bytes())
    (tmp_path / "results.test").write_bytes((EXAMPLE / "results.test").read_bytes())
    qrels, run = (name, "results.test") if where == "qrels" else ("qrels.test", name)
    expected = cli(tmp_path, qrels, run)
    assert expected.returncode != 0 and expected.stderr.startswith("ndcg: ")
    message = expected.stderr.removeprefix("ndcg: ").rstrip("\n")
    page.set_input_files("#qrels-file", str(tmp_path / qrels))
    page.set_input_files("#run-file-1", str(tmp_path / run))
    page.click("#evaluate")
    assert finish(page) == "error"
    assert page.text_content(f"#error-{where}") == message
    for other in ("qrels", "run-1", "run-2", "options"):
        if other != where:
            assert page.is_hidden(f"#error-{other}")
    assert page.locator("#report-1").count() == 0
    # Nothing else broke: with a good file in its place the page evaluates again.
    if where == "qrels":
        page.set_input_files("#qrels-file", str(EXAMPLE / "qrels.test"))
    else:
        page.set_input_files("#run-file-1", str(EXAMPLE / "results.test"))
    page.click("#evaluate")
    assert finish(page) == "done"
    assert page.is_hidden(f"#error-{where}")


def test_cancel_stops_a_large_read_and_the_page_evaluates_again(opened, tmp_path):
    page, _ = opened
    # 400 MB of comment lines in a 0.4 MB gzip file: reading it takes seconds, so Cancel
    # is pressed while the worker is still reading (the bar counts compressed bytes).
    big = tmp_path / "large.run.gz"
    block = b"# a comment line, read and skipped like any other\n" * 20_000
    with gzip.open(big, "wb", compresslevel=1) as out:
        for _ in range(400):
            out.write(block)
    page.set_input_files("#qrels-file", str(EXAMPLE / "qrels.test"))
    page.set_input_files("#run-file-1", str(big))
    page.click("#evaluate")
    page.wait_for_function("document.getElementById('progress').value > 0")
    assert page.evaluate("document.body.dataset.evaluateState") == "running"
    # The page answers while the worker reads: a checkbox still toggles.
    page.click("#opt-q")
    assert page.is_checked("#opt-q")
    page.click("#cancel")
    assert finish(page) == "idle"
    assert "Cancelled" in page.text_content("#status")
    assert page.locator("#report-1").count() == 0
    page.set_input_files("#run-file-1", str(EXAMPLE / "results.test"))
    page.click("#evaluate")
    assert finish(page) == "done"


def test_no_request_leaves_the_page(opened, site):
    page, requests = opened
    show_chapter7_comparison(page)
    compare_on(page, "map")
    with page.expect_download():
        page.click("#download-report-1")
    root = site.resolve().as_uri() + "/"
    # The page's own files, and the worker it starts from a Blob of its own script.
    outside = [url for url in requests if not url.startswith((root, "blob:", "data:"))]
    assert outside == []
    assert any(url.startswith("blob:") for url in requests)  # the worker did start


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation_with_results_shown(browser, site, scheme):
    context = browser.new_context(color_scheme=scheme)
    page = context.new_page()
    page.goto((site / PAGE).as_uri())
    show_chapter7_comparison(page)
    page.add_script_tag(content=AXE_JS.read_text(encoding="utf-8"))
    violations = [v for v in page.evaluate(_AXE_RUN_JS) if v["impact"] in BLOCKING_IMPACTS]
    context.close()
    assert violations == []


def test_at_390_px_nothing_scrolls_sideways_and_every_control_is_reached(browser, site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.goto((site / PAGE).as_uri())
    show_chapter7_comparison(page, tap=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    # Touch: each control is large enough to hit.
    sizes = page.eval_on_selector_all(
        TARGETS,
        "els => els.filter(e => e.checkVisibility()).map(e => "
        "[e.id || e.textContent.trim(), e.getBoundingClientRect().width,"
        " e.getBoundingClientRect().height])",
    )
    small = [s for s in sizes if min(s[1], s[2]) < MIN_TARGET]
    assert small == [], small
    # Keyboard: Tab from the first control reaches every enabled, visible one.
    wanted = page.evaluate(
        f"""() => Array.from(document.querySelectorAll("{CONTROLS}"))
        .filter(e => e.checkVisibility() && !e.disabled)
        .map((e, i) => (e.dataset.tabProbe = String(i)))"""
    )
    page.focus("#try-example")
    reached = set()
    for _ in range(len(wanted) * 2 + 20):
        probe = page.evaluate("document.activeElement?.dataset?.tabProbe ?? null")
        if probe is not None:
            reached.add(probe)
        page.keyboard.press("Tab")
    assert set(wanted) - reached == set()
    context.close()


def test_pasted_text_is_read_under_the_name_the_page_gives_it(opened, tmp_path):
    page, _ = opened
    qrels = (EXAMPLE / "qrels.test").read_text()
    bad = (EXAMPLE / "results.test").read_text() + "301 Q0 extra 1\n"
    paste(page, "#qrels-text", qrels)
    paste(page, "#run-text-1", bad)
    page.click("#evaluate")
    assert finish(page) == "error"
    # The command line on files of the same names says the same.
    (tmp_path / "pasted_qrels.txt").write_text(qrels)
    (tmp_path / "pasted_run1.txt").write_text(bad)
    expected = cli(tmp_path, "pasted_qrels.txt", "pasted_run1.txt")
    assert page.text_content("#error-run-1") == expected.stderr.removeprefix("ndcg: ").rstrip()
    paste(page, "#run-text-1", (EXAMPLE / "results.test").read_text())
    page.click("#evaluate")
    assert finish(page) == "done"
    assert (
        page.text_content("#report-1")
        == cli(EXAMPLE, "qrels.test", "results.test", *options_of(page)).stdout
    )


@pytest.mark.parametrize("typed", ["ndcg_cut.10, map", "ndcg_cut.x", "err", "ndcg@10"])
def test_a_mistyped_measure_shows_the_command_line_s_message_and_its_fix(opened, typed):
    # A stray comma, a cutoff that is no number, an unknown name, a paper's ndcg@10: the
    # message names the value as typed and how to write it, as the command line's does.
    page, _ = opened
    page.set_input_files("#qrels-file", str(EXAMPLE / "qrels.test"))
    page.set_input_files("#run-file-1", str(EXAMPLE / "results.test"))
    page.fill("#opt-measures", typed)
    page.click("#evaluate")
    assert finish(page) == "error"
    expected = cli(EXAMPLE, "qrels.test", "results.test", *options_of(page))
    message = expected.stderr.removeprefix("ndcg: ").rstrip("\n")
    assert expected.returncode == 2 and message.startswith(f"-m {typed.split()[0]!r}: ")
    assert page.text_content("#error-options") == message


def test_a_dropped_file_is_the_input(opened):
    page, _ = opened
    page.evaluate(
        """([qrels, run]) => {
        for (const [zone, name, text] of [[0, "qrels.test", qrels], [1, "results.test", run]]) {
          const data = new DataTransfer();
          data.items.add(new File([text], name));
          const drop = document.querySelectorAll(".ev-drop")[zone];
          drop.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true }));
        }
        }""",
        [(EXAMPLE / "qrels.test").read_text(), (EXAMPLE / "results.test").read_text()],
    )
    picked = page.eval_on_selector_all(".ev-picked", "spans => spans.map(s => s.textContent)")
    assert picked[0].startswith("qrels.test (") and picked[1].startswith("results.test (")
    page.click("#evaluate")
    assert finish(page) == "done"
    assert (
        page.text_content("#report-1")
        == cli(EXAMPLE, "qrels.test", "results.test", *options_of(page)).stdout
    )


def test_the_table_of_5000_queries_shows_a_page_of_rows_at_a_time(opened):
    page, _ = opened
    queries = range(1, 5001)
    paste(page, "#qrels-text", "".join(f"{q} 0 d{q} 1\n" for q in queries))
    paste(page, "#run-text-1", "".join(f"{q} Q0 d{q} 1 {q % 7} r\n" for q in queries))
    page.fill("#opt-measures", "ndcg_cut.10")
    page.click("#evaluate")
    assert finish(page) == "done"
    assert page.locator("#per-query tbody tr").count() == 50
    assert page.text_content("#per-query-count").startswith("5000 of 5000 queries")
    page.click("text=Next rows")
    # The report's order, ids as text: the 51st of "1", "10", "100", "1000", "1001", ...
    assert page.text_content("#per-query tbody th") == sorted(map(str, queries))[50]


def test_the_page_works_from_a_web_server_too(page, site_url):
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(f"{site_url}/{PAGE}")
    page.click("#try-example")
    assert finish(page) == "done"
    expected = cli(EXAMPLE, "qrels.test", "results.test", *options_of(page))
    assert page.text_content("#report-1") == expected.stdout
    assert [url for url in requests if not url.startswith((site_url + "/", "blob:"))] == []
    assert page.console_errors == []


def test_the_table_shows_each_value_as_the_report_prints_it_in_the_report_s_order(opened, tmp_path):
    page, _ = opened
    # One relevant document in 32: P_32 = 1/32 = 0.03125 exactly, a tie that C's %6.4f
    # (and so trec_eval) rounds to even, 0.0312, where JavaScript's toFixed gives 0.0313.
    # Query ids "10" and "9" are in the report's order as text: "10" first.
    qrels = "".join(f"{q} 0 d0 1\n" for q in ("9", "10"))
    run = "".join(f"{q} Q0 d{i} {i + 1} {100 - i} r\n" for q in ("9", "10") for i in range(32))
    paste(page, "#qrels-text", qrels)
    paste(page, "#run-text-1", run)
    page.fill("#opt-measures", "P.32")
    page.set_checked("#opt-q", True)
    page.click("#evaluate")
    assert finish(page) == "done"
    (tmp_path / "pasted_qrels.txt").write_text(qrels)
    (tmp_path / "pasted_run1.txt").write_text(run)
    report = cli(tmp_path, "-q", "-m", "P.32", "pasted_qrels.txt", "pasted_run1.txt").stdout
    assert page.text_content("#report-1") == report
    assert "P_32                  \t10\t0.0312\n" in report
    cells = page.eval_on_selector_all(
        "#per-query tbody tr",
        "rows => rows.map(r => [...r.querySelectorAll('th, td')].map(c => c.textContent.trim()))",
    )
    assert cells == [["10", "0.0312"], ["9", "0.0312"]]


def test_the_default_measures_give_ndcg_at_a_cutoff_beside_the_official_set(opened):
    page, _ = opened
    assert page.input_value("#opt-measures") == "official ndcg_cut.5,10"
    page.set_input_files("#qrels-file", str(EXAMPLE / "qrels.test"))
    page.set_input_files("#run-file-1", str(EXAMPLE / "results.test"))
    page.click("#evaluate")
    assert finish(page) == "done"
    expected = cli(EXAMPLE, "qrels.test", "results.test", "-m", "official", "-m", "ndcg_cut.5,10")
    assert expected.returncode == 0, expected.stderr
    assert page.text_content("#report-1") == expected.stdout
    assert "ndcg_cut_10" in expected.stdout and "\nmap " in expected.stdout
    assert page.locator("#no-ndcg").count() == 0
    status = page.text_content("#status")
    assert "the command line with these options prints the same report" in status
    assert status.endswith("python -m ndcg qrels.test results.test -m official -m ndcg_cut.5,10.")
    # After Evaluate the keyboard is at the results, not back at the top of the page.
    assert page.evaluate("document.activeElement.id") == "results-title"


def lacking_collection(folder: Path) -> tuple[str, str, str]:
    """Qrels of 8 queries, a run with only q1's line and a run with all 8."""
    qrels = "".join(f"q{i} 0 d1 1\n" for i in range(1, 9))
    (folder / "eight.qrels").write_text(qrels)
    (folder / "one.run").write_text("q1 Q0 d1 1 2.0 one\n")
    (folder / "all.run").write_text("".join(f"q{i} Q0 d1 1 2.0 all\n" for i in range(1, 9)))
    return "eight.qrels", "one.run", "all.run"


def test_a_run_lacking_queries_of_the_qrels_says_so_under_its_report(opened, tmp_path):
    page, _ = opened
    qrels, one, every = lacking_collection(tmp_path)
    page.set_input_files("#qrels-file", str(tmp_path / qrels))
    page.set_input_files("#run-file-1", str(tmp_path / one))
    page.set_input_files("#run-file-2", str(tmp_path / every))
    page.fill("#opt-measures", "ndcg_cut.10")
    page.click("#evaluate")
    assert finish(page) == "done"
    # The report is the command line's, which leaves q2..q8 out of the mean and says nothing.
    expected = cli(tmp_path, qrels, one, *options_of(page))
    assert page.text_content("#report-1") == expected.stdout
    assert page.text_content("#missing-1") == (
        "7 queries of the qrels have no results in one.run and are not in this mean "
        "(q2, q3, q4, q5, q6, ...). Tick -c to count them as 0."
    )
    assert page.locator("#missing-2").count() == 0
    differ = page.text_content("#query-sets-differ")
    assert "one.run over 1 and all.run over 8" in differ
    # With -c the command line counts them, and the page says so; both means are over 8.
    page.check("#opt-c")
    page.click("#evaluate")
    assert finish(page) == "done"
    assert page.text_content("#report-1") == cli(tmp_path, qrels, one, *options_of(page)).stdout
    assert page.text_content("#missing-1").startswith("7 queries of the qrels have no results")
    assert "-c counts them in this mean" in page.text_content("#missing-1")
    assert page.locator("#query-sets-differ").count() == 0


def field_of(page: Page, selector: str) -> str:
    """The id of the option field whose box holds ``selector``."""
    return page.eval_on_selector(selector, "e => e.closest('.ev-field').querySelector('input').id")


@pytest.mark.parametrize(
    ("field", "value", "option"),
    [
        ("opt-measures", "err", "-m"),
        ("opt-measures", "ndcg_cut.x", "-m"),
        ("opt-gain", "1=x", "--gain"),
        ("opt-l", "x", "-l"),
    ],
)
def test_an_option_error_shows_under_its_field(opened, field, value, option):
    page, _ = opened
    page.fill(f"#{field}", value)
    page.click("#try-example")  # empties -m: the official set
    page.fill(f"#{field}", value)
    page.click("#evaluate")
    assert finish(page) == "error"
    expected = cli(EXAMPLE, "qrels.test", "results.test", *options_of(page))
    assert expected.returncode != 0
    assert page.text_content("#error-options") == expected.stderr.removeprefix("ndcg: ").rstrip()
    assert field_of(page, "#error-options") == field
    assert "error-options" in page.get_attribute(f"#{field}", "aria-describedby").split()
    assert page.get_attribute(f"#{field}", "aria-invalid") == "true"
    assert page.evaluate("document.activeElement.id") == field
    # No field names an element that is not there.
    described = page.eval_on_selector_all(
        "#evaluate-app [aria-describedby]",
        "els => els.flatMap(e => e.getAttribute('aria-describedby').split(' '))"
        ".filter(id => !document.getElementById(id))",
    )
    assert described == []
    # Mended, the error goes and the field is described by its help alone again.
    page.fill(f"#{field}", {"opt-measures": "map", "opt-gain": "linear", "opt-l": "1"}[field])
    page.click("#evaluate")
    assert finish(page) == "done"
    assert page.is_hidden("#error-options")
    assert "error-options" not in (page.get_attribute(f"#{field}", "aria-describedby") or "")


def test_an_unknown_measure_is_named_under_its_field_and_err_is_not_suggested(opened):
    page, _ = opened
    assert " err" not in page.text_content("#opt-measures-help")
    page.set_input_files("#qrels-file", str(EXAMPLE / "qrels.test"))
    page.set_input_files("#run-file-1", str(EXAMPLE / "results.test"))
    page.fill("#opt-measures", "nosuch")
    page.click("#evaluate")
    assert finish(page) == "error"
    refused = cli(EXAMPLE, "qrels.test", "results.test", "-m", "nosuch")
    assert page.text_content("#error-options") == refused.stderr.removeprefix("ndcg: ").rstrip()
    # Under the -m field, which names it for a screen reader, and no list of every name.
    assert page.get_attribute("#opt-measures", "aria-invalid") == "true"
    assert "error-options" in page.get_attribute("#opt-measures", "aria-describedby")
    assert "all_trec prints every measure" in page.text_content("#error-options")


def test_a_bad_second_run_keeps_the_first_run_s_report(opened, tmp_path):
    page, _ = opened
    (tmp_path / "bad.run").write_text("301 Q0 doc 1\n")
    page.set_input_files("#qrels-file", str(EXAMPLE / "qrels.test"))
    page.set_input_files("#run-file-1", str(EXAMPLE / "results.test"))
    page.set_input_files("#run-file-2", str(tmp_path / "bad.run"))
    page.click("#evaluate")
    assert finish(page) == "done"
    expected = cli(EXAMPLE, "qrels.test", "results.test", *options_of(page))
    assert page.text_content("#report-1") == expected.stdout
    (tmp_path / "qrels.test").write_bytes((EXAMPLE / "qrels.test").read_bytes())
    refused = cli(tmp_path, "qrels.test", "bad.run", *options_of(page))
    assert refused.returncode != 0
    assert page.text_content("#error-run-2") == refused.stderr.removeprefix("ndcg: ").rstrip()
    assert page.locator("#report-2").count() == 0
    assert page.locator("#comparison").count() == 0
    assert page.text_content("#status").startswith("bad.run not evaluated: ")
    # The keyboard goes to the input to mend.
    assert page.evaluate("document.activeElement.closest('section').id") == ""
    assert page.evaluate("document.activeElement.closest('.ev-input') !== null")


def test_results_stay_while_evaluating_again_and_come_back_on_cancel(opened, tmp_path):
    page, _ = opened
    page.click("#try-example")
    assert finish(page) == "done"
    report = page.text_content("#report-1")
    big = tmp_path / "large.run.gz"
    block = b"# a comment line, read and skipped like any other\n" * 20_000
    with gzip.open(big, "wb", compresslevel=1) as out:
        for _ in range(400):
            out.write(block)
    page.set_input_files("#run-file-1", str(big))
    page.click("#evaluate")
    page.wait_for_function("document.getElementById('progress').value > 0")
    assert page.evaluate("document.body.dataset.evaluateState") == "running"
    assert page.text_content("#report-1") == report
    assert "ev-stale" in page.eval_on_selector(
        "#report-1", "e => e.closest('.ev-stale')?.className"
    )
    assert page.is_visible("#stale-note")
    assert page.eval_on_selector("#report-1", "e => e.closest('[inert]') !== null")
    page.click("#cancel")
    assert finish(page) == "done"
    assert page.text_content("#report-1") == report
    assert page.locator("#results .ev-stale").count() == 0
    assert page.locator("#results [inert]").count() == 0
    assert page.locator("#stale-note").count() == 0
    assert "last evaluation" in page.text_content("#status")
    assert page.evaluate("document.getElementById('progress').value") == 0


def test_after_an_error_the_bar_is_empty(opened, tmp_path):
    page, _ = opened
    (tmp_path / "bad.run").write_text("301 Q0 doc 1\n")
    page.set_input_files("#qrels-file", str(EXAMPLE / "qrels.test"))
    page.set_input_files("#run-file-1", str(tmp_path / "bad.run"))
    page.click("#evaluate")
    assert finish(page) == "error"
    assert page.evaluate("document.getElementById('progress').value") == 0


def test_a_truncated_gzip_run_names_the_file(opened, tmp_path):
    page, _ = opened
    whole = gzip.compress((EXAMPLE / "results.test").read_bytes())
    (tmp_path / "cut.run.gz").write_bytes(whole[: len(whole) // 2])
    page.set_input_files("#qrels-file", str(EXAMPLE / "qrels.test"))
    page.set_input_files("#run-file-1", str(tmp_path / "cut.run.gz"))
    page.click("#evaluate")
    assert finish(page) == "error"
    assert page.text_content("#error-run-1").startswith("cut.run.gz: ")


def test_picking_a_file_clears_pasted_text_and_pasting_removes_the_file(opened):
    page, _ = opened
    paste(page, "#run-text-1", "301 Q0 doc 1 1.0 pasted\n")
    page.set_input_files("#run-file-1", str(EXAMPLE / "results.test"))
    assert page.input_value("#run-text-1") == ""
    assert "pasted text was cleared" in page.text_content("#run-1-title + .ev-drop ~ .ev-help")
    paste(page, "#run-text-1", (EXAMPLE / "results.test").read_text())
    assert page.eval_on_selector_all(".ev-picked", "s => s.map(e => e.textContent)")[1] == ""
    assert "file was removed" in page.text_content("#run-1-title + .ev-drop ~ .ev-help")
    paste(page, "#qrels-text", (EXAMPLE / "qrels.test").read_text())
    page.click("#evaluate")
    assert finish(page) == "done"
    assert page.text_content("#report-1").startswith("runid")
    # The command line the page prints names files: it says which to save the text as.
    status = page.text_content("#status")
    assert "python -m ndcg pasted_qrels.txt pasted_run1.txt -m official" in status
    save = "save the pasted qrels as pasted_qrels.txt and the pasted run as pasted_run1.txt."
    assert status.endswith(f"To run it, {save}")


def test_the_comparison_counts_queries_won_lost_and_tied_and_marks_the_p_value_floor(
    opened, tmp_path
):
    page, _ = opened
    # 30 queries, one relevant document each: run 2 ranks it first everywhere but on the
    # last 4 (tied), run 1 tenth everywhere but on the first 2 (where it wins). No random
    # flip of these differences reaches their mean: the p-value is 1 / 10001.
    qrels = "".join(f"q{i:02} 0 rel 1\n" for i in range(30))
    lines = {1: [], 2: []}
    for i in range(30):
        first = 1 if i < 2 else 10
        second = 10 if i < 2 else (first if i >= 26 else 1)
        for n, at in ((1, first), (2, second)):
            for rank in range(1, 11):
                doc = "rel" if rank == at else f"d{rank}"
                lines[n].append(f"q{i:02} Q0 {doc} {rank} {20 - rank} r{n}\n")
    (tmp_path / "q.qrels").write_text(qrels)
    for n in (1, 2):
        (tmp_path / f"r{n}.run").write_text("".join(lines[n]))
    page.set_input_files("#qrels-file", str(tmp_path / "q.qrels"))
    page.set_input_files("#run-file-1", str(tmp_path / "r1.run"))
    page.set_input_files("#run-file-2", str(tmp_path / "r2.run"))
    page.fill("#opt-measures", "ndcg_cut.10")
    page.click("#evaluate")
    assert finish(page) == "done"
    page.wait_for_selector("#comparison-tally")
    assert page.text_content("#comparison-tally") == (
        "r2.run is better on 24 queries, worse on 2 and tied on 4."
    )
    runs = [
        json.loads(
            cli(tmp_path, "q.qrels", f"r{n}.run", "-q", "--json", "-m", "ndcg_cut.10").stdout
        )
        for n in (1, 2)
    ]
    a, b = ([run["queries"][q]["ndcg_cut_10"] for q in sorted(run["queries"])] for run in runs)
    test = stats.paired_randomization_test(b, a, seed=0)
    assert not test.exact and test.p_value == 1 / 10001
    assert float(page.get_attribute("#comparison [data-stat='p']", "data-value")) == test.p_value
    assert "smallest p-value 10,000 random sign flips can show" in page.text_content(
        "#comparison-floor"
    )


def test_at_390_px_the_table_keeps_its_query_column_and_says_it_scrolls(browser, site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.goto((site / PAGE).as_uri())
    page.tap("#try-chapter7")
    assert finish(page) == "done"
    assert page.is_visible(".ev-scroll-cue")
    assert page.is_hidden(".ev-drop-words")  # no dragging on a touch screen
    left = page.eval_on_selector("#per-query tbody th", "e => e.getBoundingClientRect().left")
    page.eval_on_selector(".ev-scroll", "e => { e.scrollLeft = 400; }")
    page.wait_for_function("document.querySelector('.ev-scroll').scrollLeft > 0")
    after = page.eval_on_selector("#per-query tbody th", "e => e.getBoundingClientRect().left")
    assert after == left
    context.close()


def test_the_status_says_scoring_while_the_runs_are_scored(opened):
    page, _ = opened
    # Every text the status shows, in order (the last progress message of each run's
    # scoring always reaches the page, before its answer).
    page.evaluate(
        """() => { window.said = [];
        new MutationObserver(() => window.said.push(document.getElementById('status').textContent))
          .observe(document.getElementById('status'), { childList: true, characterData: true,
            subtree: true }); }"""
    )
    page.click("#try-chapter7")
    assert finish(page) == "done"
    said = page.evaluate("window.said")
    names = evaluate_page.CHAPTER7_FILES
    assert f"Scoring {names['run2']}..." in said
    assert said.index(f"Scoring {names['run2']}...") < len(said) - 1
    assert said[-1].startswith("Done; the command line with these options prints the same reports")
