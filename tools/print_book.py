"""The whole book as one PDF, printed by Chromium from the built site (``make pdf``).

The pages of the table of contents (``_toc.yml``; the maintainers' status page and the reader's
progress page, kept in a browser, left out) are joined, in reading order, into one printable
document, ``_build/pdf/book.html``: a title page, a table of contents, then every page's article
as it appears on the website, with its math (typeset at build time), figures, code and outputs,
solutions unfolded, and its widgets drawn from the saved widget state by the site's own loader
(``js/widget-loader.js``), each followed by a line saying that it is interactive on the
website. Links between pages become links inside the PDF.

Chromium prints it once (Playwright, Debian's ``/usr/bin/chromium``) with page numbers in
the footer and a PDF outline (bookmarks) from the headings. The page on which each part of
the book starts is read from that outline, and the numbers are printed onto the table of
contents (pypdf): a second, tiny print with the same layout showing nothing but the numbers,
laid over the contents page(s), so nothing else moves.

Two editions: the *student* edition leaves out every solution and every fold of the page
(the "Check your answer" under each widget task); the *instructor* edition prints them,
unfolded. In both, an answer box is printed as lines to write the answer on, and every other
widget is drawn once, small, as a static figure of its saved starting state: its list, its
readouts and its chart, without the controls, goals and hints that do something only on
screen (``PRINT_CSS``), and with one line giving the web address of the page where it is
interactive. That address is the site's (``html.baseurl`` in
``_config.yml``, the one setting for it) followed by the page's path; while no address is
set, the book says "this book's website" and the page's path, and invents no domain.

The contents' page numbers are printed without backgrounds, so that the overlay adds ink
and paints nothing over the title and contents pages beneath it.

Usage: ``python tools/print_book.py [SITE] [OUT] [--edition student|instructor]``
(defaults ``_build/html``, ``_build/pdf/book-student.pdf``, ``student``).
"""

from __future__ import annotations

import copy
import html
import json
import os
import posixpath
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

import yaml
from bs4 import BeautifulSoup, Tag

if TYPE_CHECKING:
    from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
# Pages of the table of contents that are not reading material: the maintainers' status, and
# the reader's progress, which lives in a browser's storage and is empty on paper.
LEFT_OUT = {"book/status", "book/progress"}
SITE = "../html"  # the built site, seen from the printable document's folder
STATE = 'script[type="application/vnd.jupyter.widget-state+json"]'
VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'
ANSWER_BOX = "ndcg.widgets.answer.AnswerBox"
EDITIONS = ("student", "instructor")
# How many lines an answer box becomes on paper.
ANSWER_LINES = 2
MARGIN = {"top": "16mm", "bottom": "18mm", "left": "15mm", "right": "15mm"}
FOOTER = (
    '<div style="width:100%;font-size:9px;color:#444;text-align:center;'
    'font-family:sans-serif"><span class="pageNumber"></span></div>'
)

