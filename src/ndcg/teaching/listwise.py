"""A run's ranked lists, one per query, for the list functions of :mod:`ndcg.trec_measures`.

:func:`ndcg.evaluate` scores a whole run with the measures it knows; the rest of trec_eval's
measures (bpref, infAP, success@k) take one ranked list at a time. This module turns a run
and its judgments into those lists, in trec_eval's order, and averages a measure over the
queries, so that chapters 11 and 12 can compare systems with them. It also makes the
sampled judgments of chapter 12: a pool of which only a random share was judged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np
import pandas as pd
from scipy import stats as scipy_stats

from ndcg import trec_measures
from ndcg.family import average_precision
from ndcg.teaching.systems import drop_judgments
from ndcg.trec import ranked_lists

__all__ = [
    "NOT_JUDGED",
    "SAMPLING_MEASURES",
    "ListMeasure",
    "mark_unjudged",
    "mean_over_queries",
    "ranked_lists",
    "sampled_drift",
]

#: The grade of a document in the pool that was not judged (trec_eval's convention).
NOT_JUDGED = -1

#: A list function: ranked grades and the query's pool in, one number out.
ListMeasure = Callable[[list[float | None], list[float]], float]

#: The measures of chapter 12's sampling experiment, by the name the chapter prints.
SAMPLING_MEASURES: dict[str, ListMeasure] = {
    "AP": lambda ranked, pool: average_precision(ranked, pool=pool),
    "bpref": lambda ranked, pool: trec_measures.bpref(ranked, pool=pool),
    "infAP": lambda ranked, pool: trec_measures.infap(ranked, pool=pool),
}


def mean_over_queries(
    qrels: pd.DataFrame, runs: Mapping[str, pd.DataFrame], measures: Mapping[str, ListMeasure]
) -> pd.DataFrame:
    """Mean of each list measure over the queries, one row per system.

    Parameters
    ----------
    qrels : pandas.DataFrame
        The judgments.
    runs : mapping of str to pandas.DataFrame
        The systems' runs, by name.
    measures : mapping of str to callable
        Column name to a function of ``(ranked, pool)`` returning a number.

    Returns
    -------
    pandas.DataFrame
        Indexed by system, one column per measure.

    """
    rows = {}
    for system, run in runs.items():
        lists = ranked_lists(qrels, run).values()
        rows[system] = {
            name: float(np.mean([measure(ranked, pool) for ranked, pool in lists]))
            for name, measure in measures.items()
        }
    return pd.DataFrame(rows).T.rename_axis("system")


def mark_unjudged(qrels: pd.DataFrame, keep: float, *, seed: int = 0) -> pd.DataFrame:
    """Judge only a random share ``keep`` of the pool; the rest stays in it, unjudged.

    The same draw as :func:`ndcg.teaching.systems.drop_judgments`, but a document whose
    judgment is dropped keeps its row with grade :data:`NOT_JUDGED`: it was in the pool,
    which infAP needs to know, and bpref and AP still treat it as unjudged.

    Parameters
    ----------
    qrels : pandas.DataFrame
        The full judgments.
    keep : float
        Share of each query's judgments kept, in (0, 1].
    seed : int, default 0
        Seed of the random draw.

    Returns
    -------
    pandas.DataFrame
        ``qrels`` with the dropped judgments' ``relevance`` set to :data:`NOT_JUDGED`.

    Examples
    --------
    >>> qrels = pd.DataFrame({"query_id": ["q"] * 4, "doc_id": list("abcd"),
    ...                       "relevance": [1, 0, 2, 0]})
    >>> (mark_unjudged(qrels, 0.5, seed=1)["relevance"] == NOT_JUDGED).sum()
    np.int64(2)

    """
    kept = drop_judgments(qrels, keep, seed=seed)
    marked = qrels.copy()
    marked.loc[~qrels.index.isin(kept.index), "relevance"] = NOT_JUDGED
    return marked


def sampled_drift(
    qrels: pd.DataFrame,
    runs: Mapping[str, pd.DataFrame],
    shares: Sequence[float],
    *,
    seed: int = 0,
) -> pd.DataFrame:
    """AP, bpref and infAP as the share of the pool judged falls.

    For each share, :func:`mark_unjudged` judges that share of every query's pool, and each
    measure is averaged over the queries of every system. The result holds the mean over
    the systems of each measure and Kendall's tau between the systems' ordering by the
    measure and their ordering by the same measure with every judgment.

    Parameters
    ----------
    qrels : pandas.DataFrame
        The full judgments.
    runs : mapping of str to pandas.DataFrame
        The systems' runs.
    shares : sequence of float
        Shares of the pool judged, each in (0, 1].
    seed : int, default 0
        Seed of the random draws (the same for every share).

    Returns
    -------
    pandas.DataFrame
        One row per share: ``AP``, ``bpref``, ``infAP`` (means over systems) and
        ``tau AP``, ``tau bpref``, ``tau infAP``.

    """
    full = mean_over_queries(qrels, runs, SAMPLING_MEASURES)
    rows = []
    for share in shares:
        means = mean_over_queries(mark_unjudged(qrels, share, seed=seed), runs, SAMPLING_MEASURES)
        row: dict[str, float] = {"share_judged": share}
        row.update({name: float(means[name].mean()) for name in SAMPLING_MEASURES})
        for name in SAMPLING_MEASURES:
            tau = scipy_stats.kendalltau(full[name], means[name]).statistic
            row[f"tau {name}"] = float(tau)
        rows.append(row)
    return pd.DataFrame(rows).set_index("share_judged")
