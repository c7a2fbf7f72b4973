"""Command line: NDCG of a TREC run, printed as trec_eval prints it.

Taught in chapter 9, "NDCG in the wild" (TREC files and trec_eval's report).

Usage::

    python -m ndcg QRELS RUN [-q] [-c] [-J] [-l 1] [-m ndcg] [-m ndcg_cut.5,10] [-m P.5,10]
                   [-m map] [-m recip_rank] [-k 10] [--gain G] [--json]

The measures are read as trec_eval 10.0 reads them: each measure is printed once, with
the parameters of its first ``-m`` that has any (``-m ndcg -m ndcg.1=3`` prints
``ndcg_1=3`` only); measures come in trec_eval's order (``map``, ``recip_rank``, ``P``,
``recall``, ``ndcg``, ``ndcg_cut``, ``map_cut``, ``set_P``, ``rbp``, ``rbp_resid``);
cutoffs are sorted and a fractional cutoff is cut to its integer part (``23.4`` is 23).
NDCG's family (chapter 11) is read with trec_eval's relevance level ``-l``, and ``rbp``
with its persistence 0.9. RUN ``-`` is read from standard input, as trec_eval reads it.
Where trec_eval would silently read something else than what was typed, this command
stops and says so: see the README's list of differences.

Every printed figure is computed with trec_eval's own operations, down to the order of
the additions (the ``all`` line adds the queries one by one, in query order), so that the
fourth decimal agrees; ``tests/test_trec_eval_oracle.py`` holds it to trec_eval itself.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ndcg._scan import parse_float, parse_int
from ndcg.evaluate import evaluate
from ndcg.gains import Gain
from ndcg.trec import read_qrels, read_run

#: trec_eval's default cutoffs for ``ndcg_cut``.
DEFAULT_CUTOFFS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)
#: trec_eval pads measure names to this width.
NAME_WIDTH = 22


class UsageError(ValueError):
    """A bad command-line value."""


@dataclass(frozen=True)
class Measure:
    """One printed measure: its trec_eval name, cutoff and gain, and evaluate's metric."""

    name: str
    k: int | None
    gain: Gain
    metric: str = "ndcg"


def parse_gain_map(text: str) -> dict[int, float]:
    """Parse trec_eval's per-level gains, e.g. ``"1=3,2=9,4=4.5"``.

    A level is a grade >= 0 written as an integer and given once; a gain is a finite
    number >= 0. trec_eval would skip a pair whose level is not an integer, read ``3x``
    as 3, let the gain order decide between two gains of one level and take a negative
    gain into the DCG but not into the ideal; here each of those is an error.

    Examples
    --------
    >>> parse_gain_map("1=3,2=9,4=4.5")
    {1: 3.0, 2: 9.0, 4: 4.5}
    >>> parse_gain_map("1=3,1=5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ndcg.cli.UsageError: gain map '1=3,1=5' gives level 1 twice; give each level once ...

    """
    gains: dict[int, float] = {}
    for item in text.split(","):
        level, sep, value = item.partition("=")
        if not sep or not _INTEGER.fullmatch(level):
            raise UsageError(
                f"gain map {text!r}: each item must be level=gain with an integer level, "
                f"got {item!r}"
            )
        grade = int(level)
        if grade < 0:
            raise UsageError(
                f"gain map {text!r}: level {grade} is negative; negative grades give no "
                f"gain (in trec_eval, levels -1 and -2 reach unjudged documents)"
            )
        if grade in gains:
            raise UsageError(
                f"gain map {text!r} gives level {grade} twice; give each level once "
                f"(trec_eval would not say, and would use the smaller gain for the run "
                f"but the first for the ideal)"
            )
        gains[grade] = parse_float(value, f"gain map {text!r}", f"the gain of level {grade}")
        if gains[grade] < 0:
            raise UsageError(
                f"gain map {text!r}: the gain of level {grade} is negative ({value}); "
                f"gains here are >= 0, where trec_eval adds a negative gain to the DCG and "
                f"leaves it out of the ideal"
            )
    return gains


_INTEGER = re.compile(r"[+-]?[0-9]+")
_CUTOFF = re.compile(r"\+?([0-9]+)(\.[0-9]*)?")


