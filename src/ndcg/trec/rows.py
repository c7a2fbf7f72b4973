"""trec_eval's rows: each query's retrieved grades in its order, and its judged grades.

Taught in chapter 9, "NDCG in the wild" (how trec_eval ranks a run), and chapter 12,
"What NDCG cannot tell you" (:func:`ranked_lists`, the lists it averages).

The input of the trec_eval row kernels (:mod:`ndcg.trec.counts`, :mod:`ndcg.trec.curves`,
:mod:`ndcg.trec.gains`, :mod:`ndcg.trec.rbp`), formed as trec_eval's
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

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

#: Most cells (queries x width) of one padded chunk: the kernels' work space stays bounded
#: however many queries, and however long one of them, the run holds.
CHUNK_CELLS = 1 << 22


@dataclass(frozen=True)
class TrecRows:
    """The rows of :func:`trec_rows`, one per query of ``queries``, held as segments.

    ``ranked_values`` holds every query's ranked grades end to end (query by query), and
    ``judged_values`` its judged grades; ``n_ranked`` and ``n_judged`` are the segments'
    lengths. :meth:`chunks` pads them a group of similar lengths at a time, so a long list
    never widens the others; :attr:`ranked` and :attr:`judged` pad them all at once.
    """

    queries: np.ndarray
    ranked_values: np.ndarray
    n_ranked: np.ndarray
    judged_values: np.ndarray
    n_judged: np.ndarray
    #: True for a query the run lacks, ranked as trec_eval's one stand-in document.
    stand_in: np.ndarray

    @property
    def ranked(self) -> np.ndarray:
        """Every query's ranked grades, NaN-padded to the longest list: (m, w)."""
        return self.padded(np.arange(self.queries.size))[0]

    @property
    def judged(self) -> np.ndarray:
        """Every query's judged grades, highest first, NaN-padded: (m, v)."""
        return self.padded(np.arange(self.queries.size))[2]

    def chunks(self) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
        """Yield ``(rows, ranked, n_ranked, judged)`` for groups of queries, padded.

        Queries are grouped by the power of two above their longer segment, and a group
        holds at most :data:`CHUNK_CELLS` cells (or one query), so the padding is at most
        twice the lines (plus one cell a query) and each chunk's work space is bounded.
        """
        longest = np.maximum(np.maximum(self.n_ranked, self.n_judged), 1)
        bucket = np.ceil(np.log2(longest)).astype(np.int64)
        order = np.argsort(bucket, kind="stable")
        edges = np.flatnonzero(np.diff(bucket[order])) + 1
        for group in np.split(order, edges):
            width = 1 << int(bucket[group[0]])
            step = max(1, CHUNK_CELLS // width)
            for start in range(0, group.size, step):
                rows = group[start : start + step]
                ranked, n_ranked, judged = self.padded(rows)
                yield rows, ranked, n_ranked, judged

    def padded(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(ranked, n_ranked, judged)`` of the queries ``rows``, NaN-padded."""
        ranked = _pad(self.ranked_values, self.n_ranked, rows)
        return ranked, self.n_ranked[rows], _pad(self.judged_values, self.n_judged, rows)


def _starts(counts: np.ndarray) -> np.ndarray:
    return np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)


def _pad(values: np.ndarray, counts: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Lay the segments of ``rows`` into a (len(rows), longest) array, NaN after each."""
    mine = counts[rows]
    out = np.full((rows.size, int(mine.max(initial=0))), np.nan)
    if out.size:
        first = _starts(counts)[rows]
        line = np.repeat(np.arange(rows.size), mine)
        column = np.arange(line.size) - np.repeat(np.cumsum(mine) - mine, mine)
        out[line, column] = values[np.repeat(first, mine) + column]
    return out


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
    import pyarrow.compute as pc  # pandas imports it

    judged = _distinct(qrels["query_id"])
    if not complete:
        judged = judged.filter(pc.is_in(judged, value_set=_distinct(run["query_id"])))
    return judged.to_numpy(zero_copy_only=False)


def trec_rows(
    qrels: pd.DataFrame, run: pd.DataFrame, queries: np.ndarray, judged_only: bool
) -> TrecRows:
    """Form trec_eval's rows for ``queries`` (see the module docstring)."""
    index = pd.Index(queries)
    # Ids become numbers once: a row of `queries` for each query, and each docno's rank
    # in text order, shared by both files (codes of one sorted set of docnos).
    run_row = rows_of(run["query_id"], index)
    judged_row = rows_of(qrels["query_id"], index)
    run_doc, judged_doc, docnos = _shared_codes(run["doc_id"], qrels["doc_id"])
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
    stand_in = np.bincount(run_row[keep], minlength=len(index)) == 0  # not in the run
    if stand_in.any() and not judged_only:  # -J drops the stand-in too: it is not judged
        # trec_eval ranks one document for it, which the qrels do not hold.
        alone = np.flatnonzero(stand_in)
        row, docs = np.concatenate([row, alone]), np.concatenate([docs, np.zeros_like(alone)])
        scores = np.concatenate([scores, np.zeros(alone.size)])
        grades = np.concatenate([grades, np.full(alone.size, np.nan)])
    order = _ranked_order(row, scores, docs, docnos)
    n_ranked = np.bincount(row, minlength=len(index)).astype(np.int64)
    by_grade = np.lexsort((-judged_grades, judged_row[known]))
    n_judged = np.bincount(judged_row[known], minlength=len(index)).astype(np.int64)
    judged_values = judged_grades[by_grade]
    return TrecRows(np.asarray(queries), grades[order], n_ranked, judged_values, n_judged, stand_in)


def rows_of(column: pd.Series, index: pd.Index) -> np.ndarray:
    """Return the row of ``index`` holding each id of ``column`` (as text), -1 for none."""
    categorical = column.astype("category")
    at = index.get_indexer(_text(categorical.cat.categories))
    codes = categorical.cat.codes.to_numpy()
    return np.where(codes >= 0, at[codes], -1)


def _shared_codes(a: pd.Series, b: pd.Series) -> tuple[np.ndarray, np.ndarray, object]:
    """Codes of two id columns in one set of ids, and those ids (a PyArrow text array).

    PyArrow codes the distinct ids of both by their UTF-8 bytes, in order of first
    appearance (``a``'s first). The codes say nothing of the ids' order:
    :func:`_ranked_order` compares the text itself where it must.
    """
    import pyarrow as pa  # pandas imports it
    import pyarrow.compute as pc

    a, b = a.astype("category"), b.astype("category")
    names = pa.concat_arrays([_arrow_text(a.cat.categories), _arrow_text(b.cat.categories)])
    encoded = pc.dictionary_encode(names)
    codes = encoded.indices.to_numpy().astype(np.int64)
    code_a, code_b = codes[: len(a.cat.categories)], codes[len(a.cat.categories) :]
    return code_a[a.cat.codes.to_numpy()], code_b[b.cat.codes.to_numpy()], encoded.dictionary


def _ranked_order(
    row: np.ndarray, scores: np.ndarray, docs: np.ndarray, docnos: object
) -> np.ndarray:
    """Order lines by query row, then score descending, then docno descending (as bytes).

    trec_eval's order (``te_form_res_rels``). Runs come grouped by query and ranked by
    score, so a stable sort by row finds them in place; only documents tied on score are
    put in docno order, by comparing their text (UTF-8 bytes, C's ``strcmp``).
    """
    import pyarrow as pa  # pandas imports it
    import pyarrow.compute as pc

    order = np.argsort(row, kind="stable")
    by_row, by_score = row[order], scores[order]
    same_row = by_row[1:] == by_row[:-1]
    if np.isnan(scores).any() or (same_row & (by_score[1:] > by_score[:-1])).any():
        order = np.lexsort((-scores, row))
        by_row, by_score = row[order], scores[order]
    tied = same_row & (by_score[1:] == by_score[:-1])
    if np.isnan(by_score).any():  # NaN scores rank last, in docno order, as in a lexsort
        tied |= same_row & np.isnan(by_score[1:]) & np.isnan(by_score[:-1])
    if not tied.any():
        return order
    # Positions in a run of equal (row, score), and a number for each run.
    member = np.zeros(order.size, dtype=bool)
    member[1:] |= tied
    member[:-1] |= tied
    at = np.flatnonzero(member)
    group = np.cumsum(np.append(True, ~tied)[at])  # a new run where the tie breaks
    texts = docnos.take(pa.array(docs[order[at]]))  # type: ignore[attr-defined]
    table = pa.table({"group": group, "docno": texts})
    within = pc.sort_indices(table, sort_keys=[("group", "ascending"), ("docno", "descending")])
    order[at] = order[at][within.to_numpy()]
    return order


def _distinct(column: pd.Series) -> object:
    """Return the distinct ids of a column as text sorted by bytes (a PyArrow array)."""
    import pyarrow.compute as pc

    names = _arrow_text(pd.unique(column))
    return names.take(pc.array_sort_indices(names))


def _arrow_text(ids: object) -> object:
    """Ids as PyArrow text: their UTF-8 bytes sort in code point order, as C's strcmp."""
    import pyarrow as pa

    return pa.array(_text(ids), type=pa.large_string())


def _text(ids: object) -> np.ndarray:
    """Ids as an object array of ``str`` (the reader's already are: no copy of them)."""
    values = np.asarray(ids, dtype=object)
    if values.size and pd.api.types.infer_dtype(values, skipna=False) != "string":
        values = np.array([str(v) for v in values.tolist()], dtype=object)
    return values


def ranked_lists(
    qrels: pd.DataFrame, run: pd.DataFrame
) -> dict[Any, tuple[list[float | None], list[float]]]:
    """Each query's ranked grades and pool, as the list functions take them.

    Documents are ranked as trec_eval ranks them (:func:`trec_rows`): by
    score, highest first, ties broken by document id compared as text, highest first. A
    document absent from ``qrels`` gets ``None`` (never judged); the pool's grades come
    highest first. Queries of ``qrels`` that the run does not answer are left out, as trec_eval
    leaves them out without ``-c``.

    Parameters
    ----------
    qrels : pandas.DataFrame
        Columns ``query_id``, ``doc_id``, ``relevance``.
    run : pandas.DataFrame
        Columns ``query_id``, ``doc_id``, ``score``.

    Returns
    -------
    dict
        Query id to ``(ranked grades, pool grades)``.

    Examples
    --------
    >>> qrels = pd.DataFrame({"query_id": ["q"] * 3, "doc_id": ["a", "b", "c"],
    ...                       "relevance": [2, 0, 1]})
    >>> run = pd.DataFrame({"query_id": ["q"] * 3, "doc_id": ["a", "c", "x"],
    ...                     "score": [0.5, 0.9, 0.5]})
    >>> ranked_lists(qrels, run)
    {'q': ([1.0, None, 2.0], [2.0, 1.0, 0.0])}

    """
    # trec_eval's rows, from the one home of its ranking rule (ids compared as text, as C's
    # strcmp compares them); every query of the run, judged or not, keeps its original id.
    ids = {str(query): query for query in pd.unique(run["query_id"])}
    rows = trec_rows(qrels, run, np.array(sorted(ids), dtype=object), judged_only=False)
    lists = {}
    ranked_by_query = np.split(rows.ranked_values, np.cumsum(rows.n_ranked)[:-1])
    judged_lists = np.split(rows.judged_values, np.cumsum(rows.n_judged)[:-1])
    for query, ranked, judged in zip(rows.queries, ranked_by_query, judged_lists, strict=True):
        lists[ids[query]] = (
            [None if np.isnan(g) else float(g) for g in ranked],
            [float(g) for g in judged[~np.isnan(judged)]],
        )
    return lists
