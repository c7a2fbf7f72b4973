"""Visit every page of the built site once in Chromium and record what a reader's browser meets.

One browser context per colour scheme is reused for the whole crawl (a fresh context per page
would cost a second or two each on a 2-core machine). Everything a test later asserts on is
recorded here: every request the page made, those that tried to leave the site, failed requests
and 404s, console errors and warnings, the links and element ids of the rendered page, whether
it has widgets, axe-core's serious and critical violations, images without alt text, and the
backdrop behind each output image.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, ConsoleMessage, Page, Request, Route
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[2]
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# Folders of assets and sources rather than pages, and the root redirect stub. The chapters'
# slides are not book pages (no theme, no dark mode): tests/browser/test_slides.py walks them.
NOT_PAGES = ("_static/", "_sources/", "vendor/", "_images/", "slides/")
REDIRECT_STUB = "index.html"
BLOCKING_IMPACTS = ("serious", "critical")

# Runs in the page: the colours behind each output image, walking up to the first opaque
# background, so a transparent PNG on the dark theme is judged by what actually shows through.
_IMAGE_BACKDROPS_JS = """
() => Array.from(document.querySelectorAll('.cell_output img, .output img')).map(img => {
  let el = img;
  while (el) {
    const bg = getComputedStyle(el).backgroundColor;
    const m = bg.match(/rgba?\\(([^)]+)\\)/);
    if (m) {
      const parts = m[1].split(',').map(Number);
      if (parts.length < 4 || parts[3] > 0.5) {
        return {src: img.src, alt: img.alt, rgb: parts.slice(0, 3)};
      }
    }
    el = el.parentElement;
  }
  return {src: img.src, alt: img.alt, rgb: null};
})
"""

# Each widget's view is drawn into a "widget-subarea" placed before its placeholder.
_WIDGETS_RENDERED_JS = """
() => Array.from(document.querySelectorAll(
  'script[type="application/vnd.jupyter.widget-view+json"]'
)).every(view => view.parentElement.querySelector('.widget-subarea > * > *'))
"""

# The theme gives each scrollable code block or output a tab stop (tabIndex 0), and takes it
# from the others, 300 ms after the last change to the page; a widget being drawn is such a
# change. The audit waits for that pass, so it checks the page a reader meets, not the moment
# in between.
_TAB_STOPS_SETTLED_JS = """
() => Array.from(document.querySelectorAll(
  'pre, .nboutput > .output_area, .cell_output > .output, .jp-RenderedHTMLCommon, '
  + '.pst-scrollable-table-container'
)).every(e => (e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight)
  === (e.tabIndex === 0))
