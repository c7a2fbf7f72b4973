"""Teaching code of chapter 14, "NDCG at scale": a skewed collection, Spark's own NDCG, figures.

* :func:`skewed_collection` invents the ratings of a recommender: a few users rated a great
  many items, most users a handful (the skew that makes distributed jobs uneven), and a
  model's top items for each user, some never rated (unjudged), with tied scores.
* :func:`mllib_ndcg`, :func:`scala_ndcg` and :func:`ranking_evaluator_ndcg` ask Spark's own
  ranking metrics for NDCG, so the chapter can measure what they do with graded relevance.
* :func:`row_weighted_mean` is the mistake of averaging per-query figures over rows.
* The figures: judgments per query and rows per partition (the bench's timings are in
  :mod:`ndcg.teaching.timings`).

Nothing in the collection comes from real users.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from ndcg.teaching._plotting import PALETTE, new_figure, set_title, style

__all__ = [
    "WIDGET_USER",
    "mllib_ndcg",
    "partition_rows_plot",
    "query_sizes_plot",
    "ranking_evaluator_ndcg",
    "row_weighted_mean",
    "scala_ndcg",
    "skewed_collection",
    "top_items",
    "write_trec",
]


def skewed_collection(
    n_users: int = 2000, n_items: int = 20_000, depth: int = 20, seed: int = 2026
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Return the judgments and the run of an invented recommender, with skewed users.

    Parameters
    ----------
    n_users : int, default 2000
        Users (queries). How many items a user rated follows a Pareto law: most rated
        about ten, a few rated thousands.
    n_items : int, default 20000
        Items (documents).
    depth : int, default 20
        Items the model recommends to each user (the run), before a few users are dropped.
    seed : int, default 2026
        Seed of the random generator: the same seed gives the same collection.

    Returns
    -------
    (pandas.DataFrame, pandas.DataFrame)
        ``qrels`` (``query_id``, ``doc_id``, ``relevance``: a rating of 1 to 5 minus one,
        so grades 0 to 4) and ``run`` (``query_id``, ``doc_id``, ``score``: rounded to two
        decimals, so some scores tie). The model scores rated items by their grade plus
        noise, clearer for users with more ratings (the model knows them better), and
        also recommends items the user never rated (unjudged); 3% of the users
        get no recommendations (judged queries missing from the run) and 50 users who
        rated nothing get some (run queries without judgments).

    Examples
    --------
    >>> qrels, run = skewed_collection(n_users=50, seed=1)
    >>> list(qrels.columns), list(run.columns)
    (['query_id', 'doc_id', 'relevance'], ['query_id', 'doc_id', 'score'])

    """
    rng = np.random.default_rng(seed)
    sizes = np.minimum((rng.pareto(1.1, n_users) + 1) * 6, n_items // 4).astype(np.int64)
    user = np.repeat(np.arange(n_users), sizes)
    # Popular items are rated more often (a Zipf-like law); repeats within a user collapse.
    popularity = 1.0 / np.arange(1, n_items + 1) ** 0.8
    item = rng.choice(n_items, size=user.size, p=popularity / popularity.sum())
    rated = pd.DataFrame({"user": user, "item": item}).drop_duplicates(ignore_index=True)
    rated["grade"] = np.minimum(rng.poisson(1.3, len(rated)), 4)

    unseen = pd.DataFrame(
        {
            "user": np.repeat(np.arange(n_users + 50), 8),
            "item": rng.integers(0, n_items, (n_users + 50) * 8),
        }
    )
    candidates = pd.concat([rated, unseen], ignore_index=True)
    candidates = candidates.drop_duplicates(["user", "item"], ignore_index=True)
    # The model knows heavy users better (more data about them), as recommenders do.
    strength = 0.3 * np.log2(np.append(sizes, np.full(50, 1.0)))[candidates["user"]]
    signal = candidates["grade"].fillna(0.5).to_numpy() * strength
    noise = rng.normal(0.0, 1.0, len(candidates))
    candidates["score"] = np.round(signal + noise, 2)
    order = candidates.sort_values(["user", "score"], ascending=[True, False], kind="stable")
    top = order.groupby("user", sort=False).head(depth)
    silent = rng.choice(n_users, size=n_users * 3 // 100, replace=False)
    top = top[~top["user"].isin(silent)]
    user_ids = np.array([f"u{i:04d}" for i in range(n_users + 50)], dtype=object)
    item_ids = np.array([f"i{i:05d}" for i in range(n_items)], dtype=object)

    def named(frame: pd.DataFrame, column: str, values: str) -> pd.DataFrame:
        return pd.DataFrame(
            {
                "query_id": pd.array(user_ids[frame["user"].to_numpy()], dtype="str"),
                "doc_id": pd.array(item_ids[frame["item"].to_numpy()], dtype="str"),
                column: frame[values].to_numpy(),
            }
        )

    qrels = named(rated.sort_values(["user", "item"]), "relevance", "grade")
    return qrels.astype({"relevance": "int64"}), named(top, "score", "score")


def write_trec(
    qrels: pd.DataFrame, run: pd.DataFrame, directory: str | os.PathLike[str]
) -> tuple[Path, Path]:
    """Write judgments and a run as TREC files, ``qrels.txt`` and ``run.txt``, in ``directory``.

    Logs arrive as files; the chapter reads these back with Spark, in parallel. Scores are
    written in full (Python's shortest exact form), so they read back unchanged.

    Parameters
    ----------
    qrels, run : pandas.DataFrame
        The frames :func:`skewed_collection` returns (or any with the same columns).
    directory : str or path-like
        An existing directory.

    Returns
    -------
    (pathlib.Path, pathlib.Path)
        The qrels file and the run file.

    Examples
    --------
    >>> import tempfile, ndcg
    >>> qrels, run = skewed_collection(n_users=20, seed=3)
    >>> qrels_path, run_path = write_trec(qrels, run, tempfile.mkdtemp())
    >>> as_text = {"query_id": str, "doc_id": str}  # read_run gives categorical ids
    >>> ndcg.read_run(run_path).reset_index(drop=True).astype(as_text).equals(
    ...     run.sort_values(["query_id", "score"], ascending=[True, False], kind="stable")
    ...     .reset_index(drop=True).astype(as_text))
    True

    """
    folder = Path(directory)
    qrels_path, run_path = folder / "qrels.txt", folder / "run.txt"
    judged = pd.DataFrame(
        {"q": qrels["query_id"], "iteration": 0, "d": qrels["doc_id"], "r": qrels["relevance"]}
    )
    judged.to_csv(qrels_path, sep=" ", header=False, index=False)
    ranked = run.sort_values(["query_id", "score"], ascending=[True, False], kind="stable")
    lines = pd.DataFrame(
        {
            "q": ranked["query_id"],
            "Q0": "Q0",
            "d": ranked["doc_id"],
            "rank": ranked.groupby("query_id").cumcount() + 1,
            "score": ranked["score"].map(repr),
            "tag": "model",
        }
    )
    lines.to_csv(run_path, sep=" ", header=False, index=False)
    return qrels_path, run_path


#: The user whose top ten recommendations the chapter's widget holds.
WIDGET_USER = "u0050"


def top_items(qrels: pd.DataFrame, run: pd.DataFrame, user: str, k: int) -> list[tuple[str, int]]:
    """Return a user's top ``k`` recommendations as ``(item, grade)`` pairs, in ranked order.

    Ranked as :func:`ndcg.evaluate` ranks them (score, then item id, both descending); an
    item the user never rated gets grade 0, as with ``unjudged="zero"``, and a label that
    says so.

    Examples
    --------
    >>> qrels = pd.DataFrame({"query_id": "u", "doc_id": ["a", "b"], "relevance": [2, 0]})
    >>> run = pd.DataFrame({"query_id": "u", "doc_id": ["a", "b", "c"], "score": [1.0, 2, 2]})
    >>> top_items(qrels, run, "u", 2)
    [('c (unrated)', 0), ('b', 0)]

    """
    mine = run[run["query_id"] == user].sort_values(["score", "doc_id"], ascending=False)
    grades = qrels[qrels["query_id"] == user].set_index("doc_id")["relevance"]
    items = []
    for doc in mine["doc_id"].head(k):
        rated = doc in grades.index
        items.append((doc if rated else f"{doc} (unrated)", int(grades[doc]) if rated else 0))
    return items


def row_weighted_mean(per_query: pd.DataFrame, rows: pd.DataFrame, column: str) -> float:
    """Return the mean of ``column`` over the rows of ``rows``, not over queries: a mistake.

    It is what averaging a per-query figure gives after it has been joined back to a long
    table (one row per judgment or per retrieved document): every query then counts as
    often as it has rows.

    Parameters
    ----------
    per_query : pandas.DataFrame
        One row per query: ``query_id`` and ``column``.
    rows : pandas.DataFrame
        A long table with a ``query_id`` column.
    column : str
        The figure to average, e.g. ``"ndcg@10"``.

    Returns
    -------
    float
        The row-weighted mean.

    Examples
    --------
    >>> per_query = pd.DataFrame({"query_id": ["a", "b"], "ndcg": [1.0, 0.0]})
    >>> rows = pd.DataFrame({"query_id": ["a", "a", "a", "b"]})
    >>> row_weighted_mean(per_query, rows, "ndcg")
    0.75

    """
    joined = rows[["query_id"]].merge(per_query[["query_id", column]], on="query_id")
    return float(joined[column].mean())


# --- Spark's own NDCG ------------------------------------------------------------------------


def mllib_ndcg(
    spark: Any,
    predicted: Sequence[Any],
    labels: Sequence[Any],
    relevance: Sequence[float],
    k: int,
) -> float:
    """Return PySpark's ``RankingMetrics.ndcgAt(k)`` for one ranked list with graded labels.

    The list is given to ``pyspark.mllib.evaluation.RankingMetrics`` as a triple
    ``(predicted, labels, relevance)``, the form its documentation describes for graded
    NDCG since Spark 3.4.

    Parameters
    ----------
    spark : pyspark.sql.SparkSession
        A running session.
    predicted : sequence
        Item ids in ranked order.
    labels : sequence
        The relevant item ids (the ground truth).
    relevance : sequence of float
        Grade of each label, in the order of ``labels``.
    k : int
        Cutoff.

    Returns
    -------
    float
        What PySpark returns.

    """
    from pyspark.mllib.evaluation import RankingMetrics

    triple = (list(predicted), list(labels), [float(r) for r in relevance])
    with warnings.catch_warnings():
        # RankingMetrics goes through SQLContext, which PySpark 4 marks deprecated.
        warnings.simplefilter("ignore", FutureWarning)
        metrics = RankingMetrics(spark.sparkContext.parallelize([triple]))
        return float(metrics.ndcgAt(k))


def scala_ndcg(
    spark: Any,
    predicted: Sequence[Any],
    labels: Sequence[Any],
    relevance: Sequence[float],
    k: int,
) -> float:
    """Return what Spark's Scala ``RankingMetrics`` computes from a graded triple.

    The triple is built in the JVM and handed to the Scala class directly, past PySpark's
    bridge, to show what the Scala code does with the grades it is given.

    Parameters
    ----------
    spark : pyspark.sql.SparkSession
        A running session (classic, not Spark Connect).
    predicted : sequence
        Item ids in ranked order.
    labels : sequence
        The relevant item ids (the ground truth), in the order given to Spark.
    relevance : sequence of float
        Grade of each label, in the order of ``labels``.
    k : int
        Cutoff.

    Returns
    -------
    float
        ``RankingMetrics.ndcgAt(k)`` of the Scala class.

    """
    context = spark.sparkContext
    jvm, gateway = context._jvm, context._gateway

    def array(kind: Any, values: Sequence[Any]) -> Any:
        out = gateway.new_array(kind, len(values))
        for i, value in enumerate(values):
            out[i] = value
        return out

    triple = jvm.scala.Tuple3(
        array(jvm.java.lang.Object, list(predicted)),
        array(jvm.java.lang.Object, list(labels)),
        array(jvm.double, [float(r) for r in relevance]),
    )
    rows = jvm.java.util.ArrayList()
    rows.add(triple)
    tag = jvm.scala.reflect.ClassTag.apply(jvm.java.lang.Class.forName("java.lang.Object"))
    metrics = jvm.org.apache.spark.mllib.evaluation.RankingMetrics(
        context._jsc.parallelize(rows).rdd(), tag
    )
    return float(metrics.ndcgAt(k))


def ranking_evaluator_ndcg(spark: Any, predicted: Sequence[float], k: int) -> float:
    """Return ``pyspark.ml.evaluation.RankingEvaluator``'s NDCG@k for one list.

    The DataFrame evaluator takes a column of predicted item ids and a column of relevant
    item ids; it has no column for grades, so every label is simply relevant.

    Parameters
    ----------
    spark : pyspark.sql.SparkSession
        A running session.
    predicted : sequence of float
        Item ids (as numbers, which the evaluator requires) in ranked order; all relevant.
    k : int
        Cutoff.

    Returns
    -------
    float
        The evaluator's ``ndcgAtK``.

    """
    from pyspark.ml.evaluation import RankingEvaluator

    items = [float(p) for p in predicted]
    frame = spark.createDataFrame([(items, items)], ["prediction", "label"])
    evaluator = RankingEvaluator(metricName="ndcgAtK", k=k)
    return float(evaluator.evaluate(frame))


# --- figures ---------------------------------------------------------------------------------


def query_sizes_plot(sizes: pd.Series, *, title: str | None = None) -> Figure:
    """Histogram of judgments per query on logarithmic bins, the largest query marked.

    Parameters
    ----------
    sizes : pandas.Series
        Number of rows of each query.
    title : str, optional
        Figure title.

    Returns
    -------
    matplotlib.figure.Figure

    """
    counts = np.asarray(sizes, dtype=np.float64)
    fig = new_figure()
    ax = fig.axes[0]
    bins = np.logspace(0, np.log10(counts.max() + 1), 30)
    ax.hist(counts, bins=bins.tolist(), color=PALETTE["blue"], edgecolor="white")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.axvline(counts.max(), color=PALETTE["vermillion"], linestyle="--")
    ax.annotate(
        f"largest query: {int(counts.max()):,} rows",
        (counts.max(), 1),
        xytext=(-6, 40),
        textcoords="offset points",
        ha="right",
        color=PALETTE["vermillion"],
    )
    ax.set_xlabel("judgments of a query (log scale)")
    ax.set_ylabel("queries (log scale)")
    style(ax)
    set_title(ax, title)
    return fig


def partition_rows_plot(rows: pd.Series, *, title: str | None = None) -> Figure:
    """Bar chart of the rows each partition (one task) holds after the shuffle by query.

    Parameters
    ----------
    rows : pandas.Series
        Rows per partition, indexed by partition number.
    title : str, optional
        Figure title.

    Returns
    -------
    matplotlib.figure.Figure

    """
    fig = new_figure()
    ax = fig.axes[0]
    values = np.asarray(rows, dtype=np.float64)
    colours = [PALETTE["vermillion"] if v == values.max() else PALETTE["blue"] for v in values]
    ax.bar(np.arange(values.size), values, color=colours)
    ax.axhline(values.mean(), color=PALETTE["black"], linestyle=":", label="mean")
    ax.set_xticks(np.arange(values.size))
    ax.set_xlabel("partition (one task each)")
    ax.set_ylabel("rows")
    ax.legend(frameon=False)
    style(ax)
    set_title(ax, title)
    return fig
