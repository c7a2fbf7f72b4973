"""`pip install ndcg` installs what `import ndcg` needs, and no more: the wheel's own
dependencies are numpy and pandas; the widgets and the teaching code come with the `book`
extra, like `ltr` and `spark`. The wheel is installed into a new virtual environment that sees
numpy and pandas (and what they need) but none of the book's packages, where the core
examples and the command line run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import learner_downloads as downloads
import pytest
from _elsewhere import python_seeing
from conftest import ROOT, SHARED

# What numpy and pandas need at import, by the folder names of their installed packages.
CORE = ("numpy", "pandas", "pyarrow", "dateutil", "python_dateutil", "six", "tzdata", "pytz")
BOOK = ("matplotlib", "anywidget", "ipywidgets", "traitlets")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    return downloads.build_wheel(tmp_path_factory.mktemp("wheel"))


def _requires(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(archive.read(name).decode("utf-8"))
    return metadata.get_all("Requires-Dist") or []


def test_the_wheel_depends_on_numpy_pandas_and_pyarrow_alone(wheel: Path) -> None:
    requires = _requires(wheel)
    plain = sorted(r.split(">")[0].split("=")[0].strip() for r in requires if "extra ==" not in r)
    assert plain == ["numpy", "pandas", "pyarrow"]
    extras = {r.split("extra ==")[1].strip().strip("'\"") for r in requires if "extra ==" in r}
    assert extras == {"book", "ltr", "spark"}
    for name in BOOK:
        assert any(r.startswith(name) and 'extra == "book"' in r for r in requires), name


def test_the_wheel_carries_the_version_of_ndcg_init(wheel: Path) -> None:
    # One home for the version: __version__ in src/ndcg/__init__.py; pyproject.toml has
    # setuptools read it, and the wheel's metadata and file name follow.
    source = (ROOT / "src" / "ndcg" / "__init__.py").read_text("utf-8")
    line = next(line for line in source.splitlines() if line.startswith("__version__ = "))
    version = line.split("=", 1)[1].strip().strip("\"'")
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(archive.read(name).decode("utf-8"))
    assert metadata["Version"] == version == downloads.version()
    assert wheel.name == f"ndcg-{version}-py3-none-any.whl" == downloads.wheel_name()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]


def _core_python(tmp: Path) -> Path:
    """A new venv that sees only numpy, pandas, pyarrow and what they need from the build's
    packages."""
    return python_seeing(tmp, lambda name: name.startswith(CORE), name="core")


CORE_EXAMPLES = textwrap.dedent(
    """
    import importlib.util, sys
    import ndcg

    for name in ("matplotlib", "anywidget", "ipywidgets", "traitlets", "myst_nb"):
        assert importlib.util.find_spec(name) is None, name
    print(ndcg.cg([3, 2, 3, 0, 1, 2]), ndcg.dcg([3, 2, 3, 0, 1, 2]))
    print(ndcg.ndcg([3, 2, 3, 0, 1, 2], k=6, pool=[3, 2, 3, 0, 1, 2, 3, 2]))
    qrels, run = ndcg.read_qrels(sys.argv[1]), ndcg.read_run(sys.argv[2])
    print(round(float(ndcg.evaluate(qrels, run, k=10)["ndcg@10"].mean()), 4))
    try:
        import ndcg.widgets
    except ImportError as error:
        print("widgets:", error)
    """
)


def test_the_core_runs_where_only_numpy_pandas_and_pyarrow_are(wheel: Path, tmp_path: Path) -> None:
    python = _core_python(tmp_path)
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path)}
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
         "--no-index", str(wheel)],
        check=True, capture_output=True, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    conformance = SHARED / "conformance" / "trec_eval"
    qrels, run = conformance / "qrels.test", conformance / "results.test"
    done = subprocess.run(
        [python, "-c", CORE_EXAMPLES, str(qrels), str(run)],
        check=True, capture_output=True, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert lines[0] == "11.0 6.861126688593502"
    assert lines[1] == "0.785002371969948"
    # The book's wing names the extra it lacks.
    assert lines[3].startswith("widgets: ndcg.widgets needs anywidget, ipywidgets, traitlets")
    assert lines[3].endswith('pip install "ndcg[book]"')
    report = subprocess.run(
        [python, "-m", "ndcg", str(qrels), str(run), "-m", "ndcg_cut.10"],
        check=True, capture_output=True, text=True, env=env, cwd=tmp_path,
    ).stdout  # fmt: skip
    assert report.startswith("ndcg_cut_10")
    assert f"{float(lines[2]):.4f}" in report


def test_the_wheel_ships_the_widgets_bundles_and_no_other_browser_code(
    wheel: Path, tmp_path: Path
) -> None:
    # Each widget's one ES module and stylesheet, as esbuild built them from js/ (make
    # widgets); not the sources, nor the evaluation page's engine, which no widget loads.
    import widget_bundles

    static = ROOT / "src" / "ndcg" / "widgets" / "static"
    bundles = {f"{w}.{kind}" for w in widget_bundles.WIDGETS for kind in ("js", "css")}
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        browser = sorted(n for n in names if n.endswith((".js", ".mjs", ".css", ".json")))
        assert browser == sorted(f"ndcg/widgets/static/{name}" for name in bundles)
        for name in bundles:
            assert archive.read(f"ndcg/widgets/static/{name}") == (static / name).read_bytes()
        archive.extractall(tmp_path / "site-packages")
    # The installed package reads them, with no sources beside it to compare them with.
    import importlib.util

    shipped = tmp_path / "site-packages" / "ndcg" / "widgets" / "_front_end.py"
    spec = importlib.util.spec_from_file_location("shipped_front_end", shipped)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for widget in widget_bundles.WIDGETS:
        assert module.front_end(widget, "js") == (static / f"{widget}.js").read_text("utf-8")
        assert module.front_end(widget, "js").count("export") >= 1
