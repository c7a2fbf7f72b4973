"""What no student-facing file may contain: the quiz's answers and rationales, the assignments'
solutions and hidden tests, the exam's model answer. Shared by the website's leak test and the
downloads' leak test."""

from __future__ import annotations

import inspect
from functools import cache
from pathlib import Path

import instructor
import nbformat

ROOT = Path(__file__).resolve().parents[2]
MASTERS = sorted((ROOT / "course" / "assignments").glob("*.ipynb"))


def hidden_test_lines(name: str) -> list[str]:
    """The distinctive lines (over 30 characters) of the hidden checks of assignment ``name``
    (its class in ``tools/grade_checks.py``, with the reference helpers it puts in place)."""
    import grade_checks

    checks = grade_checks.ASSIGNMENTS[name]
    source = inspect.getsource(checks)
    if checks is grade_checks.A1:
        source += "".join(grade_checks.A1_HELPERS.values())
    lines = [line.strip() for line in source.splitlines() if len(line.strip()) > 30]
    # Only the lines about the checks' own workings: a line that also reads as the notebook's
    # code (an import, a call of the library) is no secret.
    own = ("self.", "numbers[", "with_unjudged", "reference_per_query", "_frame(", "_np.")
    return [line for line in lines if any(word in line for word in own)]


def solution_lines(name: str) -> list[str]:
    """The distinctive lines of the solutions of assignment ``name``."""
    lines = []
    for cell in nbformat.read(ROOT / "course" / "assignments" / f"{name}.ipynb", 4).cells:
        if cell.cell_type == "code" and "# BEGIN SOLUTION" in cell.source:
            body = cell.source.split("# BEGIN SOLUTION", 1)[1].split("# END SOLUTION", 1)[0]
            lines += [line.strip() for line in body.splitlines() if len(line.strip()) > 30]
    return lines


def model_answer_lines() -> list[str]:
    """The distinctive lines (over 40 characters) of the exam's model answer, book's edition
    (a term's differs only in its figures)."""
    exam = instructor.load_exam()
    text = exam.render(exam.BOOK)[1]
    return [line.strip() for line in text.splitlines() if len(line.strip()) > 40]


@cache
def secrets() -> tuple[str, ...]:
    """Every secret text, whitespace collapsed, the book's term's rationales included."""
    found = ["Quiz answer key", "Instructor bundle: Ranking, Measured", "def answer_key_markdown"]
    # The learning-platform exports (tools/quiz_export.py): QTI's root element, Moodle XML's
    # category path and GIFT's. Their text is escaped XML, so their rationales may not match.
    found += ["<questestinterop", "$course$/top/ranking-measured/", "$CATEGORY: ranking-measured/"]
    for item in instructor.load_bank().questions():
        found.append(item.why())
        found += [variant.rationale for variant in item.variants]
        if item.kind == "short":
            found.append(item.answer)
    for master in MASTERS:
        found += hidden_test_lines(master.stem) + solution_lines(master.stem)
    found += model_answer_lines()
    return tuple(dict.fromkeys(" ".join(secret.split()) for secret in found))
