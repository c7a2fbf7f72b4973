"""The package layout holds: the library apart from the teaching code and the widgets."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "ndcg"
HEAVY = ("matplotlib", "scipy", "sklearn", "anywidget", "ipywidgets", "traitlets")
WINGS = ("ndcg.teaching", "ndcg.widgets", "ndcg.ltr")


def _imports(path: Path) -> set[str]:
    """Every module a file imports, at any depth (function-level imports included)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    package = ".".join(path.relative_to(SRC.parent).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def _core_files() -> list[Path]:
    wings = ("teaching", "widgets", "ltr")
    return sorted(p for p in SRC.rglob("*.py") if p.relative_to(SRC).parts[0] not in wings)


@pytest.mark.parametrize("path", _core_files(), ids=lambda p: str(p.relative_to(SRC)))
def test_core_never_imports_the_wings(path):
    bad = {m for m in _imports(path) if m.startswith(WINGS) or m.split(".")[0] in HEAVY}
    assert not bad, f"{path.name} imports {sorted(bad)}: the core must stand alone"


def test_import_ndcg_loads_no_heavy_or_teaching_module():
    code = (
        "import sys, ndcg, ndcg.trec.cli, ndcg.trec.measures, ndcg.stats\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r} "
        f"or m.startswith({WINGS!r}))\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"import ndcg loaded {out.stdout.strip()}"


def test_the_command_line_and_trec_measures_keep_their_names():
    # Both moved into ndcg.trec; `ndcg.cli`, `ndcg.trec_measures` are the same modules.
    code = (
        "import ndcg.cli, ndcg.trec_measures, ndcg.trec.cli, ndcg.trec.measures\n"
        "from ndcg import cli, trec_measures\n"
        "from ndcg.cli import main\n"
        "from ndcg.trec_measures import bpref\n"
        "assert ndcg.cli is cli is ndcg.trec.cli and main is ndcg.trec.cli.main\n"
        "assert ndcg.trec_measures is trec_measures is ndcg.trec.measures\n"
        "assert bpref is ndcg.trec.measures.bpref\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    "options",
    [[], ["-q", "--json"], ["-c", "-J", "-l", "2"], ["-m", "all_trec", "--gain", "exponential"]],
    ids=" ".join,
)
@pytest.mark.parametrize("separator", [" ", "\t"], ids=["plain", "tabs"])
def test_the_command_line_never_imports_pandas(tmp_path, options, separator):
    # pandas takes a third of a second and 100 MB to import: the command line reads,
    # scores and reports with NumPy and PyArrow alone, whichever reader reads the files.
    (tmp_path / "qrels").write_text(
        "".join(
            f"q{q}{separator}0{separator}d{d}{separator}{(q + d) % 4}\n"
            for q in range(3)
            for d in range(6)
        )
    )
    (tmp_path / "run").write_text(
        "".join(
            separator.join([f"q{q}", "Q0", f"d{d}", str(d), f"{1 - d / 10:.2f}", "r"]) + "\n"
            for q in range(2)
            for d in range(8)
        )
    )
    code = (
        "import sys\n"
        "from ndcg.cli import main\n"
        f"code = main({[*options, str(tmp_path / 'qrels'), str(tmp_path / 'run')]!r})\n"
        "assert code == 0, code\n"
        "assert 'pandas' not in sys.modules, 'the command line imported pandas'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


@pytest.mark.parametrize("path", sorted((SRC / "teaching").glob("*.py")), ids=lambda p: p.name)
def test_teaching_uses_public_names_only(path):
    private = sorted(
        m
        for m in _imports(path)
        if m.startswith("ndcg.")
        and not m.startswith("ndcg.teaching")
        and any(part.startswith("_") for part in m.split(".")[1:])
    )
    assert not private, f"{path.name} reaches into the library's private modules: {private}"


@pytest.mark.parametrize(
    "path",
    sorted(p for p in SRC.rglob("*.py") if not p.name.startswith("_") or p.name == "__init__.py"),
    ids=lambda p: str(p.relative_to(SRC)),
)
def test_every_public_module_names_its_chapter(path):
    doc = ast.get_docstring(ast.parse(path.read_text())) or ""
    assert "hapter" in doc, f"{path.relative_to(SRC)}'s docstring does not name its chapter"
