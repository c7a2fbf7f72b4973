"""Chapters 1-8 and 10-12 as a student meets them: links instead of typed chapter numbers,
one figure per claim with its cutoff named, and exercises whose data is on the page.

A chapter number typed into a sentence ("chapter 6") goes stale the day the book is
reordered, and no build notices; a ``{doc}`` role renders the chapter's title from the table
of contents and fails the build when its target goes. The first tests read the notebooks'
markdown, so they need no build; the others read the built pages.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from conftest import ROOT

from ndcg.teaching import exercises

# The chapters these tests cover; 9, 13 and 14 keep their own tests.
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))

# A role or a Markdown link: its text is a link, whatever it says.
LINKED = re.compile(r"\{(?:doc|ref|numref)\}`[^`]*`|\[[^\]]*\]\([^)]*\)")
TYPED_CHAPTER = re.compile(r"\b[Cc]hapters? \d+|\b[Cc]hapter-\d+")
DOC_ROLE = re.compile(r"\{doc\}`(?:[^`<]*<)?([^`>]+)>?`")


def _markdown(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [
        "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        for cell in cells
        if cell["cell_type"] == "markdown"
    ]


def typed_chapter_numbers(text: str) -> list[str]:
    """The chapter numbers typed in ``text`` outside a link."""
    return TYPED_CHAPTER.findall(LINKED.sub("", text))


def test_the_pattern_finds_typed_numbers_only() -> None:
    text = (
        "Chapter 5 keeps them apart; see {doc}`../notebooks/05_scores_and_ties`, "
        "chapters 2 to 4, a chapter-6 section, [chapter 7](07_many_queries.ipynb) and "
        "the textbook's eighth chapter."
    )
    assert typed_chapter_numbers(text) == ["Chapter 5", "chapters 2", "chapter-6"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_chapter_number_is_typed_outside_a_link(path: Path) -> None:
    typed = [found for text in _markdown(path) for found in typed_chapter_numbers(text)]
    assert not typed, f"{path.name} types {typed}: link the chapter with {{doc}} instead"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_chapter_link_names_a_page(path: Path) -> None:
    for text in _markdown(path):
        for target in DOC_ROLE.findall(text):
            page = path.parent / target.strip()
            found = [page.with_suffix(s) for s in (".ipynb", ".md") if page.with_suffix(s).exists()]
            assert found, f"{path.name} links {target}, which is no page of the book"


# --- the built pages ----------------------------------------------------------------------


def _page(site: Path, stem: str) -> BeautifulSoup:
    path = next((site / "notebooks").glob(f"{stem}_*.html"))
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def _first_widget_state(page: BeautifulSoup) -> dict:
    states = json.loads(
        page.find("script", type="application/vnd.jupyter.widget-state+json").string
    )["state"]
    view = page.find("script", type="application/vnd.jupyter.widget-view+json")
    return states[json.loads(view.string)["model_id"]]["state"]


def test_chapters_1_and_4_show_the_same_ndcg_of_d1_to_d6(site: Path) -> None:
    # Chapter 1's widget once showed NDCG with no cutoff (0.756) and chapter 4's NDCG@6
    # (0.785) for the same list, with nothing saying which was which.
    first, fourth = (_first_widget_state(_page(site, n)) for n in ("01", "04"))
    assert first["k"] == fourth["k"] == 6
    text = _page(site, "01").get_text(" ")
    assert "NDCG@6" in text


def test_chapter_10_table_names_the_cutoff_of_its_widget(site: Path) -> None:
    page = _page(site, "10")
    assert _first_widget_state(page)["k"] == 6
    outputs = " ".join(div.get_text() for div in page.select("div.cell_output"))
    for row in ("NDCG@6", "ERR@6", "AP@6", "precision@6", "recall@6", "NDCG@5", "ERR@5"):
        assert row in outputs, f"the table of every metric lacks {row}"


def test_chapter_12_prints_the_p_values_of_its_holm_exercise(site: Path) -> None:
    exercise = _page(site, "12").find(id="ch12-holm")
    assert exercise is not None, "the Holm exercise is missing"
    text = exercise.find_parent("div").get_text(" ")
    for p_value in exercises.MANY_P_VALUES:
        assert f"{p_value:g}" in text, f"the exercise does not print {p_value:g}"


def test_chapter_11_table_names_its_cutoff_too(site: Path) -> None:
    # Its table of the family once printed NDCG with no cutoff (0.7562) beside the last
    # chapter's NDCG@6 (0.7850) of the same list.
    outputs = " ".join(div.get_text() for div in _page(site, "11").select("div.cell_output"))
    assert "NDCG@6 " in outputs
    assert not re.search(r"^NDCG +\d", outputs, re.MULTILINE), "a row says NDCG without a cutoff"


def test_chapter_7_averages_over_queries_not_rows(site: Path) -> None:
    page = _page(site, "07")
    headings = [h.get_text(" ") for h in page.select("h2")]
    assert any("Average over queries, not rows" in h for h in headings), headings
    assert "mean of the rows' NDCG@10" in " ".join(
        div.get_text() for div in page.select("div.cell_output")
    )
