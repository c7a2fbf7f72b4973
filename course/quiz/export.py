"""The quiz as text: the student sheet, the answer key (Markdown) and Moodle's GIFT format.

Each renderer takes the bank's chapters as ``(number, questions)`` pairs, in order.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .model import BOOK, Question, Term

__all__ = [
    "Sections",
    "answer_key_markdown",
    "example_text",
    "gift",
    "gift_escape",
    "gift_number",
    "student_markdown",
]

#: The bank's chapters in order, each with its questions.
Sections = Sequence[tuple[int, Sequence[Question]]]


def _prompt_lines(item: Question, term: Term) -> list[str]:
    lines = [f"**{item.id}** ({item.kind}). {item.text(term)}", ""]
    for letter, option in item.lettered(term):
        lines.append(f"- {letter}. {option}")
    if item.options:
        lines.append("")
    return lines


def example_text(term: Term = BOOK) -> str:
    """The D1-D6 example of ``term`` in one paragraph, as the sheets and exports open with it."""
    return " ".join(_term_lines(term)).strip()


def _term_lines(term: Term) -> list[str]:
    return [
        f"The D1-D6 example of these questions ({term.name}): D1 to D6 were retrieved in that "
        f"order with the grades {term.fill('{d}')}; D7 and D8 were judged but not retrieved, "
        f"with the grades {term.fill('{extra}')}.",
        "",
    ]


def student_markdown(
    sections: Sections, titles: dict[int, str] | None = None, term: Term = BOOK
) -> str:
    """Return every question for ``term``, without answers, as Markdown (a sheet to hand out)."""
    titles = titles or {}
    lines = ["# Quiz questions", "", *_term_lines(term)]
    for number, items in sections:
        lines += [f"## Chapter {number}{': ' + titles[number] if number in titles else ''}", ""]
        for item in items:
            lines += _prompt_lines(item, term)
    return "\n".join(lines)


def answer_key_markdown(
    sections: Sections, titles: dict[int, str] | None = None, term: Term = BOOK
) -> str:
    """Return every question for ``term`` with its answer and rationale (instructors only)."""
    titles = titles or {}
    lines = ["# Quiz answer key", "", "For instructors: not for distribution to students.", ""]
    lines += _term_lines(term)
    for number, items in sections:
        lines += [f"## Chapter {number}{': ' + titles[number] if number in titles else ''}", ""]
        for item in items:
            lines += _prompt_lines(item, term)
            lines += [f"- Answer: {item.answer_text(term)}", f"- Why: {item.why(term)}", ""]
    return "\n".join(lines)


def gift_escape(text: str) -> str:
    # GIFT's special characters, escaped as Moodle's format page lists them; a line break
    # as "\n", since a blank line ends a question.
    for char in "\\~=#{}:":
        text = text.replace(char, "\\" + char)
    return "\\n".join(text.splitlines())


def gift_number(value: float) -> str:
    """A number as GIFT reads it: digits and one ".", no exponent (Moodle's parser and
    gift-pegjs read ``5e-05`` as no number); the shortest text that reads back as ``value``."""
    return np.format_float_positional(float(value), unique=True, trim="-")


def gift(sections: Sections, term: Term = BOOK) -> str:
    """Return every question for ``term`` in Moodle's GIFT format, answers included.

    Numeric questions accept an answer within the item's tolerance (:meth:`Question.tolerance`,
    written ``{#value:tolerance}``); choice questions mark the right option; short answers become
    essays, graded by hand, with the model answer in the general feedback (GIFT has no field for
    the grader alone, so students see it after they submit, as they see the rationales). Each
    question is in the category of its chapter, and its rationale is its general feedback.
    """
    blocks = []
    for number, items in sections:
        blocks.append(f"$CATEGORY: ranking-measured/{term.name}/chapter-{number:02d}\n")
        # A description item (no answer): the example the chapter's items refer to.
        blocks.append(f"::example::{gift_escape(example_text(term))}\n")
        for item in items:
            head = f"::{item.id}::[markdown]{gift_escape(item.text(term))}"
            why = gift_escape(item.why(term))
            if item.kind == "numeric":
                value = gift_number(item.expected(term))
                body = f"{{#{value}:{gift_number(item.tolerance(term))}####{why}}}"
            elif item.kind == "choice":
                right = item.expected(term)
                options = [
                    ("=" if letter == right else "~") + gift_escape(option)
                    for letter, option in item.lettered(term)
                ]
                body = "{\n" + "\n".join(options) + f"\n####{why}\n}}"
            else:
                model = gift_escape(str(item.answer))
                body = f"{{####Model answer\\: {model} Why\\: {why}}}"
            blocks.append(f"{head} {body}\n")
    return "\n".join(blocks)
