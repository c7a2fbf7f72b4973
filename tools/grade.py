"""Grade a folder of student notebooks and write a grade table a learning platform imports.

Usage (from the instructor bundle, or from the repository after `make instructor`)::

    python grade.py AUTOGRADER.zip SUBMISSIONS_DIR [-o grades.csv] [--hand-graded marks.csv]
                    [--time-limit 300] [--memory-limit 2048] [--column "A1 (1234)"]

Nothing a submission does inside its own process can change its score. Each notebook's code
runs in a sandbox (``grade_sandbox.py``: bubblewrap, no network, a read-only system, an
unprivileged user, limits on time, memory and processes), with neither the hidden checks nor,
for A1, the ``ndcg`` library inside. There the submission's functions are called on the hidden
inputs and what they return comes back as plain data (JSON, at most 1 MiB); it is marked here,
outside, against answers the library computes (``grade_checks.py``). Questions are found by
the functions' and variables' names, not by Otter's cell metadata, so a notebook whose metadata
was lost is graded by its content. Otter-Grader builds the student notebook (its public tests
give students feedback while they work) but runs no test when grading.

Each question is all-or-nothing and marked on its own: while A1's ``idcg`` is marked, its
``dcg`` is the reference one, so a classic mistake costs exactly its question. A run that
outlives the time limit is killed with every process it started and scores 0 on its
questions, with the reason; so does a file that is not a notebook. The table is written once,
atomically, after every sandbox is gone.

Submissions are named ``STUDENTID_anything.ipynb`` (the student id is what comes before the
first ``_``; a name without ``_`` is its own id) or put in a folder per student,
``STUDENTID/anything.ipynb``. Two notebooks of one student are both graded and flagged, and
the student's mark is left blank for you to choose.

Two files are written:

- ``grades.csv`` (``-o``), the gradebook: ``Student``, ``ID``, ``SIS User ID``, ``SIS Login
  ID``, ``Section`` and one column with the assignment's total, as Canvas's gradebook import
  reads it (the student id goes in ``SIS User ID``; name the column as the assignment is named
  in the course, ``--column``); Moodle's CSV grade import maps ``SIS User ID`` to the users' ID
  number and the total's column to the grade item;
- ``grades-detail.csv`` next to it: one row per notebook with the points of each question (the
  hand-graded ones read from ``--hand-graded``), the total, the flags, the error if any and the
  feedback: for each question lost, the case that failed with the received value, the
  expected one to six digits, and the chapter that explains it. A2's flags name a notebook
  whose ``STUDENT_ID`` is empty, another's than the submission's, shared or changing.

`make grade AUTOGRADER=... SUBMISSIONS=... [HAND_GRADED=...]` runs this from the repository.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import os
import queue
import sys
import tempfile
import zipfile
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the grader's modules, next to it

import grade_checks  # noqa: E402
import grade_sandbox  # noqa: E402

#: The file ``tools/instructor.py`` adds to each autograder zip: the questions in order.
QUESTIONS_FILE = "ranking-measured-questions.json"
DEFAULT_TIME_LIMIT = 300.0
DEFAULT_MEMORY_MIB = 2048
NOTEBOOK_BYTES = 32 << 20  # a notebook with its outputs; larger is not read
FEEDBACK_CHARS = 600  # per question: enough for the failed case, short enough to read
GRADEBOOK_COLUMNS = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]


@dataclass(frozen=True)
class QuestionInfo:
    """One question of an assignment: its name, its points and whether it is graded by hand."""

    name: str
    points: float
    manual: bool = False


@dataclass
class GradeRow:
    """One submission's grade."""

    submission: str  # its path in the submissions folder
    student: str = ""
    scores: dict[str, float] = field(default_factory=dict)
    possible: dict[str, float] = field(default_factory=dict)
    feedback: dict[str, str] = field(default_factory=dict)
    error: str = ""
    flags: list[str] = field(default_factory=list)
    declared: str | None = None  # the student id the notebook names (A2's STUDENT_ID)

    @property
    def total(self) -> float:
        return float(sum(self.scores.values()))

    @property
    def max_total(self) -> float:
        return float(sum(self.possible.values()))


