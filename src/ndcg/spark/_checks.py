"""Checks of Spark inputs, worded as the pandas path words them.

What the schema tells (a missing column, a column of the wrong type, ids of different kinds
on the two sides) is checked before any job runs. What only the rows tell (a NaN score, a
missing id, a document judged twice) is checked inside the job itself, with Spark's
``raise_error``: the first bad row stops the job, and :func:`translated` turns the failure
back into the ``ValueError`` the pandas path raises, without a Java stack trace. An error a
Python task caught (the library's TREC readers run in tasks) travels the same way, as
:func:`carried` text, and is raised again as the exception the library raised.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from pyspark.errors import PySparkException
from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F
from pyspark.sql import types as T

from ndcg.trec import TrecFormatError

if TYPE_CHECKING:
    import pandas as pd

ID_COLUMNS = ("query_id", "doc_id")


def require_columns(frame: DataFrame | pd.DataFrame, name: str, columns: tuple[str, ...]) -> None:
    """Raise naming ``name`` unless ``frame`` has every one of ``columns``."""
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ValueError(
            f"{name} lacks column(s) {missing}; it needs {list(columns)} "
            f"(it has {list(frame.columns)})"
        )


def require_numeric(frame: DataFrame, name: str, column: str) -> None:
    """Raise unless ``column`` holds numbers (Spark's booleans are not numbers)."""
    dtype = frame.schema[column].dataType
    if not isinstance(dtype, T.NumericType):
        raise TypeError(f"{name}[{column!r}] must be numeric, got type {dtype.simpleString()}")


def id_kinds(qrels: DataFrame, run: DataFrame) -> dict[str, T.DataType]:
    """Check that each id column is text or integers, alike on both sides; return its type.

    Integers of different widths are widened to ``bigint``, so that the two sides union.
    """
    kinds: dict[str, T.DataType] = {}
    for column in ID_COLUMNS:
        types = {}
        for name, frame in (("qrels", qrels), ("run", run)):
            dtype = frame.schema[column].dataType
            if not isinstance(dtype, T.StringType | T.IntegralType):
                raise TypeError(
                    f"{name}[{column!r}] must hold text or integers, got type "
                    f"{dtype.simpleString()}"
                )
            types[name] = dtype
        if isinstance(types["qrels"], T.StringType) != isinstance(types["run"], T.StringType):
            raise TypeError(
                f"{column} is {types['qrels'].simpleString()} in qrels but "
                f"{types['run'].simpleString()} in run; identifiers of both must be of the "
                "same kind (both text or both integers) or nothing would match"
            )
        text = isinstance(types["qrels"], T.StringType)
        kinds[column] = T.StringType() if text else T.LongType()
    return kinds


def shown(column: str, dtype: T.DataType) -> Column:
    """Print an id as the pandas path's messages do: text quoted, numbers bare."""
    value = F.col(column).cast("string")
    text = F.concat(F.lit("'"), value, F.lit("'")) if isinstance(dtype, T.StringType) else value
    return F.coalesce(text, F.lit("None"))


def present_id(name: str, column: str, kinds: dict[str, T.DataType]) -> Column:
    """Return the id column, stopping the job at a row where it is missing."""
    other = "doc_id" if column == "query_id" else "query_id"
    message = F.format_string(
        f"{name}[{column!r}] is missing in a row with {other} %s", shown(other, kinds[other])
    )
    return (
        F.when(F.col(column).isNull(), F.raise_error(message))
        .otherwise(F.col(column))
        .cast(kinds[column])
    )


def finite(name: str, column: str, kinds: dict[str, T.DataType]) -> Column:
    """Return the column as doubles, stopping the job at a null, NaN or infinite value."""
    value = F.col(column).cast("double")
    bad = value.isNull() | F.isnan(value) | (F.abs(value) == float("inf"))
    message = F.format_string(
        f"{name}[{column!r}] must be finite; a row holds %s (query %s, document %s)",
        F.coalesce(value.cast("string"), F.lit("null")),
        shown("query_id", kinds["query_id"]),
        shown("doc_id", kinds["doc_id"]),
    )
    return F.when(bad, F.raise_error(message)).otherwise(value)


def once(count: Column, name: str, verb: str, kinds: dict[str, T.DataType]) -> Column:
    """``count`` (rows of a (query, document) pair), stopping the job when it exceeds 1."""
    message = F.format_string(
        f"{name} has document %s {verb} twice for query %s",
        shown("doc_id", kinds["doc_id"]),
        shown("query_id", kinds["query_id"]),
    )
    return F.when(count > 1, F.raise_error(message)).otherwise(count)


#: Marks the text of an exception a task caught, for :func:`translated` to raise again.
CARRIED = "ndcg.spark carried "


def carried(error: TrecFormatError | OSError) -> str:
    """Text for ``raise_error`` that :func:`translated` turns back into ``error``."""
    if isinstance(error, TrecFormatError):
        parts: dict[str, object] = {"type": "TrecFormatError", "args": [str(error)]}
    elif error.errno is not None:
        # OSError(errno, strerror, filename) builds the subclass again (FileNotFoundError...).
        parts = {"type": "OSError", "args": [error.errno, error.strerror, error.filename]}
    else:
        parts = {"type": "OSError", "args": [str(error)]}
    return CARRIED + json.dumps(parts)


def _uncarried(message: str) -> BaseException:
    """Return the exception a :func:`carried` text stands for (else a ``ValueError``)."""
    if not message.startswith(CARRIED):
        return ValueError(message)
    parts = json.loads(message[len(CARRIED) :])
    kind = TrecFormatError if parts["type"] == "TrecFormatError" else OSError
    return kind(*parts["args"])


@contextmanager
def translated() -> Iterator[None]:
    """Re-raise a check that stopped a Spark job as the exception it stands for.

    A check of the rows raises a ``ValueError`` with its message; an error a task caught
    (see :func:`carried`) is raised as it was caught.
    """
    try:
        yield
    except PySparkException as error:
        if error.getCondition() != "USER_RAISED_EXCEPTION":
            raise
        message = (error.getMessageParameters() or {}).get("errorMessage", str(error))
        raise _uncarried(message) from None
