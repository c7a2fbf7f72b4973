"""Every chapter notebook is committed clean (no outputs, no execution counts, kernel python3)
and built one way: question and goals, sections, summary, then exercises, each with an answer
check hidden on the site, an answer box for the website and a solution that runs the same
check."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ndcg.teaching import exercises

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_there_are_notebooks() -> None:
    assert len(NOTEBOOKS) >= 9


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


# --- one shape for every chapter ----------------------------------------------------------


def _source(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _markdown(path: Path) -> str:
    return "\n".join(_source(c) for c in _load(path)["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_chapter_opens_with_its_question_and_goals_and_ends_with_summary_and_exercises(
    path: Path,
) -> None:
    opening = _source(_load(path)["cells"][0])
    assert ":::{admonition} The question of this chapter\n:class: tip" in opening
    assert "**Learning goals.** By the end of this chapter you can" in opening
    sections = [line for line in _markdown(path).splitlines() if line.startswith("## ")]
    assert sections[-2:] == ["## Summary", "## Exercises"], sections


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_exercise_has_a_hidden_check_and_an_executed_solution(path: Path) -> None:
    cells = _load(path)["cells"]
    sources = [_source(cell) for cell in cells]
    labels = re.findall(r"^```\{exercise\} .+\n:label: (\S+)$", _markdown(path), re.MULTILINE)
    assert len(labels) >= 3, f"{path.name} has {len(labels)} exercises"
    for label in labels:
        assert label.startswith(f"ch{path.name[:2]}-"), f"{label} in {path.name}"
        exercise = next(i for i, s in enumerate(sources) if f":label: {label}\n" in s)
        check = cells[exercise + 1]
        assert f'exercises.check("{label}", my_answer)' in _source(check), label
        assert "remove-output" in check["metadata"].get("tags", []), label
        box = cells[exercise + 2]
        assert _source(box) == f'answers.box("{label}")', label
        assert box["metadata"].get("tags") == ["remove-input"], label
        start = exercise + 3
        assert sources[start].startswith(f"```{{solution-start}} {label}\n:class: dropdown"), label
        end = next(i for i in range(start, len(cells)) if "{solution-end}" in sources[i])
        solution_code = [sources[i] for i in range(start, end) if cells[i]["cell_type"] == "code"]
        assert any(f'exercises.check("{label}", ' in code for code in solution_code), (
            f"the solution of {label} does not run its check"
        )
        assert all("my_answer" not in code for code in solution_code), label


def test_every_answer_check_is_used_by_exactly_one_cell() -> None:
    used = [
        key
        for path in NOTEBOOKS
        for cell in _load(path)["cells"]
        if cell["cell_type"] == "code"
        for key in re.findall(r'exercises\.check\("([^"]+)", my_answer\)', _source(cell))
    ]
    assert sorted(used) == sorted(exercises.exercise_keys())


def test_every_answer_check_has_one_answer_box_right_after_it() -> None:
    boxes = []
    for path in NOTEBOOKS:
        cells = _load(path)["cells"]
        for i, cell in enumerate(cells):
            found = re.findall(r'^answers\.box\("([^"]+)"\)$', _source(cell))
            if found:
                boxes += found
                check = _source(cells[i - 1])
                assert f'exercises.check("{found[0]}", my_answer)' in check, found
    assert sorted(boxes) == sorted(exercises.exercise_keys())


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_answer_check_cells_hide_their_output_on_the_site(path: Path) -> None:
    for cell in _load(path)["cells"]:
        if cell["cell_type"] == "code" and "my_answer = None" in _source(cell):
            assert cell["metadata"].get("tags") == ["remove-output"], _source(cell)[:60]


# A call of myst-nb's glue, which hands a figure to the prose: bookkeeping, not the lesson.
GLUE_CALL = re.compile(r"(?<![\w.])glue\(")
HIDDEN = {"remove-cell", "remove-input"}


def test_the_glue_pattern_finds_a_call_and_nothing_else() -> None:
    assert GLUE_CALL.search('glue("cg_d", cg_d, display=False)')
    assert GLUE_CALL.search('for k in ks:\n    glue(f"walk_{k}", 1)')
    assert not GLUE_CALL.search("from myst_nb import glue\nmy_glue(1)\nnb.glue(2)")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_visible_code_cell_calls_glue(path: Path) -> None:
    # The book hides the cells that glue figures for its prose (remove-cell, or remove-input
    # where the cell also shows something); the learner's copies fold them.
    shown = [
        cell.get("id")
        for cell in _load(path)["cells"]
        if cell["cell_type"] == "code"
        and not HIDDEN & set(cell["metadata"].get("tags", []))
        and GLUE_CALL.search(_source(cell))
    ]
    assert not shown, f"{path.name}: move the glue calls of {shown} into a hidden cell"
