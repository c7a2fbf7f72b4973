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
from typing import TYPE_CHECKING, Any

import numpy as np

from ndcg.trec.plain import Columns, Ids, arrow_view, numpy_view

if TYPE_CHECKING:
    import pandas as pd

#: Most cells (queries x width) of one padded chunk: the kernels' work space stays bounded
#: however many queries, and however long one of them, the run holds.
CHUNK_CELLS = 1 << 18


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


Lines = Columns | Any  # read_columns' columns, or a DataFrame with the same columns


def as_columns(lines: Lines, value: str) -> Columns:
    """``lines`` as :class:`ndcg.trec.plain.Columns`: a DataFrame's ids are coded here."""
    if isinstance(lines, Columns):
        return lines
    return Columns(
        _coded(lines["query_id"]),
        _coded(lines["doc_id"]),
        lines[value].to_numpy(dtype=np.int64 if value == "relevance" else np.float64),
        "",
    )


def _coded(column: pd.Series) -> Ids:
    """Code a DataFrame's id column: codes into its distinct ids as text."""
    import pyarrow as pa

    categorical = column.astype("category")
    names = pa.array(_text(categorical.cat.categories), type=pa.large_string())
    return Ids(categorical.cat.codes.to_numpy().astype(np.int32), names)


def evaluated_queries(qrels: Lines, run: Lines, complete: bool) -> Any:
    """Return the queries trec_eval reports, in its order (ids compared as text).

    Every query of the qrels that the run retrieved for, or, with ``complete`` (``-c``),
    every query of the qrels; a query of the run without judgments is never scored.
    The result is a PyArrow text array.

    Examples
    --------
    >>> import pandas as pd
    >>> qrels = pd.DataFrame({"query_id": ["b", "a", "c"], "doc_id": "d", "relevance": 1})
    >>> run = pd.DataFrame({"query_id": ["c", "a", "z"], "doc_id": "d", "score": 1.0})
    >>> [evaluated_queries(qrels, run, c).to_pylist() for c in (False, True)]
    [['a', 'c'], ['a', 'b', 'c']]

    """
    import pyarrow.compute as pc

    judged = _present(as_columns(qrels, "relevance").queries)
    if not complete:
        judged = judged.filter(
            pc.is_in(judged, value_set=_present(as_columns(run, "score").queries))
        )
    return judged.take(pc.array_sort_indices(judged))


def _present(ids: Ids) -> Any:
    """Return the distinct ids that some line holds (a subset of lines may hold fewer)."""
    used = np.bincount(ids.codes, minlength=len(ids.names)) > 0
    return ids.names if used.all() else ids.names.filter(arrow_view(used))


def trec_rows(qrels: Lines, run: Lines, queries: Any, judged_only: bool) -> TrecRows:
    """Form trec_eval's rows for ``queries`` (see the module docstring)."""
    import pyarrow as pa

    qrels, run = as_columns(qrels, "relevance"), as_columns(run, "score")
    queries = pa.array(queries) if not isinstance(queries, pa.Array | pa.ChunkedArray) else queries
    # Ids become numbers once: a row of `queries` for each query, and each retrieved
    # document's code among the judged documents (-1: judged for no query).
    run_row = rows_of(run.queries, queries)
    judged_row = rows_of(qrels.queries, queries)
    width = len(qrels.docs.names) + 1
    known = judged_row >= 0
    judged_grades = qrels.values.astype(np.float64)[known]
    judged_key = judged_row[known].astype(np.int64) * width + qrels.docs.codes[known]
    keep = run_row >= 0
    everything = bool(keep.all())  # most runs: no line of a query left out
    row = run_row if everything else run_row[keep]
    docs = run.docs.codes if everything else run.docs.codes[keep]
    scores = run.values if everything else run.values[keep]
    judged_doc = _positions(run.docs.names, qrels.docs.names)[docs]
    grades = _lookup(judged_key, judged_grades, row.astype(np.int64) * width + judged_doc)
    grades[judged_doc < 0] = np.nan
    del judged_key, judged_doc
    stand_in = _not_in(row, len(queries))  # not in the run
    if judged_only:
        judged = grades >= 0  # NaN (not in the qrels) compares False
        row, docs, scores, grades = row[judged], docs[judged], scores[judged], grades[judged]
    if stand_in.any() and not judged_only:  # -J drops the stand-in too: it is not judged
        # trec_eval ranks one document for it, which the qrels do not hold.
        alone = np.flatnonzero(stand_in).astype(row.dtype)
        row = np.concatenate([row, alone])
        docs = np.concatenate([docs, np.zeros(alone.size, dtype=docs.dtype)])
        scores = np.concatenate([scores, np.zeros(alone.size)])
        grades = np.concatenate([grades, np.full(alone.size, np.nan)])
    order = _ranked_order(row, scores, docs, run.docs.names)
    n_ranked = np.bincount(row, minlength=len(queries)).astype(np.int64)
    by_grade = np.lexsort((-judged_grades, judged_row[known]))
    n_judged = np.bincount(judged_row[known], minlength=len(queries)).astype(np.int64)
    judged_values = judged_grades[by_grade]
    names = np.asarray(queries.to_pylist(), dtype=object)
    return TrecRows(names, grades[order], n_ranked, judged_values, n_judged, stand_in)


