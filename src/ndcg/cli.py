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
is read from standard input, as trec_eval reads it. Where trec_eval would silently read
something else than what was typed, this command stops and says so: see the README's list
of differences.

Every printed figure is computed with trec_eval's own operations, down to the order of
the additions (the ``all`` line adds the queries one by one, in query order), so that the
fourth decimal agrees; ``tests/test_trec_eval_oracle.py`` holds it to trec_eval itself and
``tests/test_trec_conformance.py`` to trec_eval's own test outputs.
"""

from __future__ import annotations

import argparse
import inspect
import io
import json
import math
import os
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

import numpy as np
import pandas as pd

from ndcg import _trec_aggregate as trec_aggregate
from ndcg import measures
from ndcg._scan import parse_float, parse_int
from ndcg._trec_curves import log_floor
from ndcg._trec_rbp import PERSISTENCE
from ndcg._trec_rows import evaluated_queries, trec_rows
from ndcg._typos import nearest_names, without_stray_commas
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
    """One printed measure: its printed name, cutoff and gain, its record and trec_eval name.

    ``param`` is what the measure's trec_eval parameters were read as (cutoffs, levels,
    numbers): one value shared by the columns of a measure, which its kernel computes at
    once; ``column`` is this one's place among them.
    """

    name: str
    k: int | None
    gain: Gain
    metric: str = "ndcg"
    trec: str = ""
    param: object = None
    column: int = 0

    @property
    def form(self) -> measures.TrecName:
        """trec_eval's way with this measure: its parameters, averaging and printing."""
        return measures.BY_TREC[self.trec][1]


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
#: Blanks inside one ``-m`` value: ASCII's, as the same class in options.js reads them.
_BLANK = re.compile(r"[ \t\n\r\f\v]+")


def _gain_option(text: str) -> Gain:
    if text in ("linear", "exponential"):
        return text
    return parse_gain_map(text)


#: The measures this command computes, by trec_eval name, in the order trec_eval prints them.
MEASURES = {name: measures.BY_TREC[name] for name in measures.ALL_TREC if name in measures.BY_TREC}
#: trec_eval's names for sets of measures.
NICKNAMES = {"all_trec": measures.ALL_TREC, "official": measures.OFFICIAL}
#: trec_eval's measures not computed here yet: left out of a set, refused by name.
MISSING = tuple(name for name in measures.ALL_TREC if name not in MEASURES)
#: trec_eval's persistence for ``rbp`` and ``rbp_resid``.
RBP_P = PERSISTENCE


#: Every name ``-m`` takes: the measures and trec_eval's sets, for the nearest to a typo.
NAMES = (*MEASURES, *NICKNAMES)
#: The library's names of measures (``ndcg.evaluate``'s and the kernels'), with trec_eval's
#: for each (none for ERR): ``-m precision`` is told of ``P``, ``-m err`` that trec_eval lacks it.
LIBRARY = {
    m.name: [form.name for form in m.trec]
    for m in measures.REGISTRY
    if m.name not in MEASURES and (m.evaluate or m.trec)
}
#: How the page and the README point to every measure's name.
WHERE_LISTED = "-m all_trec prints every measure; the README's table lists them"


def _unknown(spec: str, head: str) -> str:
    """Say that ``head`` names no measure, and what was probably meant."""
    name, at, k = spec.partition("@")
    if at and k:  # ndcg@10, P@5: the papers' way of writing a cutoff
        cut = f"{name}_cut" if f"{name}_cut" in MEASURES else name
        if cut in MEASURES and MEASURES[cut][1].params == "cutoffs":
            return f"a cutoff is written after a '.': {cut}.{k}"
    nearest = nearest_names(head, NAMES)
    said = f"no measure is called {head!r}"
    if head in MISSING:
        said = f"{head} is trec_eval's, not computed here yet"
        nearest = [n for n in nearest if n != head]
    elif head.lower() in LIBRARY:  # err, precision: the library's names, not trec_eval's
        trec = LIBRARY[head.lower()]
        said = (f"{head} is the library's name for trec_eval's {', '.join(trec)}" if trec else
                f"{head} is the library's (ndcg.evaluate), not trec_eval's, whose measures "
                f"this report prints")  # fmt: skip
    if nearest:
        said += f"; the nearest names are {', '.join(nearest)}"
    return f"{said} ({WHERE_LISTED})"