def _gain_option(text: str) -> Gain:
    if text in ("linear", "exponential"):
        return text
    return parse_gain_map(text)


#: The measures, in the order trec_eval prints them: name -> (evaluate's metric, cut at k?).
MEASURES = {
    "map": ("ap", False),
    "recip_rank": ("rr", False),
    "P": ("precision", True),
    "recall": ("recall", True),
    "ndcg": ("ndcg", False),
    "ndcg_cut": ("ndcg", True),
    "map_cut": ("ap", True),
    "set_P": ("precision", False),
    "rbp": ("rbp", False),
    "rbp_resid": ("rbp_residual", False),
}
#: trec_eval's persistence for ``rbp`` and ``rbp_resid``.
RBP_P = 0.9


def parse_measures(specs: Sequence[str], gain: Gain) -> tuple[list[Measure], list[str]]:
    """Turn the ``-m`` values into measures, as trec_eval does; also return notes.

    Each measure name is printed once, with the parameters of the first value that gives
    any; a later value with other parameters is an error (trec_eval would ignore it).
    The notes say where a value was read as trec_eval reads it but not as typed.
    """
    params: dict[str, str | None] = {}
    for spec in specs:
        head, dot, given = spec.partition(".")
        if head not in MEASURES:
            raise UsageError(
                f"-m {spec!r}: the measures are ndcg, ndcg.GAINS, ndcg_cut.K1,K2,..., "
                "P.K1,K2,..., recall.K1,..., map, map_cut.K1,..., recip_rank, set_P, rbp "
                "and rbp_resid"
            )
        if dot and not given:
            raise UsageError(f"-m {spec!r}: nothing after the '.'; give parameters or no '.'")
        if dot and head != "ndcg" and not MEASURES[head][1]:
            raise UsageError(
                f"-m {spec!r}: {head} takes no parameters here"
                + (f" (its persistence is trec_eval's {RBP_P})" if head.startswith("rbp") else "")
            )
        first = params.get(head)
        if first is not None and dot and sorted(given.split(",")) != sorted(first.split(",")):
            raise UsageError(
                f"-m {head} is given two parameter lists, {first!r} and {given!r}; give "
                f"one (trec_eval would silently use the first)"
            )
        params[head] = first if first is not None else (given if dot else None)
    measures: list[Measure] = []
    notes: list[str] = []
    for head in (m for m in MEASURES if m in params):
        given = params[head]
        metric, cut = MEASURES[head]
        if head == "ndcg":
            measures.append(
                Measure("ndcg", None, gain)
                if given is None
                else Measure(f"ndcg_{given}", None, parse_gain_map(given))
            )
        elif not cut:
            measures.append(Measure(head, None, gain, metric))
        else:
            cutoffs = DEFAULT_CUTOFFS if given is None else _cutoffs(given, notes)
            measures += [Measure(f"{head}_{k}", k, gain, metric) for k in cutoffs]
    return measures, notes


def _cutoffs(text: str, notes: list[str]) -> tuple[int, ...]:
    """trec_eval's cutoff list: integers (a fraction cut off), > 0, sorted, each once."""
    cutoffs = []
    for item in text.split(","):
        match = _CUTOFF.fullmatch(item)
        if not match or int(match.group(1)) == 0:
            raise UsageError(f"cutoff {item!r} in {text!r} must be a positive integer")
        # Beyond 64 bits trec_eval saturates (prints ndcg_cut_9223372036854775807): refused,
        # by the same rule as -l and the relevance column.
        whole = parse_int(match.group(1), f"cutoff {item!r} in {text!r}", "the cutoff")
        if match.group(2):
            notes.append(f"cutoff {item!r} read as {whole}, as trec_eval reads it")
        cutoffs.append(whole)
    repeated = sorted({k for k in cutoffs if cutoffs.count(k) > 1})
    if repeated:
        raise UsageError(
            f"cutoff {repeated[0]} is given twice in {text!r} (trec_eval refuses it too)"
        )
    return tuple(sorted(cutoffs))


