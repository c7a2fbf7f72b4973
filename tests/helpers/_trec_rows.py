"""Collections in trec_eval's files, turned into the rows of the measure kernels.

The rows are formed as ``te_form_res_rels`` forms them, independently of the library's
readers: the run sorted by score descending, then docno descending (byte order), each
document's qrels grade (NaN if the qrels lack it), and every grade the qrels give the
query, sorted descending. Then every kernel of trec_eval's ``all_trec`` set is computed
and keyed by trec_eval's printed names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from ndcg.trec import counts, curves, rbp
from ndcg.trec import gains as graded
from ndcg.trec import report as aggregate

SUCCESS = (1, 5, 10)
CUTOFFS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)
UNJ = (5, 10, 20)
MULTIPLES = (0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0)


@dataclass
class Rows:
    queries: list[str]
    ranked: np.ndarray
    n_ranked: np.ndarray
    judged: np.ndarray


def read_qrels(text: str) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for line in text.splitlines():
        if line.strip():
            q, _, d, g = line.split()
            out.setdefault(q, {})[d] = int(g)
    return out


def read_run(text: str) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for line in text.splitlines():
        if line.strip():
            q, _, d, _, s, *_ = line.split()
            out.setdefault(q, {})[d] = float(s)
    return out


#: What trec_eval ranks for a query of the qrels that the run lacks, under ``-c``: one
#: document, never judged ("ceci_nest_pas_un_docno", score 1).
PLACEHOLDER = {"ceci_nest_pas_un_docno": 1.0}


def rows(
    judged: Mapping[str, Mapping[str, int]],
    run: Mapping[str, Mapping[str, float]],
    complete: bool = False,
    judged_only: bool = False,
) -> Rows:
    """Rows in trec_eval's order (qids sorted as bytes): the queries in both, or with
    ``complete`` (``-c``) every query of the qrels, missing ones on the placeholder. With
    ``judged_only`` (``-J``) the documents without a grade >= 0 leave the ranking."""
    if complete:
        run = {q: run.get(q, PLACEHOLDER) for q in judged}
    queries = sorted((q for q in judged if q in run), key=lambda q: q.encode())
    width = max([len(run[q]) for q in queries], default=0)
    depth = max([len(judged[q]) for q in queries], default=0)
    ranked = np.full((len(queries), width), np.nan)
    pool = np.full((len(queries), depth), np.nan)
    n = np.zeros(len(queries), dtype=np.int64)
    for i, q in enumerate(queries):
        docs = sorted(run[q].items(), key=lambda item: item[0].encode(), reverse=True)
        docs.sort(key=lambda item: -item[1])  # stable: docno descending inside a tie
        grades = [judged[q].get(d, np.nan) for d, _ in docs]
        if judged_only:
            grades = [g for g in grades if g >= 0]
        ranked[i, : len(grades)] = grades
        n[i] = len(grades)
        values = sorted(judged[q].values(), reverse=True)
        pool[i, : len(values)] = values
    return Rows(queries, ranked, n, pool)


@dataclass(frozen=True)
class Params:
    """Measure parameters as trec_eval takes them (its defaults unless ``-m name.params``).

    ``texts`` holds the parameter text of each measure given one, which trec_eval appends
    to the printed name of the measures that take a single set of parameters.
    """

    success: tuple[int, ...] = SUCCESS
    relative_p: tuple[int, ...] = CUTOFFS
    unj: tuple[int, ...] = UNJ
    multiples: tuple[float, ...] = MULTIPLES
    levels: tuple[float, ...] = curves.RECALL_LEVELS
    eleven: tuple[float, ...] = curves.RECALL_LEVELS
    beta: float = 1.0
    coefficients: tuple[float, ...] = counts.UTILITY
    n_docs: int = 0
    length: int = 10
    gains: dict[str, dict[int, float] | None] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)

    def name(self, measure: str) -> str:
        text = self.texts.get(measure)
        return measure if text is None else f"{measure}_{text}"


def measures(r: Rows, threshold: float, p: Params = Params()) -> dict[str, np.ndarray | list[str]]:
    """Every kernel's per-query values (the log for gm_*), keyed by trec_eval's name."""
    t = counts.tally(r.ranked, r.n_ranked, r.judged, threshold)
    ranked, n, judged = r.ranked, r.n_ranked, r.judged
    out: dict[str, np.ndarray | list[str]] = {
        "num_ret": t.num_ret,
        "num_rel": t.num_rel,
        "num_rel_ret": t.num_rel_ret,
        "num_nonrel_judged_ret": counts.num_nonrel_judged_ret_rows(t),
        "Rprec": counts.rprec_rows(ranked, t, threshold),
        p.name("set_F"): counts.set_f_rows(t, p.beta),
        "set_recall": counts.set_recall_rows(t),
        "set_map": counts.set_map_rows(t),
        "set_relative_P": counts.set_relative_p_rows(t),
        p.name("utility"): counts.utility_rows(t, p.coefficients, p.n_docs),
        p.name("relstring"): list(counts.relstring_rows(ranked, n, p.length)),
        "bpref": curves.bpref_rows(ranked, n, t, threshold),
        "gm_bpref": curves.log_floor(curves.bpref_rows(ranked, n, t, threshold)),
        "gm_map": curves.log_floor(curves.ap_rows(ranked, n, t, threshold)),
        "infAP": curves.infap_rows(ranked, n, t, threshold),
        "binG": curves.bin_g_rows(ranked, n, t, threshold),
        p.name("G"): graded.g_rows(ranked, n, judged, p.gains.get("G")),
        p.name("ndcg_rel"): graded.ndcg_rel_rows(ranked, n, judged, p.gains.get("ndcg_rel")),
        p.name("Rndcg"): graded.rndcg_rows(ranked, n, judged, t, p.gains.get("Rndcg")),
        "rbp": rbp.rbp_rows(ranked, n, judged),
        "rbp_resid": rbp.rbp_resid_rows(ranked, n),
    }
    eleven = curves.iprec_at_recall_rows(ranked, n, t, p.eleven, threshold)
    out[p.name("11pt_avg")] = curves.eleven_point_rows(eleven)
    columns = {
        "success": (p.success, counts.success_rows(ranked, p.success, threshold)),
        "relative_P": (p.relative_p, counts.relative_p_rows(ranked, t, p.relative_p, threshold)),
        "unj": (p.unj, counts.unj_rows(ranked, n, p.unj)),
        "Rprec_mult": (p.multiples, counts.rprec_mult_rows(ranked, t, p.multiples, threshold)),
        "iprec_at_recall": (
            p.levels,
            curves.iprec_at_recall_rows(ranked, n, t, p.levels, threshold),
        ),
    }
    for name, (params, table) in columns.items():
        for j, k in enumerate(params):
            out[f"{name}_{k}" if isinstance(k, int) else f"{name}_{k:.2f}"] = table[:, j]
    return out


#: The values trec_eval resets to 0 (relstring to '') after computing a placeholder query:
#: these names exactly (so not ``utility_2,-1,0,0`` nor ``relstring_20``), and every name
#: that starts with ``unj``.
ZEROED_FOR_PLACEHOLDER = ("num_ret", "utility", "relstring", "rbp_resid")


def reset_placeholders(values: dict, queries: list[str], ranked: Mapping) -> int:
    """Reset what trec_eval resets for the queries the run lacks; return how many there are."""
    missing = [i for i, q in enumerate(queries) if q not in ranked]
    for i in missing:
        for name in values:
            if name in ZEROED_FOR_PLACEHOLDER or name.startswith("unj"):
                values[name][i] = "" if name == "relstring" else 0.0
    return len(missing)


def summary(
    values: Mapping[str, np.ndarray | list[str]], judged: np.ndarray, complete: bool
) -> dict[str, float]:
    """The ``all`` line from the per-query values, as trec_eval aggregates each measure."""
    out: dict[str, float] = {"num_q": float(len(judged))}
    for name, column in values.items():
        if name.startswith("relstring"):
            continue
        if name == "num_rel" and complete:
            out[name] = aggregate.num_rel_complete(judged)
        elif name.startswith("num_"):
            out[name] = aggregate.total(column)
        elif name.startswith("gm_"):
            out[name] = aggregate.geometric_mean(column)
        else:
            out[name] = aggregate.mean(column)
    return out
