"""NDCG's family in evaluate() against trec_eval's C code (pytrec_eval), query by query.

The same random collections as the NDCG oracle test (tied scores, ids that sort
differently as text, unjudged and negative grades, queries on one side only), graded
0..4 and read at relevance levels 1 and 2.
"""

from __future__ import annotations

import numpy as np
import pytest

pytrec_eval = pytest.importorskip("pytrec_eval")

import ndcg  # noqa: E402
from trec_eval.test_oracle_pytrec_eval import as_dicts, random_collection  # noqa: E402

CUTOFFS = (1, 3, 5, 10, 20)
MEASURES = {"map", "recip_rank", "set_P"} | {
    f"{name}.{','.join(map(str, CUTOFFS))}" for name in ("P", "recall", "map_cut")
}
COLUMNS = {
    "map": "ap",
    "recip_rank": "rr",
    "set_P": "precision",
    **{f"P_{k}": f"precision@{k}" for k in CUTOFFS},
    **{f"recall_{k}": f"recall@{k}" for k in CUTOFFS},
    **{f"map_cut_{k}": f"ap@{k}" for k in CUTOFFS},
}


def oracle(qrels, run, level: int, judged_only: bool) -> dict:
    evaluator = pytrec_eval.RelevanceEvaluator(
        as_dicts(qrels, "relevance", int),
        MEASURES,
        relevance_level=level,
        judged_docs_only_flag=judged_only,
    )
    return evaluator.evaluate(as_dicts(run, "score", float))


@pytest.mark.parametrize(
    ("seed", "level", "unjudged"),
    [(0, 1, "zero"), (1, 2, "zero"), (2, 1, "condense"), (3, 2, "condense")],
)
def test_family_matches_trec_eval(seed, level, unjudged):
    rng = np.random.default_rng(40 + seed)
    qrels, run = random_collection(rng, 500)
    theirs = oracle(qrels, run, level, judged_only=unjudged == "condense")
    table = ndcg.evaluate(
        qrels,
        run,
        k=[None, *CUTOFFS],
        metrics=["precision", "recall", "ap", "rr"],
        threshold=level,
        unjudged=unjudged,
    ).set_index("query_id")
    assert set(table.index) == set(theirs) and len(theirs) > 400
    worst = max(
        abs(values[measure] - table.at[query, column])
        for query, values in theirs.items()
        for measure, column in COLUMNS.items()
    )
    assert worst <= 1e-12, worst
    # Not vacuous: the measures vary, and the tie rule decides some of them.
    assert table["ap"].std() > 0.1 and (table["rr"] > 0).sum() > 200
    stable = ndcg.evaluate(
        qrels, run, metrics="rr", threshold=level, ties="stable", unjudged=unjudged
    )
    assert (stable.set_index("query_id")["rr"] != table["rr"]).sum() > 5
