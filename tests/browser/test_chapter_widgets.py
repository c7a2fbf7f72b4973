"""The chapters' widgets and answer boxes on the built site, as a reader without a kernel
meets them: readouts per chapter, goals, tie groups, skip links, folds and answer boxes,
over http and from file://, on a desktop and on a 390 px touch screen."""

from __future__ import annotations

from pathlib import Path

import pytest

import ndcg
from ndcg.teaching import answers, examples
from ndcg.widgets import RankingWidget, goals

from ._widgetpage import (
    OFFLINE,
    PHONE,
    announcement,
    assert_matches_library,
    goal_state,
    inside,
    order_of,
    settled,
    small_targets,
    sort_by_hand,
    watch_requests,
)

pytestmark = pytest.mark.browser

PAGES = {
    2: "notebooks/02_cumulative_gain.html",
    3: "notebooks/03_discounted_cumulative_gain.html",
    4: "notebooks/04_ideal_dcg_and_ndcg.html",
    5: "notebooks/05_scores_and_ties.html",
}
READOUTS = {
    2: ["cg"],
    3: ["cg", "dcg"],
    4: ["cg", "dcg", "idcg", "ndcg"],
    5: ["cg", "dcg", "idcg", "ndcg"],
}
# Words a chapter has not taught yet, which its widget must not show.
UNTAUGHT = {2: ["DCG", "ideal", "discount", "Gain"], 3: ["IDCG", "NDCG", "ideal"]}
GRADES = dict(examples.D_TABLE)


def open_chapter(page, site_url: str, chapter: int):
    seen = watch_requests(page, (site_url + "/", "data:", "blob:"))
    page.goto(f"{site_url}/{PAGES[chapter]}")
    page.wait_for_selector(".ndcg-rw [data-testid=cg]", timeout=30_000)
    page.requests_seen = seen  # type: ignore[attr-defined]
    return page.locator(".ndcg-rw").first


@pytest.mark.parametrize("chapter", [2, 3, 4, 5])
def test_each_chapter_shows_the_measures_it_has_taught(page, site_url: str, chapter: int) -> None:
    widget = open_chapter(page, site_url, chapter)
    shown = widget.locator(".ndcg-rw__readout:not(.ndcg-rw__readout--delta)")
    assert (
        shown.evaluate_all("els => els.map(e => e.className.split('--')[1])") == READOUTS[chapter]
    )
    text = widget.inner_text() + " ".join(widget.locator("svg title, svg text").all_text_contents())
    for word in UNTAUGHT.get(chapter, []):
        assert word not in text, (chapter, word)
    if chapter < 5:  # the running example: one pool of judged documents wherever D1-D6 appear
        k = 6 if chapter == 4 else None
        assert_matches_library(widget, GRADES, k=k, unretrieved=[3, 2], keys=READOUTS[chapter])
        labels = widget.locator(".ndcg-rw__panel--ideal .ndcg-rw__label").all_text_contents()
        assert sorted(labels) == [f"D{i}" for i in range(1, 9)]
    assert widget.locator(".ndcg-rw__goal").count() >= 1
    assert not page.console_errors and not page.requests_seen["offsite"]


def test_chapter2_announces_cg_and_what_it_cannot_see(page, site_url: str) -> None:
    widget = open_chapter(page, site_url, 2)
    widget.get_by_test_id("item-D4").focus()
    page.keyboard.press("Alt+ArrowUp")
    assert announcement(widget) == "D4 moved from position 4 to 3. CG is still 11.000."
    delta = widget.get_by_test_id("delta").locator(".ndcg-rw__stack-shown")
    assert delta.inner_text() == "CG unchanged"


