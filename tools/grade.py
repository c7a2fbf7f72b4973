"""Grade a folder of student notebooks with an assignment's autograder and write a grade table.

Usage (from the instructor bundle, or from the repository after `make instructor`)::

    python grade.py AUTOGRADER.zip SUBMISSIONS_DIR [-o grades.csv]

Every ``*.ipynb`` in SUBMISSIONS_DIR is run in a fresh kernel of the current Python (no Docker:
Otter-Grader's local grading), then the autograder's public and hidden tests are run against it.
The table has one row per notebook: the points of each autograded question, the total, the
points possible and the percentage. Questions graded by hand are not in the table; the
assignment's README in the bundle lists them. A notebook that cannot be graded at all gets a
row with its error and a total of 0, so no submission drops out of the table silently.

`make grade AUTOGRADER=... SUBMISSIONS=...` runs this from the repository.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
import warnings
from collections.abc import Sequence
from contextlib import redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class GradeRow:
    """One submission's grade."""

    submission: str
    scores: dict[str, float] = field(default_factory=dict)
    possible: dict[str, float] = field(default_factory=dict)
    error: str = ""

    @property
    def total(self) -> float:
        return float(sum(self.scores.values()))

    @property
    def max_total(self) -> float:
        return float(sum(self.possible.values()))


def grade_notebook(notebook: Path, autograder: Path) -> GradeRow:
    """Grade one notebook with Otter-Grader's local runner; never raises for a bad notebook."""
    with warnings.catch_warnings():  # Otter's import trips traitlets' deprecation notice
        warnings.simplefilter("ignore", DeprecationWarning)
        from otter.api import grade_submission  # imported here: Otter is slow to import

    row = GradeRow(notebook.name)
    try:
        # Otter's own deprecation notices (pandas, nbformat) are not about the submission.
        with redirect_stdout(io.StringIO()), warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            warnings.simplefilter("ignore", FutureWarning)
            results = grade_submission(str(notebook), str(autograder), quiet=True)
    except Exception as error:  # a broken submission must still get a row
        row.error = f"{type(error).__name__}: {error}"
        return row
    if results.catastrophic_error is not None:
        row.error = f"{type(results.catastrophic_error).__name__}: {results.catastrophic_error}"
    for name in results.test_files:
        row.scores[name] = float(results.get_score(name))
        row.possible[name] = float(results.get_result(name).possible)
    return row


def grade_folder(autograder: Path, submissions: Path) -> list[GradeRow]:
    """Grade every ``*.ipynb`` in ``submissions`` (sorted by name)."""
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
    return [grade_notebook(notebook, autograder) for notebook in notebooks]


def write_table(rows: Sequence[GradeRow], path: Path) -> None:
    """Write the grade table as CSV: submission, one column per question, total, percent."""
    questions: list[str] = []
    for row in rows:
        questions += [name for name in row.possible if name not in questions]
    possible = {
        name: max((row.possible[name] for row in rows if name in row.possible), default=0.0)
        for name in questions
    }
    max_total = sum(possible.values())
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            ["submission", *(f"{name} (/{possible[name]:g})" for name in questions)]
            + ["total", "possible", "percent", "error"]
        )
        for row in rows:
            percent = 100.0 * row.total / max_total if max_total else 0.0
            writer.writerow(
                [row.submission, *(f"{row.scores.get(name, 0.0):g}" for name in questions)]
                + [f"{row.total:g}", f"{max_total:g}", f"{percent:.1f}", row.error]
            )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("autograder", type=Path, help="the assignment's autograder .zip")
    parser.add_argument("submissions", type=Path, help="folder of student notebooks")
    parser.add_argument("-o", "--output", type=Path, default=Path("grades.csv"))
    args = parser.parse_args(argv)
    try:
        rows = grade_folder(args.autograder, args.submissions)
    except (FileNotFoundError, NotADirectoryError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    write_table(rows, args.output)
    for row in rows:
        note = f"  ({row.error})" if row.error else ""
        print(f"{row.submission}: {row.total:g} / {row.max_total:g}{note}")
    print(f"grade table: {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
