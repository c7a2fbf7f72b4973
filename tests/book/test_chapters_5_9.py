"""Chapters 5-9 and the instructor guide on the built site: figures, exercises, key numbers.

Each key number is looked for in the executed outputs of its page, so the test fails if a
chapter stops printing it or the library starts computing something else.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import _golden
import numpy as np
import pytest
from bs4 import BeautifulSoup
from conftest import ROOT

import ndcg
from ndcg import stats
from ndcg.teaching import examples, pitfalls, synthetic

CHAPTERS = {
    "05": "notebooks/05_scores_and_ties",
    "06": "notebooks/06_edge_cases",
    "07": "notebooks/07_many_queries",
    "08": "notebooks/08_pitfalls",
    "09": "notebooks/09_ndcg_in_the_wild",
}


@cache
def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def _page(site: Path, chapter: str) -> BeautifulSoup:
    page = site / f"{CHAPTERS[chapter]}.html"
    assert page.exists(), f"{page} was not built"
    return _soup(page)


def _outputs(site: Path, chapter: str) -> str:
    soup = _page(site, chapter)
    return "\n".join(div.get_text() for div in soup.select("div.cell_output"))


def _assert_printed(site: Path, chapter: str, *values: float) -> None:
    text = _outputs(site, chapter)
    for value in values:
        # 14 significant digits: the full figure minus the last bits a sum order can move.
        prefix = repr(float(value))[:15]
        assert prefix in text, f"chapter {chapter} does not print {value!r}"


def _ties(k: int, rule: str) -> float:
    return ndcg.ndcg_from_scores(
        examples.RATINGS_TRUE, examples.RATINGS_ESTIMATE, k=k, gain="exponential", ties=rule
    )


# --- every chapter ------------------------------------------------------------------------


@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_figures_have_alt_text_and_exist(site: Path, chapter: str) -> None:
    soup = _page(site, chapter)
    images = soup.select("div.cell_output img")
    assert images, f"chapter {chapter} shows no figure"
    page_dir = (site / CHAPTERS[chapter]).parent
    for image in images:
        assert len(image.get("alt", "").strip()) > 40, f"figure without real alt text: {image}"
        assert (page_dir / image["src"]).resolve().exists(), image["src"]


@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_exercises_solutions_and_answer_checks(site: Path, chapter: str) -> None:
    soup = _page(site, chapter)
    assert len(soup.select("div.exercise")) >= 3
    solutions = soup.select("div.solution")
    assert len(solutions) >= 3
    assert all("dropdown" in solution["class"] for solution in solutions)
    text = _outputs(site, chapter)
    # The answer checks show their code only: their output belongs to a running notebook.
    assert "No answer yet for" not in text, "an answer-check cell shows its output"
    assert "my_answer = None" in soup.get_text(), "no answer-check cell for the learner"
    assert "Right: " in text, "worked solutions do not confirm their answer"
    assert "Traceback" not in text


@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_opening_goals_summary_and_citation(site: Path, chapter: str) -> None:
    soup = _page(site, chapter)
    text = soup.get_text()
    assert "The question of this chapter" in text
    assert "Learning goals" in text
    assert soup.find(id="summary") is not None
    assert "PLACEHOLDER" not in text
    # A citation links to an entry (#...) of the bibliography page; the sidebar link has no anchor.
    citations = [
        a
        for a in soup.select("article a.reference.internal")
        if "bibliography.html#" in a.get("href", "")
    ]
    assert citations, f"chapter {chapter} cites nothing"


@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_notebook_is_committed_without_outputs(chapter: str) -> None:
    notebook = json.loads((ROOT / f"{CHAPTERS[chapter]}.ipynb").read_text())
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None


# --- chapter 5 ----------------------------------------------------------------------------


def test_chapter_5_walk_through_and_tie_rules(site: Path) -> None:
    assert _ties(10, "stable") == pytest.approx(_golden.RATINGS_NDCG_STABLE_AT_10, rel=1e-14)
    assert _ties(5, "stable") == pytest.approx(_golden.RATINGS_NDCG_STABLE_AT_5, rel=1e-14)
    assert _ties(10, "average") == pytest.approx(_golden.RATINGS_NDCG_AVERAGE_AT_10, rel=1e-14)
    assert _ties(5, "average") == pytest.approx(_golden.RATINGS_NDCG_AVERAGE_AT_5, rel=1e-14)
    # The walk-through's DCG and IDCG behind its NDCGs, at cutoffs 10 and 5.
    _assert_printed(
        site,
        "05",
        _golden.RATINGS_DCG_STABLE_AT_10,
        _golden.RATINGS_IDCG_AT_10,
        _golden.RATINGS_DCG_STABLE_AT_5,
        _golden.RATINGS_IDCG_AT_5,
    )
    _assert_printed(
        site,
        "05",
        *(_ties(k, rule) for k in (10, 5) for rule in ("stable", "average", "pessimistic")),
    )
    assert "96 arrival orders" in _outputs(site, "05")
    # The tie-breaking widget is embedded, so it works on the static site.
    assert "application/vnd.jupyter.widget-view+json" in str(_page(site, "05"))


# --- chapter 6 ----------------------------------------------------------------------------


def test_chapter_6_short_user_empty_and_negative(site: Path) -> None:
    ranked = [5, 3, 1]
    padded = ndcg.ndcg(ranked, k=10, gain="exponential", pool=[1, 3, 5] + [5] * 7)
    empty_mean = np.mean([ndcg.ndcg(g) for g in ([3, 2, 0, 1], [0, 1, 2, 0], [0, 0, 0])])
    _assert_printed(
        site,
        "06",
        padded,
        ndcg.ndcg([3, 2], k=10, pool=[3, 2, 3]),
        empty_mean,
        ndcg.ndcg([-1, 2, 0], gain=lambda r: max(r, 0)),
    )
    text = _outputs(site, "06")
    assert "NDCG@10, ideal from what exists: 1.0" in text
    assert "empty='raise'" in text
    assert "numpy mean:                 nan" in text


def test_chapter_6_shows_negative_gains_leaving_the_unit_interval(site: Path) -> None:
    text = _outputs(site, "06")
    below = re.search(r"spam on top: \[-1, 0, 0, 2\]  NDCG, no cutoff = (-[0-9.]+)", text)
    above = re.search(r"all harmful, worse order: \[-2, -1\]  NDCG, no cutoff = ([0-9.]+)", text)
    assert below and float(below.group(1)) < 0
    assert above and float(above.group(1)) > 1


def test_chapter_6_scores_unjudged_documents_under_one_policy(site: Path) -> None:
    with_d9 = [3, None, 3, 0, 1, 2]
    zero = ndcg.ndcg(with_d9, k=6, pool=examples.D_POOL)
    condense = ndcg.ndcg(with_d9, k=6, pool=examples.D_POOL, unjudged="condense")
    assert zero == pytest.approx(_golden.D_WITH_UNJUDGED_NDCG_ZERO, rel=1e-14)
    assert condense == pytest.approx(_golden.D_WITH_UNJUDGED_NDCG_CONDENSED, rel=1e-14)
    text = _outputs(site, "06")
    # The list API and evaluate print the same figure under each policy.
    for policy, value in (("'zero'", zero), ("'condense'", condense)):
        assert f"unjudged={policy:<11} NDCG@6 = {value!r}" in text
        assert f"evaluate, unjudged={policy:<11} NDCG@6 = {value!r}" in text
    assert "unjudged='raise': relevance has 1 unjudged position(s) (None)" in text


# --- chapter 7 ----------------------------------------------------------------------------


def test_chapter_7_mean_of_the_three_lists(site: Path) -> None:
    _assert_printed(site, "07", _golden.FRACTIONAL_MEAN_NDCG_WHOLE_IDEAL)


def test_chapter_7_paired_comparison_on_the_synthetic_collection(site: Path) -> None:
    def per_query(collection: synthetic.SyntheticCollection, run: object) -> object:
        return ndcg.evaluate(collection.qrels, run, k=10).set_index("query_id")["ndcg@10"]

    figures = []
    for difference in (0.3, 0.0):
        collection = synthetic.make_collection(
            n_queries=50, docs_per_query=30, difference=difference, depth=20, seed=2026
        )
        a, b = per_query(collection, collection.run_a), per_query(collection, collection.run_b)
        test = stats.paired_randomization_test(b, a, seed=1)
        interval = stats.paired_bootstrap_ci(b, a, seed=1)
        figures += [test.p_value, interval.low, interval.high]
        if difference:
            assert test.p_value < 0.05 and not interval.covers(0.0)
        else:
            assert test.p_value > 0.2 and interval.covers(0.0)
    _assert_printed(site, "07", *figures)
    assert "synthetic" in _page(site, "07").get_text().lower()
    # Where evaluate is introduced, the page says which tie rule it follows and why.
    prose = _page(site, "07").get_text()
    assert "ordered by document id, descending" in prose
    assert 'ties="average"' in prose


# --- chapter 8 ----------------------------------------------------------------------------


def test_chapter_8_every_exhibit_prints_wrong_and_right(site: Path) -> None:
    _assert_printed(
        site,
        "08",
        pitfalls.broken_industry_dcg(examples.FRACTIONAL_SCORES, k=5),
        _golden.FRACTIONAL_EXP_DCG_AT_5,
        _golden.D_NDCG_RETRIEVED_ONLY,
        _golden.D_NDCG_AT_6,
        _golden.FRACTIONAL_MEAN_NDCG_TOP5_IDEAL,
        _golden.FRACTIONAL_MEAN_NDCG_WHOLE_IDEAL,
        _golden.D_IDCG_AT_6,
        _golden.D_DCG_ROUNDED_TERMS,
        _golden.D_DCG,
        _golden.FIVE_NDCG,
        ndcg.ndcg((5, 4, 3, 2), gain="exponential", pool=examples.FIVE_ITEMS_RELEVANCE),
        pitfalls.broken_ascending_ndcg(examples.RATINGS_TRUE, examples.RATINGS_ESTIMATE, k=10),
        _golden.FIVE_ALL_ORDERS_NDCG_SUM,
        _golden.FIVE_ALL_ORDERS_NDCG_MIN,
        _golden.D_POOL_DCG_SKIPPED_POSITION,
        _golden.D_POOL_DCG,
    )
    text = _outputs(site, "08")
    assert "broken industry DCG@5:   0.98" in text
    assert "score of (5, 4, 3, 2):     0.0" in text
    assert "apparent improvement:     +0.0109" in text
    assert "ValueError: pool must hold every retrieved grade" in text
    assert "as written, from j = 0: inf" in text
    assert "first grade 0:          nan" in text
    assert text.count("graded by itself 1.0") == 2


def test_chapter_8_teaches_that_ndcg_at_k_is_not_monotone(site: Path) -> None:
    values = [ndcg.ndcg(examples.D_RELEVANCE, k=k, pool=examples.D_POOL) for k in range(1, 7)]
    rises = [k for k in range(2, 7) if values[k - 1] > values[k - 2]]
    assert rises == [3, 6]
    prose = _page(site, "08").get_text()
    assert "NDCG@k is not\nmonotone" in prose or "NDCG@k is not monotone" in prose
    assert "3 and 6" in prose


def test_chapter_8_names_the_tests_that_catch_each_mistake(site: Path) -> None:
    text = _page(site, "08").get_text()
    source = (ROOT / "tests" / "book" / "test_pitfalls.py").read_text()
    names = [line.split("(")[0][4:] for line in source.splitlines() if line.startswith("def test_")]
    named = [name for name in names if name in text]
    assert len(named) >= 11, f"chapter 8 names only {named}"


# --- chapter 9 ----------------------------------------------------------------------------


def test_chapter_9_conventions_table_and_live_scikit_learn(site: Path) -> None:
    # The library-by-library tables are a reference appendix that the chapter links.
    appendix = _soup(site / "book" / "library-conventions.html")
    tables = appendix.find_all("table")[:2]  # the five choices, in two tables that fit the page
    assert len(tables) == 2
    table_text = tables[0].get_text()
    for library in (
        "scikit-learn",
        "trec_eval",
        "ranx",
        "ir_measures",
        "torchmetrics",
        "TF-Ranking",
        "Spark",
    ):
        assert library in table_text, library
    assert all(library in tables[1].get_text() for library in ("scikit-learn", "Spark"))
    # Spark's version, not Scala's: graded NDCG came with Spark 3.4.
    assert "since Spark 3.4" in table_text and "Scala 3.4" not in table_text
    # The heading counts the choice columns: each table's columns after the library's.
    choices = [len(table.find_all("th")) - 1 for table in tables]
    assert sum(choices) == 5, choices
    soup = _page(site, "09")
    assert "Seven libraries, five choices" in soup.get_text()
    links = {a.get("href", "").split("#")[0] for a in soup.select("article a")}
    assert "../book/library-conventions.html" in links, sorted(links)
    assert not soup.select("article table"), "the library tables belong in the appendix"
    # PySpark's RankingMetrics drops the grades: computed, not asserted in prose.
    outputs = _outputs(site, "09")
    assert "binary gain (PySpark): 1.0" in outputs
    assert "The chapters of this book end here" not in soup.get_text()
    _assert_printed(
        site,
        "09",
        _golden.RATINGS_NDCG_AVERAGE_AT_10,
        0.9641599458546578,
        _golden.D_NDCG_UNCUT,
        _golden.D_NDCG_AT_6,
        0.2618595071429146,
        0.17457300476194307,
    )


def test_chapter_9_trec_files_and_command_line(site: Path) -> None:
    text = _outputs(site, "09")
    assert "q1 Q0 D1 1 6.0 demo" in text
    assert "q1 0 D7 3" in text
    for line in ("ndcg_cut_6", "all\t0.7541", "q2\t0.7232"):
        assert line in text, line


# --- instructor guide ---------------------------------------------------------------------


def test_instructor_guide(site: Path) -> None:
    page = site / "book" / "instructor-guide.html"
    soup = _soup(page)
    text = soup.get_text()
    for heading in (
        "Learning outcomes",
        "A short course: two 90-minute classes",
        "A full module: seven sessions",
        "Common misconceptions",
        "Running the notebooks locally",
    ):
        assert heading in text, heading
    assert text.count("Widget task") >= 3
    assert "make book" in text and "make lab" in text
    links = {a["href"].split("#")[0] for a in soup.select("a.reference.internal") if a.get("href")}
    for chapter in CHAPTERS.values():
        assert f"../{chapter}.html" in links, f"the guide does not link {chapter}"
    for link in links:
        if link:
            assert (page.parent / link).resolve().exists(), f"broken link {link}"
