"""Command line: trec_eval's report of a TREC run, NDCG and every other measure it prints.

Taught in chapter 9, "NDCG in the wild" (TREC files and trec_eval's report).

Usage::

    python -m ndcg QRELS RUN [-q] [-c] [-J] [-l 1] [-m official] [-m all_trec] [-m ndcg]
                   [-m ndcg_cut.5,10] [-m P.5,10] [-m bpref] [-k 10] [--gain G] [--json]

The measures are those of trec_eval 10.0 (:data:`ndcg.measures.ALL_TREC`), each a record
of :mod:`ndcg.measures`, and they are read as trec_eval reads them: with no ``-m``, its
``official`` set; ``-m all_trec`` every one; each measure printed once, with the
parameters of its first ``-m`` that has any (``-m ndcg -m ndcg.1=3`` prints ``ndcg_1=3``
only), in trec_eval's order; cutoffs sorted, a fractional cutoff cut to its integer part
(``23.4`` is 23). The binary measures are read at trec_eval's relevance level ``-l``;
``rbp`` is trec_eval's graded RBP (blind to ``-l``), with its persistence 0.9. RUN ``-``
is read from standard input, as trec_eval reads it; a gzip file (known by its first bytes)
is read as the text it holds. Where trec_eval would silently read
something else than what was typed, this command stops and says so: see the README's list
of differences.

Every printed figure is computed with trec_eval's own operations, down to the order of
the additions (the ``all`` line adds the queries one by one, in query order), so that the
fourth decimal agrees; ``tests/trec_eval/test_oracle_trec_eval.py`` holds it to trec_eval itself and
``tests/trec_eval/test_conformance_reports.py`` to trec_eval's own test outputs.
"""

from __future__ import annotations

import argparse
import ctypes
import gzip
import inspect
import io
import os
import sys
import zlib
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from ndcg import measures
from ndcg.trec.gains import gain_map_of
from ndcg.trec.library import library_values
from ndcg.trec.options import (
    LIBRARY,
    MEASURES,
    MISSING,
    NAME_WIDTH,
    NAMES,
    NICKNAMES,
    RBP_P,
    Column,
    UsageError,
    _gain_option,
    check_gains,
    measure_specs,
    parse_gain_map,
    parse_measures,
    refuse_unsupported,
    whole_number,
)
from ndcg.trec.plain import Columns
from ndcg.trec.read import read_columns
from ndcg.trec.report import Table, format_json, format_trec, recount, summary
from ndcg.trec.rows import Lines, TrecRows, as_columns, evaluated_queries, rows_of, trec_rows

# The options' and the report's names, re-exported: this module (also `ndcg.cli`) is
# where callers and tests find them.
__all__ = [
    "LIBRARY",
    "MEASURES",
    "MISSING",
    "NAME_WIDTH",
    "NAMES",
    "NICKNAMES",
    "Column",
    "UsageError",
    "build_parser",
    "compute",
    "format_json",
    "format_trec",
    "main",
    "parse_gain_map",
    "parse_measures",
    "recount",
    "summary",
]


def compute(
    qrels: Lines,
    run: Lines,
    measures_: Sequence[Column],
    complete: bool,
    judged_only: bool = False,
    level: float = 1,
    run_id: str = "",
) -> Table:
    """One row per query, one column per measure (named as trec_eval names it).

    ``qrels`` and ``run`` are the files' columns (:func:`ndcg.trec.read.read_columns`), or the
    DataFrames of :func:`ndcg.read_qrels` and :func:`ndcg.read_run`. ``judged_only`` is
    trec_eval's ``-J``: unjudged documents leave the run before scoring; ``level`` is its
    ``-l``, the lowest grade that the binary measures count as relevant. Every measure is
    computed by its row kernel on trec_eval's rows (:mod:`ndcg.trec.rows`): trec_eval's
    own by theirs, the library's (NDCG and its family) by the library's kernels
    (:mod:`ndcg.trec.library`); ``runid`` is ``run_id`` and ``num_q`` counts the rows.

    Queries are scored :data:`QUERY_BLOCK` at a time (in trec_eval's order, so the ``all``
    line adds them in the same order): the work space follows the block, not the number of
    queries in the files.
    """
    qrels, run = as_columns(qrels, "relevance"), as_columns(run, "score")
    queries = evaluated_queries(qrels, run, complete)
    args = (measures_, complete, judged_only, level, run_id)
    if len(queries) <= QUERY_BLOCK:
        return _compute_block(qrels, run, queries, *args)
    return Table.joined(
        [_compute_block(q, r, ids, *args) for q, r, ids in _query_blocks(qrels, run, queries)]
    )


