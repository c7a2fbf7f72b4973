"""The book build: warnings as errors, every table-of-contents entry built and executed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from conftest import ROOT


def _toc_files() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    files = [toc["root"]]
    for part in toc.get("parts", []):
        files.extend(chapter["file"] for chapter in part["chapters"])
    return files


def test_build_log_has_no_warnings(site: Path) -> None:
    log = site.parent / "build.log"
    if not log.exists():
        pytest.skip(f"no build log at {log}: the site was not built by `make book`")
    text = re.sub(r"\x1b\[[0-9;]*m", "", log.read_text())
    # Sphinx reports as "WARNING:"/"ERROR:"; the kernel's own log lines ("WARNING |") are not
    # build problems.
    problems = [line for line in text.splitlines() if re.search(r"\b(WARNING|ERROR):", line)]
    assert not problems, "\n".join(problems)
    assert "build succeeded" in text


@pytest.mark.parametrize("entry", _toc_files())
def test_every_toc_entry_is_a_page(site: Path, entry: str) -> None:
    page = site / f"{entry}.html"
    assert page.exists(), f"{entry} is in _toc.yml but {page} was not built"
    text = page.read_text()
    assert "PLACEHOLDER" not in text, f"{entry} is still a placeholder"


@pytest.mark.parametrize("notebook", sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb")))
def test_every_notebook_was_executed(site: Path, notebook: str) -> None:
    html = (site / "notebooks" / f"{notebook}.html").read_text()
    assert 'class="cell_output' in html, f"{notebook} has no executed output on its page"
    assert "Traceback (most recent call last)" not in html
