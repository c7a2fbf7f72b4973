"""Pairwise surrogates of NDCG: RankNet's logistic loss and LambdaRank's lambdas.

Taught in chapter 13, "Optimising NDCG".

For every pair of items of one list where item ``i`` has the higher grade, RankNet
(Burges et al. 2005) pays ``log(1 + exp(-sigma (s_i - s_j)))``: little when ``i`` already
scores well above ``j``, a lot when the scores disagree with the grades. LambdaRank
(Burges 2010) pays the same, weighted by ``|ΔNDCG@k_ij|``, the change in NDCG@k if ``i``
and ``j`` traded places in the current ranking (:mod:`ndcg.ltr.swap`). The gradient of a
list's loss with respect to the scores, one number per item, is what Burges calls the
*lambdas*: how hard training pushes each item up (negative) or down (positive).

The weights depend on the ranking, which does not change under a small enough change of
the scores when no two scores are tied; around such a point the weighted loss is smooth
and the lambdas are its exact gradient. ``tests/library/test_ltr.py`` checks that against finite
differences.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ndcg import _validate as check
from ndcg._kernel import ideal_rows, ratio_scale
from ndcg._validate import positive_number
from ndcg.gains import Gain, gain_values

from ._checks import as_lists, same_shape
from .swap import cut_discounts, swap_deltas

__all__ = ["PairLoss", "lambdarank", "ranknet", "swap_weights"]


@dataclass(frozen=True)
class PairLoss:
    """A pairwise loss and its gradient with respect to the scores.

    Attributes
    ----------
    loss : float
        The loss summed over the pairs of each list, averaged over the lists; ``inf``
        when a pair ranked against its grades by a margin beyond float64 (scores such as
        1e308 and -1e308) pays more than float64 holds. The gradient stays exact.
    gradient : numpy.ndarray
        ``d loss / d scores``, the shape of the scores passed in: the lambdas.

    """

    loss: float
    gradient: np.ndarray


def swap_weights(
    y_true: Any, y_score: Any, k: int | None = 10, gain: Gain = "exponential"
) -> np.ndarray:
    """``|ΔNDCG@k|`` of every pair of items, in the ranking that ``y_score`` gives.

    Parameters
    ----------
    y_true : array_like, shape (n,) or (m, n)
        Grades, one list per row.
    y_score : array_like, same shape
        Scores; the ranking sorts them highest first, equal scores in input order.
    k : int or None, default 10
        Cutoff for NDCG and its ideal.
    gain : {"linear", "exponential"}, mapping or callable, default "exponential"
        See :func:`ndcg.dcg`.

    Returns
    -------
    numpy.ndarray, shape (m, n, n)
        Entry ``[q, i, j]``: the NDCG@k change of list ``q`` if items ``i`` and ``j``
        swapped positions, in absolute value. Items are in input order, not rank order.

    Examples
    --------
    >>> swap_weights([0, 2, 1], [3.0, 2.0, 1.0], k=None, gain="linear")[0].round(4).tolist()
    [[0.0, 0.2806, 0.19], [0.2806, 0.0, 0.0498], [0.19, 0.0498, 0.0]]

    """
    grades = as_lists(y_true, "y_true")
    scores = as_lists(y_score, "y_score")
    same_shape(grades, scores, "y_true", "y_score")
    return _weights(grades, scores, k, gain)


def _weights(grades: np.ndarray, scores: np.ndarray, k: int | None, gain: Gain) -> np.ndarray:
    gains, ideal = list_gains(grades, k, gain)
    return prepared_weights(gains, ideal, scores, k)


def list_gains(grades: np.ndarray, k: int | None, gain: Gain) -> tuple[np.ndarray, np.ndarray]:
    """Gains of every item and the ideal DCG@k of every list (rows of ``grades``).

    Both depend on the grades alone, so training computes them once per collection. A
    list's gains may come back multiplied by a power of two (see
    :func:`ndcg._kernel.ratio_scale`): only their ratio to the ideal is meant to be read.
    """
    k, gain = check.cutoff(k, "k"), check.gain(gain, "gain")
    gains = gain_values(grades, gain, "y_true")
    # Each list is scaled by a power of two, as ndcg() scales it, so that tiny or huge
    # gains keep exact ratios: |ΔNDCG| depends on the gains only through them.
    exponent = ratio_scale(gains)
    if exponent.any():
        gains = np.ldexp(gains, exponent[:, None])
    return gains, ideal_rows(gains, (k,))[:, 0]


def prepared_weights(
    gains: np.ndarray, ideal: np.ndarray, scores: np.ndarray, k: int | None
) -> np.ndarray:
    """``|ΔNDCG@k|`` of every pair, from gains and ideals already computed."""
    n = scores.shape[1]
    order = np.argsort(-scores, axis=1, kind="stable")
    position = np.empty_like(order)
    np.put_along_axis(position, order, np.arange(n)[None, :], axis=1)
    return np.abs(swap_deltas(gains, cut_discounts(n, k)[position], ideal))


def pairwise_loss(
    grades: np.ndarray, scores: np.ndarray, weights: np.ndarray | None, sigma: float
) -> tuple[float, np.ndarray]:
    """Weighted logistic pair loss summed per list and averaged, and its gradient."""
    better = grades[:, :, None] > grades[:, None, :]  # pair (i, j) with i graded higher
    # Scores far apart (1e308 and -1e308) give a margin beyond float64: +-inf, which the
    # two formulas below take to their exact limits.
    with np.errstate(over="ignore"):
        margin = sigma * (scores[:, :, None] - scores[:, None, :])
    weight = better if weights is None else np.where(better, weights, 0.0)
    # softplus = log(1 + exp(-margin)), computed without overflow for large |margin|; a
    # pair that does not count (weight 0) adds 0, even where its softplus is inf.
    softplus = np.logaddexp(0.0, -margin)
    counted = np.multiply(weight, softplus, out=np.zeros_like(softplus), where=weight > 0)
    loss = float(np.sum(counted) / grades.shape[0])
    # d/ds_i of log(1 + exp(-sigma (s_i - s_j))) = -sigma / (1 + exp(sigma (s_i - s_j))),
    # and 1 / (1 + exp(margin)) = exp(-log(1 + exp(margin))), which never overflows and
    # is exactly 1 at margin -inf and 0 at +inf (exp(-margin - softplus) would give nan).
    pair = -sigma * weight * np.exp(-np.logaddexp(0.0, margin))
    gradient = (pair.sum(axis=2) - pair.sum(axis=1)) / grades.shape[0]
    return loss, gradient


def _prepare(y_true: Any, y_score: Any, sigma: Any) -> tuple[np.ndarray, np.ndarray, float, bool]:
    grades = as_lists(y_true, "y_true")
    scores = as_lists(y_score, "y_score")
    same_shape(grades, scores, "y_true", "y_score")
    return grades, scores, positive_number(sigma, "sigma"), np.ndim(y_score) == 1


def ranknet(y_true: Any, y_score: Any, sigma: float = 1.0) -> PairLoss:
    """RankNet's pairwise logistic loss and its gradient (Burges et al. 2005).

    Parameters
    ----------
    y_true : array_like, shape (n,) or (m, n)
        Grades, one list per row.
    y_score : array_like, same shape
        The model's scores.
    sigma : float, default 1.0
        Steepness of the logistic: the loss of a pair is
        ``log(1 + exp(-sigma (s_i - s_j)))`` where ``i`` has the higher grade.

    Returns
    -------
    PairLoss
        The loss (summed over pairs, averaged over lists) and ``d loss / d y_score``.

    Examples
    --------
    >>> out = ranknet([2, 0], [0.0, 0.0])
    >>> round(out.loss, 6), out.gradient.tolist()
    (0.693147, [-0.5, 0.5])

    """
    grades, scores, sigma, one = _prepare(y_true, y_score, sigma)
    loss, gradient = pairwise_loss(grades, scores, None, sigma)
    return PairLoss(loss, gradient[0] if one else gradient)


def lambdarank(
    y_true: Any,
    y_score: Any,
    k: int | None = 10,
    gain: Gain = "exponential",
    sigma: float = 1.0,
) -> PairLoss:
    """LambdaRank: RankNet's pair loss weighted by ``|ΔNDCG@k|``, and its lambdas.

    Parameters
    ----------
    y_true : array_like, shape (n,) or (m, n)
        Grades, one list per row.
    y_score : array_like, same shape
        The model's scores; they set the ranking the swap weights are measured in.
    k : int or None, default 10
        The cutoff of the NDCG being optimised.
    gain : {"linear", "exponential"}, mapping or callable, default "exponential"
        See :func:`ndcg.dcg`.
    sigma : float, default 1.0
        Steepness of the logistic, as in :func:`ranknet`.

    Returns
    -------
    PairLoss
        The weighted loss and its gradient, the lambdas: with the weights held at the
        current ranking, the exact gradient of the loss.

    Examples
    --------
    Two items, the relevant one ranked second: its lambda pushes it up (negative), by
    half the NDCG that swapping the two would gain.

    >>> out = lambdarank([0, 1], [1.0, 1.0 - 1e-9], k=None, gain="linear")
    >>> [round(g, 4) for g in out.gradient.tolist()]
    [0.1845, -0.1845]

    """
    grades, scores, sigma, one = _prepare(y_true, y_score, sigma)
    loss, gradient = pairwise_loss(grades, scores, _weights(grades, scores, k, gain), sigma)
    return PairLoss(loss, gradient[0] if one else gradient)
