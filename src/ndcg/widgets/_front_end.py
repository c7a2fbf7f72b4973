"""The text of each widget's front end: one ES module with no imports, and one stylesheet.

The browser code lives in ``js/`` at the repository's root. ``make widgets``
(``tools/widget_bundles.py``) bundles each widget's modules with esbuild into one minified
ES module, and its stylesheet with the rules every widget shares into one sheet, in
``static/`` beside this file; the wheel ships those files. A widget's module is loaded from
its text (anywidget in JupyterLab; ``js/widget-loader.js`` from the state saved in a static
page; the pages of :func:`~ndcg.widgets.standalone_html`), so it imports nothing.

In a clone, ``static/sources.json`` records what each bundle was built from: a bundle older
than its sources is refused, with the command that builds it, rather than shown as
yesterday's widget. The wheel has no sources and ships no record.
"""

from __future__ import annotations

import functools
import hashlib
import json
import pathlib

STATIC = pathlib.Path(__file__).parent / "static"
#: The repository's root, in a clone (an editable install); a wheel has no ``js/`` there.
ROOT = pathlib.Path(__file__).resolve().parents[3]
KINDS = ("js", "css")
BUILD = "run `make widgets` in the repository (esbuild, from `npm ci`, bundles js/)"


def _stale_source(bundle: pathlib.Path) -> str | None:
    """Return the first source of ``bundle`` changed since it was built, in a clone, or None."""
    record = STATIC / "sources.json"
    if not record.is_file() or not (ROOT / "js").is_dir():
        return None
    sources = json.loads(record.read_text(encoding="utf-8")).get(bundle.name)
    if sources is None:
        return f"(no record of {bundle.name} in {record})"
    for source, digest in sources.items():
        path = ROOT / source
        if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            return source
    return None


@functools.cache
def front_end(widget: str, kind: str) -> str:
    """Return the bundled ES module (``kind="js"``) or stylesheet (``"css"``) of ``widget``.

    Parameters
    ----------
    widget
        The widget's name: ``"answer"``, ``"practice"``, ``"ranking"`` or ``"swap"``.
    kind
        ``"js"`` or ``"css"``.

    Returns
    -------
    str
        The text of ``static/<widget>.<kind>``.

    Raises
    ------
    ImportError
        If the bundle is missing, or, in a clone, older than one of its sources; the
        message names the command that builds it.

    Examples
    --------
    >>> front_end("swap", "js").rstrip().endswith("as default};")
    True
    >>> front_end("swap", "css").startswith(".ndcg-widget{")
    True

    """
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {list(KINDS)}, got {kind!r}")
    path = STATIC / f"{widget}.{kind}"
    if not path.is_file():
        raise ImportError(
            f"ndcg.widgets: no bundle for the widget {widget!r}: {path} is missing; {BUILD}"
        )
    stale = _stale_source(path)
    if stale is not None:
        raise ImportError(
            f"ndcg.widgets: {path} is older than its source {stale}: {BUILD} to build it again"
        )
    return path.read_text(encoding="utf-8")
