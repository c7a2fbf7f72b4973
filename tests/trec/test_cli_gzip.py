"""python -m ndcg reads gzip files as the text they hold, as the evaluation page does.

A gzip file is known by its first two bytes, whatever its name; its report is the report of
the text it holds, byte for byte, run id included; a cut file is named with a way to check
it; a pipe is read once (a gzip stream there is refused with the reader's words).
"""

from __future__ import annotations

import contextlib
import gzip
import io
import subprocess
import sys

from conftest import trec_files

from ndcg.cli import main

QRELS = "q1 0 a 2\nq1 0 b 1\nq1 0 c 0\nq2 0 a 1\n"
RUN = "q1 Q0 c 1 3 r\nq1 Q0 a 2 2 r\nq2 Q0 a 1 1 first\nq2 Q0 b 2 0.5 last"  # no final newline


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def test_a_gzip_file_reads_as_the_text_it_holds(tmp_path):
    qrels, plain = trec_files(tmp_path, QRELS, RUN)
    packed = tmp_path / "run.gz"
    packed.write_bytes(gzip.compress(RUN.encode()))
    nameless = tmp_path / "results"  # its name says nothing: its bytes do
    nameless.write_bytes(packed.read_bytes())
    qrels_gz = tmp_path / "qrels.gz"
    qrels_gz.write_bytes(gzip.compress(QRELS.encode()))
    options = ["-q", "-m", "all_trec"]
    want = run([*options, qrels, plain])
    assert want[0] == 0 and "runid                 \tall\tlast\n" in want[1]
    for files in ([qrels, str(packed)], [qrels, str(nameless)], [str(qrels_gz), str(packed)]):
        assert run([*options, *files]) == want


def test_a_large_gzip_run_past_the_reader_s_blocks(tmp_path):
    # Over 8 MiB unpacked (the reader's blocks), no final newline. (Ids of one width: ids
    # whose width changes between blocks are the reader's own test.)
    lines = [f"q{n % 7} Q0 d{n * 7919 % 10**7:07d} {n} {n % 997} r{n % 3}" for n in range(400_000)]
    text = "\n".join(dict.fromkeys(lines))
    assert len(text) > 9 * 2**20
    qrels, plain = trec_files(tmp_path, "q1 0 d0007919 1\nq2 0 d0000005 1\n", text)
    packed = tmp_path / "big.gz"
    packed.write_bytes(gzip.compress(text.encode(), compresslevel=1))
    want = run(["-m", "P.10", "-m", "num_ret", "-m", "runid", qrels, plain])
    assert want[0] == 0, want[2]
    assert run(["-m", "P.10", "-m", "num_ret", "-m", "runid", qrels, str(packed)]) == want


def test_a_cut_gzip_file_is_named_with_a_way_to_check_it(tmp_path):
    qrels, _ = trec_files(tmp_path, QRELS, RUN)
    whole = gzip.compress(RUN.encode() * 50)
    cut = tmp_path / "cut.run.gz"
    cut.write_bytes(whole[: len(whole) // 2])
    code, out, err = run([qrels, str(cut)])
    assert (code, out) == (2, "")
    assert err.startswith(f"ndcg: {cut}: not a whole gzip file (")
    assert err.endswith(f"check it with gunzip -t {cut}\n")


def test_a_gzip_stream_from_a_pipe_gets_the_reader_s_words(tmp_path):
    qrels, _ = trec_files(tmp_path, QRELS, RUN)
    done = subprocess.run(
        [sys.executable, "-m", "ndcg", qrels, "-"],
        input=gzip.compress(RUN.encode()),
        capture_output=True,
        check=False,
    )
    assert done.returncode == 2
    assert (
        done.stderr.decode() == "ndcg: <stdin>: a gzip-compressed file, not text: gunzip it first\n"
    )
