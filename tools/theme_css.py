"""Sphinx extension: the theme's stylesheets cut down to the rules the site can use.

The pydata theme ships all of Bootstrap (397 KB of CSS), and sphinx-design and myst-nb add
100 KB more; every page must download, parse and match all of it before its first frame,
the frame in which a chapter's widget first appears. Once the pages are written, each of
those sheets is rewritten in place with only the rules whose class and id names occur in
the built site: in a page, in one of the theme's scripts (which add classes such as
``show`` at run time) or in the widget loader. This is how PurgeCSS decides too: a name the
site never writes cannot be on any element, so a rule that needs it can never apply.

A selector is kept when in doubt: names inside ``:not(...)`` are not required (the rule
applies without them), and a selector with ``:is``, ``:where``, ``:has`` or an escaped
name is always kept. At-rules that hold rules (``@media``, ``@supports``, ...) are cut the
same way and dropped when empty; the others (``@font-face``, ``@keyframes``) stay whole.

PurgeCSS itself (npm) was tried on the same sheets and site: it also drops rules that do
apply here, among them the theme's ``:focus-visible`` outline and myst-nb's
``.cell_output .output.text_plain:not(:has(.highlight))``, so this cut stays the project's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import tinycss2
from sphinx.application import Sphinx

# Sheets to cut, as globs under the output folder's _static/.
SHEETS = ("styles/pydata-sphinx-theme.css", "sphinx-design.min.css", "mystnb.*.css")
# What can put a class or id on an element: the pages and the scripts they run.
CONTENT = ("**/*.html", "_static/**/*.js", "vendor/widget-loader.js")
SKIPPED_DIRS = ("_sources", "_images")
GROUPING_AT_RULES = {"media", "supports", "layer", "container", "document"}
TOKEN = re.compile(r"[A-Za-z0-9_-]+")
CLASS_OR_ID = re.compile(r"[.#](-?[_A-Za-z][\w-]*)")
ALWAYS_KEEP = re.compile(r":(?:is|where|has|matches|-webkit-any)\(|\\")
SOURCE_MAP = re.compile(r"/\*# sourceMappingURL=[^*]*\*/")


def site_tokens(outdir: Path) -> set[str]:
    """Every word-like token in the built pages and the scripts they load."""
    tokens: set[str] = set()
    for pattern in CONTENT:
        for path in outdir.glob(pattern):
            if any(part in SKIPPED_DIRS for part in path.relative_to(outdir).parts):
                continue
            tokens.update(TOKEN.findall(path.read_text(encoding="utf-8", errors="replace")))
    return tokens


def _without_groups(selector: str, name: str) -> str:
    """``selector`` with every ``:name(...)`` group removed, nested parentheses included."""
    opener = f":{name}("
    while (start := selector.find(opener)) != -1:
        depth, end = 0, start + len(opener) - 1
        for end in range(start + len(opener) - 1, len(selector)):
            depth += {"(": 1, ")": -1}.get(selector[end], 0)
            if depth == 0:
                break
        selector = selector[:start] + selector[end + 1 :]
    return selector


def selector_can_match(selector: str, tokens: set[str]) -> bool:
    """True unless ``selector`` needs a class or id that the site never writes."""
    if ALWAYS_KEEP.search(selector):
        return True
    # Attribute selectors and strings may hold dots and hashes that are not names.
    bare = re.sub(r"\[[^\]]*\]", "", _without_groups(selector, "not"))
    return all(name in tokens for name in CLASS_OR_ID.findall(bare))


def _split_selectors(prelude: str) -> list[str]:
    """The comma-separated selectors of a rule's prelude (commas in parentheses kept)."""
    parts, depth, current = [], 0, []
    for char in prelude:
        depth += {"(": 1, ")": -1, "[": 1, "]": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return [part.strip() for part in parts if part.strip()]


def cut_rules(rules: Iterable[Any], tokens: set[str]) -> str:
    """Serialise ``rules`` (tinycss2 nodes), keeping only what can apply to the site."""
    out = []
    for rule in rules:
        if rule.type == "qualified-rule":
            kept = [
                s
                for s in _split_selectors(tinycss2.serialize(rule.prelude))
                if selector_can_match(s, tokens)
            ]
            if kept:
                out.append(f"{','.join(kept)}{{{tinycss2.serialize(rule.content)}}}")
        elif rule.type == "at-rule" and rule.lower_at_keyword in GROUPING_AT_RULES and rule.content:
            inner = cut_rules(
                tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True),
                tokens,
            )
            if inner:
                out.append(f"@{rule.at_keyword}{tinycss2.serialize(rule.prelude)}{{{inner}}}")
        elif rule.type == "comment" and rule.value.startswith("!"):
            out.append(f"/*{rule.value}*/")  # licence notices stay
        elif rule.type == "at-rule":
            out.append(tinycss2.serialize([rule]))
    return "".join(out)


def cut_stylesheet(css: str, tokens: set[str]) -> str:
    """``css`` with the rules that cannot apply to the site removed."""
    rules = tinycss2.parse_stylesheet(
        SOURCE_MAP.sub("", css), skip_comments=False, skip_whitespace=True
    )
    return cut_rules(rules, tokens)


def cut_theme_sheets(app: Sphinx, exception: Exception | None) -> None:
    """Rewrite the theme's sheets in the built site (``build-finished``)."""
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    tokens = site_tokens(outdir)
    for pattern in SHEETS:
        for sheet in (outdir / "_static").glob(pattern):
            sheet.write_text(cut_stylesheet(sheet.read_text(encoding="utf-8"), tokens), "utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the extension."""
    app.connect("build-finished", cut_theme_sheets, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