def test_chapter4_goal_not_reached_then_reached_with_the_best_value(page, site_url: str) -> None:
    widget = open_chapter(page, site_url, 4)
    assert goal_state(widget, 0) == (False, "Not yet: NDCG@6 is 0.785.")
    w = RankingWidget(
        examples.D_TABLE,
        unretrieved=examples.D_UNRETRIEVED,
        k=6,
        goal=[goals.at_least("ndcg", 0.8), goals.below("ndcg", 0.7, swaps=1)],
    )
    said = sort_by_hand(widget)
    w.order = order_of(widget)
    best = w.goal_status[0]["limit"]
    assert best == ndcg.ndcg(sorted(examples.D_RELEVANCE, reverse=True), k=6, pool=examples.D_POOL)
    reached, status = goal_state(widget, 0)
    assert reached and status.endswith(
        f"The best any order reaches is {best:.3f}, not 1: the best possible list "
        "also holds D7 and D8, which were never retrieved."
    )
    assert any("Goal 1 reached." in words for words in said), said
    assert not page.console_errors


def test_chapter5_ties_are_shaded_and_the_pessimistic_order_is_recognised(
    page, site_url: str
) -> None:
    widget = open_chapter(page, site_url, 5)
    ties = widget.locator(".ndcg-rw__list > li").evaluate_all(
        "els => els.map(e => e.dataset.tie ?? null)"
    )
    assert ties == [None, "0", "0", "0", "0", "1", "1", None, "2", "2"]
    assert widget.locator(".ndcg-rw__score").first.inner_text() == "estimate 5.5"
    widget.get_by_test_id("swap-film 3").click()
    widget.get_by_test_id("swap-film 10").click()
    pessimistic = ndcg.ndcg_from_scores(
        examples.RATINGS_TRUE,
        examples.RATINGS_ESTIMATE,
        k=10,
        gain="exponential",
        ties="pessimistic",
    )
    assert goal_state(widget, 0) == (
        True,
        f"Reached: {pessimistic:.3f} is the smallest NDCG@10 any order reaches.",
    )
    widget.get_by_role("button", name="Move film 2 up").click()
    assert "edge of its tie group" in announcement(widget)


def test_skip_link_reaches_the_widget_in_one_tab(page, site_url: str) -> None:
    for chapter in (2, 3, 4, 5):
        open_chapter(page, site_url, chapter)
        task = page.locator(".admonition:has(a:has-text('Skip to the widget'))")
        assert task.count() == 1, chapter
        links = task.locator("a").evaluate_all("els => els.map(e => e.textContent)")
        assert links[-1] == "Skip to the widget"  # at most a term link or two before it
        task.locator("a:has-text('Skip to the widget')").focus()
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")
        focused = page.evaluate("() => document.activeElement.getAttribute('data-testid')")
        assert focused == f"item-{order_of(page.locator('.ndcg-rw').first)[0]}", chapter
        # The rows are one stop: the next Tab leaves the list.
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.closest('.ndcg-rw__list')") is None


def test_worked_answers_wait_in_a_fold(page, site_url: str) -> None:
    open_chapter(page, site_url, 3)
    swapped = f"{ndcg.dcg([3, 2, 0, 3, 1, 2]):.3f}"
    best = f"{ndcg.dcg(sorted(examples.D_RELEVANCE, reverse=True)):.3f}"
    section = page.locator("section:has(> h2:has-text('Try it: swap D3 and D4'))")
    assert swapped not in section.inner_text() and best not in section.inner_text()
    fold = section.locator("details:has(summary:has-text('Check your answer'))")
    fold.locator("summary").click()
    assert swapped in fold.inner_text() and best in fold.inner_text()


def test_layout_holds_still_on_the_site(browser, site_url: str) -> None:
    for options in ({}, {"has_touch": True, "is_mobile": True, "viewport": PHONE}):
        context = browser.new_context(**options)
        try:
            page = context.new_page()
            widget = open_chapter(page, site_url, 4)
            widget.scroll_into_view_if_needed()
            parts = [widget.locator(".ndcg-rw__list"), widget.locator(".ndcg-rw__panel--chart")]
            before = settled(page, widget, parts)
            widget.get_by_role("button", name="Move D4 up").click()
            assert inside(widget, parts) == before  # still "Not yet": nothing moves
            widget.get_by_test_id("sort").click()
            assert goal_state(widget, 0)[1].startswith("Not counted")
            sort_by_hand(widget)
            assert goal_state(widget, 0)[0]
            after = inside(widget, parts)
            if options:
                # A phone's goal box keeps no blank room for the verdict of success: it grows
                # once, when the goal is reached, and what is below moves down together.
                shift = after[0][1] - before[0][1]
                assert after == [(x, y + shift, w, h) for x, y, w, h in before]
            else:
                assert after == before
        finally:
            context.close()