def _not_in(rows: np.ndarray, n: int) -> np.ndarray:
    """Which of ``n`` rows no line holds."""
    return np.bincount(rows, minlength=n) == 0


def _lookup(keys: np.ndarray, values: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """``values`` at each of ``wanted`` in ``keys`` (distinct), NaN where it is absent."""
    order = np.argsort(keys)
    sorted_keys = keys[order]
    at = np.searchsorted(sorted_keys, wanted)
    at[at == sorted_keys.size] = 0
    found = sorted_keys.size > 0
    hit = (sorted_keys[at] == wanted) if found else np.zeros(wanted.size, dtype=bool)
    out = np.full(wanted.size, np.nan)  # NaN: not in the qrels (which may judge none)
    out[hit] = values[order[at[hit]]]
    return out


def _positions(names: Any, among: Any) -> np.ndarray:
    """Return the position of each of ``names`` in ``among`` (distinct texts), or -1."""
    import pyarrow.compute as pc

    return numpy_view(pc.index_in(names, value_set=among), null=-1)


def rows_of(ids: Ids, queries: Any) -> np.ndarray:
    """Return the row of ``queries`` holding each line's id (-1: not among them)."""
    at = _positions(ids.names, queries)
    return at[ids.codes] if ids.codes.size else np.zeros(0, dtype=np.int32)


def repeated_pair(a: np.ndarray, b: np.ndarray) -> int | None:
    """Index of the first row whose pair ``(a, b)`` occurred before, else ``None``.

    ``a`` and ``b`` are non-negative integer codes below ``2**31`` (categorical codes),
    so each pair packs into one int64, and sorting those (fast in NumPy) finds a repeat.
    """
    if a.size < 2:
        return None
    width = int(b.max()) + 1
    keys = a.astype(np.int64) * width + b
    if (np.diff(keys) > 0).all():  # already in order (a sorted file): no repeat
        return None
    ranked = np.sort(keys)  # quicker than the stable order below, needed only for a repeat
    if not (ranked[1:] == ranked[:-1]).any():
        return None
    del ranked
    order = np.argsort(keys, kind="stable")
    keys = keys[order]
    again = keys[1:] == keys[:-1]
    # The later line of each equal pair in file order (a stable sort keeps it second).
    return int(order[1:][again].min())


def _ranked_order(
    row: np.ndarray, scores: np.ndarray, docs: np.ndarray, docnos: object
) -> np.ndarray:
    """Order lines by query row, then score descending, then docno descending (as bytes).

    trec_eval's order (``te_form_res_rels``). Runs come grouped by query and ranked by
    score, so a stable sort by row finds them in place; only documents tied on score are
    put in docno order, by comparing their text (UTF-8 bytes, C's ``strcmp``).
    """
    import pyarrow as pa
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
    texts = docnos.take(arrow_view(docs[order[at]]))  # type: ignore[attr-defined]
    table = pa.table({"group": arrow_view(group), "docno": texts})
    within = pc.sort_indices(table, sort_keys=[("group", "ascending"), ("docno", "descending")])
    order[at] = order[at][numpy_view(within)]
    return order


def _text(ids: object) -> np.ndarray:
    """Ids as an object array of ``str`` (the reader's already are: no copy of them)."""
    import pandas as pd

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
    >>> import pandas as pd
    >>> qrels = pd.DataFrame({"query_id": ["q"] * 3, "doc_id": ["a", "b", "c"],
    ...                       "relevance": [2, 0, 1]})
    >>> run = pd.DataFrame({"query_id": ["q"] * 3, "doc_id": ["a", "c", "x"],
    ...                     "score": [0.5, 0.9, 0.5]})
    >>> ranked_lists(qrels, run)
    {'q': ([1.0, None, 2.0], [2.0, 1.0, 0.0])}

    """
    import pandas as pd

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
