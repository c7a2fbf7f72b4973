"""Helpers for the widget tests: open a widget page, read it, and act on it as a reader."""

from __future__ import annotations

from pathlib import Path

import pytest

import ndcg
from ndcg.widgets import standalone_html

AXE_JS = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
KEYS = ("cg", "dcg", "idcg", "ndcg")
OFFLINE = ("file://", "data:", "blob:")
PHONE = {"width": 390, "height": 844}


def watch_requests(page, allowed: tuple[str, ...]) -> dict[str, list[str]]:
    """Abort and record requests outside ``allowed`` prefixes; record failures and 404s."""
    seen: dict[str, list[str]] = {"offsite": [], "failed": []}

    def route(route, request) -> None:
        if request.url.startswith(allowed):
            route.continue_()
        else:
            seen["offsite"].append(request.url)
            route.abort()

    page.route("**/*", route)
    page.on(
        "request", lambda r: None if r.url.startswith(allowed) else seen["offsite"].append(r.url)
    )
    page.on("requestfailed", lambda r: seen["failed"].append(f"{r.url} {r.failure}"))
    page.on(
        "response",
        lambda r: seen["failed"].append(f"{r.url} {r.status}") if r.status >= 400 else None,
    )
    return seen


def open_standalone(page, widget, path: Path) -> None:
    """Write ``widget`` to ``path`` as a standalone page and open it from disk."""
    path.write_text(standalone_html(widget), encoding="utf-8")
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready='1']", timeout=10_000)


def order_of(widget) -> list[str]:
    ids = widget.locator(".ndcg-rw__list > li").evaluate_all(
        "els => els.map(e => e.getAttribute('data-testid'))"
    )
    return [testid.removeprefix("item-") for testid in ids]


def readouts(widget, keys=KEYS) -> dict[str, float]:
    """The readouts at full precision (title), checking the 3-decimal text agrees."""
    values = {}
    for key in keys:
        cell = widget.get_by_test_id(key)
        value = float(cell.get_attribute("title"))
        assert cell.inner_text().strip() == f"{value:.3f}", key
        values[key] = value
    return values


def library(
    order: list[str],
    grades: dict[str, float | None],
    k=None,
    gain="linear",
    unretrieved=(),
    unjudged="zero",
):
    rel = [grades[label] for label in order]
    pool = [g for g in rel if g is not None] + list(unretrieved) or None
    return {
        "cg": ndcg.cg(rel, k=k, unjudged=unjudged),
        "dcg": ndcg.dcg(rel, k=k, gain=gain, unjudged=unjudged),
        "idcg": ndcg.idcg(rel, k=k, gain=gain, pool=pool, unjudged=unjudged),
        "ndcg": ndcg.ndcg(rel, k=k, gain=gain, pool=pool, unjudged=unjudged),
    }


def assert_matches_library(
    widget, grades, k=None, gain="linear", unretrieved=(), unjudged="zero", keys=KEYS
) -> None:
    got = readouts(widget, keys)
    want = library(order_of(widget), grades, k, gain, unretrieved, unjudged)
    for key in keys:
        assert got[key] == pytest.approx(want[key], rel=1e-12, abs=1e-15), (key, k, gain)


def drag(page, widget, label: str, onto: str) -> None:
    """Drag ``label`` with the mouse until its centre is just inside the top of ``onto``."""
    source = widget.get_by_test_id(f"item-{label}")
    target = widget.get_by_test_id(f"item-{onto}")
    source.scroll_into_view_if_needed()
    a, b = source.bounding_box(), target.bounding_box()
    x = a["x"] + a["width"] * 0.3
    page.mouse.move(x, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(x, b["y"] + 2, steps=8)
    page.mouse.up()


def touch_drag(context, page, widget, label: str, onto: str) -> None:
    """Drag ``label`` by its handle with one finger, as a phone does (CDP touch events)."""
    handle = widget.get_by_test_id(f"item-{label}").locator(".ndcg-rw__handle").bounding_box()
    target = widget.get_by_test_id(f"item-{onto}").bounding_box()
    x, y = handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2
    touch = context.new_cdp_session(page)
    touch.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
    )
    for step in range(1, 9):
        point = {"x": x, "y": y + (target["y"] + 2 - y) * step / 8}
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def announcement(widget) -> str:
    return widget.get_by_test_id("announcement").text_content().replace("\u00a0", "").strip()


