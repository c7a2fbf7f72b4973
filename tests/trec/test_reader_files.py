"""The TREC reader on the files real users have: no crash, cost that follows the bytes.

Ids whose widths change between blocks, no final newline, one very long field, a file of
NUL bytes, the run id of an odd last line, a run from a pipe, a run over 8 MiB. Memory is
bounded with ``tracemalloc`` (which sees NumPy's buffers), never with a clock.
"""

from __future__ import annotations

import contextlib
import io
import os
import threading
import tracemalloc

import numpy as np
import pandas as pd
import pytest

import ndcg
from ndcg.cli import main
from ndcg.trec import TrecFormatError, read_run_and_id
from ndcg.trec import scan as _scan

#: C's isspace: what trec_eval splits fields on.
C_SPACE = b" \t\n\v\f\r"


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def peak_bytes(function, *args):
    """Peak memory traced while ``function(*args)`` runs, and its result."""
    tracemalloc.start()
    try:
        result = function(*args)
        return tracemalloc.get_traced_memory()[1], result
    finally:
        tracemalloc.stop()


def reference(data: bytes, fields: tuple[int, ...]) -> list[tuple]:
    """Read TREC lines the slow, obvious way: ``bytes.split()`` splits on C's whitespace."""
    rows = []
    for number, line in enumerate(data.split(b"\n"), 1):
        parts = line.split()
        if parts and not parts[0].startswith(b"#"):
            rows.append((number, *(parts[f].decode() for f in fields)))
    return rows


def test_the_same_id_in_blocks_of_different_widths(tmp_path):
    # The last line, without a final newline, is a block of its own: "123" was keyed as
    # its bytes there and by a hash in the block before (whose widest id has 10 bytes).
    qrels, run = tmp_path / "q", tmp_path / "r"
    qrels.write_bytes(b"1 0 123 1\n1 0 1234567890 0\n2 0 123 1")
    run.write_bytes(b"1 Q0 123 1 1 r\n2 Q0 123 1 1 r\n")
    code, out, err = cli("-m", "P.5", str(qrels), str(run))
    assert (code, err) == (0, "")
    assert out == "P_5                   \tall\t0.2000\n"  # trec_eval's report
    frame = ndcg.read_qrels(qrels)
    assert frame["doc_id"].tolist() == ["123", "1234567890", "123"]
    assert frame["doc_id"].cat.categories.tolist() == ["123", "1234567890"]


def test_ids_of_every_width_across_small_blocks(tmp_path, monkeypatch):
    rng = np.random.default_rng(34)
    numbers, widths = rng.integers(0, 99, 300).tolist(), rng.integers(1, 30, 300).tolist()
    ids = [str(n) * w for n, w in zip(numbers, widths, strict=True)]
    lines = [f"q{i} Q0 {d} {i} {i % 13} run" for i, d in enumerate(ids)]
    path = tmp_path / "r"
    path.write_text("\n".join(lines))  # no final newline
    for size in (16, 100, 333, 4096):
        monkeypatch.setattr(_scan, "BLOCK_BYTES", size)
        frame = ndcg.read_run(path)
        assert frame["doc_id"].astype(str).tolist() == ids
        assert frame["doc_id"].cat.categories.is_unique


def test_a_run_over_8_mib_with_ids_changing_width_between_blocks(tmp_path):
    # The same ids in every block (8 MiB each), short ones only in the first half of the
    # file and ids of 1 to 40 bytes after, comments now and then, no final newline.
    rng = np.random.default_rng(8)
    pad = rng.integers(0, 36, 5000)
    pad[:2500] = rng.integers(0, 4, 2500)
    ids = [f"{k}{'-' * int(p)}" for k, p in enumerate(pad.tolist())]
    n = 270_000
    parts = []
    for i in range(n):
        k = i % 2500 if i < n // 2 else i % 5000
        parts.append(f"{i // 1000}{'x' * (i // 1000 % 3)}\tQ0 {ids[k]} {i} {i % 97}.5 r{i % 3}")
        if i % 50_000 == 7:
            parts.append("# a comment\n")
    data = "\n".join(parts).encode()
    assert len(data) > 8 * 2**20 and not data.endswith(b"\n")
    path = tmp_path / "big.run"
    path.write_bytes(data)
    frame, run_id = read_run_and_id(path)
    got = zip(
        frame.index.tolist(),
        frame["query_id"].astype(str).tolist(),
        frame["doc_id"].astype(str).tolist(),
        frame["score"].tolist(),
        strict=True,
    )
    want = [(line, q, d, float(s)) for line, q, d, s in reference(data, (0, 2, 4))]
    assert list(got) == want
    assert frame["doc_id"].cat.categories.size == 5000
    assert run_id == f"r{(n - 1) % 3}"


def test_one_long_doc_id_does_not_widen_every_row(tmp_path):
    # Every token was padded to the block's widest: 40,000 rows x 2 KB = 80 MB.
    lines = [f"q{i // 100} Q0 d{i} 1 {i} r" for i in range(40_000)]
    lines[20_000] = f"q200 Q0 {'x' * 2048} 1 0.5 r"
    path = tmp_path / "long.run"
    path.write_text("\n".join(lines) + "\n")
    peak, frame = peak_bytes(ndcg.read_run, path)
    assert frame["doc_id"].iloc[20_000] == "x" * 2048
    assert peak < 30 * 2**20, peak


