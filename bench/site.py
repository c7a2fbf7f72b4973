"""How fast the website is built and how heavy and quick its pages are in a browser.

Measures, on this machine:

- full build: every notebook executed, into an empty temporary output folder (so an empty
  jupyter-cache), target 120 s on 2 cores;
- cached rebuild: the same folder with the rendered pages and Sphinx's environment deleted
  but the jupyter-cache kept, so every page is written again and no notebook runs, target 20 s;
- bytes of script and style each page loads, from a Chromium crawl over http://127.0.0.1
  (what the browser actually fetched, lazily loaded modules included, plus the widgets'
  modules that the page's saved widget state carries as text);
- time to an interactive widget on the DCG page: from the start of navigation until the
  browser has drawn the frame after the widget's "Sort by grade" button entered the page, read
  by the page's own clock (so the figure does not include the time the test driver takes to
  notice, and the driver reads it after the page's load event, so its polling does not slow
  the page it times); each visit then clicks it and checks that the DCG readout changes, so
  only a live widget counts. Median of cold visits (a fresh browser context, so an empty
  cache) over http://127.0.0.1 and from file://. On a phone the widget is several screens
  below the top of the page, and the site has the browser skip blocks far from the window
  until the page has loaded (``content-visibility``, book/_templates/layout.html): the figure
  is the first frame with the widget live in the page, not yet laid out; the click comes
  after the load event, once it is;
- the same, plus the script bytes of a widget page and of a page without widgets, on a
  desktop window and on a phone: 360 px wide, touch, and 4x CPU slowdown (Chromium DevTools
  protocol), where the widget must also be usable by dragging an item with a finger;
- on each profile, a floor: the same note on a page holding only the button, from file://,
  which no page can beat in this browser on this machine.

Targets: an interactive widget within 0.5 s, at most 1 MB of script on a widget page and at
most 600 KB on a page without widgets, on both profiles.

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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench._chromium import launch

ROOT = Path(__file__).resolve().parents[1]
JUPYTER_BOOK = Path(sys.executable).parent / "jupyter-book"
DCG_PAGE = "notebooks/03_discounted_cumulative_gain.html"
PLAIN_PAGE = "book/glossary.html"
NOT_PAGES = ("_static/", "_sources/", "vendor/", "_images/")
FULL_BUILD_TARGET_S = 120.0
CACHED_BUILD_TARGET_S = 20.0
WIDGET_TARGET_S = 0.5
WIDGET_PAGE_SCRIPT_TARGET = 1024 * 1024
PLAIN_PAGE_SCRIPT_TARGET = 600 * 1024
WIDGET_VISITS = 10
IDEAL = '[data-testid="sort"]'
HELD = "text/x-after-first-frame"  # a script held back until the page's first frame is drawn


@dataclass(frozen=True)
class Profile:
    """A kind of reader's device: window size, touch, and CPU slowdown."""

    name: str
    width: int
    height: int
    touch: bool
    cpu_slowdown: float


DESKTOP = Profile("desktop", 1280, 800, touch=False, cpu_slowdown=1)
PHONE = Profile("phone (360 px, touch, 4x CPU)", 360, 740, touch=True, cpu_slowdown=4)
PROFILES = (DESKTOP, PHONE)

# Runs before any of the page's own scripts: notes, on the page's clock (milliseconds since
# navigation started), when the first frame after the widget's "Sort by grade" button entered
# the page is done: the animation-frame callback runs before that frame's style, layout and
# paint, and the timer it sets runs once they are over.
_NOTE_WIDGET_READY_JS = f"""
new MutationObserver((records, observer) => {{
  if (document.querySelector('{IDEAL}')) {{
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => {{
      window.__widgetReadyAt = performance.now();
    }}));
  }}
}}).observe(document, {{ childList: true, subtree: true }});
"""