def assignment_questions(autograder: Path) -> list[QuestionInfo]:
    """The autograder's questions in order, hand-graded ones included."""
    with zipfile.ZipFile(autograder) as archive:
        if QUESTIONS_FILE not in archive.namelist():
            raise ValueError(f"{autograder} has no {QUESTIONS_FILE}: rebuild it, make instructor")
        records = json.loads(archive.read(QUESTIONS_FILE))
    return [QuestionInfo(r["name"], float(r["points"]), bool(r["manual"])) for r in records]


def assignment_checks(autograder: Path) -> grade_checks.Checks:
    """The hidden checks of the autograder's assignment, with the term's numbers."""
    with zipfile.ZipFile(autograder) as archive:
        if grade_checks.GRADING_FILE not in archive.namelist():
            raise ValueError(
                f"{autograder} has no {grade_checks.GRADING_FILE}: rebuild it, make instructor"
            )
        config = json.loads(archive.read(grade_checks.GRADING_FILE))
    return grade_checks.checks_for(config["assignment"], config["numbers"])


def code_cells(notebook: Path) -> tuple[list[str], str]:
    """The notebook's code cells in order, and "" ; or [] and why it cannot be read.

    Only the cells' type and source are read: a notebook whose metadata was lost (Otter's,
    the kernel's) is graded all the same.
    """
    try:
        if notebook.stat().st_size > NOTEBOOK_BYTES:
            return [], f"not graded: over {NOTEBOOK_BYTES >> 20} MiB"
        document = json.loads(notebook.read_bytes())
    except (OSError, ValueError, RecursionError) as error:
        return [], f"not a readable notebook ({type(error).__name__}: {str(error)[:200]})"
    cells = document.get("cells") if isinstance(document, dict) else None
    if not isinstance(cells, list):
        return [], "not a readable notebook (no list of cells)"
    sources = []
    for cell in cells:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        if isinstance(source, list) and all(isinstance(line, str) for line in source):
            source = "".join(source)
        if not isinstance(source, str):
            return [], "not a readable notebook (a code cell's source is not text)"
        sources.append(source)
    return sources, ""


# ----------------------------------------------------------------------------- the result


RESULT_DEPTH = 12


def _plain_data(value, depth: int = 0) -> bool:
    """Whether ``value`` is JSON data only: numbers, strings, booleans, None, lists, objects."""
    if depth > RESULT_DEPTH:
        return False
    if value is None or isinstance(value, bool | int | float | str):
        return True
    if isinstance(value, list):
        return all(_plain_data(item, depth + 1) for item in value)
    if isinstance(value, dict):
        return all(_plain_data(item, depth + 1) for item in value.values())
    return False


def parse_result(raw: bytes) -> tuple[dict | None, str]:
    """A run's result file as data, or None and why not. Read strictly: at most 1 MiB of
    UTF-8 JSON, an object of plain data; NaN and infinities read as floats (they never match)."""
    if len(raw) > grade_sandbox.RESULT_BYTES:
        return None, "its result was over 1 MiB"
    if not raw:
        return None, ""
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=float)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None, "its result was not valid JSON"
    if not isinstance(data, dict) or not _plain_data(data):
        return None, "its result was not plain data"
    return _encodable(data), ""


def _encodable(value):
    """``value`` with every lone surrogate (JSON's ``"\\ud800"``) of its strings replaced by
    ``?``: such a string cannot be written as UTF-8, and the tables quote the submission's
    strings (an error's message, its ``STUDENT_ID``)."""
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, list):
        return [_encodable(item) for item in value]
    if isinstance(value, dict):
        return {_encodable(key): _encodable(item) for key, item in value.items()}
    return value


# ---------------------------------------------------------------------------- one notebook


