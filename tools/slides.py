"""Slides for every chapter, rendered from an editable source per chapter.

Each chapter page the build writes (``notebooks/NN_x.html``) gets a reveal.js deck at
``slides/NN_x.html``, with an index at ``slides/index.html``. The deck's source is
``course/slides/NN_x.md``, a Markdown file an instructor edits:

- slides are separated by a line ``---``; a line ``Note:`` starts the slide's speaker notes
  (reveal.js's convention: they are written into the deck as ``<aside class="notes">``);
- ``# Title`` makes the title slide, ``## Heading`` a slide's heading; ``$...$`` and
  ``$$...$$`` are math, typeset with KaTeX when the deck is written, as the pages' math is
  (sphinxcontrib-katex, set up by ``tools/katex_site.py``);
- a line ``[[figure SECTION N]]``, ``[[widget SECTION N]]`` or ``[[formula SECTION N]]``
  places the N-th figure (an image its code drew), widget (answer boxes not counted) or
  display formula of the chapter's section whose anchor is SECTION (the id in the page's
  address, ``...html#SECTION``), taken from the built page, so that a figure, formula or
  widget that changes in the chapter changes on its slide with the next build. A widget is
  drawn from the page's saved widget state by the site's own loader
  (``js/widget-loader.js``) in the slide's compact configuration (``SLIDE_WIDGET_CSS``):
  the per-position chart is left to the chapter page and the goals sit side by side, so the
  widget fits the 1280x720 slide at the size it has on its page, every control as large and
  as usable. Only a widget that still does not fit is scaled down, as a last resort that the
  browser test of the slides refuses below 90 %.

Speaker notes are written as reveal.js expects them and the deck loads reveal.js's notes
plugin (vendored like reveal.js itself, ``tools/vendor_assets.py``): ``S`` opens the speaker
view, with the notes, the next slide and a clock, offline.

``python tools/slides.py --draft SITE`` writes a first source for each chapter that has
none, cut from its built page (one idea per slide; the page's prose as speaker notes). A
chapter without a source still gets a deck, from such a draft made during the build, with a
line in the build's log saying so (and ``tests/course/test_slides.py`` fails until it has one).

Run by the book's build (``sphinx`` ``build-finished``, registered in ``_config.yml``), and
on its own over a built site (``make slides``): ``python tools/slides.py [_build/html]``.
A deck loads nothing from the internet and works from file://.
"""

from __future__ import annotations

import copy
import html
import json
import posixpath
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup, NavigableString, Tag
from markdown_it import MarkdownIt
from mdit_py_plugins.dollarmath import dollarmath_plugin
from sphinxcontrib.katex import KaTeXError

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "course" / "slides"
DECKS = "slides"
CHAPTER_GLOB = "[0-9][0-9]_*.html"
VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'
STATE = 'script[type="application/vnd.jupyter.widget-state+json"]'
ANSWER_BOX = "ndcg.widgets.answer.AnswerBox"
# Sections that get their own kind of slide in a draft.
SUMMARY, EXERCISES = "Summary", "Exercises"
SEPARATOR, NOTE = "---", "Note:"
DIRECTIVE = re.compile(r"^\[\[(figure|widget|formula) ([\w-]+) (\d+)\]\]$", re.MULTILINE)
KINDS = ("figure", "widget", "formula")
# A first sentence: . ? or ! before a space, not in "e.g." or "et al.".
LEAD_CHARS = 120
SENTENCE_END = re.compile(r"(?<!e\.g)(?<!i\.e)(?<! al)(?<!\bvs)[.?!](?=\s)")
# How many summary points a draft puts on one slide.
SUMMARY_PER_SLIDE = 2
# A figure printed to full precision (0.785002371969948) is unreadable from a seat: drafts
# round any number with more than LONG_DECIMALS decimals to SHORT_DECIMALS.
LONG_DECIMALS, SHORT_DECIMALS = 5, 3
LONG_NUMBER = re.compile(rf"(?<![\w.])\d+\.\d{{{LONG_DECIMALS + 1},}}(?!\w|\.\d)")

