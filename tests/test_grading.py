"""Grading: an autograder that cannot be fooled or stopped, with feedback a student can use.

Otter-Grader builds each autograder from its master in course/assignments/ and grades, without
Docker, the submissions below through tools/grade.py, as `make grade` does. The grade table
they produce is checked cell by cell: the reference scores full marks; a classic mistake from
the pitfalls museum (chapter 8) costs its own question and no other; a submission that borrows
the library it was told not to use loses that question, with the reason; an infinite loop is
stopped and scores 0 while grading goes on; a file that is not a notebook gets a row; and the
hand-graded question counts in the total. The fast tests run A1's hidden tests directly on
functions that reach the library in every way Python allows.
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

import nbformat
import numpy as np
import pytest

from ndcg.teaching import examples, pitfalls

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import grade  # noqa: E402
import instructor  # noqa: E402

MASTERS = {path.stem: path for path in sorted((ROOT / "course" / "assignments").glob("*.ipynb"))}
A1, A2 = "a1-ndcg-from-scratch", "a2-two-systems"

# Classic mistakes: each replaces one solution cell (found by its first line).
JK_DCG = (  # Järvelin and Kekäläinen's original discount: none at positions 1 and 2
    "def dcg(",
    "def dcg(relevance, k=None, gain='linear'):\n"
    "    grades = np.asarray(relevance, dtype=float)[:k]\n"
    "    gains = grades if gain == 'linear' else 2.0**grades - 1.0\n"
    "    positions = np.arange(1, grades.size + 1)\n"
    "    return float(np.sum(gains / np.maximum(1.0, np.log2(np.maximum(positions, 2)))))\n",
)
IDEAL_FROM_TOP_K = (  # exhibit 2: the ideal from the retrieved top k
    "def ndcg_at_k(",
    "def ndcg_at_k(relevance, pool, k=None, gain='linear'):\n"
    "    ideal = idcg(sorted(relevance[:k], reverse=True), k, gain)\n"
    "    return dcg(relevance, k, gain) / ideal if ideal > 0 else 0.0\n",
)
ASCENDING = (  # exhibit 7: sorting ascending
    "def ndcg_from_scores(",
    "def ndcg_from_scores(grades, scores, pool, k=None, gain='linear'):\n"
    "    order = np.argsort(np.asarray(scores, dtype=float), kind='stable')\n"
    "    return ndcg_at_k(np.asarray(grades, dtype=float)[order], pool, k, gain)\n",
)
LIBRARY_ALIAS = (  # the library under another name, which a co_names check missed
    "def dcg(",
    "from ndcg import dcg as _d\n\n\n"
    "def dcg(relevance, k=None, gain='linear'):\n"
    "    return _d(relevance, k=k, gain=gain)\n",
)
RETRIEVED_IDEAL_A2 = (  # exhibit 2 on a collection
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
)
TWO_GAINS_A2 = (  # exhibit 6: two reports, two gains
    "scores_a = ",
    "scores_a = per_query_ndcg(qrels, run_a, k=10, gain='exponential')\n"
    "scores_b = per_query_ndcg(qrels, run_b, k=10, gain='linear')\n"
    "mean_a = scores_a.mean()\n"
    "mean_b = scores_b.mean()\n",
)

# Submission -> the cells it changes. Two mistakes share a notebook where they are independent,
# which keeps the number of (slow) Otter runs down and shows each costs only its own question.
SUBMISSIONS = {
    A1: {
        "reference": (),
        "jk-discount-and-ascending": (JK_DCG, ASCENDING),
        "library-alias-and-ideal-from-top-k": (LIBRARY_ALIAS, IDEAL_FROM_TOP_K),
    },
    A2: {
        "reference": (),
        "retrieved-ideal-and-two-gains": (RETRIEVED_IDEAL_A2, TWO_GAINS_A2),
    },
}
# The grade table, cell by cell: the questions in order, then total, possible and percent.
EXPECTED = {
    A1: {
        "reference.ipynb": ([3, 2, 3, 2], 10, 10),
        "jk-discount-and-ascending.ipynb": ([0, 2, 3, 0], 5, 10),
        "library-alias-and-ideal-from-top-k.ipynb": ([0, 2, 0, 2], 4, 10),
        "infinite-loop.ipynb": ([0, 0, 0, 0], 0, 10),
        "not-a-notebook.ipynb": ([0, 0, 0, 0], 0, 10),
    },
    A2: {  # per_query, scores, paired, verdict, argument (by hand; blank: not marked yet)
        "reference.ipynb": ([3, 2, 2, 1, 3], 11, 11),
        "retrieved-ideal-and-two-gains.ipynb": ([0, 0, 2, 1, None], 3, 11),
    },
}
HAND_MARKS = "submission,argument (/3),comment\nreference.ipynb,3,all three criteria\n"
TIME_LIMIT = 4.0  # seconds: enough to show the loop is stopped, too short for Otter to finish


def _starts_with(cell, first_line: str) -> bool:
    """Whether a code cell's first line that is not a comment starts with ``first_line``."""
    lines = [line for line in cell.source.splitlines() if line.strip() and line[0] != "#"]
    return cell.cell_type == "code" and bool(lines) and lines[0].startswith(first_line)


