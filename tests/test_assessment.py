"""Assessment: the quiz bank, the autograded assignments and the instructor bundle.

The autograders are built from the master notebooks in course/assignments/ with Otter-Grader
and run, without Docker, on three submissions per assignment: the reference solution, which
must score full marks, and two solutions that each make one classic mistake from the pitfalls
museum (chapter 8), which must lose exactly the points of the part with the mistake.
"""

from __future__ import annotations

import csv
import math
import re
import sys
from pathlib import Path

import nbformat
import numpy as np
import pytest
from bs4 import BeautifulSoup

import ndcg
from ndcg.teaching import examples, pitfalls

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import grade  # noqa: E402
import instructor  # noqa: E402

quiz = instructor.load_bank()  # the bank lives in course/quiz/, outside the installed package

CHAPTER_NUMBERS = sorted(int(path.name[:2]) for path in (ROOT / "notebooks").glob("[0-9][0-9]_*"))
GUIDE = ROOT / "book" / "instructor-guide.md"
MASTERS = {path.stem: path for path in sorted((ROOT / "course" / "assignments").glob("*.ipynb"))}
A1, A2 = "a1-ndcg-from-scratch", "a2-two-systems"


# ---------------------------------------------------------------------------------- quiz bank


@pytest.mark.parametrize("chapter", CHAPTER_NUMBERS)
def test_every_chapter_has_five_questions_of_every_kind(chapter):
    items = quiz.questions(chapter)
    assert len(items) >= 5, f"chapter {chapter} has {len(items)} quiz questions"
    assert {item.kind for item in items} == {"numeric", "choice", "short"}
    for item in items:
        assert item.rationale.strip() and item.prompt.strip()


def test_numeric_answers_are_computed_not_typed():
    numeric = [item for item in quiz.questions() if item.kind == "numeric"]
    assert len(numeric) >= len(CHAPTER_NUMBERS)
    for item in numeric:
        assert callable(item.answer), item.id
        value = item.expected()
        assert isinstance(value, float) and math.isfinite(value), item.id
    with pytest.raises(TypeError, match="must be a function that computes it"):
        quiz.Question("q01-9", 1, "numeric", "?", "0.785", "typed")


def test_numeric_answers_match_an_independent_computation():
    # A few answers recomputed here from the definitions, not through the bank.
    grades = np.asarray(examples.D_RELEVANCE, dtype=float)
    discounts = 1.0 / np.log2(np.arange(2, grades.size + 2))
    ideal = np.sort(np.asarray(examples.D_POOL, dtype=float))[::-1][:6]
    assert quiz.question("q02-1").expected() == grades.sum()
    assert quiz.question("q03-1").expected() == pytest.approx(np.sum(grades * discounts), abs=1e-12)
    assert quiz.question("q03-4").expected() == pytest.approx(
        np.sum((2**grades - 1) * discounts), abs=1e-12
    )
    assert quiz.question("q04-2").expected() == pytest.approx(
        np.sum(grades * discounts) / np.sum(ideal * discounts), abs=1e-12
    )
    assert quiz.question("q13-3").expected() == pytest.approx(math.log(2), abs=1e-12)


def test_choice_answers_are_among_the_options():
    for item in quiz.questions():
        if item.kind == "choice":
            assert item.answer in "ABCDEFGH"[: len(item.options)], item.id
    with pytest.raises(ValueError, match="answer among"):
        quiz.Question("q01-9", 1, "choice", "?", "C", "why", options=("yes", "no"))


def test_a_new_chapter_is_added_by_its_key(monkeypatch):
    monkeypatch.setattr(quiz, "_BANK", dict(quiz._BANK))
    extra = [
        quiz.Question(
            "q15-1",
            15,
            "numeric",
            "NDCG@6 of D1-D6?",
            lambda: ndcg.ndcg([3, 2, 3, 0, 1, 2], k=6),
            "r",
        )
    ]
    quiz.register(15, extra)
    assert quiz.chapters()[-1] == 15
    assert "q15-1" in quiz.answer_key_markdown()
    with pytest.raises(ValueError, match="does not belong to chapter 16"):
        quiz.register(16, extra)


