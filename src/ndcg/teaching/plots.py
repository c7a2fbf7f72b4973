"""Matplotlib figures for the book: every number drawn comes from the library.

Used by chapters 1 to 4.

Each function builds a fresh :class:`matplotlib.figure.Figure` without going through
``pyplot``. Such figures are never registered with pyplot's global list, so a notebook shows
each one exactly once (as the value of its cell) and nothing needs closing afterwards.

The colours are the Okabe-Ito palette, chosen because it stays distinguishable under the
common forms of colour blindness; every series also differs by marker or hatch, so the
figures still read in greyscale.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from numbers import Real
from typing import Any

import numpy as np
from matplotlib.figure import Figure

import ndcg as _metrics
from ndcg.gains import GAIN_NAMES
from ndcg.teaching._checks import positive_int
from ndcg.teaching._plotting import (
    PALETTE,
    checked_title,
    new_figure,
    series_look,
    set_title,
    style,
)

__all__ = [
    "PALETTE",
    "cumulative_curves",
    "discount_curve",
    "gain_curves",
    "grade_bars",
    "ideal_vs_actual",
    "position_bars",
]


def _grades(values: Any, name: str) -> list[float]:
    """Return ``values`` as a non-empty list of finite numbers, or raise naming ``name``."""
    if isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, np.ndarray)):
        raise TypeError(f"{name} must be a sequence of numbers, got {type(values).__name__}")
    out = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, Real):
            raise TypeError(f"{name} must contain numbers only, got {value!r}")
        if not math.isfinite(value):
            raise ValueError(f"{name} must contain finite numbers only, got {value!r}")
        out.append(float(value))
    if not out:
        raise ValueError(f"{name} must not be empty")
    return out


def _optional_k(k: Any, name: str = "k") -> int | None:
    return None if k is None else positive_int(k, name)


def grade_bars(
    items: Sequence[tuple[str, float]],
    *,
    max_grade: float | None = None,
    title: str | None = None,
) -> Figure:
    """Draw each ranked item's relevance grade as a bar, in ranked order.

    Parameters
    ----------
    items : sequence of (str, float)
        ``(label, grade)`` pairs in ranked order, e.g. ``ndcg.teaching.examples.D_TABLE``.
    max_grade : float, optional
        Top of the grade axis; the largest grade in ``items`` when omitted.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.figure.Figure
        One axes whose bars, left to right, have the items' grades as heights.

    Raises
    ------
    TypeError
        If ``items`` is not a sequence of ``(label, grade)`` pairs.
    ValueError
        If ``items`` is empty or a grade is not finite.

    """
    if isinstance(items, (str, bytes)) or not isinstance(items, Sequence):
        raise TypeError(f"items must be a sequence of (label, grade) pairs, got {items!r}")
    if any(not isinstance(item, Sequence) or len(item) != 2 for item in items):
        raise TypeError("items must contain (label, grade) pairs only")
    labels = [str(label) for label, _ in items]
    grades = _grades([grade for _, grade in items], "items' grades")
    fig = new_figure()
    ax = fig.axes[0]
    positions = np.arange(1, len(grades) + 1)
    ax.bar(positions, grades, color=PALETTE["blue"], width=0.6)
    for x, grade in zip(positions, grades, strict=True):
        ax.annotate(
            f"{grade:g}",
            (x, grade),
            ha="center",
            va="bottom",
            xytext=(0, 2),
            textcoords="offset points",
        )
    ax.set_xticks(positions, [f"{i}\n{label}" for i, label in zip(positions, labels, strict=True)])
    ax.set_xlabel("position in the ranking (and item)")
    ax.set_ylabel("relevance grade")
    top = max(grades) if max_grade is None else float(max_grade)
    ax.set_ylim(0, top * 1.15 if top > 0 else 1)
    style(ax)
    set_title(ax, title)
    return fig


def cumulative_curves(
    rankings: Mapping[str, Sequence[float]],
    *,
    measure: str = "dcg",
    gain: Any = "linear",
    title: str | None = None,
) -> Figure:
    """Plot CG@k or DCG@k against the cutoff k for one or more orderings.

    Parameters
    ----------
    rankings : mapping of str to sequence of float
        Name of each ordering mapped to its relevance grades in ranked order.
    measure : {"dcg", "cg"}, default "dcg"
        Which cumulative measure to draw: :func:`ndcg.dcg` or :func:`ndcg.cg`.
    gain : str, mapping or callable, default "linear"
        Gain function passed to :func:`ndcg.dcg` (ignored for ``measure="cg"``).
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.figure.Figure
        One axes with one line per ordering; line ``j`` has the points ``(k, measure@k)``.

    Raises
    ------
    TypeError
        If ``rankings`` is not a mapping or a ranking is not a sequence of numbers.
    ValueError
        If ``rankings`` or one of its rankings is empty, or ``measure`` is unknown.

    """
    if not isinstance(rankings, Mapping):
        raise TypeError(f"rankings must be a mapping of name to grades, got {rankings!r}")
    if not rankings:
        raise ValueError("rankings must hold at least one ordering")
    if measure not in ("dcg", "cg"):
        raise ValueError(f"measure must be 'dcg' or 'cg', got {measure!r}")
    fig = new_figure()
    ax = fig.axes[0]
    longest = 0
    for j, (name, grades) in enumerate(rankings.items()):
        values = _grades(grades, f"rankings[{name!r}]")
        cutoffs = np.arange(1, len(values) + 1)
        if measure == "cg":
            ys = [_metrics.cg(values, k=int(k)) for k in cutoffs]
        else:
            ys = [_metrics.dcg(values, k=int(k), gain=gain) for k in cutoffs]
        ax.plot(
            cutoffs,
            ys,
            label=str(name),
            linewidth=1.8,
            **series_look(j),
        )
        longest = max(longest, len(values))
    ax.set_xticks(np.arange(1, longest + 1))
    ax.set_xlabel("cutoff k (number of top positions counted)")
    ax.set_ylabel("CG@k" if measure == "cg" else "DCG@k")
    ax.set_ylim(bottom=0)
    ax.legend(frameon=False)
    style(ax)
    set_title(ax, title)
    return fig


def discount_curve(
    n_positions: int = 10,
    *,
    title: str | None = None,
) -> Figure:
    """Plot the discount 1 / log2(i + 1) that DCG applies at positions 1..n.

    Parameters
    ----------
    n_positions : int, default 10
        How many positions to draw (at least 1).
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.figure.Figure
        One axes with a single line through ``(i, 1 / log2(i + 1))``, taken from
        :func:`ndcg.breakdown`.

    Raises
    ------
    TypeError
        If ``n_positions`` is not an integer.
    ValueError
        If ``n_positions`` is smaller than 1.

    """
    n = positive_int(n_positions, "n_positions")
    # A list of grade-1 items has gain 1 everywhere, so its breakdown's discount column
    # is exactly the discount the library applies: one source of truth for the curve.
    table = _metrics.breakdown([1] * n)
    positions = table["position"].to_numpy()
    discounts = table["discount"].to_numpy()
    fig = new_figure()
    ax = fig.axes[0]
    ax.plot(
        positions,
        discounts,
        marker="o",
        color=PALETTE["blue"],
        linewidth=1.8,
        label="discount 1 / log2(i + 1)",
    )
    for i, d in zip(positions[:6], discounts[:6], strict=True):
        ax.annotate(f"{d:.3f}", (i, d), xytext=(4, 4), textcoords="offset points", fontsize=8)
    ax.set_xticks(positions)
    ax.set_xlabel("position i")
    ax.set_ylabel("discount (share of the gain kept)")
    ax.set_ylim(0, 1.1)
    ax.legend(frameon=False)
    style(ax)
    set_title(ax, title)
    return fig


def gain_curves(
    max_grade: int = 5,
    *,
    title: str | None = None,
) -> Figure:
    """Compare linear gain (g = r) and exponential gain (g = 2**r - 1) for grades 0..max.

    Parameters
    ----------
    max_grade : int, default 5
        Largest grade drawn (at least 1).
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.figure.Figure
        One axes with two lines, ``"linear"`` then ``"exponential"``, whose y values are the
        ``gain`` column of :func:`ndcg.breakdown` for the grades 0..max_grade.

    Raises
    ------
    TypeError
        If ``max_grade`` is not an integer.
    ValueError
        If ``max_grade`` is smaller than 1.

    """
    top = positive_int(max_grade, "max_grade")
    grades = list(range(top + 1))
    fig = new_figure()
    ax = fig.axes[0]
    for j, gain in enumerate(GAIN_NAMES):
        gains = _metrics.breakdown(grades, gain=gain)["gain"].to_numpy()
        label = "linear: g = r" if gain == "linear" else "exponential: g = 2^r - 1"
        ax.plot(
            grades,
            gains,
            linewidth=1.8,
            label=label,
            **series_look(j),
        )
    ax.set_xticks(grades)
    ax.set_xlabel("relevance grade r")
    ax.set_ylabel("gain g(r)")
    ax.legend(frameon=False)
    style(ax)
    set_title(ax, title)
    return fig


def position_bars(
    relevance: Sequence[float],
    *,
    k: int | None = None,
    gain: Any = "linear",
    labels: Sequence[str] | None = None,
    title: str | None = None,
) -> Figure:
    """Show, position by position, the gain, the discounted gain and the running DCG.

    Parameters
    ----------
    relevance : sequence of float
        Grades in ranked order.
    k : int, optional
        Cutoff; every position when omitted.
    gain : str, mapping or callable, default "linear"
        Gain function, as for :func:`ndcg.dcg`.
    labels : sequence of str, optional
        One name per position (e.g. document ids) printed under the position number.
    title : str, optional
        Title of the whole figure.

    Returns
    -------
    matplotlib.figure.Figure
        Two axes. The first holds two bar series, ``gain`` then ``discounted gain`` (in that
        order in ``ax.containers``); the second a line of the cumulative DCG, whose last point
        is DCG@k. All values come from :func:`ndcg.breakdown`.

    Raises
    ------
    TypeError
        If ``relevance`` or ``labels`` has the wrong type, or ``k`` is not an integer.
    ValueError
        If ``relevance`` is empty, ``k`` < 1, or ``labels`` has the wrong length.

    """
    grades = _grades(relevance, "relevance")
    cut = _optional_k(k)
    table = _metrics.breakdown(grades, k=cut, gain=gain)
    positions = table["position"].to_numpy()
    ticks = [str(p) for p in positions]
    if labels is not None:
        if isinstance(labels, (str, bytes)) or not isinstance(labels, Sequence):
            raise TypeError("labels must be a sequence of strings")
        if len(labels) != len(grades):
            raise ValueError(
                f"labels must have one entry per grade ({len(grades)}), got {len(labels)}"
            )
        ticks = [f"{p}\n{labels[p - 1]}" for p in positions]
    fig = new_figure(ncols=2, figsize=(8.8, 3.6))
    bars, line = fig.axes
    width = 0.4
    bars.bar(
        positions - width / 2,
        table["gain"],
        width,
        label="gain",
        color=PALETTE["sky"],
        edgecolor=PALETTE["blue"],
    )
    bars.bar(
        positions + width / 2,
        table["discounted_gain"],
        width,
        label="discounted gain",
        color=PALETTE["vermillion"],
        hatch="//",
        edgecolor="white",
    )
    bars.set_xticks(positions, ticks)
    bars.set_xlabel("position")
    bars.set_ylabel("gain")
    bars.legend(frameon=False)
    style(bars)
    cumulative = table["cumulative_dcg"].to_numpy()
    line.plot(positions, cumulative, marker="o", color=PALETTE["green"], linewidth=1.8)
    line.annotate(
        f"DCG = {cumulative[-1]:.3f}",
        (positions[-1], cumulative[-1]),
        xytext=(-60, -18),
        textcoords="offset points",
    )
    line.set_xticks(positions, ticks)
    line.set_xlabel("position")
    line.set_ylabel("cumulative DCG")
    line.set_ylim(bottom=0)
    style(line)
    heading = checked_title(title)
    if heading is not None:
        fig.suptitle(heading)
    return fig


def ideal_vs_actual(
    relevance: Sequence[float],
    *,
    pool: Sequence[float] | None = None,
    k: int | None = None,
    gain: Any = "linear",
    title: str | None = None,
) -> Figure:
    """Set a ranking's discounted gains beside those of the ideal ranking.

    Parameters
    ----------
    relevance : sequence of float
        Grades in ranked order.
    pool : sequence of float, optional
        Every judged grade for the query, retrieved or not; the ideal ranking is this pool
        in order of gain, best first (:func:`ndcg.ideal_order`). When omitted, the ideal is
        built from ``relevance`` alone.
    k : int, optional
        Cutoff applied to both rankings; the length of ``relevance`` when omitted.
    gain : str, mapping or callable, default "linear"
        Gain function, as for :func:`ndcg.dcg`.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.figure.Figure
        One axes with two bar series, ``actual`` then ``ideal`` (in that order in
        ``ax.containers``): the discounted gain at each position, from :func:`ndcg.breakdown`.
        The legend names each ranking's DCG, and the title line gives NDCG from
        :func:`ndcg.ndcg`; both name the cutoff (``NDCG@6``), or say "no cutoff".

    Raises
    ------
    TypeError
        If ``relevance`` or ``pool`` is not a sequence of numbers, or ``k`` is not an integer.
    ValueError
        If ``relevance`` or ``pool`` is empty, or ``k`` < 1.

    """
    # Checked before any work, because the title is only drawn at the very end, in place of
    # the default NDCG line.
    checked_title(title)
    grades = _grades(relevance, "relevance")
    judged = grades if pool is None else _grades(pool, "pool")
    cut = _optional_k(k)
    depth = len(grades) if cut is None else cut
    actual = _metrics.breakdown(grades, k=depth, gain=gain)
    # The ideal ranking is the judged pool in the library's ideal order (best gain first,
    # which is not always best grade first), cut to the same depth.
    ideal_grades = [judged[i] for i in _metrics.ideal_order(judged, gain=gain)[:depth]]
    ideal = _metrics.breakdown(ideal_grades, gain=gain)
    dcg_value = _metrics.dcg(grades, k=depth, gain=gain)
    idcg_value = _metrics.idcg(grades, k=depth, gain=gain, pool=None if pool is None else judged)
    ndcg_value = _metrics.ndcg(grades, k=depth, gain=gain, pool=None if pool is None else judged)
    # Every NDCG the book prints names its cutoff, so a figure next to an uncut score cannot
    # be read as the same number.
    at = "" if cut is None else f"@{depth}"
    fig = new_figure()
    ax = fig.axes[0]
    width = 0.4
    ax.bar(
        actual["position"] - width / 2,
        actual["discounted_gain"],
        width,
        label=f"actual ranking (DCG{at} = {dcg_value:.3f})",
        color=PALETTE["blue"],
    )
    ax.bar(
        ideal["position"] + width / 2,
        ideal["discounted_gain"],
        width,
        label=f"ideal ranking (IDCG{at} = {idcg_value:.3f})",
        color=PALETTE["orange"],
        hatch="..",
        edgecolor="black",
        linewidth=0.5,
    )
    ax.set_xticks(np.arange(1, depth + 1))
    ax.set_xlabel("position")
    ax.set_ylabel("discounted gain")
    ax.legend(frameon=False)
    style(ax)
    default = f"NDCG{at} = DCG{at} / IDCG{at} = {ndcg_value:.3f}"
    if cut is None:
        default += " (no cutoff)"
    ax.set_title(default if title is None else title)
    return fig