PRINT_CSS = """\
/* The printed book (tools/print_book.py). */
@page { size: A4; }
html, body { background: #fff !important; }
body { font-size: 11pt; margin: 0; }
.print-page { break-before: page; }
.print-page:first-of-type { break-before: auto; }
.print-title { text-align: center; padding-top: 30vh; }
.print-title h1 { font-size: 34pt; margin-bottom: 0.4em; }
.print-title p { font-size: 13pt; }
.print-toc h1 { font-size: 20pt; }
.print-toc ol { list-style: none; padding: 0; margin: 0; }
.print-toc li { display: flex; gap: 0.4em; margin: 0.1em 0; font-size: 12pt; }
.print-toc li.part { font-weight: bold; margin-top: 0.6em; }
.print-toc .dots { flex: 1; border-bottom: 1px dotted #999; margin-bottom: 0.3em; }
.print-toc .num { min-width: 2.5em; text-align: right; }
.print-toc a { color: inherit; text-decoration: none; }
.print-title .print-address { font-size: 12pt; margin-top: 2em; }
.print-title .print-edition { font-size: 12pt; font-weight: bold; }
.print-title .print-notice { font-size: 9.5pt; max-width: 36em; margin: 4em auto 0; }
/* The overlay carries the contents' numbers only: no background, so it adds ink and hides
   nothing of the pages it is laid over. */
html.print-overlay, html.print-overlay body { background: transparent !important; }
.print-overlay .print-toc *, .print-overlay .print-title * { visibility: hidden; }
.print-overlay .print-toc .num, .print-overlay .print-toc .num * { visibility: visible; }
a.headerlink, .copybtn, .toggle-button, .sd-summary-down, .sd-summary-up {
  display: none !important;
}
pre, pre code { white-space: pre-wrap !important; word-break: break-word; }
div.highlight, div.cell_output, figure, img, table, .math, .widget-subarea {
  break-inside: avoid;
}
h1, h2, h3, .admonition-title { break-after: avoid; }
img { max-width: 100% !important; height: auto !important; }
.cell_output { max-height: none !important; overflow: visible !important; }
.output pre { max-height: none !important; overflow: visible !important; }
details > summary { list-style: none; }
/* A widget in its saved state, small: paper cannot be interacted with. What acts only on
   screen is left out: controls (buttons, selectors, the move and swap handles), the goals and
   their verdicts (the task is in the text; its answer is not for paper), hints on how to use
   it, the data table behind the chart, the screen reader's announcements. */
.widget-subarea { zoom: 0.8; }
.widget-subarea :is(button, select, input, textarea, [role="slider"]),
.widget-subarea :is(.ndcg-widget__controls, .ndcg-widget__sr),
.widget-subarea :is(.ndcg-rw__goals, .ndcg-rw__dock, .ndcg-rw__hint, .ndcg-rw__details,
  .ndcg-rw__actions, .ndcg-rw__handle),
.widget-subarea :is(.ndcg-sw__goals, .ndcg-sw__hint, .ndcg-sw__toggle, .ndcg-sw__move) {
  display: none !important;
}
.print-answer { margin: 0.4em 0 1.2em; break-inside: avoid; }
.print-answer p { margin: 0 0 0.2em; font-size: 10pt; }
.print-answer .print-line { border-bottom: 1px solid #333; height: 2.2em; }
.print-widget-note {
  font-size: 9.5pt; font-style: italic; color: #333; border-left: 3px solid #2a6fb0;
  padding-left: 0.6em; margin: 0.3em 0 1em;
}
"""


@dataclass
class Entry:
    """A page of the book, in reading order."""

    path: str  # relative to the site, e.g. notebooks/03_x.html
    part: str  # the caption of its part of the table of contents ("" for the front matter)
    title: str = ""
    slug: str = ""


def _config(root: Path) -> dict:
    return yaml.safe_load((root / "_config.yml").read_text(encoding="utf-8"))


def book_title(root: Path = ROOT) -> str:
    """The book's title (``title`` in ``_config.yml``)."""
    return str(_config(root)["title"])


def notice(root: Path = ROOT) -> str:
    """Who wrote the book, its licences and how to report an error: the HTML the site prints
    under every page (``html.extra_footer`` in ``_config.yml``), printed on the title page."""
    text = str((_config(root).get("html") or {}).get("extra_footer") or "").strip()
    if not text:
        raise RuntimeError("print_book: _config.yml has no html.extra_footer (licence, authors)")
    return text


def site_address(root: Path = ROOT) -> str:
    """The site's public address (``html.baseurl`` in ``_config.yml``), ending in "/"; "" when
    none is set."""
    config = _config(root)
    base = str((config.get("html") or {}).get("baseurl") or "").strip()
    return base if not base or base.endswith("/") else base + "/"


def page_address(page: str, base: str) -> str:
    """Where a reader finds ``page`` (a path on the site): its full web address when the
    site's address is set, else the path on "this book's website"."""
    return f"{base}{page}" if base else f"this book's website ({page})"


def toc_pages(root: Path = ROOT) -> list[Entry]:
    """The pages of ``_toc.yml`` in reading order, without those left out of print."""
    toc = yaml.safe_load((root / "_toc.yml").read_text(encoding="utf-8"))
    entries = [Entry(f"{toc['root']}.html", "")]
    for part in toc.get("parts", []):
        for chapter in part["chapters"]:
            if chapter["file"] not in LEFT_OUT:
                entries.append(Entry(f"{chapter['file']}.html", part.get("caption", "")))
    return entries


def _slug(path: str) -> str:
    return "page-" + path.removesuffix(".html").replace("/", "-")


def _site_path(page: str, url: str) -> tuple[str, str]:
    """The site path and fragment a relative URL on ``page`` points at."""
    parts = urlsplit(url)
    path = unquote(parts.path)
    if not path:
        return page, parts.fragment
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
    return target, parts.fragment


def _is_external(url: str) -> bool:
    return bool(urlsplit(url).scheme) or url.startswith("//")


def _widget_kind(view: Tag, states: dict) -> str:
    entry = states.get(json.loads(view.get_text())["model_id"], {})
    return entry.get("state", {}).get("_anywidget_id") or entry.get("model_name", "")


def widget_note(page: str, base: str = "") -> str:
    """The one line printed under a widget: where to try it."""
    where = html.escape(page_address(page, base))
    return f"Interactive at {where}: try it there. Printed here as it starts."


