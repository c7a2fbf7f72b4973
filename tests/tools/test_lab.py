"""``make lab`` (tools/lab.py and the Makefile): which chapters follow the book, root, options.

A chapter only opened and run in JupyterLab (its kernel metadata rewritten, outputs saved)
follows the next build; one whose cells the learner changed is kept, and when the book has a
newer edition of it, that edition is written beside it and the learner is told where.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import lab
import pytest
from conftest import ROOT

NAME = "03_discounted_cumulative_gain.ipynb"


def _chapter(*sources: str) -> dict:
    cells = [
        {"cell_type": "code", "id": f"c{i}", "metadata": {}, "outputs": [],
         "execution_count": None, "source": text}
        for i, text in enumerate(sources)
    ]  # fmt: skip
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells}


def _write(path: Path, notebook: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")


def _opened(path: Path) -> None:
    """What JupyterLab writes when a chapter is opened, run and autosaved: no change of cells."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    notebook["metadata"]["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    notebook["metadata"]["widgets"] = {"state": {}}
    for number, cell in enumerate(notebook["cells"], 1):
        cell["execution_count"] = number
        cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "6.861\n"}]
        cell["source"] = cell["source"].splitlines(keepends=True)  # JupyterLab's own layout
    path.write_text(json.dumps(notebook, indent=2, sort_keys=True), encoding="utf-8")


def test_a_chapter_only_opened_follows_the_next_build(tmp_path: Path) -> None:
    build, target = tmp_path / "build", tmp_path / "lab"
    _write(build / NAME, _chapter("x = 1", "print(x)"))
    assert lab.refresh(build, target) == ([NAME], [], [])
    _opened(target / NAME)
    _write(build / NAME, _chapter("x = 2", "print(x)"))  # a new edition of the book
    assert lab.refresh(build, target) == ([NAME], [], [])
    assert json.loads((target / NAME).read_text("utf-8"))["cells"][0]["source"] == "x = 2"


def test_a_changed_chapter_is_kept_and_a_newer_edition_goes_beside_it(tmp_path: Path) -> None:
    build, target = tmp_path / "build", tmp_path / "lab"
    _write(build / NAME, _chapter("x = 1", "print(x)"))
    lab.refresh(build, target)
    mine = _chapter("x = 1", "print(x)  # my note")
    _write(target / NAME, mine)
    # The book unchanged: kept, and nothing beside it.
    copied, kept, newer = lab.refresh(build, target)
    assert (copied, kept, newer) == ([], [NAME], [])
    assert not (target / "03_discounted_cumulative_gain.new.ipynb").exists()
    assert "the book has not changed them" in "\n".join(lab.report(copied, kept, newer))
    # A new edition: the learner's work kept, the edition beside it, and the lab says where.
    _write(build / NAME, _chapter("x = 2", "print(x)"))
    copied, kept, newer = lab.refresh(build, target)
    assert (copied, kept, newer) == ([], [NAME], ["03_discounted_cumulative_gain.new.ipynb"])
    assert json.loads((target / NAME).read_text("utf-8")) == mine
    beside = json.loads((target / newer[0]).read_text("utf-8"))
    assert beside["cells"][0]["source"] == "x = 2"
    message = "\n".join(lab.report(copied, kept, newer))
    assert "newer edition of 03_discounted_cumulative_gain.ipynb" in message
    assert "03_discounted_cumulative_gain.new.ipynb" in message
    # The learner deletes their copy: the book's edition again, and nothing left beside it.
    (target / NAME).unlink()
    assert lab.refresh(build, target) == ([NAME], [], [])
    assert not (target / newer[0]).exists()


def test_a_copy_that_is_no_notebook_any_more_is_kept(tmp_path: Path) -> None:
    build, target = tmp_path / "build", tmp_path / "lab"
    _write(build / NAME, _chapter("x = 1"))
    lab.refresh(build, target)
    (target / NAME).write_text("{ half a notebook", encoding="utf-8")
    assert lab.refresh(build, target)[1] == [NAME]


def test_root_gets_allow_root_and_options_pass_through(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lab.os, "geteuid", lambda: 0)
    argv, _ = lab.command(ROOT / "lab", "--port", "8899", "--no-browser")
    assert argv[-1] == "--allow-root" and argv[-4:-1] == ["--port", "8899", "--no-browser"]
    monkeypatch.setattr(lab.os, "geteuid", lambda: 1000)
    argv, _ = lab.command(ROOT / "lab", "--no-browser")
    assert "--allow-root" not in argv
    overrides = json.loads((lab.SETTINGS / "overrides.json").read_text("utf-8"))
    assert overrides["@jupyter-widgets/jupyterlab-manager:plugin"]["saveState"] is True


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_lab_builds_the_book_only_when_a_source_is_newer_and_passes_lab_args() -> None:
    dry = ["make", "-n", "-C", str(ROOT), "lab", "LAB_ARGS=--port 8899 --no-browser"]
    lab_line = "tools/lab.py --port 8899 --no-browser"
    # The last build current (-o: its stamp counts as up to date): JupyterLab at once.
    done = subprocess.run([*dry, "-o", "_build/.stamp-book"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "jupyter-book" not in done.stdout and lab_line in done.stdout, done.stdout
    # A chapter changed since (-W: as if just edited): the book first, then JupyterLab.
    changed = [*dry, "-W", "notebooks/03_discounted_cumulative_gain.ipynb"]
    done = subprocess.run(changed, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "jupyter-book build" in done.stdout and lab_line in done.stdout, done.stdout
