"""How fast the website is built and how heavy and quick its pages are in a browser.

Measures, on this machine:

- full build: every notebook executed, into an empty temporary output folder (so an empty
  jupyter-cache), target 120 s on 2 cores;
- cached rebuild: the same folder with the rendered pages and Sphinx's environment deleted
  but the jupyter-cache kept, so every page is written again and no notebook runs, target 20 s;
- bytes of script and style each page loads, from a Chromium crawl over http://127.0.0.1
  (what the browser actually fetched, lazy MathJax components and widget modules included);
- time to an interactive widget on the DCG page: from the start of navigation until the
  widget's "Sort by grade" button is on screen, median of fresh (cold-cache) visits; each visit
  then clicks it and checks that the DCG readout changes, so only a live widget counts.

Run with ``python -m bench`` (all benchmarks) or ``python -m bench.site``; ``--site DIR``
skips the builds and measures an already built site.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import shutil
import socketserver
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JUPYTER_BOOK = Path(sys.executable).parent / "jupyter-book"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
DCG_PAGE = "notebooks/03_discounted_cumulative_gain.html"
NOT_PAGES = ("_static/", "_sources/", "vendor/", "_images/")
FULL_BUILD_TARGET_S = 120.0
CACHED_BUILD_TARGET_S = 20.0
WIDGET_VISITS = 5


def build(output: Path) -> float:
    """Build the book into ``output`` and return the wall-clock seconds it took."""
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "vendor_assets.py")],
        check=True,
        cwd=ROOT,
        capture_output=True,
    )
    command = [
        str(JUPYTER_BOOK),
        "build",
        str(ROOT),
        "--path-output",
        str(output),
        "-W",
        "-n",
        "--keep-going",
    ]
    start = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"bench.site: the build failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return seconds


def build_times(output: Path) -> tuple[float, float]:
    """Time a full build into an empty folder, then a rebuild from its jupyter-cache."""
    full = build(output)
    for derived in ("html", ".doctrees", "jupyter_execute"):
        shutil.rmtree(output / "_build" / derived, ignore_errors=True)
    cached = build(output)
    return full, cached


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


class _QuietServer(socketserver.ThreadingTCPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        # A visit ends by closing its browser context, which may cut a transfer short
        # (a font still arriving); that is expected here, not worth a traceback.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serve(site: Path) -> Iterator[str]:
    """Serve ``site`` on an ephemeral loopback port for the duration of the block."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    with _QuietServer(("127.0.0.1", 0), handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}"
        finally:
            server.shutdown()


def pages(site: Path) -> list[str]:
    """The site's pages (not its assets, sources or root redirect), relative to its root."""
    return [
        rel
        for rel in (p.relative_to(site).as_posix() for p in sorted(site.rglob("*.html")))
        if rel != "index.html" and not rel.startswith(NOT_PAGES)
    ]


def page_weights(browser, base_url: str, paths: list[str]) -> dict[str, dict[str, int]]:
    """Bytes of script, style and everything else each page fetches on a cold visit."""
    weights = {}
    for path in paths:
        context = browser.new_context()  # a cold HTTP cache for every page
        page = context.new_page()
        totals = {"script": 0, "stylesheet": 0, "font": 0, "other": 0}

        def count(response, totals=totals) -> None:
            kind = response.request.resource_type
            try:
                size = len(response.body())
            except Exception:  # a redirect or aborted response has no body to count
                return
            totals[kind if kind in totals else "other"] += size

        page.on("response", count)
        page.goto(f"{base_url}/{path}", wait_until="load")
        page.wait_for_load_state("networkidle")
        weights[path] = totals
        context.close()
    return weights


def time_to_widget(browser, base_url: str, visits: int = WIDGET_VISITS) -> list[float]:
    """Seconds from navigation start to an on-screen, responding widget, per cold visit."""
    times = []
    for _ in range(visits):
        context = browser.new_context()
        page = context.new_page()
        start = time.perf_counter()
        page.goto(f"{base_url}/{DCG_PAGE}", wait_until="commit")
        ideal = page.locator('[data-testid="sort"]').first
        ideal.wait_for(state="visible", timeout=60_000)
        times.append(time.perf_counter() - start)
        dcg = page.locator('[data-testid="dcg"]').first
        before = dcg.inner_text()
        ideal.click()
        page.wait_for_function(
            "b => document.querySelector('[data-testid=\"dcg\"]').innerText !== b", arg=before
        )
        context.close()
    return times


def browser_figures(site: Path) -> tuple[dict[str, dict[str, int]], list[float]]:
    """Crawl the built site in Chromium for page weights and widget readiness."""
    from playwright.sync_api import sync_playwright

    with serve(site) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
        try:
            return page_weights(browser, base_url, pages(site)), time_to_widget(browser, base_url)
        finally:
            browser.close()


def _kb(n: float) -> str:
    return f"{n / 1024:,.0f}"


def report(
    builds: tuple[float, float] | None,
    weights: dict[str, dict[str, int]],
    widget_times: list[float],
) -> None:
    """Print the figures as plain tables."""
    print(f"machine: {os.cpu_count()} cores")
    if builds:
        full, cached = builds
        print(f"{'build':<28}{'seconds':>10}{'target':>10}")
        print(f"{'full (all notebooks run)':<28}{full:>10.1f}{FULL_BUILD_TARGET_S:>10.0f}")
        print(f"{'cached rebuild':<28}{cached:>10.1f}{CACHED_BUILD_TARGET_S:>10.0f}")
        print()
    print(f"{'page':<48}{'script KB':>10}{'style KB':>10}{'fonts KB':>10}{'other KB':>10}")
    for path, w in weights.items():
        print(
            f"{path:<48}{_kb(w['script']):>10}{_kb(w['stylesheet']):>10}"
            f"{_kb(w['font']):>10}{_kb(w['other']):>10}"
        )
    scripts = [w["script"] for w in weights.values()]
    styles = [w["stylesheet"] for w in weights.values()]
    print(
        f"{'median over ' + str(len(weights)) + ' pages':<48}"
        f"{_kb(statistics.median(scripts)):>10}{_kb(statistics.median(styles)):>10}"
    )
    print()
    print(
        f"time to an interactive widget on {DCG_PAGE} (localhost, cold cache, "
        f"{len(widget_times)} visits): median {statistics.median(widget_times):.2f} s, "
        f"min {min(widget_times):.2f} s, max {max(widget_times):.2f} s"
    )


def main(argv: list[str] | None = None) -> None:
    """Build (unless ``--site`` is given), crawl, and print the site's figures."""
    summary = __doc__.split("\n")[0]
    parser = argparse.ArgumentParser(prog="python -m bench.site", description=summary)
    parser.add_argument("--site", type=Path, help="measure this built site; skip the builds")
    args = parser.parse_args([] if argv is None and __name__ != "__main__" else argv)
    if args.site:
        report(None, *browser_figures(args.site))
        return
    with tempfile.TemporaryDirectory(prefix="ndcg-bench-site-") as tmp:
        output = Path(tmp)
        builds = build_times(output)
        report(builds, *browser_figures(output / "_build" / "html"))


if __name__ == "__main__":
    main()