def answer_lines(page: str, base: str = "") -> str:
    """An answer box on paper: lines to write on, and where the box checks an answer."""
    where = html.escape(page_address(page, base))
    lines = '<div class="print-line"></div>' * ANSWER_LINES
    return (
        f'<div class="print-answer"><p>Your answer (checked as you type at {where}):</p>'
        f"{lines}</div>"
    )


def article(
    site: Path,
    entry: Entry,
    pages: dict[str, str],
    states: dict,
    edition: str = "student",
    base: str = "",
) -> tuple[Tag, list]:
    """One page's article, ready to be printed inside the joined document: in the student
    edition without its solutions; answer boxes as answer lines; each other widget once."""
    soup = BeautifulSoup((site / entry.path).read_text(encoding="utf-8"), "html.parser")
    body = soup.select_one("article.bd-article") or soup.select_one("article")
    if body is None:
        raise RuntimeError(f"print_book: {entry.path} has no article")
    h1 = body.find("h1")
    if h1 is not None:
        heading = copy.copy(h1)
        for link in heading.select("a.headerlink"):
            link.decompose()
        entry.title = " ".join(heading.get_text(" ", strip=True).split())
    state_tags = soup.select(STATE)
    for tag in state_tags:
        states.update(json.loads(tag.get_text())["state"])
    body = copy.copy(body)
    for tag in body.find_all(True):
        if tag.has_attr("id"):
            tag["id"] = f"{entry.slug}--{tag['id']}"
        for attr in ("src", "href"):
            url = tag.get(attr)
            if not url or _is_external(url) or url.startswith(("data:", "mailto:")):
                continue
            target, fragment = _site_path(entry.path, url)
            if attr == "href" and tag.name == "a":
                if target in pages:
                    tag["href"] = (
                        f"#{pages[target]}--{fragment}" if fragment else f"#{pages[target]}"
                    )
                else:
                    tag["href"] = f"{SITE}/{target}" + (f"#{fragment}" if fragment else "")
            else:
                tag[attr] = f"{SITE}/{target}"
        if tag.name == "details":
            tag["open"] = ""
        if tag.name == "img":
            tag.attrs.pop("loading", None)  # the site's are lazy; a printed page shows them all
    for link in body.select("a.headerlink"):
        link.decompose()
    if edition == "student":
        for solution in body.select("div.solution"):
            solution.decompose()
        # A fold holds what a reader checks after trying: the answer to a widget's task.
        for fold in body.select("details"):
            fold.decompose()
    drawn: set[str] = set()
    for view in body.select(VIEW):
        model = json.loads(view.get_text())["model_id"]
        if _widget_kind(view, states) == ANSWER_BOX:
            view.replace_with(BeautifulSoup(answer_lines(entry.path, base), "html.parser"))
        elif model in drawn:  # a view shown again: once on paper is enough
            view.decompose()
        else:
            drawn.add(model)
            line = widget_note(entry.path, base)
            note = BeautifulSoup(f'<p class="print-widget-note">{line}</p>', "html.parser")
            view.insert_after(note)
    wrapper = BeautifulSoup(
        f'<section class="print-page" id="{entry.slug}"></section>', "html.parser"
    ).section
    wrapper.append(body)
    return wrapper, state_tags


def _stylesheets(site: Path, entries: list[Entry]) -> list[str]:
    """Every stylesheet the pages link, in order, once, as paths from ``_build/pdf``."""
    seen: list[str] = []
    for entry in entries:
        soup = BeautifulSoup((site / entry.path).read_text(encoding="utf-8"), "html.parser")
        for link in soup.select('link[rel="stylesheet"]'):
            target, _ = _site_path(entry.path, link["href"].split("?")[0])
            if target not in seen:
                seen.append(target)
    return [f"{SITE}/{t}" for t in seen]


def contents(entries: list[Entry], numbers: dict[str, int] | None = None) -> str:
    """The table of contents; page numbers when known, else blanks of the same size."""
    rows = []
    part = ""
    for entry in entries:
        if entry.part and entry.part != part:
            part = entry.part
            rows.append(f'<li class="part">{html.escape(part)}</li>')
        number = str(numbers[entry.slug]) if numbers else "\u2007\u2007\u2007"
        rows.append(
            f'<li><a href="#{entry.slug}">{html.escape(entry.title)}</a>'
            f'<span class="dots"></span><span class="num">{number}</span></li>'
        )
    return (
        '<section class="print-page print-toc"><h1>Contents</h1><ol>'
        + "".join(rows)
        + "</ol></section>"
    )


