"""Grade a folder of student notebooks with an assignment's autograder and write a grade table.

Usage (from the instructor bundle, or from the repository after `make instructor`)::

    python grade.py AUTOGRADER.zip SUBMISSIONS_DIR [-o grades.csv] [--hand-graded marks.csv]
                    [--time-limit 300]

Every ``*.ipynb`` in SUBMISSIONS_DIR is run in a fresh kernel of the current Python (no Docker:
Otter-Grader's local grading), then the autograder's public and hidden tests are run against it.
Each submission runs in its own process under a time limit: one that runs out (an infinite
loop, say) is stopped and scores 0 with the reason in its row, and grading goes on. A file
that is not a notebook gets a row with its error and a total of 0 too, so no submission drops
out of the table silently. The table is written row by row, so a grading run that is stopped
keeps the rows it finished.

The table has one row per notebook and one column per question, in question order: the points
of each autograded question, and the points graded by hand (A2's question 5) read from the
``--hand-graded`` file (``make instructor`` writes a template with the rubric next to the
autograder); a hand-graded question without a mark is left blank and counts 0 until it has one.
Then the total, the points possible (autograded and hand-graded), the percentage, the error if
any, and the feedback: for each question lost, the case that failed with the expected and the
received value and the chapter that explains it.

`make grade AUTOGRADER=... SUBMISSIONS=... [HAND_GRADED=...]` runs this from the repository.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import re
import signal
import subprocess
import sys
import warnings
import zipfile
from collections.abc import Iterable, Sequence
from contextlib import redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path

#: The file ``tools/instructor.py`` adds to each autograder zip: the questions in order.
QUESTIONS_FILE = "ranking-measured-questions.json"
DEFAULT_TIME_LIMIT = 300.0
FEEDBACK_CHARS = 600  # per question: enough for the failed case, short enough to read


@dataclass(frozen=True)
class QuestionInfo:
    """One question of an assignment: its name, its points and whether it is graded by hand."""

    name: str
    points: float
    manual: bool = False


@dataclass
class GradeRow:
    """One submission's grade."""

    submission: str
    scores: dict[str, float] = field(default_factory=dict)
    possible: dict[str, float] = field(default_factory=dict)
    feedback: dict[str, str] = field(default_factory=dict)
    error: str = ""

    @property
    def total(self) -> float:
        return float(sum(self.scores.values()))

    @property
    def max_total(self) -> float:
        return float(sum(self.possible.values()))


def assignment_questions(autograder: Path) -> list[QuestionInfo]:
    """The autograder's questions in order, hand-graded ones included when the zip lists them."""
    with zipfile.ZipFile(autograder) as archive:
        names = archive.namelist()
        if QUESTIONS_FILE in names:
            records = json.loads(archive.read(QUESTIONS_FILE))
            return [QuestionInfo(r["name"], float(r["points"]), bool(r["manual"])) for r in records]
        questions = []
        for name in names:
            if name.startswith("tests/") and name.endswith(".py"):
                namespace: dict = {}
                exec(archive.read(name).decode("utf-8"), namespace)  # Otter's own test format
                questions.append(
                    QuestionInfo(namespace["test"]["name"], namespace["test"]["points"])
                )
        return questions


def _first_failure(message: str) -> str:
    """The first failed example of a doctest transcript, as a student can act on it.

    The assertion's own message when it has one (the hidden tests name the case, the expected
    and the received value, and the chapter), else the exception and the line that failed.
    """
    for block in message.split("Failed example:")[1:]:
        source = block.strip().splitlines()[0].strip() if block.strip() else ""
        raised = block.split("Exception raised:", 1)[-1].split("Trying:", 1)[0].split("*****")[0]
        found = re.findall(r"^    (\w+(?:Error|Exception|Exit))(?:: (.*))?$", raised, re.M)
        if found:
            kind, text = found[-1]
            if kind == "AssertionError" and text:
                return text.strip()
            return f"{kind}{': ' + text.strip() if text else ''} in `{source}`"
        return f"failed: `{source}`"
    return " ".join(message.split())


