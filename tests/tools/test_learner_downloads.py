"""What a reader takes away from the site (tools/learner_downloads.py): the library as a wheel,
chapters whose first cell says how to get it, and the student notebooks without solutions.

The last test takes a chapter as the site serves it (the page's .ipynb button) to a Python
without the library and without myst-nb, as Colab or a fresh Jupyter would be: a new virtual
environment whose only packages are the book's third-party dependencies, reached through a
``.pth`` file that points to a folder of links into the build's environment, with every
``ndcg`` and ``myst_nb`` entry left out. Installing numpy, pandas and the rest from the package
index for every test run would take minutes and the network; what the test is about, the
missing library, is the same. There the chapter's first cell stops with the message and no
traceback; then ``pip install`` of the served wheel, and the whole chapter runs.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import learner_downloads as downloads
import learner_notebooks as learner
import pytest
from _elsewhere import python_seeing
from bs4 import BeautifulSoup

CHAPTERS = downloads.chapters()
WHEEL = downloads.wheel_name()
RUN_ELSEWHERE = "03_discounted_cumulative_gain.ipynb"


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _code(notebook: dict) -> list[str]:
    return [_source(c) for c in notebook["cells"] if c["cell_type"] == "code"]


def _solution_cells(notebook: dict) -> list[dict]:
    cells, inside = [], False
    for cell in notebook["cells"]:
        if downloads.is_solution_start(cell):
            inside = True
        elif downloads.is_solution_end(cell):
            inside = False
        elif inside:
            cells.append(cell)
    return cells


# ----- the preamble and the student notebooks, from the sources (no build needed) ---------


def test_every_chapter_has_solutions_to_remove() -> None:
    assert len(CHAPTERS) >= 13
    for path in CHAPTERS:
        assert len(_solution_cells(_load(path))) >= 3, path.name


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_student_chapter_keeps_every_check_and_no_solution(path: Path) -> None:
    notebook = _load(path)
    student = downloads.without_solutions(notebook)
    text = "\n".join(_source(c) for c in student["cells"])
    assert "{solution-start}" not in text and "{solution-end}" not in text
    solution_code = {_source(c) for c in _solution_cells(notebook) if c["cell_type"] == "code"}
    assert solution_code, path.name
    assert not solution_code & set(_code(student))
    # The answer checks and the answer boxes stay, and so does every exercise's statement.
    checks = [s for s in _code(notebook) if "my_answer = None" in s or "answers.box(" in s]
    checks = [s for s in checks if s not in solution_code]
    assert len(checks) >= 6, path.name
    assert all(s in _code(student) for s in checks)
    exercises = [_source(c) for c in notebook["cells"] if _source(c).startswith("```{exercise}")]
    assert len(exercises) >= 3 and all(s in text for s in exercises)


def _assigned(sources: list[str]) -> set[str]:
    names: set[str] = set()
    for source in sources:
        lines = [line for line in source.splitlines() if not line.lstrip().startswith("%")]
        for node in ast.walk(ast.parse("\n".join(lines))):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.FunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Import | ast.ImportFrom):
                names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


def _used(sources: list[str]) -> set[str]:
    names: set[str] = set()
    for source in sources:
        lines = [line for line in source.splitlines() if not line.lstrip().startswith("%")]
        tree = ast.parse("\n".join(lines))
        names.update(n.id for n in ast.walk(tree) if isinstance(n, ast.Name))
    return names


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_student_chapter_needs_nothing_its_solutions_defined(path: Path) -> None:
    """Removing the solutions leaves no later cell using a name only a solution set."""
    notebook = _load(path)
    solutions = [_source(c) for c in _solution_cells(notebook) if c["cell_type"] == "code"]
    kept = _code(downloads.without_solutions(notebook))
    lost = (_assigned(solutions) - _assigned(kept)) & _used(kept)
    assert not lost, f"{path.name}: kept cells use {sorted(lost)}, set only in solutions"


def test_without_solutions_refuses_an_unclosed_solution() -> None:
    start = {"cell_type": "markdown", "metadata": {}, "source": "```{solution-start} x\n```"}
    with pytest.raises(ValueError, match="never ends"):
        downloads.without_solutions({"cells": [start]})


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_preamble_is_the_first_code_cell_and_names_what_the_chapter_imports(path: Path) -> None:
    notebook = _load(path)
    served = downloads.for_download(notebook, WHEEL)
    first = next(c for c in served["cells"] if c["cell_type"] == "code")
    source = _source(first)
    assert "remove-cell" in first["metadata"]["tags"]
    needs = ast.literal_eval(source.split("_needs = ", 1)[1].splitlines()[0])
    assert needs["ndcg"].strip('"').startswith(WHEEL)
    assert "make lab" in source and "%pip install" in source
    # Everything else is the chapter, unchanged.
    rest = [c for c in served["cells"] if c is not first]
    assert rest == notebook["cells"]


# ----- what the built site serves -----------------------------------------------------------


def test_site_serves_the_wheel_and_the_student_notebooks(site: Path) -> None:
    wheel = site / downloads.DOWNLOADS / WHEEL
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "ndcg/__init__.py" in names and "ndcg/widgets/static/ranking.js" in names
    # The widgets' bundles, and none of the sources they are built from.
    assert not [n for n in names if n.endswith(".js") and not n.startswith("ndcg/widgets/static/")]
    with zipfile.ZipFile(site / downloads.DOWNLOADS / downloads.STUDENT_ZIP) as archive:
        names = set(archive.namelist())
        folder = downloads.STUDENT_DIR
        assert {f"{folder}/{p.name}" for p in CHAPTERS} <= names
        assert archive.read(f"{folder}/{WHEEL}") == wheel.read_bytes()
        for path in CHAPTERS:
            student = json.loads(archive.read(f"{folder}/{path.name}"))
            text = "\n".join(_source(c) for c in student["cells"])
            assert "{solution-start}" not in text, path.name
            assert "exercises.check(" in text and "answers.box(" in text, path.name
            assert "_needs = " in _code(student)[0], path.name


def test_preface_links_the_downloads(site: Path) -> None:
    html = (site / "book" / "preface.html").read_text(encoding="utf-8")
    for name in (WHEEL, downloads.STUDENT_ZIP):
        assert f'href="../{downloads.DOWNLOADS}/{name}"' in html, name
        assert (site / downloads.DOWNLOADS / name).is_file()
    text = " ".join(BeautifulSoup(html, "html.parser").get_text(" ").split())
    assert "make lab" in text and "make student" in text


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_page_download_is_the_learner_copy_with_the_preamble(site: Path, path: Path) -> None:
    page = (site / "notebooks" / f"{path.stem}.html").read_text(encoding="utf-8")
    assert f'href="../_sources/notebooks/{path.name}"' in page
    served = _load(site / "_sources" / "notebooks" / path.name)
    # What `make lab` opens, and the chapter's own code, cell for cell, after the preamble:
    # less the solutions (closed, as markdown, so Run All runs none), and with the cells
    # whose output the website hides made silent (they print a widget task's answer).
    assert served == _load(site.parent / "learner" / "lab" / path.name)
    assert _code(served)[0] == _code(downloads.for_download(_load(path), WHEEL))[0]

    # The rule for which cells are silenced has one home, learner_notebooks.capture_prefix.
    expected = [
        learner.capture_prefix(cell) + _source(cell)
        for cell in downloads.without_solutions(_load(path))["cells"]
        if cell["cell_type"] == "code"
    ]
    assert _code(served)[1:] == expected
    # The site's page itself does not show the preamble.
    assert "NotInstalled" not in page


def _python_without_the_library(tmp: Path) -> Path:
    """A new venv seeing the build's third-party packages, but not ndcg nor myst_nb."""
    left_out = ("ndcg", "__editable__", "myst_nb", "_ndcg")
    return python_seeing(tmp, lambda name: not name.startswith(left_out))


