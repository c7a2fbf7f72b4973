"""The site's widget loader (vendor/widget-loader.js) on minimal pages, in Chromium.

Each page is written here: saved widget state and view placeholders, as myst-nb writes
them, plus the loader the built site serves. An anywidget page must come alive from the
state alone, with anywidget's model interface; a page with any other widget must be handed
to the full Jupyter widget manager, and only such a page may load it.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import anywidget
import ipywidgets
import pytest
import traitlets
from ipywidgets.embed import embed_data

from ._sitecrawl import watch_console

pytestmark = pytest.mark.browser

STATE_TYPE = "application/vnd.jupyter.widget-state+json"
VIEW_TYPE = "application/vnd.jupyter.widget-view+json"
FULL_MANAGER = ("/require.js", "/html-manager/")
READY = "ready"  # what the loader writes to <html data-widgets> once every view is mounted

# A counter that exercises the model interface: initialize once per model, render once per
# view, get/set/on/off, save_changes and send (which have nobody to talk to here).
COUNTER_ESM = """
const log = (window.loaderLog ??= { initialize: 0, renders: 0, events: [] });
export default {
  initialize({ model }) {
    log.initialize += 1;
    model.on("change", () => log.events.push("change"));
  },
  render({ model, el }) {
    log.renders += 1;
    const probe = () => log.events.push("probe");
    model.on("change:count", probe);
    model.off("change:count", probe);
    const button = document.createElement("button");
    button.className = "counter";
    const show = () => { button.textContent = `count ${model.get("count")}`; };
    show();
    model.on("change:count", (m, value) => log.events.push(`count=${value}`));
    model.on("change:count", show);
    button.addEventListener("click", () => {
      model.set("count", model.get("count") + 1);
      model.save_changes();
      model.send({ clicked: true });
    });
    el.append(button);
    el.dataset.layoutWidth = model.get("layout").get("width");
  },
};
"""
COUNTER_CSS = ".counter { color: rgb(0, 90, 0); }"


class Counter(anywidget.AnyWidget):
    _esm = COUNTER_ESM
    _css = COUNTER_CSS
    count = traitlets.Int(1).tag(sync=True)


def saved(*widgets: ipywidgets.Widget) -> tuple[dict, list[str]]:
    """The widget state Jupyter saves for ``widgets``, and their model ids."""
    data = embed_data(views=list(widgets), drop_defaults=False)
    return data["manager_state"], [spec["model_id"] for spec in data["view_specs"]]


def counter_state(**traits) -> tuple[dict, str]:
    """Saved state of one counter (and its layout, 321 px wide), and the counter's id."""
    counter = Counter(layout={"width": "321px"}, **traits)
    counter.add_class("counter-view")
    state, [model_id] = saved(counter)
    return state, model_id


def only(state: dict, model_ids: list[str]) -> dict:
    """``state`` cut to ``model_ids`` and the layouts they use (Jupyter saves every widget)."""
    keep = set(model_ids)
    for model_id in model_ids:
        layout = state["state"][model_id]["state"].get("layout", "")
        keep.add(layout.removeprefix("IPY_MODEL_"))
    return {**state, "state": {k: v for k, v in state["state"].items() if k in keep}}


def _script(kind: str, value: dict) -> str:
    # As myst-nb writes it: no "</script>" inside the tag's text.
    text = json.dumps(value).replace("</", "<\\/")
    return f'<script type="{kind}">{text}</script>'


