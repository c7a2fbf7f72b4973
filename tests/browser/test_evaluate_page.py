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
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

import ndcg
from ndcg import stats
from ndcg.cli import main as cli_main
from ndcg.teaching import synthetic

from .sitecrawl import _AXE_RUN_JS, AXE_JS, BLOCKING_IMPACTS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import evaluate_page  # noqa: E402  (tools/ is not a package)

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
    page.click("#try-chapter7")
    assert finish(page) == "done"
    page.wait_for_selector("#comparison [data-stat='p']")
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
    # The command line refuses gzip ("gunzip it first"): it reads the text the page unpacked.
    expected = cli(EXAMPLE, "qrels.test", "results.test", *options_of(page))
    assert page.text_content("#report-1") == expected.stdout


def test_the_two_run_comparison_equals_ndcg_stats(opened, tmp_path):
    page, _ = opened
    page.click("#try-chapter7")
    assert finish(page) == "done"
    page.wait_for_selector("#comparison [data-stat='p']")
    page.select_option("#comparison-measure", "map")
    page.fill("#comparison-seed", "5")
    page.press("#comparison-seed", "Enter")
    page.wait_for_function(
        "document.querySelector('#comparison figcaption')?.textContent.includes('map')"
    )
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
    page.click("#try-chapter7")
    assert finish(page) == "done"
    page.wait_for_selector("#comparison [data-stat='p']")
    page.select_option("#comparison-measure", "map")
    page.wait_for_function(
        "document.querySelector('#comparison figcaption')?.textContent.includes('map')"
    )
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
    page.click("#try-chapter7")
    assert finish(page) == "done"
    page.wait_for_selector("#comparison [data-stat='p']")
    page.add_script_tag(content=AXE_JS.read_text(encoding="utf-8"))
    violations = [v for v in page.evaluate(_AXE_RUN_JS) if v["impact"] in BLOCKING_IMPACTS]
    context.close()
    assert violations == []


def test_at_390_px_nothing_scrolls_sideways_and_every_control_is_reached(browser, site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.goto((site / PAGE).as_uri())
    page.tap("#try-chapter7")
    assert finish(page) == "done"
    page.wait_for_selector("#comparison [data-stat='p']")
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
    (tmp_path / "pasted qrels").write_text(qrels)
    (tmp_path / "pasted run 1").write_text(bad)
    expected = cli(tmp_path, "pasted qrels", "pasted run 1")
    assert page.text_content("#error-run-1") == expected.stderr.removeprefix("ndcg: ").rstrip()
    paste(page, "#run-text-1", (EXAMPLE / "results.test").read_text())
    page.click("#evaluate")
    assert finish(page) == "done"
    assert page.text_content("#report-1") == cli(EXAMPLE, "qrels.test", "results.test", *options_of(page)).stdout


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
    assert page.text_content("#report-1") == cli(EXAMPLE, "qrels.test", "results.test", *options_of(page)).stdout


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
    (tmp_path / "pasted qrels").write_text(qrels)
    (tmp_path / "pasted run 1").write_text(run)
    report = cli(tmp_path, "-q", "-m", "P.32", "pasted qrels", "pasted run 1").stdout
    assert page.text_content("#report-1") == report
    assert "P_32                  \t10\t0.0312\n" in report
    cells = page.eval_on_selector_all(
        "#per-query tbody tr",
        "rows => rows.map(r => [...r.querySelectorAll('th, td')].map(c => c.textContent.trim()))",
    )
    assert cells == [["10", "0.0312"], ["9", "0.0312"]]
