"""Slides for every chapter, cut from the chapter's own built page so they cannot drift.

Each chapter page the build writes (``notebooks/NN_*.html``) becomes a reveal.js deck at
``slides/NN_*.html``, with an index at ``slides/index.html``. Nothing is written twice: a
deck is a selection of the page's own nodes, by rules on the page's structure, so a figure,
formula or number that changes in a chapter changes on its slides with the next build.

- the title slide: the chapter's title and its question;
- the learning goals;
- for every section (and subsection) before the summary: a slide with its heading, the first
  sentences of its lead paragraph and its display formulas; a slide for every figure the
  section's code draws, filling the slide; a slide for every small table it prints; and a
  slide for its widget (not the answer boxes) with the task set beside it;
- the summary;
- every exercise (where the chapter sets it), with its answer box (live: it says right or
  wrong) and without its solution.

Math arrives typeset (KaTeX, at build time, ``tools/katex_math.py``); the widgets are drawn
from the page's saved widget state by the site's own loader (``tools/widget-loader.js``),
with no kernel; reveal.js is served by the site (``vendor/reveal``, from npm, see
``tools/vendor_assets.py``). A deck loads nothing from the internet and works from file://.

Run by the book's build (``sphinx`` ``build-finished``, registered in ``_config.yml``), and
on its own over a built site: ``python tools/slides.py [_build/html]``.
"""

from __future__ import annotations

import copy
import html
import json
import posixpath
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bs4 import BeautifulSoup, NavigableString, Tag

ROOT = Path(__file__).resolve().parents[1]
DECKS = "slides"
CHAPTER_GLOB = "[0-9][0-9]_*.html"
VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'
STATE = 'script[type="application/vnd.jupyter.widget-state+json"]'
ANSWER_BOX = "ndcg.widgets.answer.AnswerBox"
# Sections that get their own kind of slide, or none.
SUMMARY, EXERCISES = "Summary", "Exercises"
# A printed table becomes a slide only when it can be read from the back of a room.
MAX_TABLE_ROWS, MAX_TABLE_COLUMNS = 12, 8
# The end of a first sentence: . ? or ! before a space, not in "e.g." or "et al.".
LEAD_CHARS = 120
SENTENCE_END = re.compile(r"(?<!e\.g)(?<!i\.e)(?<! al)(?<!\bvs)[.?!](?=\s)")

DECK_CSS = """\
/* Slides cut from the chapters (tools/slides.py): large type, figures that fill the slide. */
.reveal { font-size: 34px; }
.reveal h1 { font-size: 2.1em; }
.reveal h2 { font-size: 1.35em; margin-bottom: 0.5em; }
.reveal .slides section { text-align: left; }
.reveal .slides section.title-slide { text-align: center; }
.reveal p, .reveal li { line-height: 1.35; }
.reveal ul { display: block; margin-left: 1em; }
.reveal .lead { font-size: 1.05em; }
.reveal .math { text-align: center; font-size: 1.15em; margin: 0.6em 0; }
.reveal .katex-display { margin: 0.3em 0; }
.reveal .figure { text-align: center; margin: 0; }
.reveal .figure img {
  width: 100%; height: 560px; object-fit: contain; margin: 0; max-width: none; max-height: none;
}
.reveal .table-slide table { font-size: 0.7em; margin: 0 auto; border-collapse: collapse; }
.reveal .table-slide th, .reveal .table-slide td {
  padding: 0.15em 0.6em; border-bottom: 1px solid #ccc;
}
.reveal .admonition, .reveal .exercise {
  border-left: 6px solid #2a6fb0; background: #f2f6fb; padding: 0.4em 0.8em; margin: 0.4em 0;
}
.reveal .admonition-title { font-weight: bold; margin: 0 0 0.2em; }
.reveal .small { font-size: 0.72em; }
.reveal .task-slide .admonition { font-size: 0.85em; }
/* A widget is as tall as on its page: its slide scrolls (wheel, or the keys inside it). */
.reveal .slides section.widget-slide {
  height: 700px; overflow-y: auto; overscroll-behavior: contain;
}
.reveal .widget-slide h2 { font-size: 1em; }
.reveal .widget { font-size: 16px; text-align: left; }
.reveal .exercise-slide .exercise { font-size: 0.8em; }
.reveal .exercise-slide .widget { font-size: 18px; }
.reveal .source { position: absolute; top: 670px; left: 0; font-size: 0.45em; color: #555; }
.reveal a { color: #1a5b96; }
/* reveal.js draws the slide number white on 40 % black: too faint to read (axe). */
.reveal .slide-number { background-color: #222; color: #fff; }
.reveal code { font-size: 0.9em; }
"""