def test_touch_targets_on_a_phone(browser, site_url: str) -> None:
    context = browser.new_context(has_touch=True, is_mobile=True, viewport=PHONE)
    try:
        page = context.new_page()
        widget = open_chapter(page, site_url, 4)
        assert small_targets(page, ".ndcg-rw") == []
        hint = widget.locator(".ndcg-rw__hint").first.inner_text()
        assert "tap" in hint and "Alt+" not in hint
        page.wait_for_selector(".ndcg-ab")
        assert small_targets(page, ".ndcg-ab") == []
    finally:
        context.close()


@pytest.mark.parametrize(
    ("chapter", "key"), [(3, "ch03-dcg-swap"), (2, "ch02-longer"), (4, "ch04-best-reordering")]
)
def test_answer_boxes_work_from_disk(page, site: Path, chapter: int, key: str) -> None:
    seen = watch_requests(page, OFFLINE)
    page.goto((site / PAGES[chapter]).resolve().as_uri())
    root = page.locator(f".ndcg-ab[data-key='{key}']")
    root.wait_for(timeout=30_000)
    expected = answers.box(key)
    verdict = root.get_by_test_id("verdict")
    if expected.kind == "choice":
        wrong = next(c for c in expected.choices if c != expected.expected)
        root.get_by_test_id(f"choice-{wrong}").check()
        root.get_by_test_id("check").click()
        assert verdict.inner_text() == f"✗ Not yet. Hint: {expected.hint}"
        root.get_by_test_id(f"choice-{expected.expected}").check()
    else:
        field = root.get_by_label("Your answer")
        field.fill(f"{expected.traps[0][0]:.4f}")
        field.press("Enter")
        assert verdict.inner_text() == (f"✗ Not yet. {expected.traps[0][1]} Hint: {expected.hint}")
        field.fill("0.123456")
        field.press("Enter")
        assert verdict.inner_text() == f"✗ Not yet. Hint: {expected.hint}"
        field.fill(f"{expected.expected:.4f}")
    root.get_by_test_id("check").click()
    right = "✓ Right." if expected.kind == "choice" else f"✓ Right; {expected.exact}."
    assert verdict.inner_text() == right
    assert not page.console_errors and not seen["offsite"] and not seen["failed"]


def test_every_exercise_has_a_live_answer_box_on_the_site(page, site: Path) -> None:
    from ndcg.teaching import exercises

    found = []
    for html in sorted((site / "notebooks").glob("*.html")):
        page.goto(html.resolve().as_uri())
        page.wait_for_load_state("load")
        count = page.locator("script[type='application/vnd.jupyter.widget-view+json']").count()
        if count:
            page.wait_for_selector(".ndcg-ab", timeout=30_000)
        found += page.locator(".ndcg-ab").evaluate_all("els => els.map(e => e.dataset.key)")
    assert sorted(found) == sorted(exercises.exercise_keys())


@pytest.mark.parametrize("chapter", [4, 5])
def test_a_skip_link_at_the_top_reaches_the_task_in_a_few_tabs(
    page, site_url: str, chapter: int
) -> None:
    # From the top of chapter 4, the widget was 58 Tab presses away (header and sidebar
    # links first) and the task's own skip link the 56th stop. The second stop now skips.
    widget = open_chapter(page, site_url, chapter)
    page.evaluate("() => { window.scrollTo(0, 0); document.activeElement?.blur(); }")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    link = page.evaluate("() => [document.activeElement.textContent, document.activeElement.hash]")
    assert link == ["Skip to the task", f"#ch{chapter:02d}-widget"]
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.getAttribute('data-testid')")
    assert focused == f"item-{order_of(widget)[0]}"


def test_pages_without_a_task_have_no_task_skip_link(page, site_url: str) -> None:
    page.goto(f"{site_url}/book/preface.html")
    assert page.locator("#ndcg-skip-task").count() == 0
