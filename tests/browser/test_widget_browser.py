"""RankingWidget in Chromium: on the built DCG chapter (no kernel), from file://, and alone.

The DCG chapter's widget holds D1-D6 (D7 and D8 judged, not retrieved) with the default
cutoff and linear gain, and reads out CG and DCG, the measures taught so far. Every figure
read from the page is checked against the ndcg library, computed in Python for the order
the page shows.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from _golden import D_CG, D_DCG, D_DCG_SWAPPED

from ndcg.teaching import examples
from ndcg.widgets import RankingWidget, standalone_html

from ._widgetpage import (
    assert_matches_library,
    axe_violations,
    drag,
    order_of,
    readouts,
    touch_drag,
    watch_requests,
)

pytestmark = pytest.mark.browser

DCG_PAGE = "notebooks/03_discounted_cumulative_gain.html"
GRADES = dict(examples.D_TABLE)
XSS = "<img src=x onerror=alert(1)>"
READY = ".ndcg-rw [data-testid=dcg]"
SHOWN = ("cg", "dcg")  # chapter 3 has taught CG and DCG, not yet IDCG and NDCG


@pytest.fixture()
def chapter(page, site_url: str):
    """The DCG chapter over http, every off-site request aborted and recorded."""
    seen = watch_requests(page, (site_url + "/", "data:", "blob:"))
    page.goto(f"{site_url}/{DCG_PAGE}")
    page.wait_for_selector(READY, timeout=30_000)
    page.requests_seen = seen  # type: ignore[attr-defined]
    return page


@pytest.fixture()
def first(chapter):
    widget = chapter.locator(".ndcg-rw").first
    assert order_of(widget) == ["D1", "D2", "D3", "D4", "D5", "D6"], "first widget is the D table"
    return widget


def test_the_chapter_widget_starts_at_the_worked_figures(chapter, first) -> None:
    assert readouts(first, SHOWN) == {"cg": D_CG, "dcg": D_DCG}
    assert first.get_by_test_id("ndcg").count() == 0 and first.get_by_test_id("idcg").count() == 0
    assert first.get_by_test_id("k").input_value() == ""
    assert first.get_by_test_id("gain").input_value() == "linear"


def test_drag_d4_above_d3_reads_6_653(chapter, first) -> None:
    drag(chapter, first, "D4", onto="D3")
    assert order_of(first) == ["D1", "D2", "D4", "D3", "D5", "D6"]
    assert first.get_by_test_id("dcg").inner_text() == "6.653"
    assert float(first.get_by_test_id("dcg").get_attribute("title")) == pytest.approx(
        D_DCG_SWAPPED, rel=1e-12
    )
    delta = first.get_by_test_id("delta").locator(".ndcg-rw__stack-shown").inner_text()
    assert delta == "CG unchanged, DCG −0.208"
    assert_matches_library(first, GRADES, unretrieved=[3, 2], keys=SHOWN)
    assert not chapter.console_errors
    assert not chapter.requests_seen["offsite"] and not chapter.requests_seen["failed"]


def test_keyboard_alt_arrow_moves_and_announces(chapter, first) -> None:
    first.get_by_test_id("item-D4").focus()
    chapter.keyboard.press("Alt+ArrowUp")
    assert order_of(first) == ["D1", "D2", "D4", "D3", "D5", "D6"]
    assert first.get_by_test_id("dcg").inner_text() == "6.653"
    focused = chapter.evaluate("() => document.activeElement.getAttribute('data-testid')")
    assert focused == "item-D4", "focus stays on the moved item"
    live = first.get_by_test_id("announcement").inner_text()
    assert "D4 moved from position 4 to 3" in live and re.search(r"DCG is now 6\.653", live)
    assert "NDCG" not in live
    chapter.keyboard.press("Alt+ArrowDown")
    assert order_of(first) == ["D1", "D2", "D3", "D4", "D5", "D6"]
    assert first.get_by_test_id("dcg").inner_text() == "6.861"
    # Plain arrows move the focus, not the item.
    chapter.keyboard.press("ArrowDown")
    focused = chapter.evaluate("() => document.activeElement.getAttribute('data-testid')")
    assert focused == "item-D5" and order_of(first)[4] == "D5"
    assert not chapter.console_errors


def test_buttons_reorder_and_match_the_library(chapter, first) -> None:
    first.get_by_role("button", name="Move D4 up").click()
    assert order_of(first) == ["D1", "D2", "D4", "D3", "D5", "D6"]
    assert_matches_library(first, GRADES, unretrieved=[3, 2], keys=SHOWN)
    first.get_by_role("button", name="Sort by grade").click()
    assert order_of(first) == ["D1", "D3", "D2", "D6", "D5", "D4"]
    assert first.get_by_test_id("dcg").inner_text() == "7.141"
    first.get_by_role("button", name="Reverse").click()
    assert order_of(first) == ["D4", "D5", "D6", "D2", "D3", "D1"]
    assert_matches_library(first, GRADES, unretrieved=[3, 2], keys=SHOWN)
    first.get_by_role("button", name="Shuffle").click()
    assert sorted(order_of(first)) == sorted(GRADES)
    assert_matches_library(first, GRADES, unretrieved=[3, 2], keys=SHOWN)
    first.get_by_test_id("reset").click()
    assert order_of(first) == ["D1", "D2", "D3", "D4", "D5", "D6"]
    assert first.get_by_test_id("dcg").inner_text() == "6.861"
    assert not chapter.console_errors


def test_every_readout_follows_k_and_gain(chapter, first) -> None:
    drag(chapter, first, "D4", onto="D3")
    for gain in ("linear", "exponential"):
        first.get_by_test_id("gain").select_option(gain)
        for k in (1, 3, 4, 6, 8, None):
            first.get_by_test_id("k").select_option("" if k is None else str(k))
            assert_matches_library(first, GRADES, k, gain, unretrieved=[3, 2], keys=SHOWN)
            label = first.locator(".ndcg-rw__readout--dcg .ndcg-rw__name").inner_text()
            assert label == ("DCG" if k is None else f"DCG@{k}")
    assert not chapter.console_errors


def test_chart_tracks_the_order(chapter, first) -> None:
    tips = first.locator(".ndcg-rw__hit title")
    assert tips.count() == 6
    assert tips.nth(2).text_content().startswith("Position 3: D3, grade 3")
    first.get_by_test_id("item-D4").focus()
    chapter.keyboard.press("Alt+ArrowUp")
    assert tips.nth(2).text_content().startswith("Position 3: D4, grade 0")
    assert "cumulative DCG 4.261859507142915" in tips.nth(2).text_content()


def test_chapter_widget_is_accessible(chapter, first) -> None:
    assert not axe_violations(chapter, ".ndcg-rw")
    chapter.evaluate("() => { document.documentElement.dataset.theme = 'dark'; }")
    assert not axe_violations(chapter, ".ndcg-rw")


def test_the_chapter_works_from_disk_offline(page, site: Path) -> None:
    seen = watch_requests(page, ("file://", "data:", "blob:"))
    page.goto((site / DCG_PAGE).resolve().as_uri())
    page.wait_for_selector(READY, timeout=30_000)
    widget = page.locator(".ndcg-rw").first
    widget.get_by_test_id("item-D4").focus()
    page.keyboard.press("Alt+ArrowUp")
    assert widget.get_by_test_id("dcg").inner_text() == "6.653"
    assert not page.console_errors
    assert not seen["offsite"], seen["offsite"]
    assert not seen["failed"], seen["failed"]


@pytest.fixture()
def alone(page, tmp_path: Path):
    """A standalone page (same ES module and CSS) with HTML-looking labels, and an item that
    was judged but not retrieved."""
    widget = RankingWidget(
        [(XSS, 2), ("</script><b>bold</b>", 3), ("plain", 0)], unretrieved=[("<i>p</i>", 1)], k=2
    )
    path = tmp_path / "widget.html"
    path.write_text(standalone_html(widget), encoding="utf-8")
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    seen = watch_requests(page, ("file://", "data:", "blob:"))
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready='1']", timeout=10_000)
    page.dialogs = dialogs  # type: ignore[attr-defined]
    page.requests_seen = seen  # type: ignore[attr-defined]
    return page


def test_html_labels_stay_text(alone) -> None:
    widget = alone.locator(".ndcg-rw")
    item = widget.get_by_test_id(f"item-{XSS}")
    assert item.locator(".ndcg-rw__label").text_content() == XSS
    assert widget.locator("img, b, i, script").count() == 0
    assert "<i>p</i>" in widget.locator(".ndcg-rw__ideal").text_content()
    item.focus()
    alone.keyboard.press("Alt+ArrowDown")
    assert order_of(widget) == ["</script><b>bold</b>", XSS, "plain"]
    assert XSS in widget.get_by_test_id("announcement").text_content()
    grades = {XSS: 2, "</script><b>bold</b>": 3, "plain": 0}
    assert_matches_library(widget, grades, k=2, unretrieved=[1])
    assert alone.dialogs == [] and not alone.console_errors
    assert not alone.requests_seen["offsite"]


def test_standalone_widget_is_accessible_in_both_themes(alone) -> None:
    assert not axe_violations(alone, ".ndcg-rw")
    alone.evaluate("() => { document.documentElement.dataset.theme = 'dark'; }")
    assert not axe_violations(alone, ".ndcg-rw")


def test_touch_drag_on_the_handle_moves_the_item(browser, tmp_path: Path) -> None:
    path = tmp_path / "touch.html"
    path.write_text(standalone_html(RankingWidget(examples.D_TABLE)), encoding="utf-8")
    context = browser.new_context(
        has_touch=True, is_mobile=True, viewport={"width": 420, "height": 900}
    )
    try:
        page = context.new_page()
        page.goto(path.as_uri())
        page.wait_for_selector("body[data-ready='1']")
        widget = page.locator(".ndcg-rw")
        touch_drag(context, page, widget, "D4", onto="D3")
        assert order_of(widget) == ["D1", "D2", "D4", "D3", "D5", "D6"]
        assert widget.get_by_test_id("dcg").inner_text() == "6.653"
    finally:
        context.close()


def test_long_list_with_table_open_is_accessible(page, tmp_path: Path) -> None:
    items = [(f"doc{i}", i % 5) for i in range(60)]
    path = tmp_path / "long.html"
    widget = RankingWidget(items, unretrieved=[("extra", 4)], k=10)
    path.write_text(standalone_html(widget), "utf-8")
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready='1']")
    page.get_by_text("Figures per position").click()
    # The table is filled when the fold opens: wait for its rows rather than count at once.
    page.wait_for_function("document.querySelectorAll('.ndcg-rw__table tbody tr').length === 60")
    for theme in ("light", "dark"):
        page.evaluate(f"() => {{ document.documentElement.dataset.theme = '{theme}'; }}")
        assert not axe_violations(page, ".ndcg-rw"), theme
    assert not page.console_errors


@pytest.mark.parametrize("unjudged", ["zero", "condense"])
def test_unjudged_items_follow_the_library_policy(page, tmp_path: Path, unjudged: str) -> None:
    items = [("A", 3), ("B", None), ("C", 2), ("D", None), ("E", 1)]
    grades = dict(items)
    path = tmp_path / "unjudged.html"
    widget = RankingWidget(items, unretrieved=[("F", 3)], k=3, unjudged=unjudged)
    path.write_text(standalone_html(widget), "utf-8")
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready='1']")
    root = page.locator(".ndcg-rw")
    assert readouts(root) == pytest.approx(widget.metrics, rel=1e-12)
    assert_matches_library(root, grades, k=3, unretrieved=[3], unjudged=unjudged)
    item = root.get_by_test_id("item-B")
    assert item.locator(".ndcg-rw__grade").text_content() == "unjudged"
    shown = item.locator(".ndcg-rw__dg").text_content()
    assert shown == ("dropped" if unjudged == "condense" else "+0.000")
    # Every judged item, best first, is the ideal: A, F, C, E.
    ideal = root.locator(".ndcg-rw__ideal .ndcg-rw__label").all_text_contents()
    assert ideal == widget.ideal_order == ["A", "F", "C", "E"]
    item.focus()
    page.keyboard.press("Alt+ArrowUp")
    assert order_of(root) == ["B", "A", "C", "D", "E"]
    assert_matches_library(root, grades, k=3, unretrieved=[3], unjudged=unjudged)
    assert not page.console_errors