DECK_JS = """\
// reveal.js for the chapter decks (tools/slides.py). Keys pressed inside a widget belong to
// the widget (its keyboard moves), not to the deck.
Reveal.initialize({
  hash: true,
  width: 1280,
  height: 720,
  margin: 0.04,
  center: false,
  slideNumber: "c/t",
  transition: "none",
  keyboardCondition: (event) => !(event.target.closest && event.target.closest(".widget")),
});
"""

INDEX_CSS = """\
body { font: 18px/1.5 system-ui, sans-serif; max-width: 46em; margin: 2em auto; padding: 0 1em; }
a { color: #1a5b96; }
"""


@dataclass
class Deck:
    """One chapter's slides."""

    page: str  # the chapter page, relative to the site (notebooks/NN_x.html)
    title: str
    slides: list[str] = field(default_factory=list)
    states: list[str] = field(default_factory=list)  # the page's widget-state scripts

    @property
    def name(self) -> str:
        return posixpath.basename(self.page)


def _text(tag: Tag) -> str:
    return " ".join(tag.get_text(" ", strip=True).split())


def _heading_text(heading: Tag) -> str:
    heading = copy.copy(heading)
    for link in heading.select("a.headerlink"):
        link.decompose()
    return _text(heading)


def _relink(node: Tag, page: str) -> Tag:
    """Point the node's links at the book (they were relative to the chapter page), drop
    element ids, which the deck would otherwise repeat, and make sections divs (reveal.js
    takes a section inside a slide for a slide of its own)."""
    here = posixpath.dirname(page)
    for tag in [node, *node.find_all(True)]:
        if tag.name == "section":
            tag.name = "div"
        if tag.has_attr("id"):
            del tag["id"]
        if tag.name != "a" or not tag.has_attr("href"):
            continue
        href = tag["href"]
        if urlsplit(href).scheme or href.startswith(("//", "mailto:")):
            continue
        target = page + href if href.startswith("#") else posixpath.join(here, href)
        tag["href"] = posixpath.relpath(posixpath.normpath(target), DECKS)
    return node


def first_sentences(paragraph: Tag, at_least: int = LEAD_CHARS) -> Tag:
    """A copy of ``paragraph`` cut after the first sentence that ends ``at_least`` characters
    in (inline math and code kept whole)."""
    cut = copy.copy(paragraph)
    done = False
    seen = 0
    for child in list(cut.children):
        if done:
            child.extract()
            continue
        text = str(child) if isinstance(child, NavigableString) else child.get_text()
        if isinstance(child, NavigableString):
            for match in SENTENCE_END.finditer(text):
                if seen + match.end() >= at_least:
                    child.replace_with(NavigableString(text[: match.end()]))
                    done = True
                    break
        seen += len(text)
    return cut


def _widget_kind(view: Tag, states: dict[str, Any]) -> str:
    model_id = json.loads(view.get_text())["model_id"]
    entry = states.get(model_id, {})
    return entry.get("state", {}).get("_anywidget_id") or entry.get("model_name", "")


def _widget(view: Tag) -> Tag:
    holder = BeautifulSoup('<div class="widget"></div>', "html.parser").div
    holder.append(copy.copy(view))
    return holder


def _slide(body: str, classes: str = "", source: str = "") -> str:
    note = f'<a class="source" href="{source}">book</a>' if source else ""
    return f'<section class="{classes}">{body}{note}</section>'


def _own_children(section: Tag) -> list[Tag]:
    return [c for c in section.children if isinstance(c, Tag) and c.name != "section"]


