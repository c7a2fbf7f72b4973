"""Read TREC judgment (qrels) and run files into DataFrames.

Taught in chapter 8, "NDCG in the wild".

A qrels line is ``query_id iteration doc_id relevance``; a run line is
``query_id Q0 doc_id rank score run_id`` (anything after the sixth field is ignored,
as trec_eval does). Fields are separated by any whitespace. Every error names the file
and the line.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

import pandas as pd

PathLike = str | os.PathLike[str]


class TrecFormatError(ValueError):
    """A malformed line or a repeated document; the message names the file and line."""


def _lines(path: PathLike) -> Iterator[tuple[int, list[str]]]:
    # Binary lines decoded one by one, so a bad byte is reported on its own line.
    with Path(path).open("rb") as handle:
        for number, raw in enumerate(handle, start=1):
            try:
                fields = raw.decode("utf-8").split()
            except UnicodeDecodeError as error:
                raise TrecFormatError(f"{path}:{number}: not UTF-8 text ({error.reason})") from None
            if fields:
                yield number, fields


def read_qrels(path: PathLike) -> pd.DataFrame:
    """Read a TREC qrels file.

    Parameters
    ----------
    path : str or path-like
        File of lines ``query_id iteration doc_id relevance``; the relevance must be an
        integer (negative grades are kept: :func:`ndcg.evaluate` gives them no gain).

    Returns
    -------
    pandas.DataFrame
        Columns ``query_id`` (str), ``doc_id`` (str), ``relevance`` (int); the index is
        the line number in the file.

    Raises
    ------
    TrecFormatError
        (a ``ValueError``) for a line without exactly four fields, a relevance that is not
        an integer, or a document judged twice for a query.
    OSError
        If the file cannot be read.

    """
    rows: list[tuple[str, str, int]] = []
    numbers: list[int] = []
    seen: dict[tuple[str, str], int] = {}
    for number, fields in _lines(path):
        where = f"{path}:{number}"
        if len(fields) != 4:
            raise TrecFormatError(
                f"{where}: a qrels line needs 4 fields (query_id iteration doc_id "
                f"relevance), found {len(fields)}"
            )
        query, _, doc, grade = fields
        try:
            relevance = int(grade)
        except ValueError:
            raise TrecFormatError(f"{where}: relevance must be an integer, got {grade!r}") from None
        _check_repeat(seen, (query, doc), number, where, "judged")
        rows.append((query, doc, relevance))
        numbers.append(number)
    return _frame(rows, numbers, "relevance", "int64")


def read_run(path: PathLike) -> pd.DataFrame:
    """Read a TREC run (results) file.

    Parameters
    ----------
    path : str or path-like
        File of lines ``query_id Q0 doc_id rank score run_id``. The rank column is not
        used (documents are ranked by score); fields after the sixth are ignored.

    Returns
    -------
    pandas.DataFrame
        Columns ``query_id`` (str), ``doc_id`` (str), ``score`` (float); the index is the
        line number in the file.

    Raises
    ------
    TrecFormatError
        (a ``ValueError``) for a line with fewer than six fields, a score that is not a
        finite number, or a document retrieved twice for a query.
    OSError
        If the file cannot be read.

    """
    rows: list[tuple[str, str, float]] = []
    numbers: list[int] = []
    seen: dict[tuple[str, str], int] = {}
    for number, fields in _lines(path):
        where = f"{path}:{number}"
        if len(fields) < 6:
            raise TrecFormatError(
                f"{where}: a run line needs 6 fields (query_id Q0 doc_id rank score "
                f"run_id), found {len(fields)}"
            )
        query, _, doc, _, text, _ = fields[:6]
        try:
            score = float(text)
        except ValueError:
            raise TrecFormatError(f"{where}: score must be a number, got {text!r}") from None
        if not math.isfinite(score):
            raise TrecFormatError(f"{where}: score must be finite, got {text!r}")
        _check_repeat(seen, (query, doc), number, where, "retrieved")
        rows.append((query, doc, score))
        numbers.append(number)
    return _frame(rows, numbers, "score", "float64")


def _frame(
    rows: Sequence[tuple[str, str, float]], numbers: Sequence[int], column: str, dtype: str
) -> pd.DataFrame:
    """Lay out parsed lines as the frame both readers return.

    Parameters
    ----------
    rows : sequence of (str, str, number)
        ``(query_id, doc_id, value)`` of each line kept.
    numbers : sequence of int
        Line number in the file of each row.
    column : str
        Name of the value column (``"relevance"`` or ``"score"``).
    dtype : str
        Dtype of the value column.

    Returns
    -------
    pandas.DataFrame
        Columns ``query_id`` (str), ``doc_id`` (str) and ``column``; the index, named
        ``line``, holds the line numbers.

    """
    frame = pd.DataFrame(rows, columns=["query_id", "doc_id", column])
    frame.index = pd.Index(numbers, name="line", dtype="int64")
    return frame.astype({"query_id": str, "doc_id": str, column: dtype})


def _check_repeat(
    seen: dict[tuple[str, str], int], key: tuple[str, str], number: int, where: str, verb: str
) -> None:
    first = seen.setdefault(key, number)
    if first != number:
        raise TrecFormatError(
            f"{where}: document {key[1]!r} {verb} twice for query {key[0]!r} "
            f"(first at line {first})"
        )
