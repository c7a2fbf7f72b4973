"""Take the README's screenshot: the ranking widget as it appears on the built DCG page.

The page is opened from disk (file://) in Debian's Chromium with every other request refused,
so the picture shows what the self-contained site really renders. Build the book first
(``make book``); then run ``.venv/bin/python tools/screenshot.py``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_build" / "html"
OUT = ROOT / "book" / "images" / "widget-screenshot.png"
DCG_PAGE = "notebooks/03_discounted_cumulative_gain.html"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
# The output block that holds the first live ranking widget on the page.
WIDGET_OUTPUT = "div.cell_output:has(.ndcg-rw)"
# The theme's sticky bars would otherwise sit over the top of the captured block.
UNSTICK = ".bd-header, .bd-header-article { position: static !important; }"


def screenshot(site: Path, out: Path, color_scheme: str = "light") -> Path:
    """Render the DCG page from ``site`` and save its first widget's output block to ``out``."""
    from playwright.sync_api import sync_playwright

    page_file = site / DCG_PAGE
    if not page_file.is_file():
        sys.exit(f"screenshot: {page_file} not found; build the book first (`make book`)")
    out.parent.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
        try:
            context = browser.new_context(
                viewport={"width": 1100, "height": 1600}, color_scheme=color_scheme
            )
            context.route(
                "**/*",
                lambda route, request: (
                    route.continue_()
                    if request.url.startswith(("file://", "data:", "blob:"))
                    else route.abort()
                ),
            )
            page = context.new_page()
            page.goto(page_file.as_uri(), wait_until="load")
            page.add_style_tag(content=UNSTICK)
            block = page.locator(WIDGET_OUTPUT).first
            block.wait_for(state="visible", timeout=60_000)
            block.scroll_into_view_if_needed()
            page.evaluate("() => document.fonts.ready")
            block.screenshot(path=str(out), animations="disabled")
        finally:
            browser.close()
    return out


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and write the screenshot."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=SITE, help="the built site")
    parser.add_argument("--out", type=Path, default=OUT, help="the PNG to write")
    parser.add_argument("--dark", action="store_true", help="render in the dark colour scheme")
    args = parser.parse_args(argv)
    path = screenshot(args.site, args.out, "dark" if args.dark else "light")
    print(f"screenshot: wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


if __name__ == "__main__":
    main()
