"""Every chapter's deck in Chromium, walked slide by slide: nothing broken, nothing fetched from
outside the site, figures the size of the slide, and a widget that answers on its slide."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

import ndcg
from ndcg.teaching import examples

from ._sitecrawl import AXE_JS
from ._widgetpage import watch_requests

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
SLIDE_WIDTH, SLIDE_HEIGHT = 1280, 720  # the decks' design size (tools/slides.py)
MIN_WIDGET_ZOOM = 0.9  # below this a widget on a slide is too small to use from a lectern

# Runs in the deck, on the current slide: what a test needs to judge it.
_SLIDE_JS = """
() => {
  const s = Reveal.getCurrentSlide();
  const figures = Array.from(s.querySelectorAll('.figure img')).map(img => ({
    loaded: img.complete && img.naturalWidth > 0,
    height: img.getBoundingClientRect().height / Reveal.getScale(),
  }));
  // Everything shown, the speaker notes aside: its lowest and rightmost edge, in slide pixels.
  const box = s.getBoundingClientRect();
  let bottom = 0, right = 0;
  for (const el of s.querySelectorAll(':scope > *:not(aside.notes)')) {
    const r = el.getBoundingClientRect();
    bottom = Math.max(bottom, (r.bottom - box.top) / Reveal.getScale());
    right = Math.max(right, (r.right - box.left) / Reveal.getScale());
  }
  const shown = s.cloneNode(true);
  shown.querySelectorAll('aside.notes').forEach(n => n.remove());
  const zooms = Array.from(s.querySelectorAll('.widget')).map(w => parseFloat(w.style.zoom || 1));
  return {
    kind: s.className,
    zooms,
    plugin_notes: Reveal.getSlideNotes(s) || '',
    overflows: s.scrollHeight > HEIGHT + 2 || bottom > HEIGHT + 2 || right > WIDTH + 2,
    bottom, right,
    figures,
    widgets: s.querySelectorAll('.widget-subarea').length,
    views: s.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]').length,
    headings: Array.from(s.querySelectorAll('h1, h2, h3')).map(h => h.innerText),
    text: s.innerText,
    notes: (s.querySelector('aside.notes') || {textContent: ''}).textContent.trim().length,
  };
}
""".replace("HEIGHT", str(SLIDE_HEIGHT)).replace("WIDTH", str(SLIDE_WIDTH))
# What a slide may not say: a link to a fold it does not have, or a heading's permalink.
FOLD = re.compile(r"check your answer|solution below|see the solution|unfold|dropdown", re.I)


def open_deck(page, site_url: str, chapter: str) -> dict[str, list[str]]:
    seen = watch_requests(page, (site_url + "/", "data:", "blob:"))
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{site_url}/slides/{chapter}.html")
    page.wait_for_function("window.Reveal && Reveal.isReady()", timeout=30_000)
    page.wait_for_function("document.documentElement.dataset.widgets", timeout=30_000)
    # Text set in a fallback font, before the deck's fonts are decoded, overflows differently.
    page.evaluate("() => document.fonts.ready.then(() => null)")
    return seen


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_walk_every_slide_of_the_deck(page, site_url: str, chapter: str) -> None:
    seen = open_deck(page, site_url, chapter)
    assert page.evaluate("document.documentElement.dataset.widgets") == "ready"
    total = page.evaluate("Reveal.getTotalSlides()")
    assert total >= 8, f"{chapter}: only {total} slides"
    visited, problems = [], []
    while True:
        index = page.evaluate("Reveal.getIndices().h")
        slide = page.evaluate(_SLIDE_JS)
        visited.append(index)
        where = f"slide {index + 1} ({slide['kind']})"
        if slide["overflows"]:  # widget slides too: a widget's compact configuration fits
            problems.append(f"{where} runs off the slide: {slide['bottom']}, {slide['right']}")
        # A widget keeps (nearly) its page size: scaling it down is a last resort.
        if any(zoom < MIN_WIDGET_ZOOM for zoom in slide["zooms"]):
            problems.append(f"{where}: a widget is scaled to {slide['zooms']}")
        # The notes plugin holds this slide's notes for the speaker view.
        if len(slide["plugin_notes"].strip()) < 20:
            problems.append(f"{where}: the notes plugin has no notes for it")
        if any("#" in h for h in slide["headings"]) or len(set(slide["headings"])) < len(
            slide["headings"]
        ):
            problems.append(f"{where}: a heading shows a permalink: {slide['headings']}")
        if FOLD.search(slide["text"]):
            problems.append(f"{where} refers to a fold: {FOLD.search(slide['text'])[0]!r}")
        if slide["notes"] < 20:
            problems.append(f"{where} has no speaker notes")
        if slide["widgets"] != slide["views"]:
            problems.append(f"slide {index + 1}: a widget was not drawn")
        for figure in slide["figures"]:
            # Readable from the back of a room: the figure takes most of the slide's height.
            if not figure["loaded"] or figure["height"] < 0.7 * SLIDE_HEIGHT:
                problems.append(f"slide {index + 1}: figure {figure}")
        if page.evaluate("Reveal.isLastSlide()"):
            break
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"Reveal.getIndices().h === {index + 1}", timeout=5_000)
    assert visited == list(range(total))
    assert not problems, problems
    assert not page.console_errors, page.console_errors
    assert not seen["offsite"], seen["offsite"]
    assert not seen["failed"], seen["failed"]


def test_math_on_slides_is_typeset(page, site_url: str) -> None:
    open_deck(page, site_url, CHAPTERS[2])
    assert page.locator(".reveal .katex-display").count() >= 2
    assert page.locator(".reveal .katex-mathml math").count() >= 2


def test_widget_on_its_slide_answers_the_keyboard(page, site_url: str) -> None:
    """Chapter 3's widget on its slide: D3 moved below D4 takes DCG from 6.861 to 6.653, and the
    keys go to the widget, not to the deck."""
    open_deck(page, site_url, "03_discounted_cumulative_gain")
    index = page.evaluate(
        "Array.from(document.querySelectorAll('.reveal .slides > section'))"
        ".findIndex(s => s.querySelector('.ndcg-rw'))"
    )
    assert index > 0
    page.evaluate(f"Reveal.slide({index})")
    widget = page.locator(".reveal .slides > section.present .ndcg-rw")
    dcg = widget.get_by_test_id("dcg")
    old = dcg.get_attribute("title")
    grades = list(examples.D_RELEVANCE)
    assert float(old) == pytest.approx(ndcg.dcg(grades), abs=1e-12)
    widget.get_by_test_id("item-D3").focus()
    page.keyboard.press("Alt+ArrowDown")
    page.wait_for_function(
        "([el, old]) => el.getAttribute('title') !== old",
        arg=[dcg.element_handle(), old],
        timeout=5_000,
    )
    grades[2], grades[3] = grades[3], grades[2]  # D3 below D4
    assert float(dcg.get_attribute("title")) == pytest.approx(ndcg.dcg(grades), abs=1e-12)
    assert page.evaluate("Reveal.getIndices().h") == index
    assert not page.console_errors, page.console_errors


def test_chapter_5_task_is_done_on_its_slide(page, site_url: str) -> None:
    """Chapter 5's widget task on its slide at 1280x720, with the keys and then the mouse:
    the lowest NDCG@10 the ties allow (film 10 above film 3), then the highest, which the
    estimates reach when every tie is broken best first (NDCG@10 = 1)."""
    open_deck(page, site_url, "05_scores_and_ties")
    while not page.evaluate("!!Reveal.getCurrentSlide().querySelector('.ndcg-rw')"):
        index = page.evaluate("Reveal.getIndices().h")
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"Reveal.getIndices().h === {index + 1}", timeout=5_000)
    widget = page.locator(".reveal .slides > section.present .ndcg-rw")
    ndcg_value = widget.get_by_test_id("ndcg")
    films = list(examples.RATINGS_TRUE)
    scores = list(examples.RATINGS_ESTIMATE)
    stable = ndcg.ndcg_from_scores(films, scores, k=10, gain="exponential", ties="stable")
    assert float(ndcg_value.get_attribute("title")) == pytest.approx(stable, abs=1e-12)
    widget.get_by_test_id("item-film 10").focus()
    page.keyboard.press("Alt+ArrowUp")
    page.keyboard.press("Alt+ArrowUp")
    worst = ndcg.ndcg_from_scores(films, scores, k=10, gain="exponential", ties="pessimistic")
    page.wait_for_function(
        "([el, v]) => Math.abs(Number(el.getAttribute('title')) - v) < 1e-12",
        arg=[ndcg_value.element_handle(), worst],
        timeout=5_000,
    )
    assert widget.get_by_test_id("goal-0").get_attribute("data-reached") == "true"
    for label, times in (("film 3", 2), ("film 9", 2), ("film 7", 1), ("film 5", 1)):
        for _ in range(times):
            widget.get_by_role("button", name=f"Move {label} up").click()
    best = ndcg.ndcg_from_scores(films, scores, k=10, gain="exponential", ties="optimistic")
    assert float(ndcg_value.get_attribute("title")) == pytest.approx(best, abs=1e-12) == 1.0
    assert widget.get_by_test_id("goal-1").get_attribute("data-reached") == "true"
    assert not page.console_errors, page.console_errors


def test_speaker_view_shows_the_notes(page, site_url: str) -> None:
    """S opens reveal.js's speaker view (the notes plugin, from the site) with the slide's notes."""
    open_deck(page, site_url, "05_scores_and_ties")
    page.evaluate("Reveal.slide(1)")
    notes = page.evaluate("Reveal.getSlideNotes()")
    page.locator(".reveal .slides > section.present h2").click()
    with page.context.expect_page() as opened:
        page.keyboard.press("s")
    view = opened.value
    view.wait_for_function(
        "() => document.querySelector('.speaker-controls-notes .value')?.innerText.trim()",
        timeout=15_000,
    )
    shown = view.locator(".speaker-controls-notes .value").inner_text()
    assert " ".join(shown.split())[:40] in " ".join(
        BeautifulSoup(notes, "html.parser").get_text(" ").split()
    )
    assert not page.console_errors, page.console_errors


@pytest.mark.parametrize("path", ["slides/index.html", "slides/03_discounted_cumulative_gain.html"])
def test_axe_finds_no_serious_violation(page, site_url: str, path: str) -> None:
    page.goto(f"{site_url}/{path}")
    if path != "slides/index.html":
        page.wait_for_function("window.Reveal && Reveal.isReady()", timeout=30_000)
        page.wait_for_function("document.documentElement.dataset.widgets", timeout=30_000)
    page.add_script_tag(path=str(AXE_JS))
    violations = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .filter(v => ['serious', 'critical'].includes(v.impact))
            .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')))"""
    )
    assert not violations, violations
