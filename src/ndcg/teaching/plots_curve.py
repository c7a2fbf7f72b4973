"""The precision-recall curve of one ranked list, for chapter 11.

Like the other plot modules, the function draws numbers it is given (computed by the
library first: :func:`ndcg.precision`, :func:`ndcg.recall` and
:func:`ndcg.trec_measures.interpolated_precision`) and returns a fresh
:class:`matplotlib.figure.Figure` built without ``pyplot``, in the book's look.
"""

from __future__ import annotations

import pandas as pd
from matplotlib.figure import Figure

from ndcg.teaching._plotting import new_figure, series_look, set_title, style

__all__ = ["precision_recall_plot"]


def _numbers(table: object, name: str, columns: tuple[str, ...]) -> pd.DataFrame:
    if not isinstance(table, pd.DataFrame) or table.empty:
        raise TypeError(f"{name} must be a non-empty pandas DataFrame")
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise ValueError(f"{name} lacks the columns {missing}; it needs {list(columns)}")
    if not all(pd.api.types.is_numeric_dtype(table[c]) for c in columns):
        raise TypeError(f"{name}'s columns {list(columns)} must hold numbers only")
    return table


def precision_recall_plot(
    points: pd.DataFrame, curve: pd.Series, *, title: str | None = None
) -> Figure:
    """Precision against recall at every rank, and the interpolated curve over them.

    Parameters
    ----------
    points : pandas.DataFrame
        One row per rank, columns ``recall`` and ``precision`` (at that rank).
    curve : pandas.Series
        Interpolated precision, indexed by recall level (trec_eval's ``iprec_at_recall``).
    title : str, optional
        Figure title.

    Returns
    -------
    matplotlib.figure.Figure

    """
    points = _numbers(points, "points", ("recall", "precision"))
    if not isinstance(curve, pd.Series) or curve.empty:
        raise TypeError("curve must be a non-empty pandas Series indexed by recall level")
    levels = _numbers(
        curve.rename_axis("recall").rename("precision").reset_index(),
        "curve",
        ("recall", "precision"),
    )
    fig = new_figure(figsize=(6.4, 3.8))
    ax = fig.axes[0]
    # The eleven levels as points, not joined: between two levels the curve may drop at any
    # recall (to 0 past the last relevant document found), which a line would hide.
    ax.plot(
        levels["recall"],
        levels["precision"],
        linestyle="",
        markersize=7,
        label="interpolated precision (iprec_at_recall)",
        **series_look(0),
    )
    ax.plot(
        points["recall"],
        points["precision"],
        linestyle=":",
        linewidth=1.2,
        label="precision and recall at each rank",
        **series_look(1),
    )
    for rank, (x, y) in enumerate(zip(points["recall"], points["precision"], strict=True), 1):
        ax.annotate(str(rank), (x, y), textcoords="offset points", xytext=(4, 4), fontsize=8)
    ax.set_xlabel("recall")
    ax.set_ylabel("precision")
    ax.set_xlim(-0.03, 1.03)
    ax.set_ylim(-0.03, 1.08)
    ax.legend(fontsize=8, frameon=False, loc="lower left")
    style(ax, axis="both")
    set_title(ax, title)
    return fig
