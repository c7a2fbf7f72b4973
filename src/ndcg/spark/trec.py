"""Read TREC judgment (qrels) and run files with Spark, in parallel.

Taught in chapter 14, "NDCG at scale".

The formats are those of :func:`ndcg.read_qrels` and :func:`ndcg.read_run`, and so are the
columns and types. A path may be anything Spark reads (a file, a directory, a glob, an
``hdfs://`` or ``s3a://`` URL). A malformed line stops the job with a message that names the
file and quotes the line (files are read in parallel pieces, so its number is not known). A
document listed twice for a query is reported by :func:`ndcg.spark.evaluate`.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from pyspark.sql import Column, DataFrame, SparkSession
from pyspark.sql import functions as F

from ndcg.spark.session import session


def read_qrels(path: str | os.PathLike[str], *, spark: SparkSession | None = None) -> DataFrame:
    """Read a TREC qrels file: lines ``query_id iteration doc_id relevance``.

    Parameters
    ----------
    path : str or path-like
        File, directory or glob that Spark can read.
    spark : pyspark.sql.SparkSession, optional
        By default :func:`ndcg.spark.session`.

    Returns
    -------
    pyspark.sql.DataFrame
        Columns ``query_id`` (string), ``doc_id`` (string), ``relevance`` (bigint). A line
        with other than four fields, or a relevance that is not an integer, stops the first
        job that reads it: :func:`ndcg.spark.evaluate` raises it as a ``ValueError``.

    """
    lines, field = _lines(path, spark)
    shape = _rule(
        F.size(field(0)) != 4,
        "a qrels line needs 4 fields (query_id iteration doc_id relevance), found %s",
        F.size(field(0)),
    )
    grade = _rule(
        ~field(4).rlike(r"^[+-]?[0-9]+$"), "relevance must be an integer, got '%s'", field(4)
    )
    return lines.select(
        _checked(field(1), shape).alias("query_id"),
        _checked(field(3), shape).alias("doc_id"),
        _checked(field(4).cast("long"), shape, grade).alias("relevance"),
    )


def read_run(path: str | os.PathLike[str], *, spark: SparkSession | None = None) -> DataFrame:
    """Read a TREC run file: lines ``query_id Q0 doc_id rank score run_id``.

    Parameters
    ----------
    path : str or path-like
        File, directory or glob that Spark can read.
    spark : pyspark.sql.SparkSession, optional
        By default :func:`ndcg.spark.session`.

    Returns
    -------
    pyspark.sql.DataFrame
        Columns ``query_id`` (string), ``doc_id`` (string), ``score`` (double); the rank
        column is not used and fields after the sixth are ignored. A line with fewer than
        six fields, or a score that is not a finite number, stops the first job that reads
        it, as in :func:`read_qrels`.

    """
    lines, field = _lines(path, spark)
    shape = _rule(
        F.size(field(0)) < 6,
        "a run line needs 6 fields (query_id Q0 doc_id rank score run_id), found %s",
        F.size(field(0)),
    )
    score = field(5).try_cast("double")
    number = _rule(score.isNull(), "score must be a number, got '%s'", field(5))
    finite = _rule(
        F.isnan(score) | (F.abs(score) == float("inf")), "score must be finite, got '%s'", field(5)
    )
    return lines.select(
        _checked(field(1), shape).alias("query_id"),
        _checked(field(3), shape).alias("doc_id"),
        _checked(score, shape, number, finite).alias("score"),
    )


Rule = tuple[Column, Column]


def _lines(
    path: str | os.PathLike[str], spark: SparkSession | None
) -> tuple[DataFrame, Callable[[int], Column]]:
    """Non-blank lines, and a getter of their n-th whitespace-separated field (0: all)."""
    reader = (spark or session()).read
    lines = reader.text(os.fspath(path)).select("value", F.col("_metadata.file_path"))
    lines = lines.where(F.trim(F.col("value")) != "")
    fields = F.split(F.trim(F.col("value")), r"\s+")

    def field(n: int) -> Column:
        # try_element_at: a short line gives null here, and its own message from a rule.
        return fields if n == 0 else F.try_element_at(fields, F.lit(n))

    return lines, field


def _rule(broken: Column, problem: str, detail: Column) -> Rule:
    """Pair a broken-line condition with its message, naming the file, quoting the line."""
    local = F.regexp_replace(F.col("file_path"), "^file:(//)?", "")  # as the user wrote it
    message = F.format_string(f"%s: {problem} in line '%s'", local, detail, F.col("value"))
    return broken, message


def _checked(value: Column, *rules: Rule) -> Column:
    """``value``, or stop the job at the first broken rule, in order."""
    checked = None
    for broken, message in rules:
        step = F.when(broken, F.raise_error(message))
        checked = step if checked is None else checked.when(broken, F.raise_error(message))
    return checked.otherwise(value) if checked is not None else value
