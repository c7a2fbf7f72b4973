"""Time of the evaluation page in Chromium beside the command line, on the same large runs.

The files are the large run of :mod:`bench.large_run` (5,000,000 lines, 5,000 queries of
1,000 documents, about 224 MB) and its first 100 and 1,000 queries (100,000 and 1,000,000
lines), each with the qrels of its queries. For each size:

- ``python -m ndcg QRELS RUN -m ndcg_cut.10`` in a fresh process (wall time);
- the page (``book/evaluate.html`` of the built site, opened from disk as a reader would):
  the files picked, the same measure typed, then the time from pressing Evaluate until the
  report is shown (reading and scoring in its worker, drawing the results).

The two reports must be equal byte for byte. Printed: lines, both times and their ratio (page
over command line), in one table. The page reads the site named by ``NDCG_SITE`` (default
``_build/html``); build it first (``make book``, or the page's assets into a copy).

Run with ``python -m bench browser_eval``, or ``python -m bench.browser_eval`` (with
``--sizes 100000,1000000`` for fewer).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from bench import large_run
from bench._chromium import launch

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(os.environ.get("NDCG_SITE", ROOT / "_build" / "html"))
SIZES = (100_000, 1_000_000, 5_000_000)
MEASURE = "ndcg_cut.10"
#: Longest a page evaluation may take before the bench gives up (ms).
TIMEOUT_MS = 600_000


def time_page(page, qrels: Path, run: Path, measures: str = MEASURE) -> tuple[float, str]:
    """Seconds from pressing Evaluate to the report shown, and the report.

    ``measures`` is what is typed into the measures box (``-m`` values, space-separated).
    """
    page.goto((SITE / "book" / "evaluate.html").as_uri())
    page.wait_for_function("document.body.dataset.evaluateState === 'idle'")
    page.set_input_files("#qrels-file", str(qrels))
    page.set_input_files("#run-file-1", str(run))
    page.fill("#opt-measures", measures)
    start = time.perf_counter()
    page.click("#evaluate")
    page.wait_for_function(
        "['done', 'error'].includes(document.body.dataset.evaluateState)", timeout=TIMEOUT_MS
    )
    seconds = time.perf_counter() - start
    if page.evaluate("document.body.dataset.evaluateState") != "done":
        raise RuntimeError(f"the page failed on {run.name}: {page.text_content('#status')}")
    return seconds, page.text_content("#report-1")


def main(sizes: tuple[int, ...] = SIZES) -> None:
    from playwright.sync_api import sync_playwright

    if not (SITE / "book" / "evaluate.html").exists():
        sys.exit(f"browser_eval: no {SITE}/book/evaluate.html; build the site first")
    rows = []
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            page = browser.new_page()
            for lines in sizes:
                qrels, run = large_run.cut_files(lines)
                cli = large_run.measure(
                    "cli", [sys.executable, "-m", "ndcg", *map(str, (qrels, run)), "-m", MEASURE]
                )
                cli_seconds, cli_text = cli.seconds, cli.report
                page_seconds, page_text = time_page(page, qrels, run)
                if page_text != cli_text:
                    raise RuntimeError(f"{lines} lines: the page's report differs from the CLI's")
                rows.append((lines, cli_seconds, page_seconds))
        finally:
            browser.close()
    print(f"{'lines':>10}  {'CLI s':>8}  {'page s':>8}  {'page / CLI':>10}")
    for lines, cli_seconds, page_seconds in rows:
        ratio = page_seconds / cli_seconds
        print(f"{lines:>10,}  {cli_seconds:>8.2f}  {page_seconds:>8.2f}  {ratio:>10.2f}")
    print("reports equal byte for byte on every size")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    main(tuple(int(n) for n in parser.parse_args().sizes.split(",")))
