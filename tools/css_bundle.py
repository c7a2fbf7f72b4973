"""Sphinx extension: each page's stylesheets served as one file.

A page links a dozen stylesheets (the theme's, its extensions', KaTeX's, the site's own). The
browser fetches, parses and indexes each before it draws the first frame and before the
parser may run the page's scripts, so a dozen small files cost more than one file of the
same rules: a chapter's widget appeared about a quarter sooner with one (``bench/site.py``).
Once the pages are written, and the theme's sheets cut (``tools/theme_css.py``, which this
must follow), the stylesheets a page links are joined, in the page's order, into one file
named by its parts, with each ``url(...)`` rewritten for the file's folder, and the page
links that file instead. Pages that link the same sheets share one file (on this site: pages
with math, which also link KaTeX's sheet, and pages without). The cascade is unchanged: the
rules come in the same order, a sheet's leading ``@import`` is replaced by the sheet it
imports (as a browser would place its rules), and only a run of plain ``<link>`` tags with
nothing but space between them is joined. Each file starts with a comment naming its parts.

The parts stay in the site, unchanged, for anything else that links them.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

FOLDER = "_static"
PREFIX = "bundle-"
# A stylesheet link in a page's head; its attributes in any order.
LINK = re.compile(r"<link\b([^>]*)/?>")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
URL = re.compile(r"""url\(\s*(?P<q>['"]?)(?P<url>[^'")]*)(?P=q)\s*\)""")
SOURCE_MAP = re.compile(r"/\*# sourceMappingURL=[^*]*\*/")
CHARSET = re.compile(r'^\s*@charset\s+"[^"]*";', re.IGNORECASE)
# An @import at a sheet's start, with no media list: its sheet is put in its place.
LEADING_IMPORT = re.compile(
    r"""^\s*(?:/\*.*?\*/\s*)*@import\s+(?:url\(\s*)?(['"])(?P<url>[^'"]+)\1\s*\)?\s*;""", re.DOTALL
)
IMPORT = re.compile(r"@import\b", re.IGNORECASE)
MANIFEST = re.compile(r"^/\* parts: (.*?) \*/")


def _split_query(url: str) -> tuple[str, str, str]:
    """``url`` as its path, the first ``?`` or ``#`` and what follows it."""
    cut = min((i for i in (url.find("?"), url.find("#")) if i != -1), default=len(url))
    return url[:cut], url[cut : cut + 1], url[cut + 1 :]


def rebase_urls(css: str, part_dir: str, bundle_dir: str) -> str:
    """``css`` with each relative ``url(...)`` made relative to ``bundle_dir`` instead.

    Parameters
    ----------
    css : str
        A stylesheet that lived in ``part_dir``.
    part_dir, bundle_dir : str
        Folders relative to the site's root, with ``/`` separators.

    Returns
    -------
    str
        The same rules; data, absolute, root-relative and fragment URLs are left as they are.

    """

    def rebase(match: re.Match[str]) -> str:
        url = match["url"]
        if not url or url.startswith(("data:", "#", "/")) or "://" in url:
            return match[0]
        path, sep, tail = _split_query(url)
        target = posixpath.normpath(posixpath.join(part_dir, path))
        return f'url("{posixpath.relpath(target, bundle_dir)}{sep}{tail}")'

    return URL.sub(rebase, css)


def _inline(path: str, read: Callable[[str], str], bundle_dir: str, seen: tuple[str, ...]) -> str:
    """The sheet at ``path``, its leading imports in their place, URLs rebased."""
    if path in seen:
        raise ValueError(f"{path}: imports itself through {' -> '.join(seen)}")
    css = CHARSET.sub("", SOURCE_MAP.sub("", read(path)))
    out = []
    while (match := LEADING_IMPORT.match(css)) is not None:
        imported = posixpath.normpath(posixpath.join(posixpath.dirname(path), match["url"]))
        out.append(_inline(imported, read, bundle_dir, (*seen, path)))
        css = css[match.end() :]
    if IMPORT.search(css):
        raise ValueError(
            f"{path}: an @import with a media list, or after a rule, cannot be joined;"
            " link that sheet on its own"
        )
    out.append(rebase_urls(css, posixpath.dirname(path), bundle_dir))
    return "\n".join(out)


def join_sheets(paths: Sequence[str], read: Callable[[str], str], bundle_dir: str = FOLDER) -> str:
    """One stylesheet of the sheets at ``paths`` (from the site's root), in their order.

    Parameters
    ----------
    paths : sequence of str
        The parts, as paths from the site's root.
    read : callable
        Gives a part's text from its path.
    bundle_dir : str, default "_static"
        The folder the joined sheet is served from.

    Returns
    -------
    str
        A first comment naming the parts, then each part's rules with its leading
        ``@import`` rules replaced by the sheets they import.

    Raises
    ------
    ValueError
        If a part has any other ``@import``, or imports itself.

    """
    body = [_inline(path, read, bundle_dir, ()) for path in paths]
    return "\n".join([_manifest(paths), *body]) + "\n"


def _manifest(paths: Sequence[str]) -> str:
    """A bundle's first line: the comment naming its parts, which :func:`parts_of` reads."""
    return f"/* parts: {' '.join(paths)} */"


def parts_of(bundle: str) -> list[str]:
    """The part paths a bundle names in its first comment, in order."""
    match = MANIFEST.match(bundle)
    if match is None:
        raise ValueError("not a stylesheet bundle: its first line names no parts")
    return match[1].split(" ")


def _stylesheet_href(tag: str) -> str | None:
    """The href of a plain stylesheet link (no media, title or other rel), else None."""
    attrs = dict(ATTR.findall(tag))
    if attrs.get("rel") != "stylesheet" or set(attrs) - {"rel", "type", "href"}:
        return None
    if attrs.get("type", "text/css") != "text/css":
        return None
    return attrs.get("href")


def link_runs(html: str) -> list[list[tuple[int, int, str]]]:
    """Runs of two or more stylesheet links in ``html``'s head with only space between.

    Each link is given as its start and end offsets and its href.
    """
    head_end = html.find("</head>")
    runs: list[list[tuple[int, int, str]]] = []
    for match in LINK.finditer(html, 0, max(head_end, 0)):
        href = _stylesheet_href(match[0])
        if href is None:
            continue
        link = (match.start(), match.end(), href)
        if runs and not html[runs[-1][-1][1] : match.start()].strip():
            runs[-1].append(link)
        else:
            runs.append([link])
    return [run for run in runs if len(run) > 1]


def bundle_name(paths: Sequence[str]) -> str:
    """The bundle's path from the site's root: named by its parts, so it is the same across
    builds and a page written by an earlier build still links the current rules."""
    digest = hashlib.sha256("\n".join(paths).encode()).hexdigest()[:16]
    return f"{FOLDER}/{PREFIX}{digest}.css"


def bundle_pages(outdir: Path) -> dict[str, list[str]]:
    """Join each built page's stylesheets into one shared file; return the files' parts.

    Pages this build wrote link their bundle instead of their sheets; then every bundle in
    the site, new or linked by a page an earlier build wrote, is written again from its
    parts, which this build has just copied (and cut).

    Parameters
    ----------
    outdir : pathlib.Path
        The built site.

    Returns
    -------
    dict
        Each bundle's path from the site's root, with the parts it joins.

    """
    for page in sorted(outdir.rglob("*.html")):
        rel_dir = page.parent.relative_to(outdir).as_posix()
        html = page.read_text(encoding="utf-8")
        runs = link_runs(html)
        for run in reversed(runs):  # from the end, so earlier offsets stay valid
            paths = [
                posixpath.normpath(posixpath.join(rel_dir, _split_query(h)[0])) for *_, h in run
            ]
            name = bundle_name(paths)
            bundle = outdir / name
            if not bundle.exists():  # the parts, for the pass below to join
                bundle.write_text(_manifest(paths) + "\n", encoding="utf-8")
            href = posixpath.relpath(name, rel_dir)
            link = f'<link rel="stylesheet" type="text/css" href="{href}" />'
            html = html[: run[0][0]] + link + html[run[-1][1] :]
        if runs:
            page.write_text(html, encoding="utf-8")

    def read(path: str) -> str:
        return (outdir / path).read_text(encoding="utf-8")

    bundles = {}
    for bundle in sorted((outdir / FOLDER).glob(f"{PREFIX}*.css")):
        parts = parts_of(bundle.read_text(encoding="utf-8"))
        bundle.write_text(join_sheets(parts, read), encoding="utf-8")
        bundles[bundle.relative_to(outdir).as_posix()] = parts
    return bundles


def _on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    bundle_pages(Path(app.outdir))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the extension, after the theme's sheets are cut (priority 900)."""
    app.connect("build-finished", _on_build_finished, priority=950)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
