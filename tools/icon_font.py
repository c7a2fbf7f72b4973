"""Sphinx extension: the theme's icon fonts cut down to the icons the site's stylesheets name.

pydata-sphinx-theme declares Font Awesome's three fonts (solid, regular and brands: 300 KB
of woff2, some 2,000 icons) for the icons its stylesheet puts in admonition titles: a
"tip" box's light bulb is the character U+F0EB drawn in the solid font. The browser
fetches that font for the first such box on a page and unpacks every icon in it on the
page's main thread. On the phone profile of ``bench/site.py`` (4x CPU) that took about
0.02 s, run between the frame that first shows the DCG chapter's widget and the page's
next task. Once the site's stylesheets are written and cut (``tools/theme_css.py``, which
this follows), each of those fonts is rewritten in place with only the icons whose
characters the site's stylesheets and pages name, by fontTools' subsetter; a font that
keeps none keeps its empty glyph alone. Every icon the site can show keeps its glyph.

Icon fonts put their icons on private-use characters (U+E000 to U+F8FF and the two
private-use planes); those are the characters looked for, written in CSS as escapes
(``"\\f0eb"``) or as themselves, and in pages as themselves or as character references.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from built_pages import site_pages
from fontTools import subset
from sphinx.application import Sphinx

# A @font-face rule, and the font files its src names.
FONT_FACE = re.compile(r"@font-face\s*\{([^}]*)\}", re.IGNORECASE)
FAMILY = re.compile(r"font-family\s*:\s*([^;]+)", re.IGNORECASE)
URL = re.compile(r"""url\(\s*['"]?([^'")?#]+)""")
# A character in CSS: an escape (up to six hex digits, one optional space after), or itself.
CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})\s?")
HTML_REFERENCE = re.compile(r"&#(?:[xX]([0-9a-fA-F]+)|([0-9]+));")
# The icon fonts whose glyphs are cut: the names their @font-face rules give them.
ICON_FAMILIES = re.compile(r"Font\s*Awesome", re.IGNORECASE)


def private_use(code: int) -> bool:
    """True for a character of a private-use area, where icon fonts put their icons."""
    return 0xE000 <= code <= 0xF8FF or 0xF0000 <= code <= 0x10FFFD


def named_characters(css_texts: Iterable[str], page_texts: Iterable[str]) -> set[int]:
    """The private-use characters written in stylesheets (as escapes or themselves) or pages."""
    codes: set[int] = set()
    for css in css_texts:
        codes.update(int(digits, 16) for digits in CSS_ESCAPE.findall(css))
        codes.update(map(ord, css))
    for page in page_texts:
        codes.update(
            int(hexa or dec, 16 if hexa else 10) for hexa, dec in HTML_REFERENCE.findall(page)
        )
        codes.update(map(ord, page))
    return {code for code in codes if private_use(code)}


def icon_font_files(sheet: Path, css: str) -> set[Path]:
    """The existing font files that ``css`` (the text of ``sheet``) declares for an icon family."""
    files = set()
    for body in FONT_FACE.findall(css):
        family = FAMILY.search(body)
        if family is None or not ICON_FAMILIES.search(family.group(1).replace("\\", "")):
            continue
        for url in URL.findall(body):
            path = (sheet.parent / url.strip()).resolve()
            if path.is_file():
                files.add(path)
    return files


def cut_font(path: Path, codes: set[int]) -> int:
    """Rewrite the font file ``path`` in place with the glyphs of ``codes`` (those it has) only.

    The file keeps its format (woff2, woff or TrueType), its names (the licence is among
    them) and its OpenType features for the glyphs kept. Returns how many characters it kept.
    """
    options = subset.Options()
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.layout_features = ["*"]
    options.notdef_outline = True
    options.recalc_timestamp = False
    font = subset.load_font(str(path), options, dontLoadGlyphNames=True)
    options.flavor = font.flavor
    kept = codes & set(font.getBestCmap())
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=kept)
    subsetter.subset(font)
    subset.save_font(font, str(path), options)
    return len(kept)


def cut_icon_fonts(outdir: Path) -> dict[Path, int]:
    """Cut every icon font the built site at ``outdir`` declares; the glyphs each kept."""
    sheets = {
        sheet: sheet.read_text(encoding="utf-8")
        for sheet in sorted(outdir.rglob("*.css"))
        if sheet.relative_to(outdir).parts[0] != "_sources"
    }
    codes = named_characters(
        sheets.values(), (page.read_text(encoding="utf-8") for page in site_pages(outdir))
    )
    fonts = set().union(*(icon_font_files(sheet, css) for sheet, css in sheets.items()))
    return {path: cut_font(path, codes) for path in sorted(fonts)}


def _on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        cut_icon_fonts(Path(app.outdir))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the extension, after the theme's sheets are cut (priority 900)."""
    app.connect("build-finished", _on_build_finished, priority=905)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
