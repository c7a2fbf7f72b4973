"""read_qrels / read_run: TREC formats in, DataFrames out, errors naming file and line."""

from __future__ import annotations

import bz2
import gzip
import io
import re

import _trec_cases
import numpy as np
import pandas as pd
import pytest

import ndcg
from ndcg.trec import scan as _scan


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_read_qrels(tmp_path):
    path = write(tmp_path, "q", "1 0 a 2\n\n1 0 b -1\n2\t0\tc\t0\n")
    frame = ndcg.read_qrels(path)
    assert list(frame.columns) == ["query_id", "doc_id", "relevance"]
    assert frame["query_id"].tolist() == ["1", "1", "2"]
    assert frame["relevance"].tolist() == [2, -1, 0]
    assert frame.index.tolist() == [1, 3, 4]  # line numbers


def test_read_run_ignores_rank_and_trailing_fields(tmp_path):
    path = write(tmp_path, "r", "1 Q0 a 1 2.5 run extra junk\n1 Q0 b 9 -1e3 run\n")
    frame = ndcg.read_run(path)
    assert list(frame.columns) == ["query_id", "doc_id", "score"]
    assert frame["score"].tolist() == [2.5, -1000.0]


@pytest.mark.parametrize(
    ("read", "text", "message"),
    [
        (ndcg.read_qrels, "1 0 a\n", r":1: a qrels line needs 4 fields"),
        (ndcg.read_qrels, "1 0 a 1\n1 0 b x\n", r":2: relevance must be an integer"),
        (ndcg.read_qrels, "1 0 a 1\n1 0 b 1.5\n", r":2: relevance must be an integer"),
        (
            ndcg.read_qrels,
            "1 0 a 1\n1 0 a 2\n",
            r":2: document 'a' judged twice for query '1' \(first at line 1\)",
        ),
        (ndcg.read_run, "1 Q0 a 1 2.0\n", r":1: a run line needs 6 fields"),
        (ndcg.read_run, "1 Q0 a 1 high r\n", r":1: score must be a number"),
        (ndcg.read_run, "1 Q0 a 1 nan r\n", r":1: score must be finite"),
        (
            ndcg.read_run,
            "1 Q0 a 1 1 r\n1 Q0 b 2 1 r\n1 Q0 a 3 1 r\n",
            r":3: document 'a' retrieved twice",
        ),
    ],
)
def test_bad_file_is_refused_naming_the_line(tmp_path, read, text, message):
    path = write(tmp_path, "bad.file", text)
    with pytest.raises(ValueError, match=str(path).replace(".", r"\.") + message):
        read(path)


def test_missing_file(tmp_path):
    with pytest.raises(OSError):
        ndcg.read_run(tmp_path / "absent")


# --- the readers' shared table (tests/helpers/_trec_cases.py), also run against ndcg.spark --------


@pytest.mark.parametrize("case", _trec_cases.CASES, ids=lambda case: case.name)
def test_the_readers_table(tmp_path, case):
    path = case.write(tmp_path)
    read = ndcg.read_qrels if case.kind == "qrels" else ndcg.read_run
    if case.error is not None:
        with pytest.raises(_scan.TrecFormatError, match="^" + re.escape(str(path)) + case.error):
            read(path)
        return
    frame = read(path)
    assert list(frame.itertuples(index=False, name=None)) == list(case.rows)
    assert frame.index.tolist() == list(case.lines)
    assert frame.iloc[:, 2].dtype == (np.int64 if case.kind == "qrels" else np.float64)


def test_bytes_that_are_not_text(tmp_path):
    path = tmp_path / "binary.qrels"
    path.write_bytes(b"1 0 a 1\n\xff\xfe 0 b 1\n")
    with pytest.raises(ValueError, match=r"binary\.qrels:2: not UTF-8 text"):
        ndcg.read_qrels(path)


def test_comment_lines_as_trec_eval_reads_them(tmp_path):
    # trec_eval 10.0's test/qrels.test.with-comments: '#' starts a comment only at the
    # start of a line; inside a document id it is part of the id.
    text = "# comment here\n301 0 CR93E-10279 0\n# and comment here\n# again\n301 0 CR#93E-1860 1\n"
    frame = ndcg.read_qrels(write(tmp_path, "q", text))
    assert frame["doc_id"].tolist() == ["CR93E-10279", "CR#93E-1860"]
    assert frame.index.tolist() == [2, 5]
    run = ndcg.read_run(write(tmp_path, "r", "  # indented comment\n301 Q0 d 1 2.5 r\n"))
    assert run["doc_id"].tolist() == ["d"] and run.index.tolist() == [2]


def test_byte_order_mark_and_c_whitespace(tmp_path):
    path = tmp_path / "bom.qrels"
    path.write_bytes(b"\xef\xbb\xbfq1 0 a 1\r\nq1\v0\fb\t2\n")
    frame = ndcg.read_qrels(path)
    assert frame["query_id"].tolist() == ["q1", "q1"]
    assert frame["doc_id"].tolist() == ["a", "b"]


