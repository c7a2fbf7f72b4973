"""Training: minibatches of queries, early stopping on validation NDCG@k, seeded throughout.

Taught in chapter 13, "Optimising NDCG".

Every NDCG here is measured by the library itself (:func:`ndcg.ndcg_from_scores`), the same
function the earlier chapters use to evaluate a run; training never grades itself with a
formula of its own.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

import ndcg
from ndcg._validate import positive_int, positive_number
from ndcg.gains import Gain

from .data import LTRData
from .models import Scorer
from .pairwise import list_gains, pairwise_loss, prepared_weights

__all__ = ["OBJECTIVES", "Tuned", "TrainResult", "fit", "mean_ndcg", "tune_learning_rate"]

OBJECTIVES = ("lambdarank", "ranknet")


def mean_ndcg(
    data: LTRData,
    scores: np.ndarray,
    k: int | None = 10,
    gain: Gain = "exponential",
    ties: str = "average",
) -> float:
    """Mean NDCG@k over the queries of ``data`` for one score per document.

    Parameters
    ----------
    data : LTRData
        The queries and their grades.
    scores : numpy.ndarray, shape (queries, documents)
        One score per document.
    k : int or None, default 10
        Cutoff.
    gain : default "exponential"
        See :func:`ndcg.dcg`.
    ties : default "average"
        See :func:`ndcg.ndcg_from_scores`; averaging makes equal scores fair to both orders.

    Returns
    -------
    float

    """
    return float(np.mean(ndcg.ndcg_from_scores(data.grades, scores, k=k, gain=gain, ties=ties)))


@dataclass(frozen=True)
class TrainResult:
    """What a training run did, epoch by epoch.

    Attributes
    ----------
    history : pandas.DataFrame
        One row per epoch, the first (epoch 0) before any step: ``epoch``, ``loss`` (the
        objective over all training queries), ``train_ndcg`` and ``valid_ndcg`` (mean
        NDCG@k).
    best_epoch : int
        The epoch with the highest validation NDCG@k; the model holds its parameters.
    stopped_early : bool
        Whether training stopped because validation NDCG@k had not improved for
        ``patience`` epochs.

    """

    history: pd.DataFrame
    best_epoch: int
    stopped_early: bool

    @property
    def best_valid(self) -> float:
        """Validation NDCG@k at :attr:`best_epoch`."""
        return float(self.history["valid_ndcg"].iloc[self.best_epoch])


def _objective(
    name: str, data: LTRData, k: int | None, gain: Gain, sigma: float
) -> Callable[[np.ndarray, np.ndarray], tuple[float, np.ndarray]]:
    """Return ``loss_of(rows, scores)``: the objective's loss and lambdas on those queries."""
    if name == "ranknet":
        return lambda rows, scores: pairwise_loss(data.grades[rows], scores, None, sigma)
    if name == "lambdarank":
        # Gains and ideal DCGs depend on the grades only: computed once, not at every step.
        gains, ideal = list_gains(data.grades, k, gain)

        def loss_of(rows: np.ndarray, scores: np.ndarray) -> tuple[float, np.ndarray]:
            weights = prepared_weights(gains[rows], ideal[rows], scores, k)
            return pairwise_loss(data.grades[rows], scores, weights, sigma)

        return loss_of
    raise ValueError(f"objective must be one of {', '.join(map(repr, OBJECTIVES))}; got {name!r}")


def _epochs(n: int, progress: bool) -> Iterable[int]:
    if not progress:
        return range(1, n + 1)
    try:
        from tqdm.auto import tqdm
    except ImportError:
        raise ImportError(
            "progress=True needs tqdm: pip install 'ndcg[ltr]' (or pip install tqdm), "
            "or pass progress=False"
        ) from None
    return tqdm(range(1, n + 1), desc="epochs", unit="epoch")


def _batches(n_queries: int, batch_size: int, rng: np.random.Generator) -> Iterator[np.ndarray]:
    order = rng.permutation(n_queries)
    for start in range(0, n_queries, batch_size):
        yield order[start : start + batch_size]


