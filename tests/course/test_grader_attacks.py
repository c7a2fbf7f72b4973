"""The grader against submissions that try to fool it, stall it or outlive it.

Each assignment's folder of submissions is graded in one batch, as `make grade` does: the
reference, every classic mistake and every attack of a student who has the grader's source
and runs code in it. The assertions: the reference scores full marks; a classic mistake
costs exactly its question; every attack scores 0 on the questions it attacks, with the reason
where there is one; the batch's wall time is bounded by the limits; and nothing is written to
the gradebook, the detail table or the submissions after the batch returns.

The notebooks are generated here from the masters' solutions (small, no outputs); the limits
are small (10 s per sandboxed run) so the stalling attacks cost seconds, not minutes.
"""

from __future__ import annotations

import csv
import json
import re
import sys
import time
import zipfile
from pathlib import Path

import grade
import grade_checks
import grade_sandbox
import instructor
import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]


pytestmark = pytest.mark.skipif(
    bool(grade_sandbox.available()), reason=grade_sandbox.available() or "bwrap present"
)

MASTERS = {path.stem: path for path in sorted((ROOT / "course" / "assignments").glob("*.ipynb"))}
A1, A2 = "a1-ndcg-from-scratch", "a2-two-systems"
LIMIT = 10.0  # seconds per sandboxed run
MEMORY_MIB = 1024
# A term's numbers, not the book's: a notebook of the book's collection is last term's.
TERM = {A1: {"seed": 11, "seed2": 4242}, A2: {"seed": 90210, "seed2": 31337}}
MARKER = "4242.125"  # the argument of every `sleep` an attack leaves behind, to look for it

# ------------------------------------------------------------------------------ notebooks


def solution_cells(name: str, replace: dict[str, str] | None = None) -> list[str]:
    """The master's code cells as a student's finished notebook has them: solutions in,
    Otter's hidden markers out, each public test cell as Otter's ``grader.check``."""
    replace = replace or {}
    cells = [f"import otter\ngrader = otter.Notebook('{name}.ipynb')"]
    notebook = nbformat.read(MASTERS[name], as_version=4)
    question = None
    for cell in notebook.cells:
        if cell.cell_type == "raw" and cell.source.startswith("# BEGIN QUESTION"):
            question = cell.source.split("name:", 1)[1].split()[0]
        if cell.cell_type != "code":
            continue
        if cell.source.startswith("assert") or "_check = " in cell.source:
            cells.append(f"grader.check({question!r})")
            continue
        source = "\n".join(
            line for line in cell.source.splitlines() if "BEGIN SOLUTION" not in line
        )
        source = "\n".join(line for line in source.splitlines() if "END SOLUTION" not in line)
        lines = [line for line in source.splitlines() if line.strip() and line[0] != "#"]
        first = lines[0] if lines else ""
        for start, new in replace.items():
            if first.startswith(start):
                source = new
        cells.append(source)
    return cells


def write_notebook(path: Path, cells: list[str], metadata: bool = True) -> None:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in cells]
    if metadata:
        notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        for cell in notebook.cells:
            cell.metadata["otter"] = {"tests": []}
        nbformat.write(notebook, path)
    else:  # what a notebook whose metadata was lost looks like: cells and sources only
        document = {"cells": [{"cell_type": "code", "source": c} for c in cells]}
        path.write_text(json.dumps(document), encoding="utf-8")


ZEROS = """\
def dcg(relevance, k=None, gain="linear"):
    return 0.0


def idcg(pool, k=None, gain="linear"):
    return 0.0


def ndcg_at_k(relevance, pool, k=None, gain="linear"):
    return 0.0


def ndcg_from_scores(grades, scores, pool, k=None, gain="linear"):
    return 0.0
"""

# A daemon: double fork, new session, then `body`; the kernel's process returns at once.
DAEMON = """\
import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        {body}
        os._exit(0)
    os._exit(0)
"""


def daemon(body: str) -> str:
    return DAEMON.format(body=body.replace("\n", "\n        "))