def goal_state(widget, i: int) -> tuple[bool, str]:
    """Whether goal ``i`` shows as reached, and the status text on screen."""
    reached = widget.get_by_test_id(f"goal-{i}").get_attribute("data-reached") == "true"
    status = widget.get_by_test_id(f"goal-status-{i}").locator(".ndcg-rw__stack-shown")
    return reached, status.text_content()


def box(locator) -> tuple[float, float, float, float]:
    """A locator's box in page coordinates (so page scrolling does not count as a shift)."""
    return tuple(
        locator.evaluate(
            """el => { const r = el.getBoundingClientRect();
                 return [r.left + scrollX, r.top + scrollY, r.width, r.height]; }"""
        )
    )


def inside(widget, parts) -> list[tuple[float, ...]]:
    """Boxes of ``parts`` measured from the widget's own corner.

    Sections far above the widget are laid out lazily as the page scrolls, which moves the
    whole widget on the page but is no shift of its layout.
    """
    origin = box(widget)
    return [(b[0] - origin[0], b[1] - origin[1], b[2], b[3]) for b in map(box, parts)]


def settled(page, widget, parts) -> list[tuple[float, ...]]:
    """The boxes once the widget's first layout is done: equal over two frames in a row.

    On a loaded machine the first measure can come before the page's fonts are decoded (text
    set in the fallback font wraps differently) or before the widget's stylesheet applies.
    """
    page.evaluate("() => document.fonts.ready.then(() => null)")
    last = inside(widget, parts)
    for _ in range(50):
        page.evaluate(
            "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        now = inside(widget, parts)
        if now == last:
            return now
        last = now
    raise AssertionError(f"the widget's layout never settled before a move: {last}")


def axe_violations(page, selector: str) -> list[str]:
    page.add_script_tag(content=AXE_JS.read_text(encoding="utf-8"))
    found = page.evaluate(
        """async (selector) => {
          const result = await axe.run({ include: [selector] }, { resultTypes: ['violations'] });
          return result.violations.map(v => ({ id: v.id, impact: v.impact,
            nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 3) }));
        }""",
        selector,
    )
    return [
        f"{v['id']} ({v['impact']}): {v['nodes']}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def small_targets(page, selector: str) -> list[str]:
    """Controls inside ``selector`` smaller than 44 x 44 px, described (a radio button's
    target is its label)."""
    return page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].flatMap((root) =>
             [...root.querySelectorAll(`button, select, input[type=text], summary,
                                        .ndcg-rw__handle, .ndcg-ab__choice`)]
               .filter((el) => el.getClientRects().length)
               .map((el) => [el, el.getBoundingClientRect()])
               .filter(([, r]) => r.width < 44 || r.height < 44)
               .map(([el, r]) => [el.tagName, el.getAttribute('aria-label') ?? el.textContent,
                                  r.width.toFixed(1), r.height.toFixed(1)].join(' ')))""",
        selector,
    )


def sort_by_hand(widget) -> list[str]:
    """Put the list in the order *Sort by grade* gives, by the reader's own ▲ moves.

    A goal does not count an order the sort button made: a reader must build it. The button
    shows the order; Reset puts the list back; then each item moves up to its place.
    Returns what the page announced after each move.
    """
    widget.get_by_test_id("sort").click()
    target = order_of(widget)
    widget.get_by_test_id("reset").click()
    said = []
    for position, label in enumerate(target):
        while order_of(widget).index(label) > position:
            widget.get_by_role("button", name=f"Move {label} up", exact=True).click()
            said.append(announcement(widget))
    assert order_of(widget) == target
    return said
