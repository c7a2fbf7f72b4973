"""Split TREC text files into fields the way trec_eval does, a block of lines at a time.

Taught in chapter 9, "NDCG in the wild" (TREC files); :mod:`ndcg.trec.read` reads them
with it.

A file is read in blocks of whole lines and each block is cut into fields with NumPy,
so a large run costs a few passes over its bytes and never a Python object per line.
The rules are trec_eval 10.0's: fields are separated by runs of the C locale's
whitespace (space, tab, vertical tab, form feed, carriage return), a line whose first
field starts with ``#`` is a comment, blank lines are skipped. On top of trec_eval,
a leading UTF-8 byte-order mark is skipped, a NUL byte is refused (trec_eval cannot
read past one) and the text must be UTF-8, because identifiers are returned as text.
Every error names the file and the line.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Protocol, cast

import numpy as np

from ndcg.trec.plain import Ids, numpy_view

PathLike = str | os.PathLike[str]


class Stream(Protocol):
    """What the reader needs of a stream: ``readinto`` (typing's BinaryIO leaves it out)."""

    def readinto(self, buffer: memoryview, /) -> int:
        """Read bytes into ``buffer``; return how many (0 at the end)."""
        ...


#: A file to read: a path, or an open binary stream (``sys.stdin.buffer``, as trec_eval's
#: ``-`` for the run).
Source = PathLike | BinaryIO | Stream

#: Bytes read per block (whole lines are kept together).
BLOCK_BYTES = 1 << 23
BOM = b"\xef\xbb\xbf"

_SPACE = np.zeros(256, dtype=bool)
_SPACE[list(b" \t\n\v\f\r")] = True
_HASH = ord("#")
_NEWLINE = ord("\n")


class TrecFormatError(ValueError):
    """A malformed line or a repeated document; the message names the file and line."""


@dataclass(frozen=True)
class Block:
    """The data lines of one block of a file, cut into fields.

    Attributes
    ----------
    data : numpy.ndarray
        The read buffer (uint8) from the block's first byte on; at least 64 bytes follow
        the block's last line, which :func:`tokens` reads past and masks.
    lines : numpy.ndarray
        Line number in the file (from 1) of every data line.
    starts, ends : numpy.ndarray
        ``starts[i, f]``/``ends[i, f]``: byte span of field ``f`` of data line ``i``,
        for the fields asked for.

    """

    data: np.ndarray
    lines: np.ndarray
    starts: np.ndarray
    ends: np.ndarray


def source_name(source: Source) -> str | PathLike:
    """Name a file as errors do: its path, or a stream's name (``<stdin>``)."""
    if isinstance(source, (str, os.PathLike)):
        return source
    return str(getattr(source, "name", "<stream>"))


def blocks(
    path: Source, fields: tuple[int, ...], exact: int | None, kind: str, layout: str
) -> Iterator[Block]:
    """Yield the data lines of ``path`` block by block, checked for their field count.

    Parameters
    ----------
    path : str, path-like or binary stream
        The file, or a stream open for reading bytes (read to its end, not closed).
    fields : tuple of int
        Which fields (0-based) to return the spans of.
    exact : int or None
        Required number of fields per line; ``None``: at least as many as ``layout``
        names (more are allowed and ignored).
    kind : str
        The kind of file, for error messages (``"qrels"``, ``"run"``).
    layout : str
        The fields of a line, for error messages, e.g. ``"query_id Q0 doc_id rank
        score run_id"``.

    Raises
    ------
    TrecFormatError
        A line with the wrong number of fields, a NUL byte or bytes that are not UTF-8.
    OSError
        The path names no readable file (an empty path is refused by name).

    """
    if isinstance(path, (str, os.PathLike)) and not os.fspath(path):
        raise FileNotFoundError(2, "empty path: give the name of a file", str(path))
    name = source_name(path)
    # One buffer, reused: each block is read in after the partial line left over from
    # the one before, and the slack at the end lets fields be read 8 bytes at a time.
    buffer = np.zeros(BLOCK_BYTES + _SLACK, dtype=np.uint8)
    held, line_base, start = 0, 0, -1
    opened: contextlib.AbstractContextManager[Stream] = (
        Path(path).open("rb")
        if isinstance(path, (str, os.PathLike))
        else contextlib.nullcontext(cast(Stream, path))  # a binary stream reads into a buffer
    )
    with opened as handle:
        while True:
            if held + BLOCK_BYTES + _SLACK > buffer.size:  # a line longer than a block
                buffer = np.concatenate((buffer[:held], np.zeros(2 * buffer.size, np.uint8)))
            got = handle.readinto(buffer.data[held : held + BLOCK_BYTES])
            end = held + got
            if start < 0:  # the first block: skip a byte-order mark
                start = len(BOM) if buffer[: len(BOM)].tobytes() == BOM and end >= 3 else 0
            if got == 0:
                if end <= start:
                    return
                if buffer[end - 1] != _NEWLINE:
                    buffer[end] = _NEWLINE
                    end += 1
                cut = end
            else:
                # The bytes held from before are part of one line: only new ones can end it.
                fresh = max(start, held)
                cut = _last_line_end(buffer, fresh, end)
                if cut <= fresh:  # no line ends yet: refuse a NUL now, before reading on
                    if not buffer[held:end].all():
                        _check_bytes(buffer[start:end], line_base, name)
                    held = end
                    continue
            block, lines = _split(buffer, start, cut, line_base, fields, exact, kind, layout, name)
            line_base += lines
            if block.lines.size:
                yield block
            if got == 0:
                return
            held = end - cut
            buffer[:held] = buffer[cut:end]
            start = 0


#: Bytes kept free after a block: fields are gathered 8 bytes at a time.
_SLACK = 64


def _last_line_end(buffer: np.ndarray, start: int, end: int) -> int:
    """Offset just past the last newline in ``buffer[start:end]`` (``start`` if none)."""
    step = 1 << 16
    hi = end
    while hi > start:
        lo = max(start, hi - step)
        found = np.flatnonzero(buffer[lo:hi] == _NEWLINE)
        if found.size:
            return lo + int(found[-1]) + 1
        hi = lo
    return start


def _split(
    buffer: np.ndarray,
    start: int,
    cut: int,
    line_base: int,
    fields: tuple[int, ...],
    exact: int | None,
    kind: str,
    layout: str,
    path: PathLike,
) -> tuple[Block, int]:
    """Cut ``buffer[start:cut]`` (whole lines) into fields; return it and its line count."""
    data = buffer[start:cut]
    _check_bytes(data, line_base, path)
    space = _space(data)
    # Field edges are where space turns to text and back; the block ends with "\n", so
    # they alternate start, end, start, ... counting a field at offset 0 as an edge.
    turns = np.empty(space.size, dtype=bool)
    turns[0] = not space[0]
    np.not_equal(space[1:], space[:-1], out=turns[1:])
    edges = np.flatnonzero(turns)
    del turns, space
    starts, ends = edges[0::2].copy(), edges[1::2].copy()
    del edges
    newlines = np.flatnonzero(data == _NEWLINE)
    line_starts = np.concatenate(([0], newlines[:-1] + 1))
    first = np.searchsorted(starts, line_starts)
    count = np.diff(np.append(first, starts.size))
    lead = data[starts[np.minimum(first, max(starts.size - 1, 0))]] if starts.size else data[:0]
    filled = count > 0
    comment = filled & (lead == _HASH) if starts.size else filled
    keep = filled & ~comment
    needed = len(layout.split()) if exact is None else exact
    bad = np.flatnonzero(keep & ((count < needed) if exact is None else (count != exact)))
    if bad.size:
        i = int(bad[0])
        raise TrecFormatError(
            f"{path}:{line_base + i + 1}: a {kind} line needs {needed} fields ({layout}), "
            f"found {int(count[i])}"
        )
    rows = np.flatnonzero(keep)
    token = first[rows][:, None] + np.asarray(fields)
    block = Block(
        data=buffer[start:],
        lines=rows + line_base + 1,
        starts=starts[token],
        ends=ends[token],
    )
    return block, newlines.size


def _space(data: np.ndarray) -> np.ndarray:
    """C's isspace for every byte: one comparison unless odd control bytes occur."""
    controls = np.count_nonzero(data < 32)
    if controls == np.count_nonzero((data - np.uint8(9)) < 5):  # only \t \n \v \f \r
        return data <= 32
    return _SPACE[data]


def _check_bytes(data: np.ndarray, line_base: int, path: PathLike) -> None:
    if data.max(initial=0) < 0x80 and data.min(initial=1) > 0:
        return  # plain ASCII, no NUL: the common case, checked in one pass each
    text = data.tobytes()
    nul = text.find(b"\0")
    if nul >= 0:
        line = line_base + text.count(b"\n", 0, nul) + 1
        message = f"{path}:{line}: a NUL byte; TREC files are text"
    else:
        try:
            text.decode("utf-8")
            return
        except UnicodeDecodeError as error:
            line = line_base + text.count(b"\n", 0, error.start) + 1
            message = f"{path}:{line}: not UTF-8 text ({error.reason})"
    # Not text: at the file's start, say what kind of file it is when that is known.
    kind = _not_text(text[:_SNIFF]) if line_base == 0 else None
    raise TrecFormatError(f"{path}: {kind}" if kind else message)


#: Bytes looked at to recognise a compressed or UTF-16 file.
_SNIFF = 512
#: The first bytes of compressed files (and how to undo each).
_COMPRESSED = tuple(
    (re.compile(magic), name, undo)
    for magic, name, undo in (
        (rb"\x1f\x8b", "gzip", "gunzip it"),
        (rb"BZh[1-9]1AY&SY", "bzip2", "bunzip2 it"),
        (rb"\xfd7zXZ\x00", "xz", "unxz it"),
        (rb"\x28\xb5\x2f\xfd", "zstd", "unzstd it"),
        (rb"PK\x03\x04", "zip", "unzip it"),
    )
)


def _not_text(head: bytes) -> str | None:
    r"""Say why a file that starts with ``head`` is not TREC text, if it is recognised.

    A compressed file or UTF-16 text would otherwise be reported as "a NUL byte" or as
    bytes that are not UTF-8, which does not say what to do.

    Examples
    --------
    >>> _not_text(b"\x1f\x8b\x08\x00")
    'a gzip-compressed file, not text: gunzip it first'
    >>> _not_text("q1 0 d1 1\n".encode("utf-16"))[:40]
    'UTF-16 text (a byte-order mark FF FE); T'
    >>> _not_text(b"q1 0 d1 1\n") is None
    True

    """
    for magic, name, undo in _COMPRESSED:
        if magic.match(head):
            return f"a {name}-compressed file, not text: {undo} first"
    advice = "TREC files are read as UTF-8: convert it (iconv -f UTF-16 -t UTF-8)"
    for mark in (b"\xff\xfe", b"\xfe\xff"):
        if head.startswith(mark):
            return f"UTF-16 text (a byte-order mark {mark[0]:02X} {mark[1]:02X}); {advice}"
    # UTF-16 without a mark: ASCII text with a NUL after (or before) every character.
    even, odd = head[0::2], head[1::2]
    if len(head) >= 8 and (odd.count(0) == len(odd)) != (even.count(0) == len(even)):
        return f"UTF-16 text (a NUL byte beside every character); {advice}"
    return None


def tokens(block: Block, field: int, limit: int) -> tuple[np.ndarray, np.ndarray]:
    """Fixed-width bytes of one field: ``(cells, lengths)``.

    ``cells`` is an ``(n, w)`` uint8 matrix, ``w`` a multiple of 8 at least as long as
    the longest token but at most ``limit`` (a multiple of 8): a longer token is cut
    there, so one long token never makes every row as wide (``lengths`` are the whole
    tokens', for the caller to read those apart). Cells are zero after each token's end
    (tokens hold no NUL byte, so the padding is unambiguous), gathered 8 bytes at a time.
    """
    starts, ends = block.starts[:, field], block.ends[:, field]
    lengths = ends - starts
    width = min(limit, max(8, -(-int(lengths.max(initial=1)) // 8) * 8))
    padded = block.data
    if padded.size < int(starts.max(initial=0)) + width:
        padded = np.concatenate((padded, np.zeros(width, dtype=np.uint8)))
    # Every byte offset seen as the start of a little-endian 64-bit word.
    words_at = np.ndarray((padded.size - 7,), dtype="<u8", buffer=padded, strides=(1,))
    words = np.empty((starts.size, width // 8), dtype="<u8")
    for j in range(width // 8):
        valid = np.clip(lengths - 8 * j, 0, 8)
        np.bitwise_and(words_at[starts + 8 * j], _LOW_BYTES[valid], out=words[:, j])
    return words.view(np.uint8), lengths


#: ``_LOW_BYTES[n]``: a 64-bit mask of the first ``n`` bytes of a little-endian word.
_LOW_BYTES = np.array([(1 << (8 * n)) - 1 for n in range(9)], dtype="<u8")


_FLOAT_BYTES = np.zeros(256, dtype=bool)
_FLOAT_BYTES[list(b"0123456789+-.eE\0")] = True


def as_text(cells: np.ndarray) -> np.ndarray:
    """View a cell matrix from :func:`tokens` as a NumPy bytes array, one token each."""
    return np.ascontiguousarray(cells).view(f"S{cells.shape[1]}").ravel()


def floats(block: Block, field: int, path: PathLike, name: str) -> np.ndarray:
    """Parse one field as C's ``strtod`` would, whole tokens only, finite values only."""
    cells, lengths = tokens(block, field, _NUMBER_WIDTH)
    mantissa, after, negative, fast = _decimals(cells, point=True)
    fast &= lengths <= cells.shape[1]
    values = mantissa / _TENS[np.minimum(after, _TENS.size - 1)]
    np.negative(values, out=values, where=negative)
    rest = np.flatnonzero(~fast)
    if rest.size:  # exponents, long mantissas, hexadecimal, or errors
        cut = lengths[rest] > cells.shape[1]
        values[rest] = _other_floats(block, field, rest, cells[rest], cut, path, name)
    return values


def _other_floats(
    block: Block,
    field: int,
    rows: np.ndarray,
    cells: np.ndarray,
    cut: np.ndarray,
    path: PathLike,
    name: str,
) -> np.ndarray:
    """Tokens the column-wise reader left: plain ones in bulk, the rest (or cut) one by one."""
    plain = _FLOAT_BYTES[cells].all(axis=1) & ~cut
    values = np.empty(rows.size, dtype=np.float64)
    try:
        values[plain] = as_text(cells[plain]).astype(np.float64)
    except ValueError:  # a malformed token among them: find it below
        plain[:] = False
    finite = np.isfinite(values) | ~plain
    for i in np.flatnonzero(~plain | ~finite):
        row = int(rows[i])
        values[i] = parse_float(_token(block, row, field), f"{path}:{block.lines[row]}", name)
    return values


def integers(block: Block, field: int, path: PathLike, name: str) -> np.ndarray:
    """Parse one field as a C integer (sign and ASCII digits), within int64."""
    cells, lengths = tokens(block, field, _NUMBER_WIDTH)
    values, _, negative, fast = _decimals(cells, point=False)
    fast &= lengths <= cells.shape[1]
    np.negative(values, out=values, where=negative)
    for row in np.flatnonzero(~fast):
        where = f"{path}:{block.lines[row]}"
        values[row] = parse_int(_token(block, int(row), field), where, name)
    return values


#: Widest number read column by column; longer ones (rare) are read one by one.
_NUMBER_WIDTH = 32
#: Exact powers of ten in float64 (up to 10**22).
_TENS = 10.0 ** np.arange(23)
#: Most digits a mantissa may have to be exact in float64 (below 2**53).
_FAST_DIGITS = 15


def _decimals(
    cells: np.ndarray, *, point: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Read plain decimals column by column: mantissa, digits after the point, sign, ok.

    A token is read here when it is an optional sign, at most 15 ASCII digits and (with
    ``point``) at most one decimal point. Its value is then ``mantissa / 10**after``
    with both terms exact in float64, so one IEEE division rounds it correctly, as
    ``strtod`` does. Other tokens are marked not ok and read one by one.
    """
    n = cells.shape[0]
    mantissa = np.zeros(n, dtype=np.int64)
    after = np.zeros(n, dtype=np.int64)
    digits = np.zeros(n, dtype=np.int64)
    seen = np.zeros(n, dtype=bool)
    ok = np.ones(n, dtype=bool)
    for j in range(cells.shape[1]):
        column = cells[:, j]
        digit = column - np.uint8(48)  # wraps below '0': then > 9
        is_digit = digit < 10
        if not is_digit.any() and not (column != 0).any():
            break  # padding only from here on
        np.multiply(mantissa, 10, out=mantissa, where=is_digit)
        np.add(mantissa, digit, out=mantissa, where=is_digit)
        digits += is_digit
        after += is_digit & seen
        dot = column == 46
        ok &= ~(dot & seen) if point else ~dot
        seen |= dot
        other = ~is_digit & ~dot & (column != 0)
        if j == 0:
            other &= (column != 45) & (column != 43)
        ok &= ~other
    ok &= (digits > 0) & (digits <= _FAST_DIGITS)
    return mantissa, after, cells[:, 0] == 45, ok


def _token(block: Block, row: int, field: int) -> str:
    start, end = int(block.starts[row, field]), int(block.ends[row, field])
    return block.data[start:end].tobytes().decode("utf-8")


def parse_float(text: str, where: str, name: str) -> float:
    """One number as C's ``strtod`` reads a whole token (hexadecimal too); finite only.

    Python's own ``float`` would also take ``1_0``, non-ASCII digits and surrounding
    spaces, which C does not.
    """
    if not _C_FLOAT.fullmatch(text):
        raise TrecFormatError(f"{where}: {name} must be a number, got {text!r}")
    lowered = text.lower()
    value = float.fromhex(text) if "0x" in lowered else float(text)
    if not np.isfinite(value):
        raise TrecFormatError(f"{where}: {name} must be finite, got {text!r}")
    return value


def parse_int(text: str, where: str, name: str) -> int:
    """One integer as C reads it (optional sign, ASCII digits), refused beyond int64."""
    if not _C_INT.fullmatch(text):
        raise TrecFormatError(f"{where}: {name} must be an integer, got {text!r}")
    value = int(text)
    if not -(2**63) <= value < 2**63:
        raise TrecFormatError(
            f"{where}: {name} {text} is outside the 64-bit integer range "
            f"[-2**63, 2**63 - 1] (trec_eval would silently read it as "
            f"{max(min(value, 2**63 - 1), -(2**63))})"
        )
    return value


_C_INT = re.compile(r"[+-]?[0-9]+")
_C_FLOAT = re.compile(
    r"[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
    r"|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?"
    r"|(?i:inf|infinity|nan))"
)


class TextColumn:
    """One text field collected over the blocks of a file; ends as codes into its ids.

    Each block's tokens are gathered into one contiguous buffer (a copy of their bytes,
    linear in them however long one token is) and wrapped as a PyArrow string array;
    PyArrow codes all the blocks in one dictionary, exactly, whatever the tokens' widths.
    """

    def __init__(self) -> None:
        self._arrays: list[object] = []

    def add(self, block: Block, field: int) -> None:
        """Take the field's tokens from one block."""
        import pyarrow as pa

        offsets, data = gathered(block, field)
        self._arrays.append(
            pa.Array.from_buffers(
                pa.large_string(),
                offsets.size - 1,
                [None, pa.py_buffer(offsets), pa.py_buffer(data)],
            )
        )

    def ids(self) -> Ids:
        """All tokens as codes into the distinct ids, in order of first appearance."""
        import pyarrow as pa
        import pyarrow.compute as pc

        if not self._arrays:
            return Ids(np.zeros(0, dtype=np.int32), pa.array([], type=pa.string()))
        encoded = pc.dictionary_encode(pa.chunked_array(self._arrays, type=pa.large_string()))
        self._arrays = []
        # Every chunk shares the one dictionary, numbered in order of first appearance.
        codes = np.concatenate([numpy_view(chunk.indices) for chunk in encoded.chunks])
        return Ids(codes, encoded.chunks[0].dictionary)


def gathered(block: Block, field: int) -> tuple[np.ndarray, np.ndarray]:
    """Return the field's tokens end to end: ``(offsets, data)``.

    Token ``i`` is ``data[offsets[i] : offsets[i + 1]]``. The cost follows the bytes of
    the tokens (one index per byte), never rows x the widest.
    """
    starts = block.starts[:, field]
    lengths = block.ends[:, field] - starts
    offsets = np.zeros(starts.size + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    index = np.repeat(starts - offsets[:-1], lengths)
    index += np.arange(int(offsets[-1]), dtype=np.int64)
    return offsets, block.data[index]


def last_token(block: Block, field: int) -> str:
    """Return the field's token on the block's last data line, as text."""
    return _token(block, block.lines.size - 1, field)
