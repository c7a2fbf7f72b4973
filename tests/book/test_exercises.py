"""Answer checks: right answers pass, wrong ones fail with a hint that keeps the answer."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from _wording import source_sense_of_seed

from ndcg.teaching import exercises

ANSWERS = exercises._all_answers_for_tests()
TRAPS = exercises._trap_answers_for_tests()


def _spellings(value: object) -> list[str]:
    """Ways an answer could leak into a message."""
    if isinstance(value, str):
        return [f"({value})", f"'{value}'", f" {value})"]
    number = float(value)
    forms = {repr(number), f"{number:g}"}
    forms.update(f"{number:.{places}f}" for places in range(2, 8))
    # Integers like 5 or 11 are only leaks as whole words.
    return [form for form in forms if not re.fullmatch(r"\d", form)]


def test_every_exercise_has_an_answer() -> None:
    assert set(ANSWERS) == set(exercises.exercise_keys())
    assert len(ANSWERS) >= 30


def _chapters_with_exercises() -> list[str]:
    """The "chNN" of every chapter in _toc.yml whose notebook checks an answer, in book order."""
    root = Path(__file__).resolve().parents[2]
    toc = (root / "_toc.yml").read_text(encoding="utf-8")
    chapters = []
    # A chapter may have more than one notebook (chapter 13 and its lab): each counts once.
    for name, stem in re.findall(r"notebooks/((\d\d)_[a-z0-9_]+)", toc):
        notebook = json.loads((root / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
        code = "".join("".join(cell["source"]) for cell in notebook["cells"])
        if f'exercises.check("ch{stem}-' in code and f"ch{stem}" not in chapters:
            chapters.append(f"ch{stem}")
    return chapters


def test_keys_name_their_chapter_in_book_order() -> None:
    keys = exercises.exercise_keys()
    assert all(re.fullmatch(r"ch\d\d-[a-z0-9-]+", key) for key in keys), keys
    chapters = [key[:4] for key in keys]
    assert chapters == sorted(chapters), "exercise_keys() is not in book order"
    # The keys name exactly the chapters of the book that have exercises, in the book's order.
    book = _chapters_with_exercises()
    assert book == sorted(book), book
    assert list(dict.fromkeys(chapters)) == book
    # Every chapter has at least three checkable exercises.
    assert {c: chapters.count(c) >= 3 for c in book} == dict.fromkeys(book, True)


def test_keys_tasks_and_hints_never_call_a_source_a_seed() -> None:
    for key in exercises.exercise_keys():
        exercise = exercises._exercise(key)
        for text in (key, exercise.task, exercise.hint, *(hint for _, hint in exercise.traps)):
            assert not source_sense_of_seed(text), (key, text)
    assert source_sense_of_seed("the seed's list, seed 004 and a seed document") == [
        "the seed's",
        "seed 004",
        "seed document",
    ]
    assert source_sense_of_seed("seed=1: the same seed gives the same collection") == []


@pytest.mark.parametrize("key", exercises.exercise_keys())
def test_right_answer_passes(key: str) -> None:
    result = exercises.check(key, ANSWERS[key])
    assert result.correct, result.message
    assert "Right" in repr(result)


@pytest.mark.parametrize("key", exercises.exercise_keys())
def test_wrong_answer_fails_with_a_hint_that_keeps_the_answer(key: str) -> None:
    answer = ANSWERS[key]
    wrong = "z" if isinstance(answer, str) else float(answer) + 0.37
    results = [exercises.check(key, wrong), exercises.check(key, None)]
    results += [exercises.check(key, trap) for trap in TRAPS[key]]
    for result in results:
        assert not result.correct
        assert "Hint" in result.message
        # The message names the exercise by its key ("ch10-..."); only the rest could leak.
        told = result.message.replace(key, "")
        for spelling in _spellings(answer):
            assert spelling not in told, (key, spelling, result.message)


def test_known_wrong_answers_get_their_own_hint() -> None:
    result = exercises.check("ch09-trec-uncut", TRAPS["ch09-trec-uncut"][0])
    assert result.message == (
        "Not yet. That is ndcg_cut.6; the uncut measure keeps the whole ideal. "
        "Hint: No cutoff: the ideal runs over every judged document."
    )
    assert not exercises.check("ch08-industry-fixed", 0.98).correct


def test_traps_are_really_wrong() -> None:
    for key, traps in TRAPS.items():
        for trap in traps:
            assert not exercises.check(key, trap).correct, (key, trap)


def test_rounded_answers_pass_and_choice_letters_are_forgiving() -> None:
    assert exercises.check("ch04-ndcg-at-3", 0.90131).correct
    assert exercises.check("ch04-ndcg-at-3", 0.901).correct  # as the page shows it
    assert exercises.check("ch04-ndcg-at-3", 0.90).outcome == "close"
    assert not exercises.check("ch04-ndcg-at-3", 0.9014).correct
    assert exercises.check("ch07-p-value", " B ").correct
    assert exercises.check("ch07-p-value", "(b)").correct


def test_answers_of_the_wrong_type_get_a_message_not_a_crash() -> None:
    assert exercises.check("ch02-cg", "eleven").message == exercises.NOT_A_NUMBER
    assert "finite number" in exercises.check("ch02-cg", [11]).message
    assert "finite number" in exercises.check("ch02-cg", 10**400).message  # no OverflowError
    assert "finite number" in exercises.check("ch02-cg", True).message
    assert "finite number" in exercises.check("ch02-cg", float("nan")).message
    assert "one letter" in exercises.check("ch07-p-value", 2).message


def test_unknown_keys_raise() -> None:
    with pytest.raises(ValueError, match="not an exercise"):
        exercises.check("ch99-nothing", 1)
    with pytest.raises(TypeError, match="key"):
        exercises.check(5, 1)


def test_result_shows_in_a_notebook() -> None:
    result = exercises.check("ch02-cg", 12)
    assert "Hint" in result._repr_html_()
    assert bool(result) is False


def test_docstring_examples_hold() -> None:
    import doctest

    result = doctest.testmod(exercises)
    assert result.attempted > 0 and result.failed == 0
