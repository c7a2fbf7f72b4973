"""Answers kept from students: nothing a student downloads or installs holds the quiz's answers
and rationales, the assignments' solutions or their hidden tests.

Every file is unpacked, however deep: the library's wheel built from ``src/`` (what a student
installs), and, when a built site is present, every file under its ``downloads/`` (the wheel,
``student-notebooks.zip`` and the wheel inside it).
"""

from __future__ import annotations

import io
import os
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from _course_secrets import secrets
from learner_downloads import build_wheel

ROOT = Path(__file__).resolve().parents[2]


SITES = [
    Path(os.environ.get("NDCG_SITE", ROOT / "_build" / "html")),
    Path("/work/main/_build/html"),
]


def unpacked(name: str, data: bytes) -> Iterator[tuple[str, str]]:
    """(path, text) of ``data`` and, for a zip or wheel, of every file inside it, recursively."""
    if zipfile.is_zipfile(io.BytesIO(data)):
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for member in archive.namelist():
                yield from unpacked(f"{name}!{member}", archive.read(member))
    else:
        yield name, " ".join(data.decode("utf-8", errors="replace").split())


def leaks(name: str, data: bytes) -> list[str]:
    """Every secret found in ``data`` (a file, a zip or a wheel), with where it was found."""
    found = []
    for path, text in unpacked(name, data):
        if Path(path.rsplit("!", 1)[-1]).name in {"quiz.py", "bank.py"}:
            found.append(f"{path}: the quiz bank itself")
        found += [f"{path}: {secret[:80]!r}" for secret in secrets() if secret in text]
    return found


def test_the_check_finds_a_secret_in_a_wheel_inside_a_zip():
    rationale = next(secret for secret in secrets() if secret.endswith("."))
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as wheel:
        wheel.writestr("ndcg/teaching/quiz.py", f'WHY = "{rationale}"')
    outer = io.BytesIO()
    with zipfile.ZipFile(outer, "w") as archive:
        archive.writestr("student/ndcg-0.1.0-py3-none-any.whl", inner.getvalue())
    found = leaks("student-notebooks.zip", outer.getvalue())
    assert len(found) == 2 and "quiz.py: the quiz bank itself" in found[0]


def test_the_installed_package_holds_no_answer(tmp_path):
    wheel = build_wheel(tmp_path)
    names = zipfile.ZipFile(wheel).namelist()
    assert any(name.startswith("ndcg/teaching/") for name in names)
    assert not leaks(wheel.name, wheel.read_bytes())


@pytest.mark.parametrize("site", SITES, ids=["this build", "main's build"])
def test_no_download_of_the_site_holds_an_answer(site):
    downloads = site / "downloads"
    if not downloads.is_dir():
        pytest.skip(f"no built site with downloads at {site}")
    files = [path for path in sorted(downloads.rglob("*")) if path.is_file()]
    assert files
    found = [leak for path in files for leak in leaks(path.name, path.read_bytes())]
    assert not found, found[:5]
