"""Build the instructor bundle: quiz answer key, assignments with solutions and autograders.

`make instructor` runs this. It writes ``_build/instructor/``, a folder that is never part of
the website (the site is ``_build/html``, and no page links here):

- ``quiz/answer-key.md`` and ``quiz/answer-key.json``: every quiz question with its answer and
  rationale, numeric answers computed by the library now (``ndcg.teaching.quiz``);
  ``quiz/questions.md``: the same questions without answers, to hand out;
- ``assignments/NAME/``: for each master notebook in ``course/assignments/``, Otter-Grader's
  student notebook (public tests only), the solution notebook and the autograder ``.zip`` with
  the hidden tests, built by ``otter assign``;
- ``grade.py``: grades a folder of student notebooks and writes a grade table (no Docker);
- ``README.md``: what is where, and how to grade.
"""

from __future__ import annotations

import argparse
import io
import json
import shutil
import sys
import warnings
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
MASTERS = ROOT / "course" / "assignments"
DEFAULT_OUT = ROOT / "_build" / "instructor"


@dataclass(frozen=True)
class AssignmentBuild:
    """Paths of one assignment's built files."""

    name: str
    student: Path
    solution: Path
    autograder: Path
    points: dict[str, float]
    manual: dict[str, float]


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


def build_assignment(master: Path, out: Path, *, run_tests: bool = True) -> AssignmentBuild:
    """Run ``otter assign`` on ``master`` into ``out`` and give the autograder a stable name.

    With ``run_tests`` Otter also runs the solution against every test and stops if one fails.
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
    return AssignmentBuild(
        name,
        out / "student" / f"{name}.ipynb",
        out / "autograder" / f"{name}.ipynb",
        autograder,
        points,
        manual,
    )


def write_quiz(out: Path) -> int:
    """Write the quiz answer key and the student sheet; return the number of questions."""
    from ndcg.teaching import quiz

    titles = chapter_titles()
    out.mkdir(parents=True, exist_ok=True)
    (out / "answer-key.md").write_text(quiz.answer_key_markdown(titles), encoding="utf-8")
    (out / "questions.md").write_text(quiz.student_markdown(titles), encoding="utf-8")
    records = [
        {
            "id": item.id,
            "chapter": item.chapter,
            "kind": item.kind,
            "prompt": item.prompt,
            "options": list(item.options),
            "answer": item.expected(),
            "rationale": item.rationale,
        }
        for item in quiz.questions()
    ]
    (out / "answer-key.json").write_text(json.dumps(records, indent=1), encoding="utf-8")
    return len(records)


def _readme(builds: list[AssignmentBuild], n_questions: int) -> str:
    lines = [
        "# Instructor bundle: Ranking, Measured",
        "",
        "Not for students: this folder holds answers. It is built by `make instructor` and is",
        "not part of the website.",
        "",
        f"- `quiz/answer-key.md` (and `.json`): {n_questions} quiz questions with answers and",
        "  rationales; `quiz/questions.md`: the same questions without answers, to hand out.",
        "  The instructor guide of the book says which questions go with which session.",
        "- `assignments/NAME/student/NAME.ipynb`: the notebook to give students (public tests",
        "  only). Students need the book's environment (`make lab` or `make book`) and",
        "  Otter-Grader, which `make instructor` installs (requirements-dev.txt).",
        "- `assignments/NAME/autograder/NAME.ipynb`: the solution;",
        "  `assignments/NAME/autograder/NAME-autograder.zip`: the autograder, with the hidden",
        "  tests.",
        "- `grade.py`: grades a folder of submitted notebooks and writes a grade table, no Docker:",
        "",
        "      .venv/bin/python _build/instructor/grade.py \\",
        "          _build/instructor/assignments/NAME/autograder/NAME-autograder.zip \\",
        "          SUBMISSIONS_FOLDER -o grades.csv",
        "",
        "  or `make grade AUTOGRADER=... SUBMISSIONS=...` from the repository.",
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


def build_bundle(out: Path = DEFAULT_OUT, *, run_tests: bool = True) -> list[AssignmentBuild]:
    """Build the whole instructor bundle into ``out``; return the assignments built."""
    out.mkdir(parents=True, exist_ok=True)
    n_questions = write_quiz(out / "quiz")
    builds = [
        build_assignment(master, out / "assignments" / master.stem, run_tests=run_tests)
        for master in sorted(MASTERS.glob("*.ipynb"))
    ]
    shutil.copy2(ROOT / "tools" / "grade.py", out / "grade.py")
    (out / "README.md").write_text(_readme(builds, n_questions), encoding="utf-8")
    return builds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the instructor bundle.")
    parser.add_argument("-o", "--output", type=Path, default=DEFAULT_OUT)
    parser.add_argument(
        "--no-run-tests", action="store_true", help="skip checking each solution against its tests"
    )
    args = parser.parse_args(argv)
    builds = build_bundle(args.output, run_tests=not args.no_run_tests)
    for build in builds:
        print(f"{build.name}: {build.autograder.relative_to(args.output)}")
    print(f"instructor bundle: {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
