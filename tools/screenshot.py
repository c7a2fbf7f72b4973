"""Take the README's screenshots: the ranking widget on the built DCG page, and the paired
comparison of chapter 7's two systems on the evaluation page (``--page evaluate``).

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
#: What each page's picture shows: the page, what to press first, the block captured, the PNG.
PAGES = {
    "widget": (
        "notebooks/03_discounted_cumulative_gain.html",
        None,
        "div.cell_output:has(.ndcg-rw)",
        "widget-screenshot.png",
    ),
    "evaluate": ("book/evaluate.html", "#try-chapter7", "#comparison", "evaluate-comparison.png"),
}
IMAGES = ROOT / "book" / "images"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
# The theme's sticky bars would otherwise sit over the top of the captured block.
UNSTICK = ".bd-header, .bd-header-article { position: static !important; }"


def screenshot(site: Path, out: Path, color_scheme: str = "light", which: str = "widget") -> Path:
    """Render a page of ``site`` (:data:`PAGES`) and save its block to ``out``."""
    from playwright.sync_api import sync_playwright

    path, press, selector, _ = PAGES[which]
    page_file = site / path
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
            if press:  # the evaluation page: load the example, and wait for its comparison
                page.click(press)
                page.wait_for_function("document.body.dataset.evaluateState === 'done'")
                page.wait_for_selector(f"{selector} [data-stat='p']")
            block = page.locator(selector).first
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
    parser.add_argument("--page", choices=sorted(PAGES), default="widget", help="which picture")
    parser.add_argument("--out", type=Path, help="the PNG to write (default: book/images/...)")
    parser.add_argument("--dark", action="store_true", help="render in the dark colour scheme")
    args = parser.parse_args(argv)
    out = args.out or IMAGES / PAGES[args.page][3]
    path = screenshot(args.site, out, "dark" if args.dark else "light", args.page)
    print(f"screenshot: wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


if __name__ == "__main__":
    main()
