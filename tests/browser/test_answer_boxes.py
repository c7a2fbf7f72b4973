"""Answer boxes in Chromium: the browser's verdict equals Python's for every exercise, and a
reader with no kernel types an answer and is told right or wrong, with the hint only.

Boxes on the built chapters are tested from file:// in test_chapter_widgets.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ndcg.teaching import answers, exercises
from ndcg.widgets import AnswerBox

from .conftest import import_module
from .widgetpage import (
    OFFLINE,
    PHONE,
    axe_violations,
    open_standalone,
    small_targets,
    watch_requests,
)

pytestmark = pytest.mark.browser

STATE = ("kind", "expected", "tolerance", "hint", "traps", "choices")


def tries(box: AnswerBox) -> list[str]:
    """Texts a reader might type: the answer at several precisions, near misses, the known
    wrong answers, and text that is no answer."""
    if box.kind == "choice":
        return [*box.choices, f"({box.expected.upper()})", "", " ", "e", "ab"]
    x, tol = box.expected, box.tolerance
    texts = [f"{x:.{d}f}" for d in range(box.decimals + 3)]
    texts += [repr(x + tol * 0.99), repr(x - tol * 0.99), repr(x + tol * 1.01), repr(x + 1)]
    texts += [f"{value:.{box.decimals}f}" for value, _ in box.traps]
    texts += [f"{x:.4f}".replace(".", ","), f"{x:e}", "", "abc", "1e400", "1.2.3", "-0", ".5"]
    return texts


@pytest.fixture()
def module_page(page):
    import_module(page, "answer", "ab", "answers")
    return page


def test_browser_and_python_give_the_same_verdicts(module_page) -> None:
    cases = []
    for key in exercises.exercise_keys():
        box = answers.box(key)
        state = {name: getattr(box, name) for name in STATE}
        cases += [(key, state, text) for text in tries(box)]
    got = module_page.evaluate(
        "(cases) => cases.map(([, state, text]) => window.ab.verdict(state, text))", cases
    )
    mismatches = []
    for (key, _, text), browser in zip(cases, got, strict=True):
        python = answers.verdict(key, text)
        if (browser["correct"], browser["message"]) != (python.correct, python.message):
            mismatches.append((key, text, browser, python.message))
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[0]}"
    assert len(cases) > 400
    assert (
        sum(1 for v in got if v["correct"]) > 60 and sum(1 for v in got if not v["correct"]) > 200
    )
    # Every known wrong answer was met and answered with its own hint.
    assert sum(1 for v in got if v["message"].startswith("Not yet. That")) >= 20


def test_a_wrong_then_right_answer_from_disk(page, tmp_path: Path) -> None:
    seen = watch_requests(page, OFFLINE)
    box = answers.box("ch03-dcg-swap")
    open_standalone(page, box, tmp_path / "box.html")
    root = page.locator(".ndcg-ab")
    field = root.get_by_label("Your answer")
    verdict = root.get_by_test_id("verdict")
    field.fill("7.1")
    field.press("Enter")
    assert verdict.inner_text() == f"✗ Not yet. Hint: {box.hint}"
    assert verdict.get_attribute("data-correct") == "false"
    field.fill(f"{box.traps[0][0]:.4f}")
    root.get_by_test_id("check").click()
    assert verdict.inner_text() == f"✗ Not yet. {box.traps[0][1]} Hint: {box.hint}"
    # The page never prints the answer, at any precision.
    for digits in range(2, 7):
        assert f"{box.expected:.{digits}f}" not in root.inner_text()
    field.fill(f"{box.expected:.4f}")
    assert verdict.inner_text() == ""  # a changed answer clears the old verdict
    field.press("Enter")
    assert verdict.inner_text() == "✓ Right."
    assert verdict.get_attribute("data-correct") == "true"
    assert "4 decimals are enough" in root.inner_text()
    assert page.evaluate("() => window.ndcgWidget.model.get('answer')") == f"{box.expected:.4f}"
    assert not page.console_errors and not seen["offsite"] and not seen["failed"]


def test_a_multiple_choice_box(page, tmp_path: Path) -> None:
    box = answers.box("ch02-longer")
    open_standalone(page, box, tmp_path / "choice.html")
    root = page.locator(".ndcg-ab")
    verdict = root.get_by_test_id("verdict")
    root.get_by_test_id("check").click()
    assert verdict.inner_text() == "✗ Pick a letter first."
    wrong = next(letter for letter in box.choices if letter != box.expected)
    root.get_by_test_id(f"choice-{wrong}").check()
    root.get_by_test_id("check").click()
    assert verdict.inner_text() == f"✗ Not yet. Hint: {box.hint}"
    root.get_by_test_id(f"choice-{box.expected}").check()
    root.get_by_test_id("check").click()
    assert verdict.inner_text() == "✓ Right."


def test_answer_boxes_are_accessible_and_large_enough_to_touch(browser, tmp_path: Path) -> None:
    context = browser.new_context(has_touch=True, is_mobile=True, viewport=PHONE)
    try:
        page = context.new_page()
        for key in ("ch03-dcg-swap", "ch02-longer"):
            open_standalone(page, answers.box(key), tmp_path / f"{key}.html")
            page.locator(".ndcg-ab [data-testid=check]").tap()
            assert small_targets(page, ".ndcg-ab") == [], key
            for theme in ("light", "dark"):
                page.evaluate(f"() => {{ document.documentElement.dataset.theme = '{theme}'; }}")
                assert not axe_violations(page, ".ndcg-ab"), (key, theme)
    finally:
        context.close()
