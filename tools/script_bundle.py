"""Sphinx extension: each page's deferred scripts served as one file.

A page's head names seven small scripts that set the page up once it has been parsed
(Sphinx's, the copy button's, the toggles', the tabs', the book theme's); the layout defers
them (``book/_templates/layout.html``). The browser still asks for each as soon as it reads
the head, and each request costs the page's main thread time before the first frame: on the
phone profile of ``bench/site.py``, served over http://127.0.0.1, a chapter's widget was
ready about 0.05 s sooner with none of the seven (the most that joining them can give).

Once the pages are written, each page's deferred scripts are joined, in their order, into
one file named by its parts, and the page names that file instead, where the first of them
stood. Deferred scripts run in order after parsing, each in the page's one global scope, so
one file of the same texts in the same order runs the same. Two things differ, and are
handled: a ``"use strict"`` at the top of a part would apply to those after it, so each part
starts after a ``;`` (and runs as the others do, in sloppy mode); and a part that reads its
own tag's attributes (``document.currentScript``, as sphinx-design's tabs do) finds them on
the joined tag, which carries every ``data-`` attribute of the parts (a page whose parts
disagree on one keeps its tags). The parts stay in the site, unchanged.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from built_pages import site_pages
from css_bundle import FOLDER, bundle_name, manifest, parts_of
from sphinx.application import Sphinx

PREFIX = "scripts-"
# A deferred external script, as the layout writes it: its attributes in any order.
DEFERRED = re.compile(r"<script\b(?P<attrs>[^>]*\bdefer\b[^>]*)>\s*</script>")
ATTR = re.compile(r'([\w-]+)(?:="([^"]*)")?')


def _attrs(text: str) -> dict[str, str]:
    return {name: value for name, value in ATTR.findall(text)}


def deferred_scripts(html: str) -> list[tuple[int, int, dict[str, str]]]:
    """The deferred external scripts in ``html``'s head: start, end and attributes of each."""
    head_end = max(html.find("</head>"), 0)
    found = []
    for match in DEFERRED.finditer(html, 0, head_end):
        attrs = _attrs(match["attrs"])
        others = set(attrs) - {"src", "defer"}
        if "src" in attrs and all(name.startswith("data-") for name in others):
            found.append((match.start(), match.end(), attrs))
    return found


def join_scripts(outdir: Path, paths: Sequence[str]) -> str:
    """The text of the bundle of ``paths`` (from the site's root): a manifest, then each part."""
    texts = [manifest(paths) + "\n"]
    for path in paths:
        text = (outdir / path).read_text(encoding="utf-8")
        # The ";" keeps a part's "use strict" from applying to the parts after it.
        texts.append(f";/* {path} */\n{text}\n")
    return "".join(texts)


def bundle_pages(outdir: Path) -> dict[str, list[str]]:
    """Join each built page's deferred scripts into one shared file; return the files' parts.

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
        html = page.read_text(encoding="utf-8")
        scripts = deferred_scripts(html)
        if len(scripts) < 2:
            continue
        data: dict[str, str] = {}
        wanted = [(k, v) for *_, a in scripts for k, v in a.items() if k.startswith("data-")]
        if any(data.setdefault(k, v) != v for k, v in wanted):
            continue  # two parts want different values of one attribute on their tag
        rel_dir = page.parent.relative_to(outdir).as_posix()
        paths = [
            posixpath.normpath(posixpath.join(rel_dir, a["src"].split("?")[0])) for *_, a in scripts
        ]
        name = bundle_name(paths, PREFIX, ".js")
        if not (outdir / name).exists():  # the parts, for the pass below to join
            (outdir / name).write_text(manifest(paths) + "\n", encoding="utf-8")
        extra = "".join(f' {k}="{v}"' for k, v in data.items())
        tag = f'<script defer src="{posixpath.relpath(name, rel_dir)}"{extra}></script>'
        for start, end, _ in reversed(scripts[1:]):
            html = html[:start] + html[end:]
        html = html[: scripts[0][0]] + tag + html[scripts[0][1] :]
        page.write_text(html, encoding="utf-8")

    # Every bundle in the site, new or named by a page an earlier build wrote, from the
    # parts this build has just copied.
    bundles = {}
    for bundle in sorted((outdir / FOLDER).glob(f"{PREFIX}*.js")):
        paths = parts_of(bundle.read_text(encoding="utf-8"))
        bundle.write_text(join_scripts(outdir, paths), encoding="utf-8")
        bundles[bundle.relative_to(outdir).as_posix()] = paths
    return bundles


def _on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    bundle_pages(Path(app.outdir))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the extension, after the stylesheets are joined (950)."""
    app.connect("build-finished", _on_build_finished, priority=955)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
