"""The built site's HTML, read without a browser: self-contained, linked, downloadable, logged.

These checks are cheap and name the exact file and attribute at fault; the browser crawl in
tests/browser/ then checks what those files do when a reader's browser runs them.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlsplit

import css_bundle
import pytest
import yaml
from bs4 import BeautifulSoup

ROOT = Path(__file__).resolve().parents[2]


DEFAULT_SITE = ROOT / "_build" / "html"
NOT_PAGES = ("_static/", "_sources/", "vendor/", "_images/")
# Attributes through which a page makes the browser fetch something by itself.
FETCHED = (
    ("script", "src"),
    ("link", "href"),
    ("img", "src"),
    ("source", "src"),
    ("iframe", "src"),
    ("video", "src"),
    ("audio", "src"),
    ("embed", "src"),
)
FETCHED_LINK_RELS = {"stylesheet", "preload", "icon", "modulepreload", "prefetch", "manifest"}
SPHINX_PROBLEM = re.compile(r"\b(WARNING|ERROR|CRITICAL):")


def _toc_entries() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return [toc["root"]] + [
        chapter["file"] for part in toc.get("parts", []) for chapter in part["chapters"]
    ]


CHAPTERS = [entry for entry in _toc_entries() if entry.startswith("notebooks/")]


def _pages(site: Path) -> list[Path]:
    return [
        path
        for path in sorted(site.rglob("*.html"))
        if not path.relative_to(site).as_posix().startswith(NOT_PAGES)
    ]


@cache
def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def _is_external(url: str) -> bool:
    return bool(urlsplit(url).scheme) or url.startswith("//")


def _resolve(site: Path, page: Path, url: str) -> Path:
    """The file a relative URL on ``page`` points at (query and fragment removed)."""
    path = unquote(urlsplit(url).path)
    target = (site / path.lstrip("/")) if path.startswith("/") else (page.parent / path)
    target = target.resolve()
    return target / "index.html" if target.is_dir() else target


def test_site_has_pages(site: Path) -> None:
    assert len(_pages(site)) > len(CHAPTERS)


def _stylesheets(site: Path, page: Path) -> list[str]:
    """The sheets ``page`` links, as paths from the site's root, each bundle by its parts."""
    sheets = []
    for link in _soup(page).select('link[rel="stylesheet"]'):
        target = _resolve(site, page, link["href"]).relative_to(site.resolve()).as_posix()
        if target.startswith(f"{css_bundle.FOLDER}/{css_bundle.PREFIX}"):
            sheets += css_bundle.parts_of((site / target).read_text(encoding="utf-8"))
        else:
            sheets.append(target)
    return sheets


def test_each_page_links_one_stylesheet_with_every_sheet_it_needs(site: Path) -> None:
    """The theme's, its extensions' and the site's sheets come in one file, in their order."""
    problems = []
    for page in _pages(site):
        rel = page.relative_to(site)
        links = _soup(page).select('link[rel="stylesheet"]')
        sheets = _stylesheets(site, page)
        if rel.parts[0] == "slides" or _soup(page).select('meta[http-equiv="refresh" i]'):
            continue  # a deck links reveal.js's sheets (course/test_slides.py); a redirect none
        if len(links) != 1:
            problems.append(f"{rel}: {len(links)} stylesheet links")
        for needed in ("_static/styles/pydata-sphinx-theme.css", "_static/site.css"):
            if needed not in sheets:
                problems.append(f"{rel}: {needed} is not among its sheets")
        if sheets and sheets[-2:] != ["_static/site.css", "vendor/icons/icons.css"]:
            problems.append(f"{rel}: the site's own sheets are not last: {sheets[-3:]}")
    assert not problems, "\n".join(problems)


