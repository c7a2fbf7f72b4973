"""Read TREC judgment (qrels) and run files into DataFrames, as trec_eval 10.0 reads them.

Taught in chapter 9, "NDCG in the wild".

A qrels line is ``query_id iteration doc_id relevance``; a run line is
``query_id Q0 doc_id rank score run_id`` (anything after the sixth field is ignored,
as trec_eval does). Fields are separated by runs of C's whitespace (space, tab, ...);
a line whose first field starts with ``#`` is a comment and blank lines are skipped.
Numbers are read as C reads them, but whole fields only: ``1_0``, ``٣``, ``2abc`` and a
relevance beyond the 64-bit range are refused, where trec_eval would read a prefix or
saturate. A UTF-8 byte-order mark at the start of a file is skipped. Every error names
the file and the line.

Identifiers come back as categoricals of ``str`` (one copy of each distinct id), and
the files are read a block at a time with NumPy, so a run of millions of lines never
costs a Python object per line. The fields are cut by :mod:`ndcg.trec.scan`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ndcg import _frames
from ndcg import _validate as check
from ndcg.trec.scan import (
    PathLike,
    Source,
    TextColumn,
    TrecFormatError,
    blocks,
    floats,
    integers,
    last_token,
    source_name,
)

__all__ = ["TrecFormatError", "read_qrels", "read_run", "read_run_and_id"]


def read_qrels(path: PathLike) -> pd.DataFrame:
    r"""Read a TREC qrels file.

    Parameters
    ----------
    path : str or path-like
        File of lines ``query_id iteration doc_id relevance``; the relevance must be an
        integer within the 64-bit range (negative grades are kept: :func:`ndcg.evaluate`
        gives them no gain).

    Returns
    -------
    pandas.DataFrame
        Columns ``query_id`` and ``doc_id`` (categoricals of ``str``) and ``relevance``
        (int64); the index, named ``line``, is the line number in the file.

    Raises
    ------
    TrecFormatError
        (a ``ValueError``) for a line without exactly four fields, a relevance that is not
        an integer, or a document judged twice for a query.
    OSError
        If the file cannot be read (an empty path is named as such).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "demo.qrels"
    >>> _ = path.write_text("# judged by hand\nq1 0 D1 3\nq1 0 D2 0\n")
    >>> read_qrels(path)
         query_id doc_id  relevance
    line
    2          q1     D1          3
    3          q1     D2          0

    """
    return _read(path, "qrels", (0, 2, 3), 4, "relevance", "judged")[0]


def read_run(path: Source) -> pd.DataFrame:
    """Read a TREC run (results) file.

    Parameters
    ----------
    path : str, path-like or binary stream
        File of lines ``query_id Q0 doc_id rank score run_id``. The rank column is not
        used (documents are ranked by score); fields after the sixth are ignored. A
        stream open for bytes (``sys.stdin.buffer``, which the command line reads for
        the run ``-`` as trec_eval does) is read to its end; errors name it (``<stdin>``).

    Returns
    -------
    pandas.DataFrame
        Columns ``query_id`` and ``doc_id`` (categoricals of ``str``) and ``score``
        (float64); the index, named ``line``, is the line number in the file.

    Raises
    ------
    TrecFormatError
        (a ``ValueError``) for a line with fewer than six fields, a score that is not a
        finite number, or a document retrieved twice for a query.
    OSError
        If the file cannot be read (an empty path is named as such).

    """
    return read_run_and_id(path)[0]


def read_run_and_id(path: Source) -> tuple[pd.DataFrame, str]:
    """:func:`read_run`, and the run id trec_eval reports: the last data line's sixth field.

    The file is read once (a pipe can be read only once), and the run id is that line's
    sixth field as C's whitespace cuts it (a carriage return ends a field too), however
    long the line and whatever comments follow it.
    """
    return _read(path, "run", (0, 2, 4, 5), None, "score", "retrieved")


def _read(
    path: Source,
    kind: str,
    fields: tuple[int, ...],
    exact: int | None,
    value: str,
    verb: str,
) -> tuple[pd.DataFrame, str]:
    """Read either file kind: ids as categoricals, the value column typed, line index.

    Returns the frame and the last data line's fourth asked field (the run id), or ``""``.
    """
    path = check.file_path(path, "path", streams=True)
    layout = {
        "qrels": "query_id iteration doc_id relevance",
        "run": "query_id Q0 doc_id rank score run_id",
    }[kind]
    queries, docs, lines = TextColumn(), TextColumn(), _Lines()
    values: list[np.ndarray] = []
    parse = integers if value == "relevance" else floats
    last = ""
    for block in blocks(path, fields, exact, kind, layout):
        queries.add(block, 0)
        docs.add(block, 1)
        values.append(parse(block, 2, source_name(path), value))
        lines.add(block.lines)
        if len(fields) > 3:
            last = last_token(block, 3)
    column = np.concatenate(values) if values else np.zeros(0, _DTYPES[value])
    del values
    frame = pd.DataFrame(
        {"query_id": queries.categorical(), "doc_id": docs.categorical(), value: column},
        index=lines.index(),
        copy=False,
    )
    _refuse_repeats(frame, source_name(path), verb)
    return frame, last


_DTYPES = {"relevance": np.int64, "score": np.float64}


class _Lines:
    """Line numbers of the data lines, kept as a range while they follow each other."""

    def __init__(self) -> None:
        self._parts: list[np.ndarray] = []
        self._start = 1
        self._stop = 1  # the numbers held as a range: [start, stop)

    def add(self, numbers: np.ndarray) -> None:
        if not self._parts and (self._stop == self._start or numbers[0] == self._stop):
            if numbers[-1] - numbers[0] == numbers.size - 1:
                self._start = int(numbers[0]) if self._stop == self._start else self._start
                self._stop = int(numbers[-1]) + 1
                return
        if not self._parts:
            self._parts.append(np.arange(self._start, self._stop))
        self._parts.append(numbers)

    def index(self) -> pd.Index:
        # Most files have no comment or blank line: a range then stands for every number.
        if not self._parts:
            return pd.RangeIndex(self._start, self._stop, name="line")
        return pd.Index(np.concatenate(self._parts), name="line")


def _refuse_repeats(frame: pd.DataFrame, path: PathLike, verb: str) -> None:
    query = frame["query_id"].cat.codes.to_numpy()
    doc = frame["doc_id"].cat.codes.to_numpy()
    i = _frames.repeated_pair(query, doc)
    if i is None:
        return
    first = int(np.flatnonzero((query == query[i]) & (doc == doc[i]))[0])
    raise TrecFormatError(
        f"{path}:{frame.index[i]}: document {frame['doc_id'].iloc[i]!r} {verb} twice for "
        f"query {frame['query_id'].iloc[i]!r} (first at line {frame.index[first]})"
    )
