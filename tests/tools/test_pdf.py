"""The printed book (``make pdf``, tools/print_book.py), its student edition printed once
from the built site: every chapter in it, numbered pages, a table of contents whose numbers are
the pages the chapters start on, bookmarks, typeset math, the figures, each widget once with
the address where it is interactive, answer boxes as answer lines, no solutions; and the cover
and contents pages visibly printed, as rendered to images (poppler's ``pdftoppm``)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from html import unescape
from pathlib import Path

import print_book
import pytest
from bs4 import BeautifulSoup

import ndcg
from ndcg.teaching import examples

ROOT = Path(__file__).resolve().parents[2]


pytestmark = pytest.mark.browser

CHAPTERS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'


def _squeeze(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def printed(site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict:
    from pypdf import PdfReader

    out = tmp_path_factory.mktemp("pdf") / "book-student.pdf"
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
    return {
        "info": info,
        "reader": reader,
        "texts": texts,
        "entries": entries,
        "soups": soups,
        "path": out,
    }


def _ink(pdf: Path, page: int, out: Path) -> float:
    """The share of a printed page's pixels that are not white, from its image (150 dpi)."""
    from PIL import Image

    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm is missing: apt-get install -y poppler-utils")
    stem = out / f"page-{page}"
    subprocess.run(
        ["pdftoppm", "-r", "150", "-gray", "-png", "-f", str(page), "-l", str(page), "-singlefile"]
        + [str(pdf), str(stem)],
        check=True,
    )
    image = Image.open(f"{stem}.png").convert("L")
    dark = sum(count for level, count in enumerate(image.histogram()) if level < 200)
    return dark / (image.width * image.height)


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


def _views(soups: dict, answer_boxes: bool) -> int:
    """How many widget views the pages place: the answer boxes, or all the others (once each)."""
    count = 0
    for soup in soups.values():
        states = {}
        for tag in soup.select('script[type="application/vnd.jupyter.widget-state+json"]'):
            states.update(json.loads(tag.get_text())["state"])
        models = {json.loads(v.get_text())["model_id"] for v in soup.select(f"article {VIEW}")}
        count += sum(
            (states[m]["state"].get("_anywidget_id") == print_book.ANSWER_BOX) == answer_boxes
            for m in models
        )
    return count


def test_every_widget_is_drawn_once_with_the_address_where_it_is_interactive(
    printed: dict,
) -> None:
    views = _views(printed["soups"], answer_boxes=False)
    assert printed["info"]["widgets"] == {"drawn": views, "placed": views}
    text = _squeeze(" ".join(printed["texts"]))
    assert text.count("Interactive at") == views


def test_answer_boxes_are_printed_as_answer_lines_and_solutions_left_out(printed: dict) -> None:
    boxes = _views(printed["soups"], answer_boxes=True)
    text = _squeeze(" ".join(printed["texts"]))
    assert boxes > 20 and text.count("Your answer (checked as you type at") == boxes
    solutions = sum(len(s.select("article div.solution")) for s in printed["soups"].values())
    assert solutions > 20 and "Solution to" not in text
    assert "Student edition" in printed["texts"][0]


def test_the_instructor_edition_keeps_the_solutions(site: Path) -> None:
    entries = print_book.toc_pages(ROOT)
    chapter = next(e for e in entries if e.path.startswith("notebooks/04_"))
    chapter.slug = print_book._slug(chapter.path)
    kept = {}
    for edition in print_book.EDITIONS:
        page, _ = print_book.article(site, chapter, {}, {}, edition)
        kept[edition] = len(page.select("div.solution"))
    assert kept == {"student": 0, "instructor": kept["instructor"]} and kept["instructor"] >= 3
    with pytest.raises(ValueError, match="edition='teacher'"):
        print_book.build(site, Path("unused.pdf"), edition="teacher")


def test_cover_and_contents_are_visible_when_rendered(printed: dict, tmp_path: Path) -> None:
    """The contents' numbers are laid over the first pages afterwards: that overlay once
    painted white over them, leaving the cover and contents blank in a viewer while their
    text could still be extracted."""
    count = printed["info"]["contents_pages"]
    for number in range(1, count + 1):
        ink = _ink(printed["path"], number, tmp_path)
        assert ink > 0.002, f"page {number} prints blank ({ink:.4%} dark pixels)"
    # The contents are a page of lines: far more ink than the cover's three lines.
    assert _ink(printed["path"], 2, tmp_path) > 0.01


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


def test_notes_and_title_page_give_the_sites_address(printed: dict) -> None:
    # Each note says where the widget can be used: the site's address (html.baseurl) and a
    # page the site has; with no address set, "this book's website" and the page's path.
    base = print_book.site_address(ROOT)
    text = _squeeze(" ".join(printed["texts"]))
    where = (
        re.escape(base) + r"(notebooks/[\w.]+\.html)"
        if base
        else (r"this book's website \((notebooks/[\w.]+\.html)\)")
    )
    named = set(re.findall(where, text.replace("\u2019", "'")))
    assert named and named <= {f"notebooks/{c}.html" for c in CHAPTERS}
    assert (base or "this book's website") in printed["texts"][0].replace("\u2019", "'")


def test_the_address_is_the_one_setting_or_no_invented_domain(tmp_path: Path) -> None:
    (tmp_path / "_config.yml").write_text("html:\n  baseurl: https://books.example/rm\n")
    assert print_book.site_address(tmp_path) == "https://books.example/rm/"
    assert print_book.page_address("notebooks/03_x.html", "https://books.example/rm/") == (
        "https://books.example/rm/notebooks/03_x.html"
    )
    (tmp_path / "_config.yml").write_text("html:\n  baseurl: ''\n")
    assert print_book.site_address(tmp_path) == ""
    assert print_book.page_address("notebooks/03_x.html", "") == (
        "this book's website (notebooks/03_x.html)"
    )