def widget_page(path: Path, loader: Path, state: dict, view_ids: list[str], tail: str = "") -> str:
    """Write a page with ``state`` and one placeholder per id; return its file:// URL.

    As on the site: the state, then the loader, in the head; the placeholders in the body.
    """
    views = "\n".join(
        f'<div class="cell_output" id="out{i}">'
        f"{_script(VIEW_TYPE, {'model_id': model_id, 'version_major': 2, 'version_minor': 1})}"
        "</div>"
        for i, model_id in enumerate(view_ids)
    )
    path.write_text(
        f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>widgets</title>
{_script(STATE_TYPE, state)}
<script src="{loader.as_uri()}"></script>
</head><body><main>{views}</main>{tail}</body></html>
""",
        encoding="utf-8",
    )
    return path.as_uri()


@pytest.fixture()
def loader(site: Path) -> Path:
    path = site / "vendor" / "widget-loader.js"
    assert path.is_file(), "the built site has no vendor/widget-loader.js"
    return path


@pytest.fixture()
def watched(page):
    """The test page, with its console and every URL it requests recorded."""
    page.console = []
    page.requested = []
    watch_console(page, page.console)
    page.on("request", lambda request: page.requested.append(request.url))
    return page


def open_two_counters(page, loader: Path, path: Path) -> tuple[dict, str]:
    """Open a page showing one counter model twice; wait until both views are mounted."""
    state, counter = counter_state()
    page.goto(widget_page(path, loader, state, [counter, counter]))
    page.wait_for_function(f"() => document.documentElement.dataset.widgets === '{READY}'")
    return state, counter


def test_anywidget_views_come_alive_from_the_saved_state(watched, loader, tmp_path) -> None:
    page = watched
    state, counter = open_two_counters(page, loader, tmp_path / "a.html")
    buttons = page.locator("button.counter")
    assert buttons.all_inner_texts() == ["count 1", "count 1"]
    # Each view sits in a widget-subarea just before its placeholder, as Jupyter puts it.
    placed = page.evaluate(
        """() => [...document.querySelectorAll('script[type$="widget-view+json"]')].map(
             s => s.previousElementSibling.className)"""
    )
    assert placed == ["widget-subarea", "widget-subarea"]
    view = page.locator(".widget-subarea > .counter-view").first
    assert view.get_attribute("data-layout-width") == "321px"
    assert view.evaluate("el => el.style.width") == "321px"
    # The module's CSS is added once, and applies.
    widget_id = state["state"][counter]["state"]["_anywidget_id"]
    assert page.locator(f"style[data-anywidget-css='{widget_id}']").count() == 1
    assert buttons.first.evaluate("b => getComputedStyle(b).color") == "rgb(0, 90, 0)"
    assert page.evaluate("() => loaderLog") == {"initialize": 1, "renders": 2, "events": []}
    assert page.console == []


def test_set_fires_change_events_and_every_view_follows(watched, loader, tmp_path) -> None:
    page = watched
    open_two_counters(page, loader, tmp_path / "b.html")
    buttons = page.locator("button.counter")
    buttons.first.click()
    assert buttons.all_inner_texts() == ["count 2", "count 2"]
    # "change:count" reached both views' handlers with the new value, then one "change";
    # the handler removed with off() never ran.
    assert page.evaluate("() => loaderLog.events") == ["count=2", "count=2", "change"]
    buttons.last.click()
    assert buttons.all_inner_texts() == ["count 3", "count 3"]
    assert page.console == []
    assert all(url.startswith(("file://", "data:")) for url in page.requested), page.requested
    assert not [url for url in page.requested if url.endswith(FULL_MANAGER)]


def test_views_are_mounted_while_the_rest_of_the_page_still_loads(
    watched, loader, tmp_path
) -> None:
    """A widget does not wait for the end of the page: here the page's last script is slow."""
    page = watched
    esm = (
        "export default { render({ el }) {"
        " window.renderedWhile = document.readyState; el.textContent = 'drawn'; } };"
    )
    state, counter = counter_state()
    state["state"][counter]["state"]["_esm"] = esm

    def slow(route) -> None:
        time.sleep(1.5)  # the browser keeps going meanwhile: only this reply waits
        route.fulfill(body="window.slowArrived = true;", content_type="text/javascript")

    page.route("http://slow.test/**", slow)
    tail = '<script src="http://slow.test/last.js"></script>'
    page.goto(widget_page(tmp_path / "f.html", loader, state, [counter], tail=tail))
    page.wait_for_function(f"() => document.documentElement.dataset.widgets === '{READY}'")
    assert page.evaluate("() => [window.renderedWhile, window.slowArrived]") == ["loading", True]


class Bytes(anywidget.AnyWidget):
    _esm = """
    export default { async render({ model, el }) {
      const data = model.get("data");
      const layout = await model.widget_manager.get_model(model.get("layout").model_id);
      el.textContent = `${[...new Uint8Array(data.buffer, data.byteOffset, data.byteLength)]}`
        + ` ${data.constructor.name} ${layout.get("width")}`;
    } };
    """
    data = traitlets.Bytes(b"").tag(sync=True)


def test_binary_traits_and_other_models_reach_the_module(watched, loader, tmp_path) -> None:
    page = watched
    state, [model_id] = saved(Bytes(data=bytes([0, 1, 255]), layout={"width": "7px"}))
    assert state["state"][model_id]["buffers"], "the saved state carries the bytes apart"
    page.goto(widget_page(tmp_path / "g.html", loader, state, [model_id]))
    page.wait_for_function(f"() => document.documentElement.dataset.widgets === '{READY}'")
    assert page.locator(".widget-subarea").inner_text() == "0,1,255 DataView 7px"
    assert page.console == []


def test_equal_value_fires_nothing(watched, loader, tmp_path) -> None:
    page = watched
    esm = (
        "export default { render({ model, el }) {"
        " model.on('change:items', () => (window.fired = (window.fired ?? 0) + 1));"
        " model.set('items', [1, 2]); model.set('items', [1, 2, 3]);"
        " el.textContent = 'done'; } };"
    )
    state, counter = counter_state()
    state["state"][counter]["state"].update({"_esm": esm, "items": [1, 2]})
    page.goto(widget_page(tmp_path / "c.html", loader, state, [counter]))
    page.wait_for_function(f"() => document.documentElement.dataset.widgets === '{READY}'")
    assert page.evaluate("() => window.fired") == 1


def test_a_placeholder_without_saved_state_is_reported(watched, loader, tmp_path) -> None:
    page = watched
    state, counter = counter_state()
    page.goto(widget_page(tmp_path / "d.html", loader, state, [counter, "gone"]))
    # The page says so, and shows the widgets it can.
    page.wait_for_function("() => document.documentElement.dataset.widgets === 'failed'")
    assert page.locator("button.counter").count() == 1
    assert page.console == [
        "error: Widget gone has no saved state on this page; it cannot be shown."
    ]


def test_a_page_with_another_widget_loads_the_full_manager(watched, loader, tmp_path) -> None:
    page = watched
    counter = Counter(layout={"width": "321px"})
    state, view_ids = saved(ipywidgets.IntSlider(value=7, description="Seven"), counter)
    page.goto(widget_page(tmp_path / "e.html", loader, state, view_ids))
    page.wait_for_selector(".widget-slider", timeout=30_000)
    page.wait_for_selector("button.counter", timeout=30_000)
    assert page.locator(".widget-readout").first.inner_text() == "7"
    fetched = [url for url in page.requested if url.endswith("/require.js")]
    assert len(fetched) == 1, page.requested
    assert any("/html-manager/embed-amd.js" in url for url in page.requested)
    assert not [line for line in page.console if line.startswith(("error", "pageerror"))]


# Raw in the module's text: a tab, a vertical tab and a form feed, "%" alone and before two
# hex digits, "#", "?", letters from outside ASCII and trailing spaces; after the string, a
# comment ended by a carriage return alone and one ended by a line feed. A data: URL reads
# "%41" as "A", stops at "#", and the URL parser drops tabs and line breaks: the text must
# reach the browser exactly as written for the widget to render, and to render this string.
TRICKY = "a\tb\x0b\x0c %41 %% # ? é ✓ 😀  "


def test_a_module_reaches_the_browser_exactly_as_written(watched, loader, tmp_path) -> None:
    page = watched
    esm = (
        f'const TEXT = "{TRICKY}";\n'
        "// a comment that ends here\r"
        "const SHOWN = TEXT;\n"
        "// another that ends here\n"
        "export default { render({ el }) { el.dataset.text = SHOWN; } };\n"
    )
    state, counter = counter_state()
    state = only(state, [counter])
    state["state"][counter]["state"]["_esm"] = esm
    page.goto(widget_page(tmp_path / "h.html", loader, state, [counter]))
    page.wait_for_function(f"() => document.documentElement.dataset.widgets === '{READY}'")
    assert page.locator(".widget-subarea > div").get_attribute("data-text") == TRICKY
    assert page.console == []


def test_other_models_modules_wait_for_their_views_or_the_parsed_page(
    watched, loader, tmp_path
) -> None:
    """The first model's module loads with the head; another's once its view is met."""
    page = watched
    _, first_id = counter_state()
    _, second_id = counter_state()
    state, unseen_id = counter_state()  # the saved state holds every counter made so far
    # Each module notes whether its own placeholder was in the page when it was evaluated.
    for model_id, tag in ((first_id, "out0"), (second_id, "out1"), (unseen_id, "none")):
        state["state"][model_id]["state"]["_esm"] = (
            f"(window.evaluated ??= []).push(['{tag}', !!document.getElementById('{tag}'),"
            " document.readyState]);\n"
            "export default { initialize() { window.initialized = (window.initialized ?? 0)"
            " + 1; }, render({ el }) { el.textContent = 'drawn'; } };"
        )
    state = only(state, [first_id, second_id, unseen_id])
    page.route(
        "http://slow.test/**",
        lambda route: (
            time.sleep(1.0),
            route.fulfill(body="window.slowArrived = true;", content_type="text/javascript"),
        ),
    )
    # The first view, then a script that holds the parser back, then the second view.
    first_view = _script(VIEW_TYPE, {"model_id": first_id, "version_major": 2, "version_minor": 1})
    second_view = _script(
        VIEW_TYPE, {"model_id": second_id, "version_major": 2, "version_minor": 1}
    )
    path = tmp_path / "i.html"
    path.write_text(
        f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>widgets</title>
{_script(STATE_TYPE, state)}
<script src="{loader.as_uri()}"></script>
</head><body><div id="out0">{first_view}</div>
<script src="http://slow.test/held.js"></script>
<div id="out1">{second_view}</div></body></html>
""",
        encoding="utf-8",
    )
    page.goto(path.as_uri())
    page.wait_for_function(f"() => document.documentElement.dataset.widgets === '{READY}'")
    evaluated = page.evaluate("() => window.evaluated")
    assert evaluated[0] == ["out0", False, "loading"]  # with the head, before any view
    assert ["out1", True, "loading"] in evaluated  # once its view had arrived
    # No view: once the page was parsed.
    assert [e[:2] for e in evaluated].count(["none", False]) == 1
    assert [e[2] for e in evaluated if e[0] == "none"] != ["loading"]
    assert page.evaluate("() => window.initialized") == 3
    assert page.locator(".widget-subarea").all_inner_texts() == ["drawn", "drawn"]
    assert page.console == []
