"""Sphinx extension: the theme's icons written into each page as inline SVG.

The theme writes an icon as an empty element with Font Awesome's classes
(``<span class="fa-solid fa-bars"></span>``), and ``vendor/icons/icons.css`` draws each as a
CSS mask of a small SVG image (``tools/vendor_assets.py``). A browser makes a document of its
own for each such image while it computes the page's first styles: on the phone profile of
``bench/site.py`` a chapter's first widget was ready about 0.04 s sooner without them (in
alternating visits). Once the pages are written, each of those elements becomes the icon's
own ``<svg>``, with the same classes and attributes, hidden from assistive technology as the
theme's icons are; the browser draws it as any other element. The stylesheet stays: it sizes
these, and draws the icons the theme's script creates at run time (a banner's close button).
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import built_pages
import vendor_assets
from sphinx.application import Sphinx

# An empty <i> or <span> with a class attribute: how the theme's templates write an icon.
ICON = re.compile(
    r'<(?P<tag>i|span)(?P<attrs>\s[^>]*?\bclass="(?P<classes>[^"]*)"[^>]*)>\s*</(?P=tag)>'
)
PATH = re.compile(r'<path d="([^"]+)"')


def icon_drawings(source: Path = vendor_assets.FONTAWESOME) -> dict[str, tuple[str, str]]:
    """Each icon the site shows, as its SVG viewBox and path, by class (``fa-bars``)."""
    drawings = {}
    for name in vendor_assets.ICONS:
        svg = (source / "svgs" / "solid" / f"{name}.svg").read_text(encoding="utf-8")
        box = re.search(r'viewBox="([^"]+)"', svg)
        path = PATH.search(svg)
        if box is None or path is None:
            raise ValueError(f"inline_icons: Font Awesome's {name}.svg has no viewBox or path")
        drawings[f"fa-{name}"] = (box.group(1), path.group(1))
    return drawings


def inline_icons(page: str, drawings: dict[str, tuple[str, str]]) -> str:
    """``page`` with every icon element drawn by ``drawings`` replaced by its inline SVG."""

    def replace(match: re.Match[str]) -> str:
        names = [c for c in match["classes"].split() if c in drawings]
        if len(names) != 1:
            return match[0]  # not an icon, or not one this site draws
        box, path = drawings[names[0]]
        attrs = match["attrs"]
        if "aria-hidden=" not in attrs:
            attrs += ' aria-hidden="true"'
        return (
            f'<svg{attrs} viewBox="{box}" focusable="false"><path d="{html.escape(path)}"/></svg>'
        )

    return ICON.sub(replace, page)


def _on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    drawings = icon_drawings()
    built_pages.rewrite_pages(app, exception, lambda page: inline_icons(page, drawings))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the extension, after the theme's sheets are cut and joined (900, 950)."""
    app.connect("build-finished", _on_build_finished, priority=960)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