def test_ids_are_categoricals_and_numbers_typed(tmp_path):
    frame = ndcg.read_run(write(tmp_path, "r", "q2 Q0 a 1 2.5 r\nq1 Q0 a 2 1 r\n"))
    assert isinstance(frame["query_id"].dtype, pd.CategoricalDtype)
    assert isinstance(frame["doc_id"].dtype, pd.CategoricalDtype)
    assert frame["score"].dtype == np.float64
    assert frame["query_id"].tolist() == ["q2", "q1"]


@pytest.mark.parametrize(
    ("token", "value"),
    [
        ("+3", 3),
        ("-0", 0),
        ("007", 7),
        ("9223372036854775807", 2**63 - 1),
        ("-9223372036854775808", -(2**63)),
    ],
)
def test_relevance_read_as_c_integers(tmp_path, token, value):
    frame = ndcg.read_qrels(write(tmp_path, "q", f"1 0 a {token}\n"))
    assert frame["relevance"].tolist() == [value]
    assert frame["relevance"].dtype == np.int64


@pytest.mark.parametrize(
    "token",
    ["9223372036854775808", "18446744073709551615", "18446744073709551616", "-9223372036854775809"],
)
def test_relevance_beyond_int64_is_refused_not_wrapped(tmp_path, token):
    path = write(tmp_path, "big.qrels", f"1 0 a 1\n1 0 b {token}\n")
    with pytest.raises(ValueError, match=rf"big\.qrels:2: relevance {token} is outside the 64-bit"):
        ndcg.read_qrels(path)


@pytest.mark.parametrize("token", ["1_0", "\u0663", "1.0", "1e2", "0x1", "2abc", "++1"])
def test_relevance_that_c_would_not_read_whole_is_refused(tmp_path, token):
    path = write(tmp_path, "odd.qrels", f"1 0 a {token}\n")
    with pytest.raises(
        ValueError, match=rf"odd\.qrels:1: relevance must be an integer, got '{re.escape(token)}'"
    ):
        ndcg.read_qrels(path)


@pytest.mark.parametrize(
    ("token", "value"),
    [("0x1p-2", 0.25), ("-.5", -0.5), ("1.", 1.0), ("+2e-3", 0.002), ("0.1", 0.1)],
)
def test_scores_read_as_c_strtod(tmp_path, token, value):
    frame = ndcg.read_run(write(tmp_path, "r", f"1 Q0 a 1 {token} r\n"))
    assert frame["score"].tolist() == [value]


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("1_0", "must be a number"),
        ("\u0661", "must be a number"),
        ("1e", "must be a number"),
        ("1.5x", "must be a number"),
        ("inf", "must be finite"),
        ("-Infinity", "must be finite"),
        ("1e999", "must be finite"),
    ],
)
def test_scores_that_c_would_not_read_whole_are_refused(tmp_path, token, message):
    path = write(tmp_path, "odd.run", f"1 Q0 a 1 0.5 r\n1 Q0 b 2 {token} r\n")
    with pytest.raises(ValueError, match=rf"odd\.run:2: score {message}, got '{token}'"):
        ndcg.read_run(path)


def test_no_break_space_is_not_a_separator(tmp_path):
    # C's isspace does not know U+00A0: trec_eval reads "a\u00a01" as one field.
    path = write(tmp_path, "nbsp.qrels", "1 0 a\u00a01\n")
    with pytest.raises(ValueError, match=r"nbsp\.qrels:1: a qrels line needs 4 fields .* found 3"):
        ndcg.read_qrels(path)


def test_nul_byte_is_refused(tmp_path):
    path = tmp_path / "nul.run"
    path.write_bytes(b"1 Q0 a 1 0.5 r\n1 Q0 b\x00 2 0.5 r\n")
    with pytest.raises(ValueError, match=r"nul\.run:2: a NUL byte"):
        ndcg.read_run(path)


def test_empty_path_is_named():
    with pytest.raises(FileNotFoundError, match="empty path"):
        ndcg.read_qrels("")


def test_blocks_split_anywhere_give_the_same_frame(tmp_path, monkeypatch):
    lines = [f"q{i % 3} Q0 doc-{i:03d}-{'x' * (i % 11)} {i} {i / 7!r} run" for i in range(60)]
    path = write(tmp_path, "r", "# head\n" + "\n".join(lines[:30]) + "\n\n" + "\n".join(lines[30:]))
    whole = ndcg.read_run(path)
    for size in (1, 7, 64, 1000):
        monkeypatch.setattr(_scan, "BLOCK_BYTES", size)
        pd.testing.assert_frame_equal(ndcg.read_run(path), whole)
    assert whole.index.tolist() == [*range(2, 32), *range(33, 63)]
    assert whole["score"].tolist() == [i / 7 for i in range(60)]
    monkeypatch.setattr(_scan, "BLOCK_BYTES", 5)
    bad = write(tmp_path, "bad.run", "\n".join(lines[:40]) + "\nq1 Q0 d 1\n")
    with pytest.raises(ValueError, match=r"bad\.run:41: a run line needs 6 fields"):
        ndcg.read_run(bad)


