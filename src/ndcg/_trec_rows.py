"""trec_eval's rows: each query's retrieved grades in its order, and its judged grades.

The input of the trec_eval row kernels (``ndcg._trec_kernels``), formed as trec_eval's
``te_form_res_rels`` forms it:

* ``ranked`` (m, w): the grade of each retrieved document, ordered by score descending,
  then docno descending (compared as bytes); NaN where the qrels do not hold the
  document, and NaN padding past ``n_ranked``;
* ``n_ranked`` (m,): how many documents each query retrieved;
* ``judged`` (m, v): every grade the qrels give the query, sorted descending, NaN padding.

With ``judged_only`` (trec_eval's ``-J``) a document without a grade of 0 or more leaves
the ranking before it is ranked. A query the run lacks (scored under ``-c``) is ranked as
trec_eval ranks it: one document the qrels do not hold (its ``bogus_ranking``), after which
trec_eval clears the measures that would count it (:attr:`ndcg.measures.TrecName.cleared`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd


@dataclass(frozen=True)
class TrecRows:
    """The rows of :func:`trec_rows`, one per query of ``queries``."""

    queries: np.ndarray
    ranked: np.ndarray
    n_ranked: np.ndarray
    judged: np.ndarray
    #: True for a query the run lacks, ranked as trec_eval's one stand-in document.
    stand_in: np.ndarray


def evaluated_queries(qrels: pd.DataFrame, run: pd.DataFrame, complete: bool) -> np.ndarray:
    """Return the queries trec_eval reports, in its order (ids compared as text).

    Every query of the qrels that the run retrieved for, or, with ``complete`` (``-c``),
    every query of the qrels; a query of the run without judgments is never scored.

    Examples
    --------
    >>> qrels = pd.DataFrame({"query_id": ["b", "a", "c"], "doc_id": "d", "relevance": 1})
    >>> run = pd.DataFrame({"query_id": ["c", "a", "z"], "doc_id": "d", "score": 1.0})
    >>> [evaluated_queries(qrels, run, c).tolist() for c in (False, True)]
    [['a', 'c'], ['a', 'b', 'c']]

    """
    judged = _distinct(qrels["query_id"])
    if not complete:
        judged = judged[np.isin(judged, _distinct(run["query_id"]))]
    return judged


def trec_rows(
    qrels: pd.DataFrame, run: pd.DataFrame, queries: np.ndarray, judged_only: bool
) -> TrecRows:
    """Form trec_eval's rows for ``queries`` (see the module docstring)."""
    index = pd.Index(queries)
    # Ids become numbers once: a row of `queries` for each query, and each docno's rank
    # in text order, shared by both files (codes of one sorted set of docnos).
    run_row = _rows_of(run["query_id"], index)
    judged_row = _rows_of(qrels["query_id"], index)
    run_doc, judged_doc = _shared_codes(run["doc_id"], qrels["doc_id"])
    width = int(max(run_doc.max(initial=-1), judged_doc.max(initial=-1))) + 1
    known = judged_row >= 0
    judged_key = judged_row[known] * width + judged_doc[known]
    judged_grades = qrels["relevance"].to_numpy(dtype=np.float64)[known]
    keep = run_row >= 0
    at = pd.Index(judged_key).get_indexer(run_row[keep] * width + run_doc[keep])
    grades = np.full(at.size, np.nan)  # NaN: not in the qrels (which may judge none of them)
    grades[at >= 0] = judged_grades[at[at >= 0]]
    row, docs = run_row[keep], run_doc[keep]
    scores = run["score"].to_numpy(dtype=np.float64)[keep]
    if judged_only:
        judged = grades >= 0  # NaN (not in the qrels) compares False
        row, docs, scores, grades = row[judged], docs[judged], scores[judged], grades[judged]
    # Score descending, then docno descending (the codes follow the docnos' text order).
    order = np.lexsort((-docs, -scores, row))
    ranked, n_ranked = _pad(row[order], grades[order], len(index))
    stand_in = np.bincount(run_row[keep], minlength=len(index)) == 0  # not in the run
    if stand_in.any() and not judged_only:  # -J drops the stand-in too: it is not judged
        ranked = ranked if ranked.shape[1] else np.full((len(index), 1), np.nan)
        n_ranked = np.where(stand_in, 1, n_ranked)
    by_grade = np.lexsort((-judged_grades, judged_row[known]))
    judged, _ = _pad(judged_row[known][by_grade], judged_grades[by_grade], len(index))
    return TrecRows(np.asarray(queries), ranked, n_ranked, judged, stand_in)


def _rows_of(column: pd.Series, index: pd.Index) -> np.ndarray:
    """Return the row of ``index`` holding each id of ``column`` (as text), -1 for none."""
    categorical = column.astype("category")
    at = index.get_indexer(_distinct_text(categorical.cat.categories))
    codes = categorical.cat.codes.to_numpy()
    return np.where(codes >= 0, at[codes], -1)


def _shared_codes(a: pd.Series, b: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """Codes of two id columns in one set of ids sorted as text (C's strcmp order)."""
    a, b = a.astype("category"), b.astype("category")
    names_a, names_b = _distinct_text(a.cat.categories), _distinct_text(b.cat.categories)
    names, inverse = np.unique(np.concatenate([names_a, names_b]), return_inverse=True)
    code_a, code_b = inverse[: names_a.size], inverse[names_a.size :]
    return code_a[a.cat.codes.to_numpy()], code_b[b.cat.codes.to_numpy()]


def _pad(rows: np.ndarray, values: np.ndarray, m: int) -> tuple[np.ndarray, np.ndarray]:
    """Lay values (sorted by row) into an (m, widest) array, NaN after each row's count."""
    counts = np.bincount(rows, minlength=m).astype(np.int64)
    out = np.full((m, int(counts.max(initial=0))), np.nan)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    out[rows, np.arange(rows.size) - starts[rows]] = values
    return out, counts


def _distinct(column: pd.Series) -> np.ndarray:
    """Return the distinct ids of a column as sorted text, without converting every row."""
    return np.unique(_distinct_text(pd.unique(column)))


def _distinct_text(ids: object) -> np.ndarray:
    """Ids as numpy text, which sorts by code point: the byte order of UTF-8, as C's strcmp."""
    return np.asarray(ids, dtype=object).astype(str)
