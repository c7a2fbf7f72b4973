"""trec_eval's report: its ``all`` line (mean, geometric mean, sum) and its text or JSON.

Taught in chapter 9, "NDCG in the wild" (trec_eval's report). The browser's copy is
``js/trec/report.js`` and ``report_json.js``.

trec_eval adds each query's value to an accumulator in the order it evaluates the queries
(``te_acc_meas_s``), then divides once (``te_calc_avg_meas_s``). The sums here are
running sums in that order, never numpy's pairwise ``sum``, so the ``all`` line is the
same double. ``n_queries`` is the divisor: the queries evaluated, or with ``-c`` every
query of the qrels.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ndcg import measures
from ndcg.trec.curves import MIN_GEO_MEAN, log_floor
from ndcg.trec.options import NAME_WIDTH, Column
from ndcg.trec.rows import Lines, as_columns


def running_sum(values: np.ndarray) -> float:
    """Add the values one after another, from 0.0, in the order given."""
    values = np.asarray(values, dtype=np.float64)
    return float(np.cumsum(values)[-1]) if values.size else 0.0


def _divisor(values: np.ndarray, n_queries: int | None) -> int:
    count = np.asarray(values).shape[0]
    if n_queries is None:
        return count
    if n_queries < count:
        raise ValueError(
            f"n_queries is {n_queries}, fewer than the {count} values given; pass the number "
            "of queries averaged over (with -c, every query of the qrels) or None"
        )
    return n_queries


def mean(values: np.ndarray, n_queries: int | None = None) -> float:
    """trec_eval's mean: the running sum over ``n_queries`` (the values' count by default).

    With ``-c``, queries of the qrels that the run lacks are evaluated on trec_eval's
    placeholder ranking and so are among ``values``; ``n_queries`` larger than the values
    serves callers that leave them out (they add 0).

    Examples
    --------
    >>> mean([0.5, 0.25]), mean([0.5, 0.25], n_queries=3)
    (0.375, 0.25)

    """
    n = _divisor(values, n_queries)
    return running_sum(values) / n if n else 0.0


def geometric_mean(logs: np.ndarray, n_queries: int | None = None) -> float:
    """trec_eval's geometric mean (``gm_map``, ``gm_bpref``) of per-query logarithms.

    ``logs`` are the per-query figures trec_eval keeps, ``log(max(value, 1e-5))``
    (:func:`ndcg.trec.curves.log_floor`); each query left out of ``logs`` but counted in
    ``n_queries`` adds ``log(1e-5)``, as trec_eval patches them under ``-c``.

    Examples
    --------
    >>> import numpy as np
    >>> round(geometric_mean(np.log([0.5, 0.125])), 12)
    0.25

    """
    n = _divisor(logs, n_queries)
    if not n:
        return 0.0
    total = running_sum(logs)
    missing = n - np.asarray(logs).shape[0]
    if missing:
        total += missing * math.log(MIN_GEO_MEAN)
    # The C library's exp and log, as trec_eval's: numpy's may differ in the last bit.
    return math.exp(total / n)


def total(values: np.ndarray) -> float:
    """Sum the counts (``num_ret``, ``num_rel_ret``, ...): their ``all`` figure.

    Examples
    --------
    >>> total([3.0, 4.0])
    7.0

    """
    return running_sum(values)


def num_rel_complete(judged: np.ndarray) -> float:
    """``num_rel``'s ``all`` figure under ``-c``: every grade above 0 in the whole qrels.

    trec_eval recounts the qrels here (``te_calc_avg_num_rel``) and counts grades ``> 0``
    whatever ``-l`` says, where each query's ``num_rel`` counts grades ``>= -l``.

    Examples
    --------
    >>> import numpy as np
    >>> num_rel_complete(np.array([[2.0, 1.0, 0.0], [1.0, -1.0, np.nan]]))
    3.0

    """
    return float(np.count_nonzero(np.asarray(judged) > 0))


@dataclass(frozen=True)
class Table:
    """The command line's result: one row per query, one column per measure.

    ``queries`` are the queries' ids in trec_eval's order; ``columns`` maps each
    measure's name (as trec_eval prints it) to its values, one per query.
    """

    queries: np.ndarray
    columns: dict[str, np.ndarray]

    def __len__(self) -> int:
        return int(self.queries.size)

    def __getitem__(self, name: str) -> np.ndarray:
        return self.columns[name]

    @staticmethod
    def joined(parts: Sequence[Table]) -> Table:
        """Join the tables of consecutive blocks of queries into one."""
        if len(parts) == 1:
            return parts[0]
        names = parts[0].columns
        return Table(
            np.concatenate([p.queries for p in parts]),
            {n: np.concatenate([p.columns[n] for p in parts]) for n in names},
        )


def summary(
    table: Table,
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
    >>> table = Table(np.array(["q1", "q2"]), {"gm_map": np.array([0.5, 0.0])})
    >>> summary(table, {"gm_map": gm})["gm_map"] < 0.003
    True

    """
    out: dict[str, object] = {}
    n = len(table)
    for name, column in table.columns.items():
        form = forms.get(name)
        how = "mean" if form is None else form.aggregate
        if how == "none":
            continue
        if name in (recounted or {}):
            out[name] = (recounted or {})[name]
        elif how == "name":
            out[name] = str(column[-1])
        elif how == "count":
            out[name] = n
        else:
            values = column.astype(np.float64)
            if how == "gmean":
                out[name] = geometric_mean(log_floor(values))
            elif how == "sum":
                out[name] = total(values)
            else:
                out[name] = mean(values)
    return out


def recount(qrels: Lines, chosen: Sequence[Column], complete: bool) -> dict[str, float]:
    """Return the ``all`` values trec_eval counts again from the qrels: ``num_rel`` with ``-c``.

    There trec_eval counts every judgment with a grade above 0, whatever ``-l`` says
    (``te_calc_avg_num_rel``), not the sum of each query's ``num_rel`` at ``-l``.

    Examples
    --------
    >>> import pandas as pd
    >>> qrels = pd.DataFrame({"query_id": "q", "doc_id": list("abc"), "relevance": [2, 1, 0]})
    >>> from ndcg.trec.options import parse_measures
    >>> chosen, _ = parse_measures(["num_rel"], "linear")
    >>> recount(qrels, chosen, complete=True), recount(qrels, chosen, complete=False)
    ({'num_rel': 2.0}, {})

    """
    if not complete:
        return {}
    judged = as_columns(qrels, "relevance").values.astype(np.float64)
    return {m.name: num_rel_complete(judged) for m in chosen if m.trec == "num_rel"}


def format_trec(
    table: Table,
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
        shown = _per_query(table, forms)
        for i, query in enumerate(table.queries.tolist()):
            lines += [_line(name, query, table[name][i], forms.get(name)) for name in shown]
    for name, value in summary(table, forms, recounted).items():
        lines.append(_line(name, "all", value, forms.get(name)))
    return "\n".join(lines) + "\n"


def _per_query(table: Table, forms: dict[str, measures.TrecName]) -> list[str]:
    """Return the columns a per-query line shows (trec_eval prints some on ``all`` only)."""
    return [name for name in table.columns if name not in forms or forms[name].per_query]


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
    table: Table,
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
        shown = _per_query(table, forms)
        report["queries"] = {
            str(q): {k: typed(k, table[k][i]) for k in shown}
            for i, q in enumerate(table.queries.tolist())
        }
    return json.dumps(report, indent=2, allow_nan=False) + "\n"
