"""Chapter 7's example of the evaluation page, as ``tools/evaluate_page.py`` writes it.

The page's comparison must give chapter 7's figures, so the TREC files written at build time
must read back to the chapter's collection exactly: the same judgments and the same scores,
to the last bit (``repr`` is Python's shortest exact form of a double).
"""

from __future__ import annotations

from pathlib import Path

import evaluate_page
import pandas as pd

import ndcg
from ndcg.teaching import synthetic

ROOT = Path(__file__).resolve().parents[2]


def _as_text(frame: pd.DataFrame, value: str) -> pd.DataFrame:
    """``frame`` by query and document, ids as text (read_run gives categoricals)."""
    out = frame[["query_id", "doc_id", value]].astype({"query_id": str, "doc_id": str})
    return out.sort_values(["query_id", "doc_id"]).reset_index(drop=True)


def test_chapter_7_s_files_read_back_to_the_chapter_s_collection(tmp_path):
    files = evaluate_page.chapter7_files()
    for file in files.values():
        (tmp_path / file["name"]).write_text(file["text"], encoding="utf-8")
    collection = synthetic.make_collection(**evaluate_page.CHAPTER7)
    qrels = ndcg.read_qrels(tmp_path / files["qrels"]["name"])
    pd.testing.assert_frame_equal(
        _as_text(qrels, "relevance"), _as_text(collection.qrels, "relevance"), check_dtype=False
    )
    for key, run in (("run1", collection.run_a), ("run2", collection.run_b)):
        read = ndcg.read_run(tmp_path / files[key]["name"])
        # Exact: no tolerance, the scores must be the same doubles.
        pd.testing.assert_frame_equal(
            _as_text(read, "score"), _as_text(run, "score"), check_exact=True
        )


def test_the_run_files_rank_by_score_and_carry_the_system_s_tag():
    files = evaluate_page.chapter7_files()
    for key, tag in (("run1", "system_A"), ("run2", "system_B")):
        lines = [line.split() for line in files[key]["text"].splitlines()]
        assert {line[5] for line in lines} == {tag}
        first = [line for line in lines if line[0] == "q001"]
        assert [int(line[3]) for line in first] == list(range(1, len(first) + 1))
        scores = [float(line[4]) for line in first]
        assert scores == sorted(scores, reverse=True)
