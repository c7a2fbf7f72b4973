"""Matplotlib figures for chapter 13, "Optimising NDCG".

The functions draw numbers they are given; the chapter computes those numbers with the
library (:mod:`ndcg` and :mod:`ndcg.ltr`) first. Like the other plot modules, every function
returns a fresh :class:`matplotlib.figure.Figure` built without ``pyplot``, in the book's
colour-blind-safe palette with markers that keep series apart in greyscale.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.figure import Figure

from ndcg.teaching._plotting import PALETTE, new_figure, series_look, set_title, style
from ndcg.teaching.plots_practice import checked_numbers, checked_series

__all__ = ["feature_rates", "learning_curves", "ndcg_staircase"]


def ndcg_staircase(
    score: Sequence[float],
    ndcg_values: Sequence[float],
    losses: Mapping[str, Sequence[float]],
    *,
    moved: str,
    k: int,
    title: str | None = None,
) -> Figure:
    """NDCG@k and smooth pairwise losses as one document's score slides along an axis.

    Parameters
    ----------
    score : sequence of float
        The moved document's score, one value per point.
    ndcg_values : sequence of float
        NDCG@k of the ranking at each score: a step function.
    losses : mapping of str to sequence of float
        Name -> a pairwise loss at each score (RankNet, LambdaRank, ...).
    moved : str
        The moved document's label, for the axis.
    k : int
        The cutoff, for the axis.
    title : str, optional
        Figure title.

    Returns
    -------
    matplotlib.figure.Figure
        Two panels side by side: NDCG@k (left) and the losses (right).

    """
    x = checked_numbers(score, "score")
    y = checked_numbers(ndcg_values, "ndcg_values")
    curves = checked_series(losses, "losses")
    for name, values in {"ndcg_values": y, **curves}.items():
        if values.size != x.size:
            raise ValueError(f"{name} has {values.size} values for {x.size} scores")
    fig = new_figure(ncols=2, figsize=(8.0, 3.4))
    left, right = fig.axes
    left.plot(x, y, color=PALETTE["blue"], drawstyle="steps-post")
    left.set_xlabel(f"score of {moved}")
    left.set_ylabel(f"NDCG@{k}")
    left.set_title("the measure: flat, then a jump", fontsize=10)
    for i, (name, values) in enumerate(curves.items()):
        right.plot(x, values, label=name, color=series_look(i + 1)["color"])
    right.set_xlabel(f"score of {moved}")
    right.set_ylabel("pairwise loss")
    right.set_title("the surrogates: smooth", fontsize=10)
    right.legend(frameon=False, loc="best")
    for ax in (left, right):
        style(ax, "both")
    if title is not None:
        fig.suptitle(title)
    return fig


def learning_curves(
    curves: Mapping[str, Sequence[float]],
    *,
    first_epoch: int = 0,
    ylabel: str = "validation NDCG@10",
    title: str | None = None,
) -> Figure:
    """One line per training run: a figure per epoch.

    Parameters
    ----------
    curves : mapping of str to sequence of float
        Run name -> one value per epoch; runs stopped early are shorter.
    first_epoch : int, default 0
        The epoch of each curve's first value. Epoch 0 is before any step; starting at 1
        leaves out the untrained model, whose low figure would squash the scale.
    ylabel : str, default "validation NDCG@10"
        Vertical axis label.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.figure.Figure

    """
    series = checked_series(curves, "curves")
    fig = new_figure()
    ax = fig.axes[0]
    for i, (name, values) in enumerate(series.items()):
        epochs = np.arange(first_epoch, first_epoch + values.size)
        ax.plot(epochs, values, label=name, markersize=4, **series_look(i))
    ax.set_xlabel("epoch")
    ax.set_ylabel(ylabel)
    ax.legend(frameon=False, loc="lower right")
    style(ax, "both")
    set_title(ax, title)
    return fig


def feature_rates(
    rates: Sequence[float],
    sparse: Sequence[bool],
    *,
    sgd_rate: float | None = None,
    title: str | None = None,
) -> Figure:
    """AdaGrad's learning rate per feature after training, dense and sparse features apart.

    Parameters
    ----------
    rates : sequence of float
        One rate per feature, ``eta / sqrt(G + epsilon)``.
    sparse : sequence of bool
        Whether each feature is sparse.
    sgd_rate : float, optional
        SGD's single rate, drawn as a horizontal line for comparison.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.figure.Figure
        A strip plot on a logarithmic axis, one dot per feature.

    """
    values = checked_numbers(rates, "rates")
    mask = np.asarray(sparse, dtype=bool)
    if mask.shape != values.shape:
        raise ValueError(f"sparse has {mask.size} flags for {values.size} rates")
    fig = new_figure()
    ax = fig.axes[0]
    # A fixed, even spread inside each strip: no randomness in a figure.
    for column, (name, chosen) in enumerate((("dense", ~mask), ("sparse", mask))):
        ys = values[chosen]
        xs = column + np.linspace(-0.25, 0.25, ys.size) if ys.size > 1 else np.full(ys.size, column)
        look = series_look(column)
        ax.scatter(xs, ys, s=14, color=look["color"], marker=look["marker"], label=name)
    if sgd_rate is not None:
        ax.axhline(sgd_rate, color=PALETTE["black"], linestyle="--", linewidth=1)
        ax.text(-0.55, sgd_rate, "SGD's one rate", va="bottom", fontsize=8)
    ax.set_yscale("log")
    ax.set_xticks([0, 1], [f"dense ({int((~mask).sum())})", f"sparse ({int(mask.sum())})"])
    ax.set_xlim(-0.6, 1.6)
    ax.set_ylabel("learning rate after training")
    style(ax)
    set_title(ax, title)
    return fig
