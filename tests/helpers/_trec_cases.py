"""The TREC readers' table: files, and what reading each must give or refuse.

One table for every reader of the formats: ``test_trec.py`` holds :func:`ndcg.read_qrels`
and :func:`ndcg.read_run` to it, and ``test_spark_trec.py`` holds their Spark counterparts to
the same files, answer for answer (rows, or the exception and its message word for word).

A case that reads gives the rows, ``(query_id, doc_id, value)`` in file order, and their
line numbers; a case that is refused gives the message after the file's path, as a regular
expression (the readers name the file as the caller named it, then the line).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

Row = tuple[str, str, float]


@dataclass(frozen=True)
class Case:
    """One file and what reading it gives."""

    name: str
    kind: str  # "qrels" or "run"
    data: bytes
    rows: tuple[Row, ...] | None = None
    lines: tuple[int, ...] | None = None
    error: str | None = None

    def write(self, folder: Path) -> Path:
        """Write the file (named after the case, so messages tell cases apart)."""
        path = folder / f"{self.name.replace(' ', '-')}.{self.kind}"
        path.write_bytes(self.data)
        return path


def _qrels(name: str, data: bytes | str, rows=None, lines=None, error=None) -> Case:
    raw = data.encode() if isinstance(data, str) else data
    return Case(name, "qrels", raw, rows and tuple(rows), lines and tuple(lines), error)


def _run(name: str, data: bytes | str, rows=None, lines=None, error=None) -> Case:
    raw = data.encode() if isinstance(data, str) else data
    return Case(name, "run", raw, rows and tuple(rows), lines and tuple(lines), error)


_INT64_MAX, _INT64_MIN = 2**63 - 1, -(2**63)

CASES: tuple[Case, ...] = (
    # --- files that read -------------------------------------------------------------------
    _qrels(
        "blank line and tabs",
        "1 0 a 2\n\n1 0 b -1\n2\t0\tc\t0\n",
        [("1", "a", 2), ("1", "b", -1), ("2", "c", 0)],
        [1, 3, 4],
    ),
    _qrels("empty file", "", [], []),
    _qrels("blank lines only", "\n  \n\t\n", [], []),
    _qrels("no final newline", "q 0 a 1\nq 0 b 2", [("q", "a", 1), ("q", "b", 2)], [1, 2]),
    _qrels(
        "comments as trec_eval reads them",
        # trec_eval 10.0's test/qrels.test.with-comments: '#' starts a comment only as the
        # first character of a line's first field; inside a document id it is text.
        "# comment here\n301 0 CR93E-10279 0\n# and comment here\n# again\n301 0 CR#93E-1860 1\n",
        [("301", "CR93E-10279", 0), ("301", "CR#93E-1860", 1)],
        [2, 5],
    ),
    _qrels("a comment of four fields", "# a b 1\nq 0 d 1\n", [("q", "d", 1)], [2]),
    _qrels("a comment glued to its hash", "#a b c 1\nq 0 d 1\n", [("q", "d", 1)], [2]),
    _run(
        "an indented comment", "  # indented comment\n301 Q0 d 1 2.5 r\n", [("301", "d", 2.5)], [2]
    ),
    _run(
        "lines that start with a tab",
        "\tq1 Q0 d1 1 3.0 r\n\tq1 Q0 d2 2 2.0 r\n\tq1 Q0 d3 3 1.0 r\n",
        [("q1", "d1", 3.0), ("q1", "d2", 2.0), ("q1", "d3", 1.0)],
        [1, 2, 3],
    ),
    _qrels(
        "byte-order mark and C whitespace",
        b"\xef\xbb\xbfq1 0 a 1\r\nq1\v0\fb\t2\n",
        [("q1", "a", 1), ("q1", "b", 2)],
        [1, 2],
    ),
    _run(
        "rank and trailing fields ignored",
        "1 Q0 a 1 2.5 run extra junk\n1 Q0 b 9 -1e3 run\n",
        [("1", "a", 2.5), ("1", "b", -1000.0)],
        [1, 2],
    ),
    _qrels("a control byte inside a field", b"1 0 a\x1fb 1\n", [("1", "a\x1fb", 1)], [1]),
    _qrels("a 0x10 byte inside a field", b"q 0 d\x10e 1\n", [("q", "d\x10e", 1)], [1]),
    _qrels(
        "UTF-8 ids, short and long",
        "q\u00e9 0 d\u00f6c 1\nq\u00e9 0 \u6587\u66f8-0123456789-\u00e9\u00e9 2\nq2 0 d 0\n",
        [
            ("q\u00e9", "d\u00f6c", 1),
            ("q\u00e9", "\u6587\u66f8-0123456789-\u00e9\u00e9", 2),
            ("q2", "d", 0),
        ],
        [1, 2, 3],
    ),
    _qrels(
        "accented ids kept apart",
        "q 0 d\u00e9 1\nq 0 d\u00e8 0\n",
        [("q", "d\u00e9", 1), ("q", "d\u00e8", 0)],
        [1, 2],
    ),
    *(
        _qrels(f"relevance {token}", f"1 0 a {token}\n", [("1", "a", value)], [1])
        for token, value in [
            ("+3", 3),
            ("-0", 0),
            ("007", 7),
            ("9223372036854775807", _INT64_MAX),
            ("-9223372036854775808", _INT64_MIN),
        ]
    ),
    *(
        _run(f"score {token}", f"1 Q0 a 1 {token} r\n", [("1", "a", value)], [1])
        for token, value in [
            ("0x1p-2", 0.25),
            ("0x10", 16.0),
            ("-.5", -0.5),
            ("1.", 1.0),
            ("+2e-3", 0.002),
            ("0.1", 0.1),
            ("1e5", 100000.0),
            ("123456789012345678", 123456789012345678.0),
        ]
    ),
    # --- files that are refused ------------------------------------------------------------
    _qrels("three fields", "1 0 a\n", error=r":1: a qrels line needs 4 fields"),
    _qrels("five fields", "1 0 a 1 x\n", error=r":1: a qrels line needs 4 fields .* found 5"),
    _qrels(
        "no-break space is not a separator",
        "1 0 a\u00a01\n",
        error=r":1: a qrels line needs 4 fields .* found 3",
    ),
    _qrels(
        "a control byte is not a separator",
        b"1 0 a\x1f1\n",
        error=r":1: a qrels line needs 4 fields",
    ),
    _qrels(
        "judged twice",
        "1 0 a 1\n1 0 a 2\n",
        error=r":2: document 'a' judged twice for query '1' \(first at line 1\)",
    ),
    _run("five run fields", "1 Q0 a 1 2.0\n", error=r":1: a run line needs 6 fields"),
    _run(
        "a short line after good ones",
        "q Q0 a 1 1 r\nq Q0 b 2 1 r\n\nq Q0 c 3\n",
        error=r":4: a run line needs 6 fields \(query_id Q0 doc_id rank score run_id\), found 4",
    ),
    _run(
        "retrieved twice",
        "1 Q0 a 1 1 r\n1 Q0 b 2 1 r\n1 Q0 a 3 1 r\n",
        error=r":3: document 'a' retrieved twice for query '1' \(first at line 1\)",
    ),
    _qrels(
        "Windows-1252 bytes",
        b"q 0 d\xe9 1\nq 0 d\xe8 0\n",
        error=r":1: not UTF-8 text \(invalid continuation byte\)",
    ),
    _qrels("not text", b"1 0 a 1\n\xff\xfe 0 b 1\n", error=r":2: not UTF-8 text"),
    _run(
        "a NUL byte in a doc id",
        b"1 Q0 a 1 0.5 r\n1 Q0 b\x00 2 0.5 r\n",
        error=r":2: a NUL byte; TREC files are text",
    ),
    *(
        _qrels(
            f"relevance beyond int64 {token}",
            f"1 0 a 1\n1 0 b {token}\n",
            error=rf":2: relevance {token} is outside the 64-bit integer range",
        )
        for token in [
            "9223372036854775808",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775809",
            "99999999999999999999999999",
        ]
    ),
    *(
        _qrels(
            f"relevance {name}",
            f"1 0 a 1\n1 0 b {token}\n",
            error=rf":2: relevance must be an integer, got '{re.escape(token)}'",
        )
        for name, token in [
            ("x", "x"),
            ("1.5", "1.5"),
            ("underscore", "1_0"),
            ("Arabic digit", "\u0663"),
            ("1.0", "1.0"),
            ("1e2", "1e2"),
            ("hexadecimal", "0x1"),
            ("2abc", "2abc"),
            ("++1", "++1"),
            ("1L", "1L"),
        ]
    ),
    *(
        _run(
            f"score {name}",
            f"1 Q0 a 1 0.5 r\n1 Q0 b 2 {token} r\n",
            error=rf":2: score {problem}, got '{re.escape(token)}'",
        )
        for name, token, problem in [
            ("word", "high", "must be a number"),
            ("underscore", "1_0", "must be a number"),
            ("Arabic digit", "\u0661", "must be a number"),
            ("1e", "1e", "must be a number"),
            ("1.5x", "1.5x", "must be a number"),
            ("Java double suffix", "1d", "must be a number"),
            ("Java float suffix", "1e5f", "must be a number"),
            ("nan", "nan", "must be finite"),
            ("inf", "inf", "must be finite"),
            ("-Infinity", "-Infinity", "must be finite"),
            ("1e999", "1e999", "must be finite"),
        ]
    ),
)
