"""The ranking widget's view falls back on the Python side's defaults, and only on those.

``js/ranking.js`` reads each trait with a fallback (``model.get("gain") ?? "linear"``) for a
widget state saved before the trait existed. Those fallbacks restate what
:class:`ndcg.widgets.RankingWidget` sets when an argument is left out; this holds the two
equal, and the view's list of traits to the class's synced traits.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ndcg.widgets import RankingWidget

VIEW = Path(__file__).resolve().parents[2] / "js" / "ranking.js"
FALLBACK = re.compile(r'model\.get\("(\w+)"\) \?\? (.+?),?$', flags=re.MULTILINE)


def _constants(text: str) -> dict[str, object]:
    """The module's top-level array constants (``const FULL_SERIES = [...]``), as JSON."""
    found = re.finditer(r"^const (\w+) = (\[.*?\]);$", text, flags=re.MULTILINE | re.DOTALL)
    return {m[1]: json.loads(re.sub(r",(\s*\])", r"\1", m[2])) for m in found}


def view_fallbacks() -> dict[str, object]:
    text = VIEW.read_text(encoding="utf-8")
    constants = _constants(text)
    start = text.index("function traits(model) {")
    body = text[start : text.index("\n}\n", start)]
    return {
        name: constants[value] if value in constants else json.loads(value)
        for name, value in FALLBACK.findall(body)
    }


def test_the_view_reads_every_trait_it_has_a_fallback_for() -> None:
    fallbacks = view_fallbacks()
    # The ones the view reads with a fallback; "unretrieved" is compared, not shown.
    assert {"gain", "discount", "readouts", "series", "p", "max_grade"} <= set(fallbacks)
    assert len(fallbacks) >= 12


@pytest.mark.parametrize("name", sorted(view_fallbacks()))
def test_each_fallback_is_what_the_python_side_sets_by_default(name: str) -> None:
    # Top grade 1: ERR's max_grade, read from the grades, is then the trait's own default.
    widget = RankingWidget({"A": 1, "B": 0})
    assert view_fallbacks()[name] == getattr(widget, name), name


def test_the_views_traits_are_the_widgets_synced_traits() -> None:
    text = VIEW.read_text(encoding="utf-8")
    listed = _constants(text)["TRAITS"]
    synced = set(RankingWidget.class_trait_names(sync=True))
    assert set(listed) <= synced, sorted(set(listed) - synced)