# A widget's configuration on a slide: compact, not scaled. The ranking widget's page layout
# is about 1100 px tall with its per-position chart; without the chart (the chapter page has
# it), with its goals side by side and tighter boxes, the largest (chapter 6's) is under 600
# px, so every widget keeps its page size on a 1280x720 slide.
SLIDE_WIDGET_CSS = """\
/* The widgets' compact configuration on a slide (tools/slides.py, SLIDE_WIDGET_CSS). */
.reveal .widget .ndcg-rw__panel--chart { display: none; }
.reveal .widget .ndcg-rw { padding: 0.25rem 0.5rem; }
.reveal .widget .ndcg-rw__goals { padding: 0.2rem 0.5rem; margin-bottom: 0.4rem; }
.reveal .widget .ndcg-rw__goal-list {
  display: grid; grid-template-columns: repeat(auto-fit, minmax(24rem, 1fr)); column-gap: 1.5rem;
}
.reveal .widget .ndcg-rw__goal { margin: 0; }
.reveal .widget .ndcg-rw__note { margin-bottom: 0.4rem; }
/* Room for reveal.js's arrows in the slide's bottom right corner, beside the buttons. */
.reveal .widget .ndcg-rw__controls { padding-right: 5.5rem; }
"""

DECK_CSS = (
    """\
/* Slides rendered from course/slides (tools/slides.py): large type, figures that fill the
   slide, widgets in a compact configuration (below) that fits it. */
.reveal { font-size: 34px; }
.reveal h1 { font-size: 2.1em; }
.reveal h2 { font-size: 1.35em; margin-bottom: 0.5em; }
.reveal .slides section { text-align: left; }
.reveal .slides section.title-slide { text-align: center; }
.reveal p, .reveal li { line-height: 1.35; }
.reveal ul, .reveal ol { display: block; margin-left: 1em; }
.reveal .katex-display { margin: 0.3em 0; }
.reveal .math { text-align: center; font-size: 1.1em; margin: 0.5em 0; }
.reveal .figure { text-align: center; margin: 0; }
.reveal .figure img {
  width: 100%; height: 560px; object-fit: contain; margin: 0; max-width: none; max-height: none;
}
.reveal .widget { font-size: 16px; text-align: left; transform-origin: top left; }
.reveal .widget-slide h2 { font-size: 0.9em; margin-bottom: 0.2em; }
.reveal a { color: #1a5b96; }
.reveal .small { font-size: 0.72em; }
.reveal .missing { color: #a00; border: 3px solid #a00; padding: 0.4em; font-size: 0.7em; }
/* reveal.js draws the slide number white on 40 % black: too faint to read (axe). */
.reveal .slide-number { background-color: #222; color: #fff; }
.reveal code { font-size: 0.9em; }
"""
    + SLIDE_WIDGET_CSS
)

DECK_JS = """\
// reveal.js for the chapter decks (tools/slides.py). Keys pressed inside a widget belong to
// the widget (its keyboard moves), not to the deck. The notes plugin: S opens the speaker view.
Reveal.initialize({
  plugins: [RevealNotes],
  hash: true,
  width: 1280,
  height: 720,
  margin: 0.04,
  center: false,
  slideNumber: "c/t",
  transition: "none",
  keyboardCondition: (event) => !(event.target.closest && event.target.closest(".widget")),
});
// A widget keeps its page size in its compact configuration (slides.css). Should one still
// not fit (a chapter's widget grew), it is scaled down as a last resort (CSS zoom, so that
// clicks and keys land where they are drawn); the slides' browser test refuses below 90 %.
function fitWidgets(slide) {
  if (!slide) return;
  for (const widget of slide.querySelectorAll(".widget")) {
    widget.style.zoom = 1;
    const room = 720 - widget.offsetTop - 8;
    const scale = Math.min(1, room / widget.scrollHeight, 1280 / widget.scrollWidth);
    widget.style.zoom = scale > 0 ? scale : 1;
  }
}
Reveal.on("ready", (event) => fitWidgets(event.currentSlide));
Reveal.on("slidechanged", (event) => fitWidgets(event.currentSlide));
new MutationObserver(() => fitWidgets(Reveal.getCurrentSlide())).observe(
  document.documentElement, { attributes: true, attributeFilter: ["data-widgets"] });
"""

INDEX_CSS = """\
body { font: 18px/1.5 system-ui, sans-serif; max-width: 46em; margin: 2em auto; padding: 0 1em; }
a { color: #1a5b96; }
"""


