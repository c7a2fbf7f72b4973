"""RankingWidget as a reader finishes it: keyboard focus after a swap, a phone's label sizes,
the goals strip and the sort button. Standalone pages (the module and CSS the site ships)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ndcg.teaching import examples
from ndcg.widgets import RankingWidget, goals

from .widgetpage import goal_state, open_standalone, order_of

pytestmark = pytest.mark.browser

FOCUSED = "() => document.activeElement.closest('li')?.getAttribute('data-testid')"


@pytest.fixture()
def d_table(page, tmp_path: Path):
    open_standalone(page, RankingWidget(examples.D_TABLE), tmp_path / "d.html")
    return page, page.locator(".ndcg-rw")


def _arrow_moves_within_the_list(page, widget, expected: str) -> None:
    """The next ArrowDown goes to the row below, and the page does not scroll."""
    before = page.evaluate("() => scrollY")
    page.keyboard.press("ArrowDown")
    assert page.evaluate(FOCUSED) == f"item-{expected}"
    assert page.evaluate("() => scrollY") == before


def test_space_space_swap_keeps_the_focus_on_the_moved_row(d_table) -> None:
    page, widget = d_table
    widget.get_by_test_id("item-D2").focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")  # D4 swaps with D2
    assert order_of(widget) == ["D1", "D4", "D3", "D2", "D5", "D6"]
    assert page.evaluate(FOCUSED) == "item-D4"
    _arrow_moves_within_the_list(page, widget, "D3")


def test_enter_on_the_swap_buttons_keeps_the_focus(d_table) -> None:
    page, widget = d_table
    widget.get_by_test_id("swap-D1").focus()
    page.keyboard.press("Enter")
    widget.get_by_test_id("swap-D5").focus()
    page.keyboard.press("Enter")
    assert order_of(widget) == ["D5", "D2", "D3", "D4", "D1", "D6"]
    assert page.evaluate("() => document.activeElement.dataset.testid") == "swap-D5"
    _arrow_moves_within_the_list(page, widget, "D2")


def test_a_mouse_swap_keeps_the_focus_in_the_list(d_table) -> None:
    page, widget = d_table
    widget.get_by_test_id("swap-D3").click()
    widget.get_by_test_id("swap-D6").click()  # the redraw moves D6's row
    assert order_of(widget) == ["D1", "D2", "D6", "D4", "D5", "D3"]
    assert page.evaluate(FOCUSED) == "item-D6"
    before = page.evaluate("() => scrollY")
    page.keyboard.press("ArrowUp")
    assert page.evaluate(FOCUSED) == "item-D2"
    assert page.evaluate("() => scrollY") == before


def test_sort_by_grade_does_not_finish_a_best_order_goal(page, tmp_path: Path) -> None:
    widget_model = RankingWidget(examples.D_TABLE, k=6, goal=[goals.best("ndcg")])
    open_standalone(page, widget_model, tmp_path / "best.html")
    widget = page.locator(".ndcg-rw")
    widget.get_by_test_id("sort").click()
    reached, text = goal_state(widget, 0)
    assert not reached and text.startswith("Not counted") and "Reset" in text
    assert "Sort by grade" in widget.get_by_test_id("announcement").text_content()
    # Moving an item and back leaves the sorted order: still the button's work.
    widget.get_by_test_id("item-D1").focus()
    page.keyboard.press("Alt+ArrowDown")
    page.keyboard.press("Alt+ArrowUp")
    assert not goal_state(widget, 0)[0]
    # After Reset the same order, reached by the reader's own moves, counts.
    widget.get_by_test_id("reset").click()
    assert goal_state(widget, 0)[1].startswith("Not yet")
    grades = dict(examples.D_TABLE)
    best = sorted(grades, key=lambda label: -grades[label])
    for position, label in enumerate(best):
        while order_of(widget).index(label) > position:
            widget.get_by_role("button", name=f"Move {label} up").click()
    assert order_of(widget) == best
    reached, text = goal_state(widget, 0)
    assert reached and text.startswith("Reached"), text