def _complete_gain(gain: Gain, qrels: pd.DataFrame) -> Gain:
    # trec_eval: a level missing from the map keeps its own value as its gain.
    if isinstance(gain, dict):
        levels = qrels["relevance"][qrels["relevance"] >= 0].unique()
        return {int(level): float(level) for level in levels} | gain
    return gain


def compute(
    qrels: pd.DataFrame,
    run: pd.DataFrame,
    measures: Sequence[Measure],
    complete: bool,
    judged_only: bool = False,
    level: float = 1,
) -> pd.DataFrame:
    """One row per query, one column per measure (named as trec_eval names it).

    ``judged_only`` is trec_eval's ``-J``: unjudged documents leave the run before scoring;
    ``level`` is its ``-l``, the lowest grade that the binary measures count as relevant.
    """
    by_gain: dict[str, list[Measure]] = {}
    for measure in measures:
        # NDCG reads the grades through a gain; the others only relevant or not, at -l.
        key = repr(measure.gain) if measure.metric == "ndcg" else "binary"
        by_gain.setdefault(key, []).append(measure)
    parts = []
    for key, group in by_gain.items():
        judged = binary_at(qrels, level) if key == "binary" else qrels
        gain = _complete_gain(group[0].gain, judged)
        ks = list(dict.fromkeys(m.k for m in group))
        result = evaluate(
            judged,
            run,
            k=ks,
            gain=gain,
            missing="zero" if complete else "skip",
            unjudged="condense" if judged_only else "zero",
            metrics=list(dict.fromkeys(m.metric for m in group)),
            threshold=1,
            p=RBP_P,
        )
        result = result.rename(
            columns={(m.metric if m.k is None else f"{m.metric}@{m.k}"): m.name for m in group}
        )
        parts.append(result.set_index("query_id")[[m.name for m in group]])
    table = pd.concat(parts, axis=1)
    return table[[m.name for m in measures]]


def trec_mean(table: pd.DataFrame) -> pd.Series:
    """Each column's mean as trec_eval takes it: queries added one by one, in order.

    trec_eval adds every query's value to a running total in the order it evaluates
    them (query ids sorted as bytes, the table's order) and divides once. pandas' mean
    sums pairwise, which can round differently in the last bit and so print another
    fourth decimal (0.4563 where trec_eval prints 0.4562). ``np.add.accumulate`` adds
    strictly in order.

    Examples
    --------
    >>> trec_mean(pd.DataFrame({"P_10": [0.1, 0.2, 0.3]})).tolist()
    [0.20000000000000004]

    """
    values = table.to_numpy(dtype=np.float64)
    total = np.add.accumulate(values, axis=0)[-1] if len(values) else np.zeros(values.shape[1])
    return pd.Series(total / max(len(values), 1), index=table.columns)


def binary_at(qrels: pd.DataFrame, level: int) -> pd.DataFrame:
    """Make the judgments binary at relevance level ``level``: 1 from it on, else 0.

    A negative grade (a document of the pool never judged) stays as it is. This is how
    trec_eval's binary measures read ``-l``, and it lets ``-l 0`` count every judged
    document as relevant, as trec_eval does, where the library's ``threshold`` (which
    never calls a grade of 0 relevant) would refuse 0.

    Examples
    --------
    >>> qrels = pd.DataFrame({"query_id": "q", "doc_id": list("abcd"),
    ...                       "relevance": [3, 1, 0, -1]})
    >>> binary_at(qrels, 2)["relevance"].tolist(), binary_at(qrels, 0)["relevance"].tolist()
    ([1, 0, 0, -1], [1, 1, 1, -1])

    """
    grades = qrels["relevance"].to_numpy()
    binary = np.where(grades < 0, grades, (grades >= level).astype(grades.dtype))
    return qrels.assign(relevance=binary)


def format_trec(table: pd.DataFrame, per_query: bool) -> str:
    """trec_eval's text report: ``measure<TAB>query<TAB>value`` with 4 decimals."""
    lines = []
    if per_query:
        for query, row in table.iterrows():
            lines += [f"{name:<{NAME_WIDTH}}\t{query}\t{value:.4f}" for name, value in row.items()]
    for name, value in trec_mean(table).items():
        lines.append(f"{name:<{NAME_WIDTH}}\tall\t{value:.4f}")
    return "\n".join(lines) + "\n"


