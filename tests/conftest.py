"""Shared fixtures: the repository root, the built site, and optional reference data."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# NDCG_SITE lets a partial build elsewhere be tested; the default is what `make book` writes.
SITE = Path(os.environ.get("NDCG_SITE", ROOT / "_build" / "html"))
SHARED = ROOT.parent / "shared"


def trec_files(folder: Path, qrels: str, run: str) -> tuple[str, str]:
    """Write a qrels and a run file in trec_eval's formats; return their paths."""
    paths = folder / "qrels.txt", folder / "run.txt"
    for path, text in zip(paths, (qrels, run), strict=True):
        path.write_text(text)
    return str(paths[0]), str(paths[1])


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def site() -> Path:
    """The built website; `make test` builds it before pytest runs."""
    if os.environ.get("NDCG_WITHOUT_BOOK"):
        pytest.skip("reads the built book: `make test` runs it (`make test-lib` leaves it out)")
    if not (SITE / "index.html").exists():
        pytest.fail("the book is not built: run `make book` (or `make test`, which builds it)")
    return SITE