@dataclass
class Page:
    """What a deck can take from its chapter's built page."""

    path: str  # relative to the site (notebooks/NN_x.html)
    title: str
    # (kind, section id) -> the section's own figures, widgets (answer boxes left out) or
    # display formulas, in page order. Keyed by section so that a deck survives a figure
    # added elsewhere in the chapter.
    nodes: dict[tuple[str, str], list[Tag]] = field(default_factory=dict)
    states: list[str] = field(default_factory=list)  # the page's widget-state scripts


@dataclass
class Deck:
    """One chapter's slides."""

    page: str
    title: str
    slides: list[str] = field(default_factory=list)
    states: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # places the page no longer has

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


def _article(soup: BeautifulSoup) -> Tag:
    return soup.select_one("article.bd-article") or soup.select_one("article")


def _widget_kind(view: Tag, states: dict[str, Any]) -> str:
    model_id = json.loads(view.get_text())["model_id"]
    entry = states.get(model_id, {})
    return entry.get("state", {}).get("_anywidget_id") or entry.get("model_name", "")


def read_page(site: Path, page: Path, soup: BeautifulSoup | None = None) -> Page:
    """The title, figures, widgets, formulas and widget state of one built chapter page."""
    soup = soup or BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    article = _article(soup)
    state_tags = soup.select(STATE)
    states: dict[str, Any] = {}
    for tag in state_tags:
        states.update(json.loads(tag.get_text())["state"])
    nodes: dict[tuple[str, str], list[Tag]] = {}
    for section in article.select("section[id]"):
        cells = section.select(":scope > div.cell")
        anchor = section["id"]
        nodes[("figure", anchor)] = [i for c in cells for i in c.select("div.cell_output img")]
        nodes[("widget", anchor)] = [
            v for c in cells for v in c.select(VIEW) if _widget_kind(v, states) != ANSWER_BOX
        ]
        nodes[("formula", anchor)] = section.select(":scope > div.math")
    return Page(
        path=page.relative_to(site).as_posix(),
        title=_heading_text(article.find("h1")),
        nodes=nodes,
        states=[str(t) for t in state_tags],
    )


# --- rendering a source ------------------------------------------------------------------


def split_slides(source: str) -> list[tuple[str, str]]:
    """The slides of a source: (body, speaker notes) each, in Markdown."""
    slides = []
    for chunk in re.split(rf"^{SEPARATOR}[ \t]*$", source, flags=re.MULTILINE):
        if chunk.strip():
            parts = re.split(rf"^{NOTE}[ \t]*$", chunk, maxsplit=1, flags=re.MULTILINE)
            notes = parts[1] if len(parts) > 1 else ""
            slides.append((parts[0].strip(), notes.strip()))
    return slides


def _markdown(typeset: Callable[[str, bool], str]) -> MarkdownIt:
    """Markdown with math typeset by ``typeset(tex, display)``, which raises on bad TeX."""

    def math(tex: str, options: dict[str, Any]) -> str:
        display = bool(options.get("display_mode"))
        try:
            html = typeset(tex, display)
        except KaTeXError as error:
            raise ValueError(f"slides: KaTeX cannot typeset {tex!r}: {error}") from error
        return f'<div class="math">{html}</div>' if display else html

    return MarkdownIt("commonmark", {"html": True}).use(dollarmath_plugin, renderer=math)


def _relink(node: Tag, page: str) -> Tag:
    """Point the node's links and images at the site as seen from slides/, and drop ids."""
    here = posixpath.dirname(page)
    for tag in [node, *node.find_all(True)]:
        if tag.has_attr("id"):
            del tag["id"]
        for attr in ("href", "src"):
            url = tag.get(attr)
            if not url or re.match(r"^[a-z]+:|^//", url):
                continue
            target = page + url if url.startswith("#") else posixpath.join(here, url)
            tag[attr] = posixpath.relpath(posixpath.normpath(target), DECKS)
    return node


