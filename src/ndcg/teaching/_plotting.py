"""Figure helpers shared by :mod:`ndcg.teaching.plots` and :mod:`ndcg.teaching.plots_practice`.

Both modules draw on the same palette, series colours, markers, canvas and axis style, so
the figures of every chapter look alike; keeping them here means a change of look is made
once. Figures are built without ``pyplot``, so they are never registered with its global
list and need no closing.
"""

from __future__ import annotations

from typing import Any

from matplotlib.figure import Figure

#: Okabe-Ito colours with enough contrast against a white background.
PALETTE: dict[str, str] = {
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "green": "#009E73",
    "orange": "#E69F00",
    "purple": "#CC79A7",
    "sky": "#56B4E9",
    "black": "#000000",
}
#: Palette names for the j-th series of a figure, in order.
SERIES: tuple[str, ...] = ("blue", "vermillion", "green", "purple", "orange", "black")
#: Marker of the j-th series, so series stay apart in greyscale.
MARKERS: tuple[str, ...] = ("o", "s", "^", "D", "v", "P")
FIGSIZE: tuple[float, float] = (6.4, 3.6)


def series_look(j: int) -> dict[str, Any]:
    """Return the colour and marker of the ``j``-th series (0-based), as plot keywords.

    Both cycle, through :data:`SERIES` and :data:`MARKERS`, so any number of series can be
    drawn; callers that promise distinct series cap their count at ``len(SERIES)``.

    Parameters
    ----------
    j : int
        Index of the series in the figure.

    Returns
    -------
    dict of str to str
        ``{"color": ..., "marker": ...}``, to pass on as ``ax.plot(..., **series_look(j))``.

    """
    return {"color": PALETTE[SERIES[j % len(SERIES)]], "marker": MARKERS[j % len(MARKERS)]}


def new_figure(ncols: int = 1, figsize: tuple[float, float] = FIGSIZE) -> Figure:
    """Return a fresh figure holding one row of ``ncols`` axes.

    Parameters
    ----------
    ncols : int, default 1
        Number of axes, side by side.
    figsize : tuple of float, default FIGSIZE
        Width and height in inches.

    Returns
    -------
    matplotlib.figure.Figure
        A constrained-layout figure; its axes are ``fig.axes``.

    """
    fig = Figure(figsize=figsize, layout="constrained", dpi=110)
    fig.subplots(1, ncols)
    return fig


def style(ax: Any, axis: str = "y") -> None:
    """Give ``ax`` the book's look: no top or right spine, light grid lines behind the data.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Axes to restyle in place.
    axis : {"y", "x", "both"}, default "y"
        Which axis gets grid lines: the one the values are read off.

    """
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis=axis, color="#d0d0d0", linewidth=0.6)
    ax.set_axisbelow(True)


def checked_title(title: Any) -> str | None:
    """Return ``title`` unchanged if it is a string or None, else raise.

    Parameters
    ----------
    title : object
        A caller's ``title`` argument.

    Returns
    -------
    str or None
        ``title`` itself.

    Raises
    ------
    TypeError
        If ``title`` is neither a string nor None.

    """
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a string or None, got {type(title).__name__}")
    return title


def set_title(ax: Any, title: str | None) -> None:
    """Set ``title`` on ``ax`` after :func:`checked_title`; do nothing when it is None.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Axes to title.
    title : str or None
        The caller's ``title`` argument.

    Raises
    ------
    TypeError
        If ``title`` is neither a string nor None.

    """
    if checked_title(title) is not None:
        ax.set_title(title)
