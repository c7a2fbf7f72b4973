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

import learner_downloads as downloads
import learner_notebooks as learner
import pytest
from bs4 import BeautifulSoup
from conftest import ROOT

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
    # A widget's label: a heading in this notebook, which blocks() writes where the label is.
    assert out.endswith("[the task](#The-widget).")
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
    # The solution: one markdown cell, closed, that Run All neither runs nor opens.
    solution = folded["cells"][2]
    assert solution["cell_type"] == "markdown"
    assert texts[2].startswith("<details>\n<summary><b>Solution to exercise 4.1</b>")
    assert "```python\nanswer = 6.861\n```" in texts[2]
    assert "It is 6.86 ([Järvelin and Kekäläinen, 2002](#References))." in texts[2]
    assert texts[2].endswith("</details>") and "<details open" not in texts[2]
    assert not [c for c in folded["cells"] if "answer = 6.861" in learner._source(c)
                and c["cell_type"] == "code"]  # fmt: skip
    assert folded["cells"][3]["metadata"]["jupyter"]["source_hidden"] is True
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


# ----- answers stay closed; the copy reads as the book -------------------------------------


def _widget_task() -> dict:
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {},
        "cells": [
            _cell("markdown", "## Try it\n\n{ref}`Skip to the widget <ch04-widget>`"),
            _cell("markdown", "(ch04-widget)="),
            _cell("code", "widget", tags=["remove-input"]),
            _cell("code", "my_answer = None\nexercises.check('k', my_answer)",
                  tags=["remove-output"]),
            _cell("code", 'answers.box("ch04-best-reordering")', tags=["remove-input"]),
            _cell("markdown",
                  ":::{dropdown} Check your answer\nThe best is {glue:text}`best:.3f`.\n:::"),
            _cell("code", "best = max(scores)\nprint(best)", tags=["remove-output"]),
            _cell("code", "print(best_swap)", tags=["remove-cell"]),
        ],
    }  # fmt: skip


def test_a_widget_tasks_answer_is_closed_in_the_lab_and_absent_from_the_student_copy() -> None:
    lab = learner.convert(_widget_task(), _context(best="0.8170229777363638"), "fold")
    student = learner.convert(_widget_task(), _context(best="0.8170229777363638"), "remove")
    lab_text = [learner._source(c) for c in lab["cells"]]
    student_text = [learner._source(c) for c in student["cells"]]
    assert "<details>\n<summary>Check your answer</summary>\n\nThe best is 0.817." in lab_text[5]
    assert not any("0.817" in text or "Check your answer" in text for text in student_text)
    # The cell that works the answer out keeps its code (later cells use it), not its print.
    for text in (lab_text, student_text):
        computed = next(t for t in text if "best = max(scores)" in t)
        assert computed.startswith("%%capture\n"), computed
        hidden = next(t for t in text if "print(best_swap)" in t)
        assert hidden.startswith("%%capture\n"), hidden  # Run All unfolds its output
        check = next(t for t in text if "my_answer = None" in t)
        assert not check.startswith("%%capture")  # the learner's own verdict shows
    # The answer box promises a worked solution only where one follows.
    assert 'answers.box("ch04-best-reordering")' in lab_text
    assert 'answers.box("ch04-best-reordering", solution_below=False)' in student_text


def test_skip_to_the_widget_is_a_link_to_an_anchor_before_it() -> None:
    lab = learner.convert(_widget_task(), _context(best="0.8"), "fold")
    texts = [learner._source(c) for c in lab["cells"]]
    assert "[Skip to the widget](#The-widget)" in texts[0]
    assert texts[1] == "#### The widget"
    assert lab["cells"][2]["source"] == "widget"


def test_a_term_in_the_list_at_the_end_links_back_to_where_it_was_first_used() -> None:
    chapter = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {},
        "cells": [
            _cell("markdown", "# Ideal DCG\n\nIntro.\n\n## The best order\n\nA {term}`DCG`."),
            _cell("markdown", "```python\n# not a heading\n```\n\nAgain {term}`DCG`."),
        ],
    }
    out = learner.convert(chapter, _context(), "fold")
    terms = learner._source(out["cells"][-2])  # then the references of the definitions
    assert "(back to [The best order](#The-best-order))" in terms, terms


