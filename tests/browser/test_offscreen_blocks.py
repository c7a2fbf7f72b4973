"""Blocks far below the window wait to be drawn; a widget's is drawn uncontained after load.

On a page with widgets every block of a section is drawn only near the screen
(``content-visibility: auto``, book/_templates/layout.html), a widget's block too, so the
page's first frame skips a widget several screens down. A contained block would hold the
ranking widget's goals dock, which is fixed to the window (js/dock.js), so a widget's block
leaves the rule once the page has loaded.
"""

from __future__ import annotations

PAGE = "notebooks/03_discounted_cumulative_gain.html"
PHONE = {"width": 360, "height": 740}

# Runs before the page's scripts: notes each block the browser starts or stops skipping, and
# whether it held a widget's placeholder, with the time, and when the page loaded.
RECORD_SKIPS_JS = """
window.__skips = [];
document.addEventListener('contentvisibilityautostatechange', (e) => {
  const widget = Boolean(e.target.querySelector('script[type$="widget-view+json"]'));
  window.__skips.push({widget, skipped: e.skipped, at: performance.now()});
}, true);
addEventListener('load', () => { window.__loadedAt = performance.now(); });
"""
# Every ancestor of the widget up to the page: none may contain it (content-visibility other
# than visible brings layout and paint containment, and `contain` itself).
CONTAINED_ANCESTORS_JS = """(el) => {
  const held = [];
  for (let a = el.parentElement; a; a = a.parentElement) {
    const style = getComputedStyle(a);
    if (style.contentVisibility !== 'visible' || !['none', ''].includes(style.contain))
      held.push(`${a.tagName}.${a.className}: ${style.contentVisibility} ${style.contain}`);
  }
  return held;
}"""


def test_a_widget_far_below_is_skipped_first_then_drawn_uncontained_with_a_working_dock(
    browser, site_url
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.add_init_script(RECORD_SKIPS_JS)
        page.goto(f"{site_url}/{PAGE}", wait_until="load")
        page.wait_for_function("document.documentElement.dataset.widgets === 'ready'")
        skips = page.evaluate("window.__skips")
        loaded = page.evaluate("window.__loadedAt")
        assert any(s["widget"] and s["skipped"] and s["at"] < loaded for s in skips), skips
        assert any(not s["widget"] and s["skipped"] for s in skips), "other blocks are skipped too"

        widget = page.locator(".ndcg-rw").first
        assert widget.evaluate(CONTAINED_ANCESTORS_JS) == []
        # A reader scrolls down to the ranking: the goals box leaves the top of the window,
        # and their verdicts stay in sight at the bottom of the window.
        widget.get_by_test_id("item-D6").evaluate("(el) => el.scrollIntoView({block: 'end'})")
        dock = widget.get_by_test_id("dock")
        dock.wait_for(state="visible")
        bottom = dock.evaluate("(el) => el.getBoundingClientRect().bottom")
        assert abs(bottom - PHONE["height"]) < 1, "the dock is not at the bottom of the window"
        before = widget.get_by_test_id("dcg").inner_text()
        widget.get_by_test_id("sort").click()
        assert widget.get_by_test_id("dcg").inner_text() != before
    finally:
        context.close()