def grade_notebook(
    notebook: Path,
    autograder: Path | None = None,
    questions: Sequence[QuestionInfo] | None = None,
    *,
    checks: grade_checks.Checks | None = None,
    limits: grade_sandbox.Limits | None = None,
    packages: dict[str, Path] | None = None,
    name: str | None = None,
) -> GradeRow:
    """Grade one notebook in sandboxes under ``limits``; never raises for the submission's sake.

    A submission that cannot be graded (not a notebook, out of time, a crash) scores 0 on the
    questions it could not be marked on, with the reason in ``error``.
    """
    if checks is None or questions is None:
        if autograder is None:
            raise ValueError("grade_notebook needs the autograder, or its checks and questions")
        checks = checks or assignment_checks(autograder)
        questions = questions or assignment_questions(autograder)
    limits = limits or grade_sandbox.Limits(DEFAULT_TIME_LIMIT)
    packages = packages if packages is not None else grade_sandbox.package_paths(checks.modules)
    row = GradeRow(name or notebook.name)
    row.possible = {q.name: q.points for q in questions if not q.manual}
    row.scores = dict.fromkeys(row.possible, 0.0)
    cells, row.error = code_cells(notebook)
    if row.error:
        return row
    errors = []
    previous: dict = {}
    for run in checks.runs():
        run = checks.prepare(run, previous)
        outcome = grade_sandbox.run(run.job(cells, checks.helpers), packages, limits)
        result, why = parse_result(outcome.result)
        done = bool(result and result.get("cells_done") is True)
        if outcome.timed_out:
            why = f"stopped after the time limit of {limits.seconds:g} s " + (
                "while its functions ran" if done else "(an infinite loop or a very slow cell?)"
            )
        elif result is None or "calls" not in result:
            why = why or (
                f"its process ended {'while its functions ran' if done else 'in its cells'} "
                f"(exit code {outcome.returncode}: os._exit, a crash or out of memory?)"
            )
        if why:
            if not done:  # the cells never finish: every other run would stop there too
                errors.append(f"{why}; scored 0")
                break
            errors.append(f"{', '.join(run.questions)}: {why}; scored 0")
            continue
        previous = result
        declared = checks.declared_id(result)
        if row.declared is None:
            row.declared = declared
        elif declared is not None and declared != row.declared:  # each run reads it anew
            row.flags.append(
                f"STUDENT_ID changed between its runs: {row.declared!r}, then {declared!r}"
            )
        cells_raised = result.get("cells")
        raised = (
            [c for c in cells_raised if isinstance(c, str)][:2]
            if isinstance(cells_raised, list)
            else []
        )
        for question in run.questions:
            if question not in row.possible:
                continue
            try:
                text = checks.mark(question, result)
            except (
                AttributeError,
                TypeError,
                KeyError,
                IndexError,
                ValueError,
                ArithmeticError,
            ) as error:
                # The result is the submission's to write: one of an unexpected shape is its loss.
                text = f"its answers could not be read ({type(error).__name__})"
            if text and raised:  # why a function may be missing: its cell failed
                text += f" (the notebook's cells raised: {'; '.join(raised)})"
            if text:
                row.feedback[question] = text[:FEEDBACK_CHARS]
            else:
                row.scores[question] = row.possible[question]
    row.error = "; ".join(errors)
    return row


# ------------------------------------------------------------------------------- a folder


def submissions_in(folder: Path) -> list[tuple[str, Path]]:
    """(student id, notebook) of every submission: ``ID_*.ipynb`` or ``ID/*.ipynb``."""
    found = []
    for path in sorted(folder.glob("*.ipynb")) + sorted(folder.glob("*/*.ipynb")):
        if path.parent == folder:
            student = path.stem.split("_", 1)[0] if "_" in path.stem else path.stem
        else:
            student = path.parent.name
        found.append((student.strip(), path))
    return found