def _failure_messages(result) -> str:
    """The first failure of each of a question's failed test cases, public then hidden."""
    messages = [
        _first_failure(str(case.message))
        for case in getattr(result, "test_case_results", []) or []
        if not case.passed
    ]
    return " | ".join(messages)[:FEEDBACK_CHARS]


def grade_in_process(notebook: Path, autograder: Path) -> dict:
    """Grade one notebook in this process; the child side of :func:`grade_notebook`."""
    with warnings.catch_warnings():  # Otter's import trips traitlets' deprecation notice
        warnings.simplefilter("ignore", DeprecationWarning)
        from otter.api import grade_submission  # imported here: Otter is slow to import

    # Otter's own deprecation notices (pandas, nbformat) are not about the submission.
    with redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.simplefilter("ignore", FutureWarning)
        results = grade_submission(str(notebook), str(autograder), quiet=True)
    record: dict = {"scores": {}, "possible": {}, "feedback": {}, "error": ""}
    if results.catastrophic_error is not None:
        error = results.catastrophic_error
        record["error"] = f"{type(error).__name__}: {error}"
    for name in results.test_files:
        result = results.get_result(name)
        record["scores"][name] = float(results.get_score(name))
        record["possible"][name] = float(result.possible)
        if record["scores"][name] < record["possible"][name]:
            record["feedback"][name] = _failure_messages(result)
    return record


def _not_a_notebook(notebook: Path) -> str:
    """Why ``notebook`` cannot be graded as a notebook, or "" if it can."""
    import nbformat

    try:
        nbformat.read(notebook, as_version=4)
    except Exception as error:  # any parse failure: the row says what was wrong
        return f"not a readable notebook ({type(error).__name__}: {str(error)[:200]})"
    return ""


def grade_notebook(
    notebook: Path,
    autograder: Path,
    questions: Sequence[QuestionInfo] | None = None,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> GradeRow:
    """Grade one notebook in its own process under ``time_limit`` seconds; never raises.

    A submission that cannot be graded (not a notebook, out of time, a crash) scores 0 on
    every autograded question, with the reason in ``error``.
    """
    questions = list(questions) if questions is not None else assignment_questions(autograder)
    row = GradeRow(notebook.name)
    row.possible = {q.name: q.points for q in questions if not q.manual}
    row.scores = dict.fromkeys(row.possible, 0.0)
    row.error = _not_a_notebook(notebook)
    if row.error:
        return row
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--one",
        str(notebook),
        str(autograder),
    ]
    # A session of its own, so a timeout stops the kernel the submission started as well.
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        out, err = process.communicate(timeout=time_limit)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        row.error = (
            f"stopped after the time limit of {time_limit:g} s (an infinite loop or a very slow "
            "cell?); scored 0"
        )
        return row
    if process.returncode != 0:
        lines = [line for line in err.strip().splitlines() if line.strip()]
        row.error = (
            f"grading failed: {lines[-1] if lines else 'exit code ' + str(process.returncode)}"
        )
        return row
    record = json.loads(out.strip().splitlines()[-1])
    row.scores.update(record["scores"])
    row.possible.update(record["possible"])
    row.feedback = record["feedback"]
    row.error = record["error"]
    return row


def read_hand_graded(path: Path, questions: Sequence[QuestionInfo]) -> dict[str, dict[str, float]]:
    """Submission -> {question: points} from the hand-graded marks file.

    The file is a CSV with a ``submission`` column and one column per hand-graded question,
    named as the question (a header such as ``argument (/3)`` also works). A blank mark is
    left out (not yet graded); a mark above the question's points is an error.
    """
    manual = {q.name: q.points for q in questions if q.manual}
    marks: dict[str, dict[str, float]] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for line, record in enumerate(csv.DictReader(handle), start=2):
            submission = (record.get("submission") or "").strip()
            if not submission:
                raise ValueError(f"{path}, line {line}: the submission column is empty")
            for header, value in record.items():
                name = (header or "").split(" (/", 1)[0].strip()
                if name not in manual or not (value or "").strip():
                    continue
                points = float(value)
                if not 0 <= points <= manual[name]:
                    raise ValueError(
                        f"{path}, line {line}: {name} = {value!r} for {submission}, but the "
                        f"question is marked out of {manual[name]:g}; give 0 to {manual[name]:g}"
                    )
                marks.setdefault(submission, {})[name] = points
    return marks