# Classic mistakes of A1: (the function replaced, its new source, the question it costs).
MISTAKES_A1 = {
    "natural-log": (
        "def dcg(",
        "def dcg(relevance, k=None, gain='linear'):\n"
        "    grades = np.asarray(relevance, dtype=float)[:k]\n"
        "    gains = grades if gain == 'linear' else 2.0**grades - 1.0\n"
        "    return float(np.sum(gains / np.log(np.arange(2, grades.size + 2))))\n",
        "dcg",
    ),
    "return-inside-loop": (
        "def dcg(",
        "def dcg(relevance, k=None, gain='linear'):\n"
        "    total = 0.0\n"
        "    for i, g in enumerate(list(relevance)[:k]):\n"
        "        total += (g if gain == 'linear' else 2.0**g - 1.0) / np.log2(i + 2)\n"
        "        return total\n"
        "    return total\n",
        "dcg",
    ),
    "log2-i-discount": (
        "def dcg(",
        "def dcg(relevance, k=None, gain='linear'):\n"
        "    grades = np.asarray(relevance, dtype=float)[:k]\n"
        "    gains = grades if gain == 'linear' else 2.0**grades - 1.0\n"
        "    return float(np.sum(gains / np.log2(np.arange(1, grades.size + 1))))\n",
        "dcg",
    ),
    "sys-exit-in-dcg": (
        "def dcg(",
        "import sys\n\n\ndef dcg(relevance, k=None, gain='linear'):\n    sys.exit('done')\n",
        "dcg",
    ),
    "ideal-not-sorted": (
        "def idcg(",
        "def idcg(pool, k=None, gain='linear'):\n    return dcg(list(pool), k, gain)\n",
        "idcg",
    ),
    "ideal-from-top-k": (
        "def ndcg_at_k(",
        "def ndcg_at_k(relevance, pool, k=None, gain='linear'):\n"
        "    ideal = idcg(sorted(relevance[:k], reverse=True), k, gain)\n"
        "    return dcg(relevance, k, gain) / ideal if ideal > 0 else 0.0\n",
        "ndcg",
    ),
    "ascending-scores": (
        "def ndcg_from_scores(",
        "def ndcg_from_scores(grades, scores, pool, k=None, gain='linear'):\n"
        "    order = np.argsort(np.asarray(scores, dtype=float), kind='stable')\n"
        "    return ndcg_at_k(np.asarray(grades, dtype=float)[order], pool, k, gain)\n",
        "scores",
    ),
}

