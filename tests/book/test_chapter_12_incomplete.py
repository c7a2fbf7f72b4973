"""Chapter 12's section on incomplete judgments: the lists it scores and the figures it quotes.

The chapter judges a random share of each query's pool (:func:`listwise.mark_unjudged`),
turns each system's run into ranked lists (:func:`listwise.ranked_lists`) and averages AP,
bpref and infAP over them. trec_eval, built from its source, scores the same qrels and runs
as the oracle: every per-query value must be the same double, which holds only if the lists
are in trec_eval's order and the pool, unjudged documents included, reaches each measure.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from bs4 import BeautifulSoup
from trec_eval.test_oracle_trec_eval import run_trec_eval, trec_eval  # noqa: F401

import ndcg
from ndcg import trec_measures
from ndcg.teaching import listwise, synthetic, systems


@pytest.fixture(scope="module")
def collection() -> tuple[pd.DataFrame, dict[str, pd.DataFrame]]:
    # The chapter's collection and systems, with fewer queries to keep the test fast.
    made = synthetic.make_collection(n_queries=12, docs_per_query=30, seed=2026)
    _, runs = systems.make_systems(made, 3, depth=20, seed=3)
    return made.qrels, runs


def test_ranked_lists_break_ties_by_document_id_descending_as_trec_eval() -> None:
    qrels = pd.DataFrame({"query_id": ["q"] * 3, "doc_id": ["a", "b", "c"], "relevance": [2, 0, 1]})
    run = pd.DataFrame(
        {"query_id": ["q"] * 4, "doc_id": ["a", "c", "x", "b"], "score": [0.5, 0.9, 0.5, 0.1]}
    )
    ranked, pool = listwise.ranked_lists(qrels, run)["q"]
    assert ranked == [1.0, None, 2.0, 0.0]  # c, then x before a (tied at 0.5), then b
    assert pool == [2.0, 1.0, 0.0]


def test_ranked_lists_compare_integer_ids_as_text_as_trec_eval_and_keep_unjudged_queries() -> None:
    # trec_eval compares docnos with strcmp: "9" > "10", so 9 comes first among the tied.
    qrels = pd.DataFrame({"query_id": [1, 1], "doc_id": [10, 9], "relevance": [1, 2]})
    run = pd.DataFrame({"query_id": [1, 1, 2], "doc_id": [10, 9, 3], "score": [0.5, 0.5, 1.0]})
    lists = listwise.ranked_lists(qrels, run)
    assert lists == {1: ([2.0, 1.0], [2.0, 1.0]), 2: ([None], [])}
    # A run none of whose queries is judged: every document unjudged, every pool empty.
    assert listwise.ranked_lists(qrels.iloc[:0], run) == {1: ([None, None], []), 2: ([None], [])}


def test_mark_unjudged_keeps_every_row_and_marks_exactly_the_dropped_ones(collection) -> None:
    qrels, _ = collection
    marked = listwise.mark_unjudged(qrels, 0.3, seed=5)
    kept = systems.drop_judgments(qrels, 0.3, seed=5)
    assert marked[["query_id", "doc_id"]].equals(qrels[["query_id", "doc_id"]])
    unjudged = marked["relevance"] == listwise.NOT_JUDGED
    assert set(marked.index[~unjudged]) == set(kept.index)
    assert marked.loc[~unjudged, "relevance"].equals(qrels.loc[kept.index, "relevance"])


def test_mean_over_queries_agrees_with_evaluate(collection) -> None:
    qrels, runs = collection
    means = listwise.mean_over_queries(qrels, runs, {"AP": listwise.SAMPLING_MEASURES["AP"]})
    for system, run in runs.items():
        expected = ndcg.evaluate(qrels, run, metrics="ap")["ap"].mean()
        assert means.loc[system, "AP"] == pytest.approx(expected, rel=1e-12)


def _per_query(text: str) -> dict[tuple[str, str], float]:
    values = {}
    for line in text.splitlines():
        name, query, value = line.split("\t")
        if query != "all":
            values[name.strip(), query] = float(value)
    return values


def test_sampled_lists_score_as_trec_eval_scores_them(
    collection,
    trec_eval,  # noqa: F811
    tmp_path: Path,
) -> None:
    qrels, runs = collection
    marked = listwise.mark_unjudged(qrels, 0.3, seed=5)
    qrels_text = "".join(f"{q} 0 {d} {g}\n" for q, d, g in marked.itertuples(index=False))
    names = {"AP": "map", "bpref": "bpref", "infAP": "infAP"}
    compared = 0
    for system, run in runs.items():
        run_text = "".join(
            f"{q} Q0 {d} 0 {s!r} {system}\n" for q, d, s in run.itertuples(index=False)
        )
        argv = ["-q", *(a for m in names.values() for a in ("-m", m))]
        oracle = _per_query(run_trec_eval(trec_eval.exact, tmp_path, qrels_text, run_text, argv))
        for query, (ranked, pool) in listwise.ranked_lists(marked, run).items():
            for name, measure in listwise.SAMPLING_MEASURES.items():
                mine, theirs = measure(ranked, pool), oracle[names[name], query]
                assert mine == theirs, (system, query, name, mine, theirs)
                compared += 1
    assert compared == len(runs) * qrels["query_id"].nunique() * len(names)


def test_sampled_drift_with_every_judgment_is_the_full_ordering(collection) -> None:
    qrels, runs = collection
    drift = listwise.sampled_drift(qrels, runs, [1.0, 0.3], seed=5)
    full = drift.loc[1.0]
    assert (full[["tau AP", "tau bpref", "tau infAP"]] == 1.0).all()
    # trec_eval's infAP smooths by 1e-5: equal to AP to about that much, not to the bit.
    assert full["infAP"] == pytest.approx(full["AP"], abs=1e-5)
    assert drift.loc[0.3, "AP"] < full["AP"]  # unjudged relevant documents count as misses


def test_infap_tells_pooled_unjudged_from_never_pooled() -> None:
    # The same list with its second document unjudged: in the pool (-1) or outside it (None).
    pooled = trec_measures.infap([1, listwise.NOT_JUDGED, 1], pool=[1, 1, listwise.NOT_JUDGED])
    never = trec_measures.infap([1, None, 1], pool=[1, 1])
    assert pooled > never
    assert trec_measures.bpref([1, listwise.NOT_JUDGED, 1], pool=[1, 1, -1]) == trec_measures.bpref(
        [1, None, 1], pool=[1, 1]
    )


def test_sampled_drift_is_the_same_for_the_same_seed(collection) -> None:
    qrels, runs = collection
    first = listwise.sampled_drift(qrels, runs, [0.5], seed=5)
    assert first.equals(listwise.sampled_drift(qrels, runs, [0.5], seed=5))
    assert np.isfinite(first.to_numpy()).all()


@cache
def _page(site: Path) -> BeautifulSoup:
    path = site / "notebooks" / "12_what_ndcg_cannot_tell.html"
    assert path.exists(), f"{path} was not built"
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def test_the_page_quotes_the_librarys_sampled_figures(site: Path) -> None:
    # The chapter's own collection, systems and draw.
    made = synthetic.make_collection(n_queries=50, docs_per_query=30, seed=2026)
    _, runs = systems.make_systems(made, 8, depth=20, seed=3)
    drift = listwise.sampled_drift(made.qrels, runs, [1.0, 0.3], seed=5)
    prose = " ".join(" ".join(p.get_text(" ") for p in _page(site).select("article p")).split())
    for name in ("AP", "bpref", "infAP"):
        assert f"{drift.loc[0.3, name]:.3f}" in prose, name
        assert f"{drift.loc[0.3, 'tau ' + name]:.2f}" in prose, name
    assert f"{drift.loc[1.0, 'AP']:.3f}" in prose
    assert "python -m ndcg -m all_trec" in prose


def test_the_page_cites_both_papers_and_links_both_terms(site: Path) -> None:
    links = _page(site).select("article a.reference.internal")
    cited = {
        a.get_text(" ", strip=True) for a in links if "bibliography.html#" in a.get("href", "")
    }
    terms = {
        a["href"].split("#")[1].lower() for a in links if "glossary.html#" in a.get("href", "")
    }
    assert {"Buckley and Voorhees, 2004", "Yilmaz and Aslam, 2006"} <= cited, sorted(cited)
    assert {"term-bpref", "term-infap"} <= terms, sorted(terms)
