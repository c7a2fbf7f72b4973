"""Chapters 1-4 on the built site: every worked-example figure, exercises, figures, widgets."""

from __future__ import annotations

import json
from pathlib import Path

import _golden
import pytest
from bs4 import BeautifulSoup

CHAPTERS = {
    1: "01_ranking_and_relevance",
    2: "02_cumulative_gain",
    3: "03_discounted_cumulative_gain",
    4: "04_ideal_dcg_and_ndcg",
}

# Figures printed by the chapters' code cells, exactly as Python prints them.
FIGURES = {
    2: [f"CG = {_golden.D_CG}", "CG@5 = 4.26\n", f"CG@6 = {_golden.FRACTIONAL_CG_AT_6}"],
    # The swap's DCG (_golden.D_DCG_SWAPPED) is the task's answer: it waits in the "Check your
    # answer" fold, glued into the prose (PROSE below), not printed under the task.
    3: [f"DCG@6 = {_golden.D_DCG}", "13.848263629272981"],
    4: [
        "ideal order cut to depth 6: [3, 3, 3, 2, 2, 2]",
        f"IDCG@6 = {_golden.D_IDCG_AT_6}",
        f"NDCG@6 = {_golden.D_NDCG_AT_6}",
        f"IDCG = {_golden.FIVE_IDCG}",
        f"NDCG, no cutoff = {_golden.D_NDCG_UNCUT}",
        f"NDCG, no cutoff = {_golden.FIVE_NDCG}",
        f"NDCG@5 = {_golden.FRACTIONAL_SWAPPED_NDCG_AT_5}",
    ],
}

# Figures the prose states, inserted from the cells that computed them.
PROSE = {
    # NDCG@6 of D1-D6 as ranked and in the best order: chapter 4's figures, not the uncut ones.
    1: [f"{_golden.D_NDCG_AT_6:.3f}", "0.817"],
    2: [str(_golden.FRACTIONAL_CG_AT_6)],
    3: [str(_golden.D_DCG), str(_golden.D_DCG_SWAPPED), "0.289"],
    4: [
        str(_golden.D_IDCG_AT_6),
        str(_golden.D_NDCG_AT_6),
        f"{_golden.D_NDCG_UNCUT:.3f}",
        "0.817",
        str(_golden.FRACTIONAL_SWAPPED_NDCG_AT_5),
    ],
}

CITED_AUTHORS = ["Järvelin", "Burges", "Wang", "Manning"]


def _page(site: Path, chapter: int) -> BeautifulSoup:
    path = site / "notebooks" / f"{CHAPTERS[chapter]}.html"
    assert path.exists(), f"chapter {chapter} was not built: {path}"
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def _outputs(page: BeautifulSoup) -> str:
    return "\n".join(div.get_text() for div in page.select("div.cell_output"))


def _widget_states(page: BeautifulSoup) -> tuple[dict, list[str]]:
    """Return the embedded widget models and the model ids of the views, in page order."""
    state_tag = page.find("script", type="application/vnd.jupyter.widget-state+json")
    states = json.loads(state_tag.string)["state"] if state_tag else {}
    views = [
        json.loads(tag.string)["model_id"]
        for tag in page.find_all("script", type="application/vnd.jupyter.widget-view+json")
    ]
    return states, views


@pytest.mark.parametrize(
    ("chapter", "figure"), [(c, f) for c, figures in FIGURES.items() for f in figures]
)
def test_worked_example_figure_is_printed_on_its_page(
    site: Path, chapter: int, figure: str
) -> None:
    assert figure in _outputs(_page(site, chapter)), f"{figure!r} missing from chapter {chapter}"


@pytest.mark.parametrize(
    ("chapter", "figure"), [(c, f) for c, figures in PROSE.items() for f in figures]
)
def test_prose_states_the_computed_figure(site: Path, chapter: int, figure: str) -> None:
    pasted = [span.get_text() for span in _page(site, chapter).select("span.pasted-text")]
    assert figure in pasted, f"chapter {chapter}'s prose does not insert {figure!r}"


def test_chapter_1_shows_the_d_table(site: Path) -> None:
    page = _page(site, 1)
    tables = page.select("div.cell_output table")
    assert tables, "the D1-D6 table is not rendered as an HTML table"
    text = tables[0].get_text(" ")
    for label in ("D1", "D2", "D3", "D4", "D5", "D6"):
        assert label in text
    # Indexed by position 1-6: no pandas index 0-5 beside the positions.
    first_column = [row.find("th").get_text() for row in tables[0].select("tbody tr")]
    assert first_column == ["1", "2", "3", "4", "5", "6"]