# Attacks on A1: the cells run before functions that score nothing (ZEROS) or borrow the
# library; each must score 0 everywhere.
ATTACKS_A1 = {
    "builtins-abs": "import builtins\nbuiltins.abs = lambda x: 0.0\n" + ZEROS,
    "otter-run-doctest": (
        "try:\n    import otter.test_files.ok_test as _t\n"
        "    _t.run_doctest = lambda *a, **k: (True, '')\nexcept Exception:\n    pass\n"
        "def dcg(relevance, k=None, gain='linear'):\n    return None\n"
        "idcg = ndcg_at_k = ndcg_from_scores = dcg\n"
    ),
    "pickle-dump": (
        "import pickle\n_dump = pickle.dump\n"
        "def _forged(obj, f, *a, **k):\n"
        "    return _dump({'dcg': 3, 'idcg': 2, 'ndcg': 3, 'scores': 2}, f, *a, **k)\n"
        "pickle.dump = _forged\n" + ZEROS
    ),
    "library-default-argument": (
        "import ndcg as _m\n"
        "def dcg(relevance, k=None, gain='linear', _impl=_m.dcg):\n"
        "    return _impl(relevance, k=k, gain=gain)\n"
        "def idcg(pool, k=None, gain='linear', _impl=_m.idcg):\n"
        "    return _impl(pool, k=k, gain=gain)\n"
    ),
    "library-closure": (
        "def _factory():\n    import ndcg\n    f = ndcg.dcg\n"
        "    def dcg(relevance, k=None, gain='linear'):\n"
        "        return f(relevance, k=k, gain=gain)\n    return dcg\n"
        "dcg = _factory()\n"
    ),
    "library-container": (
        "import importlib\n_lib = {'m': importlib.import_module('nd' + 'cg')}\n"
        "def dcg(relevance, k=None, gain='linear'):\n"
        "    return _lib['m'].dcg(relevance, k=k, gain=gain)\n"
    ),
    "library-from-sklearn": (
        "from sklearn.metrics import ndcg_score\n"
        "def dcg(relevance, k=None, gain='linear'):\n"
        "    return float(ndcg_score([relevance], [relevance]))\n"
    ),
    "read-hidden-tests": (
        "import json\n"
        "_job = json.load(open('/job/job.json'))\n"
        "_helpers = [c['inject'] for c in _job['calls']]\n"
        "def dcg(relevance, k=None, gain='linear'):\n"
        "    # The run that marks dcg holds no reference dcg to borrow.\n"
        "    for inject in _helpers:\n"
        "        if 'dcg' in inject:\n"
        "            scope = {}\n            exec(inject['dcg'], scope)\n"
        "            return scope['dcg'](relevance, k, gain)\n"
        "    return 0.0\n"
        "def idcg(pool, k=None, gain='linear'):\n"
        "    for inject in _helpers:\n"
        "        if 'idcg' in inject:\n"
        "            scope = {'dcg': dcg}\n            exec(inject['idcg'], scope)\n"
        "            return scope['idcg'](pool, k, gain)\n"
        "    return 0.0\n"
        "def ndcg_at_k(relevance, pool, k=None, gain='linear'):\n"
        "    for inject in _helpers:\n"
        "        if 'ndcg_at_k' in inject:\n"
        "            scope = {'dcg': dcg, 'idcg': idcg}\n"
        "            exec(inject['ndcg_at_k'], scope)\n"
        "            return scope['ndcg_at_k'](relevance, pool, k, gain)\n"
        "    return 0.0\n"
        "def ndcg_from_scores(grades, scores, pool, k=None, gain='linear'):\n    return 0.0\n"
    ),
    "daemon-forges-result": (
        daemon(
            "time.sleep(0.5)\n"
            'forged = b\'{"cells_done": true, "calls": {}, "variables": {}}\'\n'
            "for fd in range(3, 64):\n"
            "    try:\n        os.pwrite(fd, forged, 0)\n    except OSError:\n        pass\n"
            "print('a1-daemon-forges-result.ipynb: 10 / 10', flush=True)"
        )
        + ZEROS
    ),
    "daemon-edits-grades": (
        daemon(
            "time.sleep(2)\n"
            "import glob\n"
            "for path in glob.glob('/tmp/**/grades*.csv', recursive=True):\n"
            "    try:\n        open(path, 'a').write('forged,10\\n')\n    except OSError:\n"
            "        pass\n"
            f"os.execv('/usr/bin/sleep', ['sleep', '{MARKER}'])"
        )
        + ZEROS
    ),
    "daemon-holds-pipe": daemon(f"os.execv('/usr/bin/sleep', ['sleep', '{MARKER}'])") + ZEROS,
    "deadlock": (
        "import os, signal, threading\n"
        "for pid in (1, os.getppid()):\n"
        "    try:\n        os.kill(pid, signal.SIGSTOP)\n    except OSError:\n        pass\n"
        "threading.Event().wait()\n" + ZEROS
    ),
    "snoop-home-and-command-line": (
        "import glob, os\n_seen = []\n"
        "for path in ('/root', '/home', os.path.expanduser('~'), '/work', '/etc/shadow'):\n"
        "    try:\n        _seen.append((path, sorted(os.listdir(path))[:5]))\n"
        "    except OSError as e:\n        _seen.append((path, type(e).__name__))\n"
        "for cmdline in glob.glob('/proc/*/cmdline'):\n"
        "    try:\n        _seen.append(open(cmdline, 'rb').read().replace(b'\\0', b' ')[:80])\n"
        "    except OSError:\n        pass\n"
        "def dcg(relevance, k=None, gain='linear'):\n    return 'seen: ' + repr(_seen)\n"
    ),
    "os-exit": "import os\nos._exit(0)\n",
    "infinite-loop": "while True:\n    pass\n",
    "fork-bomb": (
        "import os\n_n = 0\nwhile True:\n    try:\n        os.fork()\n"
        "    except OSError:\n        _n += 1\n" + ZEROS
    ),
    "network": (
        "import socket, subprocess, sys\n_net = []\n"
        "for host in ('pypi.org', '1.1.1.1'):\n"
        "    try:\n        socket.create_connection((host, 443), timeout=2).close()\n"
        "        _net.append(host + ' reached')\n"
        "    except OSError as e:\n        _net.append(host + ' ' + type(e).__name__)\n"
        "def dcg(relevance, k=None, gain='linear'):\n    return 'net: ' + repr(_net)\n"
    ),
    "write-outside": (
        "import os\n_written = []\n"
        "for folder in ('/usr', '/job', '/packages', '/grader', '/', '/etc', '/proc/1',\n"
        "               '/tmp', os.path.expanduser('~')):\n"
        "    try:\n"
        "        open(os.path.join(folder, 'x.txt'), 'w').write('x')\n"
        "        _written.append(folder)\n"
        "    except OSError:\n        pass\n"
        "def dcg(relevance, k=None, gain='linear'):\n    return 'written: ' + repr(_written)\n"
    ),
    "prints-grader-output": (
        "import json\nprint('a1-prints-grader-output.ipynb: 10 / 10')\n"
        "print(json.dumps({'scores': {'dcg': 3, 'idcg': 2, 'ndcg': 3, 'scores': 2}}))\n" + ZEROS
    ),
    "forges-result-and-exits": (
        "import json, os\n"
        "_forged = {'cells_done': True, 'cells': [], 'variables': {},\n"
        "           'calls': {q: [{'value': 1.0}] * 54\n"
        "                     for q in ('dcg', 'idcg', 'ndcg', 'scores')}}\n"
        "for fd in range(3, 64):\n"
        "    try:\n        os.pwrite(fd, json.dumps(_forged).encode(), 0)\n"
        "    except OSError:\n        pass\n"
        "os._exit(0)\n"
    ),
    "huge-result": (
        # 54 cases of 30,000 numbers: past the 1 MiB the grader reads, and the file size limit.
        "def dcg(relevance, k=None, gain='linear'):\n    return [0.0] * 30_000\n"
        "idcg = ndcg_at_k = ndcg_from_scores = dcg\n"
    ),
    "always-equal-object": (
        "class _Any(float):\n    def __eq__(self, other):\n        return True\n"
        "    def __sub__(self, other):\n        return 0.0\n"
        "    def __float__(self):\n        return 0.0\n"
        "def dcg(relevance, k=None, gain='linear'):\n    return _Any(0.0)\n"
        "idcg = ndcg_at_k = ndcg_from_scores = dcg\n"
    ),
    # JSON integers have no bound: 10**400 comes back whole and no float holds it.
    "integer-too-large-for-a-float": (
        "def dcg(relevance, k=None, gain='linear'):\n    return -(10**400)\n"
        "idcg = ndcg_at_k = ndcg_from_scores = dcg\n"
    ),
    # A message UTF-8 cannot write, quoted in the feedback: no table was written for anyone.
    "lone-surrogate-message": ZEROS + "raise ValueError('\\ud800')\n",
    "patches-the-runner": (
        "import sys\n_runner = sys.modules['__main__']\n"
        "_runner.plain = lambda value, depth=0: 1.0\n"
        "_runner.record = lambda value: {'value': 1.0}\n" + ZEROS
    ),
}

