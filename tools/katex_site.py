"""Sphinx extension: the site's settings around sphinxcontrib-katex, which typesets the math.

sphinxcontrib-katex (``html_math_renderer = "katex"`` with ``katex_prerender = True``) runs
KaTeX in Node.js while the pages are written, so a page receives each formula as KaTeX's
HTML and as MathML (which screen readers read) and loads no math engine. Three things the
package leaves to its user are set here:

- the KaTeX it runs is the one pinned in ``package.json``, whose stylesheet and fonts
  ``tools/vendor_assets.py`` serves, rather than the copy inside the Python package;
- TeX that KaTeX cannot typeset, or that LaTeX itself would refuse, stops the build with
  KaTeX's message: prerendering ignores ``katex_options`` and by default draws bad TeX in
  red on the page, which nothing would notice;
- KaTeX's stylesheet is linked from pages that have math only, and the package's own
  ``katex-math.css`` from none: ``book/_static/site.css`` lays out display math for this
  theme (one sideways scroller per formula), and the package's rules would add a second.

Its server is also started more patiently: the package connects once the server's socket file
exists, but Node.js creates the file a moment before it listens on it, and on a loaded machine
that connection can be refused; :func:`_start_server` tries again until the timeout.
"""

from __future__ import annotations

import posixpath
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import sphinxcontrib.katex as katex
from sphinx.application import Sphinx
from sphinx.config import Config

KATEX_JS = Path(__file__).resolve().parents[1] / "node_modules" / "katex" / "dist" / "katex.min.js"
# The options KaTeX gets for every formula; prerendering reads these and nothing else.
OPTIONS = {"throwOnError": True, "strict": "error", "output": "htmlAndMathml", "trust": False}
# The package waits 5 s for Node.js to start and for each formula; a build on a loaded machine
# (CI runs the book beside the tests) must not fail for a slow start.
TIMEOUT_S = 60.0


def _use_pinned_katex(app: Sphinx, config: Config) -> None:
    if not KATEX_JS.is_file():
        raise FileNotFoundError(f"katex_site: no {KATEX_JS}; run `npm ci` first")
    config.katex_js_path = str(KATEX_JS)


def sheets_for_page(sheets: list[Any], has_math: bool, katex_css: str) -> list[Any]:
    """The stylesheets a page links: the package's own sheet never, KaTeX's with math only.

    Parameters
    ----------
    sheets : list
        Sphinx's stylesheet entries for the page, each with a ``filename`` from the site's
        root (``_static/...``).
    has_math : bool
        Whether the page has any formula.
    katex_css : str
        KaTeX's stylesheet as configured (``katex_css_path``, from ``_static``).

    Returns
    -------
    list
        ``sheets`` in their order, without those the page does not need.
    """
    unwanted = [katex.filename_css] + ([] if has_math else [katex_css])
    drop = {posixpath.normpath(posixpath.join("_static", name)) for name in unwanted}
    return [s for s in sheets if posixpath.normpath(str(getattr(s, "filename", s))) not in drop]


def _page_sheets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if "css_files" not in context:
        return
    has_math = app.env.get_domain("math").has_equations(pagename)  # type: ignore[attr-defined]
    # In place: the theme's own handlers add to this list (Sphinx restores it for each page).
    context["css_files"][:] = sheets_for_page(
        context["css_files"], has_math, app.config.katex_css_path
    )


def _start_server(
    cls: type[katex.KaTeXServer], rundir: Path, timeout: float
) -> tuple[subprocess.Popen[bytes], socket.socket]:
    """Start the package's KaTeX server on a Unix socket, as it does, and connect when it listens.

    The package's own ``start_server_process`` connects once, as soon as the socket file
    exists; this one retries a refused connection (the server has bound but not yet listened)
    until ``timeout`` seconds have passed since the start.
    """
    socket_path = rundir / "katex.sock"
    process = subprocess.Popen(
        cls.build_command(socket=socket_path),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=rundir,
    )
    deadline = time.monotonic() + timeout
    while True:
        if time.monotonic() > deadline or process.poll() is not None:
            process.kill()
            raise cls.timeout_error(timeout)
        if socket_path.is_socket():
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.settimeout(max(deadline - time.monotonic(), 0.001))
                sock.connect(str(socket_path))
            except (ConnectionRefusedError, FileNotFoundError):
                sock.close()  # bound, not yet listening: try again
            except TimeoutError:
                sock.close()
                process.kill()
                raise cls.timeout_error(timeout) from None
            else:
                sock.settimeout(None)
                return process, sock
        time.sleep(0.005)


def use_site_options() -> None:
    """Have the package's server run the pinned KaTeX with the site's :data:`OPTIONS`."""
    katex.KATEX_DEFAULT_OPTIONS.clear()
    katex.KATEX_DEFAULT_OPTIONS.update(OPTIONS)
    katex.KaTeXServer.katex_path = str(KATEX_JS)
    katex.STARTUP_TIMEOUT = katex.RENDER_TIMEOUT = TIMEOUT_S
    katex.KaTeXServer.start_server_process = classmethod(_start_server)  # type: ignore[method-assign]


def typeset(tex: str, display: bool) -> str:
    """KaTeX's HTML and MathML for ``tex``, outside a Sphinx build too (the slides).

    Raises
    ------
    sphinxcontrib.katex.KaTeXError
        If KaTeX cannot typeset ``tex``, or LaTeX would refuse it.
    """
    use_site_options()
    return str(katex.render_latex(tex, {"displayMode": display}))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the settings; sphinxcontrib-katex must be loaded too."""
    app.setup_extension("sphinxcontrib.katex")
    use_site_options()
    app.connect("config-inited", _use_pinned_katex)
    app.connect("html-page-context", _page_sheets)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
