"""ERR and RBP against independent implementations, through ir_measures' providers.

* ERR: ``gdeval`` (the TREC Web track's ``gdeval.pl``, which ir_measures ships and runs
  with perl): ``err@k`` on a 0..4 scale, printed to 5 decimals, ties broken by document id
  descending as trec_eval does.
* RBP: ``cwl_eval`` (the C/W/L framework of Azzopardi, Thomas and Moffat), binary at a
  relevance level, ties in run order (ir_measures sorts the run by score, stably).

Both report a query judged but absent from the run as 0, as ``missing="zero"`` does.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

ir_measures = pytest.importorskip("ir_measures")

import ndcg  # noqa: E402
from trec_eval.test_oracle_pytrec_eval import random_collection  # noqa: E402


def collection(seed: int, n_queries: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    qrels, run = random_collection(np.random.default_rng(seed), n_queries)
    # gdeval reads numeric topic ids only.
    return (
        qrels.assign(query_id=qrels["query_id"].str[1:]),
        run.assign(query_id=run["query_id"].str[1:]),
    )


def provider_values(provider, measures, qrels: pd.DataFrame, run: pd.DataFrame) -> dict:
    judged = [ir_measures.Qrel(q, d, int(g)) for q, d, g in qrels.itertuples(index=False)]
    scored = [ir_measures.ScoredDoc(q, d, float(s)) for q, d, s in run.itertuples(index=False)]
    return {
        (metric.query_id, str(metric.measure)): metric.value
        for metric in provider.iter_calc(measures, judged, scored)
    }


def test_err_matches_gdeval_to_its_five_decimals():
    if not ir_measures.gdeval.is_available():
        pytest.skip("gdeval needs perl")
    qrels, run = collection(50, 200)
    theirs = provider_values(
        ir_measures.gdeval, [ir_measures.ERR @ 5, ir_measures.ERR @ 20], qrels, run
    )
    ours = ndcg.evaluate(qrels, run, k=[5, 20], metrics="err", max_grade=4, missing="zero")
    ours = ours.set_index("query_id")
    assert {q for q, _ in theirs} == set(ours.index) and len(ours) > 150
    worst = max(
        abs(value - ours.at[query, "err@" + measure.split("@")[1]])
        for (query, measure), value in theirs.items()
    )
    assert worst <= 5e-6 + 1e-12, worst  # gdeval prints %.5f
    assert ours["err@20"].std() > 0.1  # not vacuous


@pytest.mark.parametrize(("level", "p"), [(1, 0.8), (2, 0.5), (1, 0.95)])
def test_rbp_matches_cwl_eval(level, p):
    qrels, run = collection(60 + level, 200)
    measure = ir_measures.RBP(rel=level, p=p)
    theirs = provider_values(ir_measures.cwl_eval, [measure], qrels, run)
    ours = ndcg.evaluate(
        qrels, run, metrics="rbp", p=p, threshold=level, ties="stable", missing="zero"
    ).set_index("query_id")
    assert {q for q, _ in theirs} == set(ours.index)
    worst = max(abs(value - ours.at[query, "rbp"]) for (query, _), value in theirs.items())
    assert worst <= 1e-12, worst
    assert (ours["rbp"] > 0).sum() > 50