# Attacks that are not about the score: the functions are right, so they keep their marks.
HARMLESS_A1 = {
    # 1.9 GiB under a 1 GiB limit: that cell fails with MemoryError, the rest runs.
    "huge-allocation": "_x = bytearray(1900 * 2**20)\n",
}


def a2_cells(
    replace: dict[str, str] | None = None,
    student_id: str = "s1234567",
    class_number: int | None = TERM[A2]["seed"],
) -> list[str]:
    cells = solution_cells(A2, replace)
    for number, source in enumerate(cells):
        if 'STUDENT_ID = ""' in source:
            source = source.replace('STUDENT_ID = ""', f"STUDENT_ID = {student_id!r}")
            if class_number is not None:
                source = source.replace("class_number=2026", f"class_number={class_number}")
            cells[number] = source
    return cells


DROPS_UNJUDGED = (
    "def per_query_ndcg(qrels, run, k=10, gain='linear'):\n"
    "    merged = run.merge(qrels, on=['query_id', 'doc_id'])  # drops unjudged documents\n"
    "    values = {}\n"
    "    for query, docs in merged.groupby('query_id'):\n"
    "        docs = docs.sort_values('score', ascending=False)\n"
    "        pool = qrels[qrels['query_id'] == query]['relevance'].to_numpy()\n"
    "        values[query] = ndcg.ndcg(docs['relevance'].to_numpy(), k=k, gain=gain, pool=pool)\n"
    "    return pd.Series(values).sort_index()\n"
)
RETRIEVED_IDEAL = (  # exhibit 2 on a collection: the ideal from the retrieved documents only
    "def per_query_ndcg(qrels, run, k=10, gain='linear'):\n"
    "    judged = qrels.set_index(['query_id', 'doc_id'])['relevance']\n"
    "    values = {}\n"
    "    for query, docs in run.groupby('query_id'):\n"
    "        docs = docs.sort_values('score', ascending=False)\n"
    "        ranked = judged.reindex(list(zip(docs['query_id'], docs['doc_id']))).fillna(0)\n"
    "        values[query] = ndcg.ndcg(ranked.to_numpy(), k=k, gain=gain)\n"
    "    return pd.Series(values).sort_index()\n"
)
TWO_GAINS = (  # exhibit 6: two reports, two gains
    "scores_a = per_query_ndcg(qrels, run_a, k=10, gain='exponential')\n"
    "scores_b = per_query_ndcg(qrels, run_b, k=10, gain='linear')\n"
    "mean_a = scores_a.mean()\n"
    "mean_b = scores_b.mean()\n"
)
STUB_PER_QUERY = (  # one line that returns a Series of the right shape, whatever it is asked
    "def per_query_ndcg(qrels, run, k=10, gain='linear'):\n"
    "    return pd.Series(0.5, index=sorted(run['query_id'].unique()))\n"
)
ALWAYS_B = (
    "def verdict_of(ci_low, ci_high):\n    return 'B'\n\n\nverdict = verdict_of(ci_low, ci_high)\n"
)

