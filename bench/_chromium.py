"""Headless Chromium for the widget and site benchmarks: one launch, one way to time a page."""

from __future__ import annotations

import os
import statistics
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


def launch(pw: Any) -> Any:
    """Start Debian's headless Chromium through a running Playwright."""
    return pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)


def evaluate_in_widgets(
    widgets: Iterable[tuple[str, Any]], script: str, args: Any, height: int
) -> list[Any]:
    """Open each widget as a standalone page, wait until it is ready, run ``script`` there.

    Returns what ``script`` returned on each page, in order.
    """
    from playwright.sync_api import sync_playwright

    from ndcg.widgets import standalone_html

    results = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as pw:
        browser = launch(pw)
        try:
            page = browser.new_page(viewport={"width": 1000, "height": height})
            for name, widget in widgets:
                path = Path(folder) / f"{name}.html"
                path.write_text(standalone_html(widget), encoding="utf-8")
                page.goto(path.as_uri())
                page.wait_for_selector("body[data-ready='1']")
                results.append(page.evaluate(script, args))
        finally:
            browser.close()
    return results


def summary(times: list[float]) -> dict[str, float]:
    """Median, 95th percentile and maximum of a list of times in ms."""
    times = sorted(times)
    return {
        "median_ms": statistics.median(times),
        "p95_ms": times[int(0.95 * (len(times) - 1))],
        "max_ms": times[-1],
    }
