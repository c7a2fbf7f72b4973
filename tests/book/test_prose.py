"""The prose of the book: every computed figure is inserted from code, and no text calls a
source a "seed".

A figure typed into a sentence goes stale the day the library or an example changes, and no
test notices. So every decimal with three or more places in a chapter's markdown, a figure's
alt text or a page of the book must come from a ``{glue:text}`` role, filled in by the build
from the cell that computed it; a short list of deliberately quoted figures is allowed, each
with its reason.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import pkgutil
import re
from pathlib import Path

import pytest
from _wording import source_sense_of_seed
from conftest import ROOT

import ndcg
import ndcg.teaching
import ndcg.trec
import ndcg.widgets

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
PAGES = sorted((ROOT / "book").glob("*.md"))

# A decimal figure with three or more places, not part of a longer number or a version.
FIGURE = re.compile(r"(?<![\w.])\d+\.\d{3,}(?!\w|\.\d)")
GLUE_ROLE = re.compile(r"\{glue(?::text|:any|)\}`([^`]*)`")

# Figures quoted on purpose, never computed: (file name, figure) -> why it is typed.
QUOTED = {
    (
        "04_ideal_dcg_and_ndcg.ipynb",
        "0.801",
    ): "the Scala post's printed NDCG, set beside the exact one",
    (
        "08_pitfalls.ipynb",
        "0.99958",
    ): "the course notebook's printed mean, set beside the exact one",
    ("08_pitfalls.ipynb", "6.861"): "the pandas notebook's printed DCG, set beside the exact one",
    ("07_many_queries.ipynb", "0.003"): "a hypothetical p-value in an exercise statement",
    ("07_many_queries.ipynb", "0.004"): "a hypothetical interval in an exercise statement",
    ("07_many_queries.ipynb", "0.031"): "a hypothetical interval in an exercise statement",
}


def _cells(path: Path) -> list[dict]:
    """The cells of a notebook, each with its source as one string."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        if isinstance(cell["source"], list):
            cell["source"] = "".join(cell["source"])
    return cells


def _prose(path: Path) -> list[str]:
    """The reader-facing text of a notebook (markdown and alt text) or of a page."""
    if path.suffix == ".md":
        return [path.read_text(encoding="utf-8")]
    texts = []
    for cell in _cells(path):
        if cell["cell_type"] == "markdown":
            texts.append(cell["source"])
        alt = cell.get("metadata", {}).get("mystnb", {}).get("image", {}).get("alt")
        if alt:
            texts.append(alt)
    return texts


def _typed_figures(text: str) -> list[str]:
    return FIGURE.findall(GLUE_ROLE.sub("", text))


def _glued_keys(path: Path) -> set[str]:
    """Keys a notebook glues: the first argument of every ``glue(...)`` call in its code."""
    keys = set()
    for cell in _cells(path):
        if cell["cell_type"] != "code":
            continue
        # IPython magics (%matplotlib) are not Python.
        lines = cell["source"].splitlines()
        source = "\n".join(line for line in lines if not line.startswith("%"))
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "glue":
                key = node.args[0]
                if isinstance(key, ast.Constant):
                    keys.add(key.value)
                elif isinstance(key, ast.JoinedStr):  # glue(f"name{k}", ...): keep the pattern
                    keys.add(re.sub(r"\{[^}]*\}", "*", ast.unparse(key)[2:-1]))
    return keys


def _matches(key: str, glued: set[str]) -> bool:
    return any(re.fullmatch(re.escape(g).replace(r"\*", ".+"), key) for g in glued)


@pytest.mark.parametrize("path", NOTEBOOKS + PAGES, ids=lambda p: p.name)
def test_no_computed_figure_is_typed_into_the_prose(path: Path) -> None:
    typed = [
        figure
        for text in _prose(path)
        for figure in _typed_figures(text)
        if (path.name, figure) not in QUOTED
    ]
    assert not typed, f"{path.name} types {typed}: glue them from the cell that computes them"


def test_every_quoted_figure_is_still_quoted() -> None:
    # An entry that no longer matches anything would silently widen the allow-list.
    for (name, figure), reason in QUOTED.items():
        texts = _prose(ROOT / "notebooks" / name)
        assert any(figure in _typed_figures(text) for text in texts), (name, figure, reason)


@pytest.mark.parametrize("path", NOTEBOOKS + PAGES, ids=lambda p: p.name)
def test_every_glue_role_names_a_glued_key(path: Path) -> None:
    for text in _prose(path):
        for content in GLUE_ROLE.findall(text):
            reference = content.rsplit(":", 1)[0] if content.count(":") % 2 else content
            if "::" in reference:
                document, key = reference.split("::")
                target = ROOT / document.lstrip("/")
                assert target.exists(), f"{path.name} glues from a missing {document}"
            else:
                target, key = path, reference
            assert target.suffix == ".ipynb", f"{path.name}: {content} names no notebook"
            assert _matches(key, _glued_keys(target)), f"{path.name}: {key!r} is never glued"


def test_the_figure_pattern_catches_typed_figures_only() -> None:
    text = "DCG is 6.861, {glue:text}`dcg6:.3f` and 0.98, version 1.9.1, 2^0.5 and 0.785."
    assert _typed_figures(text) == ["6.861", "0.785"]


# --- "seed" ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", NOTEBOOKS + PAGES, ids=lambda p: p.name)
def test_no_page_calls_a_source_a_seed(path: Path) -> None:
    texts = _prose(path)
    if path.suffix == ".ipynb":
        texts += [c["source"] for c in _cells(path) if c["cell_type"] == "code"]
    found = [phrase for text in texts for phrase in source_sense_of_seed(text)]
    assert not found, f"{path.name} says {found}"


def _modules() -> list[str]:
    names = ["ndcg"]
    for package in (ndcg, ndcg.trec, ndcg.teaching, ndcg.widgets):
        names += [
            f"{package.__name__}.{info.name}"
            for info in pkgutil.iter_modules(package.__path__)
            if not info.name.startswith("_") and info.name != "__main__"
        ]
    return sorted(set(names))


@pytest.mark.parametrize("name", _modules())
def test_no_public_name_or_docstring_calls_a_source_a_seed(name: str) -> None:
    module = importlib.import_module(name)
    found = source_sense_of_seed(module.__doc__ or "")
    for attribute, value in vars(module).items():
        if attribute.startswith("_") or getattr(value, "__module__", name) != name:
            continue
        assert "seed" not in attribute.lower(), f"{name}.{attribute} is named after a source"
        found += source_sense_of_seed(inspect.getdoc(value) or "")
        if inspect.isclass(value):
            for member in vars(value).values():
                found += source_sense_of_seed(inspect.getdoc(member) or "")
    assert not found, f"{name} says {found}"
