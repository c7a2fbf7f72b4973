"""A Python elsewhere: a new virtual environment that sees some of the build's packages.

Installing numpy, pandas and the rest from the package index for every test run would take
minutes and the network; what the tests that use this are about (a missing library, a missing
extra) is the same when the new environment reaches the build's own installed packages through
a ``.pth`` file pointing to a folder of links, with what it must not see left out.
"""

from __future__ import annotations

import os
import subprocess
import venv
from collections.abc import Callable
from pathlib import Path


def python_seeing(tmp: Path, keep: Callable[[str], bool], name: str = "elsewhere") -> Path:
    """A new venv in ``tmp`` whose site-packages link the build's entries that ``keep`` takes.

    ``keep`` gets each entry's lower-case name (``numpy``, ``numpy-2.4.6.dist-info``, ...);
    ``.pth`` files are never linked. Returns the new environment's Python.
    """
    env_dir = tmp / name
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True, env={"PATH": os.environ["PATH"]},
    ).stdout.strip()  # fmt: skip
    packages = tmp / f"{name}-packages"
    packages.mkdir()
    import numpy

    source = Path(numpy.__file__).resolve().parents[1]
    for entry in source.iterdir():
        if entry.suffix != ".pth" and keep(entry.name.lower()):
            (packages / entry.name).symlink_to(entry)
    (Path(purelib) / "build-packages.pth").write_text(f"{packages}\n", encoding="utf-8")
    return python