def test_ids_that_agree_on_their_first_bytes_are_told_apart(tmp_path):
    # Ids are coded by their whole bytes, not by a key of their first 8 bytes or a hash.
    frame = ndcg.read_qrels(
        write(tmp_path, "q", "query-one 0 document-a 1\nquery-one 0 document-ab 2\n")
    )
    assert frame["doc_id"].tolist() == ["document-a", "document-ab"]
    assert frame["doc_id"].cat.codes.tolist() == [0, 1]


def test_other_control_bytes_are_part_of_a_field(tmp_path):
    # C's isspace: \x1f (unit separator) is not a separator, so the line has 3 fields.
    path = tmp_path / "ctrl.qrels"
    path.write_bytes(b"1 0 a\x1f1\n")
    with pytest.raises(ValueError, match=r"ctrl\.qrels:1: a qrels line needs 4 fields"):
        ndcg.read_qrels(path)
    path.write_bytes(b"1 0 a\x1fb 1\n")
    assert ndcg.read_qrels(path)["doc_id"].tolist() == ["a\x1fb"]


def test_decimals_read_exactly_as_python_reads_them(tmp_path):
    rng = np.random.default_rng(7)
    texts = [
        f"{sign}{int(m)}{'.' if point else ''}{int(f) if point else ''}"
        for sign, m, point, f in zip(
            rng.choice(["", "-", "+"], 3000),
            rng.integers(0, 10**9, 3000),
            rng.random(3000) < 0.8,
            rng.integers(0, 10**7, 3000),
            strict=True,
        )
    ]
    texts += ["0.1", "0.3", "123456789012345", "1234567890123456", "9007199254740993", "1e5"]
    lines = "".join(f"q Q0 d{i} 1 {t} r\n" for i, t in enumerate(texts))
    frame = ndcg.read_run(write(tmp_path, "many.run", lines))
    assert frame["score"].tolist() == [float(t) for t in texts]


def test_utf8_ids_short_and_long(tmp_path):
    text = "q\u00e9 0 d\u00f6c 1\nq\u00e9 0 \u6587\u66f8-0123456789-\u00e9\u00e9 2\nq2 0 d 0\n"
    frame = ndcg.read_qrels(write(tmp_path, "utf8.qrels", text))
    assert frame["query_id"].tolist() == ["q\u00e9", "q\u00e9", "q2"]
    assert frame["doc_id"].tolist() == ["d\u00f6c", "\u6587\u66f8-0123456789-\u00e9\u00e9", "d"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (gzip.compress(b"1 0 a 1\n"), "a gzip-compressed file, not text: gunzip it first"),
        (bz2.compress(b"1 0 a 1\n", 1), "a bzip2-compressed file, not text: bunzip2 it first"),
        ("1 0 a 1\n".encode("utf-16"), "UTF-16 text (a byte-order mark FF FE); TREC files are"),
        ("1 0 a 1\n".encode("utf-16-be"), "UTF-16 text (a NUL byte beside every character)"),
        ("1 0 a 1\n".encode("utf-16-le"), "UTF-16 text (a NUL byte beside every character)"),
    ],
)
def test_compressed_and_utf16_files_are_named_as_such(tmp_path, content, message):
    # These were reported as "a NUL byte" or "not UTF-8", which says nothing of the fix.
    path = tmp_path / "odd.qrels"
    path.write_bytes(content)
    with pytest.raises(ValueError, match=re.escape(f"odd.qrels: {message}")):
        ndcg.read_qrels(path)


def test_a_nul_byte_after_the_first_line_is_still_a_nul_byte(tmp_path):
    path = tmp_path / "late.qrels"
    path.write_bytes(b"1 0 a 1\n" * 3 + b"1 0 b\x00 1\n")
    with pytest.raises(ValueError, match=r"late\.qrels:4: a NUL byte"):
        ndcg.read_qrels(path)


def test_a_run_is_read_from_a_binary_stream_named_in_errors():
    run = ndcg.read_run(io.BytesIO(b"1 Q0 a 1 0.5 r\n1 Q0 b 2 0.25 r\n"))
    assert run["score"].tolist() == [0.5, 0.25]
    stream = io.BytesIO(b"1 Q0 a 1 x r\n")
    stream.name = "<stdin>"
    with pytest.raises(ValueError, match=r"^<stdin>:1: score must be a number, got 'x'$"):
        ndcg.read_run(stream)


def test_text_that_starts_like_a_compressed_file_is_read_as_text(tmp_path):
    # "BZh" opens bzip2 files too; a query id may start with it, and é is UTF-8 text.
    path = tmp_path / "bzh.qrels"
    path.write_text("BZh91 0 é 1\n", encoding="utf-8")
    assert ndcg.read_qrels(path)["doc_id"].tolist() == ["é"]