def format_json(table: pd.DataFrame, per_query: bool) -> str:
    """Full-precision JSON: ``{"all": {...}}`` plus ``"queries"`` with ``-q``.

    Strict JSON: a value that is not finite is an error here, never written as ``NaN``.
    """
    report: dict[str, object] = {"all": {k: float(v) for k, v in trec_mean(table).items()}}
    if per_query:
        report["queries"] = {
            str(q): {k: float(v) for k, v in row.items()} for q, row in table.iterrows()
        }
    return json.dumps(report, indent=2, allow_nan=False) + "\n"


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser of ``python -m ndcg``."""
    parser = argparse.ArgumentParser(
        prog="python -m ndcg",
        description="NDCG of a TREC run against TREC qrels, reported as trec_eval does.",
    )
    parser.add_argument("qrels", metavar="QRELS", help="judgments: query_id iter doc_id rel")
    parser.add_argument(
        "run",
        metavar="RUN",
        help="run: query_id Q0 doc_id rank score run_id ('-' reads standard input)",
    )
    parser.add_argument("-q", action="store_true", help="also print every query, then 'all'")
    parser.add_argument(
        "-c", action="store_true", help="score queries of QRELS missing from RUN as 0"
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
        help="lowest grade the binary measures (P, recall, map, recip_rank, rbp) count as "
        "relevant (default 1; 0 counts every judged document)",
    )
    parser.add_argument(
        "-m",
        action="append",
        metavar="MEASURE",
        help="ndcg, ndcg.1=3,2=9 (per-level gains), ndcg_cut.5,10, P.5,10, recall.5,10, "
        "map, map_cut.5,10, recip_rank, set_P, rbp or rbp_resid (repeatable; default: ndcg "
        "and ndcg_cut at trec_eval's cutoffs)",
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
        "(unlisted levels keep their value)",
    )
    parser.add_argument("--json", action="store_true", help="JSON with full precision")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (2 for any input error)."""
    args = build_parser().parse_args(argv)
    try:
        gain = _gain_option(args.gain)
        specs = list(args.m or [])
        for value in args.k or []:
            if not value:
                raise UsageError("-k '': give a cutoff or a list of them, e.g. -k 10 or -k 5,10")
        if args.k:
            specs.append("ndcg_cut." + ",".join(args.k))
        measures, notes = parse_measures(specs or ["ndcg", "ndcg_cut"], gain)
        qrels = read_qrels(args.qrels)
        # trec_eval reads the run from standard input when it is named "-".
        run = read_run(sys.stdin.buffer if args.run == "-" else args.run)
        run_name = "<stdin>" if args.run == "-" else args.run
        for frame, path, what in ((qrels, args.qrels, "judgment"), (run, run_name, "result")):
            if frame.empty:
                raise UsageError(f"{path}: no {what} lines, nothing to evaluate")
        level = parse_int(args.l, "-l", "the relevance level")
        if level < 0:
            raise UsageError(
                f"-l {args.l}: the relevance level must be 0 or more; negative grades mark "
                "documents never judged, which are never relevant here (at a negative level "
                "trec_eval counts retrieved documents without a judgment as relevant)"
            )
        if not args.c and not qrels["query_id"].isin(run["query_id"]).any():
            raise UsageError(
                f"no query is in both {args.qrels} and {run_name}: nothing to evaluate "
                f"(-c would score every judged query, the missing ones as 0)"
            )
        table = compute(qrels, run, measures, complete=args.c, judged_only=args.J, level=level)
        text = format_json(table, args.q) if args.json else format_trec(table, args.q)
    except OSError as error:
        print(f"ndcg: cannot read {error.filename!r}: {error.strerror}", file=sys.stderr)
        return 2
    except (ValueError, TypeError) as error:
        print(f"ndcg: {error}", file=sys.stderr)
        return 2
    for note in notes:
        print(f"ndcg: note: {note}", file=sys.stderr)
    sys.stdout.write(text)
    return 0
