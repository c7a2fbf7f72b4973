"""The chapters' slides (tools/slides.py): an editable Markdown source per chapter in
course/slides/, with speaker notes on every slide, rendered into the built site with the
chapter page's own figures, formulas and widgets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import slides
from bs4 import BeautifulSoup

ROOT = Path(__file__).resolve().parents[2]


CHAPTERS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'
# What a slide may not say, on screen or in its notes: a pointer to a fold (a solution, a hint)
# that a slide does not have.
FOLD = re.compile(
    r"check your answer|solution below|see the solution|\b(un)?folds?\b|folded|dropdown", re.I
)
DECIMAL = re.compile(r"(?<![\w.])\d+\.(\d{3,})(?!\w|\.\d)")


def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def _source(chapter: str) -> list[tuple[str, str]]:
    return slides.split_slides((slides.SOURCES / f"{chapter}.md").read_text(encoding="utf-8"))


def test_chapters_are_found() -> None:
    assert len(CHAPTERS) >= 13


def test_the_fold_pattern_finds_what_a_slide_cannot_show() -> None:
    promises = ["the fold below says what it finds", "Unfold it", "in the folded solution"]
    assert all(FOLD.search(text) for text in promises)
    assert not any(FOLD.search(text) for text in ["a twofold gain", "manifold", "scaffold"])


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_chapter_has_a_source_with_notes_on_every_slide(chapter: str) -> None:
    deck = _source(chapter)
    assert len(deck) >= 8, f"{chapter}: {len(deck)} slides"
    assert deck[0][0].startswith("# "), "the first slide is the title slide"
    for i, (body, notes) in enumerate(deck, start=1):
        assert len(notes) >= 20, f"{chapter} slide {i}: no speaker notes"
        assert not FOLD.search(body), f"{chapter} slide {i} refers to a fold: {body[:80]!r}"
        said = FOLD.search(notes)
        assert not said, f"{chapter} slide {i}'s notes promise a fold: {said.group(0)!r}"
        assert "#" not in body.lstrip("#").split("\n", 1)[0], f"{chapter} slide {i}: a '#'"
        # One idea per slide: a heading and a few lines (an exercise with four options is longest).
        assert len(body.split()) <= 120, f"{chapter} slide {i} has {len(body.split())} words"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_slides_show_no_long_figures(chapter: str) -> None:
    for i, (body, _) in enumerate(_source(chapter), start=1):
        long = [m.group() for m in DECIMAL.finditer(body) if len(m.group(1)) > 4]
        assert not long, f"{chapter} slide {i}: {long} (round the number you display)"


def test_short_numbers_rounds_a_long_figure_at_a_sentence_end() -> None:
    # The exact figures of chapter 4's text: NDCG@6 of D1-D6, and its IDCG@6.
    text = "Its DCG is 8.740262365546284, and D1-D6 reach 0.785002371969948."
    assert slides.short_numbers(text) == "Its DCG is 8.740, and D1-D6 reach 0.785."
    assert slides.short_numbers("version 1.2.3 and 0.125") == "version 1.2.3 and 0.125"


def test_split_slides_reads_bodies_and_notes() -> None:
    source = "# Title\n\nQuestion?\n\nNote:\nSay hello.\n\n---\n\n## Two\n\n[[figure s 1]]\n"
    assert slides.split_slides(source) == [
        ("# Title\n\nQuestion?", "Say hello."),
        ("## Two\n\n[[figure s 1]]", ""),
    ]


def test_a_slide_without_notes_or_with_a_missing_figure_is_refused() -> None:
    page = slides.Page(path="notebooks/01_x.html", title="x")
    md = slides.MarkdownIt("commonmark")
    with pytest.raises(ValueError, match="no speaker notes"):
        slides.render_slide("## A slide", "", page, md, "01_x.md slide 2")
    with pytest.raises(ValueError, match="figure 3 of section 'gone', which .* does not have"):
        slides.render_slide("## A\n\n[[figure gone 3]]", "Notes.", page, md, "01_x.md slide 2")
    page.nodes[("figure", "walk")] = []
    with pytest.raises(ValueError, match="figure 3 of section 'walk'; that section .* has 0"):
        slides.render_slide("## A\n\n[[figure walk 3]]", "Notes.", page, md, "01_x.md slide 2")


def test_a_place_the_page_lost_is_shown_and_recorded_in_a_build() -> None:
    page = slides.Page(path="notebooks/01_x.html", title="x")
    problems: list[str] = []
    md = slides.MarkdownIt("commonmark", {"html": True})
    shown = slides.render_slide("## A\n\n[[widget gone 1]]", "Notes.", page, md, "s 2", problems)
    assert len(problems) == 1 and "widget 1 of section 'gone'" in problems[0]
    assert '<p class="missing">' in shown


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_place_a_deck_names_is_on_its_chapter(site: Path, chapter: str) -> None:
    deck = _soup(site / "slides" / f"{chapter}.html")
    missing = [_text for p in deck.select(".missing") if (_text := p.get_text())]
    assert not missing, f"course/slides/{chapter}.md: {missing}"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_slide_figures_match_the_chapter(site: Path, chapter: str) -> None:
    """Every rounded figure on a slide is a figure of the chapter page, rounded: no slide
    carries a number of its own that could drift from the book."""
    page = _soup(site / "notebooks" / f"{chapter}.html").get_text(" ")
    numbers = [float(n) for n in re.findall(r"\d+\.\d+", page)]
    for i, (body, _) in enumerate(_source(chapter), start=1):
        for match in DECIMAL.finditer(body):
            shown, places = float(match.group()), len(match.group(1))
            assert any(round(n, places) == shown for n in numbers), (
                f"{chapter} slide {i}: {match.group()} is no figure of the chapter"
            )


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_chapter_has_a_deck_listed_on_the_index(site: Path, chapter: str) -> None:
    deck = site / "slides" / f"{chapter}.html"
    assert deck.is_file(), f"no deck for {chapter}: the build writes slides/ (tools/slides.py)"
    index = _soup(site / "slides" / "index.html")
    assert f"{chapter}.html" in [a["href"] for a in index.find_all("a")]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_deck_renders_its_source_with_the_chapters_nodes(site: Path, chapter: str) -> None:
    page = _soup(site / "notebooks" / f"{chapter}.html")
    deck = _soup(site / "slides" / f"{chapter}.html")
    sections = deck.select(".slides > section")
    assert len(sections) == len(_source(chapter))
    assert all(s.select_one("aside.notes") for s in sections)
    # The figures placed are the chapter's own images.
    figures = {img["src"] for img in page.select("article div.cell_output img")}
    shown = {img["src"] for img in deck.select("section.figure-slide .figure img")}
    assert shown and {s.replace("../", "../", 1) for s in shown} <= figures
    # Widgets come from the page's saved state; answer boxes stay on the page.
    views = {v.get_text() for v in page.select(f"article {VIEW}")}
    on_slides = deck.select(f"section {VIEW}")
    assert all(v.get_text() in views for v in on_slides)
    # A chapter with a widget task (its skip-link target, chNN-widget) shows it on a slide;
    # answer boxes, also saved views, stay on the page.
    if page.select_one("article [id$='-widget']"):
        assert deck.select_one("section.widget-slide " + VIEW)
    scripts = [s.get("src") for s in deck.select("script[src]")]
    assert "../vendor/reveal/reveal.js" in scripts and "../vendor/widget-loader.js" in scripts
    # The notes plugin, which shows each slide's aside.notes in the speaker view (S), from the
    # site itself: it is vendored with reveal.js.
    assert "../vendor/reveal/plugin/notes.js" in scripts
    assert (site / "vendor" / "reveal" / "plugin" / "notes.js").is_file()
    assert "plugins: [RevealNotes]" in (site / "slides" / "slides.js").read_text("utf-8")
    for section, (_, notes) in zip(sections, _source(chapter), strict=True):
        aside = " ".join(section.select_one("aside.notes").get_text().split())
        # The notes' opening words, up to their first markup (math, code, emphasis, a list).
        opening = re.split(r"[$`*_\[]|^- ", " ".join(notes.split()))[0][:30].strip()
        assert aside and opening in aside, (chapter, opening, aside[:60])


def test_a_slide_widget_is_configured_compact_not_scaled() -> None:
    # The compact configuration is the deck's own stylesheet: the per-position chart (about
    # 420 of a ranking widget's 1100 px) stays on the chapter page.
    assert slides.SLIDE_WIDGET_CSS in slides.DECK_CSS
    assert ".reveal .widget .ndcg-rw__panel--chart { display: none; }" in slides.SLIDE_WIDGET_CSS
    deck = slides.render(slides.Deck(page="notebooks/05_x.html", title="x"), "Book")
    assert deck.index("plugin/notes.js") > deck.index("reveal/reveal.js")
    assert deck.index("plugin/notes.js") < deck.index("slides.js")


def test_instructor_guide_links_the_slides(site: Path) -> None:
    guide = _soup(site / "book" / "instructor-guide.html")
    assert "../slides/index.html" in [a.get("href") for a in guide.find_all("a")]


def test_the_decks_are_titled_after_the_book(tmp_path: Path, monkeypatch) -> None:
    """Sphinx's ``project`` is "Project name not set" under Jupyter Book, which hands the
    book's title to Sphinx as ``html_title``: the decks take the title from _config.yml."""
    import yaml

    title = yaml.safe_load((ROOT / "_config.yml").read_text("utf-8"))["title"]
    assert slides.title_of_book() == title == "Ranking, Measured"
    seen = []
    monkeypatch.setattr(
        slides, "build", lambda site, book_title=None: seen.append(book_title) or []
    )

    class Config:
        project = "Project name not set"  # what Sphinx holds in a Jupyter Book build
        html_title = title

    class App:
        config, outdir = Config(), str(tmp_path)
        builder = type("Builder", (), {"format": "html"})()

    slides._on_build_finished(App(), None)
    assert seen and seen[0] in (None, title), seen
    deck = slides.render(slides.Deck(page="notebooks/05_x.html", title="Ties"), seen[0] or title)
    page = BeautifulSoup(deck, "html.parser")
    assert page.title.get_text() == f"Ties: slides. {title}"
    assert "Project name not set" not in deck
