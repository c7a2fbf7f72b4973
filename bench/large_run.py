"""Time and peak memory of the command line on a large TREC run, beside its peers.

Writes (once, into ``bench/results/large_run/``, which git ignores) a run of 5,000,000
lines, about 224 MB: 5,000 queries x 1,000 retrieved documents drawn from a collection
of 2,000,000, plus qrels of 100 judged documents per query (half of them retrieved).
Then each contender reads both files and prints NDCG in a fresh process, whose wall
time, CPU time (user + system: steadier than wall time on a shared machine) and peak
resident memory (``ru_maxrss``, all from ``os.wait4``) are reported:

- ``python -m ndcg QRELS RUN -m ndcg`` (this library's command line);
- pytrec_eval: its own ``parse_qrel``/``parse_run``, then ``RelevanceEvaluator``;
- trec_eval itself, only if a binary is named by the ``TREC_EVAL`` environment
  variable or found on ``PATH`` (it is not built here).

The means printed by every contender must agree (4 decimals as trec_eval prints them;
1e-12 between this library and pytrec_eval). Targets, from a trec_eval 10.0 measured
on this file: the command line at most 8.4 s and at most 2 x 469 MB.

Run with ``python -m bench`` (all benchmarks) or ``python -m bench.large_run``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

FOLDER = Path(__file__).resolve().parent / "results" / "large_run"
N_QUERIES = 5_000
DEPTH = 1_000
COLLECTION = 2_000_000
JUDGED = 100
SEED = 20250
#: trec_eval 10.0 on this file (see the module docstring).
TARGET_SECONDS = 8.4
TARGET_BYTES = 2 * 469 * 2**20
#: Lines written per block (bounded memory while generating).
BLOCK = 250_000

PYTREC_SCRIPT = """
import json, sys
import numpy as np
import pytrec_eval
with open(sys.argv[1]) as f:
    qrels = pytrec_eval.parse_qrel(f)
with open(sys.argv[2]) as f:
    run = pytrec_eval.parse_run(f)
result = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg"}).evaluate(run)
print(json.dumps({"all": {"ndcg": float(np.mean([v["ndcg"] for v in result.values()]))}}))
"""


def _digits(values: np.ndarray, width: int) -> np.ndarray:
    """ASCII digits of non-negative integers, zero-padded to ``width`` (one row each)."""
    powers = 10 ** np.arange(width - 1, -1, -1, dtype=np.int64)
    return ((values[:, None] // powers) % 10 + ord("0")).astype(np.uint8)


def _text(*fields: np.ndarray | bytes, rows: int) -> bytes:
    """Join fixed-width byte fields (arrays of rows, or constants) into lines."""
    columns = [
        np.tile(np.frombuffer(f, dtype=np.uint8), (rows, 1)) if isinstance(f, bytes) else f
        for f in fields
    ]
    return np.hstack(columns).tobytes()


def _lines(
    queries: np.ndarray, middle: bytes, docs: np.ndarray, rest: tuple[np.ndarray | bytes, ...]
) -> bytes:
    """Lines ``QQQQ<middle>DDDDDDDDD<rest>``, one per document of each query's row."""
    per_query = docs.shape[1]
    first = (_digits(np.repeat(1000 + queries, per_query), 4), middle, _digits(docs.ravel(), 9))
    return _text(*first, *rest, rows=docs.size)


def make_files(folder: Path = FOLDER) -> tuple[Path, Path]:
    """Write the run and qrels (unless already there) and return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    run_path, qrels_path = folder / "run.txt", folder / "qrels.txt"
    if run_path.exists() and qrels_path.exists():
        return qrels_path, run_path
    rng = np.random.default_rng(SEED)
    # Line: "QQQQ Q0 clwDDDDDDDDD RRRR 0.SSSSSS bench_run\n" = 45 bytes.
    with open(run_path.with_suffix(".tmp"), "wb") as run_file, open(qrels_path, "wb") as qrels:
        per_block = BLOCK // DEPTH
        for first in range(0, N_QUERIES, per_block):
            queries = np.arange(first, min(first + per_block, N_QUERIES))
            docs = rng.integers(0, COLLECTION, (queries.size, DEPTH))
            # Distinct documents per query: a repeat is shifted to a fresh number.
            docs = np.sort(docs, axis=1) + np.arange(DEPTH)
            docs = rng.permuted(docs, axis=1)
            # Distinct scores (no ties), highest first: every tie rule gives one answer.
            # Six decimals, because pytrec_eval holds scores as 32-bit floats: finer
            # steps would tie there and nowhere else.
            ticks = np.sort(rng.integers(0, 10**6 - DEPTH, (queries.size, DEPTH)), axis=1)
            scores = (ticks + np.arange(DEPTH))[:, ::-1]
            ranks = np.tile(np.arange(1, DEPTH + 1), queries.size)
            run_file.write(
                _lines(
                    queries,
                    b" Q0 clw",
                    docs,
                    (b" ", _digits(ranks, 4), b" 0.", _digits(scores.ravel(), 6), b" bench_run\n"),
                )
            )
            unretrieved = rng.integers(0, COLLECTION, (queries.size, JUDGED // 2))
            unretrieved = COLLECTION + DEPTH + np.sort(unretrieved, axis=1) + np.arange(JUDGED // 2)
            judged = np.concatenate([docs[:, : JUDGED // 2], unretrieved], axis=1)
            grades = _digits(rng.integers(0, 4, judged.size), 1)
            qrels.write(_lines(queries, b" 0 clw", judged, (b" ", grades, b"\n")))
    run_path.with_suffix(".tmp").rename(run_path)
    return qrels_path, run_path


def cut_files(lines: int) -> tuple[Path, Path]:
    """The qrels and run of the large run's first ``lines`` lines (whole queries), one folder.

    Written once beside the whole files; the whole files themselves for every line.
    """
    qrels, run = make_files()
    if lines == N_QUERIES * DEPTH:
        return qrels, run
    queries = lines // DEPTH
    cut_qrels, cut_run = FOLDER / f"qrels_{lines}.txt", FOLDER / f"run_{lines}.txt"
    # Both files list their queries in order, a fixed number of lines each.
    for source, target, per_query in ((run, cut_run, DEPTH), (qrels, cut_qrels, JUDGED)):
        if target.exists():
            continue
        with open(source, "rb") as read, open(target.with_suffix(".tmp"), "wb") as write:
            for _ in range(queries * per_query):
                write.write(read.readline())
        target.with_suffix(".tmp").rename(target)
    return cut_qrels, cut_run


@dataclass(frozen=True)
class Measured:
    """One contender's run: wall and CPU seconds, peak resident bytes, what it printed."""

    name: str
    seconds: float
    cpu_seconds: float
    peak_bytes: int
    report: str

    @property
    def mean(self) -> float:
        """The mean NDCG the contender printed."""
        return _mean(self.report)