def _placed(kind: str, section: str, number: int, page: Page, where: str) -> str:
    if (kind, section) not in page.nodes:
        raise ValueError(
            f"slides: {where} asks for {kind} {number} of section {section!r}, which "
            f"{page.path} does not have; its sections: {sorted({s for _, s in page.nodes})}"
        )
    found = page.nodes[(kind, section)]
    if not 1 <= number <= len(found):
        raise ValueError(
            f"slides: {where} asks for {kind} {number} of section {section!r}; "
            f"that section of {page.path} has {len(found)}"
        )
    node = _relink(copy.copy(found[number - 1]), page.path)
    if kind == "figure":
        return f'<div class="figure">{node}</div>'
    if kind == "widget":
        return f'<div class="widget">{node}</div>'
    return str(node)


def render_slide(
    body: str, notes: str, page: Page, md: MarkdownIt, where: str, problems: list[str] | None = None
) -> str:
    """One slide's ``<section>``: its Markdown with the page's nodes placed, and its notes.

    A place the page does not have raises ``ValueError``; with a ``problems`` list, it is
    recorded there instead and the slide says what is missing, so that a chapter edited
    under its slides still builds, and the tests (and the build's log) name the slide."""
    kinds = {m.group(1) for m in DIRECTIVE.finditer(body)}

    def place(match: re.Match[str]) -> str:
        try:
            return f"\n\n{_placed(match[1], match[2], int(match[3]), page, where)}\n\n"
        except ValueError as error:
            if problems is None:
                raise
            problems.append(str(error))
            return f'\n\n<p class="missing">{html.escape(str(error))}</p>\n\n'

    placed = DIRECTIVE.sub(place, body)
    classes = ["title-slide" if body.startswith("# ") else "slide"]
    classes += [f"{kind}-slide" for kind in sorted(kinds)]
    if not notes:
        raise ValueError(f"slides: {where} has no speaker notes (a line 'Note:' and text)")
    return (
        f'<section class="{" ".join(classes)}">{md.render(placed)}'
        f'<aside class="notes">{md.render(notes)}</aside></section>'
    )


def deck_for(site: Path, page_path: Path, source: Path, md: MarkdownIt) -> Deck:
    """The deck of one chapter: its source (or, while it has none, a draft from its page)
    rendered with its built page's nodes."""
    page = read_page(site, page_path)
    deck = Deck(page=page.path, title=page.title, states=page.states)
    text = source.read_text(encoding="utf-8") if source.is_file() else draft(site, page_path)
    for i, (body, notes) in enumerate(split_slides(text), start=1):
        where = f"{source.name} slide {i}"
        deck.slides.append(render_slide(body, notes, page, md, where, deck.problems))
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
<script src="../vendor/reveal/plugin/notes.js"></script>
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
<p>Each deck is written from its source in <code>course/slides/</code> (Markdown, with
speaker notes), with the chapter's own figures, formulas and widgets placed from the built
page. Arrow keys or space move through a deck, <kbd>Esc</kbd> shows every slide, and
the widgets work as on the chapter page, without Python.
Back to <a href="../book/instructor-guide.html">the instructor guide</a>.</p>
<ol>
{rows}
</ol>
</main>
</body>
</html>
"""


def title_of_book(root: Path = ROOT) -> str:
    """The book's title, as every deck names it: ``title`` in ``_config.yml``.

    Not Sphinx's ``project``: Jupyter Book hands the title to Sphinx as ``html_title`` and
    leaves ``project`` at Sphinx's default, "Project name not set".
    """
    from print_book import book_title  # tools/, on the path as katex_site is

    return book_title(root)


def build(site: Path, book_title: str | None = None, sources: Path = SOURCES) -> list[Deck]:
    """Write every chapter's deck, and the index, into ``site/slides``; the decks are titled
    after ``book_title``, by default the book's (:func:`title_of_book`)."""
    book_title = book_title or title_of_book()
    out = site / DECKS
    out.mkdir(exist_ok=True)
    pages = sorted((site / "notebooks").glob(CHAPTER_GLOB))
    if not pages:
        raise RuntimeError(f"slides: no chapter pages in {site / 'notebooks'}; build the book")
    missing = [p.stem for p in pages if not (sources / f"{p.stem}.md").is_file()]
    if missing:
        print(
            f"slides: no source in {sources} for {missing}: their decks are drafted from the "
            "pages; write a source with `python tools/slides.py --draft _build/html`"
        )
    from katex_site import typeset

    md = _markdown(typeset)
    decks = [deck_for(site, p, sources / f"{p.stem}.md", md) for p in pages]
    for deck in decks:
        (out / deck.name).write_text(render(deck, book_title), encoding="utf-8")
        for problem in deck.problems:
            print(problem)
    (out / "slides.css").write_text(DECK_CSS, encoding="utf-8")
    (out / "slides.js").write_text(DECK_JS, encoding="utf-8")
    (out / "index.css").write_text(INDEX_CSS, encoding="utf-8")
    (out / "index.html").write_text(render_index(decks, book_title), encoding="utf-8")
    return decks


