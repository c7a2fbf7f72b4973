"""The browser's trec_eval (``js/trec``) prints what ``python -m ndcg`` prints.

The JavaScript is driven in Node by ``tests/js/trec_cli.mjs``, which takes the command
line's argv, reads the files a chunk at a time as the page's worker does, and prints the
report and the messages; the same argv is given to :func:`ndcg.cli.main` in-process, and
stdout, stderr and the exit code must be equal, byte for byte:

* trec_eval's own test files with the option sets behind its expected outputs (both must
  also equal those files);
* random collections (ties, unjudged documents, negative grades, queries of one file
  only, ``-c``/``-J``/``-l``/``-q``, random ``-m`` sets with ``all_trec``, gain maps,
  identifiers beyond U+FFFF, whose order JavaScript's strings would get wrong; ``--json``);
* malformed files and options (the readers' table of ``tests/helpers/_trec_cases.py`` and the
  command line's tests): the same message, naming the same file and line.

Node runs once per test (``--batch``). ``NDCG_TREC_JS`` may name another folder of the
modules (a copy with the kernels, before they are merged).
"""

from __future__ import annotations

import bz2
import contextlib
import gzip
import io
import json
import os
import subprocess
import zipfile
from decimal import Decimal, localcontext
from pathlib import Path

import _trec_cases
import numpy as np
import pytest
from _node import NODE, needs_node, run_module
from conftest import SHARED
from trec_eval.test_conformance_reports import COMMANDS
from trec_eval.test_oracle_trec_eval import Collection, random_collection

from ndcg.cli import main as cli_main
from ndcg.widgets._registry import registry_json

ROOT = Path(__file__).resolve().parents[2]
MODULES = Path(os.environ.get("NDCG_TREC_JS", ROOT / "js" / "trec"))
RUNNER = ROOT / "tests" / "js" / "trec_cli.mjs"
CONFORMANCE = SHARED / "conformance" / "trec_eval"

pytestmark = [
    needs_node,
    pytest.mark.skipif(
        not (MODULES / "kernels.js").exists(), reason=f"the per-query kernels are not in {MODULES}"
    ),
]


def run_js(
    folder: Path, argvs: list[list[str]], chunk: int | None = None, text: bool = False
) -> list[dict]:
    """Run the Node runner on every argv at once: ``{code, stdout, stderr, error}`` each.

    ``error`` is the thrown error's ``{file, line}`` (``None`` when none was thrown).
    ``text``: the files are fed to the readers as decoded text (as the page feeds a pasted
    file), not as bytes.
    """
    registry = folder / "registry.json"
    registry.write_text(json.dumps(registry_json()))
    batch = folder / "argvs.json"
    batch.write_text(json.dumps(argvs))
    env = {"NDCG_REGISTRY": str(registry), "NDCG_TREC_JS": str(MODULES)}
    if chunk:
        env["NDCG_CHUNK"] = str(chunk)
    if text:
        env["NDCG_TEXT"] = "1"
    return json.loads(run_module(RUNNER, "--batch", str(batch), env=env))


