"""Code sized for a reader: no Python function over 100 code lines, no Python file over 1,000.

A code line is one that is not blank, not a comment and not part of a docstring. Every ``.py``
file under ``src/``, ``tools/``, ``bench/``, ``course/`` and ``tests/`` is read with :mod:`ast`;
every function and method (nested ones too) is measured from its ``def`` line to its end
(a decorator's arguments, such as a test's table of cases, are data, not the function's code).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("src", "tools", "bench", "course", "tests")
MAX_FUNCTION = 100
MAX_FILE = 1000
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def python_files(root: Path = ROOT) -> list[Path]:
    """Every Python file of the measured folders, build output and installed packages aside."""
    skip = {"_build", "node_modules", ".venv", "__pycache__", ".ipynb_checkpoints"}
    return sorted(
        path
        for folder in FOLDERS
        for path in (root / folder).rglob("*.py")
        if not skip & set(path.relative_to(root).parts)
    )


def _docstring_lines(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, *FUNCTIONS)) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                lines.update(range(first.lineno, first.end_lineno + 1))
    return lines


def oversized(source: str, name: str) -> list[str]:
    """What in ``source`` (the text of file ``name``) is over the limits, one line each."""
    tree = ast.parse(source, filename=name)
    lines = source.splitlines()
    docstrings = _docstring_lines(tree)

    def code_lines(first: int, last: int) -> int:
        return sum(
            1
            for number in range(first, last + 1)
            if number not in docstrings
            and lines[number - 1].strip()
            and not lines[number - 1].lstrip().startswith("#")
        )

    found = []
    if len(lines) > MAX_FILE:
        found.append(f"{name}: {len(lines)} lines (at most {MAX_FILE})")
    for node in ast.walk(tree):
        if isinstance(node, FUNCTIONS):
            count = code_lines(node.lineno, node.end_lineno)
            if count > MAX_FUNCTION:
                found.append(
                    f"{name}:{node.lineno} {node.name}: {count} code lines (at most {MAX_FUNCTION})"
                )
    return found


def test_the_measure_counts_code_not_blank_comment_or_docstring():
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION - 1))
    fits = f'def f():\n    """Doc.\n\n    More.\n    """\n\n    # why\n{body}\n'
    assert oversized(fits, "fits.py") == []  # the def line and 99 assignments: 100
    over = fits + "    return x0\n"
    assert oversized(over, "over.py") == [f"over.py:1 f: 101 code lines (at most {MAX_FUNCTION})"]
    nested = "class A:\n    def g(self):\n        def h():\n" + "\n".join(
        f"            y{i} = {i}" for i in range(MAX_FUNCTION)
    )
    assert [line.split(" ")[1] for line in oversized(nested, "n.py")] == ["g:", "h:"]
    cases = "\n".join(f"    ({i},)," for i in range(2 * MAX_FUNCTION))
    table = f"@pytest.mark.parametrize('x', [\n{cases}\n])\ndef test_x(x):\n    assert x\n"
    assert oversized(table, "t.py") == []  # a table of cases is data
    assert oversized("x = 1\n" * (MAX_FILE + 1), "long.py") == [
        f"long.py: {MAX_FILE + 1} lines (at most {MAX_FILE})"
    ]


def test_every_function_and_file_fits():
    files = python_files()
    assert len(files) > 100, "the folders hold the project's Python files"
    found = [
        line
        for path in files
        for line in oversized(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert not found, "split these:\n" + "\n".join(found)