def _section_slides(section: Tag, deck: Deck, states: dict[str, Any]) -> list[str]:
    heading = section.find(["h2", "h3"], recursive=False)
    title = html.escape(_heading_text(heading))
    anchor = section.get("id", "")
    link = html.escape(posixpath.relpath(f"{deck.page}#{anchor}", DECKS))
    children = _own_children(section)
    slides = []
    lead = next((c for c in children if c.name == "p"), None)
    maths = [c for c in children if c.name == "div" and "math" in c.get("class", [])]
    body = f"<h2>{title}</h2>"
    if lead is not None:
        body += f'<p class="lead">{_relink(first_sentences(lead), deck.page)}</p>'
    body += "".join(str(_relink(copy.copy(m), deck.page)) for m in maths[:3])
    slides.append(_slide(body, "section-slide", link))
    for cell in section.select(":scope > div.cell"):
        for img in cell.select("div.cell_output img"):
            figure = _relink(copy.copy(img), deck.page)
            body = f'<h2>{title}</h2><div class="figure">{figure}</div>'
            slides.append(_slide(body, "figure-slide", link))
        for table in cell.select("div.cell_output table"):
            rows = table.select("tr")
            columns = max((len(r.find_all(["td", "th"])) for r in rows), default=0)
            if len(rows) <= MAX_TABLE_ROWS + 1 and columns <= MAX_TABLE_COLUMNS:
                body = f"<h2>{title}</h2>{_relink(copy.copy(table), deck.page)}"
                slides.append(_slide(body, "table-slide", link))
        for view in cell.select(VIEW):
            if _widget_kind(view, states) == ANSWER_BOX:
                continue
            for task in children:
                title_tag = task.select_one(".admonition-title")
                if title_tag is None or not _text(title_tag).startswith("Your task"):
                    continue
                task = _relink(copy.copy(task), deck.page)
                for skip in [a for a in task.find_all("a") if _text(a).startswith("Skip to")]:
                    (skip.find_parent("p") or skip).decompose()
                slides.append(_slide(f"<h2>{title}</h2>{task}", "task-slide", link))
            body = f"<h2>{title}</h2>{_widget(view)}"
            slides.append(_slide(body, "widget-slide", link))
    # An exercise set inside the walk, rather than at the end, gets its slide where it stands.
    slides.extend(_exercise_slides(section, deck, states))
    return slides


def _exercise_slides(section: Tag, deck: Deck, states: dict[str, Any]) -> list[str]:
    slides = []
    children = _own_children(section)
    for i, child in enumerate(children):
        if "exercise" not in child.get("class", []):
            continue
        body = str(_relink(copy.copy(child), deck.page))
        for after in children[i + 1 :]:
            if "exercise" in after.get("class", []):
                break
            boxes = [v for v in after.select(VIEW) if _widget_kind(v, states) == ANSWER_BOX]
            if boxes:
                body += str(_widget(boxes[0]))
                break
        anchor = child.get("id", "")
        link = html.escape(posixpath.relpath(f"{deck.page}#{anchor}", DECKS))
        slides.append(_slide(body, "exercise-slide", link))
    return slides


def deck_for(site: Path, page: Path) -> Deck:
    """The slides of one chapter page of the built site."""
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    rel = page.relative_to(site).as_posix()
    article = soup.select_one("article.bd-article") or soup.select_one("article")
    top = article.find("section")
    h1 = top.find("h1")
    deck = Deck(page=rel, title=_heading_text(h1))
    state_tags = soup.select(STATE)
    deck.states = [str(t) for t in state_tags]
    states: dict[str, Any] = {}
    for tag in state_tags:
        states.update(json.loads(tag.get_text())["state"])
    children = _own_children(top)
    book = html.escape(posixpath.relpath(rel, DECKS))
    question = next((c for c in children if "tip" in c.get("class", [])), None)
    body = f"<h1>{html.escape(deck.title)}</h1>"
    if question is not None:
        body += str(_relink(copy.copy(question), rel))
    body += f'<p class="small"><a href="{book}">Read the chapter</a></p>'
    deck.slides.append(_slide(body, "title-slide"))
    goals = next((c for c in children if c.name == "p" and "goals" in _text(c).lower()), None)
    if goals is not None and isinstance(goals.find_next_sibling(), Tag):
        items = goals.find_next_sibling()
        body = f"<h2>{_relink(copy.copy(goals), rel)}</h2>{_relink(copy.copy(items), rel)}"
        deck.slides.append(_slide(body.replace("<h2><p>", "<h2>").replace("</p></h2>", "</h2>")))
    for section in top.find_all("section", recursive=True):
        heading = section.find(["h2", "h3"], recursive=False)
        if heading is None or section.find_parent("div", class_="exercise"):
            continue
        name = re.sub(r"^[\d.]+\s*", "", _heading_text(heading))
        if name == EXERCISES:
            deck.slides.extend(_exercise_slides(section, deck, states))
        elif name == SUMMARY:
            lists = [_relink(copy.copy(c), rel) for c in _own_children(section)]
            body = f"<h2>{html.escape(_heading_text(heading))}</h2>" + "".join(map(str, lists))
            deck.slides.append(_slide(body, "summary-slide small"))
        else:
            deck.slides.extend(_section_slides(section, deck, states))
    return deck


