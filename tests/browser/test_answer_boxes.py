"""Answer boxes in Chromium: a reader with no kernel types an answer and is told right (with
the value), close, or wrong with the hint only. The rule itself (js/answers.js's verdict)
is held to Python's for every exercise by tests/browser/test_arith_parity.py.

Boxes on the built chapters are tested from file:// in test_chapter_widgets.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ndcg.teaching import answers

from ._widgetpage import (
    OFFLINE,
    PHONE,
    axe_violations,
    open_standalone,
    small_targets,
    watch_requests,
)

pytestmark = pytest.mark.browser


def test_a_wrong_then_close_then_right_answer_from_disk(page, tmp_path: Path) -> None:
    seen = watch_requests(page, OFFLINE)
    box = answers.box("ch03-dcg-swap")
    open_standalone(page, box, tmp_path / "box.html")
    root = page.locator(".ndcg-ab")
    field = root.get_by_label("Your answer")
    verdict = root.get_by_test_id("verdict")
    assert root.get_by_test_id("verdict").inner_text() == ""
    assert "A number to 3 decimals or more, such as 0.125, 1/8 or 12.5%" in root.inner_text()
    # A phone's decimal keyboard may lack "/" and "%": the note says what to type there.
    assert 'on a keyboard without "/" or "%", type the decimal' in root.inner_text()
    field.fill("\u22126.653")  # the minus sign the widgets print, pasted back, is a number
    field.press("Enter")
    assert verdict.get_attribute("data-outcome") == "wrong"
    field.fill("7.1")
    field.press("Enter")
    assert verdict.inner_text() == f"✗ Not yet. Hint: {box.hint}"
    assert verdict.get_attribute("data-correct") == "false"
    field.fill(f"{box.traps[0][0]:.3f}")
    root.get_by_test_id("check").click()
    assert verdict.inner_text() == f"✗ Not yet. {box.traps[0][1]} Hint: {box.hint}"
    field.fill(f"{box.expected:.2f}")
    field.press("Enter")
    assert verdict.inner_text() == "≈ Close: give one more decimal."
    assert verdict.get_attribute("data-outcome") == "close"
    # Until it is given, the page never prints the answer, at any precision.
    for digits in range(3, 7):
        assert f"{box.expected:.{digits}f}" not in root.inner_text()
    field.fill(f"{box.expected:.3f}")  # what the widget and the worked answer show
    assert verdict.inner_text() == ""  # a changed answer clears the old verdict
    field.press("Enter")
    assert verdict.inner_text() == f"✓ Right; to 4 decimals it is {box.expected:.4f}."
    assert verdict.get_attribute("data-correct") == "true"
    assert page.evaluate("() => window.ndcgWidget.model.get('answer')") == f"{box.expected:.3f}"
    assert not page.console_errors and not seen["offsite"] and not seen["failed"]


@pytest.mark.parametrize("below", [True, False], ids=["book", "student notebook"])
def test_the_note_points_at_a_worked_solution_only_where_one_follows(
    page, tmp_path: Path, below: bool
) -> None:
    open_standalone(page, answers.box("ch03-dcg-swap", solution_below=below), tmp_path / "b.html")
    note = page.locator(".ndcg-ab__note").inner_text()
    assert note.endswith("the worked solution is in the fold below." if below else "browser.")
    assert ("fold" in note) is below, note


def test_a_count_asks_for_a_whole_number(page, tmp_path: Path) -> None:
    box = answers.box("ch01-best-orders")
    open_standalone(page, box, tmp_path / "count.html")
    root = page.locator(".ndcg-ab")
    assert "A whole number." in root.inner_text() and "decimals" not in root.inner_text()
    field = root.get_by_label("Your answer")
    field.fill("2.5")
    field.press("Enter")
    message = f"✗ Not yet: the answer is a whole number. Hint: {box.hint}"
    assert root.get_by_test_id("verdict").inner_text() == message
    field.fill(f"{box.expected:.0f}")
    field.press("Enter")
    assert root.get_by_test_id("verdict").inner_text() == "✓ Right."


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
