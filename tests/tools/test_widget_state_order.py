"""A page's widget models are listed in the order of their views (tools/widget_state_order.py)."""

from __future__ import annotations

import json
from pathlib import Path

import built_pages
import pytest
import widget_state_order

STATE_TAG = '<script type="application/vnd.jupyter.widget-state+json">'


def page(models: list[str], views: list[str]) -> str:
    """A page whose saved state lists ``models`` and whose body shows ``views``."""
    state = {
        "state": {m: {"model_module": "anywidget", "state": {"t": "</script>"}} for m in models},
        "version_major": 2,
    }
    text = json.dumps(state).replace("</script>", r"<\/script>")
    body = "".join(
        f'<p>text</p><script type="application/vnd.jupyter.widget-view+json">'
        f'{{"model_id": "{view}", "version_major": 2}}</script>'
        for view in views
    )
    return f"<head>{STATE_TAG}{text}</script></head><body>{body}</body>"


def saved_order(html: str) -> list[str]:
    start = html.index(STATE_TAG) + len(STATE_TAG)
    return list(json.loads(html[start : html.index("</script>", start)])["state"])


def test_shown_models_come_first_in_view_order_and_the_rest_keep_theirs() -> None:
    html = page(["layout1", "answer", "layout2", "practice", "ranking"], ["ranking", "answer"])
    ordered = widget_state_order.in_view_order(html)
    assert saved_order(ordered) == ["ranking", "answer", "layout1", "layout2", "practice"]
    # The state's text still cannot close its script early, and reads back the same.
    assert ordered.count("</script>") == html.count("</script>")
    assert widget_state_order.in_view_order(ordered) == ordered


def test_a_page_in_order_or_without_widgets_is_unchanged() -> None:
    html = page(["ranking", "answer", "layout"], ["ranking", "ranking", "answer", "missing"])
    assert widget_state_order.in_view_order(html) == html
    assert widget_state_order.in_view_order("<p>no widgets</p>") == "<p>no widgets</p>"


def test_each_built_pages_first_model_is_its_first_views(site: Path) -> None:
    if not site.is_dir():
        pytest.skip("needs the built site (make book)")
    checked = 0
    for path in built_pages.site_pages(site):
        html = path.read_text(encoding="utf-8")
        if STATE_TAG not in html:
            continue
        views = widget_state_order.view_models(html)
        assert saved_order(html)[: len(views)] == views, path.name
        checked += 1
    assert checked >= 14  # every chapter shows widgets
