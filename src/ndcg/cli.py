"""Command line: NDCG of a TREC run, printed as trec_eval prints it.

Taught in chapter 8, "NDCG in the wild" (TREC files and trec_eval's report).

Usage::

    python -m ndcg QRELS RUN [-q] [-c] [-J] [-m ndcg] [-m ndcg_cut.5,10] [-k 10] [--gain G] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pandas as pd

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
    """One printed measure: its trec_eval name, cutoff and gain."""

    name: str
    k: int | None
    gain: Gain


def parse_gain_map(text: str) -> dict[int, float]:
    """Parse trec_eval's per-level gains, e.g. ``"1=3,2=9,4=4.5"``.

    Examples
    --------
    >>> parse_gain_map("1=3,2=9,4=4.5")
    {1: 3.0, 2: 9.0, 4: 4.5}

    """
    gains: dict[int, float] = {}
    for item in text.split(","):
        level, sep, value = item.partition("=")
        try:
            if not sep:
                raise ValueError
            gains[int(level)] = float(value)
        except ValueError:
            raise UsageError(
                f"gain map {text!r}: each item must be level=gain with an integer level, "
                f"got {item!r}"
            ) from None
    return gains


def _gain_option(text: str) -> Gain:
    if text in ("linear", "exponential"):
        return text
    return parse_gain_map(text)


def parse_measure(text: str, gain: Gain) -> list[Measure]:
    """Turn one ``-m`` value into measures (``ndcg``, ``ndcg.GAINS``, ``ndcg_cut[.K,...]``)."""
    head, _, params = text.partition(".")
    if head == "ndcg":
        if not params:
            return [Measure("ndcg", None, gain)]
        return [Measure(f"ndcg_{params}", None, parse_gain_map(params))]
    if head == "ndcg_cut":
        cutoffs = DEFAULT_CUTOFFS if not params else tuple(_cutoff(p) for p in params.split(","))
        return [Measure(f"ndcg_cut_{k}", k, gain) for k in cutoffs]
    raise UsageError(f"-m {text!r}: the measures are ndcg, ndcg.GAINS and ndcg_cut.K1,K2,...")


def _unique_measures(measures: Iterable[Measure]) -> list[Measure]:
    # Each measure once, in order of first mention (-m ndcg_cut.5 -k 5 prints one line).
    unique: dict[str, Measure] = {}
    for measure in measures:
        unique.setdefault(measure.name, measure)
    return list(unique.values())


def _cutoff(text: str) -> int:
    if not text.isdigit() or int(text) == 0:
        raise UsageError(f"cutoff {text!r} must be a positive integer")
    return int(text)


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
) -> pd.DataFrame:
    """One row per query, one column per measure (named as trec_eval names it).

    ``judged_only`` is trec_eval's ``-J``: unjudged documents leave the run before scoring.
    """
    by_gain: dict[str, list[Measure]] = {}
    for measure in measures:
        by_gain.setdefault(repr(measure.gain), []).append(measure)
    parts = []
    for group in by_gain.values():
        gain = _complete_gain(group[0].gain, qrels)
        ks = list(dict.fromkeys(m.k for m in group))
        result = evaluate(
            qrels,
            run,
            k=ks,
            gain=gain,
            missing="zero" if complete else "skip",
            unjudged="condense" if judged_only else "zero",
        )
        result = result.rename(
            columns={("ndcg" if m.k is None else f"ndcg@{m.k}"): m.name for m in group}
        )
        parts.append(result.set_index("query_id")[[m.name for m in group]])
    table = pd.concat(parts, axis=1)
    return table[[m.name for m in measures]]


def format_trec(table: pd.DataFrame, per_query: bool) -> str:
    """trec_eval's text report: ``measure<TAB>query<TAB>value`` with 4 decimals."""
    lines = []
    if per_query:
        for query, row in table.iterrows():
            lines += [f"{name:<{NAME_WIDTH}}\t{query}\t{value:.4f}" for name, value in row.items()]
    for name, value in table.mean().items():
        lines.append(f"{name:<{NAME_WIDTH}}\tall\t{value:.4f}")
    return "\n".join(lines) + "\n"


def format_json(table: pd.DataFrame, per_query: bool) -> str:
    """Full-precision JSON: ``{"all": {...}}`` plus ``"queries"`` with ``-q``."""
    report: dict[str, object] = {"all": {k: float(v) for k, v in table.mean().items()}}
    if per_query:
        report["queries"] = {
            str(q): {k: float(v) for k, v in row.items()} for q, row in table.iterrows()
        }
    return json.dumps(report, indent=2) + "\n"


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser of ``python -m ndcg``."""
    parser = argparse.ArgumentParser(
        prog="python -m ndcg",
        description="NDCG of a TREC run against TREC qrels, reported as trec_eval does.",
    )
    parser.add_argument("qrels", metavar="QRELS", help="judgments: query_id iter doc_id rel")
    parser.add_argument("run", metavar="RUN", help="run: query_id Q0 doc_id rank score run_id")
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
        "-m",
        action="append",
        metavar="MEASURE",
        help="ndcg, ndcg.1=3,2=9 (per-level gains) or ndcg_cut.5,10 (repeatable; "
        "default: ndcg and ndcg_cut at trec_eval's cutoffs)",
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
        specs = (args.m or []) + [f"ndcg_cut.{k}" for k in args.k or []]
        specs = specs or ["ndcg", "ndcg_cut"]
        measures = _unique_measures(m for spec in specs for m in parse_measure(spec, gain))
        qrels = read_qrels(args.qrels)
        run = read_run(args.run)
        table = compute(qrels, run, measures, complete=args.c, judged_only=args.J)
    except OSError as error:
        print(f"ndcg: cannot read {error.filename}: {error.strerror}", file=sys.stderr)
        return 2
    except (ValueError, TypeError) as error:
        print(f"ndcg: {error}", file=sys.stderr)
        return 2
    text = format_json(table, args.q) if args.json else format_trec(table, args.q)
    sys.stdout.write(text)
    return 0