def title_page(title: str, edition: str, base: str, footer: str = "") -> str:
    """The first page: the title, the edition, where the book lives on the web, and ``footer``
    (:func:`notice`: authors, licences, how to report an error)."""
    where = html.escape(base) if base else "this book's website"
    return (
        f'<section class="print-page print-title"><h1>{html.escape(title)}</h1>'
        "<p>An open textbook on ranking evaluation, printed from its website.</p>"
        f'<p class="print-edition">{edition.capitalize()} edition'
        + (" (without solutions)" if edition == "student" else " (with solutions)")
        + "</p>"
        f'<p class="print-address">Read it, and use its widgets, at {where}</p>'
        f'<div class="print-notice">{footer}</div></section>'
    )


def document(
    title: str,
    styles: list[str],
    toc: str,
    states: list,
    pages: list,
    overlay: bool,
    front: str = "",
) -> str:
    links = "".join(f'<link rel="stylesheet" href="{html.escape(s)}">' for s in styles)
    state = "".join(map(str, states))
    body = "".join(map(str, pages))
    return f"""<!DOCTYPE html>
<html lang="en" data-theme="light" data-mode="light"{' class="print-overlay"' if overlay else ""}>
<head>
<meta charset="utf-8">
<title>{html.escape(title)}</title>
{links}
<link rel="stylesheet" href="print.css">
{"" if overlay else state}
{"" if overlay else f'<script src="{SITE}/vendor/widget-loader.js"></script>'}
</head>
<body class="{"print-overlay" if overlay else ""}">
{front}
{toc}
{"" if overlay else body}
</body>
</html>
"""


def _outline(reader) -> list:
    """Chromium's outline items, flattened in document order."""
    found = []

    def walk(items) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                found.append(item)

    walk(reader.outline)
    return found


def _headings(book_html: str) -> list[tuple[int, str]]:
    """Every heading of the printable document: its level and its text."""
    soup = BeautifulSoup(book_html, "html.parser")
    return [
        (int(h.name[1]), " ".join(h.get_text(" ", strip=True).split()))
        for h in soup.find_all(["h1", "h2", "h3", "h4", "h5", "h6"])
    ]


def _squeeze(text: str) -> str:
    return "".join(text.split())


def rebuild_outline(writer, reader, headings: list[tuple[int, str]]) -> None:
    """Bookmarks titled as the headings read (Chromium's repeat some of their text), each at
    the page and height Chromium found for it."""
    from pypdf.generic import Fit

    items = _outline(reader)
    if len(items) != len(headings):
        raise RuntimeError(
            f"print_book: the PDF outline has {len(items)} entries for {len(headings)} headings"
        )
    del writer._root_object["/Outlines"]
    parents: list[tuple[int, object]] = []
    for item, (level, title) in zip(items, headings, strict=True):
        if not all(word in _squeeze(str(item.title)) for word in title.split()):
            raise RuntimeError(f"print_book: outline entry {item.title!r} is not {title!r}")
        while parents and parents[-1][0] >= level:
            parents.pop()
        top = getattr(item, "top", None)
        made = writer.add_outline_item(
            title=title,
            page_number=reader.get_destination_page_number(item),
            parent=parents[-1][1] if parents else None,
            fit=Fit.xyz(top=float(top)) if top is not None else Fit.fit(),
        )
        parents.append((level, made))


def _start_pages(
    reader: PdfReader, headings: list[tuple[int, str]], entries: list[Entry]
) -> dict[str, int]:
    """The page (from 1) each entry starts on in the printed PDF, by its slug."""
    items = _outline(reader)
    # The title page's and the contents' headings come first, then one h1 per page.
    starts = [i for i, (level, _) in enumerate(headings) if level == 1][2:]
    if len(starts) != len(entries):
        raise RuntimeError(
            f"print_book: {len(starts)} pages start with a title, not {len(entries)}"
        )
    return {
        entry.slug: reader.get_destination_page_number(items[i]) + 1
        for entry, i in zip(entries, starts, strict=True)
    }


def _write_numbered(
    reader: PdfReader, headings: list[tuple[int, str]], overlay: PdfReader, title: str, out: Path
) -> None:
    """Write the printed PDF to ``out`` with its outline rebuilt and the contents' page
    numbers (``overlay``) laid over its first pages."""
    from pypdf import PdfWriter

    writer = PdfWriter(clone_from=reader)
    rebuild_outline(writer, reader, headings)
    for i, sheet in enumerate(overlay.pages):
        writer.pages[i].merge_page(sheet)
    writer.add_metadata({"/Title": title})
    with out.open("wb") as handle:
        writer.write(handle)