def fit(
    model: Scorer,
    optimiser: Any,
    train: LTRData,
    valid: LTRData,
    *,
    objective: str = "lambdarank",
    k: int | None = 10,
    gain: Gain = "exponential",
    sigma: float = 1.0,
    epochs: int = 30,
    batch_size: int = 1,
    patience: int | None = 5,
    seed: int = 0,
    progress: bool = False,
) -> TrainResult:
    """Train ``model`` in place with ``optimiser``; keep the epoch best on validation NDCG@k.

    Parameters
    ----------
    model : Scorer
        A :class:`~ndcg.ltr.LinearScorer`, :class:`~ndcg.ltr.MLPScorer` or anything with
        ``params``, ``score`` and ``gradient``.
    optimiser : SGD, AdaGrad or anything with ``step(params, grads)``
        Fresh for this run: AdaGrad's accumulated squares belong to one run.
    train, valid : LTRData
        Training queries, and the held-out queries that choose the epoch to keep.
    objective : {"lambdarank", "ranknet"}, default "lambdarank"
        The loss whose gradient each step follows.
    k : int or None, default 10
        Cutoff of the NDCG that LambdaRank optimises and that early stopping watches.
    gain : default "exponential"
        Gain of the NDCG optimised and measured.
    sigma : float, default 1.0
        Steepness of the pairwise logistic.
    epochs : int, default 30
        Passes over the training queries at most.
    batch_size : int, default 1
        Queries per step.
    patience : int or None, default 5
        Stop once validation NDCG@k has not improved for this many epochs; ``None``
        always runs every epoch.
    seed : int, default 0
        Seed of the order in which queries are visited: the same seed, model and data give
        the same run, to the last digit.
    progress : bool, default False
        Show a progress bar over the epochs (needs tqdm).

    Returns
    -------
    TrainResult
        The history; the model is left with the parameters of the best epoch.

    """
    sigma = positive_number(sigma, "sigma")
    loss_of = _objective(objective, train, k, gain, sigma)
    n_epochs = positive_int(epochs, "epochs")
    size = positive_int(batch_size, "batch_size")
    wait = None if patience is None else positive_int(patience, "patience")
    rng = np.random.default_rng(seed)
    everything = np.arange(train.n_queries)

    def record(epoch: int) -> dict[str, float]:
        train_scores = model.score(train.features)
        loss, _ = loss_of(everything, train_scores)
        return {
            "epoch": epoch,
            "loss": loss,
            "train_ndcg": mean_ndcg(train, train_scores, k, gain),
            "valid_ndcg": mean_ndcg(valid, model.score(valid.features), k, gain),
        }

    rows = [record(0)]
    best_epoch, best_params = 0, copy.deepcopy(model.params)
    stopped = False
    for epoch in _epochs(n_epochs, progress):
        for batch in _batches(train.n_queries, size, rng):
            features = train.features[batch]
            _, lambdas = loss_of(batch, model.score(features))
            optimiser.step(model.params, model.gradient(features, lambdas))
        rows.append(record(epoch))
        if rows[-1]["valid_ndcg"] > rows[best_epoch]["valid_ndcg"]:
            best_epoch, best_params = epoch, copy.deepcopy(model.params)
        elif wait is not None and epoch - best_epoch >= wait:
            stopped = True
            break
    for target, saved in zip(model.params, best_params, strict=True):
        target[...] = saved
    return TrainResult(pd.DataFrame(rows), best_epoch, stopped)


@dataclass(frozen=True)
class Tuned:
    """The run with the best validation NDCG@k among several learning rates.

    Attributes
    ----------
    learning_rate : float
        The chosen rate.
    result : TrainResult
        Its training history.
    model : Scorer
        Its model, holding the parameters of the best epoch.
    optimiser : object
        Its optimiser, as training left it (AdaGrad keeps its accumulated squares).
    tried : pandas.DataFrame
        Every rate tried, with its best validation NDCG@k and best epoch.

    """

    learning_rate: float
    result: TrainResult
    model: Scorer
    optimiser: Any
    tried: pd.DataFrame


def tune_learning_rate(
    make_model: Callable[[], Scorer],
    make_optimiser: Callable[[float], Any],
    rates: Iterable[float],
    train: LTRData,
    valid: LTRData,
    **options: Any,
) -> Tuned:
    """Train one fresh model per learning rate and keep the best on validation NDCG@k.

    Parameters
    ----------
    make_model : callable
        Returns a fresh, identically initialised model.
    make_optimiser : callable
        Takes a learning rate, returns a fresh optimiser (``SGD`` or ``AdaGrad`` will do).
    rates : iterable of float
        Learning rates to try.
    train, valid : LTRData
        Training and validation queries; the test queries play no part in the choice.
    **options
        Passed to :func:`fit` (``objective``, ``epochs``, ``seed``, ...).

    Returns
    -------
    Tuned
        The best run (the first, among equal validation figures).

    """
    runs = []
    for rate in rates:
        model, optimiser = make_model(), make_optimiser(rate)
        runs.append((rate, fit(model, optimiser, train, valid, **options), model, optimiser))
    if not runs:
        raise ValueError("rates is empty: give at least one learning rate to try")
    # The column names the cutoff the validation NDCG was measured at, as every NDCG shown does.
    k = options.get("k", inspect.signature(fit).parameters["k"].default)
    column = "best valid NDCG" + (f"@{k}" if k is not None else " (no cutoff)")
    tried = pd.DataFrame(
        {
            "learning_rate": [run[0] for run in runs],
            column: [run[1].best_valid for run in runs],
            "best_epoch": [run[1].best_epoch for run in runs],
        }
    )
    best = runs[int(np.argmax(tried[column].to_numpy()))]
    return Tuned(float(best[0]), best[1], best[2], best[3], tried)
