"""Every chapter notebook is committed clean: no outputs, no execution counts, kernel python3."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_there_are_notebooks() -> None:
    assert len(NOTEBOOKS) >= 8


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_has_no_outputs_or_execution_counts(path: Path) -> None:
    for index, cell in enumerate(_load(path)["cells"]):
        if cell["cell_type"] != "code":
            continue
        assert cell.get("outputs") == [], f"{path.name} cell {index} has outputs"
        assert cell.get("execution_count") is None, f"{path.name} cell {index} was executed"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_uses_the_python3_kernel(path: Path) -> None:
    assert _load(path)["metadata"]["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_opens_with_a_title(path: Path) -> None:
    first = _load(path)["cells"][0]
    source = "".join(first["source"])
    assert first["cell_type"] == "markdown" and source.startswith("# "), (
        f"{path.name} must open with a markdown cell holding its '# Title'"
    )