# A2: submission -> (cells, expected points per question in order, by hand left out).
A2_CASES = {
    "reference": (a2_cells(), [3, 2, 2, 1]),
    "drops-unjudged": (a2_cells({"def per_query_ndcg(": DROPS_UNJUDGED}), [0, 2, 2, 1]),
    "always-b": (a2_cells({"def verdict_of(": ALWAYS_B}), [3, 2, 2, 0]),
    # Question 2 is marked with the student's own per_query_ndcg too: no cascade.
    "retrieved-ideal": (a2_cells({"def per_query_ndcg(": RETRIEVED_IDEAL}), [0, 2, 2, 1]),
    "two-gains": (a2_cells({"scores_a = ": TWO_GAINS}), [3, 0, 2, 1]),
    # A stub vouches for no scores: its own answer counts only when it heeds k and gain.
    "stub-per-query": (a2_cells({"def per_query_ndcg(": STUB_PER_QUERY}), [0, 0, 2, 1]),
    # Last term's notebook: its collection is drawn from the book's class number.
    "last-terms-notebook": (a2_cells(class_number=None), [3, 0, 2, 1]),
    # A STUDENT_ID UTF-8 cannot encode, to hash: it stopped the batch before any mark.
    "lone-surrogate-student-id": (a2_cells() + ["STUDENT_ID = '\\ud800'"], [3, 0, 2, 1]),
    "run-doctest-all-none": (
        [
            "try:\n    import otter.test_files.ok_test as _t\n"
            "    _t.run_doctest = lambda *a, **k: (True, '')\nexcept Exception:\n    pass\n"
            "STUDENT_ID = 's1'\nper_query_ndcg = verdict_of = lambda *a, **k: None\n"
            "scores_a = scores_b = mean_a = mean_b = None\n"
            "mean_difference = p_value = ci_low = ci_high = verdict = None\n"
        ],
        [0, 0, 0, 0],
    ),
}


