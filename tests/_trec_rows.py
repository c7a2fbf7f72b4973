"""Collections in trec_eval's files, turned into the rows of the measure kernels.

The rows are formed as ``te_form_res_rels`` forms them, independently of the library's
readers: the run sorted by score descending, then docno descending (byte order), each
document's qrels grade (NaN if the qrels lack it), and every grade the qrels give the
query, sorted descending. Then every kernel of trec_eval's ``all_trec`` set is computed
and keyed by trec_eval's printed names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from ndcg import _trec_aggregate as aggregate
from ndcg import _trec_counts as counts
from ndcg import _trec_curves as curves
from ndcg import _trec_gains as graded

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
) -> Rows:
    """Rows in trec_eval's order (qids sorted as bytes): the queries in both, or with
    ``complete`` (``-c``) every query of the qrels, missing ones on the placeholder."""
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
        ranked[i, : len(grades)] = grades
        n[i] = len(grades)
        values = sorted(judged[q].values(), reverse=True)
        pool[i, : len(values)] = values
    return Rows(queries, ranked, n, pool)


def measures(r: Rows, threshold: float, length: int = 10) -> dict[str, np.ndarray | list[str]]:
    """Every kernel's per-query values (the log for gm_*), keyed by trec_eval's name."""
    t = counts.tally(r.ranked, r.n_ranked, r.judged, threshold)
    out: dict[str, np.ndarray | list[str]] = {
        "num_ret": t.num_ret,
        "num_rel": t.num_rel,
        "num_rel_ret": t.num_rel_ret,
        "num_nonrel_judged_ret": counts.num_nonrel_judged_ret_rows(t),
        "Rprec": counts.rprec_rows(r.ranked, t, threshold),
        "set_F": counts.set_f_rows(t),
        "set_recall": counts.set_recall_rows(t),
        "set_map": counts.set_map_rows(t),
        "set_relative_P": counts.set_relative_p_rows(t),
        "utility": counts.utility_rows(t),
        "relstring": list(counts.relstring_rows(r.ranked, r.n_ranked, length)),
        "bpref": curves.bpref_rows(r.ranked, r.n_ranked, t, threshold),
        "gm_bpref": curves.log_floor(curves.bpref_rows(r.ranked, r.n_ranked, t, threshold)),
        "gm_map": curves.log_floor(curves.ap_rows(r.ranked, r.n_ranked, t, threshold)),
        "infAP": curves.infap_rows(r.ranked, r.n_ranked, t, threshold),
        "binG": curves.bin_g_rows(r.ranked, r.n_ranked, t, threshold),
        "G": graded.g_rows(r.ranked, r.n_ranked, r.judged),
        "ndcg_rel": graded.ndcg_rel_rows(r.ranked, r.n_ranked, r.judged),
        "Rndcg": graded.rndcg_rows(r.ranked, r.n_ranked, r.judged, t),
    }
    iprec = curves.iprec_at_recall_rows(r.ranked, r.n_ranked, t, curves.RECALL_LEVELS, threshold)
    out["11pt_avg"] = curves.eleven_point_rows(iprec)
    for j, x in enumerate(curves.RECALL_LEVELS):
        out[f"iprec_at_recall_{x:.2f}"] = iprec[:, j]
    columns = {
        "success": counts.success_rows(r.ranked, r.n_ranked, SUCCESS, threshold),
        "relative_P": counts.relative_p_rows(r.ranked, t, CUTOFFS, threshold),
        "unj": counts.unj_rows(r.ranked, r.n_ranked, UNJ),
    }
    for name, table in columns.items():
        ks = {"success": SUCCESS, "relative_P": CUTOFFS, "unj": UNJ}[name]
        for j, k in enumerate(ks):
            out[f"{name}_{k}"] = table[:, j]
    mult = counts.rprec_mult_rows(r.ranked, t, MULTIPLES, threshold)
    for j, x in enumerate(MULTIPLES):
        out[f"Rprec_mult_{x:.2f}"] = mult[:, j]
    return out


#: The values trec_eval resets to 0 (relstring to '') after computing a placeholder query.
ZEROED_FOR_PLACEHOLDER = ("num_ret", "utility", "relstring", "unj")


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