def parse_measures(
    specs: Sequence[str], gain: Gain, labels: Sequence[str] | None = None
) -> tuple[list[Measure], list[str]]:
    """Turn the ``-m`` values into measures, as trec_eval does; also return notes.

    Each measure name is printed once, with the parameters of the first value that gives
    any; a later value with other parameters is an error (trec_eval would ignore it).
    ``all_trec`` and ``official`` name trec_eval's sets. The notes say where a value was
    read as trec_eval reads it but not as typed, and which measures of a set are not
    computed here. ``labels`` names each value in the messages as it was typed (default
    ``-m 'VALUE'``); every message names the value and says how to write it.
    """
    params: dict[str, str | None] = {}
    given_by: dict[str, str] = {}  # the label of the value that gave a measure's parameters
    notes: list[str] = []
    for n, spec in enumerate(specs):
        label = f"-m {spec!r}" if labels is None else labels[n]
        head, dot, given = spec.partition(".")
        if _BLANK.search(spec):  # -m 'ndcg_cut.10 map': the page's field typed on the CLI
            parts = [
                without_stray_commas(part, NAMES) or part for part in _BLANK.split(spec) if part
            ]
            each = [measure for part in parts for measure in part.split(" ")]
            raise UsageError(f"{label}: give each measure its own -m: -m {' -m '.join(each)}")
        meant = without_stray_commas(spec, NAMES)
        if meant is not None:
            raise UsageError(
                f"{label}: a stray comma; write {meant} (separate measures with spaces, not "
                f"commas; on the command line, give each its own -m)"
            )
        if head in NICKNAMES and dot:
            raise UsageError(f"{label}: {head} is a set of measures and takes no parameters; "
                             f"write {head}")  # fmt: skip
        if head in NICKNAMES:
            left = [name for name in NICKNAMES[head] if name in MISSING]
            if left:
                notes.append(f"-m {head}: not computed here yet, left out: {', '.join(left)}")
            for name in NICKNAMES[head]:
                if name in MEASURES:
                    params.setdefault(name, None)
            continue
        if head not in MEASURES:
            raise UsageError(f"{label}: {_unknown(spec, head)}")
        if dot and not given:
            raise UsageError(f"{label}: nothing after the '.'; give parameters or write {head}")
        if dot and MEASURES[head][1].params == "none":
            cut = f"{head}_cut"
            raise UsageError(
                f"{label}: {head} takes no parameters here"
                + (f" (its persistence is trec_eval's {RBP_P})" if head.startswith("rbp") else "")
                + f"; write {head}"
                + (f", or {cut}.{given} for a cutoff" if cut in MEASURES else "")
            )
        first = params.get(head)
        if first is not None and dot and sorted(given.split(",")) != sorted(first.split(",")):
            merged = ",".join(dict.fromkeys(first.split(",") + given.split(",")))
            one = f"{head}.{merged}" if MEASURES[head][1].params in ("cutoffs", "levels") else ""
            raise UsageError(
                f"{label}: {head} has its parameters from {given_by[head]} already; give one "
                f"list{f', e.g. {one}' if one else ''} (trec_eval would silently use the first)"
            )
        if first is None and dot:
            given_by[head] = label
        params[head] = first if first is not None else (given if dot else None)
    columns: list[Measure] = []
    for head in (m for m in MEASURES if m in params):
        columns += _columns(head, params[head], gain, notes, given_by.get(head, f"-m {head}"))
    return columns, notes


