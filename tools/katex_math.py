"""Sphinx math renderer: KaTeX at build time, so the book's pages carry no math engine.

Each formula (inline, display, and LaTeX outputs of notebook cells) is typeset once, while
the page is written, by KaTeX running in Node.js (``tools/katex-render.js``, over a pipe).
The page receives KaTeX's HTML, drawn with KaTeX's stylesheet and fonts, and the same
formula as MathML, which screen readers read. The stylesheet is linked from pages that
have math only. TeX that KaTeX cannot typeset is a build warning (the build runs with
``-W``, so it fails) and the page keeps the TeX as text: nothing is dropped quietly.

Configuration: ``katex_css`` is the stylesheet's path as Sphinx takes ``html_css_files``
entries (relative to ``_static``); ``tools/vendor_assets.py`` puts KaTeX there.
"""

from __future__ import annotations

import html
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.locale import _
from sphinx.util import logging
from sphinx.util.math import get_node_equation_number
from sphinx.writers.html5 import HTML5Translator

RENDERER = "katex_prerender"
SCRIPT = Path(__file__).with_name("katex-render.js")
logger = logging.getLogger(__name__)


class KatexProcess:
    """One long-lived Node.js process that typesets TeX on request, with a cache."""

    def __init__(self, script: Path = SCRIPT) -> None:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("katex_math: Node.js (`node`) is not on PATH; install nodejs")
        self._process = subprocess.Popen(
            [node, str(script)],
            cwd=script.parent,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self._pid = os.getpid()
        self._cache: dict[tuple[str, bool], dict[str, Any]] = {}

    @property
    def usable(self) -> bool:
        """Whether this process may use the pipe (not after a fork) and Node is alive."""
        return self._pid == os.getpid() and self._process.poll() is None

    def render(self, tex: str, display: bool) -> dict[str, Any]:
        """Return KaTeX's answer for ``tex``: ``{"html": ...}`` or ``{"error": ...}``."""
        key = (tex, display)
        if key not in self._cache:
            assert self._process.stdin is not None and self._process.stdout is not None
            self._process.stdin.write(json.dumps({"tex": tex, "display": display}) + "\n")
            self._process.stdin.flush()
            answer = self._process.stdout.readline()
            if not answer:
                raise RuntimeError(f"katex_math: Node.js stopped while typesetting {tex!r}")
            self._cache[key] = json.loads(answer)
        return self._cache[key]

    def close(self) -> None:
        """End the Node.js process."""
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=30)


_process: KatexProcess | None = None


def typeset(tex: str, display: bool, node: nodes.Node) -> str:
    """KaTeX's HTML+MathML for ``tex``; on failure, a build warning and the TeX as text."""
    global _process
    if _process is None or not _process.usable:
        _process = KatexProcess()
    answer = _process.render(tex, display)
    for warning in answer.get("warnings", []):
        logger.warning("math %r: %s", tex, warning, location=node)
    if "error" in answer:
        logger.warning("math %r cannot be typeset: %s", tex, answer["error"], location=node)
        return html.escape(tex)
    return str(answer["html"])


def display_tex(node: nodes.math_block) -> str:
    """The TeX of a display block, assembled as Sphinx's MathJax renderer does.

    Blocks written with their own environment (``nowrap``, e.g. amsmath's ``align``) are
    taken as they are; otherwise equations separated by blank lines are aligned, and an
    equation with line breaks is a ``split``.
    """
    if node["nowrap"]:
        return node.astext()
    parts = [part for part in node.astext().split("\n\n") if part.strip()]
    wrapped = [rf"\begin{{split}}{part}\end{{split}}" if r"\\" in part else part for part in parts]
    if len(wrapped) > 1:
        return r"\begin{aligned}" + r"\\".join(wrapped) + r"\end{aligned}"
    return wrapped[0] if wrapped else ""


def visit_math(self: HTML5Translator, node: nodes.math) -> None:
    """Inline math: ``<span class="math">`` holding KaTeX's output."""
    self.body.append(self.starttag(node, "span", "", CLASS="math notranslate nohighlight"))
    self.body.append(typeset(node.astext(), False, node))
    self.body.append("</span>")
    raise nodes.SkipNode


def visit_displaymath(self: HTML5Translator, node: nodes.math_block) -> None:
    """Display math: ``<div class="math">``, its equation number, and KaTeX's output."""
    self.body.append(self.starttag(node, "div", CLASS="math notranslate nohighlight"))
    if node["number"]:
        number = get_node_equation_number(self, node)
        self.body.append(f'<span class="eqno">({number})')
        self.add_permalink_ref(node, _("Link to this equation"))
        self.body.append("</span>")
    self.body.append(typeset(display_tex(node), True, node))
    self.body.append("</div>\n")
    raise nodes.SkipNode


def add_stylesheet(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Link KaTeX's stylesheet from pages that have math (as Sphinx does for MathJax)."""
    if getattr(app.builder, "math_renderer_name", None) != RENDERER:
        return
    domain = app.env.get_domain("math")
    if domain.has_equations(pagename):  # type: ignore[attr-defined]
        app.add_css_file(app.config.katex_css)


def stop(app: Sphinx, exception: Exception | None) -> None:
    """End the Node.js process when the build ends."""
    global _process
    if _process is not None and _process.usable:
        _process.close()
    _process = None


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the renderer (select it with ``html_math_renderer = "katex_prerender"``)."""
    app.add_html_math_renderer(RENDERER, (visit_math, None), (visit_displaymath, None))
    app.add_config_value("katex_css", "katex/katex.min.css", "html")
    app.connect("html-page-context", add_stylesheet)
    app.connect("build-finished", stop)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