"""

# Sections drawn only near the screen (content-visibility: auto, book/_static/site.css) count
# as 800 px until then, while the layout axe reads places their text at its real height, over
# whatever follows: a link in a long section was measured on the tinted row of the ranking
# widget below it. A reader only ever sees a section drawn, so the audit draws them all.
_DRAW_EVERY_SECTION_JS = """
() => {
  for (const el of document.querySelectorAll('body *'))
    if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
}
"""

_AXE_RUN_JS = """
async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.slice(0, 5).map(n => n.target.join(' ')),
  }));
}
"""


@dataclass
class PageVisit:
    """What one page did in the browser."""

    path: str
    requests: list[str] = field(default_factory=list)
    offsite: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    violations: list[dict] = field(default_factory=list)
    image_backdrops: list[dict] = field(default_factory=list)
    images_without_alt: list[str] = field(default_factory=list)
    theme: str = ""
    widgets: int = 0


def report(visits: dict[str, PageVisit], attr: str) -> str:
    """One line per recorded problem of kind ``attr`` (e.g. "console"), prefixed by its page."""
    return "\n".join(
        f"{path}: {item}" for path, visit in visits.items() for item in getattr(visit, attr)
    )


def site_pages(site: Path) -> list[str]:
    """Every HTML page of the site, as paths relative to its root, in a stable order."""
    pages = []
    for html in sorted(site.rglob("*.html")):
        rel = html.relative_to(site).as_posix()
        if rel == REDIRECT_STUB or rel.startswith(NOT_PAGES):
            continue
        pages.append(rel)
    return pages


def watch_console(page: Page, sink: list[str]) -> None:
    """Append the page's console errors and warnings, and uncaught exceptions, to ``sink``."""

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type not in ("error", "warning"):
            return
        sink.append(f"{msg.type}: {msg.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda exc: sink.append(f"pageerror: {exc}"))


def is_local(url: str, base_url: str) -> bool:
    """Whether a request stays inside the site (or is inline data the page made itself)."""
    return url.startswith((base_url + "/", "data:", "blob:", "about:")) or url == base_url


def crawl(
    browser: Browser, base_url: str, pages: list[str], color_scheme: str, run_axe: bool = True
) -> dict[str, PageVisit]:
    """Load each page in one context and record what happened; returns visits by path.

    ``base_url`` is the site's root over http:// or file://; ``run_axe=False`` skips the
    accessibility audit when a crawl only checks loading (the audit is the slow part).
    """
    axe_source = AXE_JS.read_text(encoding="utf-8")
    context = browser.new_context(color_scheme=color_scheme)
    visits: dict[str, PageVisit] = {}
    current: list[PageVisit] = []

    def route(route: Route, request: Request) -> None:
        current[-1].requests.append(request.url)
        if is_local(request.url, base_url):
            route.continue_()
        else:
            current[-1].offsite.append(request.url)
            route.abort()

    context.route("**/*", route)
    page = context.new_page()
    console: list[str] = []
    watch_console(page, console)
    page.on(
        "requestfailed",
        lambda req: (
            current[-1].failed.append(f"{req.url} ({req.failure})")
            if is_local(req.url, base_url)
            else None
        ),
    )
    page.on(
        "response",
        lambda resp: (
            current[-1].failed.append(f"{resp.url} (HTTP {resp.status})")
            if resp.status >= 400
            else None
        ),
    )
    try:
        for path in pages:
            visit = PageVisit(path)
            current.append(visit)
            page.goto(f"{base_url}/{path}", wait_until="load")
            # Widget modules and fonts may load after `load`; let them settle.
            page.wait_for_load_state("networkidle")
            # A widget may render without fetching anything: wait until each one is drawn,
            # so the audit sees it.
            page.wait_for_function(_WIDGETS_RENDERED_JS, timeout=30_000)
            visit.widgets = page.locator(
                'script[type="application/vnd.jupyter.widget-view+json"]'
            ).count()
            visit.theme = page.evaluate("() => document.documentElement.dataset.theme || ''")
            visit.links = page.eval_on_selector_all("a[href]", "els => els.map(a => a.href)")
            visit.ids = set(
                page.eval_on_selector_all("[id], a[name]", "els => els.map(e => e.id || e.name)")
            )
            visit.image_backdrops = page.evaluate(_IMAGE_BACKDROPS_JS)
            # Rendered images, widgets' included: each needs a text alternative.
            visit.images_without_alt = page.eval_on_selector_all(
                "img", "els => els.filter(i => !(i.alt || '').trim()).map(i => i.src.slice(0, 80))"
            )
            if run_axe:
                try:
                    page.wait_for_function(_TAB_STOPS_SETTLED_JS, timeout=5_000)
                except PlaywrightTimeoutError:
                    pass  # a region the theme never reaches: axe reports it below
                page.evaluate(_DRAW_EVERY_SECTION_JS)
                page.add_script_tag(content=axe_source)
                visit.violations = [
                    v for v in page.evaluate(_AXE_RUN_JS) if v["impact"] in BLOCKING_IMPACTS
                ]
            visit.console, console[:] = list(console), []
            visits[path] = visit
    finally:
        context.close()
    return visits