def read_hand_graded(path: Path, questions: Sequence[QuestionInfo]) -> dict[str, dict[str, float]]:
    """Submission -> {question: points} from the hand-graded marks file.

    The file is a CSV with a ``submission`` column (the notebook's path in the submissions
    folder, as the detail table shows it) and one column per hand-graded question, named as the
    question (a header such as ``argument (/3)`` also works). A blank mark is left out (not yet
    graded); a mark above the question's points is an error.
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
                try:
                    points = float(value)
                except ValueError:
                    points = math.nan
                if not 0 <= points <= manual[name]:
                    raise ValueError(
                        f"{path}, line {line}: {name} = {value!r} for {submission}, but the "
                        f"question is marked out of {manual[name]:g}; give 0 to {manual[name]:g}"
                    )
                marks.setdefault(submission, {})[name] = points
    return marks


def _write_atomically(path: Path, rows: list[list[str]]) -> None:
    """Write a CSV in one step: a temporary file next to ``path``, then renamed onto it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = io.StringIO()
    csv.writer(text, lineterminator="\r\n").writerows(rows)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text.getvalue())
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def detail_path(output: Path) -> Path:
    return output.with_name(f"{output.stem}-detail{output.suffix or '.csv'}")


def write_tables(
    rows: Sequence[GradeRow], output: Path, questions: Sequence[QuestionInfo], column: str
) -> None:
    """The gradebook (one row per student) and the detail table (one row per notebook)."""
    max_total = sum(q.points for q in questions)
    detail = [
        [
            "student",
            "submission",
            *(f"{q.name} (/{q.points:g}{', by hand' if q.manual else ''})" for q in questions),
            "total",
            "possible",
            "percent",
            "flags",
            "error",
            "feedback",
        ]
    ]
    for row in rows:
        cells = [f"{row.scores[q.name]:g}" if q.name in row.scores else "" for q in questions]
        percent = 100.0 * row.total / max_total if max_total else 0.0
        feedback = "; ".join(f"{name}: {text}" for name, text in row.feedback.items() if text)
        detail.append(
            [row.student, row.submission, *cells, f"{row.total:g}", f"{max_total:g}"]
            + [f"{percent:.1f}", "; ".join(row.flags), row.error, feedback]
        )
    gradebook = [[*GRADEBOOK_COLUMNS, column]]
    seen: set[str] = set()
    for row in rows:
        if row.student in seen:
            continue
        seen.add(row.student)
        twice = any(flag.startswith("handed in") for flag in row.flags)
        total = "" if twice else f"{row.total:g}"
        gradebook.append([row.student, "", row.student, "", "", total])
    _write_atomically(detail_path(output), detail)
    _write_atomically(output, gradebook)


