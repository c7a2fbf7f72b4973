"""Each page's stylesheets joined into one file (tools/css_bundle.py, esbuild), on small sites.

Runs the real esbuild (node_modules) through tools/css-bundle.mjs.

The built site's bundles are checked in tests/book/test_site_static.py (one link per page, every
url() names a file) and in a browser by tests/browser/test_theme_css.py (every element styled
as with the theme's own, separate sheets).
"""

from __future__ import annotations

from pathlib import Path

import css_bundle
import pytest

ROOT = Path(__file__).resolve().parents[2]


HEAD = """<html><head>
  <link href="../_static/styles/theme.css?digest=1" rel="stylesheet" />
<link href="../_static/styles/theme2.css?digest=1" rel="stylesheet" />

    <link rel="stylesheet" type="text/css" href="../_static/site.css?v=2" />
    <link rel="stylesheet" type="text/css" href="../vendor/katex/katex.min.css" />
  <script src="x.js"></script>
    <link rel="stylesheet" href="../_static/print.css" media="print" />
</head><body><link rel="stylesheet" href="late.css"></body></html>
"""


def _site(tmp_path: Path) -> Path:
    files = {
        "_static/styles/theme.css": '/* from basic */\n@import "../basic.css";\n.a{x:1}',
        "_static/basic.css": '@charset "UTF-8";\n.basic{background:url(img/b.png)}',
        "_static/styles/theme2.css": ".t{src:url('../webfonts/f.woff2?v=1#x')}\n"
        "/*# sourceMappingURL=theme2.css.map */",
        "_static/site.css": '.s{background:url("data:image/svg+xml,%3Csvg/%3E")}',
        "vendor/katex/katex.min.css": "@font-face{src:url(fonts/K.woff2) format('woff2')}",
        "_static/print.css": ".p{x:1}",
        "book/page.html": HEAD,
        "book/other.html": HEAD.replace(
            '    <link rel="stylesheet" type="text/css" href="../vendor/katex/katex.min.css" />\n',
            "",
        ),
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_a_run_of_links_is_joined_and_other_links_stay(tmp_path: Path) -> None:
    site = _site(tmp_path)
    bundles = css_bundle.bundle_pages(site)
    page = (site / "book/page.html").read_text(encoding="utf-8")
    other = (site / "book/other.html").read_text(encoding="utf-8")
    # Two runs on each page: the theme's pair and the space-separated pair after it are one
    # run; the print sheet (media) and the link in the body are left alone.
    assert page.count('rel="stylesheet"') == 3
    assert 'media="print"' in page and 'href="late.css"' in page
    assert len(bundles) == 2
    with_katex = [p for p in bundles.values() if "vendor/katex/katex.min.css" in p]
    assert with_katex == [
        [
            "_static/styles/theme.css",
            "_static/styles/theme2.css",
            "_static/site.css",
            "vendor/katex/katex.min.css",
        ]
    ]
    name = css_bundle.bundle_name(with_katex[0])
    assert f'href="../{name}"' in page and f'href="../{name}"' not in other
    css = (site / name).read_text(encoding="utf-8")
    assert css.splitlines()[0] == f"/* parts: {' '.join(with_katex[0])} */"
    # The import's rules come first, where the browser puts them; no @import or source map
    # is left; every relative url() is rewritten for _static/, query and fragment kept.
    assert css.index(".basic") < css.index(".a{x:1}") < css.index(".t{")
    assert "@import" not in css and "sourceMappingURL" not in css
    assert "url(img/b.png)" in css
    assert "url(webfonts/f.woff2?v=1#x)" in css
    assert "url(../vendor/katex/fonts/K.woff2)" in css
    assert "url(data:image/svg+xml,%3Csvg/%3E)" in css


def test_a_page_of_an_earlier_build_links_the_current_rules(tmp_path: Path) -> None:
    site = _site(tmp_path)
    css_bundle.bundle_pages(site)
    before = (site / "book/page.html").read_text(encoding="utf-8")
    (site / "_static/site.css").write_text(".s{colour:new}", encoding="utf-8")
    css_bundle.bundle_pages(site)  # the next build copies the parts again, writes no page
    assert (site / "book/page.html").read_text(encoding="utf-8") == before
    name = css_bundle.bundle_name(
        [
            "_static/styles/theme.css",
            "_static/styles/theme2.css",
            "_static/site.css",
            "vendor/katex/katex.min.css",
        ]
    )
    assert ".s{colour:new}" in (site / name).read_text(encoding="utf-8")


def test_absolute_and_fragment_urls_are_kept_as_they_are(tmp_path: Path) -> None:
    site = _site(tmp_path)
    (site / "_static/site.css").write_text(
        ".r{a:url(/r.png)}.h{b:url(https://example.org/x.png)}.f{c:url(#m)}", encoding="utf-8"
    )
    bundles = css_bundle.bundle_pages(site)
    css = (site / next(iter(bundles))).read_text(encoding="utf-8")
    assert "url(/r.png)" in css and "url(https://example.org/x.png)" in css
    assert "url(#m)" in css


def test_an_import_with_a_media_list_keeps_its_media(tmp_path: Path) -> None:
    site = _site(tmp_path)
    (site / "_static/site.css").write_text('@import "x.css" print;\n.s{}', encoding="utf-8")
    (site / "_static/x.css").write_text(".x{a:b}", encoding="utf-8")
    bundles = css_bundle.bundle_pages(site)
    assert "@media print{.x{a:b}}" in (site / next(iter(bundles))).read_text(encoding="utf-8")


def test_whatever_is_between_two_links_splits_the_run() -> None:
    html = (
        '<head><link rel="stylesheet" href="a.css"><style>.x{}</style>'
        '<link rel="stylesheet" href="b.css"> <link href="c.css" rel="stylesheet"/>'
        '<link rel="stylesheet" title="alt" href="d.css"></head>'
    )
    runs = css_bundle.link_runs(html)
    assert [[href for *_, href in run] for run in runs] == [["b.css", "c.css"]]


@pytest.mark.parametrize(
    ("site_css", "message"),
    [
        ('.a{}@import "x.css";', 'All "@import" rules must come first'),
        ('@import "missing.css";', 'Could not resolve "missing.css"'),
    ],
)
def test_a_sheet_esbuild_cannot_join_stops_the_build(
    tmp_path: Path, site_css: str, message: str
) -> None:
    site = _site(tmp_path)
    (site / "_static/site.css").write_text(site_css, encoding="utf-8")
    (site / "_static/x.css").write_text(".x{}", encoding="utf-8")
    with pytest.raises(RuntimeError, match="esbuild could not join") as error:
        css_bundle.bundle_pages(site)
    assert message in str(error.value)


def test_a_file_that_is_not_a_bundle_is_named() -> None:
    with pytest.raises(ValueError, match="names no parts"):
        css_bundle.parts_of(".a{}")
