"""A term's bundle (tools/instructor.py --term, make instructor COURSE_TERM=...): its numbers
come from a secret kept in the bundle, never from the label printed on what students get.

Two terms' keys differ; a student who knows the label and builds the public sources with it
gets another key, other hidden cases, other data and another exam; the same secret rebuilds
the same bundle; nothing a student is handed holds the secret; and the terminal's TERM does
not choose the term.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import zipfile
from contextlib import redirect_stdout
from pathlib import Path

import grade_checks
import instructor
import nbformat
import pytest

from course.test_downloads_secrecy import unpacked

ROOT = Path(__file__).resolve().parents[2]


LABEL = "2027-spring"
A1, A2 = "a1-ndcg-from-scratch", "a2-two-systems"
# What a student is handed, relative to a bundle: the sheet, the notebooks, the exam paper,
# and the learning platform's exports (whose prompts and options students see).
STUDENT_FACING = (
    "quiz/questions.md",
    "quiz/quiz.gift.txt",
    "quiz/quiz.moodle.xml",
    "quiz/quiz.qti.zip",
    f"assignments/{A1}/student/{A1}.ipynb",
    f"assignments/{A2}/student/{A2}.ipynb",
    "exam/exam-paper.md",
)


def _build(out: Path, *extra: str) -> Path:
    with redirect_stdout(io.StringIO()):
        assert instructor.main(["--term", LABEL, "-o", str(out), "--no-run-tests", *extra]) == 0
    return out


@pytest.fixture(scope="module")
def bundles(tmp_path_factory) -> dict[str, Path]:
    """The term's bundle; another term's; the public sources built with the term's label (a
    student's guess); and the term rebuilt elsewhere from its kept secret."""
    root = tmp_path_factory.mktemp("terms")
    spring = _build(root / "spring")
    with redirect_stdout(io.StringIO()):
        instructor.main(["--term", "2027-fall", "-o", str(root / "fall"), "--no-run-tests"])
    guess = _build(root / "guess")
    again = _build(root / "again", "--secret-file", str(spring / instructor.SECRET_FILE))
    return {"spring": spring, "fall": root / "fall", "guess": guess, "again": again}


def _answers(bundle: Path) -> list:
    key = json.loads((bundle / "quiz" / "answer-key.json").read_text("utf-8"))
    return [(q["id"], q["prompt"], q["options"], q["answer"]) for q in key["questions"]]


def _grading(bundle: Path, name: str) -> dict:
    """What the autograder holds for the grader: the numbers its hidden inputs are drawn from."""
    autograder = bundle / "assignments" / name / "autograder" / f"{name}-autograder.zip"
    with zipfile.ZipFile(autograder) as archive:
        return json.loads(archive.read(grade_checks.GRADING_FILE))


def _seeds(bundle: Path) -> dict[str, list[str]]:
    """The numbers A1's hidden cases and A2's collections are drawn from, in a bundle."""
    student = nbformat.read(bundle / "assignments" / A2 / "student" / f"{A2}.ipynb", 4)
    code = "".join(cell.source for cell in student.cells if cell.cell_type == "code")
    return {
        "a1 hidden cases": [str(_grading(bundle, A1)["numbers"]["seed2"])],
        "a2 hidden collection": [str(_grading(bundle, A2)["numbers"]["seed2"])],
        "a2 class number": re.findall(r"class_number=(\d+)\):", code),
    }


def _exam(bundle: Path) -> str:
    return (bundle / "exam" / "model-answer.md").read_text("utf-8")


def test_two_terms_differ_everywhere(bundles):
    spring, fall = bundles["spring"], bundles["fall"]
    assert _answers(spring) != _answers(fall)
    for part, values in _seeds(spring).items():
        assert values and values != _seeds(fall)[part], part
    assert _exam(spring) != _exam(fall)