def run_python(argv: list[str]) -> dict:
    """Run ``python -m ndcg`` in-process on one argv: ``{code, stdout, stderr}``."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main(argv)
    return {"code": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


#: The geometric means: the browser's log and exp round to the nearest double (logexp.js),
#: which the C library's miss for about 0.1% of arguments: a last bit that --json's 17
#: digits would show (%6.4f does not).
GEOMETRIC = ("gm_map", "gm_bpref")


def same_json(py: str, js: str) -> bool:
    """Whether two --json reports are equal, their geometric means to 14 decimals."""
    a, b = json.loads(py), json.loads(js)
    for report in (a, b):
        for name in GEOMETRIC:
            if name in report["all"]:
                report["all"][name] = round(report["all"][name], 14)
    return a == b and py.count("\n") == js.count("\n")


def compare(
    folder: Path, argvs: list[list[str]], chunk: int | None = None, text: bool = False
) -> tuple[int, list]:
    """Lines compared, and every argv whose outputs differ (with both outputs).

    Byte for byte, but for the geometric means of ``--json`` (:data:`GEOMETRIC`).
    """
    lines, differing = 0, []
    for argv, js in zip(argvs, run_js(folder, argvs, chunk, text), strict=True):
        py = run_python(argv)
        del js["error"]
        lines += py["stdout"].count("\n") + py["stderr"].count("\n")
        if "--json" in argv and js["stdout"] != py["stdout"]:
            js["stdout"] = py["stdout"] if same_json(py["stdout"], js["stdout"]) else js["stdout"]
        if (js["code"], js["stdout"], js["stderr"]) != (py["code"], py["stdout"], py["stderr"]):
            differing.append((argv, py, js))
    return lines, differing


@pytest.fixture(scope="module")
def conformance() -> Path:
    if not (CONFORMANCE / "out.test.aq").exists():
        pytest.skip(f"trec_eval conformance data not found at {CONFORMANCE}")
    return CONFORMANCE


def test_trec_eval_s_own_test_files_byte_for_byte(conformance, tmp_path):
    outputs = sorted(COMMANDS)
    argvs = [
        [str(conformance / a) if (conformance / a).is_file() else a for a in COMMANDS[name]]
        for name in outputs
    ]
    js_runs = run_js(tmp_path, argvs)
    for name, argv, js in zip(outputs, argvs, js_runs, strict=True):
        wanted = (conformance / name).read_text()
        py = run_python(argv)
        assert py["stdout"] == wanted
        assert js == {**py, "error": None}, name


# Identifiers beyond ASCII: U+FF5E sorts before U+1F600 by code point (as C's strcmp sorts
# UTF-8), after it by UTF-16 unit (a surrogate, 0xD83D, is below 0xFF5E).
WIDE_IDS = ("\uff5e", "\U0001f600", "\u00e9t\u00e9", "e\u0301", "z")


def with_wide_ids(c: Collection, rng: np.random.Generator) -> Collection:
    """Rename some documents and queries to identifiers beyond ASCII, and tie their scores."""
    names = {d: f"{rng.choice(WIDE_IDS)}{d}" for d in ("d1", "D1", "a", "A", "b")}
    queries = {q: f"{rng.choice(WIDE_IDS)}{q}" for q in list(c.judged)[::2]}
    judged = {queries.get(q, q): {names.get(d, d): g for d, g in docs.items()}
              for q, docs in c.judged.items()}  # fmt: skip
    ranked = {
        queries.get(q, q): {names.get(d, d): "1" for d in docs} for q, docs in c.ranked.items()
    }
    return Collection(judged, ranked, c.flags, c.level, c.measures, c.seed)


COLLECTIONS = 40


def collections() -> list[tuple[Collection, list[str]]]:
    """Random collections with extra options: gain maps, -q, wide ids, fixed measure sets."""
    out = []
    for case in range(COLLECTIONS):
        c = random_collection(2027, case)
        rng = np.random.default_rng([2027, case, 1])
        if case % 4 == 1:
            c = with_wide_ids(c, rng)
        extra: list[str] = []
        if case % 5 == 2:
            extra += ["--gain", str(rng.choice(["exponential", "1=3,2=9", "0=1,3=20"]))]
        if case % 7 == 3:
            c.measures.append("official")
        if case % 6 == 0:
            extra += ["-k", "3,1", "-k", "10"]
        if case % 3 == 1:
            extra.append("--json")
        out.append((c, extra))
    return out


def test_random_collections_byte_for_byte(tmp_path):
    argvs = []
    for n, (c, extra) in enumerate(collections()):
        qrels, run = tmp_path / f"c{n}.qrels", tmp_path / f"c{n}.run"
        qrels.write_text(c.qrels_text(), encoding="utf-8")
        run.write_text(c.run_text(), encoding="utf-8")
        argvs.append([*c.argv(), *extra, str(qrels), str(run)])
    # gm_bpref is 0.21875 but for rounding: the CLI prints 0.2187, Math.log and Math.exp 0.2188.
    tie = random_collection(99, 11)
    (tmp_path / "tie.qrels").write_text(tie.qrels_text())
    (tmp_path / "tie.run").write_text(tie.run_text())
    argvs.append([*tie.argv(), str(tmp_path / "tie.qrels"), str(tmp_path / "tie.run")])
    # A query left with no document by -J: interpolated precision is 0/0, printed -nan.
    nan_qrels, nan_run = tmp_path / "nan.qrels", tmp_path / "nan.run"
    nan_qrels.write_text("q1 0 a 1\nq2 0 b 1\n")
    nan_run.write_text("q1 Q0 x 1 1 r\nq2 Q0 b 1 1 r\n")
    argvs.append(["-J", "-q", "-m", "all_trec", str(nan_qrels), str(nan_run)])
    lines, differing = compare(tmp_path, argvs, chunk=7)  # chunks end mid-line, mid-character
    assert lines > 2000 and len(argvs) > 30
    assert not differing, differing[0]
    # As text (a pasted file), in chunks that end mid-line.
    assert compare(tmp_path, argvs[::3], chunk=5, text=True)[1] == []


def _good(folder: Path) -> tuple[str, str]:
    qrels, run = folder / "good.qrels", folder / "good.run"
    qrels.write_text("1 0 a 1\n1 0 b 0\nq 0 d 1\n")
    run.write_text("1 Q0 a 1 0.5 r\n1 Q0 b 2 0.25 r\n")
    return str(qrels), str(run)


def zipfile_bytes() -> bytes:
    """A qrels file zipped."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("qrels.txt", "1 0 a 1\n")
    return buffer.getvalue()


