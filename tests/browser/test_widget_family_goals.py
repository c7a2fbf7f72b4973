"""RankingWidget reading out NDCG's family, with a discount choice and goals on the family.

Chapters 10 and 11 set the widget to show NDCG beside ERR (or RR beside AP), let the reader
switch the discount, and give goals such as "NDCG rises while ERR falls". On a standalone
page from file:// (no kernel), every figure on screen and every goal verdict must equal
the widget's Python side, which computes with the library.
"""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pytest

from ndcg.teaching import examples
from ndcg.widgets import RankingWidget, goals

from ._widgetpage import (
    OFFLINE,
    announcement,
    goal_state,
    open_standalone,
    order_of,
    readouts,
    watch_requests,
)

pytestmark = pytest.mark.browser

START = [label for label, _ in examples.D_TABLE]
DISCOUNTS = ["log2", "reciprocal", ("geometric", 0.8), ("log", 3)]
FAMILY = ["ndcg", "precision", "recall", "ap", "rr", "err", "rbp"]


def ndcg_and_err() -> RankingWidget:
    return RankingWidget(
        examples.D_TABLE,
        unretrieved=examples.D_UNRETRIEVED,
        k=6,
        readouts=["ndcg", "err"],
        discounts=DISCOUNTS,
        goal=goals.rises_while_falls("ndcg", "err"),
    )


def rr_and_ap() -> RankingWidget:
    return RankingWidget(
        examples.D_TABLE,
        unretrieved=examples.D_UNRETRIEVED,
        k=6,
        readouts=["ap", "rr"],
        goal=[goals.falls_while_same("ap", "rr"), goals.worst("ap")],
    )


def every_metric() -> RankingWidget:
    return RankingWidget(
        [("A", 3), ("B", None), ("C", 0), ("D", 2), ("E", 1), ("F", 4), ("G", 0)],
        unretrieved=[("H", 4), ("I", 2)],
        k=5,
        gain="exponential",
        readouts=FAMILY,
        threshold=2,
        p=0.5,
        discounts=DISCOUNTS,
        discount=("geometric", 0.8),
        goal=[goals.best("err"), goals.at_least("rbp", 0.4), goals.below("precision", 0.5)],
    )


@pytest.fixture()
def shown(page, tmp_path: Path):
    def open_(widget: RankingWidget, name: str = "widget"):
        page.requests_seen = watch_requests(page, OFFLINE)  # type: ignore[attr-defined]
        open_standalone(page, widget, tmp_path / f"{name}.html")
        return page.locator(".ndcg-rw")

    return open_


def set_order(page, order: list[str]) -> None:
    page.evaluate("(order) => window.ndcgWidget.model.set('order', order)", order)


def on_screen(widget) -> list[str]:
    return widget.locator(".ndcg-rw__readout:not(.ndcg-rw__readout--delta)").evaluate_all(
        "els => els.map(e => e.className.split('--')[1])"
    )


def assert_library(widget, w: RankingWidget) -> None:
    w.order = order_of(widget)
    got = readouts(widget, w.readouts)
    want = w.metrics
    for key in w.readouts:
        assert got[key] == pytest.approx(want[key], rel=1e-12, abs=1e-15), (key, w.discount)


def test_ndcg_and_err_side_by_side_with_a_discount_choice(shown) -> None:
    w = ndcg_and_err()
    widget = shown(w)
    assert on_screen(widget) == ["ndcg", "err"]
    assert [n.strip() for n in widget.locator(".ndcg-rw__name").all_text_contents()[:2]] == [
        "NDCG@6",
        "ERR@6",
    ]
    assert_library(widget, w)
    select = widget.get_by_test_id("discount")
    assert select.locator("option").all_text_contents() == [
        "1/log2(i+1)",
        "1/i",
        "0.8^(i−1)",
        "1/log3(i) from rank 3",
    ]
    # The goal says which discount it is measured with, since the reader may switch.
    assert "Measured with the discount 1/log2(i+1)" in widget.get_by_test_id("goal-0").inner_text()
    for i, discount in enumerate(DISCOUNTS):
        select.select_option(str(i))
        w.discount = discount
        assert_library(widget, w)
        if i:
            assert announcement(widget).startswith("Discount set to ")
    assert not widget.page.console_errors
    assert not widget.page.requests_seen["offsite"]


