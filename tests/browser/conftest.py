"""Browser fixtures: Debian's Chromium driven by Playwright, and the built site on loopback."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import socketserver
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="session")
def site_url(site: Path) -> Iterator[str]:
    """Serve the built site on 127.0.0.1 for the whole session."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        yield f"http://127.0.0.1:{server.server_address[1]}"
        server.shutdown()


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session (Debian's build, never a downloaded one)."""
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.fail(f"Chromium not found at {CHROMIUM}: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
        yield browser
        browser.close()


@pytest.fixture()
def page(browser):
    """A fresh page whose console errors and off-site requests are recorded."""
    context = browser.new_context()
    page = context.new_page()
    page.console_errors = []  # type: ignore[attr-defined]
    page.on(
        "console",
        lambda msg: page.console_errors.append(msg.text) if msg.type == "error" else None,
    )
    page.on("pageerror", lambda exc: page.console_errors.append(str(exc)))
    yield page
    context.close()


_IMPORT = """async ([source, name]) => {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  window[name] = await import(url);
  return Object.keys(window[name]).sort();
}"""


def import_module(page, widget: str, name: str, title: str) -> set[str]:
    """Import ``widget``'s ES module into a blank ``page`` as ``window[name]``; return its exports.

    The module is the text the widget class ships (:func:`ndcg.widgets._front_end.front_end`:
    esbuild's bundle of the widget's modules in ``js/``).
    """
    from ndcg.widgets._front_end import front_end

    page.set_content(f"<!DOCTYPE html><title>{title}</title>")
    return set(page.evaluate(_IMPORT, [front_end(widget, "js"), name]))