def grade_folder(
    autograder: Path,
    submissions: Path,
    output: Path | None = None,
    *,
    hand_graded: Path | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    memory_mib: int = DEFAULT_MEMORY_MIB,
    column: str | None = None,
    jobs: int = 1,
) -> list[GradeRow]:
    """Grade every submission in ``submissions``, ``jobs`` at a time; write the tables once
    every submission is graded and every sandbox is gone."""
    if not autograder.is_file():
        raise FileNotFoundError(
            f"autograder {autograder} not found; run `make instructor` and pass the .zip from "
            "_build/instructor/assignments/NAME/autograder/"
        )
    if not submissions.is_dir():
        raise NotADirectoryError(f"submissions must be a folder of .ipynb files, got {submissions}")
    found = submissions_in(submissions)
    if not found:
        raise FileNotFoundError(f"no .ipynb file in {submissions} or its subfolders")
    missing = grade_sandbox.available()
    if missing:
        raise FileNotFoundError(missing)
    questions = assignment_questions(autograder)
    checks = assignment_checks(autograder)
    names = {path.relative_to(submissions).as_posix() for _, path in found}
    marks = read_hand_graded(hand_graded, questions) if hand_graded else {}
    unknown = sorted(set(marks) - names)
    if unknown:  # before any grading: a misspelt name must not cost a student their mark
        raise ValueError(
            f"{hand_graded} has marks for {', '.join(unknown)}, which matches no submission "
            f"in {submissions}; use the names of the detail table (e.g. {sorted(names)[0]})"
        )
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    packages = grade_sandbox.package_paths(checks.modules)
    # A user per worker (65534, 65533, ...): the process limit counts each one's sandbox alone.
    workers = queue.SimpleQueue()
    for number in range(jobs):
        workers.put(
            grade_sandbox.Limits(
                seconds=time_limit, memory=memory_mib << 20, uid=grade_sandbox.NOBODY - number
            )
        )

    def one(path: Path) -> GradeRow:
        limits = workers.get()
        try:
            return grade_notebook(
                path,
                None,
                questions,
                checks=checks,
                limits=limits,
                packages=packages,
                name=path.relative_to(submissions).as_posix(),
            )
        finally:
            workers.put(limits)

    counts = Counter(student for student, _ in found)
    rows = []
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        graded = pool.map(one, [path for _, path in found])
        pairs = list(zip(found, graded, strict=True))
    for (student, _), row in pairs:
        name = row.submission
        row.student = student
        if counts[student] > 1:
            others = [p.relative_to(submissions).as_posix() for s, p in found if s == student]
            row.flags.append(
                f"handed in {counts[student]} times ({', '.join(others)}): the gradebook's "
                "mark is left blank, choose one"
            )
        row.flags += id_flags(row, pairs)
        for q in questions:
            if q.manual:
                row.possible[q.name] = q.points
                if q.name in marks.get(name, {}):
                    row.scores[q.name] = marks[name][q.name]
        rows.append(row)
        print(_summary(row), flush=True)
    # Every run has returned, so every sandbox is gone: only now are the tables written.
    if output is not None:
        write_tables(rows, output, questions, column or checks.name)
    return rows


def id_flags(row: GradeRow, pairs: Sequence[tuple[tuple[str, Path], GradeRow]]) -> list[str]:
    """Flags for the student id a notebook names (A2's ``STUDENT_ID`` draws its collection):
    left empty (the class's collection, the same for everyone), another than the submission's
    id, or one that another student's notebook names too (a copied notebook is right for
    the id it names, so only this tells it). Flags only: the instructor decides."""
    if row.declared is None:
        return []
    declared = row.declared.strip()
    if not declared:
        return ["STUDENT_ID is empty: graded on the class's collection, which is everyone's"]
    flags = []
    if declared != row.student:
        flags.append(f"STUDENT_ID is {declared!r}, not the submission's id {row.student!r}")
    others = sorted(
        other.submission
        for (student, _), other in pairs
        if student != row.student and (other.declared or "").strip() == declared
    )
    if others:
        flags.append(f"STUDENT_ID {declared!r} is also named by {', '.join(others)}")
    return flags


def _summary(row: GradeRow) -> str:
    note = f"  ({row.error})" if row.error else ""
    return f"{row.submission}: {row.total:g} / {row.max_total:g}{note}"


def main(argv: Sequence[str] | None = None) -> int:
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
        help=f"seconds each sandboxed run may take (default {DEFAULT_TIME_LIMIT:g})",
    )
    parser.add_argument(
        "--memory-limit",
        type=int,
        default=DEFAULT_MEMORY_MIB,
        help=f"MiB of memory per process of a submission (default {DEFAULT_MEMORY_MIB})",
    )
    parser.add_argument(
        "--column", help="the gradebook column's header: the assignment's name in the course"
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="submissions graded side by side (default 1)"
    )
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        grade_folder(
            args.autograder,
            args.submissions,
            args.output,
            hand_graded=args.hand_graded,
            time_limit=args.time_limit,
            memory_mib=args.memory_limit,
            column=args.column,
            jobs=args.jobs,
        )
    except (FileNotFoundError, NotADirectoryError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"gradebook: {args.output}; detail: {detail_path(args.output)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