def _replace_cell(notebook, first_line: str, source: str) -> None:
    matches = [cell for cell in notebook.cells if _starts_with(cell, first_line)]
    assert len(matches) == 1, f"expected one cell starting with {first_line!r}"
    matches[0].source = source


def _solution_cell(name: str, first_line: str) -> str:
    for cell in nbformat.read(MASTERS[name], as_version=4).cells:
        if _starts_with(cell, first_line):
            return "\n".join(line for line in cell.source.splitlines() if "SOLUTION" not in line)
    raise AssertionError(f"no solution cell starting with {first_line!r} in {name}")


def _hidden_tests(name: str) -> dict[str, str]:
    """Question -> the source of its hidden test cell in the master."""
    tests, question = {}, None
    for cell in nbformat.read(MASTERS[name], as_version=4).cells:
        if cell.cell_type == "raw" and cell.source.startswith("# BEGIN QUESTION"):
            question = cell.source.split("name:", 1)[1].split()[0]
        elif cell.cell_type == "code" and "hidden: true" in cell.source:
            tests[question] = cell.source
    return tests


# ---------------------------------------------------------------------- fast: A1's hidden tests


def _solutions() -> dict:
    namespace: dict = {"np": np}
    for first_line in ("def dcg(", "def idcg(", "def ndcg_at_k(", "def ndcg_from_scores("):
        exec(_solution_cell(A1, first_line), namespace)
    return namespace


def test_a1_mistakes_are_the_museum_exhibits():
    namespace = _solutions()
    for _, source in (IDEAL_FROM_TOP_K, ASCENDING):
        exec(source, namespace)
    relevance, pool = list(examples.D_RELEVANCE), list(examples.D_POOL)
    for k in (3, 6):
        assert namespace["ndcg_at_k"](relevance, pool, k) == pytest.approx(
            pitfalls.broken_ndcg_ideal_from_top_k(relevance, k), abs=1e-12
        )
    truth = list(examples.RATINGS_TRUE)
    assert namespace["ndcg_from_scores"](truth, examples.RATINGS_ESTIMATE, truth, 10) == (
        pytest.approx(pitfalls.broken_ascending_ndcg(truth, examples.RATINGS_ESTIMATE, k=10))
    )


def test_a1_hidden_tests_pass_the_reference():
    namespace = _solutions()
    sources = _hidden_tests(A1)
    assert sorted(sources) == ["dcg", "idcg", "ndcg", "scores"]
    for source in sources.values():
        exec(source, dict(namespace))


# Every way a submission can reach the library: each makes `dcg` fail with the reason.
LIBRARY_ROUTES = {
    "alias": "from ndcg import dcg as _d\ndef dcg(r, k=None, gain='linear'):\n"
    "    return _d(r, k=k, gain=gain)\n",
    "module alias": "import ndcg as nd\ndef dcg(r, k=None, gain='linear'):\n"
    "    return nd.dcg(r, k=k, gain=gain)\n",
    "submodule": "import ndcg.metrics as m\ndef dcg(r, k=None, gain='linear'):\n"
    "    return m.dcg(r, k=k, gain=gain)\n",
    "import inside": "def dcg(r, k=None, gain='linear'):\n    import ndcg\n"
    "    return ndcg.dcg(r, k=k, gain=gain)\n",
    "__import__": "def dcg(r, k=None, gain='linear'):\n"
    "    return __import__('ndcg').dcg(r, k=k, gain=gain)\n",
    "importlib, name built": "import importlib\ndef dcg(r, k=None, gain='linear'):\n"
    "    return importlib.import_module('nd' + 'cg').dcg(r, k=k, gain=gain)\n",
    "the tests' own reference": "import ndcg as _reference\n"
    "def dcg(r, k=None, gain='linear'):\n    return _reference.dcg(r, k=k, gain=gain)\n",
}


@pytest.mark.parametrize("route", sorted(LIBRARY_ROUTES))
def test_a1_library_use_fails_its_question_however_it_is_imported(route):
    namespace = _solutions()
    exec(LIBRARY_ROUTES[route], namespace)
    with pytest.raises((AssertionError, ImportError)) as failure:
        exec(_hidden_tests(A1)["dcg"], dict(namespace))
    if isinstance(failure.value, AssertionError) and "ndcg library" not in str(failure.value):
        raise AssertionError(f"{route}: failed for another reason: {failure.value}")
    # The other questions are marked with right helpers, so they keep their points.
    exec(_hidden_tests(A1)["idcg"], dict(namespace))
    assert "ndcg" not in sys.modules or sys.modules["ndcg"] is not None  # the block is undone