def test_a_text_figure_reads_without_pythons_quotes() -> None:
    ctx = _context(pick="'S8'", recall="'0.4'", dcg="6.861126688593502")
    text = "NDCG@10 picks {glue:text}`pick`, up to recall {glue:text}`recall`, {glue:text}`dcg:.3f`"
    assert learner.inline(ctx, text) == "NDCG@10 picks S8, up to recall 0.4, 6.861"


# ----- no answer in a student copy; none run or shown by Run All in the lab's ---------------

CHECK_CALL = re.compile(
    r"""exercises\.check\(\s*["'](?P<key>[^"']+)["']\s*,\s*(?P<answer>[^)]*)\)"""
)


def _all_text(notebook: dict) -> str:
    return "\n".join(learner._source(cell) for cell in notebook["cells"])


def _answer_figures(key: str, expected: object) -> set[str]:
    """A number answer as a chapter would print it: to its decimals, and its exact text."""
    from ndcg.teaching import exercises

    exercise = exercises.exercise(key)
    if exercise.kind != "number" or not exercise.decimals:
        return set()  # a whole number or a letter: too common to look for as text
    figures = {f"{expected:.{exercise.decimals}f}", exercises.exact_text(expected, 4)}
    return {figure for figure in figures if "." in figure}


def test_no_student_copy_holds_an_answer(site: Path) -> None:
    from ndcg.teaching import exercises

    expected = exercises._all_answers_for_tests()
    found, keys = [], set()
    for name, notebook in _learner_copies(site)["zip"].items():
        text = _all_text(notebook)
        chapter_keys = set(re.findall(r"""(?:check|box)\(\s*["']([a-z0-9-]+)["']""", text))
        keys |= chapter_keys
        for key in sorted(chapter_keys):
            for figure in _answer_figures(key, expected[key]):
                if re.search(rf"(?<![\d.]){re.escape(figure)}(?!\d)", text):
                    found.append(f"{name}: {key}'s answer {figure}")
        found += [f"{name}: {m.group(0)}" for m in CHECK_CALL.finditer(text)
                  if m["answer"].strip() != "my_answer"]  # fmt: skip
        if "Check your answer" in text:
            found.append(f"{name}: a 'Check your answer' block")
        found += [f"{name}: {m}" for m in re.findall(r"fold below|folded under", text)]
        boxes = re.findall(r"answers\.box\([^)]*\)", text)
        found += [f"{name}: {box} promises a solution" for box in boxes
                  if "solution_below=False" not in box]  # fmt: skip
    assert len(keys) >= 40, sorted(keys)  # the scan covered the chapters' exercises
    assert not found, found


def test_run_all_in_a_lab_copy_runs_no_solution_and_prints_no_widget_answer(site: Path) -> None:
    for name, notebook in _learner_copies(site)["lab"].items():
        code = [learner._source(c) for c in notebook["cells"] if c["cell_type"] == "code"]
        texts = [learner._source(c) for c in notebook["cells"]]
        solutions = [t for t in texts if t.startswith("<details>\n<summary><b>Solution")]
        assert len(solutions) >= 3, name
        assert all(text.endswith("</details>") for text in solutions), name
        # Only the learner's own answer is ever checked by a code cell.
        calls = [m.group(0) for text in code for m in CHECK_CALL.finditer(text)]
        assert calls and all(call.endswith("my_answer)") for call in calls), (name, calls)
    source = {p.name: _load(p) for p in CHAPTERS}
    for name, notebook in _learner_copies(site)["lab"].items():
        hidden = [learner._source(c) for c in source[name]["cells"]
                  if {"remove-output", "hide-cell"} & set(c.get("metadata", {}).get("tags", []))
                  and "my_answer = None" not in learner._source(c)]  # fmt: skip
        code = {learner._source(c) for c in notebook["cells"] if c["cell_type"] == "code"}
        assert all(learner.CAPTURE + text in code for text in hidden), name


def test_text_figures_read_without_pythons_quotes(site: Path) -> None:
    quoted = re.compile(r"(?<![\w`])'[^'\s`]{1,20}'(?![\w`])")
    found = {
        f"{kind}/{name}": quoted.findall(_markdown(notebook))
        for kind, notebooks in _learner_copies(site).items()
        for name, notebook in notebooks.items()
    }
    assert {k: v for k, v in found.items() if v} == {}
