"""RankingWidget as a reader finishes it: keyboard focus after a swap, a phone's label sizes,
the goals strip and the sort button. Standalone pages (the module and CSS the site ships)."""

from __future__ import annotations

from pathlib import Path

import pytest

import ndcg
from ndcg.teaching import examples
from ndcg.widgets import RankingWidget, goals

from ._widgetpage import PHONE, goal_state, open_standalone, order_of, readouts

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


def _short_user(pad: bool = True) -> RankingWidget:
    films = [(f"film {i + 1}", grade) for i, grade in enumerate(examples.SHORT_USER_TRUE)]
    return RankingWidget(
        films,
        pad=5 if pad else None,
        k=10,
        gain="exponential",
        goal=[goals.best("ndcg"), goals.at_least("ndcg", 0.5)],
    )


@pytest.mark.parametrize("k", [1, 3, 5, 7, 10, None])
def test_the_padded_ideal_follows_the_cutoff(page, tmp_path: Path, k) -> None:
    """Chapter 6: the ideal is padded to k, so NDCG@5 of the best order is exercise 6.1's."""
    w = _short_user()
    open_standalone(page, w, tmp_path / "pad.html")
    widget = page.locator(".ndcg-rw")
    widget.get_by_test_id("k").select_option("" if k is None else str(k))
    for label in ("film 3", "film 3", "film 2"):  # the best order: 5, 3, 1
        widget.get_by_role("button", name=f"Move {label} up", exact=True).click()
    assert order_of(widget) == ["film 3", "film 2", "film 1"]
    w.k = k
    w.order = order_of(widget)
    shown = readouts(widget)
    for key, value in w.metrics.items():
        assert shown[key] == pytest.approx(value, rel=1e-12, abs=1e-15), key
    imagined = widget.locator(".ndcg-rw__ideal-item--unretrieved .ndcg-rw__label")
    assert imagined.all_text_contents() == [
        label for label in w.ideal_order if label.startswith("imagined")
    ]
    if k == 5:
        padded = ndcg.ndcg([5, 3, 1], k=5, gain="exponential", pool=[1, 3, 5, 5, 5])
        assert shown["ndcg"] == pytest.approx(padded, rel=1e-12)
        assert f"{padded:.3f}" == "0.517"
    # The goals keep their cutoff and say so beside readouts at another.
    text = widget.get_by_test_id("goal-status-0").locator(".ndcg-rw__stack-shown").inner_text()
    if k == 10:
        assert "readouts show" not in text
    else:
        shown_k = "the whole list" if k is None else f"k = {k}"
        assert text.endswith(f"(This goal is measured at k = 10; the readouts show {shown_k}.)")
    assert not page.console_errors


def test_a_goal_beside_another_discount_names_its_own(page, tmp_path: Path) -> None:
    """Chapter 10: after a switch to 1/i the readout is NDCG@6 0.822, the goal's log2 0.785."""
    w = RankingWidget(
        examples.D_TABLE,
        unretrieved=examples.D_UNRETRIEVED,
        k=6,
        readouts=["ndcg", "err"],
        max_grade=3,
        discounts=["log2", ("log", 2), "reciprocal", ("geometric", 0.8)],
        goal=goals.rises_while_falls("ndcg", "err"),
    )
    open_standalone(page, w, tmp_path / "discount.html")
    widget = page.locator(".ndcg-rw")
    widget.get_by_test_id("discount").select_option("2")
    w.discount = "reciprocal"
    readout = readouts(widget, ("ndcg",))["ndcg"]
    assert readout == pytest.approx(w.metrics["ndcg"], rel=1e-12)
    goal_value = w.goal_status[0]["value"]
    assert f"{readout:.3f}" != f"{goal_value:.3f}"  # the two figures the reader sees differ
    text = goal_state(widget, 0)[1]
    assert f"NDCG@6 is {goal_value:.3f}" in text
    assert text.endswith(
        "(This goal is measured with the discount 1/log2(i+1); the readouts use 1/i.)"
    )
    widget.get_by_test_id("discount").select_option("0")
    assert "readouts use" not in goal_state(widget, 0)[1]


SMALLEST_TEXT = """(root) => {
  // Every piece of text in the widget at its size on screen, in CSS px: an SVG label's
  // font size times the drawing's scale, an HTML element's computed font size.
  const sizes = [];
  for (const el of root.querySelectorAll('*')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    const scale = el instanceof SVGElement ? el.getScreenCTM().a : 1;
    const text = el.textContent.trim().slice(0, 30);
    sizes.push([parseFloat(style.fontSize) * scale, el.tagName, text]);
  }
  return sizes.sort((a, b) => a[0] - b[0]).slice(0, 3);
}"""


