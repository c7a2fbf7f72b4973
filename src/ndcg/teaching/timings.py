"""Chapter 14's measurements of pandas against Spark, as ``python -m bench.spark`` saved them.

* :func:`bench_table` reads the saved runs (``data/spark_scaling.csv``): every engine and
  size was run several times, each run in a fresh process.
* :func:`bench_summary` gives each engine and size its middle time and the spread of its
  runs, the figures the chapter may draw conclusions from.
* :func:`scaling_plot` draws time and peak memory against the number of judgments.
"""

from __future__ import annotations

from importlib import resources

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.ticker import FormatStrFormatter, LogLocator, NullFormatter

from ndcg.teaching._plotting import new_figure, series_look, style

__all__ = ["bench_summary", "bench_table", "scaling_plot"]


def bench_table() -> pd.DataFrame:
    """Return every run of ``python -m bench.spark`` that the chapter shows.

    Returns
    -------
    pandas.DataFrame
        One row per run: ``engine``, ``judgments``, ``repeat`` (1, 2, ...), ``load`` (the
        machine's one-minute load average when the run started), ``peak_gb``, ``seconds``,
        ``mean``, ``queries``, ``note`` (empty, or why a run did not finish), ``budget_gb``
        and ``machine``.

    Examples
    --------
    >>> sorted(set(bench_table()["engine"]))
    ['pandas', 'spark']

    """
    path = resources.files("ndcg.teaching") / "data" / "spark_scaling.csv"
    with path.open("r", encoding="utf-8") as handle:
        table = pd.read_csv(handle, dtype={"note": "str", "machine": "str"})
    return table.fillna({"note": ""})


def bench_summary(table: pd.DataFrame) -> pd.DataFrame:
    """Summarise the runs of each engine and size: the middle time and the spread.

    Parameters
    ----------
    table : pandas.DataFrame
        Runs as :func:`bench_table` returns them.

    Returns
    -------
    pandas.DataFrame
        One row per engine and size, in the table's order: ``engine``, ``judgments``,
        ``runs`` (how many finished), ``median_s``, ``min_s``, ``max_s`` (NaN where no run
        finished), ``peak_gb`` (the largest of the runs), ``load_min``, ``load_max`` and
        ``note`` (the note of a run that did not finish, else empty).

    Examples
    --------
    >>> runs = pd.DataFrame({
    ...     "engine": ["spark"] * 3, "judgments": [10] * 3, "seconds": [3.0, 1.0, 2.0],
    ...     "peak_gb": [1.0, 1.5, 1.2], "load": [0.5, 0.9, 0.7], "note": ["", "", ""]})
    >>> bench_summary(runs)[["runs", "median_s", "min_s", "max_s", "peak_gb"]].to_dict("records")
    [{'runs': 3, 'median_s': 2.0, 'min_s': 1.0, 'max_s': 3.0, 'peak_gb': 1.5}]

    """
    rows = []
    for (engine, judgments), runs in table.groupby(["engine", "judgments"], sort=False):
        seconds = runs["seconds"].dropna()
        notes = [note for note in runs["note"] if note]
        rows.append(
            {
                "engine": engine,
                "judgments": judgments,
                "runs": int(seconds.size),
                "median_s": float(seconds.median()) if seconds.size else np.nan,
                "min_s": float(seconds.min()) if seconds.size else np.nan,
                "max_s": float(seconds.max()) if seconds.size else np.nan,
                "peak_gb": float(runs["peak_gb"].max()),
                "load_min": float(runs["load"].min()),
                "load_max": float(runs["load"].max()),
                "note": notes[0] if notes else "",
            }
        )
    return pd.DataFrame(rows)


def scaling_plot(summary: pd.DataFrame, *, title: str | None = None) -> Figure:
    """Time and peak memory against judgments, one line per engine, each run's spread shown.

    Parameters
    ----------
    summary : pandas.DataFrame
        As :func:`bench_summary` returns it. The time is drawn at the median, with a bar
        from the fastest run to the slowest; a size where no run finished is drawn as a
        cross at the memory it had reached when it was stopped.
    title : str, optional
        Figure title.

    Returns
    -------
    matplotlib.figure.Figure

    """
    fig = new_figure(ncols=2, figsize=(7.2, 3.4))
    time_ax, memory_ax = fig.axes
    for j, (engine, rows) in enumerate(summary.groupby("engine", sort=False)):
        done = rows[rows["runs"] > 0]
        spread = np.vstack([done["median_s"] - done["min_s"], done["max_s"] - done["median_s"]])
        time_ax.errorbar(
            done["judgments"],
            done["median_s"],
            yerr=spread,
            capsize=3,
            label=engine,
            **series_look(j),
        )
        memory_ax.plot(done["judgments"], done["peak_gb"], label=engine, **series_look(j))
        stopped = rows[rows["runs"] == 0]
        if not stopped.empty:  # where the run was stopped, memory at that moment
            look = series_look(j) | {"marker": "X"}
            memory_ax.plot(stopped["judgments"], stopped["peak_gb"], linestyle="", **look)
            for x, y in zip(stopped["judgments"], stopped["peak_gb"], strict=True):
                memory_ax.annotate(
                    "stopped", (x, y), xytext=(-4, 6), textcoords="offset points", ha="right"
                )
    labels = ("time (s), median and range", "peak memory (GB)")
    for ax, label in zip(fig.axes, labels, strict=True):
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("judgments (log scale)")
        ax.set_ylabel(f"{label}, log scale")
        ax.yaxis.set_major_formatter(FormatStrFormatter("%g"))  # 0.1, 10: not powers of ten
        ax.yaxis.set_minor_formatter(NullFormatter())
        style(ax, "both")
    # Memory spans little more than a decade: label 2 and 5 times each power of ten too.
    memory_ax.yaxis.set_minor_locator(LogLocator(subs=(2.0, 5.0)))
    memory_ax.yaxis.set_minor_formatter(FormatStrFormatter("%g"))
    time_ax.legend(frameon=False)
    if title is not None:
        fig.suptitle(title)
    return fig
