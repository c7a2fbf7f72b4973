"""The evaluation page's source (book/evaluate.md): the tool comes first, its explanations after.

A practitioner opens the page to evaluate a run: the inputs must be on the first screen, not
three screens down under prose (five on a phone).
"""

from __future__ import annotations

from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "book" / "evaluate.md"


def test_the_tool_comes_before_any_section_of_explanation():
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    tool = next(n for n, line in enumerate(lines) if 'id="evaluate-app"' in line)
    first_section = next(n for n, line in enumerate(lines) if line.startswith("## "))
    assert tool < first_section
    assert tool < 12  # the title and one short paragraph above it
    headings = [line for line in lines if line.startswith("## ")]
    for explained in ("## The inputs and options", "## How to read the results"):
        assert explained in headings