def test_a1_public_tests_do_not_use_the_library():
    for cell in nbformat.read(MASTERS[A1], as_version=4).cells:
        if cell.cell_type == "code" and "hidden: true" not in cell.source:
            assert "ndcg" not in cell.source.replace("ndcg_at_k", "").replace(
                "ndcg_from_scores", ""
            ), cell.source


# ---------------------------------------------------------------------- slow: make grade


STUDENT_ID = "s1234567"


def _set_student_id(notebook, student_id: str) -> None:
    cells = [cell for cell in notebook.cells if 'STUDENT_ID = ""' in cell.source]
    assert len(cells) == 1, "A2 has one cell that sets STUDENT_ID"
    cells[0].source = cells[0].source.replace('STUDENT_ID = ""', f"STUDENT_ID = {student_id!r}")


def test_a2_draws_a_collection_of_its_own_for_each_student_id():
    notebook = nbformat.read(MASTERS[A2], as_version=4)
    setup = next(cell.source for cell in notebook.cells if 'STUDENT_ID = ""' in cell.source)
    collections = {}
    for student_id in ("", STUDENT_ID, "s7654321"):
        namespace: dict = {}
        exec(setup.replace('STUDENT_ID = ""', f"STUDENT_ID = {student_id!r}"), namespace)
        collections[student_id] = namespace["qrels"]
    assert namespace["collection_number"]("") == 2026  # the class's collection
    assert not collections[""].equals(collections[STUDENT_ID])
    assert not collections[STUDENT_ID].equals(collections["s7654321"])


def _read(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.reader(handle))


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Build both autograders and grade every submission with tools/grade.py's command."""
    tables = {}
    for name, master in MASTERS.items():
        out = tmp_path_factory.mktemp(name)
        build = instructor.build_assignment(master, out / "bundle", run_tests=False)
        submissions = out / "submissions"
        submissions.mkdir()
        for label, changes in SUBMISSIONS[name].items():
            notebook = nbformat.read(build.solution, as_version=4)
            for first_line, source in changes:
                _replace_cell(notebook, first_line, source)
            if name == A2 and label == "reference":  # scored on a collection of its own
                _set_student_id(notebook, STUDENT_ID)
            nbformat.write(notebook, submissions / f"{label}.ipynb")
        arguments = [str(build.autograder), str(submissions), "-o", str(out / "grades.csv")]
        if name == A2:
            marks = out / "marks.csv"
            marks.write_text(HAND_MARKS, encoding="utf-8")
            arguments += ["--hand-graded", str(marks)]
        assert grade.main(arguments) == 0
        table = _read(out / "grades.csv")
        if name == A1:
            # Under a short time limit of their own, so the other submissions are not cut off:
            # the loop is stopped and the file after it still gets its row.
            stuck = out / "stuck"
            stuck.mkdir()
            notebook = nbformat.read(build.solution, as_version=4)
            notebook.cells.insert(1, nbformat.v4.new_code_cell("while True:\n    pass\n"))
            nbformat.write(notebook, stuck / "infinite-loop.ipynb")
            (stuck / "not-a-notebook.ipynb").write_text("print('hello')\n")
            arguments = [str(build.autograder), str(stuck), "-o", str(out / "stuck.csv")]
            assert grade.main([*arguments, "--time-limit", f"{TIME_LIMIT:g}"]) == 0
            table += _read(out / "stuck.csv")[1:]
        tables[name] = (build, table)
    return tables


@pytest.mark.parametrize("name", [A1, A2])
def test_grade_table_is_the_expected_table(graded, name):
    build, table = graded[name]
    header, rows = table[0], {row[0]: row for row in table[1:]}
    questions = [q.name for q in grade.assignment_questions(build.autograder)]
    assert header[1 : len(questions) + 1] == [
        f"{q} (/{points:g}{', by hand' if q in build.manual else ''})"
        for q, points in {**build.points, **build.manual}.items()
    ] and questions == list({**build.points, **build.manual}), "columns in question order"
    assert sorted(rows) == sorted(EXPECTED[name])
    for submission, (scores, total, possible) in EXPECTED[name].items():
        row = dict(zip(header, rows[submission], strict=True))
        got = [rows[submission][1 + i] for i in range(len(questions))]
        want = ["" if score is None else f"{score:g}" for score in scores]
        assert got == want, f"{submission}: {got} != {want}"
        assert (row["total"], row["possible"]) == (f"{total:g}", f"{possible:g}"), submission
        assert row["percent"] == f"{100 * total / possible:.1f}", submission


