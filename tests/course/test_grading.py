"""Grading: a grader no submission can fool or stall, with feedback a student can use.

Otter-Grader builds each assignment's student notebook from its master in
course/assignments/; tools/grade.py grades the submissions below as `make grade` does, each in
a sandbox, and marks what their functions return outside it (tools/grade_checks.py). The
tables it writes are checked cell by cell: the reference scores full marks; a classic mistake
from the pitfalls museum (chapter 8) costs its own question and no other; an infinite loop is
stopped and scores 0 while grading goes on; a file that is not a notebook gets a row; a
notebook handed in twice is flagged; a hand mark for no submission is refused; and the
hand-graded question counts in the total. tests/course/test_grader_attacks.py attacks the grader.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import grade
import grade_checks
import instructor
import nbformat
import numpy as np
import pytest
from _course_secrets import hidden_test_lines, solution_lines

from ndcg.teaching import examples, pitfalls

ROOT = Path(__file__).resolve().parents[2]


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
# which shows each costs only its own question.
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
# The detail table, cell by cell: the questions in order, then total and possible.
EXPECTED = {
    A1: {
        "reference": ([3, 2, 3, 2], 10, 10),
        "jk-discount-and-ascending": ([0, 2, 3, 0], 5, 10),
        "library-alias-and-ideal-from-top-k": ([0, 2, 0, 2], 4, 10),
        "s9/late": ([3, 2, 3, 2], 10, 10),  # a folder per student; s9 handed in twice
        "s9_first": ([3, 2, 3, 2], 10, 10),
        "no-metadata": ([3, 2, 3, 2], 10, 10),
        "infinite-loop": ([0, 0, 0, 0], 0, 10),
        "not-a-notebook": ([0, 0, 0, 0], 0, 10),
    },
    A2: {  # per_query, scores, paired, verdict, argument (by hand; blank: not marked yet)
        "reference": ([3, 2, 2, 1, 3], 11, 11),
        "retrieved-ideal-and-two-gains": ([0, 0, 2, 1, None], 3, 11),
    },
}
HAND_MARKS = "submission,argument (/3),comment\nreference.ipynb,3,all three criteria\n"
TIME_LIMIT = 5.0  # seconds: enough to show the loop is stopped and grading goes on


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


def test_a1_runs_hold_no_reference_of_their_own_question():
    """The run that marks a function holds reference helpers for the others only."""
    checks = grade_checks.checks_for(A1)
    for run in checks.runs():
        (question,) = run.questions
        job = json.dumps(run.job(["pass"], checks.helpers))
        function = grade_checks.A1.FUNCTIONS[question][0]
        assert f"def {function}(" not in job
        for helper in grade_checks.A1.FUNCTIONS[question][1]:
            assert f"def {helper}(" in job


def test_a1_public_tests_do_not_use_the_library():
    for cell in nbformat.read(MASTERS[A1], as_version=4).cells:
        if cell.cell_type == "code":
            assert "hidden: true" not in cell.source, "the hidden checks live in grade_checks.py"
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
    # The grader draws the same collection by the same rule, from the term's class number.
    for student_id in ("", STUDENT_ID, " s7654321 ", 12345):
        for class_number in (2026, 90210):
            assert grade_checks.collection_number(student_id, class_number) == namespace[
                "collection_number"
            ](student_id, class_number)


def _read(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Build both assignments with Otter and grade every submission with grade.py's command."""
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
        arguments += ["--time-limit", f"{TIME_LIMIT:g}", "--jobs", "2"]
        if name == A2:
            marks = out / "marks.csv"
            marks.write_text(HAND_MARKS, encoding="utf-8")
            arguments += ["--hand-graded", str(marks)]
        if name == A1:
            solution = nbformat.read(build.solution, as_version=4)
            (submissions / "s9").mkdir()
            nbformat.write(solution, submissions / "s9" / "late.ipynb")
            nbformat.write(solution, submissions / "s9_first.ipynb")
            # Metadata lost (a copy through another editor): cells and sources only.
            bare = {
                "cells": [{"cell_type": c.cell_type, "source": c.source} for c in solution.cells]
            }
            (submissions / "no-metadata.ipynb").write_text(json.dumps(bare), encoding="utf-8")
            solution.cells.insert(1, nbformat.v4.new_code_cell("while True:\n    pass\n"))
            nbformat.write(solution, submissions / "infinite-loop.ipynb")
            (submissions / "not-a-notebook.ipynb").write_text("print('hello')\n")
        assert grade.main(arguments) == 0
        detail = _read(grade.detail_path(out / "grades.csv"))
        with (out / "grades.csv").open(encoding="utf-8", newline="") as handle:
            gradebook = list(csv.reader(handle))
        tables[name] = (build, detail, gradebook)
    return tables


