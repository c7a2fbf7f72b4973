"""What a department checks before adopting the material: its licences, who wrote it and how
to report an error, stated in the licence files, the README, the site's footer and the PDF."""

from __future__ import annotations

import tomllib
from pathlib import Path

import print_book
import yaml
from bs4 import BeautifulSoup

ROOT = Path(__file__).resolve().parents[1]


AUTHORS = "The Ranking, Measured authors"


def _squeeze(text: str) -> str:
    return " ".join(text.split())


def test_the_licence_files_hold_the_licences_in_full():
    mit = (ROOT / "LICENSE").read_text("utf-8")
    assert mit.startswith("MIT License") and f"Copyright (c) 2026 {AUTHORS}" in mit
    assert 'THE SOFTWARE IS PROVIDED "AS IS"' in mit
    cc = (ROOT / "LICENSE-CC-BY-4.0.txt").read_text("utf-8")
    assert cc.startswith("Attribution 4.0 International")
    # The legal code itself, its eight sections, not a pointer to it.
    for section in range(1, 9):
        assert f"Section {section} -- " in cc, section
    assert "Creative Commons Attribution 4.0 International Public License" in cc
    # The library's metadata says the same licence as the file.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert project["license"] == {"text": "MIT"}


def _says_it_all(text: str) -> None:
    text = _squeeze(text)
    assert AUTHORS in text
    assert "CC BY 4.0" in text and "MIT" in text
    for material in ("text", "slides", "quiz", "exam", "code"):
        assert material in text, material
    assert "Report an error" in text and "issue tracker" in text
    assert "seed" not in text.lower()


def test_the_readme_states_licences_authors_and_how_to_report_an_error():
    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme.split("## Licence, authors and errors", 1)[1]
    _says_it_all(section)
    assert "LICENSE-CC-BY-4.0.txt" in section and "`LICENSE`" in section


def test_the_site_footer_and_the_pdf_title_page_state_them():
    config = yaml.safe_load((ROOT / "_config.yml").read_text("utf-8"))
    assert config["author"] == AUTHORS
    footer = config["html"]["extra_footer"]
    _says_it_all(BeautifulSoup(footer, "html.parser").get_text(" "))
    # The printed book's first page prints the same notice, from the same setting.
    assert print_book.notice(ROOT) == footer.strip()
    page = BeautifulSoup(
        print_book.title_page(print_book.book_title(ROOT), "student", "", print_book.notice(ROOT)),
        "html.parser",
    )
    _says_it_all(page.get_text(" "))
    assert page.select_one(".print-notice a")["href"].startswith("https://creativecommons.org/")


def test_a_missing_notice_stops_the_print(tmp_path: Path):
    (tmp_path / "_config.yml").write_text("title: X\nhtml:\n  baseurl: ''\n", encoding="utf-8")
    try:
        print_book.notice(tmp_path)
    except RuntimeError as error:
        assert "extra_footer" in str(error)
    else:
        raise AssertionError("a book without its licence notice printed")