def test_each_lost_question_says_why(graded):
    _, table = graded[A2]
    rows = {row[0]: dict(zip(table[0], row, strict=True)) for row in table[1:]}
    a2 = rows["retrieved-ideal-and-two-gains.ipynb"]["feedback"]
    assert "returned" in a2 and "chapter 4" in a2 and "exhibit 6 of chapter 8" in a2
    _, table = graded[A1]
    rows = {row[0]: dict(zip(table[0], row, strict=True)) for row in table[1:]}
    jk = rows["jk-discount-and-ascending.ipynb"]["feedback"]
    assert "dcg:" in jk and "expected" in jk and "returned" in jk and "chapter 3" in jk
    assert "scores:" in jk and "chapter 5" in jk and "idcg:" not in jk
    alias = rows["library-alias-and-ideal-from-top-k.ipynb"]["feedback"]
    assert "dcg uses the ndcg library (through _d)" in alias and "chapter 4" in alias
    loop = rows["infinite-loop.ipynb"]
    assert f"time limit of {TIME_LIMIT:g} s" in loop["error"]
    assert "not a readable notebook" in rows["not-a-notebook.ipynb"]["error"]
    assert all(
        not rows[name]["error"] for name in EXPECTED[A1] if "not" not in name and "loop" not in name
    )


@pytest.mark.parametrize("name", [A1, A2])
def test_student_notebook_has_no_hidden_test(graded, name):
    build, _ = graded[name]
    student = build.student.read_text(encoding="utf-8")
    for source in _hidden_tests(name).values():
        for line in source.splitlines():
            if len(line.strip()) > 30 and "TEST CONFIG" not in line:
                assert line.strip() not in student, line


def test_hand_graded_marks_are_checked(tmp_path):
    questions = [grade.QuestionInfo("verdict", 1), grade.QuestionInfo("argument", 3, manual=True)]
    marks = tmp_path / "marks.csv"
    marks.write_text("submission,argument (/3)\na.ipynb,2.5\nb.ipynb,\n", encoding="utf-8")
    assert grade.read_hand_graded(marks, questions) == {"a.ipynb": {"argument": 2.5}}
    marks.write_text("submission,argument (/3)\na.ipynb,4\n", encoding="utf-8")
    with pytest.raises(ValueError, match="argument = '4' for a.ipynb.*out of 3"):
        grade.read_hand_graded(marks, questions)


# Otter's message for a failed test case: a doctest transcript (exact format, Otter 7).
TRANSCRIPT = (
    "❌ Test case failed\nTrying:\n    import math as _math\nExpecting nothing\nok\n"
    "Trying:\n    assert dcg([0, 3]) == 3, 'position 2'\nExpecting nothing\n"
    "**********************************************************************\n"
    "Line 3, in dcg 0\nFailed example:\n    assert dcg([0, 3]) == 3, 'position 2'\n"
    "Exception raised:\n    Traceback (most recent call last):\n"
    '      File "<doctest dcg 0[2]>", line 1, in <module>\n'
    "        assert dcg([0, 3]) == 3, 'position 2'\n    AssertionError: position 2\n"
    "Trying:\n    assert dcg([1]) == 1\nExpecting nothing\n"
    "**********************************************************************\n"
    "Line 4, in dcg 0\nFailed example:\n    assert dcg([1]) == 1\nException raised:\n"
    "    Traceback (most recent call last):\n    AssertionError\n"
)


def test_feedback_is_the_first_failure_of_a_transcript():
    assert grade._first_failure(TRANSCRIPT) == "position 2"
    bare = TRANSCRIPT.split("Trying:\n    assert dcg([1])", 1)[1]
    assert grade._first_failure("Trying:\n    assert dcg([1])" + bare) == (
        "AssertionError in `assert dcg([1]) == 1`"
    )
    name_error = TRANSCRIPT.replace(
        "AssertionError: position 2", "NameError: name 'dcg' is not defined"
    )
    assert grade._first_failure(name_error) == (
        "NameError: name 'dcg' is not defined in `assert dcg([0, 3]) == 3, 'position 2'`"
    )


@pytest.mark.parametrize("name", [A1, A2])
def test_student_notebook_first_finds_or_installs_what_it_imports(graded, name):
    build, _ = graded[name]
    cells = [c for c in nbformat.read(build.student, as_version=4).cells if c.cell_type == "code"]
    setup, init = cells[0].source, cells[1].source
    assert setup.startswith("# Setup: this notebook needs") and "import otter" in init
    needs = eval(setup.split("_needs = ", 1)[1].split("\n", 1)[0])  # the cell's own literal
    # A range, not a pin that would fight a version Colab already has.
    assert re.fullmatch(r"otter-grader>=[0-9.]+,<[0-9]+", needs["otter"]), needs["otter"]
    assert ("ndcg" in needs) == (name == A2), "A1 is written without the library"
    exec(setup, {})  # here everything is installed: the cell finds it and installs nothing
