"""Run the browser's ES modules in Node.js, for the tests that hold them to the Python.

The build machine has Node.js (the site's assets need it); without it these tests skip.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

NODE = shutil.which("node")
#: Mark a test module that runs JavaScript in Node.
needs_node = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")


def run_module(
    script: Path | str, *args: str, stdin: str | None = None, env: dict[str, str] | None = None
) -> str:
    """Run ``script`` as an ES module (its imports by URL or path) and return its stdout.

    Text crosses in UTF-8 either way, whatever the machine's locale, since query and document
    ids may be any Unicode; a script that fails fails the test with its stderr.
    """
    assert NODE is not None, "Node.js is not installed"
    done = subprocess.run(
        [NODE, "--experimental-default-type=module", str(script), *args],
        input=stdin,
        capture_output=True,
        encoding="utf-8",
        env={**os.environ, **(env or {})},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout
