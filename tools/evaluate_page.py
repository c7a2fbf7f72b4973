"""Build the evaluation page's script into ``_vendor/vendor/evaluate/``.

The page (``book/evaluate.md``) evaluates a reader's run in the browser with the same rules
as ``python -m ndcg``. Its code is plain ES modules under ``src/ndcg/widgets/js/``: the
engine (``trec/``), the paired tests (``stats.js``) and the page's own views and worker
(``evaluate_page/``). A page opened from a ``file://`` address may load neither module
scripts nor a worker from a file, so esbuild (from ``node_modules``) joins them into classic
scripts here:

- the worker (``evaluate_page/worker.js`` and what it imports) as one script, whose text is
  embedded in the page's script and started from a Blob;
- the page (``evaluate_page/main.js``) as one script exposing ``NdcgEvaluatePage``, followed
  by one call that starts it with the worker's text, the measures' records
  (``ndcg.widgets._registry.registry_json``: names, chapters, trec_eval names), the
  "try it" example (trec_eval's own test files, ``tools/evaluate_example/``), embedded
  because such a page cannot fetch files beside it, and the page's stylesheet
  (``evaluate_page/evaluate.css``), which the script puts in the page: each page of the site
  links one stylesheet, joined for it at build time (``tools/css_bundle.py``).

Called by ``tools/vendor_assets.py`` (``make assets``, ``make book``); run alone with
``python tools/evaluate_page.py``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "ndcg" / "widgets" / "js" / "evaluate_page"
EXAMPLE = ROOT / "tools" / "evaluate_example"
OUT = ROOT / "_vendor" / "vendor" / "evaluate"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
#: The example's files, by the input of the page each one fills.
EXAMPLE_FILES = {"qrels": "qrels.test", "run1": "results.test", "run2": "results.trunc"}
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


def example() -> dict[str, dict[str, str]]:
    """The "try it" files: each input's file name and text."""
    return {
        key: {"name": name, "text": (EXAMPLE / name).read_text(encoding="utf-8")}
        for key, name in EXAMPLE_FILES.items()
    }


def registry() -> dict:
    """Every measure's record, as the engine reads them (names, chapters, trec_eval names)."""
    from ndcg.widgets._registry import registry_json

    return registry_json()


def page_script() -> str:
    """The page's script: its views, then the call that starts them with what they embed."""
    worker = bundle(SOURCE / "worker.js")
    page = bundle(SOURCE / "main.js", "--global-name=NdcgEvaluatePage")
    css = (SOURCE / "evaluate.css").read_text(encoding="utf-8")
    assets = {"worker": worker, "registry": registry(), "example": example(), "css": css}
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
