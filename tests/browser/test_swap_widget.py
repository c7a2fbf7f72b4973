"""SwapWidget in Chromium: the view alone, on a standalone page and in its chapter.

Its arithmetic (the matrix, the lambdas, the NDCG after each swap) is js/arith.js, held to
ndcg.ltr by tests/browser/test_arith_parity.py; here the view shows the library's figures.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from ndcg.widgets import SwapWidget, standalone_html

from ._widgetpage import PHONE, small_targets
from .test_widget_browser import axe_violations, watch_requests

pytestmark = pytest.mark.browser

CHAPTER = "notebooks/13_optimising_ndcg.html"


@pytest.fixture()
def alone(page, tmp_path: Path):
    """A standalone page: 12 items, two with HTML-looking labels, k = 5."""
    items = [(f"doc{i}", g) for i, g in enumerate([0, 3, 1, 0, 4, 2, 0, 1, 3, 0, 2, 0])]
    items[2] = ("<img src=x onerror=alert(1)>", 1)
    widget = SwapWidget(items, k=5)
    path = tmp_path / "swap.html"
    path.write_text(standalone_html(widget), encoding="utf-8")
    seen = watch_requests(page, ("file://", "data:", "blob:"))
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready='1']", timeout=10_000)
    page.widget = widget  # type: ignore[attr-defined]
    page.requests_seen = seen  # type: ignore[attr-defined]
    return page


def order_of(page) -> list[str]:
    return page.locator(".ndcg-sw__list > li").evaluate_all(
        "els => els.map(e => e.getAttribute('data-testid').slice(5))"
    )


def library_after(page, i: int, j: int) -> tuple[float, float]:
    widget = page.widget
    widget.order = order_of(page)
    return float(widget.metrics["ndcg"]), float(widget.matrix[i, j])


def test_hover_previews_and_click_swaps(alone) -> None:
    widget = alone.locator(".ndcg-sw")
    now, delta = library_after(alone, 0, 4)
    alone.locator(".ndcg-sw__cell[data-i='0'][data-j='4']").hover()
    assert widget.get_by_test_id("pair").inner_text() == "doc0 ↔ doc4"
    after = float(widget.get_by_test_id("after").get_attribute("title"))
    assert after == pytest.approx(now + delta, rel=1e-12)
    assert float(widget.get_by_test_id("delta").get_attribute("title")) == delta
    alone.locator(".ndcg-sw__cell[data-i='0'][data-j='4']").click()
    assert order_of(alone)[:5] == ["doc4", "doc1", "<img src=x onerror=alert(1)>", "doc3", "doc0"]
    shown = float(widget.get_by_test_id("ndcg").get_attribute("title"))
    assert shown == pytest.approx(library_after(alone, 0, 1)[0], rel=1e-12)
    assert shown == pytest.approx(after, rel=1e-12)
    assert "Swapped doc0 and doc4" in widget.locator("[role=status]").inner_text()
    assert widget.locator("img").count() == 0 and not alone.console_errors


def test_the_heat_map_follows_the_order(alone) -> None:
    def shades() -> list[str]:
        return alone.locator(".ndcg-sw__cell").evaluate_all("els => els.map(e => e.className)")

    before = shades()
    alone.get_by_test_id("item-doc4").focus()
    alone.keyboard.press("Alt+ArrowUp")
    assert order_of(alone)[3:5] == ["doc4", "doc3"]
    assert shades() != before
    # Every cell's hue is the sign of the library's matrix for the new order.
    m = library_after(alone, 0, 0) and alone.widget.matrix
    classes = shades()
    n = m.shape[0]
    for i in range(n):
        for j in range(n):
            if i != j:
                sign = "gain" if m[i, j] > 0 else "loss" if m[i, j] < 0 else "zero"
                assert f"ndcg-sw__cell--{sign}" in classes[i * n + j], (i, j)


def test_the_grid_is_keyboard_operable(alone) -> None:
    widget = alone.locator(".ndcg-sw")
    alone.locator(".ndcg-sw__cell[tabindex='0']").focus()
    assert widget.get_by_test_id("pair").inner_text() == "doc0 ↔ doc1"
    alone.keyboard.press("ArrowRight")
    alone.keyboard.press("ArrowRight")
    alone.keyboard.press("ArrowRight")
    focused = alone.evaluate(
        "() => [document.activeElement.dataset.i, document.activeElement.dataset.j]"
    )
    assert focused == ["0", "4"]
    label = alone.evaluate("() => document.activeElement.getAttribute('aria-label')")
    printed = alone.evaluate("() => document.activeElement.textContent")
    assert label.startswith(
        f"{printed}: Swap position 1, doc0 (grade 0), with position 5, doc4 (grade 4)"
    )
    alone.keyboard.press("Enter")
    assert order_of(alone)[0] == "doc4"
    # Focus stays on the cell, which now offers the swap back.
    assert alone.evaluate("() => document.activeElement.dataset.j") == "4"
    assert float(widget.get_by_test_id("delta").get_attribute("title")) < 0
    assert alone.locator(".ndcg-sw__cell[tabindex='0']").count() == 1


def test_cutoff_and_gain_controls_recompute(alone) -> None:
    widget = alone.locator(".ndcg-sw")
    widget.get_by_test_id("k").select_option("")
    widget.get_by_test_id("gain").select_option("linear")
    alone.widget.k, alone.widget.gain = None, "linear"
    now, delta = library_after(alone, 1, 6)
    assert float(widget.get_by_test_id("ndcg").get_attribute("title")) == pytest.approx(
        now, rel=1e-12
    )
    alone.locator(".ndcg-sw__cell[data-i='1'][data-j='6']").hover()
    assert float(widget.get_by_test_id("delta").get_attribute("title")) == pytest.approx(
        delta, rel=1e-12
    )


def test_standalone_swap_widget_is_accessible_in_both_themes(alone) -> None:
    assert not axe_violations(alone, ".ndcg-sw")
    alone.evaluate("() => { document.documentElement.dataset.theme = 'dark'; }")
    assert not axe_violations(alone, ".ndcg-sw")
    assert not alone.requests_seen["offsite"]


def test_the_chapter_widget_is_live_without_a_kernel(page, site: Path) -> None:
    seen = watch_requests(page, ("file://", "data:", "blob:"))
    page.goto((site / CHAPTER).resolve().as_uri())
    page.wait_for_selector(".ndcg-sw [data-testid=ndcg]", timeout=30_000)
    widget = page.locator(".ndcg-sw").first
    before = widget.get_by_test_id("ndcg").inner_text()
    page.locator(".ndcg-sw__cell[data-i='0'][data-j='1']").first.click()
    assert widget.get_by_test_id("ndcg").inner_text() != before
    assert not page.console_errors
    assert not seen["offsite"], seen["offsite"]


def test_rows_and_columns_name_their_documents_and_cells_print_values(alone) -> None:
    widget = alone.locator(".ndcg-sw")
    heads = widget.locator(".ndcg-sw__head--col").all_inner_texts()
    assert heads == order_of(alone)
    assert widget.locator(".ndcg-sw__head--row").all_inner_texts() == order_of(alone)
    m = alone.widget.matrix
    cell = widget.locator(".ndcg-sw__cell[data-i='0'][data-j='4']")
    assert cell.inner_text() == f"+{m[0, 4]:.2f}".replace("+0.", "+.")
    width, height = cell.evaluate("e => [e.offsetWidth, e.offsetHeight]")
    assert width >= 36 and height >= 36
    widget.get_by_test_id("values").uncheck()
    assert cell.inner_text() == ""
    widget.get_by_test_id("values").check()
    assert cell.inner_text() != ""


def test_lambdas_stand_beside_the_matrix_and_follow_it(alone) -> None:
    widget = alone.locator(".ndcg-sw")

    def shown() -> list[float]:
        cells = widget.locator(".ndcg-sw__lambda")
        return [
            float(t.split(": ")[1].split(" ")[0])
            for t in cells.evaluate_all("els => els.map(e => e.title)")
        ]

    assert shown() == pytest.approx(alone.widget.lambdas.tolist(), rel=1e-12, abs=1e-15)
    alone.locator(".ndcg-sw__cell[data-i='0'][data-j='4']").click()
    alone.widget.order = order_of(alone)
    assert shown() == pytest.approx(alone.widget.lambdas.tolist(), rel=1e-12, abs=1e-15)


def test_last_swap_reports_the_swap_made_not_its_undo(alone) -> None:
    # The bug: right after a +0.562 swap the readouts showed only the cell's new value,
    # the swap back (-0.562).
    widget = alone.locator(".ndcg-sw")
    assert widget.get_by_test_id("last").inner_text() == "none yet"
    m = alone.widget.matrix
    alone.locator(".ndcg-sw__cell[data-i='0'][data-j='4']").click()
    assert widget.get_by_test_id("last").inner_text() == f"doc0 ↔ doc4: +{m[0, 4]:.3f}"
    assert float(widget.get_by_test_id("last").get_attribute("title")) == m[0, 4]
    widget.get_by_test_id("reset").click()
    assert widget.get_by_test_id("last").inner_text() == "none yet"


def test_the_goal_recognises_the_best_swap(alone) -> None:
    widget = alone.locator(".ndcg-sw")
    first, second, gain = alone.widget.best_swap()
    status = widget.get_by_test_id("goal-status-0")
    assert widget.get_by_test_id("goal-0").get_attribute("data-reached") == "false"
    order = order_of(alone)
    i, j = order.index(first), order.index(second)
    worse = (0, 1) if (0, 1) != (i, j) else (0, 2)
    alone.locator(f".ndcg-sw__cell[data-i='{worse[0]}'][data-j='{worse[1]}']").click()
    assert status.inner_text().startswith("Not yet: this swap changes NDCG@5 by")
    widget.get_by_test_id("reset").click()
    alone.locator(f".ndcg-sw__cell[data-i='{i}'][data-j='{j}']").click()
    assert widget.get_by_test_id("goal-0").get_attribute("data-reached") == "true"
    assert status.inner_text().startswith(f"Reached: +{gain:.3f}, the most any single swap gains")
    assert "Goal reached." in widget.locator("[role=status]").inner_text()
    alone.widget.order = order_of(alone)
    assert alone.widget.goal_status[0]["reached"]


def test_a_tap_previews_and_a_second_tap_swaps(browser, tmp_path: Path) -> None:
    context = browser.new_context(has_touch=True, is_mobile=True, viewport=PHONE)
    try:
        page = context.new_page()
        items = [(f"doc{i}", g) for i, g in enumerate([0, 3, 1, 0, 4, 2])]
        path = tmp_path / "touch.html"
        path.write_text(standalone_html(SwapWidget(items, k=5)), encoding="utf-8")
        page.goto(path.as_uri())
        page.wait_for_selector("body[data-ready='1']", timeout=10_000)
        widget = page.locator(".ndcg-sw")
        cell = page.locator(".ndcg-sw__cell[data-i='0'][data-j='4']")
        cell.tap()
        assert order_of(page)[0] == "doc0"  # shown, not made
        assert widget.get_by_test_id("pair").inner_text() == "doc0 ↔ doc4"
        cell.tap()
        assert order_of(page)[0] == "doc4"
        assert widget.get_by_test_id("last").inner_text().startswith("doc0 ↔ doc4: +")
        assert small_targets(page, ".ndcg-sw") == []
    finally:
        context.close()


def test_the_lambda_note_states_the_rule_the_lambdas_follow(alone) -> None:
    """Each lambda is half the |change| of its swaps with documents graded above it, less
    half of those graded below it (chapter 13's formula): the note says so, every row."""
    w = alone.widget
    grades = np.array(w.relevance, dtype=float)
    change = np.abs(w.matrix)
    for i, grade in enumerate(grades):
        rule = 0.5 * change[i, grades > grade].sum() - 0.5 * change[i, grades < grade].sum()
        assert w.lambdas[i] == pytest.approx(rule, rel=1e-12, abs=1e-15), i
    note = alone.locator(".ndcg-sw").get_by_test_id("lambda-note").inner_text()
    assert (
        "swaps with documents graded above it, less half of those with documents graded below"
        in note
    )
    assert "Negative pushes the document up" in note


def test_the_lambdas_stay_in_view_on_a_phone(browser, tmp_path: Path) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        labels = [f"D{i}" for i in range(1, 9)]
        widget = SwapWidget(list(zip(labels, [2, 0, 3, 0, 1, 0, 4, 0], strict=True)), k=5)
        path = tmp_path / "phone.html"
        path.write_text(standalone_html(widget), encoding="utf-8")
        page.goto(path.as_uri())
        page.wait_for_selector("body[data-ready='1']", timeout=10_000)
        hidden = page.locator(".ndcg-sw__lambda, .ndcg-sw__head--lambda").evaluate_all(
            """els => els.filter((el) => {
                 const r = el.getBoundingClientRect();
                 const box = el.closest('.ndcg-sw__scroll').getBoundingClientRect();
                 return r.left < box.left - 0.5 || r.right > box.right + 0.5
                   || r.right > innerWidth + 0.5;
               }).map((el) => el.textContent)"""
        )
        assert hidden == []
    finally:
        context.close()
