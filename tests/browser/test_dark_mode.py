"""The dark theme: every page switches to it, stays accessible, and keeps figures readable.

The browser asks for a dark colour scheme and the site follows it (its default mode is "auto"),
which is what a reader with a dark desktop gets on a first visit.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from ._sitecrawl import PageVisit, crawl, report, site_pages, watch_console

pytestmark = pytest.mark.browser

DCG_PAGE = "notebooks/03_discounted_cumulative_gain.html"
# WCAG 2 AA for body text; figures need a light panel, i.e. a bright backdrop behind them.
MIN_TEXT_CONTRAST = 4.5
MIN_FIGURE_BACKDROP_LUMINANCE = 0.6


def relative_luminance(rgb: list[float]) -> float:
    """WCAG 2 relative luminance of an sRGB colour given as 0-255 channels."""

    def linear(channel: float) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(fg: list[float], bg: list[float]) -> float:
    """WCAG 2 contrast ratio between two sRGB colours."""
    light, dark = sorted((relative_luminance(fg), relative_luminance(bg)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_helpers_agree_with_wcag() -> None:
    assert contrast_ratio([0, 0, 0], [255, 255, 255]) == pytest.approx(21.0)
    assert contrast_ratio([119, 119, 119], [255, 255, 255]) == pytest.approx(4.48, abs=0.01)


@pytest.fixture(scope="module")
def dark(browser: Browser, site_url: str, site: Path) -> dict[str, PageVisit]:
    return crawl(browser, site_url, site_pages(site), color_scheme="dark")


def test_every_page_follows_the_dark_scheme(dark: dict[str, PageVisit]) -> None:
    light_pages = [path for path, visit in dark.items() if visit.theme != "dark"]
    assert not light_pages, f"pages not in the dark theme: {light_pages}"


def test_axe_finds_no_serious_violation_in_dark_mode(dark: dict[str, PageVisit]) -> None:
    assert not report(dark, "violations"), "axe:\n" + report(dark, "violations")


def test_no_console_errors_or_offsite_requests_in_dark_mode(dark: dict[str, PageVisit]) -> None:
    reports = [report(dark, attr) for attr in ("console", "offsite", "failed")]
    problems = "\n".join(r for r in reports if r)
    assert not problems, problems


def test_output_images_sit_on_a_light_panel(dark: dict[str, PageVisit]) -> None:
    images = [(path, image) for path, visit in dark.items() for image in visit.image_backdrops]
    if not images:
        pytest.skip("the book has no output images yet")
    dim = [
        f"{path}: {image['src']} on rgb{tuple(image['rgb'] or ())}"
        for path, image in images
        if image["rgb"] is None or relative_luminance(image["rgb"]) < MIN_FIGURE_BACKDROP_LUMINANCE
    ]
    assert not dim, "figures on a dark backdrop:\n" + "\n".join(dim)


_TEXT_COLOURS_JS = """
() => {
  const colour = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const text = document.querySelector('.bd-article p') || document.body;
  let el = text, bg = null;
  while (el && !bg) {
    const c = getComputedStyle(el).backgroundColor;
    const parts = c.match(/[\\d.]+/g).map(Number);
    if (parts.length < 4 || parts[3] > 0.5) bg = parts.slice(0, 3);
    el = el.parentElement;
  }
  return {fg: colour(getComputedStyle(text).color), bg: bg || [255, 255, 255]};
}
"""


def test_body_text_is_light_on_dark_with_enough_contrast(browser: Browser, site_url: str) -> None:
    context = browser.new_context(color_scheme="dark")
    try:
        page = context.new_page()
        console: list[str] = []
        watch_console(page, console)
        page.goto(f"{site_url}/{DCG_PAGE}", wait_until="load")
        page.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
        colours = page.evaluate(_TEXT_COLOURS_JS)
        assert relative_luminance(colours["bg"]) < 0.1, f"background is not dark: {colours}"
        ratio = contrast_ratio(colours["fg"], colours["bg"])
        assert ratio >= MIN_TEXT_CONTRAST, f"body text contrast {ratio:.2f}: {colours}"
        assert not console, console
    finally:
        context.close()


def test_the_readers_choice_of_mode_wins_and_the_switch_works(
    browser: Browser, site_url: str
) -> None:
    """A reader who picked dark on a light desktop gets dark; the theme button switches back."""
    context = browser.new_context(color_scheme="light")
    try:
        page = context.new_page()
        console: list[str] = []
        watch_console(page, console)
        page.goto(f"{site_url}/book/preface.html", wait_until="load")
        # The theme's script starts after the first frame and stores the mode it finds ("auto"):
        # the reader's choice is stored once it has, or the script would overwrite it.
        page.wait_for_function("() => localStorage.getItem('mode') !== null")
        page.evaluate("() => ['mode', 'theme'].forEach(key => localStorage.setItem(key, 'dark'))")
        page.reload(wait_until="load")
        page.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
        switch = page.get_by_role("button", name="Color mode").first
        switch.click()
        page.wait_for_function("() => document.documentElement.dataset.theme === 'light'")
        assert page.evaluate("() => localStorage.getItem('mode')") == "light"
        assert not console, console
    finally:
        context.close()