class TableWriter:
    """Writes the grade table one row at a time, flushed, so a stopped run keeps its rows."""

    def __init__(self, path: Path, questions: Sequence[QuestionInfo]) -> None:
        self.questions = list(questions)
        self.max_total = sum(q.points for q in self.questions)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.handle = path.open("w", newline="", encoding="utf-8")
        self.writer = csv.writer(self.handle)
        headers = [
            f"{q.name} (/{q.points:g}{', by hand' if q.manual else ''})" for q in self.questions
        ]
        self.writer.writerow(
            ["submission", *headers, "total", "possible", "percent", "error", "feedback"]
        )
        self.handle.flush()

    def write(self, row: GradeRow) -> None:
        cells = []
        for q in self.questions:
            cells.append(f"{row.scores[q.name]:g}" if q.name in row.scores else "")
        percent = 100.0 * row.total / self.max_total if self.max_total else 0.0
        feedback = "; ".join(f"{name}: {text}" for name, text in row.feedback.items() if text)
        self.writer.writerow(
            [row.submission, *cells, f"{row.total:g}", f"{self.max_total:g}", f"{percent:.1f}"]
            + [row.error, feedback]
        )
        self.handle.flush()

    def close(self) -> None:
        self.handle.close()


def grade_folder(
    autograder: Path,
    submissions: Path,
    output: Path | None = None,
    *,
    hand_graded: Path | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> list[GradeRow]:
    """Grade every ``*.ipynb`` in ``submissions`` by name, writing ``output`` row by row."""
    if not autograder.is_file():
        raise FileNotFoundError(
            f"autograder {autograder} not found; run `make instructor` and pass the .zip from "
            "_build/instructor/assignments/NAME/autograder/"
        )
    if not submissions.is_dir():
        raise NotADirectoryError(f"submissions must be a folder of .ipynb files, got {submissions}")
    notebooks = sorted(submissions.glob("*.ipynb"))
    if not notebooks:
        raise FileNotFoundError(f"no .ipynb file in {submissions}")
    questions = assignment_questions(autograder)
    marks = read_hand_graded(hand_graded, questions) if hand_graded else {}
    writer = TableWriter(output, questions) if output is not None else None
    rows = []
    try:
        for notebook in notebooks:
            row = grade_notebook(notebook, autograder, questions, time_limit=time_limit)
            for q in questions:
                if q.manual:
                    row.possible[q.name] = q.points
                    if q.name in marks.get(notebook.name, {}):
                        row.scores[q.name] = marks[notebook.name][q.name]
            rows.append(row)
            if writer is not None:
                writer.write(row)
            print(_summary(row), flush=True)
    finally:
        if writer is not None:
            writer.close()
    return rows


def write_table(rows: Iterable[GradeRow], path: Path, questions: Sequence[QuestionInfo]) -> None:
    """Write a whole grade table at once (``grade_folder`` writes it row by row)."""
    writer = TableWriter(path, questions)
    try:
        for row in rows:
            writer.write(row)
    finally:
        writer.close()


def _summary(row: GradeRow) -> str:
    note = f"  ({row.error})" if row.error else ""
    return f"{row.submission}: {row.total:g} / {row.max_total:g}{note}"


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--one"]:  # the child process of grade_notebook
        print(json.dumps(grade_in_process(Path(argv[1]), Path(argv[2]))))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("autograder", type=Path, help="the assignment's autograder .zip")
    parser.add_argument("submissions", type=Path, help="folder of student notebooks")
    parser.add_argument("-o", "--output", type=Path, default=Path("grades.csv"))
    parser.add_argument(
        "--hand-graded", type=Path, help="CSV of the hand-graded marks (template in the bundle)"
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=DEFAULT_TIME_LIMIT,
        help=f"seconds each submission may run (default {DEFAULT_TIME_LIMIT:g})",
    )
    args = parser.parse_args(argv)
    try:
        grade_folder(
            args.autograder,
            args.submissions,
            args.output,
            hand_graded=args.hand_graded,
            time_limit=args.time_limit,
        )
    except (FileNotFoundError, NotADirectoryError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"grade table: {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
