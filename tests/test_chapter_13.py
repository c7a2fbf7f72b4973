"""Chapter 13, "Optimising NDCG", on the built site: shape, glued figures, key numbers.

The chapter's prose quotes its figures through myst-nb's glue; this test reads them back
from the page and checks the ones that must agree with the library or with each other.
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


@cache
def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


@pytest.fixture(scope="module")
def page(site: Path) -> BeautifulSoup:
    path = site / f"{CHAPTER}.html"
    assert path.exists(), f"{path} was not built"
    return _soup(path)


def _outputs(page: BeautifulSoup) -> str:
    return "\n".join(div.get_text() for div in page.select("div.cell_output"))


def test_chapter_shape(page: BeautifulSoup, site: Path) -> None:
    text = page.get_text()
    assert "The question of this chapter" in text and "Learning goals" in text
    assert page.find(id="summary") is not None
    cited = {
        a["href"].split("#")[1]
        for a in page.select("article a.reference.internal")
        if "bibliography.html#" in a.get("href", "")
    }
    assert len(cited) >= 4, cited  # RankNet, LambdaRank, AdaGrad, LightGBM
    assert len(page.select("div.exercise")) >= 4
    solutions = page.select("div.solution")
    assert len(solutions) >= 4 and all("dropdown" in s["class"] for s in solutions)
    outputs = _outputs(page)
    # The answer checks show their code but no output; every solution runs its check.
    assert page.get_text().count("my_answer = None") >= 4 and "No answer yet" not in outputs
    assert outputs.count("Right: ") >= 4
    assert "Traceback" not in outputs
    images = page.select("div.cell_output img")
    assert len(images) >= 4
    for image in images:
        assert len(image.get("alt", "").strip()) > 40, image
        assert ((site / CHAPTER).parent / image["src"]).resolve().exists(), image["src"]
    # The swap widget is embedded, so it works on the static site.
    assert "application/vnd.jupyter.widget-view+json" in str(page)


def test_every_glued_figure_was_pasted(page: BeautifulSoup) -> None:
    pasted = [span.get_text() for span in page.select("span.pasted-text")]
    assert len(pasted) >= 50
    assert all(text.strip() for text in pasted)
    notebook = json.loads((ROOT / f"{CHAPTER}.ipynb").read_text(encoding="utf-8"))
    markdown = "".join(
        "".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"
    )
    assert len(pasted) == markdown.count("{glue:text}")


def test_worked_example_figures(page: BeautifulSoup) -> None:
    start = ndcg.ndcg_from_scores(optimising.GRADES, optimising.SCORES, k=5, gain="exponential")
    pasted = [span.get_text() for span in page.select("span.pasted-text")]
    assert pasted[0] == f"{start:.4f}"
    outputs = _outputs(page)
    best = ltr.swap_matrix(optimising.GRADES, k=5).max()
    assert f"NDCG@5 {start:.4f} -> {start + best:.4f}" in outputs
    assert "best swap: D1 <-> D7" in outputs


def test_claims_hold_and_lightgbm_agrees(page: BeautifulSoup) -> None:
    outputs = _outputs(page)
    match = re.search(r"this library:\s+([0-9.]+)\nLightGBM's ndcg@10: ([0-9.]+)", outputs)
    assert match, "the LightGBM cross-check is not printed"
    ours, theirs = float(match[1]), float(match[2])
    assert ours == pytest.approx(theirs, rel=1e-12, abs=0.0)
    heading = page.find("th", string=re.compile("LambdaRank beats RankNet"))
    claims = heading.find_parent("table")
    assert [td.get_text() for td in claims.select("tbody td:last-child")] == ["True"] * 3
