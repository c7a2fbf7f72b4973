"""Answer boxes in Chromium: answer.js gives the verdicts of the shared table and Python's
for every exercise, and a reader with no kernel types an answer and is told right (with the
exact value), close, or wrong with the hint only.

Boxes on the built chapters are tested from file:// in test_chapter_widgets.py.
"""

from __future__ import annotations

import json
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

STATE = ("kind", "expected", "decimals", "exact", "hint", "traps", "choices")
CASES = json.loads(
    (Path(__file__).parents[1] / "data" / "answer_cases.json").read_text(encoding="utf-8")
)["cases"]
JUDGE_ALL = "(cases) => cases.map(([state, text]) => window.ab.verdict(state, text))"


def state(box: AnswerBox) -> dict[str, object]:
    """What answer.js judges with: the box's state."""
    return {name: getattr(box, name) for name in STATE}


def tries(box: AnswerBox) -> list[str]:
    """Texts a reader might type: the answer at several precisions, cut or rounded, as a
    fraction or a percentage, near misses, the known wrong answers, and text that is no
    answer."""
    if box.kind == "choice":
        return [*box.choices, f"({box.expected.upper()})", "", " ", "e", "ab"]
    x, d = box.expected, box.decimals
    texts = [f"{x:.{places}f}" for places in range(d + 4)]
    texts += [f"{int(x * 10**places) / 10**places}" for places in range(1, d + 4)]  # cut
    texts += [f"{x + step:.{d}f}" for step in (10**-d, -(10**-d), 0.4 * 10**-d, 1)]
    texts += [f"{100 * x:.{max(d - 2, 0)}f}%", f"{100 * x:.{d}f} %", f"{x:.{d}f}".replace(".", ",")]
    texts += [f"{round(x * 12)}/12", f"{round(x * 1000)}/1000", f"{x:e}", repr(x), f"{x + 0.5}"]
    texts += [f"{value:.{places}f}" for value, _ in box.traps for places in {0, max(d - 1, 0), d}]
    texts += ["", "abc", "1e400", "1.2.3", "-0", ".5", "1/0", "\ufeff1", "\u00a01 "]
    return texts


@pytest.fixture()
def module_page(page):
    import_module(page, "answer", "ab", "answers")
    return page


def test_the_shared_table_in_the_browser(module_page) -> None:
    states = {key: state(answers.box(key)) for key in {case["key"] for case in CASES}}
    got = module_page.evaluate(JUDGE_ALL, [[states[c["key"]], c["text"]] for c in CASES])
    mismatches = []
    for case, browser in zip(CASES, got, strict=True):
        want = (case["outcome"], case["message"].replace("{hint}", exercises.hint(case["key"])))
        if (browser["outcome"], browser["message"]) != want:
            mismatches.append((case["key"], case["text"], browser, want))
        assert browser["correct"] == (case["outcome"] == "right")
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[0]}"
    assert len(got) == len(CASES) > 80


def python_verdict(box: dict, text: str) -> exercises.CheckResult:
    """The Python rule on the box's own state (answers.verdict computes the answer anew)."""
    try:
        typed = exercises.read(box["kind"], text, box["choices"])
    except ValueError as error:
        return exercises.CheckResult("", False, str(error), "unread")
    traps = [tuple(trap) for trap in box["traps"]]
    return exercises.judge(typed, box["expected"], box["hint"], box["decimals"], traps)


def test_browser_and_python_give_the_same_verdicts(module_page) -> None:
    cases = []
    for key in exercises.exercise_keys():
        box = answers.box(key)
        cases += [(key, state(box), text) for text in tries(box)]
    got = module_page.evaluate(JUDGE_ALL, [[box_state, text] for _, box_state, text in cases])
    mismatches = []
    for (key, box_state, text), browser in zip(cases, got, strict=True):
        python = python_verdict(box_state, text)
        want = (python.correct, python.outcome, python.message)
        if (browser["correct"], browser["outcome"], browser["message"]) != want:
            mismatches.append((key, text, browser, python.message))
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[0]}"
    outcomes = [v["outcome"] for v in got]
    assert len(cases) > 1000
    # Every verdict was met many times, and every known wrong answer with its own hint.
    counts = {outcome: outcomes.count(outcome) for outcome in set(outcomes)}
    assert set(counts) == {"right", "close", "whole", "trap", "wrong", "unread"}, counts
    assert min(counts["right"], counts["close"], counts["trap"], counts["wrong"]) > 50, counts


# Characters the two readers could take differently: digits of other scripts, every space
# JavaScript's trim() removes, separators, signs, exponents, "%" and "/".
ALPHABET = "0123456789" * 3 + ".,+-eE%/ \t\n\u00a0\ufeff\u3000\u2028\x1c\u0661\uff11"


def test_random_text_reads_alike(module_page) -> None:
    import random

    rng = random.Random(2026)
    texts = ["".join(rng.choices(ALPHABET, k=rng.randint(0, 9))) for _ in range(3000)]
    boxes = [state(answers.box(key)) for key in ("ch02-cg", "ch03-dcg-swap", "ch11-tau")]
    cases = [(box, text) for box in boxes for text in texts]
    got = module_page.evaluate(JUDGE_ALL, [list(case) for case in cases])
    mismatches = [
        (text, browser, python.message)
        for (box, text), browser in zip(cases, got, strict=True)
        if (browser["outcome"], browser["message"])
        != ((python := python_verdict(box, text)).outcome, python.message)
    ]
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[0]}"
    # The texts reach every reading: numbers, fractions, percentages and no answer.
    outcomes = {v["outcome"] for v in got}
    assert {"unread", "wrong"} <= outcomes and len(outcomes) >= 4, outcomes


def test_a_wrong_then_close_then_right_answer_from_disk(page, tmp_path: Path) -> None:
    seen = watch_requests(page, OFFLINE)
    box = answers.box("ch03-dcg-swap")
    open_standalone(page, box, tmp_path / "box.html")
    root = page.locator(".ndcg-ab")
    field = root.get_by_label("Your answer")
    verdict = root.get_by_test_id("verdict")
    assert root.get_by_test_id("verdict").inner_text() == ""
    assert "A number to 3 decimals or more, such as 0.125, 1/8 or 12.5%." in root.inner_text()
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
    assert verdict.inner_text() == f"✓ Right; exact value {box.expected:.4f}."
    assert verdict.get_attribute("data-correct") == "true"
    assert page.evaluate("() => window.ndcgWidget.model.get('answer')") == f"{box.expected:.3f}"
    assert not page.console_errors and not seen["offsite"] and not seen["failed"]


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