# UTF-8 bytes of the distinct widget modules saved as source text in the page's widget state.
_INLINE_MODULE_BYTES_JS = """() => {
  const modules = new Set();
  for (const tag of document.querySelectorAll(
    'script[type="application/vnd.jupyter.widget-state+json"]')) {
    for (const entry of Object.values(JSON.parse(tag.textContent).state)) {
      const esm = entry.state && entry.state._esm;
      if (typeof esm === "string" && !/^https?:\\/\\//.test(esm)) modules.add(esm);
    }
  }
  return [...modules].reduce((sum, esm) => sum + new TextEncoder().encode(esm).length, 0);
}"""


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


@contextmanager
def fresh_page(browser, profile: Profile = DESKTOP):
    """A page in a new browser context (an empty cache) set up as ``profile``'s device."""
    context = browser.new_context(
        viewport={"width": profile.width, "height": profile.height},
        is_mobile=profile.touch,
        has_touch=profile.touch,
    )
    try:
        page = context.new_page()
        if profile.cpu_slowdown != 1:
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile.cpu_slowdown})
        yield page
    finally:
        context.close()


def page_weights(
    browser, base_url: str, paths: list[str], profile: Profile = DESKTOP
) -> dict[str, dict[str, int]]:
    """Bytes of script, style and everything else each page fetches on a cold visit."""
    weights = {}
    for path in paths:
        with fresh_page(browser, profile) as page:
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
            # The theme's scripts start after the first frame (book/_templates/layout.html),
            # which under the phone's slowdown can come after the network first falls idle.
            page.wait_for_function(f"() => !document.querySelector('script[type=\"{HELD}\"]')")
            page.wait_for_load_state("networkidle")
            # The widgets' modules come in the page's saved state and are imported from data:
            # URLs, which are not fetched; they count as script all the same, once each.
            totals["script"] += page.evaluate(_INLINE_MODULE_BYTES_JS)
            weights[path] = totals
    return weights


def note_seconds(page, url: str) -> float:
    """Load ``url`` and return when the frame after its "Sort by grade" button was drawn."""
    page.add_init_script(_NOTE_WIDGET_READY_JS)
    # The driver looks into the page only once it has loaded: Playwright's waits run its own
    # script in the page, every frame, which under the phone's 4x slowdown delayed the page
    # it timed by about 0.3 s. The page's note does not depend on when it is read.
    page.goto(url, wait_until="load", timeout=120_000)
    return page.wait_for_function("() => window.__widgetReadyAt").json_value() / 1000


def widget_ready_seconds(page, url: str) -> float:
    """Load ``url`` and return when its widget appeared; fail unless the widget then responds."""
    seconds = note_seconds(page, url)
    page.locator(IDEAL).first.wait_for(state="visible")
    dcg = page.locator('[data-testid="dcg"]').first
    before = dcg.inner_text()
    page.locator(IDEAL).first.click()
    page.wait_for_function(
        "b => document.querySelector('[data-testid=\"dcg\"]').innerText !== b", arg=before
    )
    return seconds


# The least any page can take on this machine and profile: one button, nothing else.
_FLOOR_HTML = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title>'
    '<meta name="viewport" content="width=device-width, initial-scale=1"></head>'
    '<body><button type="button" data-testid="sort">Sort by grade</button></body></html>'
)


def floor_seconds(browser, profile: Profile = DESKTOP, visits: int = WIDGET_VISITS) -> list[float]:
    """Seconds to the same note on a page holding only the button, per cold visit from disk.

    What no page can beat in this browser, on this machine and profile: navigation, a new
    page's set-up and one frame. It puts the widget page's figures in proportion.
    """
    with tempfile.TemporaryDirectory(prefix="ndcg-bench-floor-") as folder:
        path = Path(folder) / "floor.html"
        path.write_text(_FLOOR_HTML, encoding="utf-8")
        return cold_visits(browser, path.as_uri(), profile, visits, note_seconds)


