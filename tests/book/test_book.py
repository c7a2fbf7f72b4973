"""The book build: warnings as errors, every table-of-contents entry built and executed, and
the built pages keep the book's promises (no source called a "seed", solutions that run and
pass their checks, answer checks shown as code only, figures inserted from code)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from _wording import source_sense_of_seed
from bs4 import BeautifulSoup
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


def _visible_text(path: Path) -> str:
    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    for tag in soup(["script", "style"]):
        tag.decompose()
    # The text of the page and of every image's alt and every link's title, as a reader
    # (or a screen reader) meets it.
    extra = [tag.get(attr, "") for tag in soup.find_all(True) for attr in ("alt", "title")]
    return soup.get_text(" ") + " " + " ".join(extra)


def test_no_built_page_calls_a_source_a_seed(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 10
    found = {
        str(page.relative_to(site)): phrases
        for page in pages
        if (phrases := source_sense_of_seed(_visible_text(page)))
    }
    assert not found, found


def test_answer_checks_show_their_code_but_no_output_on_the_site(site: Path) -> None:
    # The checks run only in a notebook; on the site their "No answer yet" would be noise.
    for page in sorted((site / "notebooks").glob("*.html")):
        text = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser").get_text()
        assert "my_answer = None" in text, f"{page.name} shows no answer check"
        assert "No answer yet" not in text, f"{page.name} shows an answer check's output"
        assert "Checking your answers" in text, f"{page.name} does not say where checks run"


@pytest.mark.parametrize("notebook", sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb")))
def test_every_solution_is_executed_code_that_passes_its_check(site: Path, notebook: str) -> None:
    soup = BeautifulSoup(
        (site / "notebooks" / f"{notebook}.html").read_text(encoding="utf-8"), "html.parser"
    )
    exercises = soup.select("div.exercise")
    solutions = soup.select("div.solution")
    assert len(exercises) >= 3
    assert len(solutions) == len(exercises)
    for solution in solutions:
        assert "dropdown" in solution["class"]
        outputs = " ".join(div.get_text() for div in solution.select("div.cell_output"))
        assert re.search(r"Right: ch\d\d-[a-z0-9-]+ is correct[.;]", outputs), solution.get_text()[
            :80
        ]


@pytest.mark.parametrize("notebook", sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb")))
def test_prose_figures_are_inserted_by_the_build(site: Path, notebook: str) -> None:
    soup = BeautifulSoup(
        (site / "notebooks" / f"{notebook}.html").read_text(encoding="utf-8"), "html.parser"
    )
    pasted = soup.select("article span.pasted-text")
    assert pasted, f"{notebook} inserts no computed figure into its prose"
    assert all(span.get_text().strip() for span in pasted)