def build(site: Path, out: Path, root: Path = ROOT, edition: str = "student") -> dict:
    """Print the book's ``edition`` ("student" or "instructor") from the built ``site`` into
    ``out``; returns figures about the PDF."""
    from playwright.sync_api import sync_playwright
    from pypdf import PdfReader

    if edition not in EDITIONS:
        raise ValueError(f"print_book: edition={edition!r}; use one of {EDITIONS}")
    started = time.monotonic()
    base = site_address(root)
    entries = toc_pages(root)
    for entry in entries:
        entry.slug = _slug(entry.path)
    slugs = {entry.path: entry.slug for entry in entries}
    work = out.parent
    work.mkdir(parents=True, exist_ok=True)
    # The printable document refers to the site's files from where it is written.
    global SITE
    SITE = Path(os.path.relpath(site.resolve(), work.resolve())).as_posix()
    states: dict = {}
    pages, state_tags = [], []
    for entry in entries:
        page, tags = article(site, entry, slugs, states, edition, base)
        pages.append(page)
        state_tags.extend(tags)
    title = book_title(root)
    front = title_page(title, edition, base, notice(root))
    styles = _stylesheets(site, entries)
    (work / "print.css").write_text(PRINT_CSS, encoding="utf-8")
    book_html = work / "book.html"
    book_html.write_text(
        document(title, styles, contents(entries), state_tags, pages, False, front),
        encoding="utf-8",
    )
    options = dict(
        format="A4",
        margin=MARGIN,
        print_background=True,
        display_header_footer=True,
        header_template="<div></div>",
        footer_template=FOOTER,
    )
    raw = work / "book-unnumbered.pdf"
    overlay_pdf = work / "contents.pdf"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(book_html.resolve().as_uri(), wait_until="load")
        page.wait_for_function("document.documentElement.dataset.widgets", timeout=120_000)
        if page.evaluate("document.documentElement.dataset.widgets") != "ready" or errors:
            raise RuntimeError(f"print_book: widgets not drawn: {errors}")
        count = "document.querySelectorAll('{}').length"
        drawn = page.evaluate(f"[{count.format('.widget-subarea')}, {count.format(VIEW)}]")
        loaded = time.monotonic()
        page.emulate_media(media="print")
        page.pdf(path=str(raw), outline=True, tagged=True, **options)
        printed = time.monotonic()
        reader = PdfReader(raw)
        headings = _headings(book_html.read_text(encoding="utf-8"))
        numbers = _start_pages(reader, headings, entries)
        overlay_html = work / "contents.html"
        overlay_html.write_text(
            document(title, styles, contents(entries, numbers), [], [], True, front),
            encoding="utf-8",
        )
        page.goto(overlay_html.resolve().as_uri(), wait_until="load")
        # Without backgrounds: the overlay must add the numbers and paint nothing else.
        overlay_options = {**options, "footer_template": "<div></div>", "print_background": False}
        page.pdf(path=str(overlay_pdf), **overlay_options)
        browser.close()
    overlay = PdfReader(overlay_pdf)
    _write_numbered(reader, headings, overlay, f"{title} ({edition} edition)", out)
    raw.unlink()
    return {
        "pages": len(reader.pages),
        "edition": edition,
        "contents_pages": len(overlay.pages),
        "starts": {entry.title: numbers[entry.slug] for entry in entries},
        "widgets": {"drawn": drawn[0], "placed": drawn[1]},
        "seconds": round(time.monotonic() - started, 1),
        "seconds_loading": round(loaded - started, 1),
        "seconds_printing": round(printed - loaded, 1),
    }


def main(argv: list[str]) -> None:
    edition = "student"
    if "--edition" in argv:
        at = argv.index("--edition")
        edition = argv[at + 1] if at + 1 < len(argv) else ""
        argv = argv[:at] + argv[at + 2 :]
    if edition not in EDITIONS:
        sys.exit(f"print_book: --edition {edition!r}; use one of {', '.join(EDITIONS)}")
    site = Path(argv[0]) if argv else ROOT / "_build" / "html"
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "_build" / "pdf" / f"book-{edition}.pdf"
    if not (site / "index.html").exists():
        sys.exit(f"print_book: no built site at {site}; run `make book` first")
    info = build(site, out, edition=edition)
    print(
        f"print_book: {out} ({info['pages']} pages, {info['seconds']} s: "
        f"{info['seconds_loading']} s loading, {info['seconds_printing']} s printing)"
    )
    for name, number in info["starts"].items():
        print(f"  {number:4d}  {name}")


if __name__ == "__main__":
    main(sys.argv[1:])
