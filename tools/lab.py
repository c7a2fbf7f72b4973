"""JupyterLab on the chapters with the book's kernel: what ``make lab`` runs.

The server and its kernel are the virtual environment's (``.venv``, the library installed):
the kernel spec ``python3``, which every chapter names, is ipykernel's own from that
environment, found first even when the user has another ``python3`` kernel elsewhere
(``JUPYTER_PATH``). The browser test of the chapters in JupyterLab
(``tests/browser/test_chapters_jupyterlab.py``) starts its server with :func:`command`, so it
checks this setup.

Usage: ``python tools/lab.py [jupyter lab options]`` (``make lab``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


def command(root: Path = NOTEBOOKS, *options: str) -> tuple[list[str], dict[str, str]]:
    """The command line and environment of a JupyterLab server on ``root``.

    Parameters
    ----------
    root : Path
        The folder JupyterLab opens (the chapters by default).
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
    argv, env = command(NOTEBOOKS, *sys.argv[1:])
    os.execve(argv[0], argv, env)