@pytest.mark.parametrize("width", [PHONE["width"], 1280])
def test_no_label_under_10_px_on_a_phone(browser, tmp_path: Path, width: int) -> None:
    context = browser.new_context(viewport={**PHONE, "width": width})
    try:
        page = context.new_page()
        widget = RankingWidget(examples.D_TABLE, unretrieved=examples.D_UNRETRIEVED, k=6)
        open_standalone(page, widget, tmp_path / "phone.html")
        # The drawing follows its width on the frame after layout.
        page.evaluate(
            "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        smallest = page.locator(".ndcg-rw").evaluate(SMALLEST_TEXT)
        assert smallest[0][0] >= 10, smallest
        # Every position still has its label, and the bars stay inside the drawing.
        ticks = page.locator(".ndcg-rw__svg > g:last-child text").all_text_contents()
        assert ticks == [str(i) for i in range(1, 7)]
    finally:
        context.close()


def test_the_docked_goals_do_not_cover_the_lowest_rows(browser, tmp_path: Path) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        items = [(f"film {i}", grade) for i, grade in enumerate([0, 1, 3, 2, 0, 1, 2, 3, 0, 1], 1)]
        open_standalone(
            page, RankingWidget(items, k=5, goal=goals.best("ndcg")), tmp_path / "d.html"
        )
        widget = page.locator(".ndcg-rw")
        last, before_last = (widget.get_by_test_id(f"item-film {i}") for i in (10, 9))
        # Scrolled until the last row touches the bottom of the window: the dock shows.
        page.evaluate(
            "(el) => scrollBy(0, el.getBoundingClientRect().bottom - innerHeight)",
            last.element_handle(),
        )
        widget.get_by_test_id("dock").wait_for(state="visible")
        before_last.focus()
        page.keyboard.press("ArrowDown")  # the keyboard's way down to the last row

        def covered(row) -> bool:
            return row.locator(".ndcg-rw__move[data-move='-1']").evaluate(
                """(el) => { const r = el.getBoundingClientRect();
                     const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                     return !el.contains(top); }"""
            )

        assert page.evaluate(FOCUSED) == "item-film 10"
        assert not covered(last), "the dock covers the focused last row"
        page.keyboard.press("Alt+ArrowUp")
        page.keyboard.press("Alt+ArrowDown")
        assert not covered(last)
    finally:
        context.close()


def test_a_phone_keeps_no_blank_room_in_the_goals(browser, tmp_path: Path) -> None:
    """Chapter 6's two goals held 429 px at 390 px, mostly blank; now their current text."""
    for viewport, blank in ((PHONE, False), ({"width": 1280, "height": 900}, True)):
        context = browser.new_context(viewport=viewport)
        try:
            page = context.new_page()
            open_standalone(page, _short_user(), tmp_path / "goals.html")
            spare = page.locator(".ndcg-rw__goal-status").evaluate_all(
                """els => els.map((el) => el.getBoundingClientRect().height
                     - el.querySelector('.ndcg-rw__stack-shown').getBoundingClientRect().height)"""
            )
            assert len(spare) == 2
            rare = page.locator(".ndcg-rw__goal-status .ndcg-rw__sizer--rare").evaluate_all(
                "els => els.map((el) => getComputedStyle(el).display)"
            )
            assert rare
            if blank:  # a wide screen keeps room for the longest verdict: nothing shifts
                assert "none" not in rare
            else:
                assert set(rare) == {"none"}
                assert max(spare) < 1, spare
        finally:
            context.close()


def test_a_new_pad_from_the_kernel_redraws_the_ideal(page, tmp_path: Path) -> None:
    """pad set after the widget is shown (as a notebook cell may) is drawn at once."""
    w = _short_user()
    open_standalone(page, w, tmp_path / "repad.html")
    widget = page.locator(".ndcg-rw")
    imagined = widget.locator(".ndcg-rw__ideal-item--unretrieved")
    assert imagined.count() == 7
    page.evaluate("() => window.ndcgWidget.model.set('pad', 4)")
    assert imagined.count() == 7
    assert widget.locator(
        ".ndcg-rw__ideal-item--unretrieved .ndcg-rw__grade"
    ).first.inner_text() == ("grade 4")
    page.evaluate("() => window.ndcgWidget.model.set('pad', null)")
    assert imagined.count() == 0
    w.pad = None
    w.order = order_of(widget)
    assert readouts(widget)["ndcg"] == pytest.approx(w.metrics["ndcg"], rel=1e-12)
