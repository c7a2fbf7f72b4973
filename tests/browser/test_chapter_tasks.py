"""The widget tasks of chapters 1 and 6 to 11 on the built site, with no kernel behind them.

Each chapter's task gives the widget a goal fitted to its question; here a reader's actions
(sort, swap by mouse, swap by keyboard, the discount selector) complete each one, the page
says so on screen and to screen readers, and every figure equals what the widget's Python
side computes with the library. The widgets below are built as the chapters build theirs.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import ndcg
from ndcg.teaching import examples
from ndcg.widgets import RankingWidget, goals

from ._widgetpage import (
    PHONE,
    announcement,
    goal_state,
    inside,
    order_of,
    readouts,
    settled,
    small_targets,
    sort_by_hand,
    watch_requests,
)

pytestmark = pytest.mark.browser

PAGES = {
    1: ("notebooks/01_ranking_and_relevance.html", "Try it: the best documents first"),
    6: ("notebooks/06_edge_cases.html", "Try it: the padded ideal"),
    7: ("notebooks/07_many_queries.html", "Try it: lift the mean"),
    8: ("notebooks/08_pitfalls.html", "Try it: catch exhibit 2 in the act"),
    9: ("notebooks/09_ndcg_in_the_wild.html", "Try it: one swap at a cutoff"),
    10: ("notebooks/10_why_a_logarithm.html", "Try it: NDCG up, ERR down"),
    11: ("notebooks/11_the_family.html", "Try it: RR stays, AP falls"),
    12: ("notebooks/12_what_ndcg_cannot_tell.html", "Try it: the cutoff decides"),
}


def _films() -> tuple[list[tuple[str, int]], list[float]]:
    by_estimate = sorted(range(10), key=lambda i: -examples.RATINGS_ESTIMATE[i])
    items = [(f"film {i + 1}", examples.RATINGS_TRUE[i]) for i in by_estimate]
    return items, [examples.RATINGS_ESTIMATE[i] for i in by_estimate]


def _query_2_needed() -> float:
    per_query = [ndcg.ndcg(g, k=5, pool=g) for g in examples.FRACTIONAL_SCORE_LISTS]
    return 3 * 0.999 - per_query[0] - per_query[2]


# The chapters' widgets, as the notebooks build them (the site holds their saved state).
WIDGETS: dict[int, Callable[[], RankingWidget]] = {
    1: lambda: RankingWidget(
        examples.D_TABLE,
        unretrieved=examples.D_UNRETRIEVED,
        k=6,
        readouts=["ndcg"],
        series=["grade"],
        goal=goals.best("ndcg"),
    ),
    6: lambda: RankingWidget(
        [(f"film {i + 1}", g) for i, g in enumerate(examples.SHORT_USER_TRUE)],
        pad=5,  # the padded ideal follows the cutoff: seven imagined films at k = 10
        k=10,
        gain="exponential",
        goal=[goals.best("ndcg"), goals.at_least("ndcg", 0.5)],
    ),
    7: lambda: RankingWidget(
        [(f"result {i + 1}", g) for i, g in enumerate(examples.FRACTIONAL_SCORE_LISTS[1])],
        k=5,
        goal=goals.at_least("ndcg", _query_2_needed()),
    ),
    8: lambda: RankingWidget(examples.D_TABLE, k=6, goal=goals.best("ndcg")),
    9: lambda: RankingWidget(
        _films()[0],
        scores=_films()[1],
        score_name="estimate",
        k=5,
        gain="exponential",
        goal=goals.best("ndcg", swaps=1),
    ),
    10: lambda: RankingWidget(
        examples.D_TABLE,
        unretrieved=examples.D_UNRETRIEVED,
        k=6,
        readouts=["ndcg", "err"],
        max_grade=3,
        discounts=["log2", ("log", 2), "reciprocal", ("geometric", 0.8)],
        goal=goals.rises_while_falls("ndcg", "err"),
    ),
    11: lambda: RankingWidget(
        examples.D_TABLE,
        unretrieved=examples.D_UNRETRIEVED,
        readouts=["ap", "rr"],
        goal=goals.falls_while_same("ap", "rr"),
    ),
    12: lambda: RankingWidget(
        examples.D_TABLE,
        unretrieved=examples.D_UNRETRIEVED,
        k=2,
        goal=goals.rises_while_falls("ndcg", "ndcg", other_k=6),
    ),
}
# Words chapter 1 has not taught: its widget previews NDCG and shows nothing behind it.
UNTAUGHT = {1: ["CG", "DCG", "IDCG", "Gain", "gain", "discount"]}


def open_chapter(page, site_url: str, chapter: int):
    seen = watch_requests(page, (site_url + "/", "data:", "blob:"))
    page.goto(f"{site_url}/{PAGES[chapter][0]}")
    page.wait_for_selector(".ndcg-rw .ndcg-rw__list > li", timeout=30_000)
    page.requests_seen = seen  # type: ignore[attr-defined]
    return page.locator(".ndcg-rw").first


def on_screen(widget) -> list[str]:
    return widget.locator(".ndcg-rw__readout:not(.ndcg-rw__readout--delta)").evaluate_all(
        "els => els.map(e => e.className.split('--')[1])"
    )


def assert_library(widget, w: RankingWidget) -> None:
    w.order = order_of(widget)
    got = readouts(widget, w.readouts)
    for key, value in w.metrics.items():
        if key in got:
            assert got[key] == pytest.approx(value, rel=1e-12, abs=1e-15), key


def swap(widget, a: str, b: str) -> None:
    """Swap two items with the mouse: ⇄ on one, then on the other."""
    widget.get_by_test_id(f"swap-{a}").click()
    widget.get_by_test_id(f"swap-{b}").click()


def reorder(widget, target: list[str]) -> list[str]:
    """Bring the list to ``target`` by swaps with the mouse, one position at a time.

    Returns what the page announced after each swap.
    """
    said = []
    for i, label in enumerate(target):
        current = order_of(widget)
        if current[i] != label:
            swap(widget, current[i], label)
            said.append(announcement(widget))
    assert order_of(widget) == target
    return said


@pytest.mark.parametrize("chapter", sorted(PAGES))
def test_each_task_shows_its_readouts_and_a_goal_not_yet_reached(
    page, site_url: str, chapter: int
) -> None:
    widget = open_chapter(page, site_url, chapter)
    w = WIDGETS[chapter]()
    assert on_screen(widget) == w.readouts
    assert_library(widget, w)
    text = widget.inner_text() + " ".join(widget.locator("svg title, svg text").all_text_contents())
    for word in UNTAUGHT.get(chapter, []):
        assert not re.search(rf"\b{word}\b", text), (chapter, word)  # "NDCG" is no "DCG"
    assert widget.locator(".ndcg-rw__goal").count() == len(w.goals)
    for i, status in enumerate(w.goal_status):
        reached, shown = goal_state(widget, i)
        assert reached is status["reached"] is False, (chapter, i, shown)
        assert shown.startswith("Not yet:"), shown
    # The task box names the goal and skips to the widget.
    section = page.locator(f"section:has(> h2:has-text('{PAGES[chapter][1]}'))")
    task = section.locator(".admonition:has(a:has-text('Skip to the widget'))")
    # Read as written: until the reader scrolls to it, the browser skips drawing the task box
    # (book/_static/site.css), and a box not drawn has no rendered text.
    assert "Goal" in task.text_content()
    assert not page.console_errors and not page.requests_seen["offsite"]


@pytest.mark.parametrize("chapter", sorted(PAGES))
def test_the_skip_link_reaches_the_widget_in_one_tab(page, site_url: str, chapter: int) -> None:
    open_chapter(page, site_url, chapter)
    section = page.locator(f"section:has(> h2:has-text('{PAGES[chapter][1]}'))")
    section.locator("a:has-text('Skip to the widget')").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.getAttribute('data-testid')")
    assert focused == f"item-{order_of(page.locator('.ndcg-rw').first)[0]}"


def test_chapter1_best_order_is_recognised_and_falls_short_of_1(page, site_url: str) -> None:
    widget = open_chapter(page, site_url, 1)
    w = WIDGETS[1]()
    # The sort button's order is not counted: the reader builds it.
    widget.get_by_test_id("sort").click()
    assert goal_state(widget, 0)[1].startswith("Not counted")
    sort_by_hand(widget)
    w.order = order_of(widget)
    best = w.goal_status[0]["limit"]
    assert best == ndcg.ndcg(sorted(examples.D_RELEVANCE, reverse=True), k=6, pool=examples.D_POOL)
    assert goal_state(widget, 0) == (
        True,
        f"Reached: {best:.3f} is the largest NDCG@6 any order reaches, not 1: the best possible "
        "list also holds D7 and D8, which were never retrieved.",
    )
    assert "NDCG@6 is now" in announcement(widget)
    assert "Goal reached." in announcement(widget)
    # The worked answer waits in the fold after the task.
    section = page.locator(f"section:has(> h2:has-text('{PAGES[1][1]}'))")
    fold = section.locator("details:has(summary:has-text('Check your answer'))")
    assert f"{best:.3f}" not in fold.inner_text()  # folded
    fold.locator("summary").click()
    assert f"{best:.3f}" in fold.inner_text()


def test_chapter6_padded_ideal_puts_the_threshold_out_of_reach(page, site_url: str) -> None:
    widget = open_chapter(page, site_url, 6)
    w = WIDGETS[6]()
    sort_by_hand(widget)
    w.order = order_of(widget)
    best, _ = w.goal_status
    assert best["reached"] and goal_state(widget, 0)[0]
    imagined = ", ".join(f"imagined {i}" for i in range(1, 7)) + " and imagined 7"
    assert goal_state(widget, 1) == (
        False,
        f"Out of reach: {best['limit']:.3f} is the best NDCG@10 any order reaches, not 1: "
        f"the best possible list also holds {imagined}, which were never retrieved.",
    )
    padded = ndcg.ndcg([5, 3, 1], k=10, gain="exponential", pool=[1, 3, 5] + [5] * 7)
    assert best["limit"] == pytest.approx(padded, rel=1e-12)


def test_chapter7_one_mouse_swap_lifts_the_mean(page, site_url: str) -> None:
    widget = open_chapter(page, site_url, 7)
    w = WIDGETS[7]()
    swap(widget, "result 2", "result 3")  # a swap that does not reach the target
    assert not goal_state(widget, 0)[0]
    widget.get_by_test_id("reset").click()
    swap(widget, "result 5", "result 6")
    w.order = order_of(widget)
    assert w.goal_status[0]["reached"] and goal_state(widget, 0)[0]
    per_query = [ndcg.ndcg(g, k=5, pool=g) for g in examples.FRACTIONAL_SCORE_LISTS]
    per_query[1] = w.metrics["ndcg"]
    assert sum(per_query) / 3 >= 0.999  # the goal is the mean's target, as the task says
    assert "result 5 and result 6 swapped" in announcement(widget)
    assert "Goal reached." in announcement(widget)


def test_chapter8_the_broken_ideal_calls_sorting_perfect(page, site_url: str) -> None:
    widget = open_chapter(page, site_url, 8)
    assert "left out on purpose" in widget.get_by_test_id("note").inner_text()
    sort_by_hand(widget)
    assert goal_state(widget, 0) == (
        True,
        "Reached: 1.000 is the largest NDCG@6 any order reaches.",
    )


def test_chapter9_best_swap_by_keyboard_with_tie_groups_shaded(page, site_url: str) -> None:
    widget = open_chapter(page, site_url, 9)
    w = WIDGETS[9]()
    ties = widget.locator(".ndcg-rw__list > li").evaluate_all(
        "els => els.map(e => e.dataset.tie ?? null)"
    )
    assert ties.count(None) < len(ties)  # the films tied on their estimate are shaded
    start = list(w.order)
    best = None
    for i, j in itertools.combinations(range(len(start)), 2):
        order = list(start)
        order[i], order[j] = order[j], order[i]
        w.order = order
        if w.goal_status[0]["reached"]:
            best = (i, j)
            break
    assert best is not None
    i, j = best
    # Keyboard: focus the first row, go down to i, Space, go down to j, Space.
    widget.get_by_test_id(f"item-{start[0]}").focus()
    for _ in range(i):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    for _ in range(j - i):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    w.order = order_of(widget)
    assert w.goal_status[0]["reached"]
    reached, status = goal_state(widget, 0)
    assert reached and status == "Reached: 1.000 is the largest NDCG@5 any single swap reaches."


def test_chapter10_ndcg_up_err_down_and_a_discount_switch(page, site_url: str) -> None:
    widget = open_chapter(page, site_url, 10)
    w = WIDGETS[10]()
    solution = None
    for order in itertools.permutations(w.order):
        w.order = list(order)
        if w.goal_status[0]["reached"]:
            solution = list(order)
            break
    assert solution is not None
    widget.scroll_into_view_if_needed()
    parts = [widget.locator(".ndcg-rw__list"), widget.locator(".ndcg-rw__panel--chart")]
    before = settled(page, widget, parts)
    said = reorder(widget, solution)
    status = w.goal_status[0]
    assert goal_state(widget, 0) == (
        True,
        f"Reached: NDCG@6 rose from {status['start']:.3f} to {status['value']:.3f} while "
        f"ERR@6 fell from {status['same_start']:.3f} to {status['same_value']:.3f}.",
    )
    # Announced on the swap that reached it.
    assert any("Goal reached. Reached: NDCG@6 rose" in words for words in said), said
    # Every discount the chapter offers: NDCG follows the library, ERR and the goal do not move.
    for i, discount in enumerate(w.discounts):
        widget.get_by_test_id("discount").select_option(str(i))
        w.discount = discount
        assert_library(widget, w)
        assert goal_state(widget, 0)[0]
    assert inside(widget, parts) == before  # no layout shift after moves and discount switches
    assert not page.console_errors


def test_chapter10_controls_are_large_enough_to_touch(browser, site_url: str) -> None:
    context = browser.new_context(has_touch=True, is_mobile=True, viewport=PHONE)
    try:
        page = context.new_page()
        widget = open_chapter(page, site_url, 10)
        assert widget.get_by_test_id("discount").is_visible()
        assert small_targets(page, ".ndcg-rw") == []
    finally:
        context.close()


def test_chapter11_rr_stays_while_ap_falls(page, site_url: str) -> None:
    widget = open_chapter(page, site_url, 11)
    w = WIDGETS[11]()
    text = widget.inner_text()
    assert "Gain" not in text and "DCG" not in text
    swap(widget, "D2", "D4")  # D4, the one grade-0 document, second
    w.order = order_of(widget)
    status = w.goal_status[0]
    assert status["reached"]
    assert goal_state(widget, 0) == (
        True,
        f"Reached: AP fell from {status['start']:.3f} to {status['value']:.3f} while RR "
        "stayed 1.000.",
    )
    swap(widget, "D1", "D4")  # D4 first: RR falls too
    assert goal_state(widget, 0)[0] is False
    assert "Goal no longer met." in announcement(widget)


def test_chapter12_ndcg_at_2_up_ndcg_at_6_down(page, site_url: str) -> None:
    widget = open_chapter(page, site_url, 12)
    w = WIDGETS[12]()
    goal_text = widget.get_by_test_id("goal-0").locator(".ndcg-rw__goal-text").inner_text()
    assert goal_text == "Make NDCG@2 rise while NDCG@6 falls."
    # Both grade-3 documents first, then D4: wins at k = 2, loses at k = 6.
    said = reorder(widget, ["D1", "D3", "D4", "D2", "D5", "D6"])
    w.order = order_of(widget)
    status = w.goal_status[0]
    assert status["reached"]
    assert status["same_value"] == ndcg.ndcg(w.relevance, k=6, pool=examples.D_POOL)
    assert goal_state(widget, 0) == (
        True,
        f"Reached: NDCG@2 rose from {status['start']:.3f} to {status['value']:.3f} while "
        f"NDCG@6 fell from {status['same_start']:.3f} to {status['same_value']:.3f}.",
    )
    assert any("Goal reached." in words for words in said), said
    # Sorted by grade, NDCG@6 rises too: the goal is no longer met.
    widget.get_by_test_id("sort").click()
    assert goal_state(widget, 0)[0] is False
    assert "Goal no longer met." in announcement(widget)


def test_library_tables_fit_the_page_at_1280_px(browser, site_url: str) -> None:
    """Chapter 9's two wide tables of libraries, now the reference appendix's."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{site_url}/book/library-conventions.html")
        # Widths are measured in the page's own font, not the fallback it shows before.
        tables = page.evaluate(
            """async () => { await document.fonts.ready;
               return [...document.querySelectorAll('article table')].map((t) => {
                 const box = t.closest('.pst-scrollable-table-container') ?? t.parentElement;
                 return { head: t.querySelector('th')?.textContent.trim(),
                          table: t.scrollWidth, room: box.clientWidth,
                          scrolls: box.scrollWidth > box.clientWidth }; }); }"""
        )
        libraries = [t for t in tables if t["head"] == "library"]
        assert len(libraries) == 2, tables
        for table in libraries:
            assert not table["scrolls"] and table["table"] <= table["room"], table
    finally:
        context.close()


def test_the_site_tasks_work_from_disk(page, site: Path) -> None:
    page.goto((site / PAGES[10][0]).as_uri())
    page.wait_for_selector(".ndcg-rw .ndcg-rw__list > li", timeout=30_000)
    widget = page.locator(".ndcg-rw").first
    widget.get_by_test_id("discount").select_option("2")
    w = WIDGETS[10]()
    w.discount = "reciprocal"
    assert_library(widget, w)
    assert not page.console_errors
