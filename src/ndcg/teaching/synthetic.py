"""A seeded, synthetic test collection: judgments and the runs of two systems.

Used by chapter 7, "Many queries".

Nothing here comes from real users or real documents. The generator invents a collection so
that the book can show how per-query scores spread and how two systems are compared, on data
whose true difference is known because it was chosen.

The model, kept deliberately small:

* every document has a hidden relevance ``z`` drawn from a standard normal distribution; its
  judged grade counts how many of the thresholds ``0.3, 0.9, 1.5, ...`` ``z`` exceeds
  (so most documents are not relevant and few are highly relevant);
* every query has a difficulty: a multiplier on how clearly relevance shows through, shared
  by both systems, which is what makes their per-query scores paired;
* a system scores a document ``signal * difficulty * z + noise`` with standard normal noise;
  system B's signal is system A's plus ``difference``. With ``difference=0`` the two systems
  are the same system run twice with different noise.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ndcg.teaching._checks import positive_int

__all__ = ["SyntheticCollection", "make_collection"]

_FIRST_THRESHOLD = 0.3
_THRESHOLD_STEP = 0.6


@dataclass(frozen=True)
class SyntheticCollection:
    """Judgments and two runs of an invented collection.

    Attributes
    ----------
    qrels : pandas.DataFrame
        Columns ``query_id``, ``doc_id``, ``relevance`` (int grades 0..max_grade); every
        document of every query is judged.
    run_a, run_b : pandas.DataFrame
        Columns ``query_id``, ``doc_id``, ``score``: each system's top ``depth`` documents
        per query.
    difference : float
        How much stronger system B's signal is than system A's (the true difference).
    seed : int
        Seed the collection was generated from.

    """

    qrels: pd.DataFrame
    run_a: pd.DataFrame
    run_b: pd.DataFrame
    difference: float
    seed: int


def _finite_number(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating):
        raise TypeError(f"{name} must be a number, got {type(value).__name__}")
    if not np.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value}")
    return float(value)


def _run_frame(
    query_ids: np.ndarray, doc_ids: np.ndarray, scores: np.ndarray, depth: int
) -> pd.DataFrame:
    # Keep each query's `depth` best-scored documents; scores are continuous, so no ties.
    order = np.argsort(-scores, axis=1, kind="stable")[:, :depth]
    rows = np.arange(scores.shape[0])[:, None]
    return pd.DataFrame(
        {
            "query_id": np.repeat(query_ids, depth),
            "doc_id": doc_ids[rows, order].ravel(),
            "score": scores[rows, order].ravel(),
        }
    )


def make_collection(
    n_queries: int = 50,
    docs_per_query: int = 30,
    *,
    difference: float = 0.0,
    signal: float = 1.0,
    max_grade: int = 3,
    depth: int | None = None,
    seed: int = 0,
) -> SyntheticCollection:
    """Generate a synthetic collection: qrels and the runs of two systems.

    Parameters
    ----------
    n_queries : int, default 50
        Number of queries (ids ``q001``, ``q002``, ...).
    docs_per_query : int, default 30
        Documents judged per query (ids ``q001-d01``, ...).
    difference : float, default 0.0
        Added to system B's signal. Positive makes B better than A on average, negative
        worse, zero leaves no true difference.
    signal : float, default 1.0
        System A's signal strength: how much its scores follow relevance rather than noise.
    max_grade : int, default 3
        Highest relevance grade.
    depth : int or None, default None
        Documents each run returns per query; ``None`` returns all of them. A smaller depth
        leaves judged documents unretrieved, as in real runs.
    seed : int, default 0
        Seed of the random generator: the same arguments give the same collection.

    Returns
    -------
    SyntheticCollection
        The judgments, both runs and the generating parameters.

    Raises
    ------
    ValueError, TypeError
        If a count is not a positive int, a number is not finite, or ``depth`` exceeds
        ``docs_per_query``.

    Examples
    --------
    >>> collection = make_collection(n_queries=3, docs_per_query=4, seed=7)
    >>> list(collection.qrels.columns), len(collection.run_a)
    (['query_id', 'doc_id', 'relevance'], 12)

    """
    n_queries = positive_int(n_queries, "n_queries")
    docs_per_query = positive_int(docs_per_query, "docs_per_query")
    max_grade = positive_int(max_grade, "max_grade")
    difference = _finite_number(difference, "difference")
    signal = _finite_number(signal, "signal")
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise TypeError(f"seed must be an int, got {type(seed).__name__}")
    if depth is None:
        depth = docs_per_query
    depth = positive_int(depth, "depth")
    if depth > docs_per_query:
        raise ValueError(f"depth must be at most docs_per_query ({docs_per_query}), got {depth}")

    rng = np.random.default_rng(seed)
    hidden = rng.standard_normal((n_queries, docs_per_query))
    thresholds = _FIRST_THRESHOLD + _THRESHOLD_STEP * np.arange(max_grade)
    grades = (hidden[:, :, None] > thresholds).sum(axis=2)
    difficulty = rng.lognormal(mean=0.0, sigma=0.5, size=(n_queries, 1))
    noise_a = rng.standard_normal((n_queries, docs_per_query))
    noise_b = rng.standard_normal((n_queries, docs_per_query))
    scores_a = signal * difficulty * hidden + noise_a
    scores_b = (signal + difference) * difficulty * hidden + noise_b

    width = len(str(n_queries))
    doc_width = len(str(docs_per_query))
    query_ids = np.array([f"q{q + 1:0{max(3, width)}d}" for q in range(n_queries)])
    doc_ids = np.array(
        [
            [f"{query}-d{d + 1:0{max(2, doc_width)}d}" for d in range(docs_per_query)]
            for query in query_ids
        ]
    )
    qrels = pd.DataFrame(
        {
            "query_id": np.repeat(query_ids, docs_per_query),
            "doc_id": doc_ids.ravel(),
            "relevance": grades.ravel().astype(int),
        }
    )
    return SyntheticCollection(
        qrels=qrels,
        run_a=_run_frame(query_ids, doc_ids, scores_a, depth),
        run_b=_run_frame(query_ids, doc_ids, scores_b, depth),
        difference=difference,
        seed=int(seed),
    )