RUN = textwrap.dedent(
    """
    import json, sys
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    notebook = nbformat.read(sys.argv[1], as_version=4)
    if sys.argv[2] == "first":
        first = next(i for i, c in enumerate(notebook.cells) if c.cell_type == "code")
        notebook.cells = notebook.cells[: first + 1]
    client = NotebookClient(notebook, timeout=600, kernel_name="python3", allow_errors=True)
    client.execute()
    outputs = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs]
    print(json.dumps(outputs))
    """
)


def test_a_downloaded_chapter_runs_elsewhere_once_the_served_wheel_is_installed(
    site: Path, tmp_path: Path
) -> None:
    python = _python_without_the_library(tmp_path)
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "MPLBACKEND": "Agg"}
    chapter = tmp_path / RUN_ELSEWHERE
    chapter.write_bytes((site / "_sources" / "notebooks" / RUN_ELSEWHERE).read_bytes())

    def run(which: str) -> list[dict]:
        done = subprocess.run(
            [python, "-c", RUN, str(chapter), which],
            check=True, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=900,
        )  # fmt: skip
        return json.loads(done.stdout.splitlines()[-1])

    find = "import importlib.util as u; print(u.find_spec('ndcg'), u.find_spec('myst_nb'))"
    probe = subprocess.run(
        [python, "-c", find],
        check=True, capture_output=True, text=True, env=env,
    )  # fmt: skip
    assert probe.stdout.split() == ["None", "None"]
    # Without the library: the first cell says how to get it, and no traceback.
    (error,) = run("first")
    assert error["output_type"] == "error" and error["ename"] == "NotInstalled"
    message = "\n".join(error["traceback"])
    assert f'%pip install "{WHEEL}[book]"' in message, message
    assert "make lab" in message and "Traceback" not in message and "File " not in message
    # The served wheel, installed as the message says (pip's own check of its dependencies
    # finds them installed: no package index is asked).
    wheel = tmp_path / WHEEL
    wheel.write_bytes((site / downloads.DOWNLOADS / WHEEL).read_bytes())
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
         "--no-index", f"{wheel}[book]"],
        check=True, capture_output=True, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    outputs = run("all")
    errors = [o for o in outputs if o["output_type"] == "error"]
    assert not errors, errors
    stderr = [o for o in outputs if o.get("name") == "stderr"]
    assert not stderr, stderr
    assert any("DCG@6 = 6.861126688593502" in "".join(o.get("text", "")) for o in outputs)
