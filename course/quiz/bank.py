"""The quiz bank: questions for every chapter, with answers and rationales for the instructor.

Each :class:`Question` has an id such as ``"q03-2"`` (chapter 3, question 2), a kind
(``"numeric"``, ``"choice"`` or ``"short"``), the prompt a student sees, the answer and a
one-line rationale. A numeric answer is never typed in: it is a function that computes the
figure with the library when the answer key is built, so the key cannot drift from the book.

Variants: every numeric item's data and every choice item's order come from a :class:`Term`.
The book's own term (:data:`BOOK`) is the example the chapters print;
``Term.draw("2027-spring", secret)`` draws another six retrieved grades and two judged,
unretrieved ones for the items about the D1-D6 example, each other numeric item draws its own
data (its ``data`` function, from the item's id), and each choice item shows its options in an
order of the term's (so its right letter moves), in one of its forms where it has
:class:`Variant` s. Every draw comes from the term's *secret*
(HMAC-SHA256 of the secret and what is drawn), which the instructor bundle keeps and no
student sees; the term's name is only a label printed on the sheets, so knowing it, or the
public sources, rebuilds nothing. The key, computed by the library from the same data,
follows.

The bank is keyed by chapter number. A new chapter adds its questions with :func:`register`
(chapter 14, for instance, with ``register(14, [...])``) and appears in :func:`chapters`, in
the answer key and in the student sheet without any other change.

The bank's parts: :mod:`model` (terms, questions), :mod:`items` (what questions are built
from: the term's grades, each item's data and draws), the questions of each chapter in
``chapters_*.py``, and :mod:`export` (the sheets and GIFT); this module holds the questions by
chapter and is what the tools load.

This folder is not part of the ``ndcg`` package a student installs, and nothing the website
serves contains it: ``make instructor`` (``tools/instructor.py``) loads it and writes the
answers into the instructor bundle (``_build/instructor/``). It imports only the library.

Examples
--------
>>> question("q02-1").kind
'numeric'
>>> len(questions(3)) >= 5
True

"""

from __future__ import annotations

from collections.abc import Iterable

from . import chapters_01_04, chapters_05_08, chapters_09_11, chapters_12_14, export, items, model
from .export import example_text
from .model import BOOK, LETTERS, Question, Term, Variant, parse_secret

__all__ = [
    "BOOK",
    "Question",
    "Term",
    "Variant",
    "LETTERS",
    "answer_key_markdown",
    "chapters",
    "example_text",
    "export",
    "gift",
    "items",
    "model",
    "parse_secret",
    "question",
    "questions",
    "register",
    "student_markdown",
]

_BANK: dict[int, tuple[Question, ...]] = {}


def register(chapter: int, items: Iterable[Question]) -> None:
    """Add a chapter's questions to the bank (replacing any the chapter had).

    Parameters
    ----------
    chapter : int
        Chapter number, at least 1.
    items : iterable of Question
        The questions; each ``id`` must start with ``q`` and the chapter's two digits.

    Raises
    ------
    ValueError
        If the chapter is not a positive int, or an id does not belong to the chapter or
        repeats.

    """
    if isinstance(chapter, bool) or not isinstance(chapter, int) or chapter < 1:
        raise ValueError(
            f"chapter must be a positive int, got {chapter!r}; e.g. register(14, [...])"
        )
    items = tuple(items)
    prefix = f"q{chapter:02d}-"
    ids = [item.id for item in items]
    for item in items:
        if not item.id.startswith(prefix) or item.chapter != chapter:
            raise ValueError(
                f"question {item.id} (chapter {item.chapter}) does not belong to chapter "
                f"{chapter}: its id must start with {prefix!r}"
            )
    if len(set(ids)) != len(ids):
        raise ValueError(f"question ids repeat in chapter {chapter}: {sorted(ids)}")
    _BANK[chapter] = items


def chapters() -> list[int]:
    """Return the chapter numbers that have questions, in order."""
    return sorted(_BANK)


def questions(chapter: int | None = None) -> list[Question]:
    """Return the questions of one chapter, or of every chapter in order.

    Raises
    ------
    KeyError
        If ``chapter`` has no questions.

    """
    if chapter is None:
        return [item for number in chapters() for item in _BANK[number]]
    if chapter not in _BANK:
        raise KeyError(
            f"no quiz questions for chapter {chapter!r}; chapters with questions: {chapters()}"
        )
    return list(_BANK[chapter])


def question(question_id: str) -> Question:
    """Return the question with this id, e.g. ``"q04-2"``.

    Raises
    ------
    KeyError
        If no question has that id.

    """
    for item in questions():
        if item.id == question_id:
            return item
    raise KeyError(
        f"no quiz question {question_id!r}; ids look like 'q04-2' (chapter 4, question 2)"
    )


def _sections() -> list[tuple[int, list[Question]]]:
    return [(number, questions(number)) for number in chapters()]


def student_markdown(titles: dict[int, str] | None = None, term: Term = BOOK) -> str:
    """Return every question for ``term``, without answers, as Markdown (a sheet to hand out)."""
    return export.student_markdown(_sections(), titles, term)


def answer_key_markdown(titles: dict[int, str] | None = None, term: Term = BOOK) -> str:
    """Return every question for ``term`` with its answer and rationale (instructors only)."""
    return export.answer_key_markdown(_sections(), titles, term)


def gift(term: Term = BOOK) -> str:
    """Return every question for ``term`` in Moodle's GIFT format, answers included.

    See :func:`export.gift`.
    """
    return export.gift(_sections(), term)


for _group in (chapters_01_04, chapters_05_08, chapters_09_11, chapters_12_14):
    for _number, _items in _group.QUESTIONS.items():
        register(_number, _items)
