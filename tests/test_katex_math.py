"""The build's math renderer (tools/katex_math.py): KaTeX in Node.js, HTML plus MathML.

Runs the real Node.js process on small inputs; no Sphinx build is needed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from docutils import nodes

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import katex_math  # noqa: E402


@pytest.fixture(scope="module")
def katex():
    process = katex_math.KatexProcess()
    yield process
    process.close()


def test_inline_formula_has_a_drawing_and_mathml_with_its_tex(katex) -> None:
    answer = katex.render(r"\log_2(i+1)", display=False)
    assert set(answer) == {"html"}
    html = answer["html"]
    assert html.startswith('<span class="katex">')
    assert '<span class="katex-html" aria-hidden="true">' in html
    assert '<annotation encoding="application/x-tex">\\log_2(i+1)</annotation>' in html
    assert "katex-display" not in html


def test_display_formula_is_a_display_block(katex) -> None:
    html = katex.render(r"\sum_{i=1}^{k} r_i", display=True)["html"]
    assert html.startswith('<span class="katex-display">')
    assert 'display="block"' in html


def test_invalid_tex_is_an_error_not_a_silent_fallback(katex) -> None:
    answer = katex.render(r"\frac{1}{", display=False)
    assert set(answer) == {"error"}
    assert answer["error"] == (
        "KaTeX parse error: Unexpected end of input in a macro argument, "
        "expected '}' at end of input: \\frac{1}{"
    )


def test_tex_that_latex_would_refuse_is_reported(katex) -> None:
    answer = katex.render("x \u00e9 y", display=False)
    assert answer["warnings"] == [
        'unicodeTextInMathMode: Accented Unicode text character "\u00e9" used in math mode'
    ]
    assert "html" in answer


def test_answers_are_cached(katex) -> None:
    first = katex.render("a+b", display=False)
    assert katex.render("a+b", display=False) is first


@pytest.mark.parametrize(
    ("text", "nowrap", "want"),
    [
        ("g(r) = 2^r - 1", False, "g(r) = 2^r - 1"),
        ("a = b\n\nc = d", False, r"\begin{aligned}a = b\\c = d\end{aligned}"),
        (r"a = b \\ c = d", False, r"\begin{split}a = b \\ c = d\end{split}"),
        (r"\begin{align}a &= b\end{align}", True, r"\begin{align}a &= b\end{align}"),
    ],
)
def test_display_blocks_are_assembled_as_sphinx_does(text: str, nowrap: bool, want: str) -> None:
    node = nodes.math_block(text, text, nowrap=nowrap, number=None)
    assert katex_math.display_tex(node) == want
