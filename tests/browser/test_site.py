"""The built site in Chromium: self-contained, clean, linked, accessible, searchable, offline.

The crawl visits every page once over http://127.0.0.1 in the light theme (the dark theme has
its own crawl in test_dark_mode.py). Every page is also opened from disk (file://) with
every non-file request refused, as a reader without a server would; there the DCG page must
render its math and a live widget, and the search page must find results. Widget pages mount
their widgets with the site's small loader, never with require.js and the Jupyter widget
manager, and no page loads a math engine or the theme's icon script.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urldefrag, urlsplit

import pytest
import yaml
from bs4 import BeautifulSoup
from playwright.sync_api import Browser, BrowserContext, Page, Request, Route

from ._sitecrawl import PageVisit, crawl, report, site_pages, watch_console

pytestmark = pytest.mark.browser

DCG_PAGE = "notebooks/03_discounted_cumulative_gain.html"
SEARCH_TERM = "discount"
# The chapters that show a RankingWidget; the crawl must find widgets on each.
WIDGET_PAGES = {
    "notebooks/02_cumulative_gain.html",
    "notebooks/03_discounted_cumulative_gain.html",
    "notebooks/04_ideal_dcg_and_ndcg.html",
    "notebooks/05_scores_and_ties.html",
    "notebooks/13_optimising_ndcg.html",
}
# What the pages used to load: the widget manager stack, a math engine, the icon script.
FULL_WIDGET_MANAGER = ("/require.js", "/html-manager/", "/anywidget/index.js")
HEAVY_SCRIPTS = ("mathjax", "tex-mml-chtml", "katex.min.js", "katex.js", "fontawesome.js")


@pytest.fixture(scope="module")
def pages(site: Path) -> list[str]:
    return site_pages(site)


@pytest.fixture(scope="module")
def light(browser: Browser, site_url: str, pages: list[str]) -> dict[str, PageVisit]:
    return crawl(browser, site_url, pages, color_scheme="light")


def test_crawl_covers_every_page_of_the_book(pages: list[str], root: Path) -> None:
    toc = yaml.safe_load((root / "_toc.yml").read_text(encoding="utf-8"))
    entries = [toc["root"]] + [
        chapter["file"] for part in toc.get("parts", []) for chapter in part["chapters"]
    ]
    missing = [entry for entry in entries if f"{entry}.html" not in pages]
    assert not missing, f"table-of-contents entries the crawl would miss: {missing}"
    assert "search.html" in pages


def test_no_request_leaves_the_site(light: dict[str, PageVisit]) -> None:
    assert not report(light, "offsite"), "requests outside the site:\n" + report(light, "offsite")


def test_no_missing_files(light: dict[str, PageVisit]) -> None:
    assert not report(light, "failed"), "failed or 404 requests:\n" + report(light, "failed")


def test_no_console_errors_or_warnings(light: dict[str, PageVisit]) -> None:
    assert not report(light, "console"), "console messages:\n" + report(light, "console")


def test_widget_pages_never_load_require_js_or_the_widget_manager(
    light: dict[str, PageVisit],
) -> None:
    with_widgets = {path for path, visit in light.items() if visit.widgets}
    assert WIDGET_PAGES <= with_widgets, f"widget pages: {sorted(with_widgets)}"
    heavy = [
        f"{path}: {url}"
        for path in sorted(with_widgets)
        for url in light[path].requests
        if any(part in url.split("?")[0] for part in FULL_WIDGET_MANAGER)
    ]
    assert not heavy, "widget pages loading the full widget manager:\n" + "\n".join(heavy)
    loaders = [u for u in light[DCG_PAGE].requests if "/vendor/widget-loader.js" in u]
    assert len(loaders) == 1, light[DCG_PAGE].requests


def test_no_page_loads_a_math_engine_or_the_icon_script(light: dict[str, PageVisit]) -> None:
    heavy = [
        f"{path}: {url}"
        for path, visit in light.items()
        for url in visit.requests
        if any(name in url.split("?")[0].rsplit("/", 1)[-1] for name in HEAVY_SCRIPTS)
        or "/mathjax/" in url
    ]
    assert not heavy, "\n".join(heavy)


def test_axe_finds_no_serious_violation_in_light_mode(light: dict[str, PageVisit]) -> None:
    assert all(visit.theme == "light" for visit in light.values())
    assert not report(light, "violations"), "axe:\n" + report(light, "violations")


def test_every_rendered_image_has_alt_text(light: dict[str, PageVisit]) -> None:
    missing = report(light, "images_without_alt")
    assert not missing, "images without alt text:\n" + missing


def _ids_in_file(path: Path) -> set[str]:
    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    return {el["id"] for el in soup.find_all(id=True)} | {
        el["name"] for el in soup.find_all("a", attrs={"name": True})
    }


def test_no_broken_links(light: dict[str, PageVisit], site: Path, site_url: str) -> None:
    """Every link that stays in the site names an existing file, and its anchor exists there."""
    broken = []
    for path, visit in light.items():
        for href in visit.links:
            if not href.startswith(site_url + "/"):
                continue  # off-site links are citations, not requests; the reader may follow them
            target_url, fragment = urldefrag(href)
            rel = unquote(urlsplit(target_url).path).lstrip("/")
            target = site / rel
            if target.is_dir():
                target, rel = target / "index.html", f"{rel.rstrip('/')}/index.html".lstrip("/")
            if not target.is_file():
                broken.append(f"{path}: {href} (no such file)")
                continue
            if fragment and target.suffix == ".html":
                ids = light[rel].ids if rel in light else _ids_in_file(target)
                if unquote(fragment) not in ids:
                    broken.append(f"{path}: {href} (no such anchor)")
    assert not broken, "broken links:\n" + "\n".join(sorted(set(broken)))


@pytest.fixture(scope="module")
def from_disk(browser: Browser, site: Path, pages: list[str]) -> dict[str, PageVisit]:
    """Every page opened from file://: anything that is not a file of the site is refused."""
    return crawl(browser, site.as_uri(), pages, color_scheme="light", run_axe=False)


