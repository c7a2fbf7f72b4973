"""NDCG of a whole run against judgments on Apache Spark, equal to :func:`ndcg.evaluate`.

Taught in chapter 14, "NDCG at scale".

The work is one Spark job made of Spark's own operators (no Python code runs per row):

1. judgments and retrieved documents become rows of one table, checked as they are read;
2. the table is shuffled once, by query, so every later step stays within a partition;
3. the rows of a (query, document) pair meet: a judged document's grade meets its score;
4. within each query, the retrieved documents are ranked (score descending, then ``doc_id``
   descending compared as text, as trec_eval does) and the judged ones ordered by gain;
5. one grouped sum per query gives the DCG and the ideal DCG at every cutoff.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import Any, cast

import pandas as pd
from pyspark.sql import Column, DataFrame, Observation, SparkSession, Window
from pyspark.sql import functions as F
from pyspark.sql import types as T

from ndcg import _frames
from ndcg import _validate as check
from ndcg.discount import Discount, DiscountSpec
from ndcg.evaluate import QRELS_COLUMNS, RUN_COLUMNS
from ndcg.gains import Gain
from ndcg.measures import column_name
from ndcg.spark import _checks
from ndcg.spark._gains import distinct_levels, gain_column, scaled
from ndcg.spark.session import session
from ndcg.spark.trec import read_qrels, read_run

NO_JUDGMENTS = "qrels has no rows: without judgments there is nothing to evaluate"
Q, D = "query_id", "doc_id"


@check.validate_params(
    k=check.cutoffs,
    gain=check.gain,
    missing=check.choice("skip", "zero"),
    ties=check.choice("trec_eval"),
    empty=check.empty,
    unjudged=check.choice(*check.UNJUDGED),
    metrics=check.choices("ndcg"),
    discount=check.discount,
)
def evaluate(
    qrels: DataFrame | pd.DataFrame | str | os.PathLike[str],
    run: DataFrame | pd.DataFrame | str | os.PathLike[str],
    k: int | None | Sequence[int | None] = None,
    gain: Gain = "linear",
    missing: str = "skip",
    *,
    ties: str = "trec_eval",
    empty: float | str = 0.0,
    unjudged: str = "zero",
    metrics: str | Sequence[str] = "ndcg",
    discount: DiscountSpec = "log2",
    spark: SparkSession | None = None,
) -> DataFrame:
    """NDCG of every query of a run, as :func:`ndcg.evaluate` computes it, on Spark.

    Parameters
    ----------
    qrels : pyspark.sql.DataFrame, pandas.DataFrame or path
        Judgments with columns ``query_id``, ``doc_id``, ``relevance`` (numeric). A pandas
        DataFrame is handed to Spark; a path is read as a TREC qrels file
        (:func:`ndcg.spark.read_qrels`). Ids are text or integers, of the same kind as the
        run's.
    run : pyspark.sql.DataFrame, pandas.DataFrame or path
        Retrieved documents with columns ``query_id``, ``doc_id``, ``score`` (numeric); a
        path is read as a TREC run file. Documents are ranked by score, highest first,
        equal scores by ``doc_id`` compared as text, highest first (trec_eval's rule).
    k : int, None or sequence of them, default None
        Cutoff(s): ``None`` gives column ``ndcg`` (no cutoff), an int ``k`` column
        ``ndcg@k``, a sequence one column per entry.
    gain : {"linear", "exponential"}, mapping or callable, default "linear"
        Gain of a grade >= 0; negative grades give no gain. A mapping or a callable is
        applied to each distinct grade (a small job collects them first).
    missing : {"skip", "zero"}, default "skip"
        Judged queries absent from the run: left out (trec_eval) or scored 0 (``-c``).
        Queries of the run without any judgment are not evaluated.
    ties : {"trec_eval"}, default "trec_eval"
        Order of equal scores: ``doc_id`` descending, compared as text. The other rules of
        :func:`ndcg.evaluate` need the run's row order or an average over orders, which a
        distributed table does not keep; they are refused.
    empty : float or "raise", default 0.0
        NDCG of a query whose ideal DCG is 0 (no judged document has a gain).
    unjudged : {"zero", "condense", "raise"}, default "zero"
        Retrieved documents without a judgment (absent from ``qrels`` for their query, or
        judged with a negative grade): no gain, in their place (trec_eval); dropped before
        ranking (condensed lists, trec_eval ``-J``); or an error that counts them.
    metrics : "ndcg" or ["ndcg"], default "ndcg"
        Accepted for the signature of :func:`ndcg.evaluate`; only NDCG is computed here.
    discount : "log2", "reciprocal", ("log", b) or ("geometric", p), default "log2"
        NDCG's discount (see :func:`ndcg.dcg`).
    spark : pyspark.sql.SparkSession, optional
        Session for pandas or file inputs; by default the inputs' own session, else
        :func:`ndcg.spark.session`.

    Returns
    -------
    pyspark.sql.DataFrame
        Column ``query_id`` then one double column per cutoff, one row per query, sorted by
        ``query_id``; cached (call ``.unpersist()`` to free it). It is computed before it
        is returned, so that bad input raises here, not at the first action.

    Raises
    ------
    ValueError
        A missing column, a null id, a NaN or infinite grade or score, a document judged
        or retrieved twice for a query, no judgments at all, no query in both inputs (with
        ``missing="skip"``: nothing to evaluate), an unjudged document with
        ``unjudged="raise"``, an empty ideal with ``empty="raise"``, or a bad argument.
        Checks that need only the schema run before any job; checks of the rows stop the
        job at the first bad row.
    TypeError
        A grade or score column that is not numeric, ids that are neither text nor
        integers or of different kinds in qrels and run.

    Examples
    --------
    The example of :func:`ndcg.evaluate`, on Spark (pandas frames are handed over)::

        qrels = pd.DataFrame({"query_id": "q1", "doc_id": ["D1", "D2", "D3", "D7"],
                              "relevance": [3, 2, 0, 3]})
        run = pd.DataFrame({"query_id": "q1", "doc_id": ["D1", "D2", "D3"],
                            "score": [0.9, 0.8, 0.7]})
        evaluate(qrels, run, k=[None, 2]).toPandas().round(4)
        #   query_id    ndcg  ndcg@2
        # 0       q1  0.7232   0.871

    """
    discount = cast(Discount, discount)  # check.discount made it one (validate_params)
    cutoffs = cast(tuple[int | None, ...], k)  # check.cutoffs made it a tuple (validate_params)
    if spark is None:
        spark = next((f.sparkSession for f in (qrels, run) if isinstance(f, DataFrame)), None)
    # Files read here are cached by their readers; the result, computed and cached before
    # it is returned, no longer needs them.
    read: list[DataFrame] = []
    try:
        return _evaluate(qrels, run, cutoffs, gain, missing, empty, unjudged, discount, spark, read)
    finally:
        for frame in read:
            frame.unpersist()


def _evaluate(
    qrels: Any,
    run: Any,
    cutoffs: tuple[int | None, ...],
    gain: Gain,
    missing: str,
    empty: float | str,
    unjudged: str,
    discount: Discount,
    spark: SparkSession | None,
    read: list[DataFrame],
) -> DataFrame:
    """Run :func:`evaluate` on checked arguments; append the frames of files read to ``read``."""
    with _checks.translated():
        qrels = _as_spark(qrels, "qrels", QRELS_COLUMNS, spark, read)
        run = _as_spark(run, "run", RUN_COLUMNS, spark, read)
        _checks.require_numeric(qrels, "qrels", "relevance")
        _checks.require_numeric(run, "run", "score")
        kinds = _checks.id_kinds(qrels, run)
        grade = gain_column(F.col("_grade"), gain, lambda: distinct_levels(qrels))
        table = _per_query(qrels, run, cutoffs, grade, unjudged, kinds, discount)
        keep = (F.col("_judged") == 1) & ((F.col("_retrieved") == 1) | F.lit(missing == "zero"))
        # The checks of the whole table ride along with the one job (Spark's observed
        # metrics), so they cost no second pass over the data.
        checks = Observation("ndcg.spark checks")
        observed = table.observe(checks, *_summary(keep))
        columns = [F.col(Q), *_ndcg_columns(cutoffs, empty)]
        # One row per query: few enough for one partition, which keeps them in order.
        result = observed.where(keep).select(*columns).repartition(1).sortWithinPartitions(Q)
        result = result.persist()
        try:
            if result.count() == 0:
                # Judged queries exist (checked), so none of them was retrieved. (Spark keeps
                # no observed figures of a job whose result it knows to be empty.)
                raise ValueError(_nothing_shared(qrels, run))
            _refuse(checks.get, unjudged, empty)
        except BaseException:
            result.unpersist()
            raise
    return result


def _as_spark(
    frame: Any,
    name: str,
    columns: tuple[str, ...],
    spark: SparkSession | None,
    read: list[DataFrame],
) -> DataFrame:
    """Return a Spark DataFrame with ``columns`` from a Spark or pandas frame or a file.

    A file's frame (cached by its reader) is also appended to ``read``.
    """
    if isinstance(frame, pd.DataFrame):
        _checks.require_columns(frame, name, columns)
        if name == "qrels" and len(frame) == 0:
            raise ValueError(NO_JUDGMENTS)
        # The pandas path's own check, before PySpark turns a NaN into a null on the way.
        _frames.numeric_column(frame, name, columns[2])
        frame = frame[list(columns)].copy()
        for column in ("query_id", "doc_id"):
            if isinstance(frame[column].dtype, pd.CategoricalDtype):
                # ndcg.read_qrels and ndcg.read_run code ids as categories: hand Spark the
                # ids themselves, of the categories' own type.
                frame[column] = frame[column].astype(frame[column].cat.categories.dtype)
        schema = _schema(frame, columns)
        for column in ("query_id", "doc_id"):
            if frame[column].isna().any():
                # A missing id must reach Spark as null (a NaN would become the text "NaN").
                frame[column] = frame[column].astype(object).where(frame[column].notna(), None)
        spark = spark or session()
        return spark.createDataFrame(frame, schema=schema)
    if isinstance(frame, str | os.PathLike):
        frame = (read_qrels if name == "qrels" else read_run)(frame, spark=spark)
        read.append(frame)
    if not isinstance(frame, DataFrame):
        raise TypeError(
            f"{name} must be a Spark or pandas DataFrame or the path of a TREC file, "
            f"got {type(frame).__name__}"
        )
    _checks.require_columns(frame, name, columns)
    # Reads a row or two. (Not done for pandas input, checked above: PySpark reads such a
    # frame through a Python worker, which prints a broken pipe when a read stops early.)
    if name == "qrels" and frame.isEmpty():
        raise ValueError(NO_JUDGMENTS)
    return frame


def _schema(frame: pd.DataFrame, columns: tuple[str, ...]) -> T.StructType:
    """Spark types for pandas columns, so that an empty frame needs no inference."""

    def spark_type(dtype: Any) -> T.DataType:
        if pd.api.types.is_bool_dtype(dtype):
            return T.BooleanType()
        if pd.api.types.is_integer_dtype(dtype):
            return T.LongType()
        if pd.api.types.is_float_dtype(dtype):
            return T.DoubleType()
        return T.StringType()

    return T.StructType([T.StructField(c, spark_type(frame[c].dtype)) for c in columns])


def _per_query(
    qrels: DataFrame,
    run: DataFrame,
    cutoffs: tuple[int | None, ...],
    grade_gain: Column,
    unjudged: str,
    kinds: dict[str, T.DataType],
    discount: Discount,
) -> DataFrame:
    """Return one row per query of either side: flags, unjudged count, DCG and ideal DCG."""
    pairs = _pairs(qrels, run, kinds)
    in_qrels, in_run = F.col("_nq") == 1, F.col("_nr") == 1
    # trec_eval -J keeps the documents judged with a grade >= 0: a negative grade marks a
    # document as not judged there, so condensing drops it too.
    judged = in_qrels & (F.col("_grade") >= 0)
    scored = pairs.select(
        Q,
        D,
        "_nq",
        "_nr",
        "_score",
        F.when(in_qrels, grade_gain).alias("_gain"),  # null: not judged
        (in_run & judged if unjudged == "condense" else in_run).alias("_ranked"),
        (in_run & ~judged).alias("_unjudged"),
    )
    by_rank = Window.partitionBy(Q).orderBy(
        F.col("_ranked").desc(), F.col("_score").desc(), F.col(D).cast("string").desc()
    )
    by_gain = Window.partitionBy(Q).orderBy(F.col("_gain").desc_nulls_last())
    ranked = scored.select(
        "*",
        F.row_number().over(by_rank).alias("_rank"),
        F.row_number().over(by_gain).alias("_irank"),
        F.max("_gain").over(Window.partitionBy(Q)).alias("_peak"),
    )
    # Gains scaled by a power of two per query, as ndcg.evaluate scales lists whose sums
    # would overflow (or whose gains are tiny): the ratio is unchanged, the sums finite.
    gain = scaled(F.coalesce(F.col("_gain"), F.lit(0.0)), F.col("_peak"))
    sums = [
        F.max("_nq").alias("_judged"),
        F.max("_nr").alias("_retrieved"),
        F.sum(F.col("_unjudged").cast("long")).alias("_unjudged"),
        F.min(F.when(F.col("_unjudged"), F.col(D))).alias("_unjudged_doc"),
    ]
    for j, cutoff in enumerate(cutoffs):
        listed = F.col("_ranked")
        ideal = F.col("_gain") > 0
        if cutoff is not None:
            listed = listed & (F.col("_rank") <= cutoff)
            ideal = ideal & (F.col("_irank") <= cutoff)
        dcg = _discounted(gain, F.col("_rank"), discount)
        best = _discounted(gain, F.col("_irank"), discount)
        sums.append(F.sum(F.when(listed, dcg)).alias(f"_dcg{j}"))
        sums.append(F.sum(F.when(ideal, best)).alias(f"_idcg{j}"))
    return ranked.groupBy(Q).agg(*sums)


def _discounted(gain: Column, rank: Column, discount: Discount) -> Column:
    """Return the gain at a 1-based rank, discounted as ``Discount.apply`` does."""
    if discount.kind == "log2":
        return gain / F.log2(rank + 1)
    if discount.kind == "log":
        # No discount before rank b (log_b(i) < 1 there), then division by log_b(i).
        b = discount.param
        if b is None:  # check.discount gives "log" its b; one made by hand may lack it
            raise ValueError("discount ('log', b) needs its b; e.g. discount=('log', 2)")
        return gain / F.greatest(F.lit(1.0), F.ln(rank) / F.lit(math.log(b)))
    if discount.kind == "reciprocal":
        return gain / rank
    if discount.kind == "geometric":
        return gain * F.pow(F.lit(discount.param), rank - 1)
    raise ValueError(f"discount {discount.kind!r} is not an NDCG discount")


def _pairs(qrels: DataFrame, run: DataFrame, kinds: dict[str, T.DataType]) -> DataFrame:
    """Return one checked row per (query, document): counts on each side, grade, score."""
    nothing = F.lit(None).cast("double")

    def ids(name: str) -> list[Column]:
        return [_checks.present_id(name, c, kinds).alias(c) for c in (Q, D)]

    judged = qrels.select(
        *ids("qrels"),
        _checks.finite("qrels", "relevance", kinds).alias("_grade"),
        nothing.alias("_score"),
        F.lit(1).alias("_nq"),
        F.lit(0).alias("_nr"),
    )
    retrieved = run.select(
        *ids("run"),
        nothing.alias("_grade"),
        # Adding 0.0 turns -0.0 into 0.0: equal scores must tie, whatever their sign bit.
        (_checks.finite("run", "score", kinds) + F.lit(0.0)).alias("_score"),
        F.lit(0).alias("_nq"),
        F.lit(1).alias("_nr"),
    )
    # The only shuffle: by query. Grouping by (query, document), the windows and the sums
    # per query that follow all need rows of one query together, which this partitioning
    # gives.
    rows = judged.unionByName(retrieved).repartition(F.col(Q))
    return rows.groupBy(Q, D).agg(
        _checks.once(F.sum("_nq"), "qrels", "judged", kinds).alias("_nq"),
        _checks.once(F.sum("_nr"), "run", "retrieved", kinds).alias("_nr"),
        F.max("_grade").alias("_grade"),
        F.max("_score").alias("_score"),
    )


def _ndcg_columns(cutoffs: tuple[int | None, ...], empty: float | str) -> list[Column]:
    """Return DCG over ideal DCG per cutoff, ``empty`` where the ideal is 0."""
    # With empty="raise" the job's summary raises before anyone sees the NaN put here.
    value = F.lit(math.nan if empty == "raise" else float(empty))
    columns = []
    for j, cutoff in enumerate(cutoffs):
        dcg, ideal = F.coalesce(F.col(f"_dcg{j}"), F.lit(0.0)), F.col(f"_idcg{j}")
        ratio = F.when(F.coalesce(ideal, F.lit(0.0)) == 0.0, value).otherwise(dcg / ideal)
        columns.append(ratio.alias(column_name(cutoff)))
    return columns


def _summary(keep: Column) -> list[Column]:
    """Return the figures the checks after the job need, over all queries."""
    has_unjudged = keep & (F.col("_unjudged") > 0)
    return [
        F.sum(F.when(keep, F.col("_unjudged"))).alias("unjudged"),
        F.count(F.when(has_unjudged, 1)).alias("unjudged_queries"),
        F.min(F.when(has_unjudged, F.struct(Q, "_unjudged_doc"))).alias("unjudged_first"),
        F.min(F.when(keep & (F.coalesce("_idcg0", F.lit(0.0)) == 0.0), F.col(Q))).alias("empty"),
    ]


def _nothing_shared(qrels: DataFrame, run: DataFrame) -> str:
    """Say that qrels and run share no query, with a count and a few ids of each side."""

    def side(frame: DataFrame) -> tuple[int, list[Any]]:
        ids = frame.select(Q).distinct()
        return ids.count(), [row[Q] for row in ids.orderBy(Q).limit(3).collect()]

    return check.nothing_shared(side(qrels), side(run))


def _refuse(stats: dict[str, Any], unjudged: str, empty: float | str) -> None:
    """Raise for what the rows broke, from the figures of :func:`_summary`."""
    if unjudged == "raise" and stats["unjudged"]:
        query, doc = stats["unjudged_first"]
        m = stats["unjudged_queries"]
        check.check_unjudged(
            stats["unjudged"],
            unjudged,
            "run has {n} unjudged document(s) (absent from qrels for their query, or "
            f"judged with a negative grade) in {m} quer{'y' if m == 1 else 'ies'}, the first "
            f"{doc!r} for query {query!r}",
        )
    if empty == "raise" and stats["empty"] is not None:
        raise ValueError(
            f"empty='raise': the ideal DCG is 0 for query {stats['empty']!r} (no judged "
            "document has any gain), so NDCG is undefined; pass empty=0.0 (trec_eval's "
            "convention) or empty=float('nan') to score it anyway"
        )