#: Files and options the command line refuses in its own tests, beside the readers' table.
REFUSED = [
    ("q1 0 D1\n", None, []),
    (None, "q1 Q0 D1 1 oops r\n", []),
    (None, "1 Q0 a 1 1 r\n1 Q0 b 2 1 r\n1 Q0 a 3 1 r\n", []),
    ("# c\nq1 0 a 1\nq1 0 a 0\n", "q1 Q0 a 1 1 r\n", []),
    ("q1 0 a 1\n", "# c\nq1 Q0 a 1 1 r\n\nq1 Q0 a 1 2 r\n", []),
    ("q1 0 a 1\n", "q2 Q0 a 1 1 r\n", []),
    (None, "", ["-c"]),
    (None, "# only a comment\n", ["-c"]),
    ("\n\n", None, []),
    (None, None, ["-l", "-3"]),
    (None, None, ["-l", "x"]),
    (None, None, ["-l", "99999999999999999999"]),
    (None, None, ["-m", "ndcg.1=3,1=5"]),
    (None, None, ["-m", "ndcg.a=3"]),
    (None, None, ["-m", "ndcg.1=3x"]),
    (None, None, ["-m", "ndcg.1=nan"]),
    (None, None, ["-m", "ndcg.-1=2"]),
    (None, None, ["-m", "ndcg.1=-1"]),
    (None, None, ["-m", "ndcg."]),
    (None, None, ["-m", "ndcg_cut.5,5"]),
    (None, None, ["-m", "ndcg_cut.5x"]),
    (None, None, ["-m", "ndcg_cut.5,"]),
    (None, None, ["-m", "ndcg_cut.0"]),
    (None, None, ["-m", "ndcg_cut.5", "-m", "ndcg_cut.10"]),
    (None, None, ["-m", "ndcg.1=3", "-m", "ndcg.1=4"]),
    (None, None, ["-m", "ndcg_p"]),
    (None, None, ["-m", "rbp.0.5"]),
    (None, None, ["-m", "P.5,5"]),
    (None, None, ["-m", "iprec_at_recall.0.2,.2"]),
    (None, None, ["-m", "relstring.3,4"]),
    (None, None, ["-m", "ndcg.1=1e400"]),
    # Typos in -m: each message names the value as typed and says how to write it.
    (None, None, ["-m", "ndcg_cut.10,", "-m", "map"]),
    (None, None, ["-m", "ndcg_cut.10,map"]),
    (None, None, ["-m", "map,P.10"]),
    (None, None, ["-m", "P.5,,10"]),
    (None, None, ["-m", ",map"]),
    (None, None, ["-m", "ndcg_cut.,5"]),
    (None, None, ["-m", "ndcg.1=3,2=9,"]),
    (None, None, ["-m", "official,"]),
    (None, None, ["-m", "ndcg_cut.x"]),
    (None, None, ["-m", "P.0"]),
    (None, None, ["-m", "ndcg_cut.99999999999999999999"]),
    (None, None, ["-m", "err"]),
    (None, None, ["-m", "ERR"]),
    (None, None, ["-m", "precision.10"]),
    (None, None, ["-m", "ap"]),
    (None, None, ["-m", "graded_rbp"]),
    (None, None, ["-m", "rbp_residual"]),
    (None, None, ["-m", "dcg"]),
    (None, None, ["-m", "ndcg_p"]),
    (None, None, ["-m", "MAP"]),
    (None, None, ["-m", "p.10"]),
    (None, None, ["-m", "rprec"]),
    (None, None, ["-m", "recip_rnak"]),
    (None, None, ["-m", "\U0001f600ndcg"]),
    (None, None, ["-m", "ndcg@10"]),
    (None, None, ["-m", "P@5"]),
    (None, None, ["-m", "mrr@10"]),
    (None, None, ["-m", "ndcg.10"]),
    (None, None, ["-m", "map.5"]),
    (None, None, ["-m", "all_trec.5"]),
    (None, None, ["-m", "utility.1,x"]),
    (None, None, ["-m", "set_F.1,2"]),
    (None, None, ["-m", "iprec_at_recall.0.2", "-m", "iprec_at_recall.0.4"]),
    (None, None, ["-k", "5,"]),
    (None, None, ["-k", "10", "-k", ",5,,10"]),
    (None, None, ["-k", ","]),
    (None, None, ["-m", "ndcg_cut.10 map"]),
    (None, None, ["-m", " ndcg_cut.10,\tmap,P.5 "]),
    (None, None, ["-m", "ndcg\u00a0map"]),
    (None, None, ["-k", " 5\t10"]),
    (None, None, ["-k", "5", "-k", "5"]),
    (None, None, ["-k", "x"]),
    (None, None, ["--gain", "quadratic"]),
    *((None, None, ["-m", f"utility.{given}"]) for given in ("1", "1,2", "1,2,3", "1,2,3,4,5")),
    (None, None, ["-m", "Rprec_mult.1e308"]),
    (None, None, ["-m", "iprec_at_recall.0.5,-10000"]),
    (None, None, ["-m", "set_F.-1"]),
    (None, None, ["-m", "relstring.2.5"]),
    (None, None, ["-m", "P." + "1" * 4400]),
    (None, None, ["-m", "P." + "0" * 4400]),
    (None, None, ["-l", "-" + "1" * 4400]),
    (None, None, ["-m", "ndcg." + "1" * 4400 + "=2"]),
    (None, None, ["--gain", "exponential", "-m", "ndcg.1=3"]),
    (None, None, ["--gain", "2=4", "-m", "map", "-m", "Rndcg.1=3"]),
    ("q1 0 a 1\nq2 0 b 1024\n", "q1 Q0 a 1 1 r\n", ["--gain", "exponential", "-m", "G"]),
    ("q1 0 a 1\nq2 0 b 1024\n", "q1 Q0 a 1 1 r\n", ["--gain", "exponential", "-m", "rbp"]),
    ("q1 0 a 1\nq2 0 b 1024\n", "q1 Q0 a 1 1 r\n", ["--gain", "exponential", "-m", "relstring"]),
    (None, None, ["-k", ""]),
    ("q1 0 a 2000\n", "q1 Q0 a 1 1 r\n", ["--gain", "exponential", "-m", "ndcg"]),
    ("q1 0 a 1\nq2 0 b 1024\n", "q1 Q0 a 1 1 r\n", ["--gain", "exponential", "-m", "P.5"]),
    ("q1 0 a 1\nq2 0 b 1024\n", "q1 Q0 a 1 1 r\n", ["--gain", "exponential", "-k", "5"]),
    ("q 0 d 1\n", "# c\nq Q0 d 1 1e999 r\n", ["-m", "bad.measure"]),  # options first
    (gzip.compress(b"1 0 a 1\n" + gzip.compress(b"x")), None, []),  # gzip in gzip
    (bz2.compress(b"1 0 a 1\n", 1), None, []),
    (zipfile_bytes(), None, []),
    ("1 0 a 1\n".encode("utf-16"), None, []),
    ("1 0 a 1\n".encode("utf-16-be"), None, []),
    (None, "1 Q0 a 1 0.5 r\n".encode("utf-16-le"), []),
    (b"1 0 a 1\n" * 3 + b"1 0 b\x00 1\n", None, []),
    (b"1 0 a 1\n1 0 b\xff 1\n1 0 c\x00 1\n", None, []),  # a NUL outranks bad UTF-8
    (b"1 0 a 1\n1 0 b\xc3", None, []),  # a character cut short by the end of the file
    (b"1 0 a 1\n1 0 \xed\xa0\x80 1\n", None, []),  # a surrogate is not UTF-8
    (b"1 0 a 1\n1 0 \xf4\x90\x80\x80 1\n", None, []),  # nor beyond U+10FFFF
    (b"BZh 0 \xc3\xa9 1\n", "BZh Q0 \xc3\xa9 1 1 r\n".encode(), ["-m", "num_q"]),  # text
]