def test_the_chart_weights_follow_the_discount(shown) -> None:
    import ndcg

    w = ndcg_and_err()
    widget = shown(w)
    for i, discount in enumerate(DISCOUNTS):
        widget.get_by_test_id("discount").select_option(str(i))
        tips = widget.locator(".ndcg-rw__hit title").all_text_contents()
        weights = ndcg.breakdown([1] * 6, discount=discount)["discount"].tolist()
        shown_weights = [float(re.search(r"discount [^=]+ = ([-0-9.e]+)", t)[1]) for t in tips]
        assert shown_weights == pytest.approx(weights, rel=1e-12), (discount, tips)


def test_ndcg_rises_while_err_falls_is_recognised_and_announced(shown) -> None:
    w = ndcg_and_err()
    widget = shown(w)
    reached, text = goal_state(widget, 0)
    assert not reached and text.startswith("Not yet: NDCG@6 is")
    # D3 down one place: both fall, so the goal is not met.
    set_order(widget.page, ["D1", "D2", "D4", "D3", "D5", "D6"])
    assert not goal_state(widget, 0)[0]
    # The library's first solution among the 720 orders.
    solution = None
    for order in itertools.permutations(START):
        w.order = list(order)
        if w.goal_status[0]["reached"]:
            solution = list(order)
            break
    assert solution is not None, "the goal has a solution"
    widget.get_by_test_id("reset").click()
    set_order(widget.page, solution)
    w.order = solution
    status = w.goal_status[0]
    reached, text = goal_state(widget, 0)
    assert reached
    assert text == (
        f"Reached: NDCG@6 rose from {status['start']:.3f} to {status['value']:.3f} while "
        f"ERR@6 fell from {status['same_start']:.3f} to {status['same_value']:.3f}."
    )
    assert "Goal reached. Reached: NDCG@6 rose" in announcement(widget)
    assert "NDCG@6 is now" in announcement(widget) and "ERR@6 is now" in announcement(widget)
    # Measured with log2 whatever the reader picks: switching the discount keeps the verdict.
    widget.get_by_test_id("discount").select_option("1")
    assert goal_state(widget, 0)[0]
    assert not widget.page.console_errors


def test_rr_stays_while_ap_falls(shown) -> None:
    w = rr_and_ap()
    widget = shown(w)
    assert on_screen(widget) == ["ap", "rr"]
    text = widget.inner_text()
    assert "Gain" not in text and "DCG" not in text  # nothing the family chapter did not set
    assert not goal_state(widget, 0)[0]
    # D4, the one grade-0 document, second: AP falls, RR stays 1.
    set_order(widget.page, ["D1", "D4", "D2", "D3", "D5", "D6"])
    assert goal_state(widget, 0)[0]
    assert_library(widget, w)
    assert "RR@6 stayed 1.000" in goal_state(widget, 0)[1]
    # D4 first: RR falls too, so that goal is no longer met; the worst AP is reached.
    set_order(widget.page, ["D4", "D1", "D2", "D3", "D5", "D6"])
    w.order = order_of(widget)
    assert (
        [goal_state(widget, i)[0] for i in (0, 1)]
        == [s["reached"] for s in w.goal_status]
        == [False, True]
    )


def test_family_verdicts_and_figures_match_python_on_many_orders(shown) -> None:
    rng = random.Random(10)
    for make in (ndcg_and_err, rr_and_ap, every_metric):
        w = make()
        widget = shown(w, make.__name__)
        start = list(w.order)
        grade = {item["label"]: item["grade"] or 0 for item in w.items}
        best = sorted(start, key=lambda label: -grade[label])
        orders = [best, best[::-1]] + [rng.sample(start, len(start)) for _ in range(30)]
        orders += [
            [start[j] if x == i else start[i] if x == j else s for x, s in enumerate(start)]
            for i, j in itertools.combinations(range(len(start)), 2)
        ]
        # An order that meets each goal, found by the library, for goals few orders meet.
        for i in range(len(w.goals)):
            for order in itertools.permutations(start):
                w.order = list(order)
                if w.goal_status[i]["reached"]:
                    orders.append(list(order))
                    break
        verdicts = set()
        for order in orders:
            set_order(widget.page, order)
            assert_library(widget, w)
            for i, status in enumerate(w.goal_status):
                reached, text = goal_state(widget, i)
                assert reached == status["reached"], (make.__name__, order, i, text)
                assert f"{status['value']:.3f}" in text, (order, text)
                verdicts.add((i, reached))
        # Not vacuous: each goal is met by some orders and missed by others.
        assert verdicts >= {(i, b) for i in range(len(w.goals)) for b in (False, True)}
        assert not widget.page.console_errors
