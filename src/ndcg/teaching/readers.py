"""Discounts read as readers, and every metric of the family on one list.

Used by chapter 10, "Why a logarithm? Discounts as models of a reader", and chapter 11, "The
family side by side".

A discount says how much a gain at rank ``i`` still counts. Read as a model of a person, it
is the chance that the reader gets as far as rank ``i``. Every figure here comes from the
library's own functions: the weights of a discount from :func:`ndcg.breakdown`, the cascade
of ERR and of reciprocal rank from their values at each cutoff, so a figure cannot drift
from the metric it explains.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

import ndcg

__all__ = ["every_metric", "expected_depth", "reach_table"]


def _weights(n: int, discount: Any) -> np.ndarray:
    """Return the library's weights of ranks 1..n under ``discount``."""
    return ndcg.breakdown([1] * n, discount=discount)["discount"].to_numpy()


def _cascade_reach(values_at: Sequence[float]) -> np.ndarray:
    """Chance of reaching each rank, from a cascade metric's value at cutoffs 1, 2, ...

    The metric adds ``stop_i / i`` at rank ``i``, so ``stop_i = i * (M@i - M@(i-1))``; the
    reader reaches rank ``i`` unless they stopped above it.
    """
    values = np.concatenate([[0.0], np.asarray(values_at, dtype=float)])
    stops = np.arange(1, values.size) * np.diff(values)
    return 1.0 - np.concatenate([[0.0], np.cumsum(stops)[:-1]])


def reach_table(
    relevance: Sequence[float], *, max_grade: float, p: float = 0.8, b: float = 2
) -> pd.DataFrame:
    """Return the chance that each reader reaches each rank of ``relevance``.

    Parameters
    ----------
    relevance : sequence of float
        Grades in ranked order (the cascade readers depend on them; the others do not).
    max_grade : float
        The top of the grade scale, for ERR.
    p : float, default 0.8
        RBP's persistence.
    b : float, default 2
        The patience of Järvelin and Kekäläinen's original DCG.

    Returns
    -------
    pandas.DataFrame
        Indexed by rank (1-based); one column per reader, each column the weight its
        metric gives that rank: for DCG's discounts the weight read as a chance, for the
        cascade readers (ERR, RR) the chance of not having stopped above.

    Examples
    --------
    >>> table = reach_table([0, 1, 0], max_grade=1, p=0.5)
    >>> table["RR: stops at the first relevant"].tolist()
    [1.0, 1.0, 0.0]
    >>> table["RBP, p=0.5"].tolist()
    [1.0, 0.5, 0.25]

    """
    n = len(relevance)
    ks = range(1, n + 1)
    return pd.DataFrame(
        {
            "DCG, 1/log2(i+1)": _weights(n, "log2"),
            f"original DCG, b={b:g}": _weights(n, ("log", b)),
            "1/i": _weights(n, "reciprocal"),
            f"RBP, p={p:g}": _weights(n, ("geometric", p)),
            "ERR: stops when satisfied": _cascade_reach(
                [ndcg.err(relevance, k=k, max_grade=max_grade) for k in ks]
            ),
            "RR: stops at the first relevant": _cascade_reach(
                [ndcg.reciprocal_rank(relevance, k=k) for k in ks]
            ),
        },
        index=pd.Index(range(1, n + 1), name="rank"),
    )


def expected_depth(discount: Any, n: int) -> float:
    """How many of the first ``n`` ranks the reader of ``discount`` reads, on average.

    The sum of the chances of reaching each rank. For the geometric reader it tends to
    ``1 / (1 - p)``; for the logarithm it grows without end, ever more slowly.

    Examples
    --------
    >>> round(expected_depth(("geometric", 0.5), 60), 6)
    2.0

    """
    return float(_weights(n, discount).sum())


def every_metric(
    relevance: Sequence[float | None],
    *,
    pool: Sequence[float] | None = None,
    max_grade: float,
    k: int | None = None,
    p: float = 0.8,
    threshold: float = 1,
) -> pd.Series:
    """Every metric of the family on one ranked list, as the library computes it.

    Parameters
    ----------
    relevance : sequence of float or None
        Grades in ranked order.
    pool : sequence of float, optional
        Every judged grade of the query (for NDCG's ideal, recall and AP).
    max_grade : float
        The top of the grade scale, for ERR.
    k : int, optional
        The cutoff, for every metric.
    p : float, default 0.8
        RBP's persistence (also the geometric discount's).
    threshold : float, default 1
        The lowest relevant grade, for the binary metrics.

    Returns
    -------
    pandas.Series
        Named by metric, in the order of chapter 11.

    """
    binary: dict[str, Any] = {"k": k, "threshold": threshold}
    values = {
        "NDCG": ndcg.ndcg(relevance, k=k, pool=pool),
        "NDCG, original (b=2)": ndcg.ndcg(relevance, k=k, pool=pool, discount=("log", 2)),
        "NDCG, 1/i": ndcg.ndcg(relevance, k=k, pool=pool, discount="reciprocal"),
        f"NDCG, geometric p={p:g}": ndcg.ndcg(relevance, k=k, pool=pool, discount=("geometric", p)),
        "precision": ndcg.precision(relevance, **binary),
        "recall": ndcg.recall(relevance, pool=pool, **binary),
        "AP": ndcg.average_precision(relevance, pool=pool, **binary),
        "RR": ndcg.reciprocal_rank(relevance, **binary),
        "ERR": ndcg.err(relevance, k=k, max_grade=max_grade),
        f"RBP, p={p:g}": ndcg.rbp(relevance, p=p, **binary),
    }
    return pd.Series(values, name="value")
