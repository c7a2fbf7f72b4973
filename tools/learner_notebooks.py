"""The chapters as a learner meets them outside the book: CommonMark notebooks, figures filled in.

The chapters' markdown is MyST for the book's build: roles such as ``{glue:text}`dcg6:.3f` ``,
``{term}`DCG` `` and ``{cite:t}`jarvelin2002cumulated` ``, and directive fences such as
```` ```{exercise} ```` or ```` ```{note} ````. JupyterLab, Colab and a plain Jupyter show them as
raw text, and every figure the book inserts into its prose is invisible exactly where the
learner runs the code that computes it. :func:`convert` writes a chapter in CommonMark that any
renderer shows as the book does:

- a glued figure becomes its formatted value, read from the build's executed notebook
  (``<build>/jupyter_execute/notebooks/NN_name.glue.json``, written by myst-nb);
- a glossary term becomes its word, the first use linking to a list of the chapter's terms, with
  their definitions, at the end of the notebook, each with a link back to the section of its
  first use;
- a citation becomes "Järvelin and Kekäläinen (2002)" or "(Järvelin and Kekäläinen, 2002)",
  linking to the chapter's references, listed in full at the end;
- a cross-reference becomes the section's or chapter's title, linking to the chapter's notebook;
  a label that is not on a heading (``(ch03-widget)=``, before a widget) becomes an HTML anchor,
  so "Skip to the widget" is a link;
- a text figure reads as the website prints it (``S8``, not Python's ``'S8'``);
- an exercise becomes a numbered heading ("Exercise 4.1: ..."), an admonition a quotation with
  its title in bold, a dropdown an HTML ``<details>`` block;
- a solution is removed (the student notebooks) or closed: its prose and code become one
  markdown cell, an HTML ``<details>`` block, which JupyterLab, Colab, nbconvert and GitHub all
  show closed, and which Run All neither runs nor opens (JupyterLab's "Run All" unhides every
  folded cell and output, so folding by metadata would not keep an answer closed);
- a "Check your answer" dropdown (a widget task's answer) is closed the same way, or removed
  from the student notebooks.

Code cells are kept as they are, those the website hides (bookkeeping, widgets' set-up) folded.
A cell whose output the website hides (``remove-output``), or folds with its code
(``hide-cell``: the library working out a widget task's answer, below its "Check your
answer") keeps its code, since later cells use what it computes, and starts with
``%%capture``, so that Run All does not print the answer under the task; so does a cell the
website hides whole (``remove-cell``), whose folded output Run All would unfold.
The conversion is a pure function of the chapter and a :class:`Context`; the book's build
(``tools/learner_downloads.py``) makes the context from its own resolved references, so the
words a learner reads are the ones the website shows.
"""

from __future__ import annotations

import copy
import dataclasses
import posixpath
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

TERMS_HEADING = "Terms used in this chapter"
REFERENCES_HEADING = "References"
# JupyterLab and Colab give a heading the id of its text with spaces as hyphens.
TERMS_ANCHOR = "#" + TERMS_HEADING.replace(" ", "-")
REFERENCES_ANCHOR = "#" + REFERENCES_HEADING

ROLE = re.compile(r"\{(?P<name>[a-z][a-z:-]*)\}`(?P<body>[^`]*)`")
FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|:{3,})\{(?P<name>[a-z][a-z:-]*)\}(?P<arg>.*)$")
LABEL_LINE = re.compile(r"^\(([^()\s]+)\)=\s*$")
OPTION = re.compile(r"^:(?P<key>[a-z-]+):(?P<value>.*)$")
EXPLICIT = re.compile(r"^(?P<text>.*?)\s*<(?P<target>[^<>]+)>$", re.S)
# What a learner must never meet: a role, or a directive fence, of MyST.
RAW_ROLE = re.compile(r"\{[a-z][a-z:-]*\}`")
RAW_DIRECTIVE = re.compile(r"^\s*(`{3,}|:{3,})\{[a-z][a-z:-]*\}", re.M)
# The heading a widget's label ("(ch03-widget)=", before it) becomes: "Skip to the widget".
WIDGET_HEADING = "The widget"
# The dropdown that follows a widget task with its answer.
CHECK_YOUR_ANSWER = "Check your answer"
HEADING = re.compile(r"^#{1,6}\s+(?P<title>.+?)\s*#*\s*$")
LINK = re.compile(r"\[(?P<text>[^\]]*)\]\([^)]*\)")
ADMONITIONS = {
    "note": "Note",
    "tip": "Tip",
    "hint": "Hint",
    "important": "Important",
    "warning": "Warning",
    "caution": "Caution",
    "attention": "Attention",
    "danger": "Danger",
    "error": "Error",
    "seealso": "See also",
}