def autograder(folder: Path, name: str) -> Path:
    """An autograder zip as the bundle has it (questions and the term's numbers), no Otter."""
    path = folder / f"{name}-autograder.zip"
    zipfile.ZipFile(path, "w").close()
    _, manual = instructor.question_points(MASTERS[name])
    instructor.write_grading_notes(MASTERS[name], path, manual, TERM[name])
    return path


def _snapshot(paths: list[Path]) -> dict:
    return {str(p): (p.stat().st_mtime_ns, p.read_bytes()) for p in paths if p.is_file()}


def _leftovers() -> list[str]:
    """Processes an attack left running (they all run `sleep MARKER`)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if MARKER.encode() in cmdline.read_bytes():
                found.append(cmdline.parent.name)
        except OSError:
            pass
    return found


def grade_batch(tmp: Path, name: str, notebooks: dict[str, list[str]]) -> dict:
    """Write the notebooks and grade the folder in one batch; return rows and what it saw."""
    submissions = tmp / "submissions"
    submissions.mkdir()
    for label, cells in notebooks.items():
        write_notebook(submissions / f"{label}_{name[:2]}.ipynb", cells, label != "no-metadata")
    output = tmp / "out" / "grades.csv"
    zip_path = autograder(tmp, name)
    started = time.monotonic()
    code = grade.main(
        [str(zip_path), str(submissions), "-o", str(output), "--time-limit", f"{LIMIT:g}"]
        + ["--memory-limit", str(MEMORY_MIB), "--jobs", "2"]
    )
    seconds = time.monotonic() - started
    assert code == 0
    watched = [output, grade.detail_path(output), *submissions.rglob("*"), *tmp.rglob("*")]
    before = _snapshot(watched)
    listing = sorted(str(p) for p in tmp.rglob("*"))
    time.sleep(3.0)  # the daemons wake after 0.5 and 2 s: nothing of theirs may land
    after = _snapshot(watched)
    with grade.detail_path(output).open(encoding="utf-8", newline="") as handle:
        detail = list(csv.DictReader(handle))
    with output.open(encoding="utf-8", newline="") as handle:
        gradebook = list(csv.reader(handle))
    return {
        "rows": {row["student"]: row for row in detail},
        "gradebook": gradebook,
        "seconds": seconds,
        "changed": [p for p in before if before[p] != after.get(p)],
        "new": sorted(set(str(p) for p in tmp.rglob("*")) - set(listing)),
        "leftovers": _leftovers(),
        "runs": len(grade.assignment_checks(zip_path).runs()),
    }


def _points(row: dict) -> list[float]:
    """The autograded questions' points of a detail row, in question order."""
    return [float(value) for header, value in row.items() if re.search(r" \(/[\d.]+\)$", header)]


