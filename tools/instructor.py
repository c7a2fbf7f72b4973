"""Build the instructor bundle: quiz answer key, assignments with solutions and autograders.

`make instructor` runs this. It writes ``_build/instructor/``, a folder that is never part of
the website (the site is ``_build/html``, and no page links here):

- ``quiz/answer-key.md`` and ``quiz/answer-key.json``: every quiz question with its answer and
  rationale, numeric answers computed by the library now from the quiz bank
  (``course/quiz/``, which is not part of the installed package);
  ``quiz/questions.md``: the same questions without answers, to hand out;
  ``quiz/quiz.qti.zip`` (QTI 1.2, Canvas), ``quiz/quiz.moodle.xml`` and ``quiz/quiz.gift.txt``
  (Moodle): the questions with their answers for a learning platform (``tools/quiz_export.py``);
- ``assignments/NAME/``: for each master notebook in ``course/assignments/``, Otter-Grader's
  student notebook (public tests only), the solution notebook and the autograder ``.zip``
  (built by ``otter assign``) holding the question order and the numbers the grader draws the
  hidden inputs from (``tools/grade_checks.py``);

- ``grade.py`` (with ``grade_checks.py``, ``grade_sandbox.py`` and ``grade_runner.py``): grades
  a folder of student notebooks, each in a bubblewrap sandbox, and writes a gradebook CSV;
- ``exam/``: the exam paper and its model answer, rendered from ``course/exam/``'s templates;
- ``README.md``: what is where, and how to grade.

With ``--term 2027-spring`` (``make instructor COURSE_TERM=2027-spring``) the bundle is that
term's variant, in ``_build/instructor-2027-spring/`` unless ``-o`` says otherwise. The term's
numbers come from a secret, not from its name: the first build writes 32 random bytes
(``secrets.token_bytes(32)``, in hex) to the bundle's ``term-secret.txt`` and every later
build of that folder reuses them (``--secret-file`` passes one kept elsewhere). From the
secret are drawn the data of every numeric quiz item, the order (and, for some, the form) of
every choice item, A1's hidden cases, A2's collections and the exam's paper; the keys are
computed by the library from the drawn data. The name is only a label printed on the sheets:
it can be anything, and nothing can be rebuilt from it or from the public sources. Without a
term the bundle is the book's own example.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import io
import json
import os
import re
import secrets
import shutil
import sys
import tempfile
import warnings
import zipfile
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Protocol

import nbformat

ROOT = Path(__file__).resolve().parents[1]
MASTERS = ROOT / "course" / "assignments"
BANK = ROOT / "course" / "quiz" / "bank.py"
RUBRICS = MASTERS / "rubrics.yml"
EXAM = ROOT / "course" / "exam"
sys.path.insert(0, str(ROOT / "tools"))  # grade.py, next to this file

import grade  # noqa: E402
import grade_checks  # noqa: E402
import grade_sandbox  # noqa: E402
import practice_sheet  # noqa: E402
import quiz_export  # noqa: E402

DEFAULT_OUT = ROOT / "_build" / "instructor"
#: The file, in a term's bundle, that holds the secret the term's numbers are drawn from.
SECRET_FILE = "term-secret.txt"


class TermLike(Protocol):
    """What the bundle needs of a term: ``bank.Term`` (the bank is loaded from its path)."""

    name: str

    def seed(self, part: str) -> int: ...


@dataclass(frozen=True)
class AssignmentBuild:
    """Paths of one assignment's built files."""

    name: str
    student: Path
    solution: Path
    autograder: Path
    points: dict[str, float]
    manual: dict[str, float]


def _load(name: str, path: Path, package: bool = False) -> ModuleType:
    """Import a course module by its path (the quiz bank, the exam: not in the package).

    With ``package``, ``path`` is a folder's ``__init__.py`` and its modules import each other.
    """
    if name in sys.modules:
        return sys.modules[name]
    folders = [str(path.parent)] if package else None
    spec = importlib.util.spec_from_file_location(name, path, submodule_search_locations=folders)
    if spec is None or spec.loader is None:
        raise FileNotFoundError(f"{path} is missing")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the file runs
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def load_bank() -> ModuleType:
    """Import the quiz bank from ``course/quiz/`` (it is not in the installed package).

    The folder is loaded as a package of its own, so its modules (model, items, the chapters'
    questions, export) import each other; its module ``bank`` is returned.
    """
    package = _load("ranking_measured_quiz", BANK.parent / "__init__.py", package=True)
    return importlib.import_module(f"{package.__name__}.{BANK.stem}")