def test_every_page_works_from_disk(from_disk: dict[str, PageVisit]) -> None:
    reports = [report(from_disk, attr) for attr in ("offsite", "failed", "console")]
    problems = "\n".join(r for r in reports if r)
    assert not problems, "opened from file://:\n" + problems


def _offline_context(browser: Browser) -> BrowserContext:
    """A context in which only file:// requests succeed; the others are recorded and refused."""
    context = browser.new_context()
    context.blocked = []
    context.console = []

    def route(route: Route, request: Request) -> None:
        if request.url.startswith(("file://", "data:", "blob:")):
            route.continue_()
        else:
            context.blocked.append(request.url)
            route.abort()

    context.route("**/*", route)
    return context


def test_dcg_page_from_disk_renders_math_and_a_live_widget(browser: Browser, site: Path) -> None:
    context = _offline_context(browser)
    try:
        page = context.new_page()
        watch_console(page, context.console)
        page.goto((site / DCG_PAGE).as_uri(), wait_until="load")
        # The math arrives typeset (KaTeX, at build time): each formula is drawn for the eye
        # and given as MathML for screen readers, and KaTeX's fonts load from the site.
        assert page.locator(".math").count() >= 10
        raw = page.locator(".math:not(:has(.katex-html)), .math:not(:has(.katex-mathml math))")
        assert raw.count() == 0, f"math not typeset: {raw.all_inner_texts()[:5]}"
        fonts = page.evaluate(
            """async () => { await document.fonts.ready;
                 return [...document.fonts].filter(f => f.status === 'loaded')
                   .map(f => f.family); }"""
        )
        assert {"KaTeX_Main", "KaTeX_Math"} <= set(fonts), fonts
        # The first widget on the page (the output block holding its buttons and readouts).
        widget = page.locator("div.cell_output:has(.ndcg-rw)").first
        widget.wait_for(timeout=30_000)
        dcg = widget.get_by_test_id("dcg").first
        before = dcg.inner_text()
        widget.get_by_test_id("sort").first.click()
        page.wait_for_function(
            "([el, before]) => el.innerText !== before",
            arg=[dcg.element_handle(), before],
            timeout=10_000,
        )
        assert dcg.inner_text() != before
        assert not context.blocked, f"requests outside the site: {context.blocked}"
        assert not context.console, "console messages:\n" + "\n".join(context.console)
    finally:
        context.close()


def _search(page: Page, url: str) -> list[str]:
    page.goto(f"{url}?q={SEARCH_TERM}", wait_until="load")
    page.wait_for_selector("#search-results ul.search li", timeout=20_000)
    return page.locator("#search-results ul.search li a").all_inner_texts()


def test_search_works_over_http(page: Page, site_url: str) -> None:
    console: list[str] = []
    watch_console(page, console)
    titles = _search(page, f"{site_url}/search.html")
    assert any("discounted" in title.lower() for title in titles), titles
    assert not console, "console messages:\n" + "\n".join(console)


def test_search_works_from_disk(browser: Browser, site: Path) -> None:
    context = _offline_context(browser)
    try:
        page = context.new_page()
        watch_console(page, context.console)
        titles = _search(page, (site / "search.html").as_uri())
        assert any("discounted" in title.lower() for title in titles), titles
        assert not context.blocked, f"requests outside the site: {context.blocked}"
        assert not context.console, "console messages:\n" + "\n".join(context.console)
    finally:
        context.close()
