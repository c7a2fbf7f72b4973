"""The theme's icons written into the pages as inline SVG (tools/inline_icons.py)."""

from __future__ import annotations

import re
from pathlib import Path

import inline_icons
import pytest
import vendor_assets

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
DRAWINGS = {"fa-bars": ("0 0 448 512", "M0 96z"), "fa-sun": ("0 0 512 512", "M1 2z")}


def test_an_icon_element_becomes_its_svg_with_its_classes_and_attributes() -> None:
    page = '<button><i class="theme-switch fa-solid fa-sun fa-lg" data-mode="light"></i></button>'
    assert inline_icons.inline_icons(page, DRAWINGS) == (
        '<button><svg class="theme-switch fa-solid fa-sun fa-lg" data-mode="light"'
        ' aria-hidden="true" viewBox="0 0 512 512" focusable="false"><path d="M1 2z"/></svg>'
        "</button>"
    )


def test_an_icon_already_hidden_keeps_its_own_aria_hidden() -> None:
    page = '<span class="fa-solid fa-bars" aria-hidden="true"> </span>'
    drawn = inline_icons.inline_icons(page, DRAWINGS)
    assert drawn.count("aria-hidden") == 1
    assert drawn.startswith('<svg class="fa-solid fa-bars" aria-hidden="true" viewBox=')


@pytest.mark.parametrize(
    "page",
    [
        '<i class="fa-solid fa-unknown"></i>',  # not drawn by the site
        '<i class="fa-solid fa-bars">Menu</i>',  # has content of its own
        '<span class="fa-solid fa-bars fa-sun"></span>',  # two icons: not the theme's
        '<div class="fa-solid fa-bars"></div>',  # not how the theme writes an icon
        '<i class="emphasis"></i>',
    ],
)
def test_anything_else_is_left_as_it_is(page: str) -> None:
    assert inline_icons.inline_icons(page, DRAWINGS) == page


def test_every_icon_the_site_lists_has_a_drawing() -> None:
    drawings = inline_icons.icon_drawings()
    assert set(drawings) == {f"fa-{name}" for name in vendor_assets.ICONS}
    for box, path in drawings.values():
        assert re.fullmatch(r"0 0 \d+ \d+", box) and path.startswith("M")


def test_the_stylesheets_mask_never_applies_to_an_inline_icon() -> None:
    """A mask on an SVG icon's ::before would still be fetched, though never drawn."""
    css = vendor_assets.icons_css()
    assert ".fa-solid:not(svg)::before" in css and ".fas:not(svg)::before" in css
    assert not re.search(r"\.fa-solid::before|\.fas::before", css)


@pytest.mark.skipif(not SITE.is_dir(), reason="needs the built site (make book)")
def test_no_built_page_leaves_an_icon_the_site_draws_as_an_empty_element() -> None:
    names = "|".join(re.escape(f"fa-{name}") for name in vendor_assets.ICONS)
    empty = re.compile(rf'<(i|span)\b[^>]*class="[^"]*\b(?:{names})\b[^"]*"[^>]*>\s*</\1>')
    left = []
    for page in SITE.rglob("*.html"):
        if page.relative_to(SITE).parts[0] in ("_static", "_sources", "vendor"):
            continue
        left += [f"{page.relative_to(SITE)}: {m[0]}" for m in empty.finditer(page.read_text())]
    assert not left, "\n".join(left[:10])
    chapter = (SITE / "notebooks" / "03_discounted_cumulative_gain.html").read_text()
    assert '<svg class="fa-solid fa-bars" aria-hidden="true" viewBox="0 0 448 512"' in chapter
