"""Sphinx extension: each page's stylesheets served as one file, joined by esbuild.

A page links a dozen stylesheets (the theme's, its extensions', KaTeX's, the site's own). The
browser fetches, parses and indexes each before it draws the first frame and before the
parser may run the page's scripts, so a dozen small files cost more than one file of the
same rules: a chapter's widget appeared about a quarter sooner with one (``bench/site.py``).
Once the pages are written, and the theme's sheets cut (``tools/theme_css.py``, which this
must follow), the stylesheets a page links are joined, in the page's order, into one file
named by its parts, and the page links that file instead. Pages that link the same sheets
share one file (on this site: pages with math, which also link KaTeX's sheet, and pages
without). Only a run of plain ``<link>`` tags with nothing but space between them is joined.

The joining is esbuild's (``tools/css-bundle.mjs``, run with Node.js): it puts each sheet's
``@import`` rules in their place, keeps the cascade's order and minifies; each ``url(...)``
is rewritten for the bundle's folder. Each bundle starts with a comment naming its parts.
The parts stay in the site, unchanged, for anything else that links them.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from built_pages import site_pages
from sphinx.application import Sphinx

FOLDER = "_static"
PREFIX = "bundle-"
SCRIPT = Path(__file__).with_name("css-bundle.mjs")
# A stylesheet link in a page's head; its attributes in any order.
LINK = re.compile(r"<link\b([^>]*)/?>")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
# A url() in a stylesheet, quoted or not (tests/book/test_site_static.py checks each names a file).
URL = re.compile(r"""url\(\s*(?P<q>['"]?)(?P<url>[^'")]*)(?P=q)\s*\)""")
MANIFEST = re.compile(r"^/\* parts: (.*?) \*/")


def _split_query(url: str) -> tuple[str, str, str]:
    """``url`` as its path, the first ``?`` or ``#`` and what follows it."""
    cut = min((i for i in (url.find("?"), url.find("#")) if i != -1), default=len(url))
    return url[:cut], url[cut : cut + 1], url[cut + 1 :]


def join_sheets(outdir: Path, bundles: Mapping[str, Sequence[str]]) -> None:
    """Write each bundle of ``bundles`` from its parts with esbuild.

    Parameters
    ----------
    outdir : pathlib.Path
        The built site; every path is from its root.
    bundles : mapping
        Each bundle's path, with the paths of the sheets it joins, in the cascade's order.

    Raises
    ------
    RuntimeError
        If Node.js is missing, or esbuild cannot join the sheets (its message included).

    """
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("css_bundle: Node.js (`node`) is not on PATH; install nodejs")
    request = {"root": str(outdir), "bundles": {k: list(v) for k, v in bundles.items()}}
    done = subprocess.run(
        [node, str(SCRIPT)],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        cwd=SCRIPT.parent,
        check=False,
    )
    if done.returncode != 0 or done.stderr.strip():
        raise RuntimeError(f"css_bundle: esbuild could not join the sheets:\n{done.stderr}")


def manifest(paths: Sequence[str]) -> str:
    """A bundle's first line: the comment naming its parts, which :func:`parts_of` reads."""
    return f"/* parts: {' '.join(paths)} */"


def parts_of(bundle: str) -> list[str]:
    """The part paths a bundle names in its first comment, in order."""
    match = MANIFEST.match(bundle)
    if match is None:
        raise ValueError("not a bundle: its first line names no parts")
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


def bundle_name(paths: Sequence[str], prefix: str = PREFIX, suffix: str = ".css") -> str:
    """The bundle's path from the site's root: named by its parts, so it is the same across
    builds and a page written by an earlier build still links the current rules (or scripts:
    ``tools/script_bundle.py`` names its bundles the same way)."""
    digest = hashlib.sha256("\n".join(paths).encode()).hexdigest()[:16]
    return f"{FOLDER}/{prefix}{digest}{suffix}"


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
    for page in site_pages(outdir):
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
                bundle.write_text(manifest(paths) + "\n", encoding="utf-8")
            href = posixpath.relpath(name, rel_dir)
            link = f'<link rel="stylesheet" type="text/css" href="{href}" />'
            html = html[: run[0][0]] + link + html[run[-1][1] :]
        if runs:
            page.write_text(html, encoding="utf-8")

    bundles = {
        bundle.relative_to(outdir).as_posix(): parts_of(bundle.read_text(encoding="utf-8"))
        for bundle in sorted((outdir / FOLDER).glob(f"{PREFIX}*.css"))
    }
    join_sheets(outdir, bundles)
    return bundles


def _on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    bundle_pages(Path(app.outdir))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the extension, after the theme's sheets are cut (priority 900)."""
    app.connect("build-finished", _on_build_finished, priority=950)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
