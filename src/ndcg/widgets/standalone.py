"""Write a widget's current state into a self-contained HTML page.

Used by the tests of the widgets of chapters 2 to 5 and of the exercises' answer boxes, and
by the widget benchmark.

The page carries the widget's ES module and CSS inline and drives them with a small
in-page model, so it opens from disk in any modern browser with no Jupyter, no network
and no kernel. The tests and the speed benchmark use it to exercise the view exactly as
shipped; readers can use it to share a ranking.
"""

from __future__ import annotations

import html
import json
from typing import Any

import anywidget

_MODEL_JS = """
function inPageModel(state) {
  const handlers = new Map();
  const fire = (name) => { for (const handler of handlers.get(name) ?? []) handler(); };
  return {
    get: (name) => state[name],
    set(name, value) {
      const old = state[name];
      state[name] = value;
      if (JSON.stringify(old) !== JSON.stringify(value)) fire(`change:${name}`);
    },
    save_changes() {},
    send() {},
    on(name, handler) {
      if (!handlers.has(name)) handlers.set(name, []);
      handlers.get(name).push(handler);
    },
    off(name, handler) {
      handlers.set(name, (handlers.get(name) ?? []).filter((h) => h !== handler));
    },
  };
}
"""


def _script_json(value: Any) -> str:
    # "<" escaped so no string in the state can close the <script> element early.
    return json.dumps(value).replace("<", "\\u003c")


def standalone_html(widget: anywidget.AnyWidget, title: str = "Ranking") -> str:
    """Return an HTML page that shows ``widget`` live, without Jupyter.

    Parameters
    ----------
    widget
        A :class:`~ndcg.widgets.RankingWidget` or :class:`~ndcg.widgets.AnswerBox` (any
        anywidget); the page starts from its current synced state.
    title
        The page title.

    Returns
    -------
    str
        A complete HTML document. ``window.ndcgWidget`` holds the page's model and the
        imported module once ``document.body.dataset.ready`` is ``"1"``.

    """
    if not isinstance(widget, anywidget.AnyWidget):
        raise TypeError(
            f"widget must be a RankingWidget, an AnswerBox or another anywidget, "
            f"got {type(widget).__name__}"
        )
    # The state Jupyter would sync, less the module and stylesheet, which the page inlines.
    state = {
        name: value
        for name, value in widget.get_state().items()
        if name not in ("_esm", "_css", "layout")
    }
    # The instance traits hold the module's and the stylesheet's text, as synced to Jupyter.
    source = str(widget._esm)
    css = str(widget._css).replace("</", "<\\/")
    return f"""<!DOCTYPE html>
<html lang="en" data-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 1rem; }}
html[data-theme="dark"] body {{ background: #121212; color: #e8edf2; }}
{css}
</style>
</head>
<body>
<main>
<h1>{html.escape(title)}</h1>
<div id="widget"></div>
</main>
<script type="module">
{_MODEL_JS}
const source = {_script_json(source)};
const url = URL.createObjectURL(new Blob([source], {{ type: "text/javascript" }}));
const module = await import(url);
const model = inPageModel({_script_json(state)});
module.default.render({{ model, el: document.getElementById("widget") }});
window.ndcgWidget = {{ model, module }};
document.body.dataset.ready = "1";
</script>
</body>
</html>
"""