def _columns(
    head: str, given: str | None, gain: Gain, notes: list[str], label: str
) -> list[Measure]:
    """Return the printed columns of one measure, named as trec_eval names them.

    ``label`` names the ``-m`` value that gave the parameters, in messages and notes.
    """
    record, form = MEASURES[head]
    text = form.defaults if given is None else given
    if form.params == "gains":
        if given is None:
            return [Measure(head, None, gain, record.name, head)]
        try:
            levels = parse_gain_map(given)
        except ValueError as error:
            cut = f"{head}_cut"  # ndcg.10: NDCG at 10 was meant
            hint = (f"; for a cutoff, write {cut}.{given}"
                    if cut in MEASURES and re.fullmatch(r"[0-9,]+", given) else "")  # fmt: skip
            raise UsageError(f"{label}: {error}{hint}") from None
        return [Measure(f"{head}_{given}", None, levels, record.name, head, levels)]
    if form.params == "cutoffs":
        cutoffs = _cutoffs(text, notes, head, label)
        return [
            Measure(f"{head}_{k}", k if form.cut else None, gain, record.name, head, cutoffs, j)
            for j, k in enumerate(cutoffs)
        ]
    if form.params == "levels":
        levels = _levels(text, label)
        return [
            Measure(f"{head}_{x:3.2f}", None, gain, record.name, head, levels, j)
            for j, x in enumerate(levels)
        ]
    if form.params == "numbers":
        values = _numbers(text, label)
        return [Measure(head if given is None else f"{head}_{given}", None, gain, record.name,
                        head, values)]  # fmt: skip
    if form.params == "number":
        numbers = _numbers(text, label)
        if len(numbers) != 1:
            raise UsageError(f"{label}: {head} takes one number, got {len(numbers)}; write "
                             f"e.g. {head}.{text.split(',')[0]}")  # fmt: skip
        value = int(numbers[0]) if numbers[0].is_integer() else numbers[0]  # relstring.20
        return [Measure(head if given is None else f"{head}_{given}", None, gain, record.name,
                        head, value)]  # fmt: skip
    return [Measure(head, None, gain, record.name, head)]


def _levels(text: str, label: str) -> tuple[float, ...]:
    """trec_eval's list of numbers read as cutoffs (``0.2,0.4``): sorted, each once."""
    levels = sorted(_numbers(text, label))
    repeated = sorted({x for x in levels if levels.count(x) > 1})
    if repeated:
        raise UsageError(
            f"{label}: {repeated[0]} is given twice (trec_eval refuses it too); give each once"
        )
    return tuple(levels)


def _numbers(text: str, label: str) -> tuple[float, ...]:
    return tuple(parse_float(item, label, f"the parameter {item!r}") for item in text.split(","))


