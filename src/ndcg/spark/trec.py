"""Read TREC judgment (qrels) and run files with Spark, by the rules of :func:`ndcg.read_qrels`.

Taught in chapter 14, "NDCG at scale".

The reading rules have one home, :mod:`ndcg.trec`: each file is read by
:func:`ndcg.read_qrels` or :func:`ndcg.read_run` themselves, inside a Spark task, so a file
Spark reads is accepted, refused and reported exactly as the library reads it (fields split
on C's whitespace, ``#`` comments, C's numbers, UTF-8 only, no NUL byte, errors naming the
file and the line). The files of a folder or a glob are read in parallel, one task per file;
one file is read by one task, as a stream of blocks.

A path is read as follows. A path without a URI scheme naming a file of this machine is that
file (even when its name starts with ``_`` or ``.``, or holds ``*`` or ``[``, which Spark
would skip or expand). Anything else is handed to Spark's file listing (a folder, a glob, an
``hdfs://`` or ``s3a://`` URL): files of the local file system are read where they lie, other
files are sent to the task as bytes. The columns and types are those of the library's
readers, without the line index.
"""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import numpy as np
import pandas as pd
from pyspark.errors import AnalysisException
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from ndcg.spark import _checks
from ndcg.spark.session import session
from ndcg.trec import TrecFormatError
from ndcg.trec import read_qrels as core_qrels
from ndcg.trec import read_run as core_run

#: The library's reader, the value column and its Spark type, for each kind of file.
KINDS: dict[str, tuple[Callable[[Any], pd.DataFrame], str, str]] = {
    "qrels": (core_qrels, "relevance", "bigint"),
    "run": (core_run, "score", "double"),
}
#: Rows handed to Spark at a time by a task (bounds the memory of one transfer).
BATCH_ROWS = 1 << 17
#: The files the tasks read, one a row: the name messages give, where a task opens the file
#: (when it can), else the file's bytes.
FILES = "shown string, local string, content binary"
#: URI schemes of files a task opens where they lie; others are sent to it as bytes.
LOCAL_SCHEMES = frozenset({"file"})


def read_qrels(path: str | os.PathLike[str], *, spark: SparkSession | None = None) -> DataFrame:
    """Read a TREC qrels file: lines ``query_id iteration doc_id relevance``.

    Parameters
    ----------
    path : str or path-like
        A file; or a folder, a glob or a URL that Spark can list (see the module's notes).
    spark : pyspark.sql.SparkSession, optional
        By default :func:`ndcg.spark.session`.

    Returns
    -------
    pyspark.sql.DataFrame
        Columns ``query_id`` (string), ``doc_id`` (string), ``relevance`` (bigint), the
        rows of each file in file order. It is read before it is returned and cached (call
        ``.unpersist()`` to free it), so that a bad file raises here.

    Raises
    ------
    ndcg.trec.TrecFormatError
        (a ``ValueError``) as :func:`ndcg.read_qrels` raises it, word for word: a line
        without exactly four fields, a relevance that is not a 64-bit integer, bytes that
        are not UTF-8, a NUL byte, or a document judged twice for a query in one file.
        (Across the files of a folder, :func:`ndcg.spark.evaluate` reports a repeat.)
    OSError
        When the path names nothing (an empty path is named as such) or cannot be read.

    """
    return _read(path, "qrels", spark)


def read_run(path: str | os.PathLike[str], *, spark: SparkSession | None = None) -> DataFrame:
    """Read a TREC run file: lines ``query_id Q0 doc_id rank score run_id``.

    Parameters
    ----------
    path : str or path-like
        A file; or a folder, a glob or a URL that Spark can list (see the module's notes).
    spark : pyspark.sql.SparkSession, optional
        By default :func:`ndcg.spark.session`.

    Returns
    -------
    pyspark.sql.DataFrame
        Columns ``query_id`` (string), ``doc_id`` (string), ``score`` (double); the rank
        column is not used and fields after the sixth are ignored. Read and cached as in
        :func:`read_qrels`.

    Raises
    ------
    ndcg.trec.TrecFormatError
        As :func:`ndcg.read_run` raises it, word for word: a line with fewer than six
        fields, a score that is not a finite number as C reads it, bytes that are not
        UTF-8, a NUL byte, or a document retrieved twice for a query in one file.
    OSError
        As in :func:`read_qrels`.

    """
    return _read(path, "run", spark)


