"""Many invented systems on one synthetic collection, and judgments taken away at random.

Used by chapter 11, "The family side by side" (how the metrics order the systems), and
chapter 12, "What NDCG cannot tell you" (how the order drifts as judgments go missing).

The collection is :func:`ndcg.teaching.synthetic.make_collection`'s. Each system here has
two skills, drawn at random: how well it tells relevant documents from the rest
(``binary_skill``), and how well it tells highly relevant documents from barely relevant
ones (``graded_skill``). A document's score is ``binary_skill * [grade >= 1] +
graded_skill * grade`` plus standard normal noise. Binary metrics reward the first skill,
graded ones the second, so the metrics can disagree, as they do on real systems.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats as scipy_stats

import ndcg
from ndcg.teaching.synthetic import SyntheticCollection

__all__ = ["drop_judgments", "kendall_matrix", "make_systems", "mean_scores", "ordering_drift"]


def make_systems(
    collection: SyntheticCollection, n_systems: int = 8, *, depth: int = 20, seed: int = 0
) -> tuple[pd.DataFrame, dict[str, pd.DataFrame]]:
    """Invent ``n_systems`` runs over ``collection``'s judgments.

    Parameters
    ----------
    collection : SyntheticCollection
        The judgments (its own two runs are not used).
    n_systems : int, default 8
        How many systems, named ``S1``, ``S2``, ...
    depth : int, default 20
        Documents each system returns per query.
    seed : int, default 0
        Seed of the skills and the noise.

    Returns
    -------
    skills : pandas.DataFrame
        ``binary_skill`` and ``graded_skill`` of each system.
    runs : dict of str to pandas.DataFrame
        Each system's run (``query_id``, ``doc_id``, ``score``).

    Examples
    --------
    >>> from ndcg.teaching import synthetic
    >>> skills, runs = make_systems(synthetic.make_collection(3, 10, seed=1), 2, depth=5)
    >>> sorted(runs), len(runs["S1"])
    (['S1', 'S2'], 15)

    """
    rng = np.random.default_rng(seed)
    qrels = collection.qrels
    grades = qrels["relevance"].to_numpy(dtype=float)
    names = [f"S{i + 1}" for i in range(n_systems)]
    skills = pd.DataFrame(
        {
            "binary_skill": rng.uniform(0.5, 3.0, n_systems),
            "graded_skill": rng.uniform(0.0, 1.5, n_systems),
        },
        index=pd.Index(names, name="system"),
    )
    runs: dict[str, pd.DataFrame] = {}
    for name, (binary, graded) in skills.iterrows():
        score = binary * (grades >= 1) + graded * grades + rng.standard_normal(grades.size)
        run = qrels[["query_id", "doc_id"]].assign(score=score)
        runs[str(name)] = (
            run.sort_values(["query_id", "score"], ascending=[True, False])
            .groupby("query_id", sort=False)
            .head(depth)
            .reset_index(drop=True)
        )
    return skills, runs


def mean_scores(
    qrels: pd.DataFrame, runs: Mapping[str, pd.DataFrame], columns: Mapping[str, dict[str, Any]]
) -> pd.DataFrame:
    """Mean of each metric over the queries, one row per system.

    Parameters
    ----------
    qrels : pandas.DataFrame
        The judgments.
    runs : mapping of str to pandas.DataFrame
        The systems' runs.
    columns : mapping of str to dict
        Column name -> keyword arguments of :func:`ndcg.evaluate` that give one column,
        e.g. ``{"AP": {"metrics": "ap"}, "P@10": {"metrics": "precision", "k": 10}}``.

    Returns
    -------
    pandas.DataFrame
        Systems by metrics.

    """
    table = {}
    for name, run in runs.items():
        row = {}
        for label, options in columns.items():
            scores = ndcg.evaluate(qrels, run, **options)
            (column,) = scores.columns[1:]
            row[label] = float(scores[column].mean())
        table[name] = row
    return pd.DataFrame(table).T.rename_axis("system")


def kendall_matrix(means: pd.DataFrame) -> pd.DataFrame:
    """Kendall's tau between the system orderings of every pair of metrics (columns).

    Tau is 1 when two metrics order the systems alike, -1 when one reverses the other
    (Kendall 1938; Voorhees 2000 uses it to compare evaluations).

    Examples
    --------
    >>> table = pd.DataFrame({"a": [1, 2, 3], "b": [1, 3, 2], "c": [3, 2, 1]})
    >>> kendall_matrix(table).round(4).loc["a"].tolist()
    [1.0, 0.3333, -1.0]

    """
    names = list(means.columns)
    tau = pd.DataFrame(1.0, index=names, columns=names)
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            value = scipy_stats.kendalltau(means[first], means[second]).statistic
            tau.loc[first, second] = tau.loc[second, first] = float(value)
    return tau


def drop_judgments(qrels: pd.DataFrame, keep: float, *, seed: int = 0) -> pd.DataFrame:
    """Keep a random share ``keep`` of the judgments of every query, as a shallow pool would.

    At least one judgment of each query is kept, so no query leaves the evaluation.

    Examples
    --------
    >>> qrels = pd.DataFrame({"query_id": ["q"] * 4, "doc_id": list("abcd"),
    ...                       "relevance": [1, 0, 2, 0]})
    >>> len(drop_judgments(qrels, 0.5, seed=1))
    2

    """
    rng = np.random.default_rng(seed)
    draw = pd.Series(rng.random(len(qrels)), index=qrels.index)
    rank = draw.groupby(qrels["query_id"]).rank(method="first")
    size = qrels.groupby("query_id")["doc_id"].transform("size")
    return qrels[rank <= np.maximum(1, np.round(keep * size))]


def ordering_drift(
    qrels: pd.DataFrame,
    runs: Mapping[str, pd.DataFrame],
    shares: Sequence[float],
    *,
    options: dict[str, Any],
    seed: int = 0,
) -> pd.DataFrame:
    """How far the systems' ordering drifts as judgments are taken away.

    For each share of judgments kept, the systems are scored with the kept judgments under
    ``unjudged="zero"`` and ``unjudged="condense"``, and each ordering is compared with the
    ordering under all the judgments (Kendall's tau). The mean RBP residual (p = 0.8) says
    how much the scores themselves could still move.

    Parameters
    ----------
    qrels : pandas.DataFrame
        The full judgments.
    runs : mapping of str to pandas.DataFrame
        The systems' runs.
    shares : sequence of float
        Shares of judgments kept, each in (0, 1].
    options : dict
        Keyword arguments of :func:`ndcg.evaluate` for the metric compared (one column).
    seed : int, default 0
        Seed of the random drops.

    Returns
    -------
    pandas.DataFrame
        One row per share: ``tau_zero``, ``tau_condense`` and ``rbp_residual``.

    """
    full = mean_scores(qrels, runs, {"metric": options})["metric"]
    rows = []
    for share in shares:
        kept = drop_judgments(qrels, share, seed=seed)
        taus = {}
        for policy in ("zero", "condense"):
            means = mean_scores(kept, runs, {"metric": {**options, "unjudged": policy}})
            taus[f"tau_{policy}"] = float(scipy_stats.kendalltau(full, means["metric"]).statistic)
        residual = mean_scores(kept, runs, {"r": {"metrics": "rbp_residual"}})["r"].mean()
        rows.append({"share_judged": share, **taus, "rbp_residual": float(residual)})
    return pd.DataFrame(rows).set_index("share_judged")
