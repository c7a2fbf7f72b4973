"""The plain-file reader (PyArrow's CSV reader) against the general one, line for line.

:mod:`ndcg.trec.plain` reads the common file (one space between fields, ASCII, ``\\n``)
and hands every other to :mod:`ndcg.trec.scan`. Whenever it takes a file, it must read what
the general reader reads: the same id on every line, the same numbers to the bit, the
same line numbers and run id. Files are drawn around the edges where the two could part:
runs of spaces, tabs, carriage returns, comments, blank lines, a missing final newline,
numbers C reads and PyArrow reads otherwise, fields missing or extra, long fields, files
longer than one piece of the plain check.
"""

from __future__ import annotations

import string

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ndcg.trec import plain as _plain_scan
from ndcg.trec.plain import read_plain
from ndcg.trec.read import _scanned, read_columns
from ndcg.trec.scan import TrecFormatError

NUMBERS = (
    "0", "1", "3", "-1", "+1", "007", "0.5", "1.", ".5", "-.5e-3", "1e5", "1E+05",
    "1e400", "1e-400", "0x10", "inf", "nan", "NaN", "1_0", "123456789012345678",
    "1234567890123456789", "9223372036854775808", "4.9e-324", "0.1000000000000000055511151",
    "", "-", "e5", "12abc",
)  # fmt: skip
ID_CHARS = string.ascii_letters + string.digits + "-_.#/:" + "é"


def _same(a: _plain_scan.Columns, b: _plain_scan.Columns) -> None:
    """Two readings of one file hold the same lines."""
    assert len(a) == len(b)
    for side in ("queries", "docs"):
        ids_a, ids_b = getattr(a, side), getattr(b, side)
        assert (
            ids_a.names.take(ids_a.codes).to_pylist() == ids_b.names.take(ids_b.codes).to_pylist()
        )
    assert a.values.dtype == b.values.dtype
    assert a.values.tobytes() == b.values.tobytes()  # to the bit
    assert [a.line(i) for i in range(len(a))] == [b.line(i) for i in range(len(b))]
    assert a.last == b.last


def _check(path, kind: str) -> _plain_scan.Columns | None:
    """Read ``path`` both ways; where the plain reader takes it, both read the same."""
    plain = read_plain(path, kind)
    try:
        scanned = _scanned(path, kind)
    except TrecFormatError:
        assert plain is None, "the plain reader took a file the general one refuses"
        return None
    if plain is not None:
        _same(plain, scanned)
    return plain


@st.composite
def trec_text(draw: st.DrawFn, kind: str) -> bytes:
    """A qrels or run file, mostly well formed, with the odd defect."""
    n_fields = 4 if kind == "qrels" else 6
    number_at = 3 if kind == "qrels" else 4
    lines = []
    for _ in range(draw(st.integers(1, 12))):
        fields = [
            draw(st.sampled_from(NUMBERS)) if i == number_at else
            draw(st.text(ID_CHARS, min_size=1, max_size=draw(st.sampled_from([3, 12, 40]))))
            for i in range(n_fields + draw(st.sampled_from([0, 0, 0, 0, -1, 1])))
        ]  # fmt: skip
        sep = draw(st.sampled_from([" "] * 12 + ["  ", "\t", " \t"]))
        line = sep.join(fields)
        line = draw(st.sampled_from(["", "", "", "", " ", "#"])) + line
        line += draw(st.sampled_from(["", "", "", "", "", " "]))
        lines.append(line)
        if draw(st.integers(0, 9)) == 0:
            lines.append(draw(st.sampled_from(["", "# comment", "   "])))
    end = draw(st.sampled_from(["\n"] * 8 + ["\r\n"]))
    text = end.join(lines) + draw(st.sampled_from([end, end, ""]))
    return text.encode()


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data(), kind=st.sampled_from(["qrels", "run"]))
def test_the_plain_reader_reads_what_the_general_one_reads(tmp_path, data, kind):
    path = tmp_path / kind
    path.write_bytes(data.draw(trec_text(kind)))
    _check(path, kind)


def _numbers_qrels(values: list[str]) -> str:
    return "".join(f"q{i % 3} 0 d{i} {v}\n" for i, v in enumerate(values))


@pytest.mark.parametrize("kind", ["qrels", "run"])
def test_a_number_each_reader_might_read_apart_is_read_alike(tmp_path, kind):
    for value in NUMBERS:
        text = f"q 0 d {value}\n" if kind == "qrels" else f"q Q0 d 1 {value} r\n"
        path = tmp_path / f"{kind}.txt"
        path.write_text(text)
        _check(path, kind)


def test_files_past_one_piece_of_the_check_are_read_alike(tmp_path, monkeypatch):
    # Small pieces, so that defects fall on the edges between them.
    monkeypatch.setattr(_plain_scan, "_STRIDE", 7)
    rng = np.random.default_rng(5)
    widths = rng.integers(1, 30, 400)
    lines = [
        f"{301 + i % 7} Q0 D{'x' * w}{i} {i} {rng.random():.6f} run{w}"
        for i, w in enumerate(widths)
    ]
    text = "\n".join(lines)
    for variant, plain in (
        (text, True),  # no final newline
        (text + "\n", True),
        (text.replace("\n", "\n\n", 1), False),  # a blank line
        (text[:100] + " " + text[100:], None),  # a space somewhere
        (text.replace("\n", "\n#", 1), False),  # a comment
        (text + "\n" + "Q" * 2048 + " Q0 d 1 0.5 r\n", True),  # one 2 KB field
    ):
        path = tmp_path / "run"
        path.write_text(variant)
        found = _check(path, "run")
        if plain is not None:
            assert (found is not None) == plain, variant[:60]


def test_the_run_id_is_the_last_data_line_s_sixth_field(tmp_path):
    path = tmp_path / "run"
    path.write_text("q Q0 a 1 0.5 first\nq Q0 b 2 0.4 " + "r" * 70_000)
    assert read_columns(path, "run").last == "r" * 70_000
    assert read_plain(path, "run") is not None


def test_a_stream_is_left_to_the_general_reader(tmp_path):
    path = tmp_path / "run"
    path.write_text("q Q0 a 1 0.5 r\n")
    with open(path, "rb") as stream:
        assert read_plain(stream, "run") is None
        assert read_columns(stream, "run").last == "r"


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("q Q0 a 1 0.5 r\nq  b 2 0.4 r\n", True),  # five fields, one of them "empty"
        ("q Q0 a 1 0.5 r\nq Q0 b 2 0.4 \n", True),  # no run id, a trailing space
        ("q Q0 a 1 0.5 r\n Q0 b 2 0.4 r\n", True),  # no query id, a leading space
        ("q Q0 a 1 0.5 r\nq Q0 b 2 0.4 r \n", False),  # six fields, a trailing space
    ],
)
def test_a_space_where_a_field_is_missing_leaves_the_file_to_the_general_reader(
    tmp_path, text, refused
):
    path = tmp_path / "run"
    path.write_text(text)
    assert read_plain(path, "run") is None
    if refused:
        with pytest.raises(TrecFormatError, match="needs 6 fields"):
            read_columns(path, "run")
    else:
        assert read_columns(path, "run").docs.names.to_pylist() == ["a", "b"]
