"""Copy the browser assets the static site serves itself into ``_vendor/vendor``.

Sources are the npm packages pinned in package.json (installed into node_modules by
``npm ci``), the anywidget wheel installed in the build's virtual environment, and
``js/widget-loader.js``. The folder is given to Sphinx as ``html_extra_path``, so it
lands at ``_build/html/vendor`` without being scanned for scripts (Jupyter Book would
otherwise add every ``.js`` file under ``html_static_path`` to every page).

What is there, and who asks for it:

- ``widget-loader.js``: on pages with widgets (myst-nb's ``nb_ipywidgets_js``); mounts
  anywidget views from the saved widget state.
- ``require.js``, ``html-manager/``, ``anywidget/``: the full Jupyter widget manager, which
  the loader fetches only for a page showing a widget that is not an anywidget.
- ``katex/``: KaTeX's stylesheet and fonts, for the math typeset at build time
  (sphinxcontrib-katex, ``tools/katex_site.py``); linked from pages with math.
- ``reveal/``: reveal.js (its script, base styles and the white theme, whose fonts are
  inlined) and its notes plugin (the speaker view), for the chapters' slides
  (``tools/slides.py``).
- ``icons/icons.css``: the theme's icons that the pages show, drawn from Font Awesome's SVG
  files, in place of the theme's 1.5 MB icon script (see ``book/_templates/layout.html``); the
  pages' own icons are written in as inline SVG (``tools/inline_icons.py``), which it sizes.
- ``evaluate/``: the evaluation page's script and stylesheet (``book/evaluate.md``), built
  by ``tools/evaluate_page.py``.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path
from urllib.parse import quote

import evaluate_page

ROOT = Path(__file__).resolve().parents[1]
NODE = ROOT / "node_modules"
OUT = ROOT / "_vendor" / "vendor"
# embed-amd.js asks for these beside itself (the loader maps its module URL to
# vendor/html-manager/, which is what makes "beside itself" a path on the site).
FONT_SUFFIXES = {".woff", ".woff2", ".ttf", ".eot", ".svg"}
FONTAWESOME = NODE / "@fortawesome" / "fontawesome-free"
# Every Font Awesome icon the theme shows or creates (its templates and its script's
# close buttons); tests/book/test_site_static.py fails if a built page uses one not listed here.
ICONS = (
    "angle-left",
    "angle-right",
    "arrow-up",
    "bars",
    "circle-half-stroke",
    "download",
    "expand",
    "file",
    "file-pdf",
    "list",
    "magnifying-glass",
    "moon",
    "outdent",
    "sun",
    "xmark",
)
# Drawn as a mask in the text colour, so the icons follow the light and dark themes. The
# pseudo-element's empty content replaces the theme's glyph from the icon font, so no
# private-use character ends up in a button's accessible name; with the page's own font on
# the element too, the browser has no reason to download the icon font for these.
ICON_BASE = """\
.fa-solid,
.fas {
  font-family: inherit;
}
.fa-solid:not(svg)::before,
.fas:not(svg)::before {
  content: "";
  display: inline-block;
  width: var(--icon-width, 1em);
  height: 1em;
  vertical-align: -0.125em;
  background-color: currentColor;
  -webkit-mask: var(--icon) center / contain no-repeat;
  mask: var(--icon) center / contain no-repeat;
}
/* An icon written into the page as SVG (tools/inline_icons.py): the browser would fetch the
   mask above for its ::before too, though it never draws it. */