def test_every_url_in_a_joined_stylesheet_names_a_file_of_the_site(site: Path) -> None:
    bundles = sorted((site / css_bundle.FOLDER).glob(f"{css_bundle.PREFIX}*.css"))
    assert bundles
    problems = []
    for bundle in bundles:
        css = bundle.read_text(encoding="utf-8")
        assert "@import" not in css, bundle.name
        for match in css_bundle.URL.finditer(css):
            url = match["url"]
            if url.startswith(("data:", "#")):
                continue
            if _is_external(url) or not _resolve(site, bundle, url).is_file():
                problems.append(f"{bundle.name}: url({url})")
    assert not problems, "\n".join(problems)


def test_every_asset_is_served_by_the_site(site: Path) -> None:
    """Scripts, styles, font preloads and images come from the site's own files."""
    problems = []
    for page in _pages(site):
        rel = page.relative_to(site)
        for tag, attr in FETCHED:
            for el in _soup(page).find_all(tag, attrs={attr: True}):
                url = el[attr]
                if tag == "link" and not set(el.get("rel", [])) & FETCHED_LINK_RELS:
                    continue  # rel=next/prev/index/search are navigation, not fetches
                if url.startswith("data:"):
                    continue
                if _is_external(url):
                    problems.append(f"{rel}: <{tag} {attr}={url!r}> is off-site")
                elif not _resolve(site, page, url).is_file():
                    problems.append(f"{rel}: <{tag} {attr}={url!r}> names a missing file")
        for el in _soup(page).find_all("script", attrs={"crossorigin": True}):
            # A crossorigin script is refused when the page is opened from file://.
            problems.append(f"{rel}: crossorigin on {el.get('src')}")
    assert not problems, "\n".join(problems)


def test_no_broken_internal_links_or_anchors(site: Path) -> None:
    broken = []
    for page in _pages(site):
        for a in _soup(page).find_all("a", href=True):
            href = a["href"]
            if _is_external(href) or href.startswith(("mailto:", "javascript:")):
                continue
            url, fragment = urldefrag(href)
            target = _resolve(site, page, url) if url else page
            where = f"{page.relative_to(site)}: {href}"
            if not target.is_file():
                broken.append(f"{where} (no such file)")
            elif fragment and target.suffix == ".html":
                soup = _soup(target)
                if not (soup.find(id=unquote(fragment)) or soup.find(attrs={"name": fragment})):
                    broken.append(f"{where} (no such anchor)")
    assert not broken, "\n".join(broken)


def test_every_image_has_alt_text(site: Path) -> None:
    missing = [
        f"{page.relative_to(site)}: {img.get('src', '')[:80]}"
        for page in _pages(site)
        for img in _soup(page).find_all("img")
        if not img.get("alt", "").strip()
    ]
    assert not missing, "images without alt text:\n" + "\n".join(missing)


def test_root_redirects_to_a_page(site: Path) -> None:
    meta = {"http-equiv": re.compile("(?i)refresh")}
    refresh = _soup(site / "index.html").find("meta", attrs=meta)
    assert refresh is not None, "index.html neither is a page nor redirects to one"
    target = refresh["content"].split("url=", 1)[1].strip()
    assert (site / target).is_file(), target


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_chapter_offers_its_notebook_for_download(site: Path, chapter: str) -> None:
    page = site / f"{chapter}.html"
    anchors = _soup(page).find_all("a", href=True)
    links = [a["href"] for a in anchors if a["href"].endswith(".ipynb")]
    assert links, f"{chapter}: no .ipynb download link"
    for href in links:
        target = _resolve(site, page, href)
        assert target.is_file(), f"{chapter}: {href} is not in the site"
        assert '"cells"' in target.read_text(encoding="utf-8")[:20000], f"{href} is not a notebook"


