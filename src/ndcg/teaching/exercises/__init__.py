"""Answer checks for the book's exercises: right or wrong, and a hint that keeps the answer.

A learner writes an answer in a cell and calls :func:`check` with the exercise's key::

    from ndcg.teaching import exercises
    my_answer = 0.97
    exercises.check("ch05-pessimistic-at-3", my_answer)

The result says whether the answer is right. When it is not, it gives a hint, chosen for the
most common wrong answers, that points at the idea without printing the expected value.
Expected values are computed by the library when a check runs, so they can never drift from
the numbers the chapters print.

A number is judged as a teacher would (:func:`judge` states the rule): right when it agrees
with the expected value to the decimals given, as long as those reach the precision the page
shows for that figure; a near miss is told to give one more decimal, a cut answer to round,
and an answer within what the page's rounded figures leave that its method is right;
fractions ("2/3", "4.762/2.924") and percentages ("81.7%") are numbers too. The answer boxes
of the website (:mod:`ndcg.teaching.answers`, ``js/answers.js``) follow the same rule.

The package's parts: ``_model`` (an exercise and a verdict), ``_judging`` (reading and
judging an answer), ``_answers`` (how an expected answer is stated) and the exercises of each
group of chapters (``chapters_01_04`` ... ``chapter_14``); this module gathers them.
"""

from __future__ import annotations

import math
import numbers
import string
from collections.abc import Sequence
from typing import Any

import numpy as np

from ndcg.teaching import rounding
from ndcg.teaching.exercises import (
    chapter_13,
    chapter_14,
    chapters_01_04,
    chapters_05_09,
    chapters_10_12,
)
from ndcg.teaching.exercises._judging import (
    FRACTION,
    MINUS,
    NOT_A_NUMBER,
    NUMBER,
    ROUNDED,
    TRIM,
    Typed,
    exact_text,
    judge,
    margin,
    read,
    value_words,
)
from ndcg.teaching.exercises._model import LETTERS, CheckResult, Exercise
from ndcg.teaching.exercises.chapters_10_12 import MANY_P_VALUES, NOT_MONOTONE, NOT_MONOTONE_POOL

__all__ = [
    "FRACTION",
    "LETTERS",
    "MANY_P_VALUES",
    "MINUS",
    "NOT_A_NUMBER",
    "NOT_MONOTONE",
    "NOT_MONOTONE_POOL",
    "NUMBER",
    "TRIM",
    "CheckResult",
    "Exercise",
    "ROUNDED",
    "Typed",
    "check",
    "exact_text",
    "exercise",
    "exercise_keys",
    "hint",
    "judge",
    "margin",
    "read",
    "rounding_error",
    "value_words",
]

# In the order the chapters' blocks were written; exercise_keys() gives book order.
_EXERCISES: tuple[Exercise, ...] = (
    *chapters_01_04.EXERCISES,
    *chapters_05_09.EXERCISES,
    *chapter_13.EXERCISES,
    *chapters_10_12.EXERCISES,
    *chapter_14.EXERCISES,
)
_BY_KEY = {exercise.key: exercise for exercise in _EXERCISES}


def rounding_error(key: str) -> float:
    """How far a hand-worked answer to exercise ``key`` may be from the exact one.

    The exercise's own ``rounding``, or, for an answer that is the library's ``dcg`` or
    ``ndcg`` of a list with the log2 discount, the bound of :mod:`ndcg.teaching.rounding`
    on a computation from the discounts the book prints; 0 for anything else.

    Examples
    --------
    >>> 0.0006 < rounding_error("ch04-scala-worst") < 0.001, rounding_error("ch11-tau")
    (True, 0.0)

    """
    exercise = _exercise(key)
    if exercise.rounding is not None:
        return float(exercise.rounding())
    name, args, kwargs = getattr(exercise.expected, "call", ("", (), {}))
    if name not in ("dcg", "ndcg") or set(kwargs) - {"k", "gain", "pool"}:
        return 0.0
    if name == "dcg":
        return rounding.dcg_error(*args, **kwargs)
    return rounding.ndcg_error(*args, **kwargs)


def exercise_keys() -> list[str]:
    """Return the keys of every checkable exercise, in book order."""
    # Chapters add their exercises in blocks; the key's "chNN" prefix is the book order.
    return sorted((exercise.key for exercise in _EXERCISES), key=lambda key: key[:4])


def exercise(key: str) -> Exercise:
    """Return the exercise with this key: its task, kind, decimals, hint and answers.

    The answer boxes of the website (:mod:`ndcg.teaching.answers`) carry what they need to
    check an answer from here.
    """
    return _exercise(key)


def _exercise(key: str) -> Exercise:
    if not isinstance(key, str):
        raise TypeError(f"key must be a str, got {type(key).__name__}")
    if key not in _BY_KEY:
        raise ValueError(f"key {key!r} is not an exercise; known keys: {', '.join(_BY_KEY)}")
    return _BY_KEY[key]


