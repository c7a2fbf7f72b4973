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

from typing import TYPE_CHECKING

import numpy as np

from ndcg import _validate as check
from ndcg.trec.plain import Columns, Ids, read_plain
from ndcg.trec.rows import repeated_pair
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

if TYPE_CHECKING:
    import pandas as pd

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
    return _frame(read_columns(path, "qrels"), "relevance")


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
    columns = read_columns(path, "run")
    return _frame(columns, "score"), columns.last


def read_columns(path: Source, kind: str) -> Columns:
    """Read a qrels (``kind="qrels"``) or run file into NumPy and PyArrow columns.

    What :func:`read_qrels` and :func:`read_run` read, without pandas (the command line
    needs none): a plain file (:mod:`ndcg.trec.plain`) by PyArrow's CSV reader, any
    other by :mod:`ndcg.trec.scan`. A document given twice for a query is refused.
    """
    path = check.file_path(path, "path", streams=True)
    columns = read_plain(path, kind)
    if columns is None:
        columns = _scanned(path, kind)
    verb = "judged" if kind == "qrels" else "retrieved"
    _refuse_repeats(columns, source_name(path), verb)
    return columns


def _scanned(path: Source, kind: str) -> Columns:
    """Read either file kind with :mod:`ndcg.trec.scan`."""
    fields: tuple[int, ...]
    if kind == "qrels":
        fields, exact, value, parse = (0, 2, 3), 4, "relevance", integers
        layout = "query_id iteration doc_id relevance"
    else:
        fields, exact, value, parse = (0, 2, 4, 5), None, "score", floats
        layout = "query_id Q0 doc_id rank score run_id"
    queries, docs, lines = TextColumn(), TextColumn(), _Lines()
    values: list[np.ndarray] = []
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
    return Columns(queries.ids(), docs.ids(), column, last, lines.numbers())


def _frame(columns: Columns, value: str) -> pd.DataFrame:
    """Build the DataFrame of :func:`read_qrels` or :func:`read_run`: ids as categoricals."""
    import pandas as pd

    index = (
        pd.RangeIndex(1, len(columns) + 1, name="line")
        if columns.lines is None
        else pd.Index(columns.lines, name="line")
    )
    return pd.DataFrame(
        {
            "query_id": _categorical(columns.queries),
            "doc_id": _categorical(columns.docs),
            value: columns.values,
        },
        index=index,
        copy=False,
    )


def _categorical(ids: Ids) -> pd.Categorical:
    """Codes and their distinct ids as a pandas categorical of ``str``."""
    import pandas as pd

    texts = ids.names.to_numpy(zero_copy_only=False)
    categories = pd.Index(texts, dtype=object, copy=False)
    # The ids are a PyArrow dictionary, distinct by construction. pandas would check them
    # again by hashing every one (0.1 s for the 600,000 docnos of a TREC ad hoc run), so
    # its unchecked constructor is used where this pandas has it.
    unchecked = getattr(pd.CategoricalDtype, "_from_fastpath", None)
    dtype = (
        pd.CategoricalDtype(categories)
        if unchecked is None
        else unchecked(categories, ordered=False)
    )
    return pd.Categorical.from_codes(ids.codes, dtype=dtype, validate=False)


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

    def numbers(self) -> np.ndarray | None:
        """Every line number, or ``None`` when they are 1, 2, 3, ... (most files)."""
        if not self._parts:
            if self._start == 1:
                return None
            return np.arange(self._start, self._stop)
        return np.concatenate(self._parts)


def _refuse_repeats(columns: Columns, path: PathLike, verb: str) -> None:
    query, doc = columns.queries.codes, columns.docs.codes
    i = repeated_pair(query, doc)
    if i is None:
        return
    first = int(np.flatnonzero((query == query[i]) & (doc == doc[i]))[0])
    doc_id = columns.docs.names[int(doc[i])].as_py()
    query_id = columns.queries.names[int(query[i])].as_py()
    raise TrecFormatError(
        f"{path}:{columns.line(i)}: document {doc_id!r} {verb} twice for "
        f"query {query_id!r} (first at line {columns.line(first)})"
    )
