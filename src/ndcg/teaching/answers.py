"""Answer boxes for the book's exercises: type an answer, and the page says right or wrong.

Used under every exercise of the book. Each box is an :class:`~ndcg.widgets.AnswerBox`
built from an exercise of :mod:`ndcg.teaching.exercises`: the expected answer (computed by
the library when the chapter is built), the decimals the page shows it with, the hint and
the known wrong answers with their own hints. On the website the box judges in the browser,
with no kernel; in a notebook the typed answer also goes through :func:`verdict`. Both follow
the one rule of :func:`ndcg.teaching.exercises.read` and :func:`ndcg.teaching.exercises.judge`
(``js/answers.js`` repeats it line for line, and ``tests/data/answer_cases.json``
holds the two to the same verdicts)::

    from ndcg.teaching import answers
    answers.box("ch03-dcg-swap")
"""

from __future__ import annotations

from ndcg.teaching import exercises
from ndcg.teaching.exercises import LETTERS
from ndcg.widgets import AnswerBox

__all__ = ["LETTERS", "box", "parse", "verdict"]


def parse(kind: str, text: str, choices: tuple[str, ...] = LETTERS) -> float | str:
    """Read a typed answer as a number or a letter, as the box does.

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
        The number (a fraction or a percentage as its value), or the lower-case letter.

    Raises
    ------
    ValueError
        With the message the box shows, if ``text`` is no answer.

    Examples
    --------
    >>> parse("number", " 0,5 "), parse("number", "1/4"), parse("choice", "(B)")
    (0.5, 0.25, 'b')

    """
    typed = exercises.read(kind, text, choices)
    return typed if isinstance(typed, str) else typed.value


def verdict(
    key: str, text: str | None, choices: tuple[str, ...] = LETTERS
) -> exercises.CheckResult:
    """Judge a typed answer to exercise ``key`` as its answer box does.

    Parameters
    ----------
    key
        An exercise key (:func:`ndcg.teaching.exercises.exercise_keys`).
    text
        What the reader typed; ``None`` counts as nothing typed yet.
    choices
        The letters offered by a multiple-choice exercise.

    Returns
    -------
    CheckResult
        Right, with the value, or close, or not, with a hint (never the answer), or
        why the text is no answer: the verdict of :func:`ndcg.teaching.exercises.judge`.

    Raises
    ------
    TypeError
        If ``text`` is neither a str nor ``None``.

    Examples
    --------
    >>> verdict("ch03-dcg-swap", "6.653").message
    'Right; to 4 decimals it is 6.6532.'
    >>> verdict("ch02-cg", "eleven").message
    'That is not a number: type one such as 0.25, 1/4 or 25%.'

    """
    if text is not None and not isinstance(text, str):
        raise TypeError(
            f"text must be the str a reader typed, got {type(text).__name__} {text!r}; "
            f"pass e.g. {str(text)!r}, or check a number with exercises.check({key!r}, answer)"
        )
    return exercises.judge_text(key, text or "", choices)


def box(key: str, choices: tuple[str, ...] = LETTERS, solution_below: bool = True) -> AnswerBox:
    """Return the answer box of exercise ``key``, its expected answer computed now.

    Parameters
    ----------
    key
        An exercise key (:func:`ndcg.teaching.exercises.exercise_keys`).
    choices
        The letters offered by a multiple-choice exercise.
    solution_below
        Whether a worked solution follows the box: False in the student notebooks, which
        have none.

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
    number = exercise.kind == "number"
    return AnswerBox(
        key,
        exercise.task,
        exercise.kind,
        expected,
        exercise.hint,
        decimals=exercise.decimals if number else 0,
        exact=exercises.value_words(expected, exercise.decimals) if number else "",
        rounding=exercises.rounding_error(key) if number else 0.0,
        traps=[(trap(), trap_hint) for trap, trap_hint in exercise.traps],
        choices=choices,
        check=lambda text: verdict(key, text, choices),
        solution_below=solution_below,
    )
