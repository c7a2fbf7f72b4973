"""The buttons that show and hide the sidebars work, on a phone and on a desktop.

Both themes' scripts bind the first ``.primary-toggle`` and ``.secondary-toggle`` on the page
(pydata-sphinx-theme#2451); the layout keeps those classes off the theme's hidden top-bar
buttons (book/_templates/layout.html), so the visible buttons are the bound ones.
"""

from __future__ import annotations

PAGE = "notebooks/03_discounted_cumulative_gain.html"
SETTLED = "!document.querySelector('script[type=\"text/x-after-first-frame\"]')"


def _open(browser, url: str, width: int):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(url, wait_until="load")
    page.wait_for_function(SETTLED)
    page.wait_for_load_state("networkidle")
    return context, page


def test_on_a_phone_the_buttons_open_the_contents_and_the_page_outline(browser, site_url) -> None:
    context, page = _open(browser, f"{site_url}/{PAGE}", 390)
    try:
        page.locator(".primary-toggle:visible").click()
        drawer = page.locator("#pst-primary-sidebar-modal")
        drawer.wait_for(state="visible", timeout=10_000)
        assert drawer.get_by_role("link", name="Discounted cumulative gain").count() >= 1
        page.keyboard.press("Escape")
        drawer.wait_for(state="hidden", timeout=10_000)
        page.locator(".secondary-toggle:visible").click()
        outline = page.locator("#pst-secondary-sidebar-modal")
        outline.wait_for(state="visible", timeout=10_000)
        assert outline.locator("a").count() >= 3
    finally:
        context.close()


def test_on_a_desktop_the_button_hides_and_shows_the_contents(browser, site_url) -> None:
    context, page = _open(browser, f"{site_url}/{PAGE}", 1280)
    try:
        sidebar = page.locator("#pst-primary-sidebar")
        assert sidebar.is_visible()
        page.locator(".primary-toggle:visible").click()
        page.wait_for_function(
            "document.querySelector('#pst-primary-sidebar').classList.contains('pst-sidebar-hidden')"
        )
        page.locator(".primary-toggle:visible").click()
        page.wait_for_function(
            "!document.querySelector('#pst-primary-sidebar').classList.contains('pst-sidebar-hidden')"
        )
        sidebar.wait_for(state="visible", timeout=10_000)  # it slides back in
    finally:
        context.close()