def _cutoffs(text: str, notes: list[str], head: str, label: str) -> tuple[int, ...]:
    """trec_eval's cutoff list: integers (a fraction cut off), > 0, sorted, each once."""
    cutoffs = []
    for item in text.split(","):
        match = _CUTOFF.fullmatch(item)
        if not match or int(match.group(1)) == 0:
            raise UsageError(
                f"{label}: the cutoff {item!r} is not a whole number of 1 or more; write "
                f"whole numbers separated by commas, e.g. {head}.5,10"
            )
        # Beyond 64 bits trec_eval saturates (prints ndcg_cut_9223372036854775807): refused,
        # by the same rule as -l and the relevance column.
        whole = parse_int(match.group(1), label, "the cutoff")
        if match.group(2):
            notes.append(f"{label}: cutoff {item!r} read as {whole}, as trec_eval reads it")
        cutoffs.append(whole)
    repeated = sorted({k for k in cutoffs if cutoffs.count(k) > 1})
    if repeated:
        once = ",".join(str(k) for k in sorted(set(cutoffs)))
        raise UsageError(
            f"{label}: cutoff {repeated[0]} is given twice (trec_eval refuses it too); give "
            f"each once: {head}.{once}"
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
    measures_: Sequence[Measure],
    complete: bool,
    judged_only: bool = False,
    level: float = 1,
    run_id: str = "",
) -> pd.DataFrame:
    """One row per query, one column per measure (named as trec_eval names it).

    ``judged_only`` is trec_eval's ``-J``: unjudged documents leave the run before scoring;
    ``level`` is its ``-l``, the lowest grade that the binary measures count as relevant.
    The library's measures are computed by :func:`ndcg.evaluate`, trec_eval's own by
    their row kernels on trec_eval's rows (:mod:`ndcg._trec_rows`); ``runid`` is
    ``run_id`` and ``num_q`` counts the rows.
    """
    queries = evaluated_queries(qrels, run, complete)
    columns: dict[str, pd.Series] = {}
    by_gain: dict[str, list[Measure]] = {}
    kernels: list[Measure] = []
    for measure in measures_:
        record = measures.BY_NAME[measure.metric]
        if record.evaluate:
            # NDCG reads the grades through a gain; the others only relevant or not, at -l.
            key = repr(measure.gain) if measure.metric == "ndcg" else "binary"
            by_gain.setdefault(key, []).append(measure)
        elif record.kernel is not None:
            kernels.append(measure)
        else:
            value = run_id if measure.trec == "runid" else 1
            columns[measure.name] = pd.Series(value, index=queries)
    for key, group in by_gain.items():
        judged = binary_at(qrels, level) if key == "binary" else qrels
        gain = _complete_gain(group[0].gain, judged)
        result = evaluate(
            judged,
            run,
            k=list(dict.fromkeys(m.k for m in group)),
            gain=gain,
            missing="zero" if complete else "skip",
            unjudged="condense" if judged_only else "zero",
            metrics=list(dict.fromkeys(m.metric for m in group)),
            threshold=1,
            p=RBP_P,
        )
        result.index = result.pop("query_id").astype(str).to_numpy()
        if set(result.index) != set(queries):
            raise RuntimeError(f"evaluate scored {list(result.index)}, not {list(queries)}")
        for m in group:
            columns[m.name] = result[measures.column_name(m.k, m.metric)].reindex(queries)
    if kernels:
        rows = trec_rows(qrels, run, queries, judged_only)
        context: dict[str, object] = {
            "ranked": rows.ranked,
            "n_ranked": rows.n_ranked,
            "judged": rows.judged,
            "threshold": float(level),
        }
        done: dict[tuple[str, str], np.ndarray] = {}
        for m in kernels:
            key = (m.trec, repr(m.param))
            if key not in done:
                done[key] = _run_kernel(m, context)
            values = done[key].copy()
            cleared = m.form.cleared
            if cleared == "all" or (cleared == "bare" and m.name == m.trec):  # trec_eval's
                # clean-up after its stand-in ranking
                values[rows.stand_in] = "" if values.dtype.kind == "U" else 0.0
            columns[m.name] = pd.Series(values if values.ndim == 1 else values[:, m.column],
                                        index=queries)  # fmt: skip
    return pd.DataFrame(columns, index=queries)[[m.name for m in measures_]]


def _run_kernel(measure: Measure, context: dict[str, object]) -> np.ndarray:
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


