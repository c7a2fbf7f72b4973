"""Build each widget's front end into the package: one minified ES module, one stylesheet.

The browser code lives in ``js/`` at the repository's root, as small ES modules. A widget's
entry, ``js/<widget>.js``, and everything it imports become one ES module, and its
stylesheet, ``js/<widget>.css`` (which imports ``js/_shared.css``), one sheet, both minified
by esbuild (from ``node_modules``) into ``src/ndcg/widgets/static/`` (git-ignored). The
widget classes read them from there (``ndcg.widgets._front_end``), the wheel ships them and
nothing else of ``js/``; anywidget in JupyterLab, the site's loader (``js/widget-loader.js``)
and :func:`ndcg.widgets.standalone_html` all load that one module.

Beside them, ``sources.json`` records the SHA-256 of every file each bundle was built from
(esbuild's metafile), so that an import in a clone can tell a bundle older than its sources
and say so (the wheel does not ship it). A bundle whose text is unchanged keeps its file and
time: ``make book`` runs every notebook again when something under ``src/`` is newer than its
cache, and should not for a rebuild that changed nothing.

Run by ``make widgets``, which ``make book``, ``make test``, ``make lab`` and the wheel's
build (``tools/learner_downloads.py``) depend on; alone: ``python tools/widget_bundles.py``.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "js"
OUT = ROOT / "src" / "ndcg" / "widgets" / "static"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
#: The widgets, by the name of their entry module and stylesheet in ``js/``.
WIDGETS = ("answer", "practice", "ranking", "swap")
#: Where the bundles say what they were built from, and which files the wheel leaves out.
SOURCES = "sources.json"
# JupyterLab 4 and the browsers the site supports run ES2020; the target only stops esbuild
# from rewriting newer syntax.
TARGET = "es2020"
# V8's explicit compile hint: compile every function of the module as the module is compiled,
# rather than each on its first call. A widget's view calls nearly all of its functions as it
# is first drawn, each then parsed a second time. On the phone profile of bench/site.py (4x
# CPU) the DCG chapter's ranking widget was drawn 0.04 s after its placeholder was parsed
# instead of 0.07 s (medians of 15 visits); the compiling done earlier costs a part of that
# back. Browsers without the hint read a comment.
COMPILE_HINT = "//# allFunctionsCalledOnLoad"


def esbuild(*args: str) -> str:
    """Run esbuild with ``args``; return its standard output.

    Raises
    ------
    RuntimeError
        If esbuild is not installed or fails; the message holds esbuild's own.
    """
    if not ESBUILD.exists():
        raise RuntimeError(f"widget_bundles: missing {ESBUILD}; run `npm ci` first")
    done = subprocess.run(
        [str(ESBUILD), *args, "--charset=utf8", "--legal-comments=none", "--log-level=warning"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    if done.returncode != 0 or done.stderr.strip():
        raise RuntimeError(f"widget_bundles: esbuild failed:\n{done.stderr}")
    return done.stdout


def bundle_module(entry: Path, minify: bool = False) -> str:
    """``entry`` and everything it imports as one ES module's text, its exports kept.

    For the tests that load one of ``js/``'s modules into a page (``js/arith.js``, a widget).
    """
    flags = ["--minify"] if minify else []
    return esbuild(str(entry), "--bundle", "--format=esm", f"--target={TARGET}", *flags)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _write_changed(built: Path, out: Path) -> list[str]:
    """Copy each file of ``built`` into ``out`` unless ``out`` holds the same bytes."""
    written = []
    for path in sorted(built.iterdir()):
        target = out / path.name
        if target.is_file() and target.read_bytes() == path.read_bytes():
            continue
        shutil.copyfile(path, target)
        written.append(path.name)
    return written


def build(out: Path = OUT) -> list[str]:
    """Bundle every widget's module and stylesheet into ``out``; return the files rewritten.

    Parameters
    ----------
    out
        The folder the bundles go to; files in it that no widget makes are removed.

    Returns
    -------
    list of str
        The names of the files whose text changed (a rebuild of unchanged sources: none).
    """
    entries = [str(JS / f"{widget}.{kind}") for widget in WIDGETS for kind in ("js", "css")]
    with tempfile.TemporaryDirectory(prefix="widget-bundles-") as tmp:
        built, meta = Path(tmp) / "built", Path(tmp) / "meta.json"
        esbuild(
            *entries,
            "--bundle",
            "--format=esm",
            "--minify",
            f"--target={TARGET}",
            f"--banner:js={COMPILE_HINT}",
            f"--outdir={built}",
            f"--metafile={meta}",
        )
        outputs = json.loads(meta.read_text(encoding="utf-8"))["outputs"]
        sources = {
            Path(name).name: {source: _digest(ROOT / source) for source in sorted(output["inputs"])}
            for name, output in outputs.items()
        }
        text = json.dumps(dict(sorted(sources.items())), indent=1) + "\n"
        (built / SOURCES).write_text(text, encoding="utf-8")
        out.mkdir(parents=True, exist_ok=True)
        for stray in sorted(set(p.name for p in out.iterdir()) - set(sources) - {SOURCES}):
            (out / stray).unlink()
        return _write_changed(built, out)


def main() -> None:
    try:
        written = build()
    except RuntimeError as error:
        sys.exit(str(error))
    sizes = ", ".join(f"{p.name} {p.stat().st_size // 1024} KB" for p in sorted(OUT.glob("*.js")))
    changed = ", ".join(written) or "nothing changed"
    print(f"widget_bundles: {OUT.relative_to(ROOT)} ({sizes}); rewritten: {changed}")


if __name__ == "__main__":
    main()