@pytest.fixture(scope="module")
def a1(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("a1")
    notebooks = {"reference": solution_cells(A1), "no-metadata": solution_cells(A1)}
    for label, (start, source, _) in MISTAKES_A1.items():
        notebooks[label] = solution_cells(A1, {start: source})
    for label, source in ATTACKS_A1.items():
        notebooks[label] = ["import numpy as np", source]
    for label, source in HARMLESS_A1.items():
        notebooks[label] = [source, *solution_cells(A1)]
    return grade_batch(tmp, A1, notebooks)


@pytest.fixture(scope="module")
def a2(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("a2")
    return grade_batch(tmp, A2, {label: cells for label, (cells, _) in A2_CASES.items()})


def test_reference_and_a_notebook_without_metadata_score_full_marks(a1):
    for label in ("reference", "no-metadata"):
        row = a1["rows"][label]
        assert _points(row) == [3, 2, 3, 2], row
        assert row["error"] == "" and row["feedback"] == ""


@pytest.mark.parametrize("label", sorted(MISTAKES_A1))
def test_a_classic_mistake_costs_exactly_its_question(a1, label):
    question = MISTAKES_A1[label][2]
    row = a1["rows"][label]
    want = {"dcg": 3, "idcg": 2, "ndcg": 3, "scores": 2}
    want[question] = 0
    assert _points(row) == list(want.values()), row
    assert row["feedback"].startswith(f"{question}: "), row["feedback"]


@pytest.mark.parametrize("label", sorted(ATTACKS_A1))
def test_an_attack_scores_nothing(a1, label):
    row = a1["rows"][label]
    assert _points(row) == [0, 0, 0, 0], row
    assert row["total"] == "0"


def test_the_attacks_say_why(a1):
    rows = a1["rows"]
    assert f"time limit of {LIMIT:g} s" in rows["infinite-loop"]["error"]
    assert f"time limit of {LIMIT:g} s" in rows["fork-bomb"]["error"]
    assert f"time limit of {LIMIT:g} s" in rows["deadlock"]["error"]
    assert "os._exit" in rows["os-exit"]["error"]
    assert "over 1 MiB" in rows["huge-result"]["error"], rows["huge-result"]
    # The library is not there to borrow, however it is held.
    for label in ("library-default-argument", "library-closure", "library-container"):
        assert "is not defined" in rows[label]["feedback"], rows[label]
    assert "is not defined" in rows["library-from-sklearn"]["feedback"]


# What a submission can see and do inside, asked from inside: each probe sets ``seen``.
PROBES = {
    "home and the instructor's folders": (
        "import os\nseen = []\n"
        "for path in ('/root', os.path.expanduser('~'), '/work', '/etc', os.getcwd()):\n"
        "    try:\n        seen.append([path, sorted(os.listdir(path))])\n"
        "    except OSError as e:\n        seen.append([path, type(e).__name__])\n",
        # /root is there, and locked, only when the interpreter lives under it (pyenv).
        [
            [
                "/root",
                "PermissionError" if sys.base_prefix.startswith("/root/") else "FileNotFoundError",
            ],
            ["/home/student", []],
            ["/work", "FileNotFoundError"],
            ["/etc", ["ld.so.cache"]],
            ["/home/student", []],
        ],
    ),
    "command lines": (
        "import glob\nseen = sorted({open(p, 'rb').read().split(b'\\0')[0].decode()\n"
        "                     for p in glob.glob('/proc/[0-9]*/cmdline')})\n",
        None,  # checked below: the interpreter and bwrap, nothing of the grader's
    ),
    "files besides the job, the runner and the packages": (
        "import os\nseen = []\n"
        "for top in ('/', '/job', '/grader', '/home', '/tmp'):\n"
        "    seen.append([top, sorted(os.listdir(top))])\n",
        [
            [
                "/",
                sorted(
                    {
                        "bin",
                        "dev",
                        "etc",
                        "grader",
                        "home",
                        "job",
                        "lib",
                        "lib64",
                        "packages",
                        "proc",
                        "sbin",
                        "tmp",
                        "usr",
                        Path(sys.base_prefix).resolve().parts[1],
                    }
                ),
            ],
            ["/job", ["job.json", "stubs"]],
            ["/grader", ["runner.py"]],
            ["/home", ["student"]],
            ["/tmp", []],
        ],
    ),
    "the network": (
        "import socket\nseen = []\n"
        "for host in ('pypi.org', '1.1.1.1'):\n"
        "    try:\n        socket.create_connection((host, 443), timeout=2).close()\n"
        "        seen.append('reached')\n"
        "    except OSError as e:\n        seen.append(type(e).__name__)\n",
        ["gaierror", "OSError"],
    ),
    "writing": (
        "import os\nseen = []\n"
        "for folder in ('/usr', '/job', '/packages', '/grader', '/', '/etc', '/tmp',\n"
        "               os.path.expanduser('~')):\n"
        "    try:\n"
        "        open(os.path.join(folder, 'x.txt'), 'w').write('x')\n"
        "        seen.append(folder)\n"
        "    except OSError:\n        pass\n",
        ["/tmp", "/home/student"],
    ),
    "who it is": ("import os\nseen = [os.getuid(), os.getgid(), os.getpid()]\n", None),
    # The system's and the interpreter's installed packages: on sys.path, a `sudo pip install
    # ndcg` or Debian's python3-sklearn would be there to import.
    "installed packages": (
        "import glob, os\nseen = []\n"
        "for top in ('/usr/lib', '/usr/local/lib', __import__('sys').base_prefix + '/lib'):\n"
        "    for folder in glob.glob(top + '/python3*/*-packages'):\n"
        "        seen += [folder] if os.listdir(folder) else []\n"
        "        try:\n            open(folder + '/ndcg.py', 'w').close()\n"
        "            seen.append('written')\n"
        "        except OSError:\n            pass\n",
        [],
    ),
    "the library": (
        "import importlib.util\nseen = importlib.util.find_spec('ndcg') is None\n",
        True,
    ),
}


@pytest.mark.parametrize("probe", sorted(PROBES))
def test_what_a_submission_sees_inside(probe):
    source, want = PROBES[probe]
    job = {"cells": [source], "calls": [], "variables": ["seen"]}
    packages = grade_sandbox.package_paths(("numpy",))
    outcome = grade_sandbox.run(job, packages, grade_sandbox.Limits(seconds=LIMIT))
    result, why = grade.parse_result(outcome.result)
    assert result is not None, (why, outcome.log)
    seen = result["variables"]["seen"]["value"]
    if probe == "who it is":
        assert seen == [65534, 65534, 1], seen  # nobody, the first of its own PID space
    elif probe == "command lines":
        assert sys.executable not in seen and not any("pytest" in c for c in seen), seen
        assert seen == [str(Path(sys.executable).resolve())], seen  # itself, nothing else
    else:
        assert seen == want


def test_harmless_attacks_keep_their_marks(a1):
    row = a1["rows"]["huge-allocation"]
    assert _points(row) == [3, 2, 3, 2] and row["error"] == "", row


def test_the_batch_is_bounded_by_the_limits_and_nothing_happens_after_it(a1, a2):
    for batch in (a1, a2):
        # Every run ends by the time limit (a run that holds a pipe or leaves a daemon too).
        assert batch["seconds"] <= len(batch["rows"]) * batch["runs"] * (LIMIT + 2)
        assert batch["changed"] == [] and batch["new"] == [], batch
        assert batch["leftovers"] == []
    # The three that stall cost one time limit each; the rest, seconds.
    stalled = sum(f"time limit of {LIMIT:g} s" in row["error"] for row in a1["rows"].values())
    assert stalled == 3
    assert a1["seconds"] < stalled * (LIMIT + 2) + len(a1["rows"]) * a1["runs"] * 5


@pytest.mark.parametrize("label", sorted(A2_CASES))
def test_a2_mistakes_and_attacks(a2, label):
    assert _points(a2["rows"][label]) == A2_CASES[label][1], a2["rows"][label]


def test_the_gradebook_has_a_student_id_and_a_total(a1):
    header, *rows = a1["gradebook"]
    assert header == [*grade.GRADEBOOK_COLUMNS, A1]
    by_id = {row[2]: row for row in rows}
    assert by_id["reference"][-1] == "10" and by_id["builtins-abs"][-1] == "0"
    assert len(rows) == len(a1["rows"])


def test_the_hidden_inputs_hold_no_answer():
    """No expected value goes into a run: the job is inputs, and helpers for other questions."""
    checks = grade_checks.checks_for(A1, TERM[A1])
    for run in checks.runs():
        job = json.dumps(run.job(["pass"], checks.helpers))
        (question,) = run.questions
        assert f"def {checks.FUNCTIONS[question][0]}(" not in job
        for _, want in checks._arguments(question)[:10]:
            assert repr(want) not in job or want in (0.0, 1.0)


def test_the_sandbox_is_gone_when_run_returns(tmp_path):
    """A daemon left by a run is killed with the run's PID namespace."""
    job = {
        "cells": [daemon(f"os.execv('/usr/bin/sleep', ['sleep', '{MARKER}'])")],
        "calls": [],
        "variables": [],
    }
    outcome = grade_sandbox.run(job, {}, grade_sandbox.Limits(seconds=LIMIT))
    assert not outcome.timed_out and _leftovers() == []