#: Most judged queries the command line scores in one run. Each query costs about 2 KB
#: beyond its lines (its id as text, codes, a row of every measure): 1,000,000 take about
#: 2 GB with the default set. trec_eval, whose work grows with the square of the number
#: of queries, took 81 s on 200,000 one-document queries where this command took 4.5 s.
MAX_QUERIES = 1_000_000


def _refuse_too_many_queries(qrels: Columns, path: str) -> None:
    """Stop before reading the run when the qrels judge more queries than the bound."""
    n = len(qrels.queries.names)
    if n > MAX_QUERIES:
        raise UsageError(
            f"{path} judges {n:,} queries; this command scores at most {MAX_QUERIES:,} in one "
            f"run (about 2 KB of memory each, beyond the lines): split the qrels and the run "
            f"by query and evaluate each part (the per-query lines of -q stay the same)"
        )


#: Queries scored at a time by :func:`compute`.
QUERY_BLOCK = 200_000


def _query_blocks(
    qrels: Columns, run: Columns, queries: Any
) -> Iterator[tuple[Columns, Columns, Any]]:
    """Yield the lines of each block of :data:`QUERY_BLOCK` queries of ``queries``."""
    sides = []
    for lines in (qrels, run):
        row = rows_of(lines.queries, queries)  # -1: a query not evaluated
        order = np.argsort(row, kind="stable")
        sides.append((lines, row[order], order))
    for lo in range(0, len(queries), QUERY_BLOCK):
        hi = lo + QUERY_BLOCK
        parts = []
        for lines, row, order in sides:
            first, last = np.searchsorted(row, [lo, hi])
            parts.append(lines.take(np.sort(order[first:last])))  # in the file's order
        yield parts[0], parts[1], queries[lo:hi]


def _compute_block(
    qrels: Columns,
    run: Columns,
    queries: Any,
    measures_: Sequence[Column],
    complete: bool,
    judged_only: bool,
    level: float,
    run_id: str,
) -> Table:
    """:func:`compute` for the queries ``queries`` (and the lines of ``qrels`` and ``run``)."""
    columns: dict[str, np.ndarray] = {}
    library: list[Column] = []
    kernels: list[Column] = []
    for measure in measures_:
        record = measures.BY_NAME[measure.metric]
        if record.evaluate:
            library.append(measure)
        elif record.kernel is not None:
            kernels.append(measure)
        else:
            value = run_id if measure.trec == "runid" else 1
            columns[measure.name] = np.full(len(queries), value)
    rows = trec_rows(qrels, run, queries, judged_only)
    if library:
        found = library_values(library, rows, level, qrels.values, RBP_P)
        columns.update(found)
    if kernels:
        gains = None
        if any("gains" in _takes(m) for m in kernels):
            # --gain reaches trec_eval's graded measures (G, ndcg_rel, Rndcg, rbp) as their
            # per-level gains; a measure's own (-m G.1=3) is passed under its keyword.
            # (A measure given its own gains holds them as its gain: --gain is the others'.)
            gain = next((m.gain for m in kernels if m.form.params != "gains" or m.param is None),
                        "linear")  # fmt: skip
            gains = gain_map_of(gain, qrels.values)
        done = _kernel_values(kernels, rows, float(level), gains)
        for m in kernels:
            values = done[(m.trec, repr(m.param))].copy()
            cleared = m.form.cleared
            if cleared == "all" or (cleared == "bare" and m.name == m.trec):  # trec_eval's
                # clean-up after its stand-in ranking
                values[rows.stand_in] = "" if values.dtype.kind == "U" else 0.0
            columns[m.name] = values if values.ndim == 1 else values[:, m.column]
    return Table(rows.queries, {m.name: columns[m.name] for m in measures_})


