"""The command line against trec_eval on four run shapes: time and memory as ratios.

Writes (once, into ``bench/results/trec_shapes/``, which git ignores) the qrels and run of
each shape, seeded:

- ``adhoc``: TREC ad hoc, 1,000 queries x 1,000 retrieved documents, 300 judgments per
  query (150 of them retrieved), grades 0-3;
- ``web``: 50 queries x 10,000 retrieved, 500 judgments per query, grades 0-4;
- ``recommender``: 100,000 users x 20 recommended items, 5 judged items per user;
- ``large_run``: the shape of ``bench.large_run`` (5,000 x 1,000, 100 judgments per query).

Document ids are of many widths (as real collections' are), scores have six decimals.
trec_eval 10.0 is built from ``../shared/oracles/`` into a cache folder outside the
repository (``TREC_EVAL_CACHE``, default ``/tmp/ndcg-bench-trec_eval``), or taken from
the ``TREC_EVAL`` environment variable. Each contender runs in a fresh process, the two
alternating, ``ROUNDS`` times; the table gives the median wall time and the peak resident
memory (``/usr/bin/time``'s ``%M``) of each, and our figure over trec_eval's. The two
reports must be equal byte for byte. Targets on the ad hoc shape: at most 1.0x trec_eval's
time and 2.0x its memory.

With the site built (``NDCG_SITE``, default ``_build/html``), the evaluation page is timed
too, in Chromium, opened from disk: the files picked, the same measures typed, then the
time from pressing Evaluate until the report is shown (the median of ``PAGE_ROUNDS``), and
its report must equal trec_eval's. Its target: at most 2.0x trec_eval's time.

Run with ``python -m bench trec_shapes`` or ``python -m bench.trec_shapes [SHAPE ...]``
(``--no-page`` leaves the page out).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

FOLDER = Path(__file__).resolve().parent / "results" / "trec_shapes"
ORACLE = Path(__file__).resolve().parents[2] / "shared" / "oracles" / "trec_eval-10.0"
CACHE = Path(os.environ.get("TREC_EVAL_CACHE", "/tmp/ndcg-bench-trec_eval"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
SEED = 20341
#: Measures asked for: trec_eval's default set with NDCG at two cutoffs, and NDCG@10 alone.
MEASURES = (("-m", "official", "-m", "ndcg_cut.5,10"), ("-m", "ndcg_cut.10"))
TARGET_TIME, TARGET_MEMORY, TARGET_PAGE = 1.0, 2.0, 2.0
PAGE_ROUNDS = int(os.environ.get("BENCH_PAGE_ROUNDS", "3"))


@dataclass(frozen=True)
class Shape:
    """A run shape: queries, documents retrieved and judged per query, top grade."""

    name: str
    queries: int
    retrieved: int
    judged: int
    top_grade: int


SHAPES = (
    Shape("adhoc", 1_000, 1_000, 300, 3),
    Shape("web", 50, 10_000, 500, 4),
    Shape("recommender", 100_000, 20, 5, 1),
)


def _ids(prefix: bytes, numbers: np.ndarray) -> list[bytes]:
    """Ids ``prefix + number`` without leading zeros: widths vary from 1 to 9 digits."""
    return [prefix + b"%d" % n for n in numbers.tolist()]


def write_shape(shape: Shape, folder: Path = FOLDER) -> tuple[Path, Path]:
    """Write the qrels and run of ``shape`` (unless already there); return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    qrels_path, run_path = folder / f"{shape.name}.qrels", folder / f"{shape.name}.run"
    if qrels_path.exists() and run_path.exists():
        return qrels_path, run_path
    rng = np.random.default_rng([SEED, shape.queries, shape.retrieved])
    collection = max(10 * shape.retrieved, 1_000_000)
    with open(qrels_path, "wb") as qrels, open(run_path, "wb") as run:
        step = max(1, 200_000 // shape.retrieved)
        for first in range(0, shape.queries, step):
            run_lines: list[bytes] = []
            qrels_lines: list[bytes] = []
            for q in range(first, min(first + step, shape.queries)):
                qid = b"%d" % (301 + q)
                # Distinct documents: sorted draws spread apart, then shuffled.
                docs = np.sort(rng.integers(0, collection, shape.retrieved + shape.judged))
                docs = rng.permutation(docs + np.arange(docs.size))
                retrieved, others = docs[: shape.retrieved], docs[shape.retrieved :]
                scores = np.sort(rng.random(shape.retrieved))[::-1] * 20
                names = _ids(b"D", retrieved)
                run_lines += [
                    b"%s Q0 %s %d %.6f bench\n" % (qid, d, r + 1, s)
                    for r, (d, s) in enumerate(zip(names, scores.tolist(), strict=True))
                ]
                half = shape.judged // 2
                judged = _ids(b"D", retrieved[:half]) + _ids(b"D", others[: shape.judged - half])
                grades = rng.integers(0, shape.top_grade + 1, len(judged)).tolist()
                qrels_lines += [
                    b"%s 0 %s %d\n" % (qid, d, g) for d, g in zip(judged, grades, strict=True)
                ]
            run.write(b"".join(run_lines))
            qrels.write(b"".join(qrels_lines))
    return qrels_path, run_path


def trec_eval() -> Path:
    """trec_eval 10.0: ``TREC_EVAL``, or built once from the oracle into ``CACHE``."""
    if os.environ.get("TREC_EVAL"):
        return Path(os.environ["TREC_EVAL"])
    binary = CACHE / "trec_eval"
    if not binary.exists():
        subprocess.run(["cp", "-r", f"{ORACLE}/.", str(CACHE)], check=True)
        subprocess.run(["make", "-s", "-C", str(CACHE)], check=True, capture_output=True)
    return binary


@dataclass(frozen=True)
class Run:
    """One process: wall seconds, peak resident bytes, its standard output."""

    seconds: float
    peak: int
    output: bytes


def run(command: list[str]) -> Run:
    """Run ``command`` in a fresh process; its wall time, peak memory and output.

    The peak is ``/usr/bin/time``'s (``%M``): ``ru_maxrss`` of a child forked from this
    process would count this process's own pages until the child's ``exec``.
    """
    out, peak = FOLDER / "stdout.tmp", FOLDER / "peak.tmp"
    with open(out, "w+b") as stdout:
        start = time.perf_counter()
        done = subprocess.run(
            ["/usr/bin/time", "-f", "%M", "-o", str(peak), *command],
            stdout=stdout,
            stderr=subprocess.PIPE,
            check=False,
        )
        seconds = time.perf_counter() - start
        stdout.seek(0)
        output = stdout.read()
    if done.returncode != 0:
        raise RuntimeError(f"{command} failed: {done.stderr.decode()[-500:]}")
    return Run(seconds, int(peak.read_text().split()[-1]) * 1024, output)


def compare(qrels: Path, run_file: Path, options: tuple[str, ...], binary: Path) -> tuple:
    """Median time and peak memory of both, alternating; the reports must be equal."""
    ours_cmd = [sys.executable, "-m", "ndcg", *options, str(qrels), str(run_file)]
    theirs_cmd = [str(binary), *options, str(qrels), str(run_file)]
    ours: list[Run] = []
    theirs: list[Run] = []
    for _ in range(ROUNDS):
        theirs.append(run(theirs_cmd))
        ours.append(run(ours_cmd))
    if ours[0].output != theirs[0].output:
        raise AssertionError(f"reports differ on {run_file.name} {' '.join(options)}")
    return (
        statistics.median(r.seconds for r in ours),
        statistics.median(r.seconds for r in theirs),
        max(r.peak for r in ours),
        max(r.peak for r in theirs),
    )


def page_seconds(page: object, qrels: Path, run_file: Path, options: tuple[str, ...]) -> tuple:
    """The page's median seconds from Evaluate to its report, and the report."""
    from bench import browser_eval

    measures = " ".join(options[1::2])  # the values of -m
    times, report = [], ""
    for _ in range(PAGE_ROUNDS):
        seconds, report = browser_eval.time_page(page, qrels, run_file, measures)
        times.append(seconds)
    return statistics.median(times), report


def main(names: list[str] | None = None, with_page: bool = True) -> None:
    """Write the files, build trec_eval, print one table of ratios (every shape if none)."""
    from contextlib import ExitStack

    from bench import browser_eval

    names = names or []
    binary = trec_eval()
    cases: list[tuple[str, Path, Path]] = []
    for shape in SHAPES:
        if not names or shape.name in names:
            cases.append((shape.name, *write_shape(shape)))
    if not names or "large_run" in names:
        from bench.large_run import make_files

        cases.append(("large_run", *make_files()))
    with_page = with_page and (browser_eval.SITE / "book" / "evaluate.html").exists()
    print(f"trec_eval: {binary}; median of {ROUNDS} alternating runs; peak: largest %M")
    if with_page:
        print(f"page: {browser_eval.SITE}/book/evaluate.html in Chromium, median of {PAGE_ROUNDS}")
    header = f"{'shape':<12} {'measures':<30} {'lines':>10} {'ours s':>7} {'trec s':>7} "
    header += f"{'time':>6} {'ours MB':>8} {'trec MB':>8} {'memory':>7}"
    print(header + (f" {'page s':>7} {'page':>6}" if with_page else ""))
    with ExitStack() as stack:
        page = None
        if with_page:
            from playwright.sync_api import sync_playwright

            from bench._chromium import launch

            browser = launch(stack.enter_context(sync_playwright()))
            stack.callback(browser.close)
            page = browser.new_page()
        for name, qrels, run_file in cases:
            lines = sum(1 for _ in open(run_file, "rb"))
            for options in MEASURES:
                ours_s, trec_s, ours_b, trec_b = compare(qrels, run_file, options, binary)
                row = (
                    f"{name:<12} {' '.join(options):<30} {lines:>10,} {ours_s:>7.2f} "
                    f"{trec_s:>7.2f} {ours_s / trec_s:>5.2f}x {ours_b / 2**20:>8.0f} "
                    f"{trec_b / 2**20:>8.0f} {ours_b / trec_b:>6.2f}x"
                )
                if page is not None:
                    seconds, report = page_seconds(page, qrels, run_file, options)
                    expected = run([str(binary), *options, str(qrels), str(run_file)]).output
                    if report.encode() != expected:
                        raise AssertionError(f"the page's report differs on {name}")
                    row += f" {seconds:>7.2f} {seconds / trec_s:>5.2f}x"
                print(row, flush=True)
    print(
        f"targets on adhoc: time <= {TARGET_TIME}x, memory <= {TARGET_MEMORY}x trec_eval's; "
        f"the page <= {TARGET_PAGE}x trec_eval's time"
    )


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--no-page"]
    main(arguments, with_page="--no-page" not in sys.argv[1:])