def hint(key: str) -> str:
    """Return the general hint of an exercise (it never contains the answer)."""
    return _exercise(key).hint


def judge_text(key: str, text: str, choices: Sequence[str] = LETTERS) -> CheckResult:
    """Read ``text`` and judge it as an answer to exercise ``key``, as its answer box does.

    Returns
    -------
    CheckResult
        The verdict of :func:`judge`, or why ``text`` is no answer (outcome ``"unread"``).

    """
    return _judged(_exercise(key), text, choices)[0]


def _judged(exercise: Exercise, text: str, choices: Sequence[str]) -> tuple[CheckResult, Any]:
    # The verdict, and the expected answer it was computed from (some take a while to compute).
    try:
        typed = read(exercise.kind, text, choices)
    except ValueError as error:
        return CheckResult(exercise.key, False, str(error), "unread"), None
    expected = exercise.expected()
    traps = [(trap(), trap_hint) for trap, trap_hint in exercise.traps]
    if exercise.kind == "number":
        expected = float(expected)
        traps = [(float(value), trap_hint) for value, trap_hint in traps]
    allowance = rounding_error(exercise.key) if exercise.kind == "number" else 0.0
    result = judge(typed, expected, exercise.hint, exercise.decimals, traps, allowance)
    return CheckResult(exercise.key, result.correct, result.message, result.outcome), expected


def _not_a_number(answer: Any) -> bool:
    if isinstance(answer, bool | np.bool_) or not isinstance(answer, numbers.Real):
        return True
    try:
        return not math.isfinite(float(answer))
    except OverflowError:  # an int too large for a float
        return True


def _as_typed(answer: numbers.Real) -> str:
    # A number from a cell, written as typed: 6.653 has 3 decimals, a computed value all 17.
    return str(int(answer)) if isinstance(answer, numbers.Integral) else repr(float(answer))


def check(key: str, answer: Any) -> CheckResult:
    """Check a learner's answer to an exercise.

    Parameters
    ----------
    key : str
        The exercise's key (see :func:`exercise_keys`).
    answer : float, int, str or None
        The learner's answer: a number (or its text, such as ``"2/3"``), or a letter for
        multiple-choice exercises. ``None`` means "not answered yet" and returns the hint.

    Returns
    -------
    CheckResult
        ``correct`` and a message, by the rule of :func:`judge`; wrong answers get a hint
        without the expected value. A number from a cell is judged by the decimals of its
        shortest spelling (``repr``): 6.653 has 3, a value computed in full has them all.

    Raises
    ------
    ValueError
        If ``key`` is not an exercise.
    TypeError
        If ``key`` is not a string.

    Examples
    --------
    >>> check("ch02-cg", 11)
    Right: ch02-cg is correct.
    >>> check("ch03-dcg-swap", 6.653)
    Right: ch03-dcg-swap is correct; to 4 decimals it is 6.6532.
    >>> check("ch02-cg", 12).correct
    False

    """
    exercise = _exercise(key)
    if answer is None or answer is Ellipsis:
        return CheckResult(
            key,
            False,
            f"No answer yet for {key}: replace None with yours. Hint: {exercise.hint}",
            "unread",
        )
    if exercise.kind == "number" and not isinstance(answer, str) and _not_a_number(answer):
        return CheckResult(
            key,
            False,
            f"Not yet: {key} expects a finite number such as 0.5, "
            f"got {type(answer).__name__} {answer!r}.",
            "unread",
        )
    if exercise.kind == "choice" and (not isinstance(answer, str) or len(answer.strip("() ")) != 1):
        return CheckResult(
            key, False, f"Not yet: {key} expects one letter, such as 'a'; got {answer!r}.", "unread"
        )
    text = answer if isinstance(answer, str) else _as_typed(answer)
    # A cell does not show the letters offered: any other letter is a wrong one, with the hint.
    result, expected = _judged(exercise, text, tuple(string.ascii_lowercase))
    if not result.correct:
        return result
    # In a notebook the verdict names the exercise: the output sits far from its exercise.
    words = value_words(expected, exercise.decimals) if exercise.kind == "number" else ""
    told = f"; {words}" if words else ""
    return CheckResult(key, True, f"Right: {key} is correct{told}.", "right")


def _all_answers_for_tests() -> dict[str, Any]:
    """Return every expected answer; for the test suite, not for learners."""
    return {exercise.key: exercise.expected() for exercise in _EXERCISES}


def _trap_answers_for_tests() -> dict[str, Sequence[Any]]:
    """Return the known wrong answers of each exercise; for the test suite."""
    return {exercise.key: [trap() for trap, _ in exercise.traps] for exercise in _EXERCISES}
