"""Practice boxes in Chromium, on the built chapters opened from disk, as a student uses them:
a wrong answer names its mistake, three right answers in a row master the skill, the streak
and the problem survive a reload, the progress page shows them and clears them; by keyboard
alone and on a 390 px touch screen. The problems themselves are held to Python's by
tests/book/test_practice.py; here the page's answers are read from ndcg.teaching.practice.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ndcg.teaching import practice

from ._widgetpage import OFFLINE, PHONE, axe_violations, small_targets, watch_requests

pytestmark = pytest.mark.browser

DCG_PAGE = "notebooks/03_discounted_cumulative_gain.html"
PROGRESS_PAGE = "book/progress.html"
CHAPTERS = {
    2: "notebooks/02_cumulative_gain.html",
    3: DCG_PAGE,
    4: "notebooks/04_ideal_dcg_and_ndcg.html",
    5: "notebooks/05_scores_and_ties.html",
    6: "notebooks/06_edge_cases.html",
    7: "notebooks/07_many_queries.html",
    10: "notebooks/10_why_a_logarithm.html",
    11: "notebooks/11_the_family.html",
}


def _box(page, skill: str):
    root = page.locator(f".ndcg-pb[data-skill='{skill}']")
    root.wait_for(timeout=30_000)
    return root


def _where(root) -> tuple[int, int]:
    """The series and the problem's number (from 0), as the box tells a notebook user."""
    found = re.search(r"practice\.problem\(\"\w+\", (\d+), (\d+)\)", root.inner_text())
    assert found, root.inner_text()
    return int(found[1]), int(found[2])


def _shown(root) -> practice.Problem:
    """The problem on screen, drawn again in Python from the box's series and number."""
    return practice.problem(root.get_attribute("data-skill"), *_where(root))


def _answer(root, text: str) -> str:
    field = root.get_by_label("Your answer")
    field.fill(text)
    field.press("Enter")
    return root.get_by_test_id("verdict").inner_text()


@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_every_chapter_shows_its_skills_boxes_from_disk(page, site: Path, chapter: int) -> None:
    seen = watch_requests(page, OFFLINE)
    page.goto((site / CHAPTERS[chapter]).resolve().as_uri())
    for skill in practice.skills_of(chapter):
        root = _box(page, skill)
        p = _shown(root)
        # Every figure the box shows is the generator's: the question and what it gives.
        assert root.get_by_test_id("question").inner_text() == f"{p.question}?"
        for label, text in p.given:
            assert f"{label}\n{text}" in root.get_by_test_id("given").inner_text()
        assert f"{p.answer:.3f}" not in root.get_by_test_id("given").inner_text() or p.decimals == 0
        assert _answer(root, f"{p.answer:.{p.decimals}f}").startswith("✓ Right")
    assert not page.console_errors and not seen["offsite"] and not seen["failed"]


def test_a_student_misses_masters_reloads_and_clears(page, site: Path) -> None:
    page.goto((site / DCG_PAGE).resolve().as_uri())
    root = _box(page, "dcg")
    p = _shown(root)
    value, hint = p.traps[0]
    verdict = _answer(root, f"{value:.3f}")
    assert verdict.startswith("✗ Not yet.") and hint in verdict
    assert root.get_by_test_id("streak").get_attribute("data-streak") == "0"
    # The worked solution, step by step, ends with the answer.
    root.get_by_test_id("show").click()
    steps = root.get_by_test_id("steps").locator("li").all_inner_texts()
    assert steps == p.steps and steps[-1].endswith(f"{p.answer:.3f}")
    for right in (1, 2, 3):
        root.get_by_test_id("new").click()
        assert root.get_by_test_id("steps").is_hidden()
        p = _shown(root)
        verdict = _answer(root, f"{p.answer:.3f}")
        assert verdict.startswith("✓ Right")
        assert root.get_by_test_id("streak").get_attribute("data-streak") == str(right)
    assert "mastered" in verdict and root.get_attribute("data-mastered") == "true"
    where = _where(root)

    page.reload()
    root = _box(page, "dcg")
    assert _where(root) == where
    assert root.get_by_test_id("verdict").inner_text().startswith("✓ You answered this problem")
    assert root.get_attribute("data-mastered") == "true"
    assert "Mastered (best streak 3)" in root.get_by_test_id("streak").inner_text()

    page.goto((site / PROGRESS_PAGE).resolve().as_uri())
    view = page.locator(".ndcg-pv")
    view.wait_for(timeout=30_000)
    assert "DCG@k: mastered" in view.locator("li[data-skill='dcg']").inner_text()
    assert "CG@k: not tried yet" in view.locator("li[data-skill='cg']").inner_text()
    assert "Practice skills mastered: 1 of 14" in view.get_by_test_id("summary").inner_text()
    view.get_by_test_id("clear").click()
    assert view.get_by_test_id("status").inner_text() == "Your progress is cleared."
    assert "DCG@k: not tried yet" in view.locator("li[data-skill='dcg']").inner_text()

    page.goto((site / DCG_PAGE).resolve().as_uri())
    root = _box(page, "dcg")
    assert root.get_attribute("data-mastered") == "false" and _where(root)[1] == 0
    assert not page.console_errors


def test_an_exercise_answered_right_reaches_the_progress_page(page, site: Path) -> None:
    from ndcg.teaching import answers

    page.goto((site / DCG_PAGE).resolve().as_uri())
    box = page.locator(".ndcg-ab[data-key='ch03-dcg-swap']")
    box.wait_for(timeout=30_000)
    field = box.get_by_label("Your answer")
    field.fill(f"{answers.box('ch03-dcg-swap').expected:.3f}")
    field.press("Enter")
    page.goto((site / PROGRESS_PAGE).resolve().as_uri())
    row = page.locator(".ndcg-pv tr[data-chapter='3']")
    row.wait_for(timeout=30_000)
    assert "1 of 4 exercises right" in row.inner_text()


def test_by_keyboard_alone(page, site: Path) -> None:
    page.goto((site / DCG_PAGE).resolve().as_uri())
    root = _box(page, "dcg")
    root.get_by_label("Your answer").focus()
    p = _shown(root)
    page.keyboard.type(f"{p.answer:.3f}")
    page.keyboard.press("Enter")
    assert root.get_by_test_id("verdict").inner_text().startswith("✓ Right")
    # Tab: Check, then New problem; Enter draws a new problem and returns to the field.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.testid") == "new"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.testid") == "answer"
    assert _where(root)[1] == p.n + 1
    page.keyboard.press("Shift+Tab")  # back past nothing: the field is the first control
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.testid") == "show"
    page.keyboard.press("Enter")
    assert root.get_by_test_id("show").get_attribute("aria-expanded") == "true"
    assert root.get_by_test_id("steps").is_visible()


def test_labels_live_verdicts_and_a_phone(browser, site: Path) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        page.goto((site / CHAPTERS[4]).resolve().as_uri())
        root = _box(page, "ndcg_exponential")
        verdict = root.get_by_test_id("verdict")
        assert verdict.get_attribute("aria-live") == "polite"
        assert verdict.get_attribute("role") == "status"
        assert root.get_attribute("aria-label") == "Practice: NDCG@k, exponential gain"
        field = root.get_by_label("Your answer")
        described = field.get_attribute("aria-describedby").split()
        assert any(page.locator(f"#{i}").inner_text().endswith("?") for i in described)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page scrolls sideways: {width} px"
        box = root.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert small_targets(page, ".ndcg-pb") == []
        assert axe_violations(page, ".ndcg-pb") == []
    finally:
        context.close()