def load_exam() -> ModuleType:
    """Import the exam's drawing and rendering from ``course/exam/exam.py``."""
    return _load("ranking_measured_exam", EXAM / "exam.py")


def term_secret(out: Path, secret_file: Path | None = None) -> bytes:
    """The secret of the term whose bundle is ``out``: kept there in ``term-secret.txt``.

    With ``secret_file`` the secret is read from it (and copied into ``out``, which must not
    hold another). Otherwise the one ``out`` holds is reused, or, on a term's first build, a
    new one (``secrets.token_bytes(32)``) is written there, in hex. The folder and the file are made
    readable by their owner only: on a shared server, other accounts read neither.

    Raises
    ------
    ValueError
        If ``secret_file`` and ``out`` hold two different secrets, or one is not a secret.
    FileNotFoundError
        If ``secret_file`` does not exist.

    """
    bank = load_bank()

    def read(path: Path) -> bytes:
        try:
            return bank.parse_secret(path.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError) as error:
            raise ValueError(f"{path}: {error}") from None

    kept = out / SECRET_FILE
    out.mkdir(parents=True, exist_ok=True)
    out.chmod(0o700)
    if secret_file is not None:
        if not secret_file.is_file():
            raise FileNotFoundError(
                f"--secret-file {secret_file}: no such file; pass the term-secret.txt of the "
                "term's first bundle"
            )
        secret = read(secret_file)
        if kept.is_file() and read(kept) != secret:
            raise ValueError(
                f"{kept} holds another term's secret than {secret_file}; build into another "
                "folder (-o), or remove that bundle first"
            )
    elif kept.is_file():
        return read(kept)
    else:
        secret = secrets.token_bytes(32)
    # Created owner-only, so the secret is never readable by others, not even for a moment.
    descriptor = os.open(kept, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(secret.hex() + "\n")
    kept.chmod(0o600)
    return secret


def term_seed(term: TermLike | None, part: str) -> int | None:
    """A stable 32-bit number for ``part`` (e.g. ``"a1"``) of ``term``, drawn from its secret,
    or None for the book's own example."""
    if term is None:
        return None
    return term.seed(part)


# Where each master draws its data, and what a term's variant puts there instead. Each pattern
# must occur in the master (checked), so a renamed line cannot silently keep the book's data.
# (The hidden inputs are not in the masters: the grader draws them from the term's numbers.)
VARIANT_LINES: dict[str, tuple[tuple[str, str], ...]] = {
    "a2-two-systems": (
        (
            "def collection_number(student_id, class_number=2026):",
            "def collection_number(student_id, class_number={seed}):",
        ),
    ),
}


def term_numbers(term: TermLike | None, stem: str) -> dict[str, int] | None:
    """The numbers a term draws for assignment ``stem`` from its secret: ``seed`` (the student
    notebook's data) and ``seed2`` (the grader's hidden inputs); None for the book's own."""
    if term is None:
        return None
    return {"seed": term_seed(term, stem), "seed2": term_seed(term, stem + "/hidden")}


def term_master(master: Path, term: TermLike | None, out: Path) -> Path:
    """Return ``master``, or a copy in ``out`` with its data drawn from ``term``'s secret."""
    if term is None:
        return master
    text = master.read_text(encoding="utf-8")
    numbers = term_numbers(term, master.stem) or {}
    for old, new in VARIANT_LINES.get(master.stem, ()):
        if old not in text:
            raise RuntimeError(f"{master.name} no longer has {old!r}; update VARIANT_LINES")
        text = text.replace(old, new.format(**numbers))
    out.mkdir(parents=True, exist_ok=True)
    copy = out / master.name
    copy.write_text(text, encoding="utf-8")
    return copy


OUTCOMES = MASTERS / "outcomes.yml"
WIDGET_TASKS = ROOT / "course" / "widget-tasks.yml"
GUIDE = ROOT / "book" / "instructor-guide.md"
TABLE_START = (
    "% The outcome table: built from the tags by `python tools/instructor.py --outcome-table`."
)
TABLE_END = "% End of the outcome table."


_METRICS = {"ndcg": "NDCG", "dcg": "DCG", "cg": "CG", "err": "ERR", "ap": "AP", "rr": "RR"}


def _goal_label(call: ast.Call) -> str:
    """A goal call of a notebook (``goals.at_least("ndcg", 0.8)``) as a few words."""
    kind = call.func.attr  # type: ignore[attr-defined]
    args = [ast.literal_eval(a) if isinstance(a, ast.Constant) else None for a in call.args]
    keywords = {
        k.arg: ast.literal_eval(k.value) for k in call.keywords if isinstance(k.value, ast.Constant)
    }
    metric = _METRICS.get(str(args[0]), str(args[0]))
    second = args[1] if len(args) > 1 else None
    if kind in ("falls_while_same", "rises_while_falls"):
        other = _METRICS.get(str(second), str(second))
        if "other_k" in keywords:
            other += f"@{keywords['other_k']}"
        verbs = ("falls", "stays") if kind == "falls_while_same" else ("rises", "falls")
        return f"{metric} {verbs[0]}, {other} {verbs[1]}"
    labels = {
        "best": f"best {metric}",
        "worst": f"worst {metric}",
        # A threshold computed in the notebook (not a literal) is the chapter's target.
        "at_least": f"{metric} ≥ {second if second is not None else 'target'}",
        "below": f"{metric} < {second if second is not None else 'target'}",
    }
    if kind not in labels:
        raise ValueError(f"no label for the widget goal goals.{kind}; add one to _goal_label")
    swaps = keywords.get("swaps")
    return labels[kind] + (f" in {swaps} swap{'s' * (swaps != 1)}" if swaps else "")


def widget_tasks() -> dict[str, list[str]]:
    """Each notebook's widget tasks, read from the goals its widget sets (``goal=...``).

    Returns notebook stem -> labels such as ``"ch. 4: NDCG ≥ 0.8"``, in the notebook's order.
    """
    tasks: dict[str, list[str]] = {}
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "code" or "goal=" not in cell.source:
                continue
            for node in ast.walk(ast.parse(cell.source)):
                for keyword in getattr(node, "keywords", []) if isinstance(node, ast.Call) else []:
                    if keyword.arg != "goal":
                        continue
                    calls = (
                        keyword.value.elts
                        if isinstance(keyword.value, ast.List)
                        else [keyword.value]
                    )
                    for call in calls:
                        label = f"ch. {int(path.name[:2])}: {_goal_label(call)}"
                        tasks.setdefault(path.stem, []).append(label)
    return tasks


def outcome_table() -> str:
    """The guide's table: each learning outcome and the quiz items, assignment questions and
    widget tasks tagged with it (``OUTCOMES`` in the quiz bank,
    ``course/assignments/outcomes.yml``, ``course/widget-tasks.yml``)."""
    import yaml

    text = GUIDE.read_text(encoding="utf-8")
    section = text.split("## Learning outcomes", 1)[1].split("\n## ", 1)[0]
    numbers = [int(n) for n in re.findall(r"^(\d+)\. ", section, re.M)]
    quiz: dict[int, list[str]] = {n: [] for n in numbers}
    for item in load_bank().questions():
        for outcome in item.outcomes:
            quiz[outcome].append(item.id)
    assignments: dict[int, list[str]] = {n: [] for n in numbers}
    short = {"a1-ndcg-from-scratch": "A1", "a2-two-systems": "A2"}
    for name, questions in yaml.safe_load(OUTCOMES.read_text(encoding="utf-8")).items():
        order = [q["name"] for q in question_order(MASTERS / f"{name}.ipynb")]
        for question, outcomes in questions.items():
            for outcome in outcomes:
                label = f"{short.get(name, name)} Q{order.index(question) + 1}"
                assignments[outcome].append(label)
    widgets: dict[int, list[str]] = {n: [] for n in numbers}
    tasks = widget_tasks()
    tags = yaml.safe_load(WIDGET_TASKS.read_text(encoding="utf-8"))
    if set(tags) != set(tasks):
        raise ValueError(
            f"{WIDGET_TASKS.name} must tag exactly the notebooks whose widget sets a goal: "
            f"untagged {sorted(set(tasks) - set(tags))}, no goal {sorted(set(tags) - set(tasks))}"
        )
    for stem, outcomes in tags.items():
        for outcome in outcomes:
            widgets[outcome] += tasks[stem]
    lines = [
        "| Outcome | Quiz items | Assignment questions | Widget tasks |",
        "|---|---|---|---|",
    ]
    for n in numbers:
        # A widget task's label may hold a comma ("DCG falls, CG stays"): tasks part by ";".
        cells = [", ".join(quiz[n]), ", ".join(assignments[n]), "; ".join(widgets[n])]
        cells = [cell or "-" for cell in cells]
        lines.append(f"| {n} | {' | '.join(cells)} |")
    return "\n".join([TABLE_START, *lines, TABLE_END])


def write_outcome_table() -> None:
    """Put the outcome table into the guide, in place of the one between the markers."""
    text = GUIDE.read_text(encoding="utf-8")
    if TABLE_START not in text:
        raise RuntimeError(f"{GUIDE} has no line {TABLE_START!r} to put the table after")
    before, rest = text.split(TABLE_START, 1)
    after = rest.split(TABLE_END, 1)[1]
    GUIDE.write_text(before + outcome_table() + after, encoding="utf-8")


def chapter_titles() -> dict[int, str]:
    """Chapter number -> title, read from the first heading of each ``notebooks/NN_*.ipynb``."""
    titles = {}
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        for cell in notebook.cells:
            if cell.cell_type == "markdown" and cell.source.startswith("# "):
                titles[int(path.name[:2])] = cell.source.splitlines()[0][2:].strip()
                break
    return titles


def question_points(master: Path) -> tuple[dict[str, float], dict[str, float]]:
    """Return (autograded, manual) points per question of an Otter master notebook."""
    import yaml

    autograded: dict[str, float] = {}
    manual: dict[str, float] = {}
    for cell in nbformat.read(master, as_version=4).cells:
        if cell.cell_type == "raw" and cell.source.startswith("# BEGIN QUESTION"):
            config = yaml.safe_load(cell.source.split("\n", 1)[1])
            target = manual if config.get("manual") else autograded
            target[config["name"]] = float(config["points"])
    return autograded, manual


def question_order(master: Path) -> list[dict]:
    """The master's questions in order: name, points, and whether graded by hand."""
    import yaml

    order = []
    for cell in nbformat.read(master, as_version=4).cells:
        if cell.cell_type == "raw" and cell.source.startswith("# BEGIN QUESTION"):
            config = yaml.safe_load(cell.source.split("\n", 1)[1])
            order.append(
                {
                    "name": config["name"],
                    "points": float(config["points"]),
                    "manual": bool(config.get("manual")),
                }
            )
    return order


def write_grading_notes(
    master: Path,
    autograder: Path,
    manual: dict[str, float],
    numbers: dict[str, int] | None = None,
) -> None:
    """Add the question order and the term's numbers to the autograder zip; write the
    hand-graded rubric and template.

    ``tools/grade.py`` reads the order so the grade table's columns follow the questions and the
    hand-graded points count in the total, and the numbers (the book's when None) from which
    ``tools/grade_checks.py`` draws the hidden inputs. For hand-graded questions it writes, next
    to the zip,
    ``NAME-rubric.md`` (from ``course/assignments/rubrics.yml``) and ``NAME-hand-graded.csv``,
    a template to fill in with one row per submission.
    """
    import yaml

    with zipfile.ZipFile(autograder, "a") as archive:
        archive.writestr(grade.QUESTIONS_FILE, json.dumps(question_order(master), indent=1))
        config = {
            "assignment": master.stem,
            "numbers": numbers or grade_checks.BOOK_NUMBERS[master.stem],
        }
        archive.writestr(grade_checks.GRADING_FILE, json.dumps(config, indent=1))
    if not manual:
        return
    rubrics = yaml.safe_load(RUBRICS.read_text(encoding="utf-8")).get(master.stem, {})
    lines = [f"# {master.stem}: questions graded by hand", ""]
    for name, points in manual.items():
        criteria = rubrics.get(name)
        if not criteria or len(criteria) != points:
            raise RuntimeError(
                f"{RUBRICS.name} needs {points:g} one-point criteria for {master.stem}'s "
                f"hand-graded question {name!r}, found {len(criteria or [])}"
            )
        lines += [f"## {name} ({points:g} points, one per criterion)", ""]
        lines += [f"{number}. {criterion}" for number, criterion in enumerate(criteria, 1)]
        lines.append("")
    folder = autograder.parent
    (folder / f"{master.stem}-rubric.md").write_text("\n".join(lines), encoding="utf-8")
    header = ["submission", *(f"{name} (/{points:g})" for name, points in manual.items())]
    (folder / f"{master.stem}-hand-graded.csv").write_text(
        ",".join(header + ["comment"]) + "\n", encoding="utf-8"
    )


SETUP = """\
# Setup: this notebook needs {names}. In the book's environment (`make lab` in a clone of the
# book) they are all there and this cell does nothing; in a plain Jupyter or on Colab it
# installs what is missing (run it first, then the rest).
import importlib
import importlib.util
import pathlib
import subprocess
import sys

_needs = {needs}
_missing = [pip for module, pip in _needs.items() if importlib.util.find_spec(module) is None]
_wheel = {wheel!r}
if "ndcg" in _needs and _wheel in _missing and not pathlib.Path(_wheel).exists():
    raise RuntimeError(
        f"This notebook needs the book's library: download {{_wheel}} from the book's website "
        "(the preface links it, under 'Run a chapter anywhere'), put it next to this notebook "
        "(on Colab: Files, Upload) and run this cell again."
    )
if _missing:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", *_missing], check=True)
    importlib.invalidate_caches()
"""


def setup_cell(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A first code cell that finds or installs what an assignment notebook imports.

    The pins are the book's own (``learner_downloads.requirements``); the library's wheel is
    named only where the notebook imports the library (A1 is written without it).
    """
    import learner_downloads

    wheel = learner_downloads.wheel_name()
    imported = {name.split(".")[0] for name in learner_downloads._imports(notebook)}
    needs = learner_downloads.requirements(notebook, wheel)
    if "ndcg" not in imported:
        needs.pop("ndcg")
    names = ", ".join(f"`{module}`" for module in needs)
    return nbformat.v4.new_code_cell(SETUP.format(names=names, needs=repr(needs), wheel=wheel))


def add_setup_cell(student: Path) -> None:
    """Put :func:`setup_cell` before the student notebook's first code cell (Otter's init)."""
    notebook = nbformat.read(student, as_version=4)
    first = next(i for i, cell in enumerate(notebook.cells) if cell.cell_type == "code")
    notebook.cells.insert(first, setup_cell(notebook))
    nbformat.write(notebook, student)


def build_assignment(
    master: Path,
    out: Path,
    *,
    run_tests: bool = True,
    numbers: dict[str, int] | None = None,
) -> AssignmentBuild:
    """Run ``otter assign`` on ``master`` into ``out`` and give the autograder a stable name.

    ``numbers`` are the term's (:func:`term_numbers`; the book's when None). With ``run_tests``
    Otter runs the solution against the public tests, and the grader grades the solution in its
    sandbox with the hidden checks: the build stops unless it scores full marks.
    """
    with warnings.catch_warnings():  # Otter's import trips traitlets' deprecation notice
        warnings.simplefilter("ignore", DeprecationWarning)
        from otter.assign import main as otter_assign  # imported here: Otter is slow to import

    name = master.stem
    if out.exists():
        shutil.rmtree(out)
    log = io.StringIO()
    try:
        # Otter's dependencies' deprecation notices (traitlets) are not about the assignment.
        with redirect_stdout(log), redirect_stderr(log), warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            otter_assign(str(master), str(out), no_pdfs=True, no_run_tests=not run_tests)
    except Exception as error:
        raise RuntimeError(f"otter assign failed for {master}:\n{log.getvalue()}") from error
    zips = sorted((out / "autograder").glob(f"{name}-autograder_*.zip"))
    if len(zips) != 1:
        raise RuntimeError(f"expected one autograder zip in {out / 'autograder'}, found {zips}")
    autograder = zips[0].rename(out / "autograder" / f"{name}-autograder.zip")
    points, manual = question_points(master)
    write_grading_notes(master, autograder, manual, numbers)
    add_setup_cell(out / "student" / f"{name}.ipynb")
    if run_tests:
        check_solution(out / "autograder" / f"{name}.ipynb", autograder)
    return AssignmentBuild(
        name,
        out / "student" / f"{name}.ipynb",
        out / "autograder" / f"{name}.ipynb",
        autograder,
        points,
        manual,
    )


def check_solution(solution: Path, autograder: Path) -> None:
    """Grade the solution notebook as a submission; raise unless it scores full marks."""
    if grade_sandbox.available():
        raise RuntimeError(f"cannot check {solution.name}: {grade_sandbox.available()}")
    row = grade.grade_notebook(solution, autograder)
    if row.total != row.max_total or row.error:
        raise RuntimeError(
            f"the solution {solution} scores {row.total:g} / {row.max_total:g} under its own "
            f"autograder: {row.error or row.feedback}"
        )


#: The grader and the modules it needs, copied into the bundle next to each other.
GRADER_FILES = ("grade.py", "grade_checks.py", "grade_sandbox.py", "grade_runner.py")


def write_quiz(out: Path, term: TermLike | None = None) -> int:
    """Write the quiz answer key and the student sheet for ``term`` (a ``bank.Term`` drawn from
    its secret, or None for the book's example); return the question count."""
    bank = load_bank()
    variant = bank.BOOK if term is None else term
    titles = chapter_titles()
    out.mkdir(parents=True, exist_ok=True)
    key = bank.answer_key_markdown(titles, variant)
    (out / "answer-key.md").write_text(key, encoding="utf-8")
    (out / "questions.md").write_text(bank.student_markdown(titles, variant), encoding="utf-8")
    records = [
        {
            "id": item.id,
            "chapter": item.chapter,
            "kind": item.kind,
            "prompt": item.text(variant),
            "data": item.values(variant),
            "options": list(item.choices(variant)),
            "answer": item.expected(variant),
            "rationale": item.why(variant),
        }
        for item in bank.questions()
    ]
    document = {
        "term": variant.name,
        "retrieved": list(variant.retrieved),
        "unretrieved": list(variant.unretrieved),
        "questions": records,
    }
    (out / "answer-key.json").write_text(json.dumps(document, indent=1), encoding="utf-8")
    (out / "quiz.gift.txt").write_text(bank.gift(variant), encoding="utf-8")
    (out / "quiz.qti.zip").write_bytes(quiz_export.qti_zip(bank, variant, titles))
    (out / "quiz.moodle.xml").write_bytes(quiz_export.moodle_xml(bank, variant))
    return len(records)


def write_exam(out: Path, term: TermLike | None = None) -> None:
    """Write the exam paper and its model answer for ``term`` (None: the book's edition)."""
    exam = load_exam()
    paper, answer = exam.render(exam.BOOK if term is None else exam.for_term(term))
    out.mkdir(parents=True, exist_ok=True)
    (out / "exam-paper.md").write_text(paper, encoding="utf-8")
    (out / "model-answer.md").write_text(answer, encoding="utf-8")


def _shown(out: Path) -> str:
    """``out`` as the instructor types it: relative to the repository when inside it."""
    out = out.resolve()
    return str(out.relative_to(ROOT)) if out.is_relative_to(ROOT) else str(out)


def _readme(
    builds: list[AssignmentBuild], n_questions: int, term: TermLike | None, out: Path = DEFAULT_OUT
) -> str:
    folder = _shown(out)
    if term is not None:
        variant = [
            f"This is the bundle of the term labelled `{term.name}`. Its numbers are drawn from",
            f"the secret in `{SECRET_FILE}` (this folder), not from the label: the data of every",
            "numeric quiz item, the order (and, for some, the form) of every choice item, A1's",
            "hidden cases, A2's collections and the exam's paper. The label is printed on what",
            "students get; the secret never is. Keep a copy of `term-secret.txt` somewhere safe",
            "(`make clean` deletes `_build/`): the same term's bundle, with the same questions,",
            "data and keys, is built again with",
            "",
            f"    make instructor COURSE_TERM={term.name} COURSE_SECRET=path/to/{SECRET_FILE}",
            "",
            f"(or `python tools/instructor.py --term {term.name} --secret-file ... -o {folder}`;",
            "in this folder the kept secret is reused without the option).",
        ]
    else:
        variant = [
            "This bundle uses the book's own example, which anyone can rebuild from the public",
            "sources: `make instructor COURSE_TERM=2027-spring` builds a term's, drawn from a",
            "secret of its own, into `_build/instructor-2027-spring/`.",
        ]
    lines = [
        "# Instructor bundle: Ranking, Measured",
        "",
        "Not for students: this folder holds answers. It is built by `make instructor` and is",
        "not part of the website. Keep it private: the sources are public, so a term's secrecy",
        "rests on its secret.",
        "",
        *variant,
        "",
        "Hand out only `quiz/questions.md` (or import the quiz into a learning platform), the",
        "student notebooks `assignments/NAME/student/NAME.ipynb` and, on the day,",
        "`exam/exam-paper.md`.",
        "",
        f"- `quiz/answer-key.md` (and `.json`): {n_questions} quiz questions with answers and",
        "  rationales; `quiz/questions.md`: the same questions without answers, to hand out.",
        "  The instructor guide of the book says which questions go with which session.",
        "  The same questions with their answers, to import into a learning platform:",
        "  `quiz/quiz.qti.zip` (QTI 1.2, for Canvas: Settings, Import Course Content, QTI .zip",
        "  file; one quiz per chapter), `quiz/quiz.moodle.xml` (Moodle's question bank, Import,",
        "  Moodle XML; one category per chapter) and `quiz/quiz.gift.txt` (Moodle's GIFT).",
        "  A numeric question states its decimals and accepts any answer within half a unit of",
        "  the last; short answers are essays to grade by hand (in QTI and GIFT their model",
        "  answer is the feedback students see after submitting; in Moodle XML it is the",
        "  grader's information only).",
        "- `assignments/NAME/student/NAME.ipynb`: the notebook to give students (public tests",
        "  only). Its first cell finds or installs what it needs (Otter-Grader; for A2 the",
        "  library's wheel from the book's website), so it runs in the book's lab, a plain",
        "  Jupyter or Colab.",
        "- `assignments/NAME/autograder/NAME.ipynb`: the solution;",
        "  `assignments/NAME/autograder/NAME-autograder.zip`: the autograder: the question",
        "  order and the numbers the hidden inputs are drawn from.",
        "- `grade.py`: grades a folder of submitted notebooks and writes a gradebook, no Docker:",
        "",
        f"      .venv/bin/python {folder}/grade.py \\",
        f"          {folder}/assignments/NAME/autograder/NAME-autograder.zip \\",
        "          SUBMISSIONS_FOLDER -o grades.csv",
        "",
        "  or `make grade AUTOGRADER=... SUBMISSIONS=...` from the repository. It needs",
        "  bubblewrap (`apt-get install bubblewrap`): each notebook runs in a sandbox with no",
        "  network, a read-only system, an unprivileged user, neither the hidden checks nor",
        "  (for A1) the library, and limits on time (`--time-limit`, 300 s per run unless set),",
        "  memory (`--memory-limit`, MiB) and processes; what its functions return on the",
        "  hidden inputs is marked outside the sandbox. Each question is marked on its own",
        "  (A1's `idcg` with a right `dcg`, and so on), so a mistake costs exactly its question.",
        "  Name the notebooks `STUDENTID_anything.ipynb` or put them in a folder per student",
        "  (`STUDENTID/anything.ipynb`). `grades.csv` is a gradebook for Canvas's or Moodle's",
        "  CSV import (the id in `SIS User ID`, one column with the total, `--column` to name",
        "  it as the course does); `grades-detail.csv` has each question's points, flags (a",
        "  notebook handed in twice), errors and feedback for every question lost.",
        "- `assignments/NAME/autograder/NAME-rubric.md` and `NAME-hand-graded.csv`: for an",
        "  assignment with questions graded by hand, the rubric and a marks file to fill in;",
        "  pass it with `--hand-graded` (`HAND_GRADED=...`) and the marks count in the total.",
        "  Its `submission` column names each notebook as the detail table does; a mark for a",
        "  name that matches no submission stops the grading with that name.",
        "- `exam/exam-paper.md`: the exam paper with its marks, to print for students;",
        "  `exam/model-answer.md`: its model answer and marking scheme, every figure computed",
        "  by the library from this paper's numbers.",
        "- `practice/sheet.md`: a practice sheet, problems of every skill the book's practice",
        "  boxes teach, to hand out; `practice/answers.md`: its answers with worked solutions",
        "  (for practice, not for marks: anyone can draw them again from the printed series).",
        "",
        "## Assignments",
        "",
    ]
    for build in builds:
        auto = ", ".join(f"{name} {points:g}" for name, points in build.points.items())
        lines.append(
            f"- **{build.name}**: autograded {sum(build.points.values()):g} points ({auto})"
        )
        if build.manual:
            manual = ", ".join(f"{name} {points:g}" for name, points in build.manual.items())
            lines.append(f"  and {sum(build.manual.values()):g} graded by hand ({manual}).")
    return "\n".join(lines) + "\n"


def build_bundle(
    out: Path = DEFAULT_OUT, *, run_tests: bool = True, term: TermLike | None = None
) -> list[AssignmentBuild]:
    """Build the whole instructor bundle into ``out``: ``term``'s variant (a ``bank.Term``
    drawn from its secret) if given, else the book's example."""
    out.mkdir(parents=True, exist_ok=True)
    n_questions = write_quiz(out / "quiz", term)
    with tempfile.TemporaryDirectory() as masters:  # a term's masters are not for the bundle
        builds = [
            build_assignment(
                term_master(master, term, Path(masters)),
                out / "assignments" / master.stem,
                run_tests=run_tests,
                numbers=term_numbers(term, master.stem),
            )
            for master in sorted(MASTERS.glob("*.ipynb"))
        ]
    for name in GRADER_FILES:
        shutil.copy2(ROOT / "tools" / name, out / name)
    # The exam: its question paper to print, its model answer and marking scheme kept here.
    if (out / "exam").exists():
        shutil.rmtree(out / "exam")
    write_exam(out / "exam", term)
    practice_sheet.write_practice_sheet(out / "practice", term)
    (out / "README.md").write_text(_readme(builds, n_questions, term, out), encoding="utf-8")
    return builds


#: A term's label: letters, digits, ``.-_``. It names the bundle's folder, the QTI package's
#: files and the learning platform's categories, where a space or a slash would break them.
LABEL = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


def term_output(label: str) -> Path:
    """The bundle folder of the term labelled ``label``: ``_build/instructor-LABEL``."""
    if not LABEL.fullmatch(label):
        raise ValueError(
            f"--term {label!r}: a term's label names its folder and the quiz's categories, so "
            "it is up to 64 letters, digits, '.', '-' and '_' (e.g. 2027-spring)"
        )
    return ROOT / "_build" / f"instructor-{label}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the instructor bundle.")
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        help="the bundle's folder (default _build/instructor, or _build/instructor-TERM)",
    )
    parser.add_argument(
        "--no-run-tests", action="store_true", help="skip checking each solution against its tests"
    )
    parser.add_argument(
        "--term",
        help=(
            "build this term's variant, labelled so on the sheets; its numbers come from the "
            f"secret in the bundle's {SECRET_FILE} (written on the first build)"
        ),
    )
    parser.add_argument(
        "--secret-file",
        type=Path,
        help=f"the term's secret, a {SECRET_FILE} kept from its first build (with --term)",
    )
    parser.add_argument(
        "--outcome-table", action="store_true", help="rewrite the guide's outcome table only"
    )
    args = parser.parse_args(argv)
    if args.outcome_table:
        write_outcome_table()
        print(f"outcome table written into {GUIDE}")
        return 0
    label = (args.term or "").strip()
    if args.secret_file is not None and not label:
        parser.error("--secret-file needs --term LABEL: a secret belongs to a term")
    term = None
    if label:
        try:
            output = args.output or term_output(label)
            term_output(label)  # checked with -o too: the exports name their files by it
        except ValueError as error:
            parser.error(str(error))
        fresh = not (output / SECRET_FILE).exists() and args.secret_file is None
        term = load_bank().Term.draw(label, term_secret(output, args.secret_file))
        if fresh:
            print(
                f"a new secret for the term {label} is in {output / SECRET_FILE}: keep a copy "
                "somewhere safe, it is what rebuilds this term's bundle"
            )
    else:
        output = args.output or DEFAULT_OUT
    builds = build_bundle(output, run_tests=not args.no_run_tests, term=term)
    for build in builds:
        print(f"{build.name}: {build.autograder.relative_to(output)}")
    print(f"instructor bundle: {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