def _kernel_values(
    kernels: Sequence[Column], rows: TrecRows, level: float, gains: object = None
) -> dict[tuple[str, str], np.ndarray]:
    """Each kernel's values for every query, computed a chunk of similar queries at a time.

    ``gains`` are the per-level gains of ``--gain`` for the kernels that take them, if any.

    The rows are padded only within a chunk (:meth:`ndcg.trec.rows.TrecRows.chunks`), so
    one long ranked list costs its own length, not every query's; the kernels are row-wise.
    """
    parts: dict[tuple[str, str], list[np.ndarray]] = {}
    done_rows = []
    chunks = list(rows.chunks()) or [(np.arange(0), *rows.padded(np.arange(0)))]
    for chunk, ranked, n_ranked, judged in chunks:
        context: dict[str, object] = {
            "ranked": ranked,
            "n_ranked": n_ranked,
            "judged": judged,
            "threshold": level,
        }
        if gains is not None:
            context["gains"] = gains
        done: dict[tuple[str, str], np.ndarray] = {}
        for m in kernels:
            key = (m.trec, repr(m.param))
            if key not in done:
                done[key] = _run_kernel(m, context)
                parts.setdefault(key, []).append(done[key])
        done_rows.append(chunk)
    where = np.concatenate(done_rows)
    back = np.empty(where.size, dtype=np.int64)
    back[where] = np.arange(where.size)
    return {key: np.concatenate(values)[back] for key, values in parts.items()}


def _takes(measure: Column) -> set[str]:
    """Return the names of the inputs a measure's row kernel takes."""
    kernel = measures.resolve(measures.BY_NAME[measure.metric].kernel)
    return set(inspect.signature(kernel).parameters)


def _run_kernel(measure: Column, context: dict[str, object]) -> np.ndarray:
    """Call a measure's row kernel with the inputs its parameters name.

    A kernel takes any of ``ranked``, ``n_ranked``, ``judged``, ``threshold``, the inputs
    of :data:`ndcg.measures.DERIVED` (computed once from those) and its own parameters under
    the keyword its trec name gives; what it does not name keeps the kernel's default.
    """
    record = measures.BY_NAME[measure.metric]
    form = measure.form
    kernel = measures.resolve(record.kernel)
    given = dict(context)
    if form.keyword is not None and measure.param is not None:
        given[form.keyword] = measure.param

    def call(function: Callable[..., Any]) -> Any:
        taken = inspect.signature(function).parameters
        for name in taken:
            if name in measures.DERIVED and name not in given:
                # A derived input may need another (iprec needs t): formed first, once.
                given[name] = call(measures.resolve(measures.DERIVED[name]))
                if (
                    form.keyword
                    not in inspect.signature(measures.resolve(measures.DERIVED[name])).parameters
                ):
                    context[name] = given[name]  # the same for every measure: keep it
        return function(**{a: given[a] for a in taken if a in given})

    result = call(kernel)
    return np.asarray(result if form.field is None else getattr(result, form.field))


#: gzip's first two bytes (RFC 1952): a gzip file is known by them, whatever its name.
_GZIP_MAGIC = b"\x1f\x8b"