def test_gain_reaches_the_graded_measures_as_the_cli_s_does(tmp_path):
    argvs = []
    for case in range(12):
        c = random_collection(3434, case)
        qrels, run = tmp_path / f"g{case}.qrels", tmp_path / f"g{case}.run"
        qrels.write_text(c.qrels_text() + "zz 0 big 1000000000\n", encoding="utf-8")
        run.write_text(c.run_text() + "zz Q0 big 1 1 r\n", encoding="utf-8")
        gain = ("exponential", "1=3,2=9", "0=1,3=20", "linear")[case % 4]
        measures = ["G", "ndcg_rel", "Rndcg", "rbp", "ndcg", "relstring"]
        if gain == "exponential":  # the grade of 10**9 would overflow it
            qrels.write_text(c.qrels_text(), encoding="utf-8")
        argvs.append([*c.flags, "-q", "--gain", gain, *(a for m in measures for a in ("-m", m)),
                      str(qrels), str(run)])  # fmt: skip
    lines, differing = compare(tmp_path, argvs)
    assert lines > 300 and not differing, differing[:1]


def test_gzip_files_read_as_the_text_they_hold(tmp_path):
    # The CLI unpacks a gzip file (known by its first bytes, whatever its name), as the page.
    c = random_collection(2027, 5)
    qrels, run = tmp_path / "gz.qrels", tmp_path / "gz"  # a name that says nothing
    qrels.write_bytes(gzip.compress(c.qrels_text().encode()))
    run.write_bytes(gzip.compress(c.run_text().encode() + b"# last comment\n"))
    argvs = [["-q", "-m", "all_trec", str(qrels), str(run)], ["-m", "runid", str(qrels), str(run)]]
    lines, differing = compare(tmp_path, argvs, chunk=5)
    assert lines > 100 and not differing, differing[:1]
    assert run_python(argvs[1])["stdout"] == f"{'runid':<22}\tall\trun\n"


