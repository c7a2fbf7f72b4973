"""Answer boxes for the book's exercises: type an answer, and the page says right or wrong.

Used under every exercise of chapters 1 to 9. Each box is an
:class:`~ndcg.widgets.AnswerBox` built from an exercise of :mod:`ndcg.teaching.exercises`:
the expected answer (computed by the library when the chapter is built), its tolerance,
the hint and the known wrong answers with their own hints. On the website the box checks
in the browser, with no kernel; in a notebook the typed answer also goes through
:func:`verdict`, which leaves the decision to :func:`ndcg.teaching.exercises.check`. The
browser's rules and these are the same, word for word::

    from ndcg.teaching import answers
    answers.box("ch03-dcg-swap")
"""

from __future__ import annotations

import math
import re

from ndcg.teaching import exercises
from ndcg.widgets import AnswerBox

__all__ = ["box", "parse", "verdict"]

# A number as a reader types it (answer.js: NUMBER): one decimal point or comma, an exponent.
_NUMBER = re.compile(r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?")
LETTERS = ("a", "b", "c", "d")


def parse(kind: str, text: str, choices: tuple[str, ...] = LETTERS) -> float | str:
    """Read a typed answer as a number or a letter.

    Parameters
    ----------
    kind
        ``"number"`` or ``"choice"``.
    text
        What the reader typed (or the letter picked).
    choices
        The letters a ``"choice"`` answer may take.

    Returns
    -------
    float or str
        The number, or the lower-case letter.

    Raises
    ------
    ValueError
        With the message the box shows, if ``text`` is no answer.

    Examples
    --------
    >>> parse("number", " 0,5 "), parse("choice", "(B)")
    (0.5, 'b')

    """
    trimmed = text.strip()
    if kind == "choice":
        if not trimmed:
            raise ValueError("Pick a letter first.")
        letter = trimmed.lower().strip("()")
        if letter not in choices:
            raise ValueError(f"Pick one of {', '.join(choices)}.")
        return letter
    if not trimmed:
        raise ValueError("Type a number first.")
    number = float(trimmed.replace(",", ".", 1)) if _NUMBER.fullmatch(trimmed) else math.nan
    if not math.isfinite(number):
        raise ValueError("That is not a number: type one such as 0.5.")
    return number


def verdict(key: str, text: str, choices: tuple[str, ...] = LETTERS) -> exercises.CheckResult:
    """Check a typed answer to exercise ``key`` as its answer box does.

    Returns
    -------
    CheckResult
        Right ("Right."), or not, with the message of :func:`ndcg.teaching.exercises.check`
        (the hint, never the answer), or why the text is no answer.

    Examples
    --------
    >>> verdict("ch02-cg", "11").message
    'Right.'
    >>> verdict("ch02-cg", "eleven").message
    'That is not a number: type one such as 0.5.'

    """
    exercise = exercises.exercise(key)
    try:
        answer = parse(exercise.kind, text, choices)
    except ValueError as error:
        return exercises.CheckResult(key, False, str(error))
    result = exercises.check(key, answer)
    return exercises.CheckResult(key, True, "Right.") if result.correct else result


def box(key: str, choices: tuple[str, ...] = LETTERS) -> AnswerBox:
    """Return the answer box of exercise ``key``, its expected answer computed now.

    Parameters
    ----------
    key
        An exercise key (:func:`ndcg.teaching.exercises.exercise_keys`).
    choices
        The letters offered by a multiple-choice exercise.

    Returns
    -------
    AnswerBox
        The box; its :attr:`~ndcg.widgets.AnswerBox.result` holds the verdict on the last
        answer typed in a notebook.

    Examples
    --------
    >>> b = box("ch02-cg")
    >>> b.answer = "11"
    >>> b.result.correct
    True

    """
    exercise = exercises.exercise(key)
    expected = exercise.expected()
    if exercise.kind == "choice" and expected not in choices:
        raise ValueError(f"choices: {key}'s answer is not among {list(choices)}")
    return AnswerBox(
        key,
        exercise.task,
        exercise.kind,
        expected,
        exercise.hint,
        tolerance=exercise.tolerance if exercise.kind == "number" else 0.0,
        traps=[(trap(), trap_hint) for trap, trap_hint in exercise.traps],
        choices=choices,
        check=lambda text: verdict(key, text, choices),
    )
