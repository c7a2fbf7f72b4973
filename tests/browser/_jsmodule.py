"""Load one of the widgets' ES modules, bundled, into a page (for the parity tests)."""

from __future__ import annotations

from playwright.sync_api import Page

from ndcg.widgets._assets import bundle

_IMPORT = """async ([source, name]) => {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  window[name] = await import(url);
  return Object.keys(window[name]).sort();
}"""


def import_module(page: Page, module: str, name: str) -> list[str]:
    """Import ``bundle(module)`` (e.g. ``"js/arith"``) as ``window[name]``; return its exports."""
    return page.evaluate(_IMPORT, [bundle(module), name])