def test_malformed_files_and_options_give_the_same_message(tmp_path):
    good_qrels, good_run = _good(tmp_path)
    argvs, where = [], []
    for case in _trec_cases.CASES:
        if case.error is None:
            continue
        path = str(case.write(tmp_path))
        argvs.append([path, good_run] if case.kind == "qrels" else [good_qrels, path])
        where.append(path)
    for n, (qrels, run, options) in enumerate(REFUSED):
        files = []
        for kind, text, good in (("qrels", qrels, good_qrels), ("run", run, good_run)):
            if text is None:
                files.append(good)
                continue
            path = tmp_path / f"refused{n}.{kind}"
            path.write_bytes(text if isinstance(text, bytes) else text.encode())
            files.append(str(path))
        argvs.append([*files, *options])
        where.append(None)
    argvs.append([good_qrels, str(tmp_path / "absent.run")])
    where.append(None)
    assert len(argvs) >= 50
    for argv, path, js in zip(argvs, where, run_js(tmp_path, argvs, chunk=3), strict=True):
        py = run_python(argv)
        assert py["code"] == 2 or {"num_q", "P.5", "relstring"} & set(argv), argv
        error = js.pop("error")
        assert js == py, argv
        if path is not None:  # the message names the file, then the line (or what it is)
            line = error["line"]
            assert error["file"] == path, error
            assert js["stderr"].startswith(f"ndcg: {path}{'' if line is None else f':{line}:'}")