def time_to_widget(
    browser, url: str, profile: Profile = DESKTOP, visits: int = WIDGET_VISITS
) -> list[float]:
    """Seconds from navigation start to a responding widget, per cold visit of ``url``."""
    return cold_visits(browser, url, profile, visits, widget_ready_seconds)


def cold_visits(
    browser, url: str, profile: Profile, visits: int, measure: Callable[[Any, str], float]
) -> list[float]:
    """``measure(page, url)`` on each of ``visits`` pages, each in a new browser context."""
    times = []
    for _ in range(visits):
        with fresh_page(browser, profile) as page:
            times.append(measure(page, url))
    return times


def touch_drag_moves_an_item(browser, url: str, profile: Profile = PHONE) -> bool:
    """Drag the DCG page's D4 above D3 with a finger; True if the order and DCG follow."""
    with fresh_page(browser, profile) as page:
        page.goto(url, wait_until="load")
        widget = page.locator(".ndcg-rw").first
        widget.wait_for(timeout=120_000)
        item = widget.locator('[data-testid="item-D4"]')
        item.scroll_into_view_if_needed()
        handle = item.locator(".ndcg-rw__handle").bounding_box()
        target = widget.locator('[data-testid="item-D3"]').bounding_box()
        x, y = handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2
        touch = page.context.new_cdp_session(page)
        points = [{"x": x, "y": y + (target["y"] + 2 - y) * step / 8} for step in range(9)]
        touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points[:1]})
        for point in points[1:]:
            touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        order = widget.locator(".ndcg-rw__list > li").evaluate_all(
            "els => els.map(e => e.getAttribute('data-testid'))"
        )
        moved = order[2:4] == ["item-D4", "item-D3"]
        return moved and widget.locator('[data-testid="dcg"]').inner_text() == "6.653"


@dataclass
class ProfileFigures:
    """What one device profile measured."""

    profile: Profile
    widget_http: list[float]
    widget_file: list[float]
    floor_file: list[float]
    widget_page_script: int
    plain_page_script: int
    touch_drag: bool | None


def profile_figures(browser, site: Path, base_url: str, profile: Profile) -> ProfileFigures:
    """Widget readiness over http and file://, script bytes, and touch drag for ``profile``."""
    weights = page_weights(browser, base_url, [DCG_PAGE, PLAIN_PAGE], profile)
    return ProfileFigures(
        profile=profile,
        widget_http=time_to_widget(browser, f"{base_url}/{DCG_PAGE}", profile),
        widget_file=time_to_widget(browser, (site / DCG_PAGE).as_uri(), profile),
        floor_file=floor_seconds(browser, profile),
        widget_page_script=weights[DCG_PAGE]["script"],
        plain_page_script=weights[PLAIN_PAGE]["script"],
        touch_drag=(
            touch_drag_moves_an_item(browser, f"{base_url}/{DCG_PAGE}", profile)
            if profile.touch
            else None
        ),
    )


def browser_figures(site: Path) -> tuple[dict[str, dict[str, int]], list[ProfileFigures]]:
    """Crawl the built site in Chromium for page weights, then measure each device profile."""
    from playwright.sync_api import sync_playwright

    # Times are wall-clock: on a shared machine, other work slows them down; say how busy.
    print(f"load average (1 min) before the browser runs: {os.getloadavg()[0]:.1f}")
    with serve(site) as base_url, sync_playwright() as pw:
        browser = launch(pw)
        try:
            weights = page_weights(browser, base_url, pages(site))
            profiles = [profile_figures(browser, site, base_url, p) for p in PROFILES]
        finally:
            browser.close()
    print(f"load average (1 min) after: {os.getloadavg()[0]:.1f}")
    return weights, profiles


def _kb(n: float) -> str:
    return f"{n / 1024:,.0f}"


