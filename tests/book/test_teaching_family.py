"""The teaching code of chapters 10 to 12: readers, invented systems, clicks, figures."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

import ndcg
from ndcg.teaching import online, plots_family, readers, synthetic, systems
from ndcg.teaching.examples import D_POOL, D_RELEVANCE


def test_reach_table_is_the_library_s_weights_and_cascades():
    table = readers.reach_table(D_RELEVANCE, max_grade=3, p=0.8, b=2)
    assert table.index.tolist() == [1, 2, 3, 4, 5, 6]
    assert table["DCG, 1/log2(i+1)"].tolist() == ndcg.breakdown([1] * 6)["discount"].tolist()
    assert table["RBP, p=0.8"].to_numpy() == pytest.approx(0.8 ** np.arange(6), rel=1e-15)
    # D1 (grade 3) satisfies 7 readers in 8; D2 (grade 2) 3 in 8 of the rest.
    err_reach = table["ERR: stops when satisfied"].to_numpy()
    assert err_reach[:3] == pytest.approx([1, 1 / 8, 1 / 8 * 5 / 8], rel=1e-12)
    assert table["RR: stops at the first relevant"].tolist() == [1, 0, 0, 0, 0, 0]


def test_expected_depth_and_every_metric():
    assert readers.expected_depth(("geometric", 0.8), 500) == pytest.approx(5.0, rel=1e-12)
    assert readers.expected_depth("log2", 1000) > readers.expected_depth("log2", 100) > 20
    values = readers.every_metric(D_RELEVANCE, pool=D_POOL, max_grade=3)
    assert values["NDCG"] == ndcg.ndcg(D_RELEVANCE, pool=D_POOL)
    assert values["AP"] == ndcg.average_precision(D_RELEVANCE, pool=D_POOL)
    assert len(values) == 10


def test_systems_kendall_and_drift():
    collection = synthetic.make_collection(n_queries=12, docs_per_query=15, seed=1)
    skills, runs = systems.make_systems(collection, 4, depth=10, seed=2)
    assert list(skills.index) == ["S1", "S2", "S3", "S4"]
    assert all(len(run) == 12 * 10 for run in runs.values())
    columns = {"NDCG@5": {"k": 5}, "AP": {"metrics": "ap"}}
    means = systems.mean_scores(collection.qrels, runs, columns)
    assert (
        means.loc["S2", "AP"]
        == ndcg.evaluate(collection.qrels, runs["S2"], metrics="ap")["ap"].mean()
    )
    tau = systems.kendall_matrix(means)
    assert tau.loc["AP", "AP"] == 1.0 and tau.loc["AP", "NDCG@5"] == tau.loc["NDCG@5", "AP"]
    drift = systems.ordering_drift(collection.qrels, runs, [1.0, 0.3], options={"k": 5})
    assert drift.loc[1.0, "tau_zero"] == 1.0 and drift.loc[1.0, "tau_condense"] == 1.0
    assert drift.loc[0.3, "rbp_residual"] > drift.loc[1.0, "rbp_residual"]
    kept = systems.drop_judgments(collection.qrels, 0.3, seed=0)
    assert kept.groupby("query_id").size().tolist() == [round(0.3 * 15)] * 12


def test_sampled_rank_follows_the_hypergeometric_law():
    rng = np.random.default_rng(0)
    ranks = online.sampled_rank(np.full(20000, 101), 1001, 100, rng)
    # 100 items above, each in the sample with chance 100/1000: about 10 above it.
    assert ranks.mean() == pytest.approx(11.0, abs=0.1)
    table = online.sampled_vs_full({"top": np.ones(50, dtype=int)}, n_items=100, n_sampled=9)
    assert table.loc["top"].tolist() == [1.0, 1.0]


def test_clicks_and_interleaving():
    log = online.click_log([3, 3], max_grade=3, n_sessions=4000, seed=0)
    share = log["clicked_rank"].value_counts(normalize=True)
    assert share[1] == pytest.approx(7 / 8, abs=0.02) and share[2] == pytest.approx(
        7 / 64, abs=0.02
    )
    merged, team = online.interleave(list("abc"), list("cba"), np.random.default_rng(1))
    assert sorted(merged) == list("abc") and set(team) <= {"A", "B"}
    grades = {"a": 3, "b": 0, "c": 0}
    wins = online.interleaving_wins(list("abc"), list("bca"), grades, max_grade=3, n_sessions=400)
    assert wins["A"] > wins["B"] and wins.sum() == 400


def test_figures_draw_and_refuse_bad_input():
    table = readers.reach_table(D_RELEVANCE, max_grade=3)
    assert isinstance(plots_family.reach_plot(table), Figure)
    tau = pd.DataFrame([[1.0, 0.5], [0.5, 1.0]], index=["a", "b"], columns=["a", "b"])
    assert isinstance(plots_family.tau_heatmap(tau, title="t"), Figure)
    drift = pd.DataFrame(
        {"tau_zero": [1.0, 0.5], "tau_condense": [1.0, 0.7], "rbp_residual": [0.0, 0.4]},
        index=[1.0, 0.5],
    )
    assert len(plots_family.drift_plot(drift).axes) == 2
    with pytest.raises(TypeError, match="table must be a non-empty pandas DataFrame"):
        plots_family.reach_plot([1, 2])
    with pytest.raises(ValueError, match="tau must be square"):
        plots_family.tau_heatmap(tau.rename(index={"b": "c"}))
    with pytest.raises(ValueError, match=r"drift lacks the column\(s\) \['rbp_residual'\]"):
        plots_family.drift_plot(drift.drop(columns="rbp_residual"))