def summary(
    table: pd.DataFrame,
    forms: dict[str, measures.TrecName],
    recounted: dict[str, float] | None = None,
) -> dict[str, object]:
    """Return the ``all`` value of each column that has one, as trec_eval combines it.

    ``forms`` gives each column's trec_eval form (see :data:`ndcg.measures.Aggregate`); a
    column without one is a mean. ``recounted`` holds the ``all`` values that trec_eval
    counts again from the qrels instead of combining the queries' (:func:`recount`).

    Examples
    --------
    >>> gm = measures.BY_TREC["gm_map"][1]
    >>> summary(pd.DataFrame({"gm_map": [0.5, 0.0]}), {"gm_map": gm})["gm_map"] < 0.003
    True

    """
    out: dict[str, object] = {}
    n = len(table)
    for name in table.columns:
        form = forms.get(name)
        how = "mean" if form is None else form.aggregate
        if how == "none":
            continue
        if name in (recounted or {}):
            out[name] = (recounted or {})[name]
        elif how == "name":
            out[name] = str(table[name].iloc[-1])
        elif how == "count":
            out[name] = n
        else:
            values = table[name].to_numpy(dtype=np.float64)
            if how == "gmean":
                out[name] = trec_aggregate.geometric_mean(log_floor(values))
            elif how == "sum":
                out[name] = trec_aggregate.total(values)
            else:
                out[name] = trec_aggregate.mean(values)
    return out


def recount(qrels: pd.DataFrame, chosen: Sequence[Measure], complete: bool) -> dict[str, float]:
    """Return the ``all`` values trec_eval counts again from the qrels: ``num_rel`` with ``-c``.

    There trec_eval counts every judgment with a grade above 0, whatever ``-l`` says
    (``te_calc_avg_num_rel``), not the sum of each query's ``num_rel`` at ``-l``.

    Examples
    --------
    >>> qrels = pd.DataFrame({"query_id": "q", "doc_id": list("abc"), "relevance": [2, 1, 0]})
    >>> chosen, _ = parse_measures(["num_rel"], "linear")
    >>> recount(qrels, chosen, complete=True), recount(qrels, chosen, complete=False)
    ({'num_rel': 2.0}, {})

    """
    if not complete:
        return {}
    judged = qrels["relevance"].to_numpy(dtype=np.float64)
    return {m.name: trec_aggregate.num_rel_complete(judged) for m in chosen if m.trec == "num_rel"}


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


def format_trec(
    table: pd.DataFrame,
    per_query: bool,
    forms: dict[str, measures.TrecName] | None = None,
    recounted: dict[str, float] | None = None,
) -> str:
    """trec_eval's text report: ``measure<TAB>query<TAB>value``, each value as it prints it.

    ``recounted``: ``all`` values counted from the qrels (:func:`recount`).
    """
    forms = forms or {}
    lines = []
    if per_query:
        shown = [name for name in table.columns if name not in forms or forms[name].per_query]
        for query, row in table[shown].iterrows():
            lines += [_line(name, query, value, forms.get(name)) for name, value in row.items()]
    for name, value in summary(table, forms, recounted).items():
        lines.append(_line(name, "all", value, forms.get(name)))
    return "\n".join(lines) + "\n"


def _line(name: str, query: object, value: object, form: measures.TrecName | None) -> str:
    printed = "float" if form is None else form.printed
    if printed == "integer":
        text = f"{int(value)}"  # type: ignore[call-overload]
    elif printed == "quoted":
        text = f"'{value}'"
    elif printed == "string":
        text = f"{value}"
    elif value != value:  # NaN, printed as C's printf prints it: with its sign (0/0 is -nan)
        text = f"{'-nan' if math.copysign(1.0, value) < 0 else 'nan':>6}"  # type: ignore[arg-type]
    else:
        text = f"{value:6.4f}"
    return f"{name:<{NAME_WIDTH}}\t{query}\t{text}"


