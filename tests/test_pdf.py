"""The printed book (``make pdf``, tools/print_book.py), printed once from the built site:
every chapter in it, numbered pages, a table of contents whose numbers are the pages the
chapters start on, bookmarks, typeset math, the figures, and each widget with its note."""

from __future__ import annotations

import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

import ndcg
from ndcg.teaching import examples

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import print_book  # noqa: E402

pytestmark = pytest.mark.browser

CHAPTERS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'


def _squeeze(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def printed(site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict:
    from pypdf import PdfReader

    out = tmp_path_factory.mktemp("pdf") / "book.pdf"
    # In a thread of its own: Playwright's sync API refuses a thread where an asyncio loop is
    # running, as one may be after another test module (the notebook runners use asyncio).
    with ThreadPoolExecutor(max_workers=1) as pool:
        info = pool.submit(print_book.build, site, out).result()
    reader = PdfReader(out)
    texts = [page.extract_text() for page in reader.pages]
    entries = print_book.toc_pages(ROOT)
    soups = {
        e.path: BeautifulSoup((site / e.path).read_text("utf-8"), "html.parser") for e in entries
    }
    return {"info": info, "reader": reader, "texts": texts, "entries": entries, "soups": soups}


def _title(soup: BeautifulSoup) -> str:
    h1 = soup.select_one("article h1")
    for link in h1.select("a.headerlink"):
        link.decompose()
    return _squeeze(h1.get_text(" "))


def test_every_chapter_is_printed_and_starts_on_a_page_of_its_own(printed: dict) -> None:
    starts = printed["info"]["starts"]
    chapters = [_title(printed["soups"][f"notebooks/{c}.html"]) for c in CHAPTERS]
    assert set(chapters) <= set(starts), set(chapters) - set(starts)
    pages = [starts[t] for t in chapters]
    assert pages == sorted(pages) and len(set(pages)) == len(pages)
    assert len(printed["reader"].pages) >= pages[-1] + 1 >= len(CHAPTERS) + 3
    for title, number in starts.items():
        assert title in _squeeze(printed["texts"][number - 1]), title


def test_every_page_is_numbered(printed: dict) -> None:
    # The footer is a page's last line; on the contents, the chapters' page numbers (laid
    # over the page afterwards) follow it.
    count = printed["info"]["contents_pages"]
    unnumbered = [
        i + 1
        for i, text in enumerate(printed["texts"])
        if not (
            text.strip().splitlines()[-1].strip() == str(i + 1)
            or (i < count and str(i + 1) in text.split())
        )
    ]
    assert not unnumbered, f"pages without their number in the footer: {unnumbered}"


def test_contents_give_each_chapters_first_page(printed: dict) -> None:
    count = printed["info"]["contents_pages"]
    contents = _squeeze(" ".join(printed["texts"][1:count]))
    assert contents.startswith("Contents")
    starts = printed["info"]["starts"]
    last = contents.find(list(starts)[-1])
    assert all(0 <= contents.find(title) <= last for title in starts)
    # The numbers are laid over the page after the titles: they follow its own page number.
    numbers = [int(n) for n in re.findall(r"\b\d+\b", contents[last:])]
    assert numbers[-len(starts) :] == list(starts.values())


def test_bookmarks_lead_to_every_page_of_the_book(printed: dict) -> None:
    reader = printed["reader"]
    top = [item for item in reader.outline if not isinstance(item, list)]
    marks = {str(item.title): reader.get_destination_page_number(item) + 1 for item in top}
    for title, number in printed["info"]["starts"].items():
        assert marks.get(title) == number, title
    assert any(isinstance(item, list) for item in reader.outline), "no section bookmarks"


def test_the_books_key_figures_are_printed_as_text(printed: dict) -> None:
    text = _squeeze(" ".join(printed["texts"]))
    dcg6 = ndcg.dcg(examples.D_RELEVANCE, k=6)
    ndcg6 = ndcg.ndcg(examples.D_RELEVANCE, k=6, pool=examples.D_POOL)
    assert repr(dcg6) in text
    assert repr(ndcg6) in text
    assert "import ndcg" in text  # the code, with its outputs


def test_every_widget_is_drawn_with_a_note_that_it_is_interactive(printed: dict) -> None:
    views = sum(len(s.select(f"article {VIEW}")) for s in printed["soups"].values())
    assert printed["info"]["widgets"] == {"drawn": views, "placed": views}
    text = _squeeze(" ".join(printed["texts"]))
    assert text.lower().count("interactive on the website") == views


def test_math_is_typeset_and_figures_are_images(printed: dict) -> None:
    reader = printed["reader"]
    fonts, images = set(), 0
    for page in reader.pages:
        resources = page.get("/Resources") or {}
        for font in (resources.get("/Font") or {}).values():
            fonts.add(str(font.get_object().get("/BaseFont")))
        for xobject in (resources.get("/XObject") or {}).values():
            images += xobject.get_object().get("/Subtype") == "/Image"
    assert any("KaTeX" in font for font in fonts), sorted(fonts)[:20]
    figures = sum(len(s.select("article .cell_output img")) for s in printed["soups"].values())
    assert images >= figures > 20


def test_contents_and_notes_name_pages_of_the_site(printed: dict) -> None:
    # Each note says where the widget can be used: a page the site has.
    text = _squeeze(" ".join(printed["texts"]))
    named = set(re.findall(r"website \((notebooks/[\w.]+\.html)\)", text))
    assert named and named <= {f"notebooks/{c}.html" for c in CHAPTERS}
