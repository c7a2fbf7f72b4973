"""ARCHITECTURE.md names only what exists, so the map cannot drift from the territory.

Every span in backticks that looks like a repository path must exist (a glob must match);
every ``ndcg.*`` name must be a module of ``src/ndcg`` or a name one defines; every test named
as ``tests/<file>.py::<function>`` must be defined there, and each row of the table of Python
and JavaScript pairs must name one; every other identifier in backticks must occur in a file
its row, item or paragraph names. Paths under ``js/`` are checked once that folder exists.
The README's map of the repository must name every top-level folder and link the document.
"""

from __future__ import annotations

import ast
import re
import subprocess
from functools import cache
from pathlib import Path

import pytest
from conftest import ROOT

DOC = ROOT / "ARCHITECTURE.md"
SRC = ROOT / "src"
#: Top-level folders that are the repository's: a span starting with one of them is a path.
#: ``js`` is listed whether or not it exists yet, so its paths are recognised (and skipped).
FOLDERS = {".ci", "bench", "book", "course", "js", "notebooks", "src", "tests", "tools"}
SPAN = re.compile(r"`([^`\n]+)`")
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
TEST_REF = re.compile(r"(tests/[\w/]+\.py)::(\w+)")


def spans(text: str) -> list[str]:
    return SPAN.findall(text)


def is_path(span: str) -> bool:
    """Whether a span names a file or folder of the repository (or a glob of them)."""
    span = span.split("::")[0]
    head = span.split("/")[0]
    if head in FOLDERS and "/" in span:
        return True
    return "/" not in span and " " not in span and (ROOT / span).is_file()


def deferred(span: str) -> bool:
    """A ``js/`` path before the browser code has moved there: checked once it has."""
    return span.startswith("js/") and not (ROOT / "js").is_dir()


def exists(span: str) -> bool:
    """Whether a path span names something: a file, a folder, or a glob that matches."""
    span = span.split("::")[0].rstrip("/")
    if any(c in span for c in "*?["):
        return any(ROOT.glob(span))
    return (ROOT / span).exists()


def files_of(span: str) -> list[Path]:
    """The source files a path span names: itself, a glob's matches, a folder's code."""
    span = span.split("::")[0].rstrip("/")
    if any(c in span for c in "*?["):
        return sorted(p for p in ROOT.glob(span) if p.is_file())
    path = ROOT / span
    if path.is_dir():
        return sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in (".py", ".js"))
    return [path] if path.is_file() else []


@cache
def defined_names(path: Path) -> frozenset[str]:
    """The names a Python module defines at its top level (functions, classes, assignments)."""
    tree = ast.parse(path.read_text("utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.ImportFrom):
            names.update(alias.asname or alias.name for alias in node.names)
    return frozenset(names)


def module_file(parts: list[str]) -> Path | None:
    """The file of module ``ndcg.<parts>``, or None."""
    base = SRC.joinpath(*parts)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def resolves(dotted: str) -> bool:
    """Whether ``ndcg.a.b.name`` is a module of the package, or a name its module defines."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        module = module_file(parts[:cut])
        if module is None:
            continue
        rest = parts[cut:]
        return not rest or (len(rest) == 1 and rest[0] in defined_names(module))
    return False


def blocks(text: str) -> list[str]:
    """The document's units of meaning: each table row, each list item, each paragraph."""
    out: list[str] = []
    current: list[str] = []
    for line in text.splitlines():
        starts = line.startswith(("|", "- ", "#")) or re.match(r"\d+\. ", line)
        if not line.strip() or starts:
            if current:
                out.append("\n".join(current))
            current = [line] if line.strip() else []
        else:
            current.append(line)
    if current:
        out.append("\n".join(current))
    return out


def pair_rows(text: str) -> list[str]:
    """The rows of the table under "Python and JavaScript pairs", without its header."""
    section = text.split("## Python and JavaScript pairs", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    return rows[2:]


def test_every_path_exists() -> None:
    text = DOC.read_text("utf-8")
    paths = [s for s in spans(text) if is_path(s)]
    assert len(paths) > 50, "the document names the files it describes"
    missing = [s for s in paths if not deferred(s) and not exists(s)]
    assert not missing, f"ARCHITECTURE.md names paths that do not exist: {missing}"


def test_every_ndcg_name_resolves() -> None:
    names = [s for s in spans(DOC.read_text("utf-8")) if re.fullmatch(r"ndcg(\.\w+)+", s)]
    assert len(names) > 5
    unknown = [name for name in names if not resolves(name)]
    assert not unknown, f"ARCHITECTURE.md names what src/ndcg does not define: {unknown}"


def test_every_named_test_exists_and_every_pair_names_one() -> None:
    text = DOC.read_text("utf-8")
    rows = pair_rows(text)
    assert len(rows) >= 10, "the table of pairs lost its rows"
    for row in rows:
        assert TEST_REF.search(row), f"a pair without the test that holds it: {row[:80]}"
    wrong = []
    for file, function in TEST_REF.findall(text):
        path = ROOT / file
        if not path.is_file() or function not in defined_names(path):
            wrong.append(f"{file}::{function}")
    assert not wrong, f"ARCHITECTURE.md names tests that do not exist: {wrong}"


def test_every_identifier_occurs_where_its_row_says() -> None:
    # `goalStatus` in a row that names js/arith.js must be in js/arith.js (or another file
    # the row names); a row that names no file, or a js/ file not yet moved, is not checked.
    unfound = []
    for block in blocks(DOC.read_text("utf-8")):
        found = spans(block)
        named = [s for s in found if is_path(s)]
        if not named or any(deferred(s) for s in named):
            continue
        texts = [p.read_text("utf-8", errors="replace") for s in named for p in files_of(s)]
        for span in found:
            if IDENTIFIER.fullmatch(span) and not any(
                re.search(rf"\b{re.escape(span)}\b", t) for t in texts
            ):
                unfound.append((span, block[:60]))
    assert not unfound, f"names not found in the files their row names: {unfound}"


def test_the_readme_maps_every_top_level_folder_and_links_the_document() -> None:
    try:
        listed = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("needs a git checkout to know the tracked folders")
    folders = {path.split("/")[0] for path in listed if "/" in path}
    readme = (ROOT / "README.md").read_text("utf-8")
    table = readme.split("## Where things are", 1)[1].split("\n## ", 1)[0]
    mapped = {
        span.split("/")[0]
        for line in table.splitlines()
        if line.startswith("| `")
        for span in spans(line.split("|")[1])
    }
    assert folders <= mapped, f"the README's map leaves out {sorted(folders - mapped)}"
    assert "(ARCHITECTURE.md)" in table, "the README's map links ARCHITECTURE.md"