def _read(path: str | os.PathLike[str], kind: str, spark: SparkSession | None) -> DataFrame:
    """Read every file of ``path`` with the library's reader of ``kind``, in Spark tasks."""
    reader, value, dtype = KINDS[kind]
    if not os.fspath(path):
        reader(path)  # the library's own refusal of an empty path
    spark = spark or session()
    schema = f"query_id string, doc_id string, {value} {dtype}, _error string"
    rows = _files(path, spark).mapInPandas(_scanner(kind), schema)
    error = F.col("_error")
    # A task that could not read its file hands over one row, the error: raise_error stops
    # the job there, and _checks.translated raises it again as the library raised it.
    checked = rows.select(
        F.when(error.isNotNull(), F.raise_error(error))
        .otherwise(F.col("query_id"))
        .alias("query_id"),
        "doc_id",
        value,
    ).persist()
    try:
        with _checks.translated():
            checked.count()
    except BaseException:
        checked.unpersist()
        raise
    return checked


def _files(path: str | os.PathLike[str], spark: SparkSession) -> DataFrame:
    """One row per file: the name its messages give, where a task reads it, or its bytes."""
    name = os.fspath(path)
    if not urlsplit(name).scheme and os.path.isfile(name):
        # The user's file, named as the user named it. Opening it here raises what the
        # library's reader would for a file this process may not read.
        Path(name).open("rb").close()
        return spark.createDataFrame([(str(path), os.path.abspath(name), None)], FILES)
    listing = spark.read.format("binaryFile")
    try:
        uris = listing.load(name).inputFiles()
    except AnalysisException as error:
        if error.getCondition() != "PATH_NOT_FOUND":
            raise
        if not urlsplit(name).scheme:
            Path(name).open("rb").close()  # the system's own words, as the library gives them
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), name) from None
    uris = sorted(uris)
    if all(urlsplit(uri).scheme in LOCAL_SCHEMES for uri in uris):
        local = [urlsplit(uri).path for uri in uris]
        frame = spark.createDataFrame([(p, p, None) for p in local], FILES)
        return frame.repartition(len(local)) if len(local) > 1 else frame  # a task a file
    # Files the tasks cannot open themselves: Spark reads their bytes for them.
    remote = listing.load(name).select(
        F.col("path").alias("shown"), F.lit(None).cast("string").alias("local"), "content"
    )
    return remote


def _scanner(kind: str) -> Callable[[Iterator[pd.DataFrame]], Iterator[pd.DataFrame]]:
    """Return the function each task runs over its files (``mapInPandas``)."""

    def scan(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        for batch in batches:
            for shown, local, content in batch.itertuples(index=False, name=None):
                yield from _file_rows(kind, shown, local, content)

    return scan


def _file_rows(kind: str, shown: str, local: str | None, content: Any) -> Iterator[pd.DataFrame]:
    """Yield the rows of one file, read by the library, or one row carrying its error."""
    reader, value, _ = KINDS[kind]
    try:
        if not isinstance(local, str):  # a null, which pandas may hand over as NaN
            with tempfile.TemporaryDirectory(prefix="ndcg-spark-") as folder:
                copy = Path(folder) / "file"
                copy.write_bytes(bytes(content))
                frame = reader(_Named(str(copy), shown))
        else:
            frame = reader(_Named(local, shown))
    except (TrecFormatError, OSError) as error:
        yield pd.DataFrame(
            {
                "query_id": [None],
                "doc_id": [None],
                value: [None],
                "_error": [_checks.carried(error)],
            }
        )
        return
    for start in range(0, max(len(frame), 1), BATCH_ROWS):
        part = frame.iloc[start : start + BATCH_ROWS]
        yield pd.DataFrame(
            {
                "query_id": np.asarray(part["query_id"], dtype=object),
                "doc_id": np.asarray(part["doc_id"], dtype=object),
                value: part[value].to_numpy(),
                "_error": np.full(len(part), None, dtype=object),
            }
        )


class _Named(os.PathLike):
    """A file the library's reader opens at ``local`` and names ``shown`` in its messages.

    The reader opens ``os.fspath(path)`` and writes ``f"{path}:{line}"``: the user's own
    spelling, or a file's URL, stays in every message, whatever copy the task reads.
    """

    def __init__(self, local: str, shown: str) -> None:
        self._local, self._shown = local, shown

    def __fspath__(self) -> str:
        return self._local

    def __str__(self) -> str:
        return self._shown

    def __repr__(self) -> str:
        return repr(self._shown)
