"""read_qrels / read_run: TREC formats in, DataFrames out, errors naming file and line."""

from __future__ import annotations

import pytest

import ndcg


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
    ("text", "message"),
    [
        ("1 0 a\n", r":1: a qrels line needs 4 fields"),
        ("1 0 a 1\n1 0 b x\n", r":2: relevance must be an integer"),
        ("1 0 a 1\n1 0 b 1.5\n", r":2: relevance must be an integer"),
        ("1 0 a 1\n1 0 a 2\n", r":2: document 'a' judged twice for query '1' \(first at line 1\)"),
    ],
)
def test_bad_qrels(tmp_path, text, message):
    path = write(tmp_path, "bad.qrels", text)
    with pytest.raises(ValueError, match=str(path).replace(".", r"\.") + message):
        ndcg.read_qrels(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 Q0 a 1 2.0\n", r":1: a run line needs 6 fields"),
        ("1 Q0 a 1 high r\n", r":1: score must be a number"),
        ("1 Q0 a 1 nan r\n", r":1: score must be finite"),
        ("1 Q0 a 1 1 r\n1 Q0 b 2 1 r\n1 Q0 a 3 1 r\n", r":3: document 'a' retrieved twice"),
    ],
)
def test_bad_run(tmp_path, text, message):
    path = write(tmp_path, "bad.run", text)
    with pytest.raises(ValueError, match=str(path).replace(".", r"\.") + message):
        ndcg.read_run(path)


def test_missing_file(tmp_path):
    with pytest.raises(OSError):
        ndcg.read_run(tmp_path / "absent")


def test_bytes_that_are_not_text(tmp_path):
    path = tmp_path / "binary.qrels"
    path.write_bytes(b"1 0 a 1\n\xff\xfe 0 b 1\n")
    with pytest.raises(ValueError, match=r"binary\.qrels:2: not UTF-8 text"):
        ndcg.read_qrels(path)