@pytest.mark.parametrize("name", [A1, A2])
def test_grade_table_is_the_expected_table(graded, name):
    build, detail, _ = graded[name]
    header = list(detail[0])
    questions = [q.name for q in grade.assignment_questions(build.autograder)]
    assert header[2 : len(questions) + 2] == [
        f"{q} (/{points:g}{', by hand' if q in build.manual else ''})"
        for q, points in {**build.points, **build.manual}.items()
    ] and questions == list({**build.points, **build.manual}), "columns in question order"
    rows = {row["submission"].removesuffix(".ipynb"): row for row in detail}
    assert sorted(rows) == sorted(EXPECTED[name])
    for submission, (scores, total, possible) in EXPECTED[name].items():
        row = rows[submission]
        got = [row[h] for h in header[2 : len(questions) + 2]]
        want = ["" if score is None else f"{score:g}" for score in scores]
        assert got == want, f"{submission}: {got} != {want}"
        assert (row["total"], row["possible"]) == (f"{total:g}", f"{possible:g}"), submission
        assert row["percent"] == f"{100 * total / possible:.1f}", submission


def test_the_gradebook_is_one_row_per_student_in_canvas_columns(graded):
    _, detail, gradebook = graded[A1]
    assert gradebook[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", A1]
    totals = {row[2]: row[5] for row in gradebook[1:]}
    assert totals["reference"] == "10" and totals["not-a-notebook"] == "0"
    # Handed in twice: both graded and flagged, the gradebook's mark left for the instructor.
    assert totals["s9"] == ""
    flagged = {row["submission"]: row["flags"] for row in detail if row["student"] == "s9"}
    assert sorted(flagged) == ["s9/late.ipynb", "s9_first.ipynb"]
    assert all("handed in 2 times" in flag for flag in flagged.values())
    assert len(gradebook) - 1 == len({row["student"] for row in detail})


def test_each_lost_question_says_why(graded):
    _, detail, _ = graded[A2]
    rows = {row["submission"]: row for row in detail}
    a2 = rows["retrieved-ideal-and-two-gains.ipynb"]["feedback"]
    assert "returned" in a2 and "chapter 4" in a2 and "exhibit 6 of chapter 8" in a2
    _, detail, _ = graded[A1]
    rows = {row["submission"]: row for row in detail}
    jk = rows["jk-discount-and-ascending.ipynb"]["feedback"]
    assert "dcg:" in jk and "expected" in jk and "returned" in jk and "chapter 3" in jk
    assert "scores:" in jk and "chapter 5" in jk and "idcg:" not in jk
    alias = rows["library-alias-and-ideal-from-top-k.ipynb"]["feedback"]
    assert "No module named 'ndcg'" in alias and "chapter 4" in alias
    loop = rows["infinite-loop.ipynb"]
    assert f"time limit of {TIME_LIMIT:g} s" in loop["error"]
    assert "not a readable notebook" in rows["not-a-notebook.ipynb"]["error"]
    assert all(
        not rows[f"{name}.ipynb"]["error"]
        for name in EXPECTED[A1]
        if "not" not in name and "loop" not in name
    )


@pytest.mark.parametrize("name", [A1, A2])
def test_student_notebook_has_no_hidden_check_and_no_solution(graded, name):
    build, _, _ = graded[name]
    student = build.student.read_text(encoding="utf-8")
    for line in hidden_test_lines(name) + solution_lines(name):
        assert line not in student, line


def test_hand_graded_marks_are_checked(tmp_path):
    questions = [grade.QuestionInfo("verdict", 1), grade.QuestionInfo("argument", 3, manual=True)]
    marks = tmp_path / "marks.csv"
    marks.write_text("submission,argument (/3)\na.ipynb,2.5\nb.ipynb,\n", encoding="utf-8")
    assert grade.read_hand_graded(marks, questions) == {"a.ipynb": {"argument": 2.5}}
    marks.write_text("submission,argument (/3)\na.ipynb,4\n", encoding="utf-8")
    with pytest.raises(ValueError, match="argument = '4' for a.ipynb.*out of 3"):
        grade.read_hand_graded(marks, questions)


def test_a_hand_mark_for_no_submission_is_refused(graded, tmp_path):
    build, _, _ = graded[A2]
    submissions = tmp_path / "submissions"
    submissions.mkdir()
    nbformat.write(nbformat.read(build.solution, as_version=4), submissions / "s1_a2.ipynb")
    marks = tmp_path / "marks.csv"
    marks.write_text("submission,argument (/3)\ns1_a2.ipynb,3\ns1_A2.ipynb,2\n", encoding="utf-8")
    output = tmp_path / "grades.csv"
    with pytest.raises(ValueError, match="s1_A2.ipynb, which matches no submission"):
        grade.grade_folder(build.autograder, submissions, output, hand_graded=marks)
    assert not output.exists(), "refused before anything is graded or written"


@pytest.mark.parametrize(
    "raw, why",
    [
        (b"", ""),
        (b"[1, 2]", "not plain data"),
        (b"{'a': 1}", "not valid JSON"),
        (b"\xff\xfe", "not valid JSON"),
        (b"[" * 100_000, "not valid JSON"),
        (b'{"a": ' + b"[" * 50 + b"]" * 50 + b"}", "not plain data"),
        (b'{"a": "' + b"x" * (1 << 20) + b'"}', "over 1 MiB"),
    ],
)
def test_a_result_is_read_strictly(raw, why):
    result, reason = grade.parse_result(raw)
    assert result is None and reason.endswith(why) and bool(reason) == bool(why), reason


def test_a_result_of_plain_data_is_read():
    assert grade.parse_result(b'{"a": [1, 2.5, "x", null, true, NaN]}')[0]["a"][:5] == [
        1,
        2.5,
        "x",
        None,
        True,
    ]


def test_an_integer_too_large_for_a_float_is_a_wrong_answer():
    """JSON integers have no bound: a returned 10**400 is marked wrong, not a crash of the batch."""
    huge = json.loads(json.dumps(10**400))
    a1 = grade_checks.checks_for("a1-ndcg-from-scratch")
    cases = len(a1.runs()[0].calls[0].cases)
    text = a1.mark("dcg", {"calls": {"dcg": [{"value": -huge}] * cases}})
    assert "too large for a float" in text, text
    a2 = grade_checks.checks_for("a2-two-systems")
    series = {"value": {"series": {"index": ["q1", "q2"], "values": [huge, 0.5]}}}
    variables = {"STUDENT_ID": {"value": "s1"}, "scores_a": series, "scores_b": series}
    assert "too large for a float" in a2.mark("scores", {"variables": variables})
    assert "the comparison needs" in a2.mark("paired", {"variables": variables})
    ok = {"value": {"series": {"index": ["q1", "q2"], "values": [0.25, 0.5]}}}
    variables.update(scores_a=ok, scores_b=ok, mean_difference={"value": huge})
    assert "too large for a float" in a2.mark("paired", {"variables": variables})


def test_a_notebook_naming_an_empty_another_or_a_shared_student_id_is_flagged():
    """A2 marks a collection right for the STUDENT_ID the notebook names, so a copied notebook
    scores full marks: the grader flags what it cannot mark."""
    rows = {
        "s1": grade.GradeRow("s1_a2.ipynb", "s1", declared="s1"),
        "s2": grade.GradeRow("s2_a2.ipynb", "s2", declared=" s1 "),  # a copy of s1's
        "s3": grade.GradeRow("s3_a2.ipynb", "s3", declared=""),  # the class's collection
        "s4": grade.GradeRow("s4_a2.ipynb", "s4", declared="s4"),
        "s5": grade.GradeRow("s5_a1.ipynb", "s5"),  # an assignment without STUDENT_ID
    }
    pairs = [((student, Path(row.submission)), row) for student, row in rows.items()]
    flags = {student: grade.id_flags(row, pairs) for student, row in rows.items()}
    assert flags["s1"] == ["STUDENT_ID 's1' is also named by s2_a2.ipynb"]
    assert flags["s2"] == [
        "STUDENT_ID is 's1', not the submission's id 's2'",
        "STUDENT_ID 's1' is also named by s1_a2.ipynb",
    ]
    assert flags["s3"] == [
        "STUDENT_ID is empty: graded on the class's collection, which is everyone's"
    ]
    assert flags["s4"] == flags["s5"] == []
    a2 = grade_checks.checks_for("a2-two-systems")
    assert a2.declared_id({"variables": {"STUDENT_ID": {"value": 1234}}}) == "1234"
    assert a2.declared_id({"variables": {"STUDENT_ID": {"value": None}}}) is None
    assert grade_checks.checks_for("a1-ndcg-from-scratch").declared_id({}) is None


def test_a_student_id_that_changes_between_runs_is_flagged(tmp_path, monkeypatch):
    """Each run reads STUDENT_ID anew, and a notebook can tell its runs apart (its job names
    the questions): one that names its own id in the first run and a classmate's in the
    second, where the scores are marked, is flagged."""
    names = iter(["s1", "s2"])

    def run(job, packages, limits):
        variables = {"STUDENT_ID": {"value": next(names)}}
        result = {"cells_done": True, "cells": [], "calls": {}, "variables": variables}
        return grade.grade_sandbox.Outcome(json.dumps(result).encode(), False, 0, 0.0, "")

    monkeypatch.setattr(grade.grade_sandbox, "run", run)
    notebook = tmp_path / "s1_a2.ipynb"
    nbformat.write(nbformat.v4.new_notebook(), notebook)
    checks = grade_checks.checks_for("a2-two-systems")
    questions = [grade.QuestionInfo(name, 1.0) for name in ("per_query", "scores")]
    row = grade.grade_notebook(notebook, None, questions, checks=checks, packages={})
    assert row.declared == "s1"
    assert row.flags == ["STUDENT_ID changed between its runs: 's1', then 's2'"]


def test_the_feedback_is_no_answer_key():
    """A notebook answering from a table, filled from the feedback's expected values round
    after round, never passes: they are shown too short to meet the tolerance."""
    a1 = grade_checks.checks_for("a1-ndcg-from-scratch")
    cases = a1.runs()[0].calls[0].cases
    calls = [f"dcg({', '.join(grade_checks._short(a) for a in args)})" for args in cases]
    table: dict[str, float] = {}
    for _ in range(len(cases) + 1):
        outcomes = [{"value": table.get(call, -1.0)} for call in calls]
        text = a1.mark("dcg", {"calls": {"dcg": outcomes}})
        if not text:
            break
        if "after six digits" in text:  # its expected value, given back, is still wrong
            break
        call, shown = re.match(r"(dcg\(.*?\)) returned .*?, expected ([^;]+);", text).groups()
        table[call] = float(shown)
    assert text, f"a table of {len(table)} expected values read from the feedback passes"
    assert len(table) < len(cases)


def test_a_lone_surrogate_in_a_result_cannot_stop_the_grading(tmp_path):
    """JSON's "\\ud800" reads as a string UTF-8 cannot write: quoted in the tables (an error's
    message) or hashed (A2's STUDENT_ID), it stopped the batch with no table written."""
    raw = (
        b'{"cells": ["cell 2: ValueError: \\ud800"], '
        b'"variables": {"STUDENT_ID": {"value": "\\udfff"}}}'
    )
    result, why = grade.parse_result(raw)
    assert why == "" and result["cells"] == ["cell 2: ValueError: ?"]
    a2 = grade_checks.checks_for("a2-two-systems")
    assert a2.declared_id(result) == "?"
    assert a2.prepare(a2.runs()[1], result).calls[0].function == "per_query_ndcg"
    row = grade.GradeRow("s1_a2.ipynb", "s1", scores={"q": 0.0}, possible={"q": 1.0})
    row.feedback["q"] = result["cells"][0]
    grade.write_tables([row], tmp_path / "grades.csv", [grade.QuestionInfo("q", 1.0)], "A2")
    assert "ValueError: ?" in (tmp_path / "grades-detail.csv").read_text("utf-8")


def test_submissions_are_named_by_student_id(tmp_path):
    for name in ("s1_a1.ipynb", "s2.ipynb", "s3/whatever.ipynb", "s1_again.ipynb", "x.txt"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("{}")
    found = [
        (student, path.relative_to(tmp_path).as_posix())
        for student, path in grade.submissions_in(tmp_path)
    ]
    assert found == [
        ("s1", "s1_a1.ipynb"),
        ("s1", "s1_again.ipynb"),
        ("s2", "s2.ipynb"),
        ("s3", "s3/whatever.ipynb"),
    ]


@pytest.mark.parametrize("name", [A1, A2])
def test_student_notebook_first_finds_or_installs_what_it_imports(graded, name):
    build, _, _ = graded[name]
    cells = [c for c in nbformat.read(build.student, as_version=4).cells if c.cell_type == "code"]
    setup, init = cells[0].source, cells[1].source
    assert setup.startswith("# Setup: this notebook needs") and "import otter" in init
    needs = eval(setup.split("_needs = ", 1)[1].split("\n", 1)[0])  # the cell's own literal
    # A range, not a pin that would fight a version Colab already has.
    assert re.fullmatch(r"otter-grader>=[0-9.]+,<[0-9]+", needs["otter"]), needs["otter"]
    assert ("ndcg" in needs) == (name == A2), "A1 is written without the library"
    exec(setup, {})  # here everything is installed: the cell finds it and installs nothing