def _verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def report(
    builds: tuple[float, float] | None,
    weights: dict[str, dict[str, int]],
    profiles: list[ProfileFigures],
) -> None:
    """Print the figures as plain tables."""
    print(f"machine: {os.cpu_count()} cores")
    if builds:
        full, cached = builds
        print(f"{'build':<28}{'seconds':>10}{'target':>10}")
        print(f"{'full (all notebooks run)':<28}{full:>10.1f}{FULL_BUILD_TARGET_S:>10.0f}")
        print(f"{'cached rebuild':<28}{cached:>10.1f}{CACHED_BUILD_TARGET_S:>10.0f}")
        print()
    print(f"{'page (desktop, cold cache)':<48}{'script KB':>10}{'style KB':>10}{'fonts KB':>10}")
    for path, w in weights.items():
        print(f"{path:<48}{_kb(w['script']):>10}{_kb(w['stylesheet']):>10}{_kb(w['font']):>10}")
    scripts = [w["script"] for w in weights.values()]
    styles = [w["stylesheet"] for w in weights.values()]
    print(
        f"{'median over ' + str(len(weights)) + ' pages':<48}"
        f"{_kb(statistics.median(scripts)):>10}{_kb(statistics.median(styles)):>10}"
    )
    for figures in profiles:
        print()
        print(f"{figures.profile.name}{'':<20}{'figure':>12}{'target':>10}")
        rows = [
            (
                f"interactive widget, localhost (median of {len(figures.widget_http)})",
                f"{statistics.median(figures.widget_http):.2f} s",
                f"{WIDGET_TARGET_S:.1f} s",
                statistics.median(figures.widget_http) <= WIDGET_TARGET_S,
            ),
            (
                f"interactive widget, file:// (median of {len(figures.widget_file)})",
                f"{statistics.median(figures.widget_file):.2f} s",
                f"{WIDGET_TARGET_S:.1f} s",
                statistics.median(figures.widget_file) <= WIDGET_TARGET_S,
            ),
            (
                f"script on a widget page ({DCG_PAGE.split('/')[-1][:2]}, DCG)",
                f"{_kb(figures.widget_page_script)} KB",
                f"{_kb(WIDGET_PAGE_SCRIPT_TARGET)} KB",
                figures.widget_page_script <= WIDGET_PAGE_SCRIPT_TARGET,
            ),
            (
                f"script on a page without widgets ({PLAIN_PAGE.split('/')[-1]})",
                f"{_kb(figures.plain_page_script)} KB",
                f"{_kb(PLAIN_PAGE_SCRIPT_TARGET)} KB",
                figures.plain_page_script <= PLAIN_PAGE_SCRIPT_TARGET,
            ),
        ]
        if figures.touch_drag is not None:
            rows.append(
                (
                    "touch drag moves an item",
                    "yes" if figures.touch_drag else "no",
                    "yes",
                    figures.touch_drag,
                )
            )
        for label, value, target, ok in rows:
            print(f"  {label:<52}{value:>12}{target:>10}  {_verdict(ok)}")
        spread = figures.widget_http + figures.widget_file
        print(f"  (all visits: min {min(spread):.2f} s, max {max(spread):.2f} s)")
        floor = f"{statistics.median(figures.floor_file):.2f} s"
        label = f"floor: a page of one button, file:// (median of {len(figures.floor_file)})"
        print(f"  {label:<52}{floor:>12}")


def main(argv: list[str] | None = None) -> None:
    """Build (unless ``--site`` is given), crawl, and print the site's figures."""
    summary = __doc__.split("\n")[0]
    parser = argparse.ArgumentParser(prog="python -m bench.site", description=summary)
    parser.add_argument("--site", type=Path, help="measure this built site; skip the builds")
    args = parser.parse_args([] if argv is None and __name__ != "__main__" else argv)
    if args.site:
        report(None, *browser_figures(args.site.resolve()))
        return
    with tempfile.TemporaryDirectory(prefix="ndcg-bench-site-") as tmp:
        output = Path(tmp)
        builds = build_times(output)
        report(builds, *browser_figures(output / "_build" / "html"))


if __name__ == "__main__":
    main()
