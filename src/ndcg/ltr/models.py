"""Scorers to train: a linear model and a small multilayer perceptron, in numpy.

Taught in chapter 13, "Optimising NDCG".

A scorer maps the features of every item, an array of shape ``(lists, items, features)``,
to one score per item. It keeps its parameters in :attr:`params`, a list of arrays that an
optimiser (:mod:`ndcg.ltr.optim`) updates in place, and turns the gradient of a loss with
respect to the scores (the lambdas) into the gradient with respect to each parameter by
the chain rule (:meth:`gradient`).

Neither model has a bias on its output: a constant added to every score of a list changes
no ranking and no pairwise loss, so it could never be learnt.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from ndcg._validate import positive_int, positive_number

__all__ = ["LinearScorer", "MLPScorer", "Scorer"]


class Scorer(Protocol):
    """What training needs of a model: parameters, scores and their gradient."""

    params: list[np.ndarray]

    def score(self, features: np.ndarray) -> np.ndarray:
        """Scores of shape ``features.shape[:-1]``."""
        ...

    def gradient(self, features: np.ndarray, d_scores: np.ndarray) -> list[np.ndarray]:
        """Gradient of a loss with respect to each parameter, given ``d loss / d scores``."""
        ...


def _check_features(features: np.ndarray, n_features: int) -> np.ndarray:
    features = np.asarray(features, dtype=np.float64)
    if features.ndim < 1 or features.shape[-1] != n_features:
        raise ValueError(
            f"features must end in an axis of {n_features} features (the model's "
            f"n_features), got shape {features.shape}"
        )
    return features


class LinearScorer:
    """``score = features @ w``: one weight per feature.

    Parameters
    ----------
    n_features : int
        Number of features.

    Attributes
    ----------
    params : list of numpy.ndarray
        ``[w]``, starting at zero: every ordering is equally likely at first.

    Examples
    --------
    >>> model = LinearScorer(2)
    >>> model.params[0][:] = [1.0, -1.0]
    >>> model.score(np.array([[[3.0, 1.0], [0.0, 2.0]]])).tolist()
    [[2.0, -2.0]]

    """

    def __init__(self, n_features: int) -> None:
        self.n_features = positive_int(n_features, "n_features")
        self.params = [np.zeros(self.n_features)]

    def score(self, features: np.ndarray) -> np.ndarray:
        """Return ``features @ w``, one score per item."""
        return _check_features(features, self.n_features) @ self.params[0]

    def gradient(self, features: np.ndarray, d_scores: np.ndarray) -> list[np.ndarray]:
        """Return ``[d loss / d w]`` given ``d loss / d scores`` of the same lists."""
        features = _check_features(features, self.n_features)
        flat = features.reshape(-1, self.n_features)
        return [flat.T @ np.asarray(d_scores, dtype=np.float64).reshape(-1)]


class MLPScorer:
    """One hidden layer of ``tanh`` units: ``score = tanh(features @ W + b) @ v``.

    Parameters
    ----------
    n_features : int
        Number of features.
    hidden : int, default 16
        Number of hidden units.
    seed : int, default 0
        Seed of the random initial weights (``W`` scaled by ``1 / sqrt(n_features)``,
        ``v`` by ``1 / sqrt(hidden)``, ``b`` at zero), so a run can be repeated exactly.
    init_scale : float, default 0.1
        Multiplier of the initial weights: small weights start near a linear model.

    Attributes
    ----------
    params : list of numpy.ndarray
        ``[W (n_features, hidden), b (hidden,), v (hidden,)]``.

    """

    def __init__(
        self, n_features: int, hidden: int = 16, seed: int = 0, init_scale: float = 0.1
    ) -> None:
        self.n_features = positive_int(n_features, "n_features")
        self.hidden = positive_int(hidden, "hidden")
        scale = positive_number(init_scale, "init_scale")
        rng = np.random.default_rng(seed)
        self.params = [
            rng.normal(0.0, scale / np.sqrt(self.n_features), (self.n_features, self.hidden)),
            np.zeros(self.hidden),
            rng.normal(0.0, scale / np.sqrt(self.hidden), self.hidden),
        ]

    def _hidden(self, features: np.ndarray) -> np.ndarray:
        w, b, _ = self.params
        return np.tanh(features @ w + b)

    def score(self, features: np.ndarray) -> np.ndarray:
        """Return ``tanh(features @ W + b) @ v``, one score per item."""
        return self._hidden(_check_features(features, self.n_features)) @ self.params[2]

    def gradient(self, features: np.ndarray, d_scores: np.ndarray) -> list[np.ndarray]:
        """Return ``[dW, db, dv]`` given ``d loss / d scores`` (backpropagation)."""
        features = _check_features(features, self.n_features)
        flat = features.reshape(-1, self.n_features)
        d_flat = np.asarray(d_scores, dtype=np.float64).reshape(-1)
        hidden = self._hidden(flat)
        d_v = hidden.T @ d_flat
        # Through tanh: d tanh(z) / dz = 1 - tanh(z)^2.
        d_pre = np.outer(d_flat, self.params[2]) * (1.0 - hidden**2)
        return [flat.T @ d_pre, d_pre.sum(axis=0), d_v]
