"""The reference: LightGBM's LambdaMART on the same train, validation and test queries.

Taught in chapter 13, "Optimising NDCG". Needs LightGBM (``pip install 'ndcg[ltr]'``).

LightGBM's ``LGBMRanker`` with ``objective="lambdarank"`` is gradient-boosted trees trained
on LambdaRank's lambdas (Burges 2010; Ke et al. 2017), the model a practitioner would reach
for first. Its own NDCG follows its source (``src/metric/rank_metric.hpp`` and
``dcg_calculator.cpp``): the gain of grade ``i`` is ``label_gain[i]``, by default
``2**i - 1`` (this library's ``gain="exponential"``); the discount is ``1 / log2(2 + i)`` for
0-based position ``i``; equal scores keep the input order of the documents (a stable sort,
this library's ``ties="stable"``); and a query with no relevant document counts as NDCG 1
(this library's ``empty=1.0``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ndcg._validate import positive_int, positive_number

from .data import LTRData, Split

__all__ = ["LambdaMART", "lightgbm_lambdamart", "lightgbm_ndcg_settings"]


def lightgbm_ndcg_settings() -> dict[str, Any]:
    """Return the :func:`ndcg.ndcg_from_scores` arguments that reproduce LightGBM's ``ndcg@k``.

    Returns
    -------
    dict
        ``{"gain": "exponential", "ties": "stable", "empty": 1.0}``.

    """
    return {"gain": "exponential", "ties": "stable", "empty": 1.0}


@dataclass(frozen=True)
class LambdaMART:
    """A trained LightGBM ranker and what LightGBM itself reported about it.

    Attributes
    ----------
    model : lightgbm.LGBMRanker
        The trained ranker (all trees; predictions use the first ``best_iteration``).
    best_iteration : int
        The number of trees with the highest validation ``ndcg@k``, as LightGBM measured it.
    test_scores : numpy.ndarray, shape (queries, documents)
        Predictions for the test queries from the first ``best_iteration`` trees.
    curves : pandas.DataFrame
        LightGBM's own ``ndcg@k`` after every tree: columns ``trees``, ``valid``, ``test``.

    """

    model: Any
    best_iteration: int
    test_scores: np.ndarray
    curves: pd.DataFrame

    @property
    def reported_test_ndcg(self) -> float:
        """LightGBM's own test ``ndcg@k`` at :attr:`best_iteration`."""
        return float(self.curves["test"].iloc[self.best_iteration - 1])


def _flat(data: LTRData) -> tuple[np.ndarray, np.ndarray, list[int]]:
    n_queries, n_documents, n_features = data.features.shape
    return (
        data.features.reshape(-1, n_features),
        data.grades.reshape(-1),
        [n_documents] * n_queries,
    )


def lightgbm_lambdamart(
    split: Split,
    *,
    k: int = 10,
    n_estimators: int = 500,
    learning_rate: float = 0.1,
    num_leaves: int = 15,
    min_child_samples: int = 20,
    seed: int = 0,
) -> LambdaMART:
    """Train LightGBM's LambdaMART on ``split.train``, choosing the trees on ``split.valid``.

    Every tree's ``ndcg@k`` on the validation and test queries is recorded; the kept model
    is the prefix of trees with the best validation figure, which is early stopping with
    unlimited patience. The test queries never influence that choice.

    Parameters
    ----------
    split : Split
        Train, validation and test queries.
    k : int, default 10
        The cutoff of LightGBM's ``ndcg@k`` (``eval_at``).
    n_estimators, learning_rate, num_leaves, min_child_samples
        LightGBM's parameters of the same names.
    seed : int, default 0
        LightGBM's ``random_state``. With one thread and ``deterministic=True`` the same
        seed gives the same trees.

    Returns
    -------
    LambdaMART

    Raises
    ------
    ImportError
        If LightGBM is not installed.

    """
    try:
        import lightgbm
    except ImportError:
        raise ImportError(
            "lightgbm_lambdamart needs LightGBM: pip install 'ndcg[ltr]' (or pip install lightgbm)"
        ) from None
    k = positive_int(k, "k")
    x_train, y_train, g_train = _flat(split.train)
    x_valid, y_valid, g_valid = _flat(split.valid)
    x_test, y_test, g_test = _flat(split.test)
    model = lightgbm.LGBMRanker(
        objective="lambdarank",
        n_estimators=positive_int(n_estimators, "n_estimators"),
        learning_rate=positive_number(learning_rate, "learning_rate"),
        num_leaves=positive_int(num_leaves, "num_leaves"),
        min_child_samples=positive_int(min_child_samples, "min_child_samples"),
        random_state=seed,
        # One thread: on a few thousand rows threads cost more than they give, and a
        # single thread keeps the trees identical from run to run.
        n_jobs=1,
        deterministic=True,
        force_col_wise=True,
        verbose=-1,
    )
    model.fit(
        x_train,
        y_train,
        group=g_train,
        eval_X=(x_valid, x_test),
        # LightGBM's hint takes a tuple of one label set; it reads one per set in eval_X.
        eval_y=(y_valid, y_test),  # type: ignore[arg-type]
        eval_group=[g_valid, g_test],
        eval_names=["valid", "test"],
        eval_at=[k],
    )
    metric = f"ndcg@{k}"
    curves = pd.DataFrame(
        {
            "trees": np.arange(1, model.n_estimators + 1),
            "valid": model.evals_result_["valid"][metric],
            "test": model.evals_result_["test"][metric],
        }
    )
    best = int(np.argmax(curves["valid"].to_numpy())) + 1
    scores = np.asarray(model.predict(x_test, num_iteration=best)).reshape(split.test.grades.shape)
    return LambdaMART(model, best, scores, curves)