svg.fa-solid,
svg.fas {
  width: var(--icon-width, 1em);
  height: 1em;
  vertical-align: -0.125em;
  fill: currentColor;
}
"""


def _copy(src: Path, dst: Path) -> None:
    if not src.exists():
        sys.exit(f"vendor_assets: missing {src}; run `npm ci` and install requirements.txt first")
    dst.parent.mkdir(parents=True, exist_ok=True)
    if src.is_dir():
        shutil.copytree(src, dst, dirs_exist_ok=True)
    else:
        shutil.copy2(src, dst)


def icon_rule(name: str, svg: str) -> str:
    """The CSS rule that draws icon ``name`` from the text of its SVG file."""
    svg = re.sub(r"<!--.*?-->", "", svg, flags=re.DOTALL).strip()
    match = re.search(r'viewBox="0 0 (\d+) (\d+)"', svg)
    if match is None:
        raise ValueError(f"icon {name}: no viewBox in its SVG file")
    width, height = (int(n) for n in match.groups())
    if "xmlns=" not in svg:
        svg = svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
    data = quote(svg, safe=" /:=,.-")
    return (
        f'.fa-{name} {{ --icon: url("data:image/svg+xml,{data}"); '
        f"--icon-width: {width / height:.4g}em; }}\n"
    )


def icons_css(source: Path = FONTAWESOME, icons: tuple[str, ...] = ICONS) -> str:
    """A stylesheet with the listed Font Awesome solid icons, and their licence."""
    version = re.search(r'"version":\s*"([^"]+)"', (source / "package.json").read_text())
    header = (
        f"/* Icons from Font Awesome Free {version.group(1) if version else ''} "
        "(https://fontawesome.com), licensed CC BY 4.0:\n"
        "   https://fontawesome.com/license/free. Only the icons the site shows. */\n"
    )
    rules = []
    for name in icons:
        path = source / "svgs" / "solid" / f"{name}.svg"
        if not path.is_file():
            sys.exit(f"vendor_assets: Font Awesome has no solid icon {name!r} ({path})")
        rules.append(icon_rule(name, path.read_text(encoding="utf-8")))
    return header + ICON_BASE + "".join(rules)


def _same_text_time(path: Path, text: str) -> int | None:
    """``path``'s modification time (ns) if it already holds ``text``, else None."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return path.stat().st_mtime_ns
    return None


def main() -> None:
    icons = icons_css()
    # A rewritten file with the same text keeps its time, so the next build finds no asset
    # newer than the site (tools/fresh_assets.py) and reads no page again for it. The other
    # files are copied with their own times.
    icons_time = _same_text_time(OUT / "icons" / "icons.css", icons)
    evaluate = evaluate_page.page_script()
    evaluate_time = evaluate_page.unchanged_time(evaluate)
    if OUT.exists():
        shutil.rmtree(OUT)
    _copy(ROOT / "js" / "widget-loader.js", OUT / "widget-loader.js")
    _copy(NODE / "requirejs" / "require.js", OUT / "require.js")
    html_manager = NODE / "@jupyter-widgets" / "html-manager" / "dist"
    for item in html_manager.iterdir():
        # embed-amd.js plus the font files it requests beside itself; the other bundles
        # (embed.js, libembed-amd.js, index.js) are alternatives the site does not load.
        if item.name == "embed-amd.js" or item.suffix in FONT_SUFFIXES:
            _copy(item, OUT / "html-manager" / item.name)
    anywidget = Path(sys.prefix) / "share" / "jupyter" / "nbextensions" / "anywidget" / "index.js"
    _copy(anywidget, OUT / "anywidget" / "index.js")
    katex = NODE / "katex" / "dist"
    _copy(katex / "katex.min.css", OUT / "katex" / "katex.min.css")
    _copy(katex / "fonts", OUT / "katex" / "fonts")
    _copy(NODE / "katex" / "LICENSE", OUT / "katex" / "LICENSE")
    reveal = NODE / "reveal.js"
    for name in ("reveal.js", "reveal.css", "reset.css", "theme/white.css", "plugin/notes.js"):
        _copy(reveal / "dist" / name, OUT / "reveal" / name)
    _copy(reveal / "LICENSE", OUT / "reveal" / "LICENSE")
    (OUT / "icons").mkdir(parents=True)
    (OUT / "icons" / "icons.css").write_text(icons, encoding="utf-8")
    if icons_time is not None:
        os.utime(OUT / "icons" / "icons.css", ns=(icons_time, icons_time))
    evaluate_page.write(evaluate, evaluate_time)
    print(f"vendor_assets: wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