# --- drafting a source from a built page --------------------------------------------------


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


def md_text(tag: Tag) -> str:
    """The Markdown of an inline run of the page: math back to ``$TeX$``, code in backticks."""
    tag = copy.copy(tag)
    for drop in tag.select("a.headerlink, .caption-number"):
        drop.decompose()
    for math in tag.select("span.math"):
        tex = math.select_one("annotation")
        math.replace_with(f"${tex.get_text().strip()}$" if tex else _text(math))
    for code in tag.select("code"):
        code.replace_with(f"`{code.get_text()}`")
    return short_numbers(" ".join(tag.get_text().split()))


def short_numbers(text: str) -> str:
    """``text`` with every long decimal rounded to SHORT_DECIMALS places."""
    return LONG_NUMBER.sub(lambda m: f"{float(m.group()):.{SHORT_DECIMALS}f}", text)


def _blocks(container: Tag) -> list[str]:
    """The paragraphs and list items of a block, as Markdown lines."""
    lines = []
    for node in container.find_all(["p", "li"]):
        if node.find_parent("li") is not None and node.name == "p":
            continue
        if "admonition-title" in node.get("class", []):
            continue
        if any(_text(a).startswith("Skip to") for a in node.find_all("a")):
            continue
        text = md_text(node)
        lines.append(f"- {text}" if node.name == "li" else text)
    return [line for line in lines if line.strip("- ")]


def _own(section: Tag) -> list[Tag]:
    return [c for c in section.children if isinstance(c, Tag) and c.name != "section"]


def _slide(body: str, notes: str) -> str:
    return f"{body.strip()}\n\n{NOTE}\n{notes.strip()}\n"


def _summary_slides(section: Tag) -> list[str]:
    # The summary's points, SUMMARY_PER_SLIDE a slide: their first sentences on the slide,
    # the points in full in the notes.
    out = []
    points = [md_text(li) for li in section.select("li")]
    for at in range(0, len(points), SUMMARY_PER_SLIDE):
        chunk = points[at : at + SUMMARY_PER_SLIDE]
        short = [
            md_text(first_sentences(BeautifulSoup(f"<p>{html.escape(p)}</p>", "html.parser").p, 40))
            for p in chunk
        ]
        out.append(
            _slide("## Summary\n\n" + "\n".join(f"- {p}" for p in short), "\n\n".join(chunk))
        )
    return out


def _cell_slides(
    section: Tag, own: list[Tag], name: str, notes: str, index: dict[int, str]
) -> list[str]:
    # A slide for each figure of the section's cells, and for each widget (after its task).
    out = []
    for cell in section.select(":scope > div.cell"):
        for img in cell.select("div.cell_output img"):
            before = cell.find_previous_sibling("p")
            out.append(
                _slide(
                    f"## {name}\n\n{index[id(img)]}",
                    md_text(before) if before else notes,
                )
            )
        for view in cell.select(VIEW):
            if id(view) not in index:
                continue
            tasks = [
                c
                for c in own
                if (t := c.select_one(".admonition-title")) and _text(t).startswith("Your task")
            ]
            task = "\n".join(line for t in tasks for line in _blocks(t))
            if task:
                out.append(
                    _slide(
                        "## Your task\n\n" + task,
                        "Let the room read the task, then move to the widget and work it "
                        "together; ask for a prediction before each move.",
                    )
                )
            out.append(
                _slide(
                    f"## {name}\n\n{index[id(view)]}",
                    task or "Work the widget with the room: ask what will change first.",
                )
            )
    return out


