"""The theme's icon fonts keep every icon the site names, and only those (tools/icon_font.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import built_pages
import icon_font
import pydata_sphinx_theme
import pytest
from fontTools.pens.recordingPen import RecordingPen
from fontTools.ttLib import TTFont

THEME_FONTS = (
    Path(pydata_sphinx_theme.__file__).parent
    / "theme"
    / "pydata_sphinx_theme"
    / "static"
    / "vendor"
    / "fontawesome"
    / "webfonts"
)
BULB, INFO = 0xF0EB, 0xF05A


def drawing(font: TTFont, code: int) -> list:
    """The outline the font draws for character ``code``, as pen commands."""
    pen = RecordingPen()
    font.getGlyphSet()[font.getBestCmap()[code]].draw(pen)
    return pen.value


def test_characters_are_read_from_escapes_themselves_and_references_in_private_use_only() -> None:
    css = ['.a::after{content:"\\f0eb"}', ".b::after{content:'\uf05a'}", '.c{content:"\\41 "}']
    pages = ["<i>&#xf303;</i> <i>&#61473;</i> &#65; \uf071 é"]
    assert icon_font.named_characters(css, pages) == {0xF0EB, 0xF05A, 0xF303, 61473, 0xF071}


def test_only_the_icon_families_font_files_are_found(tmp_path: Path) -> None:
    (tmp_path / "fonts").mkdir()
    for name in ("fa.woff2", "fa.ttf", "katex.woff2"):
        (tmp_path / "fonts" / name).write_bytes(b"")
    css = (
        '@font-face{font-family:"Font Awesome 6 Free";'
        'src:url(fonts/fa.woff2) format("woff2"),url("fonts/fa.ttf?v=1") format("truetype")}'
        "@font-face{font-family:Font Awesome\\ 6 Brands;src:url(fonts/missing.woff2)}"
        "@font-face{font-family:KaTeX_Main;src:url(fonts/katex.woff2)}"
    )
    found = icon_font.icon_font_files(tmp_path / "site.css", css)
    assert found == {(tmp_path / "fonts" / "fa.woff2"), (tmp_path / "fonts" / "fa.ttf")}


@pytest.mark.parametrize("name", ["fa-solid-900.woff2", "fa-solid-900.ttf"])
def test_a_cut_font_keeps_its_format_and_draws_the_kept_icons_as_before(
    tmp_path: Path, name: str
) -> None:
    original = THEME_FONTS / name
    cut = tmp_path / name
    shutil.copy(original, cut)
    assert icon_font.cut_font(cut, {BULB, INFO, 0xE000}) == 2  # U+E000: not in it
    before, after = TTFont(original), TTFont(cut)
    assert set(after.getBestCmap()) == {BULB, INFO}
    assert after.flavor == before.flavor
    for code in (BULB, INFO):
        assert drawing(after, code) == drawing(before, code)
    assert cut.stat().st_size < original.stat().st_size / 10
    assert after["name"].getDebugName(0) == before["name"].getDebugName(0)  # the copyright


def test_a_font_that_keeps_nothing_is_still_a_font(tmp_path: Path) -> None:
    cut = tmp_path / "fa-brands-400.woff2"
    shutil.copy(THEME_FONTS / cut.name, cut)
    assert icon_font.cut_font(cut, set()) == 0
    font = TTFont(cut)
    assert not font.getBestCmap() and font.getGlyphOrder() == [".notdef"]


def test_every_icon_the_built_site_names_has_its_glyph(site: Path) -> None:
    if not (site / "_static").is_dir():
        pytest.skip("needs the built site (make book)")
    sheets = [
        p.read_text(encoding="utf-8") for p in site.rglob("*.css") if "_sources" not in p.parts
    ]
    pages = [p.read_text(encoding="utf-8") for p in built_pages.site_pages(site)]
    named = icon_font.named_characters(sheets, pages)
    # A tip box's light bulb: the icon on the first screen of the DCG chapter.
    assert BULB in named
    fonts = sorted((site / "_static" / "vendor" / "fontawesome" / "webfonts").iterdir())
    assert len(fonts) == 6, "the theme's three icon fonts, as woff2 and ttf"
    for font in fonts:
        kept = set(TTFont(font).getBestCmap())
        has = set(TTFont(THEME_FONTS / font.name).getBestCmap())
        assert kept == named & has, font.name