def format_json(
    table: pd.DataFrame,
    per_query: bool,
    forms: dict[str, measures.TrecName] | None = None,
    recounted: dict[str, float] | None = None,
) -> str:
    """Full-precision JSON: ``{"all": {...}}`` plus ``"queries"`` with ``-q``.

    ``recounted``: ``all`` values counted from the qrels (:func:`recount`).

    Strict JSON: a value that is not finite is an error here, never written as ``NaN``,
    except where trec_eval itself divides 0 by 0 for a measure of its own (interpolated
    precision of a query left with no document by ``-J``; it prints ``nan``): that value
    is ``null``.
    """
    forms = forms or {}

    def typed(name: str, value: object) -> object:
        printed = "float" if name not in forms else forms[name].printed
        if printed in ("string", "quoted"):
            return str(value)
        if printed == "integer":
            return int(value)  # type: ignore[call-overload]
        number = float(value)  # type: ignore[arg-type]
        return None if name in forms and np.isnan(number) else number

    totals = summary(table, forms, recounted)
    report: dict[str, object] = {"all": {k: typed(k, v) for k, v in totals.items()}}
    if per_query:
        shown = [name for name in table.columns if name not in forms or forms[name].per_query]
        report["queries"] = {
            str(q): {k: typed(k, v) for k, v in row.items()} for q, row in table[shown].iterrows()
        }
    return json.dumps(report, indent=2, allow_nan=False) + "\n"


class _Tail(io.RawIOBase):
    """A binary stream that keeps the last bytes read from it (the run's last line)."""

    KEEP = 65536

    def __init__(self, stream: BinaryIO) -> None:
        super().__init__()
        self.stream = stream
        self.name = getattr(stream, "name", "<stdin>")
        self.tail = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        got = self.stream.readinto(buffer) or 0
        self.tail = (self.tail + bytes(buffer[:got]))[-self.KEEP :]
        return got


def _last_run_id(path: str, stdin: bytes) -> str:
    """Return the run id (sixth field) of the last result line, which trec_eval keeps.

    Read from the end of the file: the run was read and checked whole already.
    """
    if path == "-":
        tail = stdin
    else:
        with open(path, "rb") as file:
            size = file.seek(0, os.SEEK_END)
            file.seek(max(0, size - 65536))
            tail = file.read()
    for line in reversed(tail.splitlines()):
        fields = line.split()
        if len(fields) >= 6 and not line.lstrip().startswith(b"#"):
            return fields[5].decode("utf-8", "replace")
    return ""


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser of ``python -m ndcg``."""
    parser = argparse.ArgumentParser(
        prog="python -m ndcg",
        description="NDCG and trec_eval's other measures of a TREC run against TREC qrels, "
        "reported as trec_eval does.",
    )
    parser.add_argument("qrels", metavar="QRELS", help="judgments: query_id iter doc_id rel")
    parser.add_argument(
        "run",
        metavar="RUN",
        help="run: query_id Q0 doc_id rank score run_id ('-' reads standard input)",
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
            if _BLANK.search(value):
                cuts = ",".join(part for part in _BLANK.split(value) if part)
                raise UsageError(f"-k {value!r}: separate cutoffs with commas: -k {cuts}")
            kept = [item for item in value.split(",") if item]
            if len(kept) < value.count(",") + 1:  # -k 5, : an empty cutoff
                write = f"write -k {','.join(kept)}" if kept else "give a cutoff, e.g. -k 10"
                raise UsageError(f"-k {value!r}: a stray comma; {write}")
        labels = [f"-m {spec!r}" for spec in specs]
        if args.k:
            specs.append("ndcg_cut." + ",".join(args.k))
            labels.append(" ".join(f"-k {value!r}" for value in args.k))
        # No -m: trec_eval's official measures, as trec_eval prints them.
        chosen, notes = parse_measures(specs or ["official"], gain, labels or None)
        qrels = read_qrels(args.qrels)
        # trec_eval reads the run from standard input when it is named "-".
        stdin = _Tail(sys.stdin.buffer)
        run = read_run(stdin if args.run == "-" else args.run)
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
        run_id = (
            _last_run_id(args.run, stdin.tail) if any(m.trec == "runid" for m in chosen) else ""
        )
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
    for note in notes:
        print(f"ndcg: note: {note}", file=sys.stderr)
    sys.stdout.write(text)
    return 0