def test_the_label_without_the_secret_rebuilds_nothing(bundles):
    spring, guess = bundles["spring"], bundles["guess"]
    assert (guess / "quiz" / "questions.md").read_text("utf-8").count(LABEL) >= 1
    key, guessed = _answers(spring), _answers(guess)
    numeric = [i for i, q in enumerate(key) if isinstance(q[3], float)]
    # A coarse answer (a precision of 0.8) may meet the term's by chance, but only rarely.
    assert sum(key[i][3] == guessed[i][3] for i in numeric) <= 4
    choice = [i for i, q in enumerate(key) if q[2]]
    assert sum(key[i][2] == guessed[i][2] for i in choice) <= len(choice) // 2
    for part, values in _seeds(spring).items():
        assert values != _seeds(guess)[part], part
    assert _grading(spring, A1) != _grading(guess, A1)
    assert _exam(spring) != _exam(guess)


def test_the_kept_secret_rebuilds_the_same_term(bundles, tmp_path):
    spring, again = bundles["spring"], bundles["again"]
    assert _answers(spring) == _answers(again)
    assert _seeds(spring) == _seeds(again) and _exam(spring) == _exam(again)
    assert _grading(spring, A1) == _grading(again, A1)
    # A second build of the folder reuses its secret, and refuses another one.
    secret = (spring / instructor.SECRET_FILE).read_text("utf-8")
    assert re.fullmatch(r"[0-9a-f]{64}\n", secret)
    assert (spring / instructor.SECRET_FILE).stat().st_mode & 0o077 == 0
    assert spring.stat().st_mode & 0o077 == 0  # the bundle: its owner's only
    assert instructor.term_secret(spring) == bytes.fromhex(secret)
    other = tmp_path / "other.txt"
    other.write_text("ab" * 32, encoding="utf-8")
    with pytest.raises(ValueError, match="holds another term's secret"):
        instructor.term_secret(spring, other)
    with pytest.raises(FileNotFoundError, match="no such file"):
        instructor.term_secret(tmp_path / "new", tmp_path / "missing.txt")
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / instructor.SECRET_FILE).write_bytes(b"\xff" * 40)
    with pytest.raises(ValueError, match="broken/term-secret.txt"):
        instructor.term_secret(broken)
    # A copy with Windows line ends and no final newline still rebuilds the term.
    copied = tmp_path / "copied.txt"
    copied.write_bytes(secret.strip().upper().encode() + b"\r\n")
    assert instructor.term_secret(tmp_path / "elsewhere", copied) == bytes.fromhex(secret)


def _secret_forms(bundle: Path) -> list[str]:
    secret = (bundle / instructor.SECRET_FILE).read_text("utf-8").strip()
    raw = bytes.fromhex(secret)
    return [secret, secret.upper(), raw.decode("latin-1"), str(int.from_bytes(raw, "big"))]


def test_nothing_a_student_is_handed_holds_the_secret(bundles):
    for name in ("spring", "fall"):
        bundle = bundles[name]
        forms = _secret_forms(bundle)
        files = [p for p in sorted(bundle.rglob("*")) if p.is_file()]
        assert {str(p.relative_to(bundle)) for p in files} >= set(STUDENT_FACING)
        # What draws the hidden cases is not handed out either (A2's class number is: the
        # student's notebook draws its data from it).
        seeds = _seeds(bundle)
        hidden = seeds["a1 hidden cases"] + seeds["a2 hidden collection"]
        assert hidden
        for handed in STUDENT_FACING:
            texts = [text for _, text in unpacked(handed, (bundle / handed).read_bytes())]
            assert not [seed for seed in hidden for text in texts if seed in text], handed
        # Not in what students get, nor anywhere else in the bundle but its own file.
        for path in files:
            if path.name == instructor.SECRET_FILE:
                continue
            data = path.read_bytes()
            texts = [text for _, text in unpacked(path.name, data)]
            texts.append(data.decode("latin-1"))
            found = [form[:8] for form in forms for text in texts if form in text]
            assert not found, f"{path.relative_to(bundle)} holds the term's secret"


