"""Sphinx extension: a page's saved widget models listed in the order their views appear.

The widget loader (``js/widget-loader.js``) imports the first anywidget model's module
while the page's head is read, so that the first widget can be drawn as soon as its
placeholder is parsed; the other modules wait until their views are met. The first model of
the saved state is the first view's only by chance: a freshly executed notebook lists its
models as the kernel made them, one read back from the execution cache sorts them by id.
After a cached build the DCG chapter's head imported a practice box's module, and its
ranking widget was drawn a frame late (about 0.1 s on the phone profile of
``bench/site.py``). Once the pages are written, each page's state lists the models its views
show first, in the order of those views, then the others in their saved order.
"""

from __future__ import annotations

import json
import re
from typing import Any

import built_pages
from sphinx.application import Sphinx

STATE = re.compile(
    r'(<script type="application/vnd\.jupyter\.widget-state\+json">)(.*?)(</script>)', re.DOTALL
)
VIEW = re.compile(
    r'<script\b[^>]*type="application/vnd\.jupyter\.widget-view\+json">(.*?)</script>', re.DOTALL
)


def view_models(html: str) -> list[str]:
    """The model ids that ``html``'s widget views show, each once, in the order first shown."""
    order: list[str] = []
    for view in VIEW.finditer(html):
        try:
            model = json.loads(view[1])["model_id"]
        except (ValueError, KeyError, TypeError):
            continue  # not a view the loader could mount either
        if model not in order:
            order.append(model)
    return order


def in_view_order(html: str) -> str:
    """``html`` with its widget state's models in the order of its views (see the module)."""
    found = STATE.search(html)
    if found is None:
        return html
    saved = json.loads(found[2])
    rank = {model: i for i, model in enumerate(view_models(html))}
    models = list(saved.get("state", {}).items())
    ordered = sorted(models, key=lambda item: rank.get(item[0], len(rank)))
    if [model for model, _ in ordered] == [model for model, _ in models]:
        return html
    saved["state"] = dict(ordered)
    # As myst-nb writes it: the text must not end its script early.
    text = json.dumps(saved).replace("</script>", r"<\/script>")
    return html[: found.start(2)] + text + html[found.end(2) :]


def _on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    built_pages.rewrite_pages(app, exception, in_view_order)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the extension."""
    app.connect("build-finished", _on_build_finished, priority=960)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
