"""Load one of the browser's ES modules (``js/``), bundled by esbuild, into a page (for the
parity tests)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page
from widget_bundles import bundle_module

ROOT = Path(__file__).resolve().parents[2]

_IMPORT = """async ([source, name]) => {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  window[name] = await import(url);
  return Object.keys(window[name]).sort();
}"""


def import_module(page: Page, module: str, name: str) -> list[str]:
    """Import ``module`` (e.g. ``"js/arith"``) and what it imports as ``window[name]``; return
    its exports."""
    return page.evaluate(_IMPORT, [bundle_module(ROOT / f"{module}.js"), name])
