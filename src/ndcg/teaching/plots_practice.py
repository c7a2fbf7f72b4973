"""Matplotlib figures for the practice chapters: tie rules, many queries, pitfalls, libraries.

The functions draw numbers they are given; the chapters compute those numbers with the
library first, so a figure can never disagree with the table printed beside it. Like
:mod:`ndcg.teaching.plots`, every function returns a fresh :class:`matplotlib.figure.Figure` built
without ``pyplot`` and uses the same colour-blind-safe palette, with markers that keep the
series apart in greyscale.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from numbers import Real

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from ndcg.teaching._plotting import PALETTE, SERIES, new_figure, series_look, set_title, style

__all__ = [
    "cutoff_curves",
    "paired_differences_plot",
    "per_query_strips",
    "tie_rule_dots",
    "value_bars",
]


def checked_numbers(values: object, name: str) -> np.ndarray:
    if isinstance(values, str | bytes):
        raise TypeError(f"{name} must be a sequence of numbers, got a string")
    array = np.asarray(values)
    if array.dtype == bool or not np.issubdtype(array.dtype, np.number):
        raise TypeError(f"{name} must hold numbers, got dtype {array.dtype}")
    if array.ndim != 1 or array.size == 0:
        raise ValueError(
            f"{name} must be a non-empty one-dimensional sequence, got shape {array.shape}"
        )
    if not np.all(np.isfinite(array)):
        raise ValueError(f"{name} must hold finite numbers only")
    return array.astype(float)


def checked_series(series: Mapping[str, Sequence[float]], name: str) -> dict[str, np.ndarray]:
    if not isinstance(series, Mapping) or not series:
        raise TypeError(f"{name} must be a non-empty mapping of label -> numbers")
    if len(series) > len(SERIES):
        raise ValueError(f"{name} can hold at most {len(SERIES)} series, got {len(series)}")
    return {
        str(label): checked_numbers(values, f"{name}[{label!r}]")
        for label, values in series.items()
    }


def tie_rule_dots(table: pd.DataFrame, *, title: str | None = None) -> Figure:
    """Dot plot of one score under several tie rules and cutoffs.

    Dots rather than bars, because the values differ in the second decimal and bars would
    need a truncated axis to show it.

    Parameters
    ----------
    table : pandas.DataFrame
        One row per tie rule (the index names it), one column per cutoff (e.g. ``"NDCG@5"``).
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.figure.Figure

    """
    if not isinstance(table, pd.DataFrame) or table.empty:
        raise TypeError(
            "table must be a non-empty pandas DataFrame (rows = rules, columns = cutoffs)"
        )
    if table.shape[1] > len(SERIES):
        raise ValueError(f"table can have at most {len(SERIES)} columns, got {table.shape[1]}")
    fig = new_figure()
    ax = fig.axes[0]
    rows = np.arange(table.shape[0])
    for i, column in enumerate(table.columns):
        values = checked_numbers(table[column].to_numpy(), f"table[{column!r}]")
        ax.plot(
            values,
            rows,
            linestyle="none",
            markersize=8,
            label=str(column),
            **series_look(i),
        )
    ax.set_yticks(rows, [str(label) for label in table.index])
    ax.invert_yaxis()
    ax.set_xlabel("NDCG")
    ax.legend(frameon=False, loc="best")
    style(ax, "x")
    set_title(ax, title)
    return fig


def per_query_strips(
    scores: Mapping[str, Sequence[float]], *, label: str = "NDCG", title: str | None = None
) -> Figure:
    """Per-query scores of each system as a box plot with every query drawn as a dot.

    Parameters
    ----------
    scores : mapping of str to sequence of float
        System name -> one score per query.
    label : str, default "NDCG"
        Axis label for the scores.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.figure.Figure

    """
    series = checked_series(scores, "scores")
    fig = new_figure()
    ax = fig.axes[0]
    ax.boxplot(
        list(series.values()),
        orientation="horizontal",
        widths=0.5,
        showfliers=False,
        medianprops={"color": PALETTE["black"]},
    )
    rng = np.random.default_rng(0)  # a fixed jitter, so the figure is the same on every build
    for i, (name, values) in enumerate(series.items(), start=1):
        jitter = rng.uniform(-0.15, 0.15, size=values.size)
        ax.plot(
            values,
            i + jitter,
            linestyle="none",
            markersize=4,
            alpha=0.7,
            label=name,
            **series_look(i - 1),
        )
    ax.set_yticks(range(1, len(series) + 1), list(series))
    ax.set_xlabel(f"{label} per query")
    style(ax, "x")
    set_title(ax, title)
    return fig


def paired_differences_plot(
    differences: Sequence[float],
    *,
    interval: tuple[float, float] | None = None,
    label: str = "NDCG difference (B - A)",
    title: str | None = None,
) -> Figure:
    """Per-query differences, sorted, with their mean and an optional confidence interval.

    Parameters
    ----------
    differences : sequence of float
        One difference per query.
    interval : tuple of float, optional
        ``(low, high)`` of a confidence interval for the mean, drawn as a band.
    label : str, default "NDCG difference (B - A)"
        Axis label.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.figure.Figure

    """
    values = np.sort(checked_numbers(differences, "differences"))
    fig = new_figure()
    ax = fig.axes[0]
    positions = np.arange(1, values.size + 1)
    colours = [PALETTE["blue"] if v > 0 else PALETTE["vermillion"] for v in values]
    ax.bar(positions, values, color=colours, width=0.8)
    ax.axhline(0.0, color=PALETTE["black"], linewidth=0.8)
    mean = float(values.mean())
    ax.axhline(mean, color=PALETTE["green"], linestyle="--", label=f"mean {mean:.4f}")
    if interval is not None:
        low, high = checked_numbers(interval, "interval")
        if low > high:
            raise ValueError(f"interval must be (low, high) with low <= high, got {interval}")
        ax.axhspan(
            low,
            high,
            color=PALETTE["green"],
            alpha=0.2,
            label=f"95% interval [{low:.4f}, {high:.4f}]",
        )
    ax.set_xlabel("queries, sorted by difference")
    ax.set_ylabel(label)
    ax.legend(frameon=False, loc="upper left")
    style(ax)
    set_title(ax, title)
    return fig


def cutoff_curves(
    ks: Sequence[int],
    curves: Mapping[str, Sequence[float]],
    *,
    ylabel: str = "NDCG@k",
    title: str | None = None,
) -> Figure:
    """One line per method over the cutoffs ``ks``.

    Parameters
    ----------
    ks : sequence of int
        Cutoffs on the horizontal axis.
    curves : mapping of str to sequence of float
        Method name -> one value per cutoff.
    ylabel : str, default "NDCG@k"
        Vertical axis label.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.figure.Figure

    """
    x = checked_numbers(ks, "ks")
    series = checked_series(curves, "curves")
    for name, values in series.items():
        if values.size != x.size:
            raise ValueError(f"curves[{name!r}] has {values.size} values for {x.size} cutoffs")
    fig = new_figure()
    ax = fig.axes[0]
    for i, (name, values) in enumerate(series.items()):
        ax.plot(x, values, label=name, **series_look(i))
    ax.set_xticks(x)
    ax.set_xlabel("cutoff k")
    ax.set_ylabel(ylabel)
    ax.legend(frameon=False, loc="best")
    style(ax)
    set_title(ax, title)
    return fig


def value_bars(
    values: Mapping[str, float], *, xlabel: str = "NDCG", title: str | None = None
) -> Figure:
    """Horizontal bars, one per label, each annotated with its value to six decimals.

    Parameters
    ----------
    values : mapping of str to float
        Label -> value.
    xlabel : str, default "NDCG"
        Axis label.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.figure.Figure

    """
    if not isinstance(values, Mapping) or not values:
        raise TypeError("values must be a non-empty mapping of label -> number")
    for label, value in values.items():
        if isinstance(value, bool) or not isinstance(value, Real) or not np.isfinite(value):
            raise ValueError(f"values[{label!r}] must be a finite number, got {value!r}")
    labels = list(values)
    numbers = np.array([float(values[label]) for label in labels])
    fig = new_figure(figsize=(6.4, 0.45 * len(labels) + 1.2))
    ax = fig.axes[0]
    rows = np.arange(len(labels))
    ax.barh(rows, numbers, color=PALETTE["sky"], edgecolor=PALETTE["blue"])
    for row, number in zip(rows, numbers, strict=True):
        ax.text(number, float(row), f" {number:.6f}", va="center", fontsize=8)
    ax.set_yticks(rows, labels)
    ax.invert_yaxis()
    ax.set_xlim(0, max(1.0, float(numbers.max())) * 1.2)
    ax.set_xlabel(xlabel)
    style(ax, "x")
    set_title(ax, title)
    return fig