class _Gunzipped(io.RawIOBase):
    """A gzip file's unpacked bytes, read as a stream; a broken file is named."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.stream = gzip.open(path, "rb")
        self.name = path

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        try:
            return self.stream.readinto(buffer) or 0
        except (EOFError, OSError, zlib.error) as error:
            raise UsageError(
                f"{self.name}: not a whole gzip file ({error}); check it with gunzip -t {self.name}"
            ) from None

    def close(self) -> None:
        self.stream.close()
        super().close()


def open_input(path: str) -> str | _Gunzipped:
    """Return what the reader reads for ``path``: the path, or a gzip file's unpacked bytes.

    A gzip file is known by its first two bytes, as the evaluation page knows it (a name
    may say nothing), and read as the text it holds (``run.gz`` as ``run``). Only a
    regular file is looked at before it is read, so a pipe is read once.
    """
    if not os.path.isfile(path):
        return path
    with open(path, "rb") as file:
        if file.read(2) != _GZIP_MAGIC:
            return path
    return _Gunzipped(path)


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser of ``python -m ndcg``."""
    parser = argparse.ArgumentParser(
        prog="python -m ndcg",
        description="NDCG and trec_eval's other measures of a TREC run against TREC qrels, "
        "reported as trec_eval does.",
    )
    parser.add_argument(
        "qrels", metavar="QRELS", help="judgments: query_id iter doc_id rel (plain or gzip)"
    )
    parser.add_argument(
        "run",
        metavar="RUN",
        help="run: query_id Q0 doc_id rank score run_id, plain or gzip ('-' reads standard input)",
    )
    parser.add_argument("-q", action="store_true", help="also print every query, then 'all'")
    parser.add_argument(
        "-c",
        action="store_true",
        help="score the queries of QRELS missing from RUN too, as trec_eval does (ranked as "
        "one unjudged document: most measures are 0)",
    )
    parser.add_argument(
        "-J",
        action="store_true",
        help="score judged documents only: unjudged ones leave the run before ranking",
    )
    parser.add_argument(
        "-l",
        default="1",
        metavar="LEVEL",
        help="lowest grade the binary measures (P, recall, map, recip_rank) count as "
        "relevant (default 1; 0 counts every judged document; rbp is graded and ignores it)",
    )
    parser.add_argument(
        "-m",
        action="append",
        metavar="MEASURE",
        help="a trec_eval measure with its parameters: ndcg, ndcg.1=3,2=9 (per-level "
        "gains), ndcg_cut.5,10, P.5,10, map, bpref, success.1,5, ... (every one: "
        "all_trec; repeatable; default: official, trec_eval's default set)",
    )
    parser.add_argument(
        "-k",
        action="append",
        metavar="K",
        help="shorthand for -m ndcg_cut.K (K may be a list: -k 5,10)",
    )
    parser.add_argument(
        "--gain",
        default="linear",
        help="linear (default), exponential, or per-level gains like 1=3,2=9,4=4.5 "
        "(unlisted levels keep their value), for every graded measure: ndcg, ndcg_cut, G, "
        "ndcg_rel, Rndcg and rbp",
    )
    parser.add_argument("--json", action="store_true", help="JSON with full precision")
    # trec_eval's, refused by name with what to do instead, not as unknown arguments.
    parser.add_argument("-M", metavar="N", help="trec_eval's documents read per query: "
                        "refused here (keep the top N in the run file)")  # fmt: skip
    parser.add_argument("-N", metavar="N", help="trec_eval's collection size (for utility): "
                        "refused here")  # fmt: skip
    parser.add_argument("-n", action="store_true", help="trec_eval's report without 'all' "
                        "lines: refused here (use -q and drop them)")  # fmt: skip
    return parser


def _system_allocator() -> None:
    """Let PyArrow allocate with malloc: its default pool keeps freed pages for reuse.

    On the ad hoc shape (a million lines) the peak is 310 MB with malloc, 390 MB with
    PyArrow's mimalloc pool, for the same time. ``ARROW_DEFAULT_MEMORY_POOL`` still wins.
    """
    import pyarrow as pa

    if "ARROW_DEFAULT_MEMORY_POOL" not in os.environ:
        pa.set_memory_pool(pa.system_memory_pool())


def _mmap_threshold(size: int) -> None:
    """Set the size above which glibc gives a block pages of its own, returned when freed.

    Reading, the command allocates and frees large buffers (PyArrow's and NumPy's): at
    128 KiB they go back as they are freed, and the peak on the ad hoc shape is 155 MB,
    where glibc's default (a threshold that grows to 32 MiB as arrays are freed, after
    which they come from a heap that never shrinks) peaks at 215 MB; trec_eval's is
    87 MB. Scoring, the kernels allocate the same few blocks again and again: at 32 MiB
    those are reused instead of mapped and faulted in afresh (a third of a second of
    system time). Elsewhere than glibc (no ``mallopt``) nothing changes, and
    ``MALLOC_MMAP_THRESHOLD_`` in the environment still wins.
    """
    if "MALLOC_MMAP_THRESHOLD_" in os.environ:
        return
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return
    mallopt(_M_MMAP_THRESHOLD, size)


