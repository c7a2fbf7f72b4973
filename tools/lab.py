"""JupyterLab on the chapters as a learner reads them, with the book's kernel: ``make lab``.

The chapters' sources (``notebooks/``) are MyST, for the book's build; JupyterLab would show
their roles and directives as raw text and none of the figures the prose quotes. So the lab
opens ``lab/``: the learner's copies of the chapters that each build writes
(``_build/learner/lab/``, made by ``tools/learner_notebooks.py``), in CommonMark, with the
figures filled in from the build, terms and citations as words, exercises as headings and
solutions folded. A copy is refreshed from the build only while the learner has not changed it:
once saved with their own work, it stays theirs (delete it to get the book's again).

The server and its kernel are the virtual environment's (``.venv``, the library installed):
the kernel spec ``python3``, which every chapter names, is ipykernel's own from that
environment, found first even when the user has another ``python3`` kernel elsewhere
(``JUPYTER_PATH``). The browser test of the chapters in JupyterLab
(``tests/browser/test_chapters_jupyterlab.py``) starts its server with :func:`command` on
copies made by :func:`refresh`, so it checks this setup.

Usage: ``python tools/lab.py [jupyter lab options]`` (``make lab``).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LEARNER = ROOT / "_build" / "learner" / "lab"
LAB = ROOT / "lab"
# What refresh() last wrote into the lab, by file name: the copy's SHA-256 as written.
MANIFEST = ".from-the-book.json"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def refresh(source: Path = LEARNER, target: Path = LAB) -> tuple[list[str], list[str]]:
    """Copy the build's learner chapters into ``target``, keeping any the learner changed.

    Parameters
    ----------
    source : Path
        The build's learner copies (``_build/learner/lab``).
    target : Path
        The folder JupyterLab opens.

    Returns
    -------
    tuple of (list of str, list of str)
        The chapters copied from the build, and those kept because the learner changed them.

    """
    chapters = sorted(source.glob("[0-9][0-9]_*.ipynb"))
    if not chapters:
        sys.exit(f"lab: no chapters in {source}; run `make book` first (make lab does)")
    target.mkdir(parents=True, exist_ok=True)
    manifest_path = target / MANIFEST
    manifest = json.loads(manifest_path.read_text("utf-8")) if manifest_path.exists() else {}
    copied, kept = [], []
    for path in chapters:
        destination = target / path.name
        if destination.exists() and _digest(destination) != manifest.get(path.name):
            kept.append(path.name)
            continue
        shutil.copy2(path, destination)
        manifest[path.name] = _digest(destination)
        copied.append(path.name)
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", "utf-8")
    return copied, kept


def command(root: Path = LAB, *options: str) -> tuple[list[str], dict[str, str]]:
    """The command line and environment of a JupyterLab server on ``root``.

    Parameters
    ----------
    root : Path
        The folder JupyterLab opens (the learner's chapters by default).
    *options : str
        More ``jupyter lab`` options (a port, no browser, ...).

    Returns
    -------
    tuple of (list of str, dict)
        ``argv`` and the environment to run it with.

    """
    share = Path(sys.prefix) / "share" / "jupyter"
    kernel = share / "kernels" / "python3" / "kernel.json"
    if not kernel.exists():
        sys.exit(f"lab: no python3 kernel spec at {kernel}; run `make venv` (installs ipykernel)")
    paths = [str(share), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
    env = {**os.environ, "JUPYTER_PATH": os.pathsep.join(paths)}
    argv = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={root}", *options]
    return argv, env


if __name__ == "__main__":
    copied, kept = refresh()
    print(f"lab: {len(copied)} chapters from the last build in {LAB}")
    if kept:
        print(f"lab: kept your own work in {', '.join(kept)} (delete a file to get the book's)")
    argv, env = command(LAB, *sys.argv[1:])
    os.execve(argv[0], argv, env)
