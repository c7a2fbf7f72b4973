r"""The common TREC file, read by PyArrow's CSV reader on every core.

Part of reading TREC files, taught in chapter 9, "NDCG in the wild".

Most qrels and runs are plain: ASCII, one space between fields, ``\\n`` line ends, no
comment, blank line or extra field. Such a file is cut into fields by PyArrow's
multithreaded CSV reader, in about half the time of :mod:`ndcg.trec.scan`'s column-wise
NumPy reader (a million-line run, two cores). Only such a file: :func:`read_plain`
returns ``None`` for any other (tabs, runs of spaces, carriage returns, comments, a
byte-order mark, bytes beyond ASCII, hexadecimal or non-finite numbers, a field that is
missing or too many, a pipe), and :mod:`ndcg.trec.scan` then reads it, with its errors
that name the line. On the files this reader takes, both give the same ids, numbers and
line numbers (``tests`` hold them to it), so which one read a file never shows.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import numpy as np

#: Largest file read whole into memory here (trec_eval reads every file whole too).
MAX_BYTES = 1 << 31
#: Bytes that make a file not plain: C's other whitespace, and NUL.
_ODD_BYTES = (b"\t", b"\r", b"\v", b"\f", b"\0")
#: Bytes looked at a time for runs of separators (bounds the work space).
_STRIDE = 1 << 20


@dataclass(frozen=True)
class Ids:
    """An id column as codes into its distinct ids.

    Attributes
    ----------
    codes : numpy.ndarray
        int32: the position in ``names`` of each line's id.
    names : pyarrow.Array
        The distinct ids as text, in order of first appearance.

    """

    codes: np.ndarray
    names: Any


@dataclass(frozen=True)
class Columns:
    """A file's data lines: query and document ids, the number column, the run id.

    ``lines`` holds each data line's number in the file (from 1), or is ``None`` when
    they are 1, 2, 3, ... (no comment or blank line); ``last`` is the last data line's
    sixth field in a run (its run id), ``""`` in qrels.
    """

    queries: Ids
    docs: Ids
    values: np.ndarray
    last: str
    lines: np.ndarray | None = None

    def __len__(self) -> int:
        return int(self.values.size)

    def line(self, i: int) -> int:
        """Return the line number of data line ``i``."""
        return i + 1 if self.lines is None else int(self.lines[i])

    def take(self, rows: np.ndarray) -> Columns:
        """Return the data lines ``rows`` (their ids keep their codes)."""
        lines = (rows + 1) if self.lines is None else self.lines[rows]
        queries = Ids(self.queries.codes[rows], self.queries.names)
        docs = Ids(self.docs.codes[rows], self.docs.names)
        return Columns(queries, docs, self.values[rows], self.last, lines)


def read_plain(path: Any, kind: str) -> Columns | None:
    """Read a plain qrels (``kind="qrels"``) or run file, or ``None`` if it is not plain.

    ``path`` must name a regular file; a stream or a pipe, which can be read only once,
    is left to :mod:`ndcg.trec.scan`. The file is read twice, a block at a time: once here
    to see that it is plain (and find its last line), once by PyArrow, so that neither
    holds the whole file.
    """
    if hasattr(path, "readinto") or not os.fspath(path) or not os.path.isfile(path):
        return None
    if not 0 < os.path.getsize(path) <= MAX_BYTES:
        return None
    last = _plain_file(path)
    if last is None:
        return None
    try:
        return _parse(path, kind, last)
    except ValueError:  # PyArrow's ArrowInvalid: a line this reader does not take
        return None


def _plain_file(path: Any) -> bytes | None:
    """Return the last line of a plain file (as this reader takes it), else ``None``.

    The file is read a piece at a time into one buffer, after the previous piece's last
    byte (a line end before the first, so that a blank or indented first line shows), and
    checked in place: no piece, and no array of the check, is allocated afresh.
    """
    buffer = bytearray(_STRIDE + 1)
    buffer[0] = 10
    check = _Check(_STRIDE + 1)
    last, carry = b"", b""
    with open(path, "rb") as file:
        while got := file.readinto(memoryview(buffer)[1:]):
            size = got + 1
            if not check.plain(buffer, size):
                return None
            end = buffer.rfind(b"\n", 1, size)
            if end < 1:
                carry += buffer[1:size]
            else:
                start = buffer.rfind(b"\n", 1, end) + 1
                last = (carry + buffer[1:end]) if start <= 0 else bytes(buffer[start:end])
                carry = bytes(buffer[end + 1 : size])
            buffer[0] = buffer[got]
    if carry:
        last = carry  # no newline at the end of the file
        if carry.endswith(b" "):
            return None
    return bytes(last)


class _Check:
    """Whether a piece of a file is plain text, with work arrays made once."""

    def __init__(self, size: int) -> None:
        self.newline = np.empty(size, dtype=bool)
        self.separator = np.empty(size, dtype=bool)
        self.pair = np.empty(size, dtype=bool)

    def plain(self, buffer: bytearray, size: int) -> bool:
        """Whether ``buffer[:size]`` (a piece after its previous byte) is plain text."""
        if any(buffer.find(odd, 0, size) >= 0 for odd in _ODD_BYTES):
            return False
        text = np.frombuffer(buffer, dtype=np.uint8)[:size]
        newline, separator, pair = self.newline[:size], self.separator[:size], self.pair[:size]
        if np.greater_equal(text, 128, out=pair).any():  # beyond ASCII
            return False
        # Two separators in a row (a run of spaces, a space at a line's start or end, a
        # blank line), or a comment line: looked for with NumPy, as these pairs are too
        # common a first byte for a substring search to be quick.
        np.equal(text, 10, out=newline)
        np.equal(text, 32, out=separator)
        np.logical_or(separator, newline, out=separator)
        if np.logical_and(separator[1:], separator[:-1], out=pair[1:]).any():
            return False
        if buffer.find(b"#", 0, size) < 0:
            return True
        np.equal(text[1:], 35, out=pair[1:])
        return not np.logical_and(pair[1:], newline[:-1], out=pair[1:]).any()


def _parse(path: Any, kind: str, last: bytes) -> Columns | None:
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.csv as csv

    names = ["q", "iteration", "d", "g"] if kind == "qrels" else ["q", "Q0", "d", "rank", "s", "id"]
    value = names[3] if kind == "qrels" else "s"
    table = csv.read_csv(
        os.fspath(path),
        read_options=csv.ReadOptions(column_names=names, block_size=1 << 20),
        parse_options=csv.ParseOptions(
            delimiter=" ",
            quote_char=False,
            double_quote=False,
            escape_char=False,
            newlines_in_values=False,
            ignore_empty_lines=False,
        ),
        convert_options=csv.ConvertOptions(
            column_types={
                "q": pa.dictionary(pa.int32(), pa.string()),
                "d": pa.string(),
                value: pa.string() if kind == "qrels" else pa.float64(),
            },
            include_columns=["q", "d", value],
            null_values=[],
            strings_can_be_null=False,
        ),
    )
    if kind == "qrels":
        grades = table.column(value)
        # C's integers only (a sign and digits), within int64: PyArrow alone would also
        # take hexadecimal.
        if not pc.all(pc.match_substring_regex(grades, r"^[-+]?[0-9]{1,18}$")).as_py():
            return None
        values = _numbers(pc.cast(grades, pa.int64()))
    else:
        values = _numbers(table.column(value))
        if not np.isfinite(values).all():
            return None
    queries = _ids(table.column("q"))
    table = table.drop_columns(["q", value])
    docs = _ids(table.column("d"))
    del table
    if not (_nonempty(queries) and _nonempty(docs)):
        return None
    run_id = last.split(b" ")[5].decode() if kind == "run" else ""
    return Columns(queries, docs, values, run_id)


def _ids(column: Any) -> Ids:
    """Codes and distinct ids of a text column read in chunks.

    Many distinct ids (documents) are coded in one pass over the joined chunks; few
    (queries) are read as a dictionary per chunk, which are then made one.
    """
    import pyarrow as pa
    import pyarrow.compute as pc

    if column.num_chunks == 0:
        return Ids(np.zeros(0, dtype=np.int32), pa.array([], type=pa.string()))
    if not pa.types.is_dictionary(column.type):
        # One dictionary for every chunk, in order of first appearance.
        coded = pc.dictionary_encode(column)
        codes = np.concatenate([numpy_view(chunk.indices) for chunk in coded.chunks])
        return Ids(codes, coded.chunk(0).dictionary)
    unified = column.unify_dictionaries()
    codes = np.concatenate([numpy_view(chunk.indices) for chunk in unified.chunks])
    return Ids(codes, unified.chunk(0).dictionary)


def _nonempty(ids: Ids) -> bool:
    import pyarrow.compute as pc

    return len(ids.names) == 0 or pc.min(pc.utf8_length(ids.names)).as_py() > 0


def _numbers(column: Any) -> np.ndarray:
    """Join a number column read in chunks into one NumPy array."""
    return np.concatenate([numpy_view(chunk) for chunk in column.chunks])


#: PyArrow's number types by name, as NumPy's (``to_pandas_dtype`` imports pandas).
_NUMPY_TYPES: dict[str, np.dtype[Any]] = {
    name: np.dtype(name)
    for name in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
} | {"float": np.dtype(np.float32), "double": np.dtype(np.float64)}
#: The other way: each NumPy type's PyArrow name.
_ARROW_TYPES: dict[np.dtype[Any], str] = {dtype: name for name, dtype in _NUMPY_TYPES.items()}


def numpy_view(array: Any, null: float | None = None) -> np.ndarray:
    """See a PyArrow array of numbers as NumPy (no copy unless it has nulls).

    A null becomes ``null`` (in a copy); there must be none when ``null`` is ``None``.
    PyArrow's own ``to_numpy`` and ``fill_null`` import pandas (a third of a second) on
    their first call; the command line never needs pandas.
    """
    dtype = _NUMPY_TYPES[str(array.type)]
    values = np.frombuffer(array.buffers()[1], dtype=dtype)
    values = values[array.offset : array.offset + len(array)]
    if not array.null_count:
        return values
    if null is None:
        raise ValueError("numpy_view: the array has nulls and no value was given for them")
    bits = np.frombuffer(array.buffers()[0], dtype=np.uint8)
    valid = np.unpackbits(bits, bitorder="little")[array.offset : array.offset + len(array)]
    return np.where(valid.astype(bool), values, null).astype(dtype)


def arrow_view(values: np.ndarray) -> Any:
    """See a NumPy array of numbers or booleans as a PyArrow array.

    ``pyarrow.array`` would import pandas.
    """
    import pyarrow as pa

    if values.dtype == bool:
        bits = np.packbits(values, bitorder="little")
        return pa.Array.from_buffers(pa.bool_(), values.size, [None, pa.py_buffer(bits)])
    values = np.ascontiguousarray(values)
    kind = pa.type_for_alias(_ARROW_TYPES[values.dtype])
    return pa.Array.from_buffers(kind, values.size, [None, pa.py_buffer(values)])
