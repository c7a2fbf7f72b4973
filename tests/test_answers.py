"""Answer boxes: one per exercise, carrying the library's answer, judging as the checks do."""

from __future__ import annotations

import json
import math

import pytest

from ndcg.teaching import answers, exercises
from ndcg.widgets import AnswerBox

KEYS = exercises.exercise_keys()


@pytest.mark.parametrize("key", KEYS)
def test_every_exercise_has_a_box_with_the_library_answer(key: str) -> None:
    box = answers.box(key)
    exercise = exercises.exercise(key)
    expected = exercise.expected()
    assert box.kind == exercise.kind and box.hint == exercise.hint and box.task == exercise.task
    assert box.expected == (float(expected) if exercise.kind == "number" else expected)
    assert box.traps == [
        [t() if exercise.kind == "choice" else float(t()), h] for t, h in exercise.traps
    ]
    state = {name: value for name, value in box.get_state().items() if name != "layout"}
    json.dumps(state)  # the state is saved into the page as JSON
    if exercise.kind == "number":
        # Rounded to the decimals the box asks for, the answer is right.
        typed = f"{expected:.{box.decimals}f}"
        assert answers.verdict(key, typed).correct, (typed, expected)
        assert box.decimals >= 4 and box.tolerance == exercise.tolerance


@pytest.mark.parametrize("key", KEYS)
def test_the_box_says_what_the_notebook_check_says(key: str) -> None:
    exercise = exercises.exercise(key)
    right = exercise.expected()
    if exercise.kind == "choice":
        tries = [right, next(letter for letter in answers.LETTERS if letter != right)]
    else:
        tries = [float(right), *(float(t()) for t, _ in exercise.traps), 1e6]
    for answer in tries:
        check = exercises.check(key, answer)
        box = answers.verdict(key, str(answer))
        assert box.correct == check.correct
        assert box.message == ("Right." if check.correct else check.message)


def test_wrong_answers_get_the_hint_never_the_answer() -> None:
    result = answers.verdict("ch03-dcg-swap", "7")
    expected = exercises.exercise("ch03-dcg-swap").expected()
    assert result.message == f"Not yet. Hint: {exercises.hint('ch03-dcg-swap')}"
    assert f"{expected:.3f}" not in result.message
    trap = answers.verdict("ch03-dcg-swap", "6.8611")
    assert trap.message == (
        "Not yet. That is the DCG before the swap. Hint: " + exercises.hint("ch03-dcg-swap")
    )


@pytest.mark.parametrize(
    ("kind", "text", "message"),
    [
        ("number", "", "Type a number first."),
        ("number", "  ", "Type a number first."),
        ("number", "eleven", "That is not a number: type one such as 0.5."),
        ("number", "1e400", "That is not a number: type one such as 0.5."),
        ("number", "1.2.3", "That is not a number: type one such as 0.5."),
        ("number", "nan", "That is not a number: type one such as 0.5."),
        ("choice", "", "Pick a letter first."),
        ("choice", "e", "Pick one of a, b, c, d."),
    ],
)
def test_text_that_is_no_answer_is_named(kind: str, text: str, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message.replace('.', '[.]')}$"):
        answers.parse(kind, text)


def test_numbers_are_read_as_readers_type_them() -> None:
    assert [answers.parse("number", t) for t in ("0.5", "0,5", ".5", "+5e-1", " 5 ")] == [
        0.5,
        0.5,
        0.5,
        0.5,
        5.0,
    ]
    assert answers.parse("choice", " (C) ") == "c"


def test_a_notebook_answer_goes_through_the_check() -> None:
    box = answers.box("ch02-cg")
    assert box.result is None
    box.answer = "12"
    assert not box.result.correct and box.result.message.startswith("Not yet.")
    box.answer = "11"
    assert box.result.correct and box.result.message == "Right."


def test_answer_box_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="kind must be one of"):
        AnswerBox("k", "t", "text", 1.0, "h")
    with pytest.raises(ValueError, match="expected must be one of choices"):
        AnswerBox("k", "t", "choice", "e", "h")
    with pytest.raises(ValueError, match="a numeric answer must be finite"):
        AnswerBox("k", "t", "number", math.inf, "h")
    with pytest.raises(ValueError, match="tolerance must be a finite number >= 0"):
        AnswerBox("k", "t", "number", 1.0, "h", tolerance=-1.0)
    with pytest.raises(ValueError, match="'ch02-cg' is not an exercise|is not an exercise"):
        answers.box("no-such-key")
