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
    judged = np.unique(_text(qrels["query_id"]))
    if not complete:
        judged = judged[np.isin(judged, _text(run["query_id"]))]
    return judged


def trec_rows(
    qrels: pd.DataFrame, run: pd.DataFrame, queries: np.ndarray, judged_only: bool
) -> TrecRows:
    """Form trec_eval's rows for ``queries`` (see the module docstring)."""
    index = pd.Index(queries)
    grade_of = pd.Series(
        qrels["relevance"].to_numpy(dtype=np.float64),
        index=pd.MultiIndex.from_arrays([_text(qrels["query_id"]), _text(qrels["doc_id"])]),
    )
    run_query = _text(run["query_id"])
    run_doc = _text(run["doc_id"])
    row = index.get_indexer(run_query)
    grades = grade_of.reindex(pd.MultiIndex.from_arrays([run_query, run_doc])).to_numpy()
    keep = row >= 0
    if judged_only:
        keep &= grades >= 0  # NaN (not in the qrels) compares False
    row, grades, docs = row[keep], grades[keep], run_doc[keep]
    scores = run["score"].to_numpy(dtype=np.float64)[keep]
    # Docno descending: the rank of each docno among all of them, negated.
    _, doc_rank = np.unique(docs, return_inverse=True)
    order = np.lexsort((-doc_rank, -scores, row))
    ranked, n_ranked = _pad(row[order], grades[order], len(index))
    stand_in = n_ranked == 0
    stand_in &= ~np.isin(np.asarray(queries), run_query)  # -J can empty a query it retrieved for
    if stand_in.any() and not judged_only:  # -J drops the stand-in too: it is not judged
        ranked = ranked if ranked.shape[1] else np.full((len(index), 1), np.nan)
        n_ranked = np.where(stand_in, 1, n_ranked)
    judged_row = index.get_indexer(_text(qrels["query_id"]))
    known = judged_row >= 0
    judged_grades = qrels["relevance"].to_numpy(dtype=np.float64)[known]
    by_grade = np.lexsort((-judged_grades, judged_row[known]))
    judged, _ = _pad(judged_row[known][by_grade], judged_grades[by_grade], len(index))
    return TrecRows(np.asarray(queries), ranked, n_ranked, judged, stand_in)


def _pad(rows: np.ndarray, values: np.ndarray, m: int) -> tuple[np.ndarray, np.ndarray]:
    """Lay values (sorted by row) into an (m, widest) array, NaN after each row's count."""
    counts = np.bincount(rows, minlength=m).astype(np.int64)
    out = np.full((m, int(counts.max(initial=0))), np.nan)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    out[rows, np.arange(rows.size) - starts[rows]] = values
    return out, counts


def _text(column: pd.Series) -> np.ndarray:
    """Ids as numpy text, which sorts by code point: the byte order of UTF-8, as C's strcmp."""
    return column.astype(str).to_numpy(dtype=str)
