"""The chapters' slides (tools/slides.py) in the built site: a deck for every chapter, cut from
the chapter's own page, so that its figures, formulas and widget are the chapter's."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import slides  # noqa: E402

CHAPTERS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'


def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def _before_summary(page: BeautifulSoup) -> list:
    """The chapter's sections up to its summary (the walk, without summary and exercises)."""
    top = page.select_one("article").find("section")
    found = []
    for section in top.find_all("section"):
        heading = section.find(["h2", "h3"], recursive=False)
        if heading is None:  # the body of an exercise or solution
            continue
        name = re.sub(r"^[\d.]+\s*", "", heading.get_text(" ", strip=True)).rstrip(" #")
        if name in (slides.SUMMARY, slides.EXERCISES):
            break
        found.append(section)
    return found


def test_chapters_are_found() -> None:
    assert len(CHAPTERS) >= 13


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_chapter_has_a_deck_listed_on_the_index(site: Path, chapter: str) -> None:
    deck = site / "slides" / f"{chapter}.html"
    assert deck.is_file(), f"no deck for {chapter}: the build writes slides/ (tools/slides.py)"
    index = _soup(site / "slides" / "index.html")
    assert f"{chapter}.html" in [a["href"] for a in index.find_all("a")]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_deck_carries_the_chapters_figures_formulas_and_widget(site: Path, chapter: str) -> None:
    page = _soup(site / "notebooks" / f"{chapter}.html")
    deck = _soup(site / "slides" / f"{chapter}.html")
    walk = _before_summary(page)
    figures = {img["src"] for s in walk for img in s.select(":scope > div.cell .cell_output img")}
    shown = {img["src"] for img in deck.select("section.figure-slide img")}
    assert figures <= shown, f"figures missing from the slides: {figures - shown}"
    # The first display formula of every section, as the chapter typesets it.
    for section in walk:
        maths = section.select(":scope > div.math")
        if maths:
            katex = maths[0].select_one(".katex-mathml").get_text()
            assert katex in deck.get_text(), f"{chapter}: a formula of {section.get('id')}"
    # Every widget of the walk but the answer boxes, from the same saved state.
    state = {}
    for tag in page.select('script[type="application/vnd.jupyter.widget-state+json"]'):
        state.update(json.loads(tag.get_text())["state"])
    widgets = {
        json.loads(v.get_text())["model_id"]
        for s in walk
        for v in s.select(VIEW)
        if state[json.loads(v.get_text())["model_id"]]["state"].get("_anywidget_id")
        != slides.ANSWER_BOX
    }
    on_slides = {json.loads(v.get_text())["model_id"] for v in deck.select("section " + VIEW)}
    assert widgets <= on_slides
    # One slide per exercise, with its answer box.
    exercises = page.select("div.exercise")
    assert len(deck.select("section.exercise-slide")) == len(exercises) >= 3
    assert all(s.select_one(VIEW) for s in deck.select("section.exercise-slide"))
    # The decks load their scripts from the site: reveal.js and the widget loader.
    scripts = [s.get("src") for s in deck.select("script[src]")]
    assert "../vendor/reveal/reveal.js" in scripts and "../vendor/widget-loader.js" in scripts


def test_summary_and_goals_come_from_the_chapter(site: Path) -> None:
    chapter = CHAPTERS[2]
    page = _soup(site / "notebooks" / f"{chapter}.html")
    deck = _soup(site / "slides" / f"{chapter}.html")
    summary = next(s for s in page.select("section") if s.get("id", "").startswith("summary"))
    first = summary.find("li").get_text(" ", strip=True)
    assert first in deck.select_one("section.summary-slide").get_text(" ", strip=True)


def test_first_sentences_stop_at_a_sentence_end() -> None:
    paragraph = BeautifulSoup(
        "<p>Short one, e.g. this. A second sentence that makes it long enough to stop here. "
        "Then a third that is dropped.</p>",
        "html.parser",
    ).p
    text = slides.first_sentences(paragraph, at_least=30).get_text()
    assert text == "Short one, e.g. this. A second sentence that makes it long enough to stop here."


def test_instructor_guide_links_the_slides(site: Path) -> None:
    guide = _soup(site / "book" / "instructor-guide.html")
    assert "../slides/index.html" in [a.get("href") for a in guide.find_all("a")]
