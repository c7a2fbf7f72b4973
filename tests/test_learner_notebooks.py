"""The chapters as a learner reads them outside the book (tools/learner_notebooks.py): CommonMark
with every figure filled in, no raw MyST, in the lab's copies, the page's download and the
student zip; and a downloaded chapter rendered by a plain renderer (nbconvert's HTML exporter,
a stand-in for Colab or any Jupyter without extensions) shows the book's figures, not its markup.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import learner_downloads as downloads  # noqa: E402
import learner_notebooks as learner  # noqa: E402

CHAPTERS = downloads.chapters()
GLUE_TEXT = re.compile(r"\{glue:text\}`(?P<key>[^`:]+)(?::(?P<spec>[^`]*))?`")


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _markdown(notebook: dict) -> str:
    return "\n".join(learner._source(c) for c in notebook["cells"] if c["cell_type"] == "markdown")


def _context(**glue: str) -> learner.Context:
    return learner.Context(
        glue={key: {"text/plain": value} for key, value in glue.items()},
        chapter="4",
        docs={
            "notebooks/04_x": "Ideal DCG and NDCG",
            "notebooks/07_y": "Many queries",
            "book/evaluate": "Evaluate your own run",
        },
        labels={"sec-pool": ("notebooks/07_y", "The pool"), "ch04-widget": ("notebooks/04_x", "")},
        terms={
            "dcg": ("DCG", "The discounted sum; see {term}`IDCG` and {cite:p}`b2005`."),
            "idcg": ("IDCG", "The best DCG."),
        },  # fmt: skip
        citations={
            "j2002": ("Järvelin and Kekäläinen", "2002", "Järvelin, Kekäläinen. Cumulated gain."),
            "b2005": ("Burges et al.", "2005", "Burges et al. RankNet."),
        },
        docname="notebooks/04_x",
    )


def _cell(kind: str, source: str, **metadata: object) -> dict:
    cell = {"cell_type": kind, "metadata": dict(metadata), "source": source}
    if kind == "code":
        cell.update(outputs=[], execution_count=None)
    return cell


# ----- the conversion, on small chapters ---------------------------------------------------


def test_roles_become_the_words_and_figures_the_website_shows() -> None:
    ctx = _context(dcg6="6.861126688593502", n="3")
    text = (
        "D1-D6 scored a {term}`DCG` of {glue:text}`dcg6:.3f` over {glue:text}`n` lists "
        "{cite:p}`j2002`, as {cite:t}`b2005` say; a {term}`best list <IDCG>`; "
        "see {ref}`sec-pool`, {doc}`../notebooks/07_y` and {ref}`the task <ch04-widget>`."
    )
    out = learner.blocks(ctx, text)
    assert "6.861 over 3 lists" in out
    assert "[DCG](#Terms-used-in-this-chapter)" in out
    assert "([Järvelin and Kekäläinen, 2002](#References))" in out
    assert "[Burges et al. (2005)](#References)" in out
    assert "[best list](#Terms-used-in-this-chapter)" in out
    assert "[The pool](07_y.ipynb#The-pool)" in out and "[Many queries](07_y.ipynb)" in out
    assert out.endswith("the task.")
    assert not learner.RAW_ROLE.search(out)


def test_a_page_of_the_website_is_named_not_linked_to_a_notebook_that_is_not_there() -> None:
    # The downloads and make lab hold the chapters only: book/evaluate.ipynb would not exist.
    ctx = _context()
    assert learner.inline(ctx, "open {doc}`../book/evaluate`.") == (
        "open Evaluate your own run (a page of this book's website)."
    )


def test_a_term_links_once_then_reads_as_a_plain_word() -> None:
    ctx = _context()
    assert (
        learner.inline(ctx, "{term}`DCG`, {term}`DCG`") == "[DCG](#Terms-used-in-this-chapter), DCG"
    )


def test_directives_become_headings_quotations_and_details() -> None:
    ctx = _context()
    text = (
        "(sec-x)=\n## A section\n\n"
        "```{note}\nA {term}`DCG` note.\n```\n\n"
        "```{admonition} The question of this chapter\n:class: tip\nIs it good?\n```\n\n"
        "```{exercise} Swap two\n:label: ex-swap\n\nSwap D1 and D2.\n```\n\n"
        ":::{dropdown} More\nHidden text.\n:::\n"
    )
    out = learner.blocks(ctx, text)
    assert "(sec-x)=" not in out and "## A section" in out
    assert "> **Note**\n>\n> A [DCG](#Terms-used-in-this-chapter) note." in out
    assert "> **The question of this chapter**\n>\n> Is it good?" in out
    assert "### Exercise 4.1: Swap two\n\nSwap D1 and D2." in out
    assert "<details>\n<summary>More</summary>\n\nHidden text.\n\n</details>" in out
    assert learner.raw_markup({"cells": [_cell("markdown", out)]}) == []


def test_solutions_fold_or_go_and_closing_lists_hold_what_was_used() -> None:
    chapter = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {},
        "cells": [
            _cell("markdown", "```{exercise}\nCompute {term}`DCG`.\n```"),
            _cell("code", "my_answer = None", tags=["remove-output"]),
            _cell("markdown", "```{solution-start} ex\n```"),
            _cell("code", "answer = 6.861"),
            _cell("markdown", "It is {glue:text}`dcg6:.2f` {cite:p}`j2002`."),
            _cell("markdown", "```{solution-end}\n```"),
            _cell("code", "glue('x', 1)", tags=["remove-cell"]),
        ],
    }
    folded = learner.convert(chapter, _context(dcg6="6.861126688593502"), "fold")
    texts = [learner._source(c) for c in folded["cells"]]
    assert texts[0] == "### Exercise 4.1\n\nCompute [DCG](#Terms-used-in-this-chapter)."
    assert texts[2].startswith("#### Solution to exercise 4.1")
    assert folded["cells"][3]["metadata"]["jupyter"] == {
        "source_hidden": True,
        "outputs_hidden": True,
    }
    assert folded["cells"][3]["metadata"]["cellView"] == "form"
    assert texts[4] == "It is 6.86 ([Järvelin and Kekäläinen, 2002](#References))."
    assert folded["cells"][5]["metadata"]["jupyter"]["source_hidden"] is True
    # The closing lists: the terms used (definitions' own terms as plain words, their
    # citations listed), then every work cited, in order of first use.
    terms, references = texts[-2], texts[-1]
    assert terms.startswith(
        "## Terms used in this chapter\n\n- **DCG**: The discounted sum; see IDCG"
    )
    assert references.splitlines()[2:] == [
        "- Järvelin, Kekäläinen. Cumulated gain.",
        "- Burges et al. RankNet.",
    ]
    assert all("id" in c for c in folded["cells"])
    removed = learner.convert(chapter, _context(dcg6="6.861126688593502"), "remove")
    code = [learner._source(c) for c in removed["cells"] if c["cell_type"] == "code"]
    assert "answer = 6.861" not in code and "my_answer = None" in code
    assert "Solution" not in _markdown(removed)
    assert chapter["cells"][0]["source"].startswith("```{exercise}")  # the input is unchanged


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{glue:text}`nowhere`", "never glued"),
        ("{term}`nonsense`", "no term"),
        ("{cite:p}`nobody2000`", "no entry"),
        ("{ref}`no-such-label`", "no label"),
        ("{ref}`ch04-widget`", "needs its own text"),
        ("{unknown}`x`", "no learner form for the role"),
        ("```{figure} x.png\n```", "no learner form for the directive"),
        ("```{note}\nnever closed", "never closed"),
    ],
)
def test_what_cannot_be_shown_stops_the_build(text: str, message: str) -> None:
    with pytest.raises((KeyError, ValueError), match=message):
        learner.blocks(_context(), text)


def test_the_glossary_gives_every_term_of_a_block_its_definition() -> None:
    terms = learner.glossary_terms((ROOT / "book" / "glossary.md").read_text(encoding="utf-8"))
    assert terms["cg"][1] == terms["cumulative gain"][1]
    assert terms["cg"][0] == "CG" and "sum of the grades" in terms["cg"][1]
    assert len(terms) >= 50


def test_the_sources_hold_the_markup_the_learner_copies_leave_out() -> None:
    assert learner.count_markup(_load(p) for p in CHAPTERS) > 700


# ----- what the build wrote -----------------------------------------------------------------


def _learner_copies(site: Path) -> dict[str, dict[str, dict]]:
    """Every learner-facing chapter: the lab's, the page's download, the student zip's."""
    copies: dict[str, dict[str, dict]] = {"lab": {}, "download": {}, "zip": {}}
    for path in CHAPTERS:
        copies["lab"][path.name] = _load(site.parent / "learner" / "lab" / path.name)
        copies["download"][path.name] = _load(site / "_sources" / "notebooks" / path.name)
    with zipfile.ZipFile(site / downloads.DOWNLOADS / downloads.STUDENT_ZIP) as archive:
        for path in CHAPTERS:
            copies["zip"][path.name] = json.loads(
                archive.read(f"{downloads.STUDENT_DIR}/{path.name}")
            )
    return copies