# Cheap checks that need no built site: a page made here, and one widget in Chromium.

TASK_PAGE = """<html><body><article class="bd-article"><h1>Chapter</h1>
<div class="admonition note"><p class="admonition-title">Your task</p><p>Make DCG fall.</p></div>
<script type="application/vnd.jupyter.widget-view+json">{"model_id": "m1"}</script>
<details class="sd-sucess sd-dropdown"><summary>Check your answer</summary>
<p>Swap D3 and D4: DCG falls to 6.653.</p></details>
<div class="solution"><p>Solution to exercise 1</p></div>
</article>
<script type="application/vnd.jupyter.widget-state+json">
{"state": {"m1": {"model_name": "AnyModel",
  "state": {"_anywidget_id": "ndcg.widgets.ranking.RankingWidget"}}}}
</script></body></html>"""


def test_the_student_edition_prints_no_widget_tasks_answer(tmp_path: Path) -> None:
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks/03_x.html").write_text(TASK_PAGE, encoding="utf-8")
    printed = {}
    for edition in print_book.EDITIONS:
        entry = print_book.Entry("notebooks/03_x.html", "Part", slug="page-notebooks-03_x")
        page, _ = print_book.article(tmp_path, entry, {}, {}, edition)
        printed[edition] = _squeeze(page.get_text(" "))
    student, instructor = printed["student"], printed["instructor"]
    assert "Make DCG fall." in student and "6.653" not in student
    assert "Check your answer" not in student and "Solution to" not in student
    assert "6.653" in instructor and "Solution to" in instructor
    # One line under the widget: where to try it.
    note = unescape(print_book.widget_note("notebooks/03_x.html"))
    assert note.startswith("Interactive at this book's website (notebooks/03_x.html)")
    assert student.count(note) == 1 and len(note) < 120


def _printed_widget(widget, tmp_path: Path, selectors: dict[str, str]) -> dict[str, int]:
    """How many elements of each selector show when ``widget``'s page is printed with the
    book's print stylesheet ("screen": the controls shown on screen, for comparison)."""
    from playwright.sync_api import sync_playwright

    from ndcg.widgets import standalone_html

    html = standalone_html(widget).replace(
        "</head>", f"<style>@media print {{ {print_book.PRINT_CSS} }}</style></head>", 1
    )
    # The book's widgets sit in Jupyter's output area, which the stylesheet scopes them to.
    html = re.sub(r"(<body[^>]*>)", r'\1<div class="widget-subarea">', html, count=1)
    html = html.replace("</body>", "</div></body>", 1)
    path = tmp_path / f"{type(widget).__name__}.html"
    path.write_text(html, encoding="utf-8")
    shown = """sel => [...document.querySelectorAll(sel)].filter(
        e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden').length"""

    def look() -> dict:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=print_book.CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
            )
            page = browser.new_page()
            page.goto(path.as_uri())
            page.wait_for_selector("body[data-ready='1']", timeout=20_000)
            counts = {"screen": page.evaluate(shown, CONTROLS)}
            page.emulate_media(media="print")
            for name, selector in {"controls": CONTROLS, **selectors}.items():
                counts[name] = page.evaluate(shown, selector)
            browser.close()
        return counts

    with ThreadPoolExecutor(max_workers=1) as pool:  # see the printed fixture
        return pool.submit(look).result()


CONTROLS = "button, select, input, [role=slider]"


def test_a_widget_prints_as_a_figure_without_its_controls(tmp_path: Path) -> None:
    """The print stylesheet, on live widgets with goals, selectors and buttons, printed as
    the book is: the list, readouts, chart and swap map stay; nothing that acts only on
    screen does."""
    from ndcg.teaching import optimising
    from ndcg.widgets import RankingWidget, SwapWidget, goals

    ranking = RankingWidget(
        examples.D_TABLE,
        unretrieved=examples.D_UNRETRIEVED,
        readouts=["cg", "dcg", "ndcg"],
        discounts=["log2", "reciprocal"],
        goal=[goals.falls_while_same("dcg", "cg"), goals.best("dcg")],
    )
    counts = _printed_widget(
        ranking,
        tmp_path,
        {
            "goals": ".ndcg-rw__goals, .ndcg-rw__dock, .ndcg-rw__hint",
            "items": ".ndcg-rw__list > li",
            "readouts": ".ndcg-rw__readouts",
            "chart": ".ndcg-rw__svg",
        },
    )
    assert counts["screen"] >= 5, counts  # the selectors and buttons are there on screen
    assert counts["controls"] == 0 and counts["goals"] == 0, counts
    assert counts["items"] == len(examples.D_TABLE) and counts["readouts"] == 1, counts
    assert counts["chart"] >= 1, counts
    swap = SwapWidget(list(zip(optimising.LABELS, optimising.GRADES, strict=True)), k=optimising.K)
    counts = _printed_widget(
        swap,
        tmp_path,
        {"map": ".ndcg-sw__grid", "cells": ".ndcg-sw__cell", "items": ".ndcg-sw__item"},
    )
    assert counts["screen"] >= 3 and counts["controls"] == 0, counts
    assert counts["map"] == 1 and counts["cells"] >= 4 and counts["items"] >= 2, counts