#: Lines of a qrels file past the CLI's first 8 MiB block (14 to 16 bytes a line).
BIG = 700_000


def _big_qrels(folder: Path, name: str, bad: dict[int, str]) -> str:
    """A qrels file of about 10 MB, with the given (1-based) lines replaced."""
    lines = [f"q 0 d{n} 1\n" for n in range(1, BIG + 1)]
    for line, text in bad.items():
        lines[line - 1] = text
    path = folder / name
    path.write_bytes("".join(lines).encode("utf-8", "surrogateescape"))
    return str(path)


def test_errors_rank_within_the_cli_s_blocks_as_it_reads_them(tmp_path):
    # The CLI checks a block's bytes, then its field counts, then its numbers, one 8 MiB
    # block after another: an error of a lower rank in an earlier block comes first.
    _, good_run = _good(tmp_path)
    cases = {
        "field then NUL.qrels": {2: "q 0 short\n", BIG - 5: "q 0 x\0y 1\n"},
        "number then fields.qrels": {2: "q 0 a 1.5\n", BIG - 5: "q 0 b\n"},
        "UTF-8 then NUL.qrels": {10: "q 0 \udce9 1\n", BIG - 5: "q 0 x\0y 1\n"},
        "number then field, one block.qrels": {3: "q 0 a x\n", 5: "q 0 b\n"},
        "field then NUL, one block.qrels": {2: "q 0 short\n", 100: "q 0 x\0y 1\n"},
        "repeat then field.qrels": {BIG - 5: "q 0 d1 0\n", BIG - 3: "q 0 b\n"},
    }
    argvs = [[_big_qrels(tmp_path, name, bad), good_run] for name, bad in cases.items()]
    for argv, js in zip(argvs, run_js(tmp_path, argvs), strict=True):
        py = run_python(argv)
        assert py["code"] == 2
        js.pop("error")
        assert js == py, argv


FORMAT_SCRIPT = """
import { readFileSync } from "node:fs";
const { pyFloat } = await import(process.argv[1]);
const { fixedPoint } = await import(process.argv[5]);
const { pyRepr } = await import(process.argv[2]);
const { nearestExp, nearestLog } = await import(process.argv[4]);
const { numbers, texts, logs, exps } = JSON.parse(readFileSync(process.argv[3], "utf8"));
console.log(JSON.stringify({
  fixed4: numbers.map((x) => fixedPoint(x, 4)),
  fixed2: numbers.map((x) => fixedPoint(x, 2)),
  floats: numbers.map(pyFloat),
  reprs: texts.map(pyRepr),
  logs: logs.map(nearestLog),
  exps: exps.map(nearestExp),
}));
"""