def test_the_site_downloads_hold_no_terms_secret():
    # The site is built without any term; no secret of a bundle on this machine reaches it.
    site = Path(os.environ.get("NDCG_SITE", ROOT / "_build" / "html")) / "downloads"
    kept = sorted((ROOT / "_build").glob(f"instructor-*/{instructor.SECRET_FILE}"))
    if not site.is_dir() or not kept:
        pytest.skip("needs a built site and a term's bundle on this machine")
    forms = [form for path in kept for form in _secret_forms(path.parent)]
    for path in (p for p in site.rglob("*") if p.is_file()):
        for _, text in unpacked(path.name, path.read_bytes()):
            assert not any(form in text for form in forms), path


def _make_line(env: dict[str, str], *args: str) -> str:
    """The command `make instructor` would run, without running it (a dry run)."""
    result = subprocess.run(
        ["make", "-s", "-n", "-o", ".venv/.stamp-dev", "instructor", *args],
        cwd=ROOT,
        env={"PATH": os.environ["PATH"], **env},
        capture_output=True,
        text=True,
        check=True,
    )
    lines = [line for line in result.stdout.splitlines() if "tools/instructor.py" in line]
    assert len(lines) == 1, result.stdout
    return " ".join(lines[0].split())


def test_the_terminals_term_does_not_choose_the_term():
    plain = _make_line({})
    assert plain.endswith("tools/instructor.py")  # the documented default: _build/instructor
    assert _make_line({"TERM": "xterm-256color"}) == plain
    assert _make_line({"TERM": "xterm-256color"}, "TERM=dumb") == plain
    chosen = _make_line({"TERM": "xterm-256color", "COURSE_TERM": LABEL})
    assert chosen.endswith(f'tools/instructor.py --term "{LABEL}"')
    kept = _make_line({}, f"COURSE_TERM={LABEL}", "COURSE_SECRET=keep/term-secret.txt")
    assert kept.endswith(f'--term "{LABEL}" --secret-file "keep/term-secret.txt"')
    # And the tool reads no environment variable: its folder follows the label only.
    assert instructor.term_output(LABEL) == ROOT / "_build" / f"instructor-{LABEL}"
    for label in ("../x", "2027 spring", "a/b", "x" * 65):
        with pytest.raises(ValueError, match="letters, digits"):
            instructor.term_output(label)
        with pytest.raises(SystemExit), redirect_stdout(io.StringIO()):
            instructor.main(["--term", label, "-o", "/nonexistent/never-built"])


def test_the_guides_commands_point_at_the_folder_built(bundles):
    guide = (ROOT / "book" / "instructor-guide.md").read_text("utf-8")
    label = re.search(r"^make instructor COURSE_TERM=(\S+)$", guide, re.M).group(1)
    folder = instructor.term_output(label).relative_to(ROOT).as_posix()
    grade = re.search(r"^make grade AUTOGRADER=(\S+) SUBMISSIONS=", guide, re.M).group(1)
    assert grade.startswith(folder + "/"), (grade, folder)
    # What follows the folder is a file every term's bundle holds.
    assert (bundles["spring"] / grade.removeprefix(folder + "/")).is_file()
    rebuild = f"make instructor COURSE_TERM={label} COURSE_SECRET="
    assert rebuild in guide and rebuild in (bundles["spring"] / "README.md").read_text("utf-8")
    # The bundle's own README grades with the bundle's own files.
    readme = (bundles["spring"] / "README.md").read_text("utf-8")
    command = re.search(r"python (\S+)/grade\.py \\\n\s+(\S+) \\", readme)
    assert Path(command.group(1)) == bundles["spring"].resolve()
    zipped = command.group(2).replace("NAME", A1)
    assert Path(zipped).is_file()