def test_status_page_lists_every_notebook_with_its_execution_time(site: Path) -> None:
    soup = _soup(site / "book" / "status.html")
    table = soup.find("table")
    assert table is not None, "the status page has no execution table"
    headers = [th.get_text(strip=True).lower() for th in table.find_all("th")]
    assert any("run time" in h or "time" in h for h in headers), headers
    rows = {
        tr.find("td").get_text(strip=True): [td.get_text(strip=True) for td in tr.find_all("td")]
        for tr in table.find("tbody").find_all("tr")
    }
    for chapter in CHAPTERS:
        assert chapter in rows, f"{chapter} missing from the status table: {sorted(rows)}"
        time_column = headers.index(next(h for h in headers if "time" in h))
        assert re.fullmatch(r"\d+(\.\d+)?", rows[chapter][time_column]), rows[chapter]


def test_build_log_has_no_sphinx_warnings(site: Path) -> None:
    """Only meaningful for the default site, which `make book` builds with its log beside it."""
    if site.resolve() != DEFAULT_SITE.resolve():
        pytest.skip("NDCG_SITE points elsewhere: its build log is not _build/build.log")
    log = ROOT / "_build" / "build.log"
    assert log.is_file(), "no _build/build.log: build with `make book`"
    text = re.sub(r"\x1b\[[0-9;]*m", "", log.read_text(encoding="utf-8", errors="replace"))
    problems = [line for line in text.splitlines() if SPHINX_PROBLEM.search(line)]
    assert not problems, "\n".join(problems)
    assert "build succeeded" in text


# Font Awesome's style and size classes, as opposed to icon names.
ICON_MODIFIERS = {"fa-solid", "fa-regular", "fa-brands", "fa-lg", "fa-xl", "fa-fw", "fa-sm"}


def test_every_icon_a_page_shows_is_in_the_sites_icon_stylesheet(site: Path) -> None:
    """The theme's icon script is gone; each icon class a page uses must be drawn by icons.css."""
    css = (site / "vendor" / "icons" / "icons.css").read_text(encoding="utf-8")
    drawn = set(re.findall(r"^\.(fa-[a-z0-9-]+) \{ --icon:", css, flags=re.MULTILINE))
    assert {"fa-bars", "fa-magnifying-glass", "fa-sun", "fa-moon"} <= drawn, sorted(drawn)
    missing = set()
    for page in _pages(site):
        for el in _soup(page).select(".fa-solid, .fas"):
            names = {c for c in el.get("class", []) if c.startswith("fa-")} - ICON_MODIFIERS
            missing |= {f"{page.relative_to(site)}: {name}" for name in names - drawn}
    assert not missing, "icons without a drawing:\n" + "\n".join(sorted(missing))


def test_no_page_loads_the_icon_script_or_a_math_engine(site: Path) -> None:
    heavy = re.compile(r"fontawesome\.js|mathjax|tex-mml-chtml|katex(\.min)?\.js", re.IGNORECASE)
    found = [
        f"{page.relative_to(site)}: {el['src']}"
        for page in _pages(site)
        for el in _soup(page).find_all("script", src=True)
        if heavy.search(el["src"])
    ]
    assert not found, "\n".join(found)


def test_every_formula_is_typeset_with_mathml_for_screen_readers(site: Path) -> None:
    """KaTeX wrote each formula at build time: its drawing, and MathML carrying the TeX."""
    formulas = 0
    problems = []
    for page in _pages(site):
        soup = _soup(page)
        for el in soup.select(".math"):
            formulas += 1
            where = f"{page.relative_to(site)}: {el.get_text()[:60]!r}"
            tex = el.select('.katex-mathml math annotation[encoding="application/x-tex"]')
            if len(el.select(".katex-html")) != 1 or len(tex) != 1 or not tex[0].get_text():
                problems.append(where)
            elif el.select_one(".katex-html").get("aria-hidden") != "true":
                problems.append(f"{where}: the drawing is not hidden from screen readers")
        if soup.select(".math") and not any(
            sheet.endswith("vendor/katex/katex.min.css") for sheet in _stylesheets(site, page)
        ):
            problems.append(f"{page.relative_to(site)}: math but no KaTeX stylesheet")
    assert formulas >= 50, formulas
    assert not problems, "formulas not typeset:\n" + "\n".join(problems)