def measure(name: str, command: list[str]) -> Measured:
    """Run ``command`` in a fresh process; return its wall time, peak memory and output."""
    with open(FOLDER / "stdout.tmp", "w+b") as out, open(FOLDER / "stderr.tmp", "w+b") as err:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=err)
        # wait4 gives this child's own resource usage (ru_maxrss in KiB on Linux).
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        text, problem = out.read().decode(), err.read().decode()
    if process.returncode != 0:
        raise RuntimeError(f"{name} exited with {process.returncode}: {problem[-500:]}")
    cpu = usage.ru_utime + usage.ru_stime
    return Measured(name, seconds, cpu, usage.ru_maxrss * 1024, text)


def _mean(text: str) -> float:
    """The mean NDCG a contender printed: JSON ``{"all": {"ndcg": x}}`` or trec_eval's line."""
    if text.startswith("{"):
        return float(json.loads(text)["all"]["ndcg"])
    line = next(line for line in text.splitlines() if line.split()[:2] == ["ndcg", "all"])
    return float(line.split()[2])


def trec_eval_binary() -> str | None:
    """Path of a trec_eval binary named by ``TREC_EVAL`` or found on ``PATH``, else None."""
    return os.environ.get("TREC_EVAL") or shutil.which("trec_eval")


def main() -> None:
    """Write the files if needed, run every contender, print the table and the targets."""
    start = time.perf_counter()
    qrels, run = make_files()
    made = time.perf_counter() - start
    size = run.stat().st_size
    lines = N_QUERIES * DEPTH
    print(
        f"run: {lines:,} lines, {size / 1e6:.0f} MB; qrels: {N_QUERIES * JUDGED:,} lines "
        f"({made:.1f} s to prepare, in {FOLDER})"
    )
    contenders = [
        (
            "python -m ndcg (this library)",
            [sys.executable, "-m", "ndcg", str(qrels), str(run), "-m", "ndcg", "--json"],
        ),
        (
            "pytrec_eval (parse_qrel/parse_run + evaluate)",
            [sys.executable, "-c", PYTREC_SCRIPT, str(qrels), str(run)],
        ),
    ]
    binary = trec_eval_binary()
    if binary:
        contenders.append(("trec_eval " + binary, [binary, "-m", "ndcg", str(qrels), str(run)]))
    results = [measure(name, command) for name, command in contenders]
    print(f"{'contender':<48} {'time (s)':>9} {'cpu (s)':>8} {'peak (MB)':>10} {'mean ndcg':>20}")
    for r in results:
        print(
            f"{r.name:<48} {r.seconds:>9.2f} {r.cpu_seconds:>8.2f} "
            f"{r.peak_bytes / 2**20:>10.0f} {r.mean:>20.16f}"
        )
    if not binary:
        print("trec_eval: not run (set TREC_EVAL to a trec_eval binary to include it)")
    ours, peer = results[0], results[1]
    assert abs(ours.mean - peer.mean) <= 1e-12, (ours.mean, peer.mean)
    for r in results[2:]:
        assert f"{ours.mean:.4f}" == f"{r.mean:.4f}", (ours.mean, r.mean)
    print(
        f"command line: {ours.seconds:.2f} s (target <= {TARGET_SECONDS} s), "
        f"{ours.peak_bytes / 2**20:.0f} MB peak (target <= {TARGET_BYTES / 2**20:.0f} MB); "
        f"{ours.seconds / peer.seconds:.2f}x the time and "
        f"{ours.peak_bytes / peer.peak_bytes:.2f}x the memory of pytrec_eval"
    )
    for r in results[2:]:
        print(
            f"against trec_eval in this run: {ours.seconds / r.seconds:.2f}x its time, "
            f"{ours.cpu_seconds / r.cpu_seconds:.2f}x its CPU time, "
            f"{ours.peak_bytes / r.peak_bytes:.2f}x its memory (target <= 1, <= 1, <= 2)"
        )


if __name__ == "__main__":
    main()
