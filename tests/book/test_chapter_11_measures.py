"""Chapter 11's section on success at k, the precision-recall curve and R-precision.

The figure helper is checked on its own; the built page must quote the library's figures
(the prose reads them through glue) and link the new terms to the glossary.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pandas as pd
import pytest
from bs4 import BeautifulSoup

from ndcg import trec_measures
from ndcg.teaching import examples, plots_curve

RELEVANCE, POOL = list(examples.D_RELEVANCE), list(examples.D_POOL)
LEVELS = [i / 10 for i in range(11)]


def _curve() -> pd.Series:
    return pd.Series(
        [trec_measures.interpolated_precision(RELEVANCE, x, pool=POOL) for x in LEVELS],
        index=LEVELS,
    )


def _points() -> pd.DataFrame:
    import ndcg

    ranks = range(1, len(RELEVANCE) + 1)
    return pd.DataFrame(
        {
            "recall": [ndcg.recall(RELEVANCE, k=k, pool=POOL) for k in ranks],
            "precision": [ndcg.precision(RELEVANCE, k=k) for k in ranks],
        }
    )


def test_precision_recall_plot_draws_the_curve_and_the_ranks() -> None:
    fig = plots_curve.precision_recall_plot(_points(), _curve(), title="t")
    ax = fig.axes[0]
    curve, points = ax.get_lines()
    assert list(curve.get_ydata()) == _curve().tolist()
    assert list(points.get_xdata()) == _points()["recall"].tolist()
    assert [t.get_text() for t in ax.texts] == [str(r) for r in range(1, len(RELEVANCE) + 1)]
    assert (ax.get_xlabel(), ax.get_ylabel(), ax.get_title()) == ("recall", "precision", "t")


@pytest.mark.parametrize(
    ("points", "curve", "error"),
    [
        (pd.DataFrame({"recall": [0.5]}), pd.Series([1.0], index=[0.0]), ValueError),
        (pd.DataFrame({"recall": ["a"], "precision": [1.0]}), pd.Series([1.0]), TypeError),
        (pd.DataFrame(), pd.Series([1.0]), TypeError),
        (pd.DataFrame({"recall": [0.5], "precision": [1.0]}), [1.0], TypeError),
    ],
)
def test_precision_recall_plot_refuses_what_it_cannot_draw(points, curve, error) -> None:
    with pytest.raises(error):
        plots_curve.precision_recall_plot(points, curve)


def test_the_interpolated_curve_of_d1_to_d6_never_rises() -> None:
    values = _curve().to_numpy()
    assert (values[1:] <= values[:-1]).all()


@cache
def _text(site: Path) -> str:
    path = site / "notebooks" / "11_the_family.html"
    assert path.exists(), f"{path} was not built"
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def test_the_page_quotes_the_librarys_curve_figures(site: Path) -> None:
    # Whitespace collapsed: code spans come apart into one span per word.
    prose = " ".join(" ".join(p.get_text(" ") for p in _text(site).select("article p")).split())
    eleven = trec_measures.eleven_point_average(RELEVANCE, pool=POOL)
    r_precision = trec_measures.r_precision(RELEVANCE, pool=POOL)
    assert f"{eleven:.4f}" in prose
    assert f"{r_precision:.4f}" in prose
    assert "python -m ndcg -m all_trec" in prose


def test_the_new_terms_link_to_the_glossary(site: Path) -> None:
    links = {
        a["href"].split("#")[1]
        for a in _text(site).select("article a.reference.internal")
        if "glossary.html#" in a.get("href", "")
    }
    for term in ("term-success-k", "term-Interpolated-precision", "term-R-precision"):
        assert any(link.lower() == term.lower() for link in links), (term, sorted(links))