def _exercise_slides(article: Tag) -> list[str]:
    out = []
    for exercise in article.select("div.exercise"):
        label = md_text(exercise.select_one(".admonition-title"))
        title = _text(exercise.select_one(".admonition-title"))
        statement = "\n\n".join(_blocks(exercise))
        out.append(
            _slide(
                f"## {title}\n\n{statement}",
                f"Exercise {label}. Give the room a few minutes; the worked solution is in the "
                "chapter and in the instructor edition of the printed book.",
            )
        )
    return out


def draft(site: Path, page_path: Path) -> str:
    """A first slide source for one chapter, cut from its built page: the title and question,
    the goals, per section its lead sentence, formulas, figures and widget, the summary two
    points a slide, and the exercises; the page's prose in the notes."""
    soup = BeautifulSoup(page_path.read_text(encoding="utf-8"), "html.parser")
    article = _article(soup)
    page = read_page(site, page_path, soup)
    # Each node's directive: [[kind section n]].
    index = {
        id(tag): f"[[{kind} {anchor} {n}]]"
        for (kind, anchor), tags in page.nodes.items()
        for n, tag in enumerate(tags, 1)
    }
    top = article.find("section")
    children = _own(top)
    out = []
    question = next((c for c in children if "tip" in c.get("class", [])), None)
    intro = [md_text(c) for c in children if c.name == "p" and "goals" not in _text(c).lower()]
    out.append(
        _slide(
            f"# {page.title}\n\n" + ("\n\n".join(_blocks(question)) if question else ""),
            "\n\n".join(intro)
            or "Put the chapter's question to the room and take a few answers before moving "
            "on; come back to them when the chapter has answered it.",
        )
    )
    goals = next((c for c in children if c.name == "p" and "goals" in _text(c).lower()), None)
    if goals is not None and isinstance(goals.find_next_sibling(), Tag):
        items = _blocks(goals.find_next_sibling())
        out.append(
            _slide(
                "## Learning goals\n\n" + "\n".join(items),
                "Read the goals aloud; come back to them at the end of the class.",
            )
        )
    for section in top.find_all("section"):
        heading = section.find(["h2", "h3"], recursive=False)
        if heading is None or section.find_parent("div", class_="exercise"):
            continue
        name = re.sub(r"^[\d.]+\s*", "", _heading_text(heading))
        own = _own(section)
        if name == EXERCISES:
            continue
        if name == SUMMARY:
            out += _summary_slides(section)
            continue
        paragraphs = [c for c in own if c.name == "p"]
        notes = "\n\n".join(md_text(p) for p in paragraphs[:3]) or name
        body = f"## {name}\n\n"
        if paragraphs:
            body += md_text(first_sentences(paragraphs[0])) + "\n\n"
        maths = [c for c in own if c.name == "div" and "math" in c.get("class", [])]
        body += "\n\n".join(index[id(m)] for m in maths[:2])
        out.append(_slide(body, notes))
        out += _cell_slides(section, own, name, notes, index)
    out += _exercise_slides(article)
    return f"\n{SEPARATOR}\n\n".join(out)


def write_drafts(site: Path, sources: Path = SOURCES) -> list[Path]:
    """Draft a source for every chapter that has none (an existing source is never touched)."""
    sources.mkdir(parents=True, exist_ok=True)
    written = []
    for page in sorted((site / "notebooks").glob(CHAPTER_GLOB)):
        target = sources / f"{page.stem}.md"
        if not target.exists():
            target.write_text(draft(site, page), encoding="utf-8")
            written.append(target)
    return written


def _on_build_finished(app: Any, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        decks = build(Path(app.outdir))
        print(f"slides: {sum(len(d.slides) for d in decks)} slides in {len(decks)} decks")


def setup(app: Any) -> dict[str, Any]:
    """Sphinx extension: write the decks once the pages are written."""
    app.connect("build-finished", _on_build_finished)
    return {"version": "2", "parallel_read_safe": True, "parallel_write_safe": True}


def main(argv: list[str]) -> None:
    if argv[:1] == ["--draft"]:
        site = Path(argv[1]) if len(argv) > 1 else ROOT / "_build" / "html"
        for path in write_drafts(site):
            print(f"drafted {path}")
        return
    site = Path(argv[0]) if argv else ROOT / "_build" / "html"
    decks = build(site)
    for deck in decks:
        print(f"{deck.name}: {len(deck.slides)} slides")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main(sys.argv[1:])
