"""Build the evaluation page's script into ``_vendor/vendor/evaluate/``.

The page (``book/evaluate.md``) evaluates a reader's run in the browser with the same rules
as ``python -m ndcg``. Its code is plain ES modules under ``js/``: the
engine (``trec/``), the paired tests (``stats.js``) and the page's own views and worker
(``evaluate_page/``). A page opened from a ``file://`` address may load neither module
scripts nor a worker from a file, so esbuild (from ``node_modules``) joins them into classic
scripts here:

- the worker (``evaluate_page/worker.js`` and what it imports) as one script, whose text is
  embedded in the page's script and started from a Blob;
- the page (``evaluate_page/main.js``) as one script exposing ``NdcgEvaluatePage``, followed
  by one call that starts it with the worker's text, the measures' records
  (``ndcg.widgets._registry.registry_json``: names, chapters, trec_eval names), the two
  "try it" examples, embedded because such a page cannot fetch files beside it, and the
  page's stylesheet
  (``evaluate_page/evaluate.css``), which the script puts in the page: each page of the site
  links one stylesheet, joined for it at build time (``tools/css_bundle.py``).

Called by ``tools/vendor_assets.py`` (``make assets``, ``make book``); run alone with
``python tools/evaluate_page.py``.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "js" / "evaluate_page"
EXAMPLE = ROOT / "tools" / "evaluate_example"
OUT = ROOT / "_vendor" / "vendor" / "evaluate"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
#: trec_eval's own test files (one run: the report its test prints), by the input each fills.
TREC_EVAL_FILES = {"qrels": "qrels.test", "run1": "results.test"}
#: Chapter 7's collection (``notebooks/07_many_queries``): its call, and the file names the
#: page gives its qrels and its two systems' runs.
CHAPTER7 = {"n_queries": 50, "docs_per_query": 30, "difference": 0.3, "depth": 20, "seed": 2026}
CHAPTER7_FILES = {"qrels": "chapter7.qrels", "run1": "system_A.run", "run2": "system_B.run"}
# Chromium 90+ and Firefox 113+ have every stream the worker uses (DecompressionStream,
# TextDecoderStream); the target only stops esbuild from rewriting newer syntax.
TARGET = "es2020"


def bundle(entry: Path, *extra: str) -> str:
    """``entry`` and everything it imports as one classic script, from esbuild."""
    if not ESBUILD.exists():
        sys.exit(f"evaluate_page: missing {ESBUILD}; run `npm ci` first")
    result = subprocess.run(
        [
            str(ESBUILD),
            str(entry),
            "--bundle",
            "--format=iife",
            f"--target={TARGET}",
            "--charset=utf8",
            "--legal-comments=none",
            *extra,
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        sys.exit(f"evaluate_page: esbuild failed on {entry.name}:\n{result.stderr}")
    return result.stdout


def qrels_text(qrels: pd.DataFrame) -> str:
    """``qrels`` (``query_id``, ``doc_id``, ``relevance``) as a TREC qrels file's text."""
    out = io.StringIO()
    for query, doc, grade in qrels[["query_id", "doc_id", "relevance"]].itertuples(index=False):
        out.write(f"{query} 0 {doc} {int(grade)}\n")
    return out.getvalue()


def run_text(run: pd.DataFrame, tag: str) -> str:
    """``run`` (``query_id``, ``doc_id``, ``score``) as a TREC run file's text, tagged ``tag``.

    Lines go by query, best score first, ranked from 1; each score is written in Python's
    shortest exact form (``repr``), so the file reads back to the same doubles.
    """
    ranked = run.sort_values(["query_id", "score"], ascending=[True, False], kind="stable")
    out = io.StringIO()
    rank = 0
    previous = None
    for query, doc, score in ranked[["query_id", "doc_id", "score"]].itertuples(index=False):
        rank = rank + 1 if query == previous else 1
        previous = query
        out.write(f"{query} Q0 {doc} {rank} {float(score)!r} {tag}\n")
    return out.getvalue()


def chapter7_files() -> dict[str, dict[str, str]]:
    """Chapter 7's collection as TREC files: its qrels, system A as run 1, system B as run 2."""
    from ndcg.teaching import synthetic

    collection = synthetic.make_collection(**CHAPTER7)
    texts = {
        "qrels": qrels_text(collection.qrels),
        "run1": run_text(collection.run_a, "system_A"),
        "run2": run_text(collection.run_b, "system_B"),
    }
    return {key: {"name": CHAPTER7_FILES[key], "text": text} for key, text in texts.items()}


def examples() -> dict[str, dict[str, dict[str, str]]]:
    """The "try it" examples, each its inputs' file names and texts.

    ``trec_eval``: trec_eval's own test files, one run. ``chapter7``: chapter 7's two
    systems, generated here by the library rather than kept as data.
    """
    trec_eval = {
        key: {"name": name, "text": (EXAMPLE / name).read_text(encoding="utf-8")}
        for key, name in TREC_EVAL_FILES.items()
    }
    return {"trec_eval": trec_eval, "chapter7": chapter7_files()}


def registry() -> dict:
    """Every measure's record, as the engine reads them (names, chapters, trec_eval names)."""
    from ndcg.widgets._registry import registry_json

    return registry_json()


def page_script() -> str:
    """The page's script: its views, then the call that starts them with what they embed."""
    worker = bundle(SOURCE / "worker.js")
    page = bundle(SOURCE / "main.js", "--global-name=NdcgEvaluatePage")
    css = (SOURCE / "evaluate.css").read_text(encoding="utf-8")
    assets = {"worker": worker, "registry": registry(), "examples": examples(), "css": css}
    # "</" is escaped so that no text inside can end a <script> element, should the
    # script ever be inlined in a page.
    data = json.dumps(assets, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return f"{page}NdcgEvaluatePage.start({data});\n"


def unchanged_time(script: str) -> int | None:
    """The written script's modification time (ns) if it already holds ``script``, else None."""
    path = OUT / "evaluate.js"
    if path.is_file() and path.read_text(encoding="utf-8") == script:
        return path.stat().st_mtime_ns
    return None


def write(script: str, keep_time: int | None = None) -> None:
    """Write the script into ``OUT``, with ``keep_time`` as its time when given.

    A rewritten script with the same text keeps its time, so the next build finds no asset
    newer than the site (``tools/fresh_assets.py``) and reads no page again for it.
    """
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    path = OUT / "evaluate.js"
    path.write_text(script, encoding="utf-8")
    if keep_time is not None:
        os.utime(path, ns=(keep_time, keep_time))
    size = len(script.encode()) // 1024
    print(f"evaluate_page: wrote {OUT.relative_to(ROOT)} ({size} KB script)")


def main() -> None:
    script = page_script()
    write(script, unchanged_time(script))


if __name__ == "__main__":
    main()