@dataclass
class Context:
    """What the conversion needs to know about the book, resolved by its build.

    Attributes
    ----------
    glue : dict
        Glued figures of this chapter, key -> mime bundle (``{"text/plain": ...}``).
    chapter : str
        The chapter's number as the book shows it ("4"), for the exercises' numbers.
    docs : dict
        Document name (``notebooks/04_ideal_dcg_and_ndcg``) -> title.
    labels : dict
        Label -> (document name, section title, or "" for a label that is not on a heading).
    terms : dict
        Glossary term, lower case -> (term as written in the glossary, its definition in MyST).
    citations : dict
        Citation key -> (author label such as "Järvelin and Kekäläinen", year, full entry in
        markdown).
    docname : str
        This chapter's document name.
    other_glue : callable, optional
        Figures glued in another chapter, ``(docname, key) -> mime bundle``.

    """

    glue: dict[str, dict[str, Any]]
    chapter: str
    docs: dict[str, str]
    labels: dict[str, tuple[str, str]]
    terms: dict[str, tuple[str, str]]
    citations: dict[str, tuple[str, str, str]]
    docname: str
    other_glue: Callable[[str, str], dict[str, Any]] | None = None
    # Filled while converting: what the chapter's closing lists hold.
    used_terms: dict[str, str] = field(default_factory=dict)
    used_citations: list[str] = field(default_factory=list)
    exercises: int = 0
    # Inside a term's own definition, other terms read as plain words.
    link_terms: bool = True
    # False for the student notebooks: a "Check your answer" dropdown is left out.
    keep_answers: bool = True
    # The heading the conversion is under, and the one of each term's first use.
    section: str = ""
    term_sections: dict[str, str] = field(default_factory=dict)


def format_plain_text(text: str, spec: str) -> str:
    """A glued ``text/plain`` value in a format spec, as myst-nb's ``glue:text`` role does it."""
    from myst_nb.core.variables import format_plain_text as myst_format

    # myst-nb reads the repr back, so a glued str prints without Python's quotes.
    return myst_format(text, spec)