def render(deck: Deck, book_title: str) -> str:
    """The deck's HTML page."""
    title = html.escape(f"{deck.title}: slides. {book_title}")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" href="../_static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="../vendor/reveal/reset.css">
<link rel="stylesheet" href="../vendor/reveal/reveal.css">
<link rel="stylesheet" href="../vendor/reveal/theme/white.css">
<link rel="stylesheet" href="../vendor/katex/katex.min.css">
<link rel="stylesheet" href="slides.css">
{"".join(deck.states)}
<script src="../vendor/widget-loader.js"></script>
</head>
<body>
<main class="reveal" aria-label="{html.escape(deck.title)}: slides">
<div class="slides">
{chr(10).join(deck.slides)}
</div>
</main>
<script src="../vendor/reveal/reveal.js"></script>
<script src="slides.js"></script>
</body>
</html>
"""


def render_index(decks: list[Deck], book_title: str) -> str:
    """The page listing every deck, with its number of slides."""
    rows = "\n".join(
        f'<li><a href="{html.escape(d.name)}">{html.escape(d.title)}</a> '
        f"({len(d.slides)} slides)</li>"
        for d in decks
    )
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Slides. {html.escape(book_title)}</title>
<link rel="icon" href="../_static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="index.css">
</head>
<body>
<main>
<h1>Slides for every chapter</h1>
<p>Each deck is cut from its chapter when the book is built: the same formulas, figures,
numbers and widgets. Arrow keys or space move through a deck, <kbd>Esc</kbd> shows every
slide, and the widgets work as on the chapter page, without Python.
Back to <a href="../book/instructor-guide.html">the instructor guide</a>.</p>
<ol>
{rows}
</ol>
</main>
</body>
</html>
"""


def build(site: Path, book_title: str = "Ranking, Measured") -> list[Deck]:
    """Write every chapter's deck, and the index, into ``site/slides``."""
    out = site / DECKS
    out.mkdir(exist_ok=True)
    decks = [deck_for(site, page) for page in sorted((site / "notebooks").glob(CHAPTER_GLOB))]
    if not decks:
        raise RuntimeError(f"slides: no chapter pages in {site / 'notebooks'}; build the book")
    for deck in decks:
        (out / deck.name).write_text(render(deck, book_title), encoding="utf-8")
    (out / "slides.css").write_text(DECK_CSS, encoding="utf-8")
    (out / "slides.js").write_text(DECK_JS, encoding="utf-8")
    (out / "index.css").write_text(INDEX_CSS, encoding="utf-8")
    (out / "index.html").write_text(render_index(decks, book_title), encoding="utf-8")
    return decks


def _on_build_finished(app: Any, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        decks = build(Path(app.outdir), app.config.project)
        print(f"slides: {sum(len(d.slides) for d in decks)} slides in {len(decks)} decks")


def setup(app: Any) -> dict[str, Any]:
    """Sphinx extension: write the decks once the pages are written."""
    app.connect("build-finished", _on_build_finished)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


def main(argv: list[str]) -> None:
    site = Path(argv[0]) if argv else ROOT / "_build" / "html"
    decks = build(site)
    for deck in decks:
        print(f"{deck.name}: {len(deck.slides)} slides")


if __name__ == "__main__":
    main(sys.argv[1:])
