"""The build's math (sphinxcontrib-katex, set up by tools/katex_site.py): KaTeX in Node.js.

Runs the package's real Node.js server, with the KaTeX pinned in package.json and the site's
options, on small inputs; no Sphinx build is needed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import katex_site
import pytest
import sphinxcontrib.katex as katex


@pytest.fixture(scope="module", autouse=True)
def site_katex() -> None:
    katex_site.use_site_options()


def test_the_server_runs_the_katex_pinned_in_package_json() -> None:
    command = katex.KaTeXServer.build_command(socket="s")
    target = Path(katex.SRC_DIR, command[command.index("--katex") + 1] + ".js").resolve()
    assert target == katex_site.KATEX_JS
    assert katex.render_latex("x").count('<span class="katex">') == 1


def test_inline_formula_has_a_drawing_and_mathml_with_its_tex() -> None:
    html = katex.render_latex(r"\log_2(i+1)")
    assert html.startswith('<span class="katex">')
    assert '<span class="katex-html" aria-hidden="true">' in html
    assert '<annotation encoding="application/x-tex">\\log_2(i+1)</annotation>' in html
    assert "katex-display" not in html


def test_display_formula_is_a_display_block() -> None:
    html = katex_site.typeset(r"\sum_{i=1}^{k} r_i", display=True)
    assert html.startswith('<span class="katex-display">')
    assert 'display="block"' in html


def test_invalid_tex_stops_the_build_instead_of_drawing_it_in_red() -> None:
    with pytest.raises(katex.KaTeXError) as error:
        katex.render_latex(r"\frac{1}{")
    assert str(error.value) == (
        "KaTeX parse error: Unexpected end of input in a macro argument, "
        "expected '}' at end of input: \\frac{1}{"
    )


def test_tex_that_latex_would_refuse_stops_the_build() -> None:
    with pytest.raises(katex.KaTeXError, match="unicodeTextInMathMode"):
        katex.render_latex("x \u00e9 y")


class Sheet:
    def __init__(self, filename: str) -> None:
        self.filename = filename


@pytest.mark.parametrize(
    ("has_math", "want"),
    [
        (True, ["_static/theme.css", "_static/../vendor/katex/katex.min.css", "_static/site.css"]),
        (False, ["_static/theme.css", "_static/site.css"]),
    ],
)
def test_katex_stylesheet_only_on_pages_with_math_and_the_packages_sheet_never(
    has_math: bool, want: list[str]
) -> None:
    # As Sphinx 7 gives them: each from the site's root, through _static.
    names = ["theme.css", "../vendor/katex/katex.min.css", katex.filename_css, "site.css"]
    sheets = [Sheet(f"_static/{name}") for name in names]
    sheets = katex_site.sheets_for_page(sheets, has_math, "../vendor/katex/katex.min.css")
    assert [sheet.filename for sheet in sheets] == want


# A server that binds its socket, waits, and only then listens: the moment in which the
# package's own start (one connection attempt) is refused on a loaded machine.
_SLOW_SERVER = """
import socket, sys, time
server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
server.bind(sys.argv[1])
time.sleep(0.5)
server.listen()
connection, _ = server.accept()
connection.sendall(b"ready")
time.sleep(5)
"""


def test_the_server_is_connected_to_once_it_listens_not_when_its_socket_appears(tmp_path):
    class SlowServer(katex.KaTeXServer):
        @classmethod
        def build_command(cls, socket=None, port=None):
            return [sys.executable, "-c", _SLOW_SERVER, str(socket)]

    katex_site.use_site_options()
    process, sock = SlowServer.start_server_process(tmp_path, 30.0)
    try:
        assert sock.recv(5) == b"ready"
    finally:
        sock.close()
        process.kill()
        process.wait()