#: glibc's mallopt parameter for the size above which a block is mapped on its own.
_M_MMAP_THRESHOLD = -3
#: The thresholds for reading and for scoring (see :func:`_mmap_threshold`).
_READING, _SCORING = 128 << 10, 32 << 20


def _read_both(qrels_source: Any, run_source: Any, qrels_path: str) -> tuple[Columns, Columns]:
    """Read the qrels and the run at once, the qrels on a second thread.

    Reading a run spends much of its time on one core (checking its bytes, coding its
    documents); the qrels are read on the other meanwhile. Errors come as if the files
    were read one after the other: the qrels' first, and the bound on their queries
    before anything the run holds.
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        qrels_read = pool.submit(read_columns, qrels_source, "qrels")
        try:
            run = read_columns(run_source, "run")
        except BaseException:
            qrels = qrels_read.result()  # its error, if any, comes first
            _refuse_too_many_queries(qrels, qrels_path)
            raise
        qrels = qrels_read.result()
    _refuse_too_many_queries(qrels, qrels_path)
    return qrels, run


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (2 for any input error)."""
    args = build_parser().parse_args(argv)
    _system_allocator()
    _mmap_threshold(_READING)
    opened: list[str | _Gunzipped] = []  # what the reader reads: paths, or unpacked streams
    try:
        refuse_unsupported(args.M, args.N, args.n)
        gain = _gain_option(args.gain)
        specs, labels = measure_specs(args.m or [], args.k or [])
        # No -m: trec_eval's official measures, as trec_eval prints them.
        chosen, notes = parse_measures(specs or ["official"], gain, labels or None)
        check_gains(chosen, args.gain)
        opened.append(open_input(args.qrels))
        # trec_eval reads the run from standard input when it is named "-".
        opened.append(open_input(args.run) if args.run != "-" else "-")
        qrels, run = _read_both(
            opened[0], sys.stdin.buffer if args.run == "-" else opened[1], args.qrels
        )
        run_id = run.last
        run_name = "<stdin>" if args.run == "-" else args.run
        for frame, path, what in ((qrels, args.qrels, "judgment"), (run, run_name, "result")):
            if not len(frame):
                raise UsageError(f"{path}: no {what} lines, nothing to evaluate")
        level = whole_number(args.l, "-l", "the relevance level")
        if level < 0:
            raise UsageError(
                f"-l {args.l}: the relevance level must be 0 or more; negative grades mark "
                "documents never judged, which are never relevant here (at a negative level "
                "trec_eval counts retrieved documents without a judgment as relevant)"
            )
        if not args.c and not len(evaluated_queries(qrels, run, complete=False)):
            raise UsageError(
                f"no query is in both {args.qrels} and {run_name}: nothing to evaluate "
                f"(-c would score every judged query, the missing ones as 0)"
            )
        _mmap_threshold(_SCORING)
        table = compute(
            qrels, run, chosen, complete=args.c, judged_only=args.J, level=level, run_id=run_id
        )
        forms = {m.name: m.form for m in chosen}
        recounted = recount(qrels, chosen, args.c)
        text = (format_json if args.json else format_trec)(table, args.q, forms, recounted)
    except OSError as error:
        print(f"ndcg: cannot read {error.filename!r}: {error.strerror}", file=sys.stderr)
        return 2
    except (ValueError, TypeError) as error:
        print(f"ndcg: {error}", file=sys.stderr)
        return 2
    finally:
        for source in opened:
            if isinstance(source, _Gunzipped):
                source.close()
    for note in notes:
        print(f"ndcg: note: {note}", file=sys.stderr)
    sys.stdout.write(text)
    return 0
