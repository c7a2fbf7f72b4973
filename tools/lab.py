"""JupyterLab on the chapters as a learner reads them, with the book's kernel: ``make lab``.

The chapters' sources (``notebooks/``) are MyST, for the book's build; JupyterLab would show
their roles and directives as raw text and none of the figures the prose quotes. So the lab
opens ``lab/``: the learner's copies of the chapters that each build writes
(``_build/learner/lab/``, made by ``tools/learner_notebooks.py``), in CommonMark, with the
figures filled in from the build, terms and citations as words, exercises as headings and
solutions closed. A copy is refreshed from the build only while the learner has not changed it.
"Changed" is judged by the cells' sources, not the file's bytes: JupyterLab rewrites a chapter's
metadata (the kernel's) and its outputs as soon as it is opened and run, and that is no work of
the learner's. A chapter whose cells the learner edited stays theirs; when the book has a newer
edition of it, that edition is written beside it (``NN_name.new.ipynb``) and the lab says so
(delete the chapter to get the book's again).

The server and its kernel are the virtual environment's (``.venv``, the library installed):
the kernel spec ``python3``, which every chapter names, is ipykernel's own from that
environment, found first even when the user has another ``python3`` kernel elsewhere
(``JUPYTER_PATH``). The browser test of the chapters in JupyterLab
(``tests/browser/test_chapters_jupyterlab.py``) starts its server with :func:`command` on
copies made by :func:`refresh`, so it checks this setup.

Usage: ``python tools/lab.py [jupyter lab options]`` (``make lab``, with ``LAB_ARGS="--port
8899 --no-browser"`` for options). As root (a container, a Colab-like machine) it passes
``--allow-root``, which JupyterLab otherwise asks for and stops.
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
# What refresh() last wrote into the lab, by file name: the SHA-256 of the copy's cells.
MANIFEST = ".from-the-book.json"
# JupyterLab's settings for the lab (its app settings directory, not the user's own): widget
# state saved with the notebook, so that a chapter reopened after its kernel is gone shows its
# widgets, where JupyterLab would say "Error displaying widget: model not found".
SETTINGS = ROOT / "_build" / "lab-settings"
OVERRIDES = {"@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": True}}
NEWER = ".new.ipynb"


def _digest(path: Path) -> str:
    """The SHA-256 of a chapter's cells, type and source: what the learner writes.

    Not the file's bytes, which JupyterLab rewrites on opening a chapter (kernel metadata,
    outputs, execution counts, cell ids, the JSON's layout) with no change of the learner's.
    A file that is not a notebook any more counts as changed.
    """
    try:
        cells = json.loads(path.read_text("utf-8"))["cells"]
        content = [
            [cell["cell_type"], "".join(cell["source"]) if isinstance(cell["source"], list)
             else cell["source"]]
            for cell in cells
        ]  # fmt: skip
    except (ValueError, KeyError, TypeError):
        return "unreadable:" + hashlib.sha256(path.read_bytes()).hexdigest()
    return hashlib.sha256(json.dumps(content).encode("utf-8")).hexdigest()


def refresh(source: Path = LEARNER, target: Path = LAB) -> tuple[list[str], list[str], list[str]]:
    """Copy the build's learner chapters into ``target``, keeping any the learner changed.

    Parameters
    ----------
    source : Path
        The build's learner copies (``_build/learner/lab``).
    target : Path
        The folder JupyterLab opens.

    Returns
    -------
    tuple of (list of str, list of str, list of str)
        The chapters copied from the build; those kept because the learner changed them; and
        the kept ones whose newer edition from the book is now beside them
        (``NN_name.new.ipynb``).

    """
    chapters = sorted(source.glob("[0-9][0-9]_*.ipynb"))
    if not chapters:
        sys.exit(f"lab: no chapters in {source}; run `make book` first (make lab does)")
    target.mkdir(parents=True, exist_ok=True)
    manifest_path = target / MANIFEST
    manifest = json.loads(manifest_path.read_text("utf-8")) if manifest_path.exists() else {}
    copied, kept, newer = [], [], []
    for path in chapters:
        destination = target / path.name
        edition = _digest(path)
        beside = destination.with_name(destination.name.removesuffix(".ipynb") + NEWER)
        if destination.exists() and _digest(destination) not in (manifest.get(path.name), edition):
            kept.append(path.name)
            if edition != manifest.get(path.name):
                # The book changed since the learner's copy was made: its edition beside.
                shutil.copy2(path, beside)
                newer.append(beside.name)
            continue
        shutil.copy2(path, destination)
        beside.unlink(missing_ok=True)
        manifest[path.name] = edition
        copied.append(path.name)
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", "utf-8")
    return copied, kept, newer


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
    SETTINGS.mkdir(parents=True, exist_ok=True)
    (SETTINGS / "overrides.json").write_text(json.dumps(OVERRIDES, indent=1) + "\n", "utf-8")
    argv = [
        sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={root}",
        f"--LabApp.app_settings_dir={SETTINGS}", *options,
    ]  # fmt: skip
    if os.geteuid() == 0 and "--allow-root" not in options:
        argv.append("--allow-root")  # JupyterLab stops for root without it
    return argv, env


def report(copied: list[str], kept: list[str], newer: list[str]) -> list[str]:
    """What the lab tells the learner about their chapters, line by line."""
    lines = [f"lab: {len(copied)} chapters from the last build in {LAB}"]
    unchanged = [name for name in kept if name.removesuffix(".ipynb") + NEWER not in newer]
    if unchanged:
        lines.append(
            f"lab: kept your own work in {', '.join(unchanged)}; the book has not changed them "
            "since (delete a file to get the book's)"
        )
    for name in newer:
        lines.append(
            f"lab: the book has a newer edition of {name.removesuffix(NEWER)}.ipynb, which you "
            f"changed: your work is kept, the new edition is {LAB / name}"
        )
    return lines


if __name__ == "__main__":
    print("\n".join(report(*refresh())))
    argv, env = command(LAB, *sys.argv[1:])
    os.execve(argv[0], argv, env)
