"""Matplotlib figures for NDCG's family: readers, agreement between metrics, drift.

Used by chapters 10 to 12. Like the other plot modules, each function draws numbers it is
given (computed by the library first) and returns a fresh :class:`matplotlib.figure.Figure`
built without ``pyplot``, in the book's colour-blind-safe palette with markers that keep
the series apart in greyscale.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from ndcg.teaching._plotting import PALETTE, new_figure, series_look, set_title, style

__all__ = ["drift_plot", "reach_plot", "tau_heatmap"]


def _frame(table: object, name: str) -> pd.DataFrame:
    if not isinstance(table, pd.DataFrame) or table.empty:
        raise TypeError(f"{name} must be a non-empty pandas DataFrame")
    if not all(pd.api.types.is_numeric_dtype(t) for t in table.dtypes):
        raise TypeError(f"{name} must hold numbers only")
    return table


def reach_plot(table: pd.DataFrame, *, title: str | None = None) -> Figure:
    """Lines of the chance that each reader reaches each rank.

    Parameters
    ----------
    table : pandas.DataFrame
        Indexed by rank, one column per reader (as :func:`ndcg.teaching.readers.reach_table`).
    title : str, optional
        Figure title.

    Returns
    -------
    matplotlib.figure.Figure

    """
    table = _frame(table, "table")
    fig = new_figure(figsize=(6.8, 3.8))
    ax = fig.axes[0]
    for j, column in enumerate(table.columns):
        ax.plot(table.index, table[column], label=column, linewidth=1.6, **series_look(j))
    ax.set_xlabel("rank")
    ax.set_ylabel("chance the reader gets this far")
    ax.set_xticks(list(table.index))
    ax.set_ylim(-0.03, 1.05)
    ax.legend(fontsize=8, frameon=False, loc="upper right")
    style(ax)
    set_title(ax, title)
    return fig


def tau_heatmap(tau: pd.DataFrame, *, title: str | None = None) -> Figure:
    """Draw Kendall's tau between metrics as a matrix, each cell annotated with its value.

    Parameters
    ----------
    tau : pandas.DataFrame
        Square, metrics by metrics (as :func:`ndcg.teaching.systems.kendall_matrix`).
    title : str, optional
        Figure title.

    Returns
    -------
    matplotlib.figure.Figure

    """
    tau = _frame(tau, "tau")
    if list(tau.index) != list(tau.columns):
        raise ValueError("tau must be square, with the same metrics as rows and columns")
    fig = new_figure(figsize=(5.6, 4.6))
    ax = fig.axes[0]
    image = ax.imshow(tau.to_numpy(), cmap="cividis", vmin=-1, vmax=1)
    names = list(tau.columns)
    ax.set_xticks(range(len(names)), names, rotation=45, ha="right")
    ax.set_yticks(range(len(names)), names)
    for (i, j), value in np.ndenumerate(tau.to_numpy()):
        colour = "black" if value > 0.3 else "white"
        ax.text(j, i, f"{value:.2f}", ha="center", va="center", fontsize=8, color=colour)
    fig.colorbar(image, ax=ax, label="Kendall's tau")
    set_title(ax, title)
    return fig


def drift_plot(drift: pd.DataFrame, *, title: str | None = None) -> Figure:
    """Kendall's tau against the full judgments as judgments are taken away, with RBP's residual.

    Parameters
    ----------
    drift : pandas.DataFrame
        Indexed by the share of judgments kept, with columns ``tau_zero``, ``tau_condense``
        and ``rbp_residual`` (as :func:`ndcg.teaching.systems.ordering_drift`).
    title : str, optional
        Figure title.

    Returns
    -------
    matplotlib.figure.Figure

    """
    drift = _frame(drift, "drift")
    missing = {"tau_zero", "tau_condense", "rbp_residual"} - set(drift.columns)
    if missing:
        raise ValueError(f"drift lacks the column(s) {sorted(missing)}")
    fig = new_figure(ncols=2, figsize=(7.6, 3.4))
    left, right = fig.axes
    shares = drift.index.to_numpy(dtype=float)
    left.plot(shares, drift["tau_zero"], label="unjudged as 0", **series_look(0))
    left.plot(shares, drift["tau_condense"], label="condensed", **series_look(1))
    left.set_xlabel("share of judgments kept")
    left.set_ylabel("Kendall's tau with all judgments")
    left.set_ylim(-1.05, 1.05)
    left.legend(fontsize=8, frameon=False)
    right.bar(shares, drift["rbp_residual"], width=0.06, color=PALETTE["green"])
    right.set_xlabel("share of judgments kept")
    right.set_ylabel("mean RBP residual (p = 0.8)")
    right.set_ylim(0, 1)
    for ax in (left, right):
        ax.invert_xaxis()
        style(ax)
    set_title(left, title)
    return fig