def test_numbers_and_texts_are_shown_and_rounded_as_c_and_python_do(tmp_path):
    # %6.4f rounds the exact binary value half to even (JavaScript's toFixed rounds an exact
    # tie away from zero: 0.03125 is 0.0312 in C, 0.0313 in toFixed); repr is Python's.
    rng = np.random.default_rng(27)
    numbers = [
        *(k / 32 for k in range(-70, 70)),
        *(k / 20000 for k in range(0, 120)),
        *(k / 200 for k in range(0, 120)),
        *rng.random(200).tolist(),
        *(10.0 ** rng.integers(-12, 22, 60) * rng.random(60)).tolist(),
        -0.0, 0.0, 1e16, 1e-5, 1.5e-5, 123456789.125, 2.0**-30, 0.1 + 0.2,
    ]  # fmt: skip
    texts = ["a", "it's", "'\"", "tab\there", "\x1f", "\x7f", "\u00a0", "\u00e9", "\u200b",
             "\U0001f600", "\ud7ff", "\\", "\u2028", "\u0663", "\ufeff"]  # fmt: skip
    data = tmp_path / "values.json"
    logs = [1e-5, 0.21875, 1 / 3, 0.999999, 1.0000001, 1.0, 3.0, 1e300, 5e-324, 0.8398815210314088]
    logs += [a / b for b in range(1, 40) for a in range(1, b + 1)] + rng.random(300).tolist()
    exps = [-11.512925464970229, -2.260730822558209, 0.0, 1e-10, -1e-10, 700.0, -700.0]
    exps += rng.uniform(-11.6, 0.0, 300).tolist()
    data.write_text(json.dumps({"numbers": numbers, "texts": texts, "logs": logs, "exps": exps}))
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", FORMAT_SCRIPT,
         (MODULES / "options.js").as_uri(), (MODULES / "read.js").as_uri(), str(data),
         (MODULES / "logexp.js").as_uri(), (MODULES.parent / "decimals.js").as_uri()],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    shown = json.loads(done.stdout)
    assert shown["fixed4"] == [f"{x:.4f}" for x in numbers]
    assert shown["fixed2"] == [f"{x:.2f}" for x in numbers]
    assert shown["floats"] == [repr(x) for x in numbers]
    assert shown["reprs"] == [repr(t) for t in texts]
    # log and exp rounded to the nearest double (where V8's Math.log and Math.exp are not).
    with localcontext() as context:
        context.prec = 60
        assert shown["logs"] == [float(Decimal(x).ln()) for x in logs]
        assert shown["exps"] == [float(Decimal(x).exp()) for x in exps]


NEAREST_SCRIPT = """
import { readFileSync } from "node:fs";
const { nearestNames } = await import(process.argv[1]);
const { words, names } = JSON.parse(readFileSync(process.argv[2], "utf8"));
console.log(JSON.stringify(words.map((word) => nearestNames(word, names))));
"""


def typos(name: str, rng: np.random.Generator) -> list[str]:
    """A name with a letter dropped, doubled, swapped with the next or replaced, in any case."""
    out = [name.upper(), name.lower(), name + "s", "_" + name]
    for i in range(len(name)):
        letter = str(rng.choice(list("aeinoprst_.1")))
        out += [name[:i] + name[i + 1 :], name[:i] + name[i] + name[i:]]
        swapped = name[:i] + name[i + 1 : i + 2] + name[i] + name[i + 2 :]
        out += [name[:i] + letter + name[i + 1 :], swapped]
    return out


def test_the_nearest_names_are_difflib_s(tmp_path):
    # The page names the measures nearest to a typo as the command line does: difflib's
    # ratio, cutoff, ties (the larger name first) and count, on code points (an emoji too).
    from ndcg.cli import NAMES
    from ndcg.trec.nearest import nearest_names

    rng = np.random.default_rng(31)
    words = [w for name in NAMES for w in typos(name, rng)]
    letters = list("abcdegimnoprstuP_G\u00e9\U0001f600")
    words += ["".join(rng.choice(letters, rng.integers(0, 12))) for _ in range(500)]
    words += ["", "err", "ERR", "mrr", "ndcg_p", "rprec", "recip_rnak", "\U0001f600ndcg", "nDCG"]
    data = tmp_path / "words.json"
    data.write_text(json.dumps({"words": words, "names": list(NAMES)}))
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", NEAREST_SCRIPT, (MODULES / "nearest.js").as_uri(),
         str(data)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    wanted = [nearest_names(word, NAMES) for word in words]
    assert sum(len(w) > 1 for w in wanted) > 500  # ties and orders are exercised
    assert json.loads(done.stdout) == wanted
