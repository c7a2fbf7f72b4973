"""The cut theme stylesheets (tools/theme_css.py) style every element as the theme's own do.

Each page is opened twice in the same state (with the same random draws), once as built and
once with its one joined stylesheet (tools/css_bundle.py, esbuild) replaced by ``@import``
rules of its parts, the theme's original sheets in place of the cut ones, so that the
browser itself joins them;
every element's computed style (and its ::before and ::after) is compared, in light and dark
mode, on a desktop and a phone, with the states the theme's scripts create: the search
dialog, the phone's sidebar drawer.
"""

from __future__ import annotations

import mimetypes
from collections import Counter
from pathlib import Path

import css_bundle
import pydata_sphinx_theme
import pytest
import sphinx_design

PAGES = ("notebooks/03_discounted_cumulative_gain.html", "book/glossary.html", "index.html")
THEME = Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static"
ORIGINALS = {
    "pydata-sphinx-theme.css": THEME / "styles" / "pydata-sphinx-theme.css",
    "sphinx-design.min.css": next(
        Path(sphinx_design.__file__).parent.glob("**/sphinx-design.min.css")
    ),
}
PROPS = (
    "display color background-color background-image font-size font-weight font-family "
    "margin-top margin-left padding-top padding-left border-top-width border-top-color "
    "border-left-style position visibility opacity text-decoration-line list-style-type "
    "overflow-x flex-direction justify-content max-width box-shadow content float "
    "white-space line-height z-index"
).split()
STILL = "*,*::before,*::after{transition:none!important;animation:none!important}"
STYLES_JS = """(props) => {
  const out = [];
  for (const el of document.querySelectorAll('body *'))
    for (const pseudo of [null, '::before', '::after']) {
      const cs = getComputedStyle(el, pseudo);
      out.push(props.map((p) => cs.getPropertyValue(p)).join('|'));
    }
  return out;
}"""
# The same chance on both loads: the practice boxes draw their problems (and the number of
# worked steps) from crypto.getRandomValues, and a widget or the theme's scripts may call
# Math.random, so each load starts the same small generator (mulberry32) in their place, one
# for each: which of them runs first may differ between loads (a widget's module is imported
# when its view is met, the theme's scripts start after the first frame).
REPEATABLE = """(() => {
  const generator = (seed) => {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return (t ^ (t >>> 14)) >>> 0;
    };
  };
  const random = generator(0x9e3779b9);
  const bytesFrom = generator(0x85ebca6b);
  Math.random = () => random() / 4294967296;
  crypto.getRandomValues = (array) => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = bytesFrom() & 255;
    return array;
  };
})();"""
SETTLED = (
    "document.documentElement.dataset.theme"
    " && !document.querySelector('script[type=\"text/x-after-first-frame\"]')"
)


# Where the parts are served from for the browser's own joining: the site's files, with the
# theme's originals in place of the cut sheets (their url()s resolve under it too).
PARTS = "__parts__/"


def _with_the_themes_sheets(site: Path, served: list[str]):
    """A route handler serving a joined stylesheet as ``@import`` rules of its parts."""

    def handle(route, request) -> None:
        url = request.url.split("?")[0]
        root, _, path = url.partition(PARTS)
        if path:  # a part, or a file one of its url()s names
            original = ORIGINALS.get(Path(path).name, site / path)
            kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
            route.fulfill(body=original.read_bytes(), content_type=kind)
            return
        name = url.rsplit("/", 1)[-1]
        parts = css_bundle.parts_of((site / css_bundle.FOLDER / name).read_text(encoding="utf-8"))
        assert any(Path(part).name in ORIGINALS for part in parts), parts
        site_root = url[: url.index(f"/{css_bundle.FOLDER}/")]
        imports = "".join(f'@import "{site_root}/{PARTS}{part}";\n' for part in parts)
        route.fulfill(body=imports, content_type="text/css")
        served.append(name)

    return handle


def _styles(
    browser, url: str, site: Path, *, original: bool, scheme: str, width: int, state: str
) -> Counter:
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    served: list[str] = []
    if original:
        handler = _with_the_themes_sheets(site, served)
        page.route(f"**/{css_bundle.FOLDER}/{css_bundle.PREFIX}*.css", handler)
        page.route(f"**/{PARTS}**", handler)
    page.add_init_script(REPEATABLE)
    page.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => document.head.append("
        f"Object.assign(document.createElement('style'), {{textContent: {STILL!r}}})))"
    )
    try:
        page.goto(url, wait_until="load")
        page.wait_for_function(SETTLED, timeout=30_000)
        page.wait_for_load_state("networkidle")
        if state == "search":
            page.locator(".search-button__button:visible").first.click()
            page.locator("#pst-search-dialog[open]").wait_for(timeout=10_000)
        elif state == "drawer":
            page.locator(".primary-toggle:visible").first.click()
            page.locator("#pst-primary-sidebar-modal[open]").wait_for(timeout=10_000)
        page.wait_for_timeout(300)
        assert served or not original, f"{url}: no joined stylesheet was served from the originals"
        return Counter(page.evaluate(STYLES_JS, PROPS))
    finally:
        context.close()


@pytest.mark.parametrize(
    ("scheme", "width", "state"),
    [
        ("light", 1280, "page"),
        ("dark", 1280, "search"),
        ("dark", 390, "page"),
        ("light", 390, "drawer"),
    ],
)
def test_every_element_is_styled_as_with_the_themes_own_sheets(
    browser, site_url: str, site: Path, scheme: str, width: int, state: str
) -> None:
    for path in PAGES:
        url = f"{site_url}/{path}"
        look = {"scheme": scheme, "width": width, "state": state}
        cut = _styles(browser, url, site, original=False, **look)
        whole = _styles(browser, url, site, original=True, **look)
        assert sum(cut.values()) > 300, path
        only_cut, only_whole = cut - whole, whole - cut
        assert not only_cut and not only_whole, (
            f"{path} ({scheme}, {width}px, {state}): styles only with the cut sheets "
            f"{list(only_cut)[:2]}, only with the theme's {list(only_whole)[:2]}"
        )