def test_one_long_score_does_not_widen_every_row(tmp_path):
    # A 64 KB score (a valid number: "0." then zeros then "5") among 4,000 lines.
    lines = [f"q{i // 100} Q0 d{i} 1 {i} r" for i in range(4_000)]
    long = "0." + "0" * 65_536 + "5"
    lines[1_000] = f"q10 Q0 long 1 {long} r"
    lines[3_000] = f"q30 Q0 long 1 -{'1' * 300} r"  # a long integer part too
    path = tmp_path / "score.run"
    path.write_text("\n".join(lines) + "\n")
    peak, frame = peak_bytes(ndcg.read_run, path)
    assert frame["score"].iloc[1_000] == 0.0  # below the smallest double, as strtod reads it
    assert frame["score"].iloc[3_000] == float("-" + "1" * 300)
    assert frame["score"].iloc[3_999] == 3999.0
    assert peak < 40 * 2**20, peak


def test_a_long_relevance_is_read_whole(tmp_path):
    path = tmp_path / "q"
    path.write_text("q 0 a 1\nq 0 b " + "0" * 100 + "7\n")
    assert ndcg.read_qrels(path)["relevance"].tolist() == [1, 7]


def test_a_file_of_nul_bytes_is_refused_at_its_first_block(tmp_path):
    # 256 MiB of NUL bytes and no newline (a sparse file: nothing is written to disk).
    path = tmp_path / "zeros.run"
    with open(path, "wb") as file:
        file.truncate(256 * 2**20)
    peak, _ = peak_bytes(_refused, path)
    assert peak < 3 * _scan.BLOCK_BYTES, peak


def _refused(path) -> None:
    with pytest.raises(TrecFormatError, match=r"zeros\.run:1: a NUL byte"):
        ndcg.read_run(path)


def test_a_nul_byte_after_a_long_line_start_names_its_line(tmp_path):
    path = tmp_path / "late.run"
    path.write_bytes(b"q Q0 a 1 1 r\nq Q0 b 1 1 r\n" + b"x" * (9 * 2**20) + b"\0\n")
    with pytest.raises(TrecFormatError, match=r"late\.run:3: a NUL byte"):
        ndcg.read_run(path)


@pytest.mark.parametrize(
    ("tail", "run_id"),
    [
        # A carriage return inside the last line separates fields, as C's isspace says.
        (b"q Q0 b 2 1 last\rnext\n", "last"),
        (b"q Q0 b 2 1 last\r\n", "last"),
        # A last line over 64 KiB: its seventh field is long.
        (b"q Q0 b 2 1 last " + b"y" * 70_000 + b"\n", "last"),
        # A long final comment after the last data line, then blank lines.
        (b"q Q0 b 2 1 last\n#" + b"c" * 70_000 + b"\n\n  \n", "last"),
        # No final newline.
        (b"q Q0 b 2 1 last", "last"),
    ],
)
def test_the_run_id_is_the_last_data_line_s_sixth_field(tmp_path, tail, run_id):
    qrels, run = tmp_path / "q", tmp_path / "r"
    qrels.write_text("q 0 a 1\n")
    run.write_bytes(b"q Q0 a 1 2 first\n" + tail)
    code, out, err = cli("-m", "runid", "-m", "num_ret", str(qrels), str(run))
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == f"runid                 \tall\t{run_id}"
    assert out.splitlines()[1].endswith("\t2")


def _pipe(data: bytes) -> str:
    """A pipe with ``data`` written into it from a thread; its /dev/fd name."""
    read, write = os.pipe()

    def feed() -> None:
        with os.fdopen(write, "wb") as stream:
            stream.write(data)

    threading.Thread(target=feed, daemon=True).start()
    return f"/dev/fd/{read}"


def test_a_run_from_a_pipe_is_read_once(tmp_path):
    # As bash's <(...) hands it over: a name that can be opened, and read, once.
    qrels = tmp_path / "q"
    qrels.write_text("q 0 a 1\nq 0 b 0\n")
    run = _pipe(b"q Q0 a 1 2 piped\nq Q0 b 2 1 piped\n" * 1)
    try:
        code, out, err = cli("-m", "runid", "-m", "P.1", str(qrels), run)
    finally:
        with contextlib.suppress(OSError):
            os.close(int(run.rsplit("/", 1)[1]))
    assert (code, err) == (0, "")
    assert out == "runid                 \tall\tpiped\nP_1                   \tall\t1.0000\n"


def test_a_run_from_standard_input_keeps_its_run_id(tmp_path, monkeypatch):
    qrels = tmp_path / "q"
    qrels.write_text("q 0 a 1\n")
    data = b"q Q0 a 1 2 stdin-run " + b"z" * 70_000 + b"\n# done\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, err = cli("-m", "runid", str(qrels), "-")
    assert (code, err) == (0, "")
    assert out == "runid                 \tall\tstdin-run\n"


def test_frames_from_the_reader_are_categoricals_of_text(tmp_path):
    path = tmp_path / "q"
    path.write_text("b 0 é 1\na 0 d 0\nb 0 d 2")
    frame = ndcg.read_qrels(path)
    assert isinstance(frame["doc_id"].dtype, pd.CategoricalDtype)
    assert frame["doc_id"].cat.categories.tolist() == ["é", "d"]  # order of appearance
    assert frame["query_id"].tolist() == ["b", "a", "b"]