def _source(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _split_explicit(body: str) -> tuple[str | None, str]:
    match = EXPLICIT.match(body.strip())
    if match:
        return match["text"], match["target"].strip()
    return None, body.strip()


def _notebook_link(ctx: Context, docname: str) -> str:
    """A link from this chapter to another document's learner notebook (or to this one)."""
    if docname == ctx.docname:
        return ""
    here = ctx.docname.rsplit("/", 1)[0]
    folder, _, name = docname.rpartition("/")
    return f"{name}.ipynb" if folder == here else f"{docname}.ipynb"


def _anchor(title: str) -> str:
    return "#" + re.sub(r"\s+", "-", title.strip())


def _glue(ctx: Context, body: str, kind: str) -> str:
    # ``key:spec``, or ``/path/to/chapter.ipynb::key:spec`` for a figure of another chapter.
    path, _, rest = body.rpartition("::")
    key, _, spec = rest.partition(":")
    if path:
        docname = path.strip("/").removesuffix(".ipynb")
        if ctx.other_glue is None:
            raise KeyError(f"{ctx.docname}: no figures of {docname} to fill in {key!r}")
        bundle = ctx.other_glue(docname, key)
    else:
        if key not in ctx.glue:
            raise KeyError(f"{ctx.docname}: the figure {key!r} was never glued by the chapter")
        bundle = ctx.glue[key]
    if kind == "glue:md":
        return bundle.get("text/markdown", bundle["text/plain"]).strip()
    return format_plain_text(bundle["text/plain"], spec)


def _term(ctx: Context, body: str) -> str:
    text, target = _split_explicit(body)
    word = text if text is not None else target
    key = target.lower()
    if key not in ctx.terms:
        raise KeyError(f"{ctx.docname}: the glossary has no term {target!r}")
    if not ctx.link_terms:
        return word
    first = key not in ctx.used_terms
    ctx.used_terms.setdefault(key, ctx.terms[key][0])
    if first and ctx.section:
        ctx.term_sections[key] = ctx.section
    # The first use links to the definitions at the end; the rest read as plain words.
    return f"[{word}]({TERMS_ANCHOR})" if first else word


def _citation(ctx: Context, body: str, kind: str) -> str:
    keys = [key.strip() for key in body.split(",") if key.strip()]
    parts = []
    for key in keys:
        if key not in ctx.citations:
            raise KeyError(f"{ctx.docname}: the bibliography has no entry {key!r}")
        if key not in ctx.used_citations:
            ctx.used_citations.append(key)
        authors, year, _ = ctx.citations[key]
        if kind == "cite:t":
            parts.append(f"[{authors} ({year})]({REFERENCES_ANCHOR})")
        else:
            parts.append(f"{authors}, {year}")
    if kind == "cite:t":
        return ", ".join(parts)
    return f"([{'; '.join(parts)}]({REFERENCES_ANCHOR}))"


def _reference(ctx: Context, body: str, kind: str) -> str:
    text, target = _split_explicit(body)
    if kind == "doc":
        here = ctx.docname.rsplit("/", 1)[0]
        path = target.removesuffix(".ipynb").removesuffix(".md")
        # Absolute from the book's root, or relative to this chapter's folder.
        docname = posixpath.normpath(path.lstrip("/") if path.startswith("/") else f"{here}/{path}")
        if docname not in ctx.docs:
            raise KeyError(f"{ctx.docname}: no document {target!r}")
        title = text or ctx.docs[docname]
        if not docname.startswith("notebooks/"):
            # A page of the website (book/...): no notebook of it travels with the chapters.
            return f"{title} (a page of this book's website)"
        return f"[{title}]({_notebook_link(ctx, docname) or '#'})"
    if target not in ctx.labels:
        raise KeyError(f"{ctx.docname}: no label {target!r}")
    docname, title = ctx.labels[target]
    if not title:
        # A label on a cell or a paragraph: no heading to point at in a notebook.
        if text is None:
            raise ValueError(f"{ctx.docname}: a reference to {target!r} needs its own text")
        # blocks() writes such a label as a heading, or an HTML anchor of the same name.
        anchor = _anchor(WIDGET_HEADING) if target.endswith("-widget") else f"#{target}"
        return f"[{text}]({_notebook_link(ctx, docname)}{anchor})"
    link = _notebook_link(ctx, docname) + _anchor(title)
    return f"[{text or title}]({link})"


def inline(ctx: Context, text: str) -> str:
    """Every MyST role in ``text`` replaced by what the website shows for it."""

    def replace(match: re.Match[str]) -> str:
        name, body = match["name"], match["body"]
        if name in ("glue", "glue:text", "glue:md"):
            return _glue(ctx, body, name)
        if name == "term":
            return _term(ctx, body)
        if name in ("cite", "cite:p", "cite:t", "cite:ps", "cite:ts"):
            return _citation(ctx, body, "cite:t" if name.startswith("cite:t") else "cite:p")
        if name in ("ref", "doc", "numref"):
            return _reference(ctx, body, name)
        if name == "math":
            return f"${body}$"
        raise ValueError(f"{ctx.docname}: no learner form for the role {{{name}}}")

    return ROLE.sub(replace, text)


def _quote(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in text.split("\n"))


def _directive(ctx: Context, name: str, arg: str, options: dict[str, str], body: str) -> str:
    inner = blocks(ctx, body)
    arg = inline(ctx, arg.strip())
    if name == "exercise":
        ctx.exercises += 1
        title = f"### Exercise {ctx.chapter}.{ctx.exercises}" + (f": {arg}" if arg else "")
        return f"{title}\n\n{inner}".rstrip()
    if name == "dropdown" or (name == "admonition" and "dropdown" in options.get("class", "")):
        summary = arg or "Details"
        if summary == CHECK_YOUR_ANSWER and not ctx.keep_answers:
            return ""  # a widget task's answer: not in the student notebooks
        return f"<details>\n<summary>{summary}</summary>\n\n{inner}\n\n</details>"
    if name == "admonition":
        return _quote(f"**{arg}**\n\n{inner}" if arg else inner)
    if name in ADMONITIONS:
        title = ADMONITIONS[name] + (f": {arg}" if arg else "")
        return _quote(f"**{title}**\n\n{inner}")
    if name in ("math",):
        return f"$$\n{body.strip()}\n$$"
    raise ValueError(f"{ctx.docname}: no learner form for the directive {{{name}}}")


def blocks(ctx: Context, text: str) -> str:
    """A markdown cell's MyST (directives, labels and roles) as CommonMark."""
    lines = text.split("\n")
    out: list[str] = []
    plain: list[str] = []
    code_fence = False  # inside a plain ``` block of code, where "# x" is no heading
    i = 0

    def flush() -> None:
        if plain:
            out.append(inline(ctx, "\n".join(plain)))
            plain.clear()

    while i < len(lines):
        line = lines[i]
        if label := LABEL_LINE.match(line):
            if ctx.labels.get(label[1], ("", "?"))[1] == "":
                # A label on a cell or a paragraph: a target for the links to it. JupyterLab
                # strips id and name from a notebook's HTML; it gives each heading an id.
                flush()
                widget = label[1].endswith("-widget")
                out.append(f"#### {WIDGET_HEADING}" if widget else f'<a id="{label[1]}"></a>')
            i += 1
            continue
        if line.lstrip().startswith("```") and not FENCE.match(line):
            code_fence = not code_fence
        if HEADING.match(line) and not code_fence:
            flush()
            heading = inline(ctx, line)
            out.append(heading)
            ctx.section = LINK.sub(r"\g<text>", HEADING.match(heading)["title"])
            i += 1
            continue
        match = None if code_fence else FENCE.match(line)
        if not match:
            plain.append(line)
            i += 1
            continue
        flush()
        fence, indent = match["fence"], match["indent"]
        closing = re.compile(rf"^{indent}{re.escape(fence[0])}{{{len(fence)},}}\s*$")
        j = i + 1
        options: dict[str, str] = {}
        while j < len(lines) and (option := OPTION.match(lines[j].strip())):
            options[option["key"]] = option["value"].strip()
            j += 1
        body: list[str] = []
        while j < len(lines) and not closing.match(lines[j]):
            body.append(lines[j][len(indent) :] if lines[j].startswith(indent) else lines[j])
            j += 1
        if j == len(lines):
            raise ValueError(f"{ctx.docname}: the directive {{{match['name']}}} is never closed")
        out.append(_directive(ctx, match["name"], match["arg"], options, "\n".join(body)))
        i = j + 1
    flush()
    return "\n".join(part for part in out).strip("\n")


def _marker(cell: dict[str, Any], name: str) -> bool:
    return cell["cell_type"] == "markdown" and bool(
        re.match(rf"^\s*(`{{3,}}|:{{3,}})\{{{name}\}}", _source(cell))
    )


def _fold(cell: dict[str, Any], outputs: bool) -> None:
    """Hide a cell's source, and its outputs when ``outputs``, in JupyterLab and Colab."""
    meta = cell.setdefault("metadata", {})
    meta.setdefault("jupyter", {})["source_hidden"] = True
    if cell["cell_type"] == "code":
        if outputs:
            meta["jupyter"]["outputs_hidden"] = True
        meta["cellView"] = "form"  # Colab's folded code


def _closing_cells(ctx: Context) -> list[dict[str, Any]]:
    cells = []
    if ctx.used_terms:
        # Definitions share the chapter's references; terms inside them are plain words.
        inner = dataclasses.replace(ctx, used_terms={}, link_terms=False)
        entries = []
        for key, written in sorted(ctx.used_terms.items(), key=lambda kv: kv[0]):
            entry = f"- **{written}**: {inline(inner, ' '.join(ctx.terms[key][1].split()))}"
            if key in ctx.term_sections:
                # The way back to where the term was first used.
                section = ctx.term_sections[key]
                entry += f" (back to [{section}]({_anchor(section)}))"
            entries.append(entry)
        cells.append(f"## {TERMS_HEADING}\n\n" + "\n".join(entries))
    if ctx.used_citations:
        entries = [f"- {ctx.citations[key][2]}" for key in ctx.used_citations]
        cells.append(f"## {REFERENCES_HEADING}\n\n" + "\n".join(entries))
    return [{"cell_type": "markdown", "metadata": {}, "source": text} for text in cells]


SOLUTION_SUMMARY = (
    "<b>Solution to exercise {number}</b>: try the exercise first, then click to open"
)
SOLUTION_RUN = "*To run the solution, copy its code into a new cell.*"
# The first lines of a cell whose output the website hides: Run All must not print an answer.
CAPTURE = (
    "%%capture\n"
    "# The book shows this cell's code, not what it prints (the answer to the task above):\n"
    "# delete the line %%capture to see it.\n"
)


# A sentence that sends the reader to a fold the student notebooks do not have.
TO_A_FOLD = re.compile(
    r"(?:(?<=[.:;])|^)[ \t]*[^.:;\n]*(?:[^.:;]\n[^.:;\n]*)*?"
    r"\b(?:the fold below|folded under each exercise)\b[^.]*\.",
    re.M,
)
CLAUSE_TO_A_FOLD = re.compile(r";\s*the fold below[^.;]*\.")
# The same for a cell the book does not show at all (bookkeeping that may print a task's answer).
CAPTURE_HIDDEN = (
    "%%capture\n"
    "# The book shows neither this cell nor what it prints: delete the line %%capture to see it.\n"
)
# An answer box's call, ``answers.box("ch03-dcg-swap")``.
ANSWER_BOX = re.compile(r"\banswers\.box\((?P<args>[^()]*)\)")


def _solution_cell(ctx: Context, cells: list[dict[str, Any]]) -> dict[str, Any]:
    """One markdown cell holding a solution, closed: its prose, and its code as blocks."""
    parts = []
    for cell in cells:
        if cell["cell_type"] == "markdown":
            text = blocks(ctx, _source(cell))
            if text.strip():
                parts.append(text)
        elif "remove-cell" not in cell.get("metadata", {}).get("tags", []):
            # A remove-cell cell only glues the figures its prose quotes: already filled in.
            parts.append(f"```python\n{_source(cell).strip()}\n```")
    if any(cell["cell_type"] == "code" for cell in cells):
        parts.append(SOLUTION_RUN)
    summary = SOLUTION_SUMMARY.format(number=f"{ctx.chapter}.{ctx.exercises}")
    body = "\n\n".join(parts)
    return {
        "cell_type": "markdown",
        "metadata": {},
        "source": f"<details>\n<summary>{summary}</summary>\n\n{body}\n\n</details>",
    }


def convert(notebook: dict[str, Any], ctx: Context, solutions: str = "fold") -> dict[str, Any]:
    """The chapter in CommonMark, for JupyterLab, Colab or any plain Jupyter.

    Parameters
    ----------
    notebook : dict
        The chapter's source notebook (nbformat 4, as JSON).
    ctx : Context
        What the book resolved: figures, titles, labels, terms and citations.
    solutions : {"fold", "remove"}
        Close each solution in a ``<details>`` block (the learner's copies), or remove it and
        every "Check your answer" dropdown (the student notebooks).

    Returns
    -------
    dict
        A new notebook; the input is not changed.

    """
    if solutions not in ("fold", "remove"):
        raise ValueError(f"solutions must be 'fold' or 'remove', got {solutions!r}")
    ctx.keep_answers = solutions == "fold"
    result = copy.deepcopy(notebook)
    cells: list[dict[str, Any]] = []
    solution: list[dict[str, Any]] | None = None
    for index, cell in enumerate(result["cells"]):
        if _marker(cell, "solution-start"):
            if solution is not None:
                raise ValueError(f"{ctx.docname} cell {index}: a solution starts inside another")
            solution = []
            continue
        if _marker(cell, "solution-end"):
            if solution is None:
                raise ValueError(f"{ctx.docname} cell {index}: a solution ends that never started")
            if solutions == "fold":
                cells.append(_solution_cell(ctx, solution))
            solution = None
            continue
        if solution is not None:
            solution.append(cell)
            continue
        if cell["cell_type"] == "markdown":
            text = _source(cell)
            if solutions == "remove":
                text = TO_A_FOLD.sub("", CLAUSE_TO_A_FOLD.sub(".", text))
            cell["source"] = blocks(ctx, text)
            if not cell["source"].strip():
                continue  # a cell that held only a label (a link target for the website)
        tags = set(cell.get("metadata", {}).get("tags", []))
        if "remove-cell" in tags:
            _fold(cell, outputs=True)
        elif cell["cell_type"] == "code" and "remove-input" in tags:
            _fold(cell, outputs=False)  # the website shows what it prints, not its code
        if cell["cell_type"] == "code":
            cell["source"] = capture_prefix(cell) + _source(cell)
        if cell["cell_type"] == "code" and solutions == "remove":
            # No worked solution follows an answer box here: its note must not promise one.
            cell["source"] = ANSWER_BOX.sub(
                r"answers.box(\g<args>, solution_below=False)", _source(cell)
            )
        cells.append(cell)
    if solution is not None:
        raise ValueError(f"{ctx.docname}: a solution never ends (no solution-end cell)")
    cells.extend(_closing_cells(ctx))
    result["cells"] = cells
    if (result.get("nbformat"), result.get("nbformat_minor", 0)) >= (4, 5):
        for number, cell in enumerate(cells):
            cell.setdefault("id", f"learner-{number:03d}")
    return result


def capture_prefix(cell: dict[str, Any]) -> str:
    """The lines a learner's copy puts before a code cell's source, so Run All prints nothing
    the website hides: :data:`CAPTURE_HIDDEN` for a cell it never shows (``remove-cell``),
    :data:`CAPTURE` for one whose output it hides (``remove-output``) or folds with its code
    (``hide-cell``), unless the cell is an answer check; else ``""``.

    The one home of the rule: :func:`convert` applies it, and the tests of what the site
    serves read it here.
    """
    tags = set(cell.get("metadata", {}).get("tags", []))
    if cell["cell_type"] != "code":
        return ""
    if "remove-cell" in tags:
        # Run All unfolds outputs: what the book never shows must print nothing.
        return CAPTURE_HIDDEN
    if "remove-input" in tags:
        return ""  # the website shows what it prints
    if tags & {"remove-output", "hide-cell"} and not _answer_check(cell):
        return CAPTURE
    return ""


def _answer_check(cell: dict[str, Any]) -> bool:
    """Whether the cell is an exercise's answer check (``my_answer = None``, then check)."""
    return "my_answer = None" in _source(cell)


def glossary_terms(text: str) -> dict[str, tuple[str, str]]:
    """The terms of a MyST ``glossary`` directive: lower case -> (term, definition in MyST).

    A definition is the indented block under one or more term lines; every term line of a
    block (``CG`` and ``cumulative gain``) gets the same definition.
    """
    match = re.search(r"^(`{3,})\{glossary\}[^\n]*\n(?P<body>.*?)^\1\s*$", text, re.S | re.M)
    if not match:
        raise ValueError("no glossary directive in the text")
    terms: dict[str, tuple[str, str]] = {}
    names: list[str] = []
    definition: list[str] = []

    def close() -> None:
        for name in names:
            terms[name.lower()] = (name, "\n".join(definition).strip())

    for line in match["body"].split("\n"):
        if OPTION.match(line) and not names:
            continue
        if line and not line[0].isspace():
            if definition:
                close()
                names, definition = [], []
            names.append(line.strip())
        elif line.strip() or definition:
            definition.append(line.strip())
    close()
    return terms


def raw_markup(notebook: dict[str, Any]) -> list[str]:
    """Every piece of MyST syntax a learner would meet in the notebook's markdown cells."""
    found = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        text = _source(cell)
        found += [m.group(0) for m in RAW_ROLE.finditer(text)]
        found += [m.group(0).strip() for m in RAW_DIRECTIVE.finditer(text)]
        found += [line for line in text.split("\n") if LABEL_LINE.match(line)]
    return found


def count_markup(notebooks: Iterable[dict[str, Any]]) -> int:
    """How many pieces of MyST syntax the notebooks' markdown holds, in all."""
    return sum(len(raw_markup(notebook)) for notebook in notebooks)