def test_no_learner_notebook_holds_raw_myst(site: Path) -> None:
    found = {
        f"{kind}/{name}": learner.raw_markup(notebook)
        for kind, notebooks in _learner_copies(site).items()
        for name, notebook in notebooks.items()
    }
    assert {k: v for k, v in found.items() if v} == {}


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_every_figure_glued_into_the_prose_is_in_the_learner_notebook(
    site: Path, path: Path
) -> None:
    glued = json.loads(
        (site.parent / "jupyter_execute" / "notebooks" / f"{path.stem}.glue.json").read_text(
            "utf-8"
        )
    )
    source = _markdown(_load(path))
    copies = _learner_copies(site)
    lab = _markdown(copies["lab"][path.name])
    student = _markdown(copies["zip"][path.name])
    assert copies["download"][path.name] == copies["lab"][path.name]
    for match in GLUE_TEXT.finditer(source):
        figure = learner.format_plain_text(
            glued[match["key"]]["data"]["text/plain"], match["spec"] or ""
        )
        assert figure in lab, (match.group(0), figure)
    # The student copy: the same prose, less the solutions' (a figure may be a solution's only).
    assert "Solution to exercise" not in student and "### Exercise" in student


def test_a_downloaded_chapter_reads_like_the_book_in_a_plain_renderer(
    site: Path, tmp_path: Path
) -> None:
    chapter = tmp_path / "04_ideal_dcg_and_ndcg.ipynb"
    chapter.write_bytes((site / "_sources" / "notebooks" / chapter.name).read_bytes())
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", str(chapter)],
        check=True, capture_output=True, text=True, cwd=tmp_path,
    )  # fmt: skip
    html = (tmp_path / "04_ideal_dcg_and_ndcg.html").read_text(encoding="utf-8")
    soup = BeautifulSoup(html, "html.parser")
    prose = " ".join(
        " ".join(cell.get_text(" ").split())
        for cell in soup.select(".jp-MarkdownCell, .jp-RenderedMarkdown")
    )
    assert "D1-D6 scored a DCG of 6.861" in prose
    assert "Exercise 4.1" in prose and "Terms used in this chapter" in prose
    assert "Järvelin and Kekäläinen" in prose
    assert not re.search(r"\{[a-z:-]+\}`", prose) and "```{" not in prose