def test_chapter_3_breakdown_table_is_indexed_by_position(site: Path) -> None:
    table = _page(site, 3).select("div.cell_output table")[0]
    assert table.select("thead tr")[0].find_all("th")[-1].get_text() == "cumulative dcg"
    first_column = [row.find("th").get_text() for row in table.select("tbody tr")]
    assert first_column == ["1", "2", "3", "4", "5", "6"]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_chapter_has_three_exercises_with_hidden_solutions(site: Path, chapter: int) -> None:
    page = _page(site, chapter)
    exercises = page.select("div.exercise")
    solutions = page.select("div.solution")
    assert len(exercises) >= 3
    assert len(solutions) == len(exercises)
    assert all("dropdown" in solution["class"] for solution in solutions)
    # Solutions are executed code, not typed text with typed results.
    assert all(solution.select("div.cell_output") for solution in solutions)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_chapter_opens_with_a_question_and_ends_with_summary_and_exercises(
    site: Path, chapter: int
) -> None:
    page = _page(site, chapter)
    assert page.find("h1") is not None
    text = page.get_text(" ")
    assert "The question of this chapter" in text
    assert "Learning goals." in text
    headings = [h.get_text().strip("#¶ \n") for h in page.select("h2")]
    assert headings[-2].endswith("Summary") and headings[-1].endswith("Exercises"), headings


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_chapter_figures_have_alt_text(site: Path, chapter: int) -> None:
    page = _page(site, chapter)
    images = page.select("div.cell_output img")
    assert images, f"chapter {chapter} has no figure"
    for image in images:
        assert image.get("alt", "").strip(), f"an image in chapter {chapter} has no alt text"
        assert not image["src"].startswith(("http:", "https:", "//"))


@pytest.mark.parametrize("chapter", [2, 3, 4])
def test_chapter_has_a_widget_with_embedded_state_and_a_task(site: Path, chapter: int) -> None:
    page = _page(site, chapter)
    states, views = _widget_states(page)
    assert views, f"chapter {chapter} shows no widget"
    for model_id in views:
        assert model_id in states, "a widget view has no embedded state"
        assert states[model_id]["model_module"] == "anywidget"
    assert "Your task" in page.get_text(" ")


def test_first_dcg_widget_is_d1_to_d6_with_defaults(site: Path) -> None:
    # The browser test drags D4 above D3 on this widget and expects DCG 6.653.
    states, views = _widget_states(_page(site, 3))
    first = states[views[0]]["state"]
    assert first["order"] == ["D1", "D2", "D3", "D4", "D5", "D6"]
    assert [item["grade"] for item in first["items"]] == [3, 2, 3, 0, 1, 2]
    assert first["k"] is None
    assert first["gain"] == "linear"
    # The running example keeps its judged pool; chapter 3 reads out what it has taught.
    assert [item["label"] for item in first["unretrieved"]] == ["D7", "D8"]
    assert first["readouts"] == ["cg", "dcg"]
    assert [goal["kind"] for goal in first["goals"]] == ["falls_while_same", "best"]


def test_ndcg_widget_has_the_unretrieved_pool(site: Path) -> None:
    states, views = _widget_states(_page(site, 4))
    first = states[views[0]]["state"]
    assert [item["label"] for item in first["unretrieved"]] == ["D7", "D8"]
    assert first["k"] == 6


def test_chapters_cite_the_four_sources(site: Path) -> None:
    titles = " ".join(
        link.get("title", "")
        for chapter in CHAPTERS
        for link in _page(site, chapter).select("a[href*='bibliography']")
    )
    for author in CITED_AUTHORS:
        assert author in titles, f"no chapter cites {author}"


def test_glossary_defines_the_book_terms(site: Path) -> None:
    page = BeautifulSoup(
        (site / "book" / "glossary.html").read_text(encoding="utf-8"), "html.parser"
    )
    terms = {dt.get_text(" ").strip().lower().rstrip("¶ ") for dt in page.select("dl.glossary dt")}
    for term in (
        "cumulative gain",
        "dcg",
        "ndcg",
        "ideal dcg",
        "pool",
        "judged document",
        "tie rule",
        "averaged ties",
        "cutoff",
        "qrels",
        "run",
        "mean ndcg",
        "paired randomization test",
        "bootstrap confidence interval",
        "gain function",
        "exponential gain",
    ):
        assert any(t.startswith(term) for t in terms), f"glossary lacks {term!r}"


def test_preface_says_how_to_run_and_links_the_guide(site: Path) -> None:
    html = (site / "book" / "preface.html").read_text(encoding="utf-8")
    text = BeautifulSoup(html, "html.parser").get_text()
    for phrase in ("make book", "make test", "make lab", "Who this book is for", "How to teach"):
        assert phrase in text
    assert "PLACEHOLDER" not in text
    if (site / "book" / "instructor-guide.html").exists():  # absent from partial builds
        assert 'href="instructor-guide.html"' in html
