"""The text of each widget's front end: the shared helpers first, then the widget's own.

A widget's ES module is loaded from its own source text, with no imports (anywidget in
JupyterLab; ``tools/widget-loader.js`` from the state saved in a static page), so the
helpers every view uses (``_shared.js``) and the rules every widget's root follows
(``_shared.css``, under the class ``ndcg-widget``) are put in front of each widget's own
file here. The widget classes, :func:`~ndcg.widgets.standalone_html` (through the widgets'
traits) and the browser tests all take the text from :func:`front_end`.
"""

from __future__ import annotations

import functools
import pathlib

_HERE = pathlib.Path(__file__).parent
WIDGETS = ("answer", "ranking", "swap")
KINDS = ("js", "css")
# Files of a widget's module between the shared helpers and its own file: small parts of
# one view, kept apart so each has one job (they share the module's names).
_PARTS = {("ranking", "js"): ("_rule", "_verdicts", "_dock")}


@functools.cache
def front_end(widget: str, kind: str) -> str:
    """Return the ES module (``kind="js"``) or the stylesheet (``"css"``) of ``widget``.

    Parameters
    ----------
    widget
        ``"answer"``, ``"ranking"`` or ``"swap"``.
    kind
        ``"js"`` or ``"css"``.

    Returns
    -------
    str
        ``_shared.<kind>``, the widget's parts (``_rule.js``, ``_verdicts.js`` and
        ``_dock.js`` for the ranking widget's module), then ``<widget>.<kind>``.

    Examples
    --------
    >>> "function h(" in front_end("swap", "js") and "export default" in front_end("swap", "js")
    True

    """
    if widget not in WIDGETS:
        raise ValueError(f"widget must be one of {list(WIDGETS)}, got {widget!r}")
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {list(KINDS)}, got {kind!r}")
    names = ("_shared", *_PARTS.get((widget, kind), ()), widget)
    parts = [_HERE / f"{name}.{kind}" for name in names]
    return "\n".join(path.read_text(encoding="utf-8") for path in parts)