def test_student_sheet_holds_no_answer(tmp_path):
    sheet = quiz.student_markdown()
    for item in quiz.questions():
        assert item.id in sheet
        assert item.why() not in sheet, item.id
        if item.kind == "short":
            assert item.answer not in sheet, item.id
    instructor.write_quiz(tmp_path)
    key = (tmp_path / "answer-key.md").read_text(encoding="utf-8")
    assert all(item.why() in key for item in quiz.questions())
    # The key prints each numeric answer as the library computes it when the key is built.
    assert f"{quiz.question('q04-2').expected()!r}" in key


def test_instructor_guide_uses_every_chapter_and_only_real_questions():
    text = GUIDE.read_text(encoding="utf-8")
    used = set(re.findall(r"\bq\d\d-\d+\b", text))
    known = {item.id for item in quiz.questions()}
    assert used, "the instructor guide names no quiz question"
    assert used <= known, f"unknown quiz ids in the guide: {sorted(used - known)}"
    assert {int(qid[1:3]) for qid in used} >= set(CHAPTER_NUMBERS)
    for name in MASTERS:
        assert name in text, f"the guide does not say when {name} is due"


def test_every_session_of_the_module_is_a_full_plan():
    text = GUIDE.read_text(encoding="utf-8")
    module = text.split("## A full module", 1)[1].split("\n## ", 1)[0]
    sessions = re.split(r"\n### ", module)[1:]
    assert 6 <= len([s for s in sessions if "(optional)" not in s.splitlines()[0]]) <= 8
    covered = set()
    for session in sessions:
        title = session.splitlines()[0]
        covered |= {int(n) for n in re.findall(r"notebooks/(\d\d)_", session)}
        if "(optional)" in title:
            continue
        for part in (
            "Goals:",
            "| minutes |",
            "Widget tasks:",
            "Discussion:",
            "Quiz:",
            "Assignment:",
        ):
            assert part in session, f"session {title!r} has no {part!r}"
    assert covered >= set(CHAPTER_NUMBERS), f"chapters left out: {set(CHAPTER_NUMBERS) - covered}"


def test_every_misconception_names_a_page():
    text = GUIDE.read_text(encoding="utf-8")
    block = text.split("## Common misconceptions", 1)[1].split("\n## ", 1)[0]
    entries = re.split(r'\n(?=")', block.strip())[1:]
    assert len(entries) >= 10
    for entry in entries:
        assert "{doc}`../notebooks/" in entry, f"no page addresses {entry.splitlines()[0]}"


# ---------------------------------------------------------------------------- autograding

# Each classic mistake replaces one solution cell (found by its first line).
MISTAKES = {
    A1: {
        # Exhibit 2: the ideal from the retrieved top k.
        "ndcg": (
            "def ndcg_at_k(",
            "def ndcg_at_k(relevance, pool, k=None, gain='linear'):\n"
            "    ideal = idcg(sorted(relevance[:k], reverse=True), k, gain)\n"
            "    return dcg(relevance, k, gain) / ideal if ideal > 0 else 0.0\n",
        ),
        # Exhibit 7: sorting ascending.
        "scores": (
            "def ndcg_from_scores(",
            "def ndcg_from_scores(grades, scores, pool, k=None, gain='linear'):\n"
            "    order = np.argsort(np.asarray(scores, dtype=float), kind='stable')\n"
            "    return ndcg_at_k(np.asarray(grades, dtype=float)[order], pool, k, gain)\n",
        ),
    },
    A2: {
        # Exhibit 2 on a collection: the ideal from the retrieved documents only.
        "per_query": (
            "def per_query_ndcg(",
            "def per_query_ndcg(qrels, run, k=10, gain='linear'):\n"
            "    judged = qrels.set_index(['query_id', 'doc_id'])['relevance']\n"
            "    values = {}\n"
            "    for query, docs in run.groupby('query_id'):\n"
            "        docs = docs.sort_values('score', ascending=False)\n"
            "        keys = list(zip(docs['query_id'], docs['doc_id']))\n"
            "        ranked = judged.reindex(keys).fillna(0).to_numpy()\n"
            "        values[query] = ndcg.ndcg(ranked, k=k, gain=gain)\n"
            "    return pd.Series(values).sort_index()\n",
        ),
        # Exhibit 6: two reports, two gains.
        "scores": (
            "scores_a = ",
            "scores_a = per_query_ndcg(qrels, run_a, k=10, gain='exponential')\n"
            "scores_b = per_query_ndcg(qrels, run_b, k=10, gain='linear')\n"
            "mean_a = scores_a.mean()\n"
            "mean_b = scores_b.mean()\n",
        ),
    },
}


