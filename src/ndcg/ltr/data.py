"""A synthetic learning-to-rank collection with sparse and dense features, split by query.

Taught in chapter 13, "Optimising NDCG".

Nothing here comes from real users or documents. Every query has the same number of
candidate documents; every document has ``n_dense`` dense features (standard normal, non-zero
for every document) and ``n_sparse`` sparse ones (0 or 1, and 1 for a fraction ``density``
of documents only). A hidden scorer, unknown to the learner, combines them:

* the dense features say how well a document matches the topic: ``topic = sum_i x_i / (1 + i)``,
  so the first matters most and the last least;
* each sparse feature is a rare quality signal (a query term in the title, a link from an
  expert page) worth ``sparse_weight`` when it fires, but only for a document on the topic
  (``topic > 0``): a quality signal does not rescue an off-topic page;
* the graded relevance, 0 to 4, counts how many of the thresholds 0.9, 1.8, 2.6 and 3.3 the
  hidden score ``topic + sparse_weight * signals * (topic > 0)`` plus Gaussian noise passes,
  so most documents are not relevant and few are highly relevant.

Two properties matter for the chapter. The rare, informative features are what set AdaGrad
apart from plain SGD: their weights get a gradient only when the feature fires, so one
learning rate for every weight leaves them behind. And the gate is an interaction that no
linear scorer can express, so a linear model must compromise between ordering the top of a
list and ordering the rest; RankNet and LambdaRank compromise differently, while a
multilayer perceptron or a tree ensemble can learn the interaction itself.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ndcg._validate import positive_int, positive_number

__all__ = ["LTRData", "Split", "make_ltr_collection", "split_by_query"]


@dataclass(frozen=True)
class LTRData:
    """Queries x documents x features, with graded relevance.

    Attributes
    ----------
    features : numpy.ndarray, shape (queries, documents, features)
    grades : numpy.ndarray, shape (queries, documents)
        Integer relevance grades 0 to 4, stored as floats.
    query_ids : numpy.ndarray, shape (queries,)
        The queries' numbers in the whole collection.
    feature_names : tuple of str
        ``dense0, dense1, ...`` then ``sparse0, sparse1, ...``.

    """

    features: np.ndarray
    grades: np.ndarray
    query_ids: np.ndarray
    feature_names: tuple[str, ...]

    @property
    def n_queries(self) -> int:
        """Number of queries."""
        return int(self.grades.shape[0])

    @property
    def sparse(self) -> np.ndarray:
        """Boolean mask over the features: ``True`` for the sparse ones."""
        return np.array([name.startswith("sparse") for name in self.feature_names])

    def subset(self, rows: np.ndarray) -> LTRData:
        """Return the queries at positions ``rows`` (all their documents)."""
        rows = np.asarray(rows)
        return LTRData(
            self.features[rows], self.grades[rows], self.query_ids[rows], self.feature_names
        )


@dataclass(frozen=True)
class Split:
    """Train, validation and test queries of one collection (no query is in two parts)."""

    train: LTRData
    valid: LTRData
    test: LTRData


def make_ltr_collection(
    n_queries: int = 300,
    n_documents: int = 30,
    n_dense: int = 10,
    n_sparse: int = 100,
    density: float = 0.01,
    sparse_weight: float = 1.5,
    noise: float = 0.6,
    seed: int = 0,
) -> LTRData:
    """Generate a seeded synthetic learning-to-rank collection.

    Parameters
    ----------
    n_queries, n_documents : int, default 300 and 30
        Queries, and candidate documents per query.
    n_dense, n_sparse : int, default 10 and 100
        Numbers of dense and sparse features.
    density : float, default 0.01
        Fraction of documents for which a sparse feature is 1.
    sparse_weight : float, default 1.5
        Hidden worth of one sparse signal, for an on-topic document.
    noise : float, default 0.6
        Standard deviation of the noise added to the hidden score before grading.
    seed : int, default 0
        Seed of the generator: the same seed gives the same collection, bit for bit.

    Returns
    -------
    LTRData

    Examples
    --------
    >>> data = make_ltr_collection(n_queries=4, n_documents=5, seed=1)
    >>> data.features.shape, data.grades.shape, int(data.sparse.sum())
    ((4, 5, 110), (4, 5), 100)

    """
    q = positive_int(n_queries, "n_queries")
    n = positive_int(n_documents, "n_documents")
    n_dense = positive_int(n_dense, "n_dense")
    n_sparse = positive_int(n_sparse, "n_sparse")
    density = positive_number(density, "density")
    if density > 1:
        raise ValueError(f"density must be at most 1 (a fraction of documents), got {density}")
    worth = positive_number(sparse_weight, "sparse_weight", allow_zero=True)
    spread = positive_number(noise, "noise", allow_zero=True)
    rng = np.random.default_rng(seed)
    dense = rng.standard_normal((q, n, n_dense))
    sparse = (rng.random((q, n, n_sparse)) < density).astype(np.float64)
    topic = dense @ (1.0 / np.arange(1, n_dense + 1))
    hidden = topic + worth * sparse.sum(axis=2) * (topic > 0) + rng.normal(0.0, spread, (q, n))
    grades = np.searchsorted(_THRESHOLDS, hidden).astype(np.float64)
    names = tuple(f"dense{i}" for i in range(n_dense)) + tuple(
        f"sparse{i}" for i in range(n_sparse)
    )
    return LTRData(np.concatenate([dense, sparse], axis=2), grades, np.arange(q), names)


#: Hidden-score thresholds of grades 1 to 4.
_THRESHOLDS = np.array([0.9, 1.8, 2.6, 3.3])


def split_by_query(
    data: LTRData, fractions: tuple[float, float, float] = (0.6, 0.2, 0.2), seed: int = 0
) -> Split:
    """Split a collection into train, validation and test queries at random.

    Parameters
    ----------
    data : LTRData
        The collection to split.
    fractions : tuple of three floats, default (0.6, 0.2, 0.2)
        Shares of train, validation and test; they must sum to 1.
    seed : int, default 0
        Seed of the shuffle.

    Returns
    -------
    Split
        Every query is in exactly one part; documents never cross parts.

    """
    if len(fractions) != 3 or any(f <= 0 for f in fractions) or abs(sum(fractions) - 1) > 1e-9:
        raise ValueError(f"fractions must be three positive shares summing to 1, got {fractions}")
    order = np.random.default_rng(seed).permutation(data.n_queries)
    cut1 = int(round(fractions[0] * data.n_queries))
    cut2 = cut1 + int(round(fractions[1] * data.n_queries))
    if cut1 == 0 or cut2 == cut1 or cut2 == data.n_queries:
        raise ValueError(
            f"data has {data.n_queries} queries: too few to give every part of {fractions} "
            "at least one"
        )
    return Split(
        data.subset(order[:cut1]), data.subset(order[cut1:cut2]), data.subset(order[cut2:])
    )
