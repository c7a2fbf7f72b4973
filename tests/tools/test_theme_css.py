"""The theme's stylesheets cut to the rules the site can use (tools/theme_css.py).

Small sheets here; the built site's sheets against the theme's own are compared in a browser
by tests/browser/test_site.py (every element's computed style is the same under both).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import theme_css

ROOT = Path(__file__).resolve().parents[2]


SITE = ROOT / "_build" / "html"
TOKENS = {"bd-page", "show", "navbar", "main", "btn"}


def cut(css: str) -> str:
    return theme_css.cut_stylesheet(css, TOKENS)


def test_a_rule_needing_a_name_the_site_never_writes_is_dropped() -> None:
    assert cut(".bd-page{color:red}.carousel-item{color:blue}") == ".bd-page{color:red}"


def test_every_class_and_id_of_a_selector_must_occur() -> None:
    assert cut(".navbar .carousel{x:1}") == ""
    assert cut(".navbar.show{x:1}") == ".navbar.show{x:1}"
    assert cut("#main .btn{x:1}#other{x:2}") == "#main .btn{x:1}"


def test_only_the_selectors_that_can_match_stay_in_a_list() -> None:
    assert cut(".btn,.carousel,.show>a{x:1}") == ".btn,.show>a{x:1}"


def test_elements_attributes_and_negations_ask_nothing_of_the_site() -> None:
    assert cut("html[data-theme=dark]{x:1}") == "html[data-theme=dark]{x:1}"
    assert cut('a[href$=".pdf"]{x:1}') == 'a[href$=".pdf"]{x:1}'
    assert cut(".btn:not(.disabled):hover{x:1}") == ".btn:not(.disabled):hover{x:1}"


def test_selectors_the_cut_cannot_judge_are_kept() -> None:
    assert cut(":is(.carousel,.btn){x:1}") == ":is(.carousel,.btn){x:1}"
    assert cut(r".\31 0{x:1}") == r".\31 0{x:1}"


def test_grouping_rules_are_cut_inside_and_dropped_when_empty() -> None:
    css = "@media (min-width:960px){.bd-page{x:1}.carousel{x:2}}@media print{.carousel{x:3}}"
    assert cut(css) == "@media (min-width:960px){.bd-page{x:1}}"


def test_fonts_animations_and_licences_stay_whole_and_source_maps_go() -> None:
    css = (
        "/*! Bootstrap, MIT */@font-face{font-family:x;src:url(x.woff2)}"
        "@keyframes spin{to{transform:rotate(1turn)}}/* a note */"
        "/*# sourceMappingURL=pydata-sphinx-theme.css.map */"
    )
    assert cut(css) == (
        "/*! Bootstrap, MIT */@font-face{font-family:x;src:url(x.woff2)}"
        "@keyframes spin{to{transform:rotate(1turn)}}"
    )


def test_names_are_read_from_pages_and_scripts(tmp_path: Path) -> None:
    (tmp_path / "_static" / "scripts").mkdir(parents=True)
    (tmp_path / "_sources").mkdir()
    (tmp_path / "index.html").write_text('<div class="bd-page">', "utf-8")
    (tmp_path / "_static" / "scripts" / "theme.js").write_text('el.classList.add("show")', "utf-8")
    (tmp_path / "_sources" / "page.ipynb").write_text('"carousel"', "utf-8")
    (tmp_path / "_sources" / "page.html").write_text("carousel", "utf-8")
    tokens = theme_css.site_tokens(tmp_path)
    assert {"bd-page", "show"} <= tokens
    assert "carousel" not in tokens


@pytest.mark.skipif(not SITE.is_dir(), reason="the site is built by `make book`")
def test_the_built_theme_sheet_is_cut_and_its_licence_kept() -> None:
    import pydata_sphinx_theme

    theme = Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme"
    [original] = theme.glob("static/styles/pydata-sphinx-theme.css")
    built = (SITE / "_static" / "styles" / "pydata-sphinx-theme.css").read_text("utf-8")
    assert len(built) < len(original.read_text("utf-8")) / 2
    assert "Bootstrap" in built[:200]
    assert "sourceMappingURL" not in built
    assert "html[data-theme=dark]" in built