def _starts_with(cell, first_line: str) -> bool:
    """Whether a code cell's first line that is not a comment starts with ``first_line``."""
    lines = [line for line in cell.source.splitlines() if line.strip() and line[0] != "#"]
    return cell.cell_type == "code" and bool(lines) and lines[0].startswith(first_line)


def _replace_cell(notebook, first_line: str, source: str) -> None:
    matches = [cell for cell in notebook.cells if _starts_with(cell, first_line)]
    assert len(matches) == 1, f"expected one cell starting with {first_line!r}"
    matches[0].source = source


def _solution_cell(name: str, first_line: str) -> str:
    cells = nbformat.read(MASTERS[name], as_version=4).cells
    for cell in cells:
        if _starts_with(cell, first_line):
            return "\n".join(line for line in cell.source.splitlines() if "SOLUTION" not in line)
    raise AssertionError(f"no solution cell starting with {first_line!r} in {name}")


def test_a1_mistakes_are_the_museum_exhibits():
    namespace: dict = {"np": np}
    for first_line in ("def dcg(", "def idcg("):
        exec(_solution_cell(A1, first_line), namespace)
    for _, source in MISTAKES[A1].values():
        exec(source, namespace)
    relevance, pool = list(examples.D_RELEVANCE), list(examples.D_POOL)
    for k in (3, 6):
        assert namespace["ndcg_at_k"](relevance, pool, k) == pytest.approx(
            pitfalls.broken_ndcg_ideal_from_top_k(relevance, k), abs=1e-12
        )
    scores = examples.RATINGS_ESTIMATE
    truth = list(examples.RATINGS_TRUE)
    assert namespace["ndcg_from_scores"](truth, scores, truth, 10) == pytest.approx(
        pitfalls.broken_ascending_ndcg(truth, scores, k=10), abs=1e-12
    )


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Build both autograders and grade the reference and the two broken solutions of each."""
    assert set(MASTERS) == {A1, A2}
    tables = {}
    for name, master in MASTERS.items():
        out = tmp_path_factory.mktemp(name)
        build = instructor.build_assignment(master, out / "bundle", run_tests=False)
        submissions = out / "submissions"
        submissions.mkdir()
        reference = nbformat.read(build.solution, as_version=4)
        nbformat.write(reference, submissions / "reference.ipynb")
        for part, (first_line, source) in MISTAKES[name].items():
            broken = nbformat.read(build.solution, as_version=4)
            _replace_cell(broken, first_line, source)
            nbformat.write(broken, submissions / f"mistake-in-{part}.ipynb")
        rows = grade.grade_folder(build.autograder, submissions)
        grade.write_table(rows, out / "grades.csv")
        tables[name] = (build, {row.submission: row for row in rows}, out / "grades.csv")
    return tables


@pytest.mark.parametrize("name", [A1, A2])
def test_reference_solution_scores_full_marks(graded, name):
    build, rows, _ = graded[name]
    row = rows["reference.ipynb"]
    assert not row.error
    assert row.possible == build.points
    assert row.scores == build.points


@pytest.mark.parametrize(
    ("name", "part"), [(A1, "ndcg"), (A1, "scores"), (A2, "per_query"), (A2, "scores")]
)
def test_a_classic_mistake_loses_exactly_its_part(graded, name, part):
    build, rows, _ = graded[name]
    row = rows[f"mistake-in-{part}.ipynb"]
    assert not row.error
    expected = {question: points for question, points in build.points.items()}
    expected[part] = 0.0
    assert row.scores == expected
    assert row.total == sum(build.points.values()) - build.points[part]


@pytest.mark.parametrize("name", [A1, A2])
def test_grade_table_has_a_row_per_submission(graded, name):
    build, rows, table = graded[name]
    with table.open(encoding="utf-8") as handle:
        records = list(csv.DictReader(handle))
    assert sorted(record["submission"] for record in records) == sorted(rows)
    for record in records:
        assert float(record["total"]) == rows[record["submission"]].total
        assert float(record["possible"]) == sum(build.points.values())


@pytest.mark.parametrize("name", [A1, A2])
def test_student_notebook_has_no_solution_and_no_hidden_test(graded, name):
    build, _, _ = graded[name]
    student = build.student.read_text(encoding="utf-8")
    for secret in _hidden_test_lines(name) + _solution_lines(name):
        assert secret not in student, secret


# ------------------------------------------------------------------- kept from the website


def _hidden_test_lines(name: str) -> list[str]:
    lines = []
    for cell in nbformat.read(MASTERS[name], as_version=4).cells:
        if cell.cell_type == "code" and "hidden: true" in cell.source:
            lines += [line.strip() for line in cell.source.splitlines() if len(line.strip()) > 30]
    return [line for line in lines if "TEST CONFIG" not in line]


def _solution_lines(name: str) -> list[str]:
    lines = []
    for cell in nbformat.read(MASTERS[name], as_version=4).cells:
        if cell.cell_type == "code" and "# BEGIN SOLUTION" in cell.source:
            body = cell.source.split("# BEGIN SOLUTION", 1)[1].split("# END SOLUTION", 1)[0]
            lines += [line.strip() for line in body.splitlines() if len(line.strip()) > 30]
    return lines


def _secrets() -> list[str]:
    secrets = ["Quiz answer key", "Instructor bundle: Ranking, Measured"]
    for item in quiz.questions():
        secrets.append(item.why())
        if item.kind == "short":
            secrets.append(item.answer)
    for name in MASTERS:
        secrets += _hidden_test_lines(name) + _solution_lines(name)
    return list(dict.fromkeys(" ".join(secret.split()) for secret in secrets))


@pytest.fixture(scope="module")
def public_pages(site):
    """Every page of the website as (path, raw text, visible text, links)."""
    pages = []
    for page in sorted(site.rglob("*.html")) + sorted(site.rglob("*.txt")):
        raw = page.read_text(encoding="utf-8", errors="replace")
        text, links = " ".join(raw.split()), []
        if page.suffix == ".html":
            soup = BeautifulSoup(raw, "html.parser")
            text = " ".join(soup.get_text(" ").split())
            links = [tag["href"] for tag in soup.find_all(href=True)]
        pages.append((page.relative_to(site), " ".join(raw.split()), text, links))
    index = site / "searchindex.js"
    pages.append((index.relative_to(site), index.read_text(encoding="utf-8"), "", []))
    return pages


def _leaks(raw: str, text: str, secrets: list[str]) -> list[str]:
    return [secret for secret in secrets if secret in text or secret in raw]


def test_the_leak_check_finds_a_leak():
    secrets = _secrets()
    rationale = quiz.question("q04-3").why()
    page = f"<p>Answer:\n  {rationale}</p>"
    text = " ".join(BeautifulSoup(page, "html.parser").get_text(" ").split())
    assert _leaks(" ".join(page.split()), text, secrets) == [rationale]
    hidden = _hidden_test_lines(A1)[0]
    assert _leaks(hidden, "", secrets) == [hidden]


def test_no_answer_key_on_any_public_page(site, public_pages):
    secrets = _secrets()
    assert len(public_pages) > len(CHAPTER_NUMBERS)
    for page, raw, text, _ in public_pages:
        leaked = _leaks(raw, text, secrets)
        assert not leaked, f"{page} shows answer-key text: {leaked[:3]}"
    assert not list(site.rglob("*autograder*")), "an autograder file reached the website"


def test_no_public_page_links_to_the_instructor_bundle(public_pages):
    for page, _, _, links in public_pages:
        for href in links:
            assert "_build/instructor" not in href and "instructor/" not in href, (
                f"{page} links to {href}"
            )
