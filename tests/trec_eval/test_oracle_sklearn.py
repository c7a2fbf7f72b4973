"""ndcg_from_scores against scikit-learn's ndcg_score / dcg_score on many random cases."""

from __future__ import annotations

import numpy as np
import pytest

sklearn_metrics = pytest.importorskip("sklearn.metrics")

import ndcg  # noqa: E402

CASES = 3000


def _batches(seed: int):
    """Yield (y_true, y_score, k) batches: several widths, grade scales and tie densities."""
    rng = np.random.default_rng(seed)
    made = 0
    while made < CASES:
        width = int(rng.integers(2, 25))
        rows = 50
        top_grade = int(rng.choice([1, 2, 4, 10]))
        true = rng.integers(0, top_grade + 1, (rows, width)).astype(float)
        distinct_scores = int(rng.choice([2, 3, 5, 1000]))  # 2 => ties everywhere
        score = rng.integers(0, distinct_scores, (rows, width)).astype(float)
        k = None if rng.random() < 0.3 else int(rng.integers(1, width + 3))
        yield true, score, k
        made += rows


@pytest.mark.parametrize("seed", [0, 1])
def test_average_equals_ndcg_score(seed):
    for true, score, k in _batches(seed):
        ours = ndcg.ndcg_from_scores(true, score, k=k, ties="average")
        # Row by row on a sample (scikit-learn is slow per call), the mean on all rows.
        theirs = np.array(
            [
                sklearn_metrics.ndcg_score(t[None], s[None], k=k)
                for t, s in zip(true[:8], score[:8], strict=True)
            ]
        )
        np.testing.assert_allclose(ours[:8], theirs, rtol=0, atol=1e-12)
        # The batch mean as well, as scikit-learn computes it.
        assert abs(ours.mean() - sklearn_metrics.ndcg_score(true, score, k=k)) < 1e-12


def test_exponential_gain_equals_ndcg_score_on_transformed_labels():
    for true, score, k in _batches(2):
        ours = ndcg.ndcg_from_scores(true, score, k=k, gain="exponential")
        theirs = sklearn_metrics.ndcg_score(2**true - 1, score, k=k)
        assert abs(ours.mean() - theirs) < 1e-12


def test_average_dcg_equals_dcg_score():
    # dcg_score is unnormalised: recover our DCG as NDCG * ideal.
    for true, score, k in _batches(3):
        true, score = true[:8], score[:8]
        ndcgs = ndcg.ndcg_from_scores(true, score, k=k, ties="average")
        ideals = np.array([ndcg.idcg(t, k=k) for t in true])
        theirs = np.array(
            [
                sklearn_metrics.dcg_score(t[None], s[None], k=k)
                for t, s in zip(true, score, strict=True)
            ]
        )
        np.testing.assert_allclose(ndcgs * ideals, theirs, rtol=0, atol=1e-11)


def test_stable_with_distinct_scores_equals_ignore_ties():
    rng = np.random.default_rng(4)
    for _ in range(60):
        width = int(rng.integers(2, 30))
        true = rng.integers(0, 5, (50, width)).astype(float)
        score = np.argsort(rng.random((50, width)), axis=1).astype(float)  # distinct ints
        k = int(rng.integers(1, width + 2))
        ours = ndcg.ndcg_from_scores(true, score, k=k, ties="stable")
        theirs = sklearn_metrics.ndcg_score(true, score, k=k, ignore_ties=True)
        assert abs(ours.mean() - theirs) < 1e-12
