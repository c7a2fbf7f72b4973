"""The command line's cost follows the lines, not queries x the longest list.

One long ranked list among short ones, and many queries scored a block at a time, each
checked against the report computed the plain way. Memory is bounded with
``tracemalloc`` (which sees NumPy's buffers), never with a clock.
"""

from __future__ import annotations

import contextlib
import io
import tracemalloc

import numpy as np
import pytest

from ndcg.trec import cli, rows


def report(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(argv))
    assert code == 0, err.getvalue()
    return out.getvalue()


@pytest.fixture(scope="module")
def long_list(tmp_path_factory):
    """200 queries of 10 documents and one of 20,000, graded 0-3, some unjudged."""
    folder = tmp_path_factory.mktemp("long")
    run, qrels = [], []
    for q in range(200):
        run += [f"q{q} Q0 d{d} {d} {10 - d} r\n" for d in range(10)]
        qrels += [f"q{q} 0 d{d} {d % 4}\n" for d in range(0, 20, 2)]
    run += [f"long Q0 d{d} {d} {-d} r\n" for d in range(20_000)]
    qrels += [f"long 0 d{d} {d % 4}\n" for d in range(0, 40_000, 7)]
    (folder / "run").write_text("".join(run))
    (folder / "qrels").write_text("".join(qrels))
    return str(folder / "qrels"), str(folder / "run")


def test_one_long_list_does_not_widen_the_others(long_list):
    # Padded to the longest list, 201 x 20,000 cells made every kernel's arrays 32 MB.
    tracemalloc.start()
    try:
        text = report("-q", "-m", "all_trec", *long_list)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 60 * 2**20, peak
    assert "num_ret               \tlong\t20000\n" in text


def test_chunks_give_the_report_of_one_padded_block(long_list, monkeypatch):
    whole = report("-q", "-c", "-m", "all_trec", *long_list)
    monkeypatch.setattr(rows, "CHUNK_CELLS", 200)  # a few queries a chunk
    assert report("-q", "-c", "-m", "all_trec", *long_list) == whole


@pytest.mark.parametrize("flags", [(), ("-c",), ("-J", "-c"), ("-l", "2")])
def test_queries_scored_a_block_at_a_time(tmp_path, monkeypatch, flags):
    rng = np.random.default_rng(len(flags))
    run, qrels = [], []
    for q in rng.permutation(60):
        docs = rng.choice(30, rng.integers(1, 12), replace=False)
        run += [f"q{q} Q0 d{d} 1 {rng.integers(0, 4)} r\n" for d in docs]
        if q % 9:
            qrels += [f"q{q} 0 d{d} {rng.integers(-1, 4)}\n" for d in range(0, 30, 3)]
    qrels += ["missing 0 d1 1\n", "q1 0 extra 2\n"]  # judged, not retrieved
    (tmp_path / "run").write_text("".join(run))
    (tmp_path / "qrels").write_text("".join(qrels))
    files = (str(tmp_path / "qrels"), str(tmp_path / "run"))
    argv = ("-q", *flags, "-m", "all_trec", *files)
    whole = report(*argv)
    monkeypatch.setattr(cli, "QUERY_BLOCK", 7)
    assert report(*argv) == whole
    assert whole.count("\nnum_q") == 1 and "\tall\t" in whole


def test_more_queries_than_the_bound_are_refused_by_name(tmp_path, monkeypatch):
    (tmp_path / "qrels").write_text("".join(f"q{i} 0 d 1\n" for i in range(6)))
    (tmp_path / "run").write_text("q1 Q0 d 1 1 r\n")
    monkeypatch.setattr(cli, "MAX_QUERIES", 5)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main([str(tmp_path / "qrels"), str(tmp_path / "run")])
    assert (code, out.getvalue()) == (2, "")
    assert "qrels judges 6 queries; this command scores at most 5 in one run" in err.getvalue()
    assert "split the qrels and the run by query" in err.getvalue()
