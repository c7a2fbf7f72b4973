"""Chapter 13, "Optimising NDCG", and its optional training lab, on the built site: shape,
glued figures, key numbers.

The pages quote their figures through myst-nb's glue; this test reads them back from the
pages and checks the ones that must agree with the library or with each other.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from conftest import ROOT

import ndcg
from ndcg import ltr
from ndcg.teaching import optimising

CHAPTER = "notebooks/13_optimising_ndcg"
LAB = "notebooks/13_training_lab"


@cache
def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def _built(site: Path, notebook: str) -> BeautifulSoup:
    path = site / f"{notebook}.html"
    assert path.exists(), f"{path} was not built"
    return _soup(path)


@pytest.fixture(scope="module")
def page(site: Path) -> BeautifulSoup:
    return _built(site, CHAPTER)


@pytest.fixture(scope="module")
def lab(site: Path) -> BeautifulSoup:
    return _built(site, LAB)


def _outputs(page: BeautifulSoup) -> str:
    return "\n".join(div.get_text() for div in page.select("div.cell_output"))


def _cited(page: BeautifulSoup) -> set[str]:
    return {
        a["href"].split("#")[1]
        for a in page.select("article a.reference.internal")
        if "bibliography.html#" in a.get("href", "")
    }


def _pasted(page: BeautifulSoup) -> list[str]:
    return [span.get_text() for span in page.select("span.pasted-text")]


def _glue_roles(notebook: str) -> int:
    cells = json.loads((ROOT / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    markdown = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return markdown.count("{glue:text}")


def _assert_shape(page: BeautifulSoup, site: Path, notebook: str, exercises: int) -> None:
    text = page.get_text()
    assert "The question of this chapter" in text and "Learning goals" in text
    assert "What you need first" in text and page.find(id="summary") is not None
    assert len(page.select("div.exercise")) >= exercises
    solutions = page.select("div.solution")
    assert len(solutions) >= exercises and all("dropdown" in s["class"] for s in solutions)
    outputs = _outputs(page)
    # The answer checks show their code but no output; every solution runs its check.
    assert text.count("my_answer = None") >= exercises and "No answer yet" not in outputs
    assert outputs.count("Right: ") >= exercises
    assert "Traceback" not in outputs
    for image in page.select("div.cell_output img"):
        assert len(image.get("alt", "").strip()) > 40, image
        assert ((site / notebook).parent / image["src"]).resolve().exists(), image["src"]


def test_chapter_shape(page: BeautifulSoup, site: Path) -> None:
    _assert_shape(page, site, CHAPTER, exercises=4)
    assert "A gradient: which way to nudge a score" in page.get_text()
    assert len(_cited(page)) >= 2, _cited(page)  # RankNet, LambdaRank
    assert len(page.select("div.cell_output img")) >= 1  # the staircase
    # The swap widget is embedded, so it works on the static site.
    assert "application/vnd.jupyter.widget-view+json" in str(page)
    # The training experiments are the lab's, and the chapter links it.
    links = {a.get("href", "").split("#")[0] for a in page.select("article a")}
    assert "13_training_lab.html" in links, sorted(links)
    assert "LightGBM's ndcg@10" not in _outputs(page)


def test_lab_shape(lab: BeautifulSoup, site: Path) -> None:
    _assert_shape(lab, site, LAB, exercises=3)
    assert len(_cited(lab)) >= 3, _cited(lab)  # AdaGrad, the AdaGrad-on-Spark post, LightGBM
    assert len(lab.select("div.cell_output img")) >= 3  # two learning-curve figures, the rates


@pytest.mark.parametrize("notebook", [CHAPTER, LAB])
def test_every_glued_figure_was_pasted(site: Path, notebook: str) -> None:
    pasted = _pasted(_built(site, notebook))
    assert len(pasted) >= 8
    assert all(text.strip() for text in pasted)
    assert len(pasted) == _glue_roles(notebook)


def test_worked_example_figures(page: BeautifulSoup) -> None:
    start = ndcg.ndcg_from_scores(optimising.GRADES, optimising.SCORES, k=5, gain="exponential")
    pasted = _pasted(page)
    assert pasted[0] == f"{start:.4f}"
    outputs = _outputs(page)
    best = ltr.swap_matrix(optimising.GRADES, k=5).max()
    assert f"NDCG@5 {start:.4f} -> {start + best:.4f}" in outputs
    assert "best swap: D1 <-> D7" in outputs


def test_lightgbm_agrees_and_the_claims_table_is_out_of_sight(lab: BeautifulSoup) -> None:
    outputs = _outputs(lab)
    match = re.search(r"this library:\s+([0-9.]+)\nLightGBM's ndcg@10: ([0-9.]+)", outputs)
    assert match, "the LightGBM cross-check is not printed"
    ours, theirs = float(match[1]), float(match[2])
    assert ours == pytest.approx(theirs, rel=1e-12, abs=0.0)
    # The claims are checked while the book builds (an assert); the page does not show them.
    assert lab.find("th", string=re.compile("LambdaRank beats RankNet")) is None
    assert "holds" not in [th.get_text() for th in lab.select("th")]


def test_the_lab_says_sgd_used_its_whole_budget(lab: BeautifulSoup) -> None:
    text = re.sub(r"\s+", " ", lab.get_text())
    said = r"SGD.s best validation epoch is (\d+), the last of its budget of (\d+)"
    match = re.search(said, text)
    assert match, "the lab does not state SGD's best epoch against its budget"
    assert match[1] == match[2]
