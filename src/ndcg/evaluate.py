"""NDCG of a whole run against judgments (qrels), one row per query, as trec_eval does.

Taught in chapter 7, "Many queries", and chapter 9, "NDCG in the wild"; the columns of
NDCG's family (``metrics=``) in chapters 11 and 12.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import pandas as pd

from ndcg import _family, _frames, _pad, measures
from ndcg import _validate as check
from ndcg._kernel import TIE_RULES, TieBreak, ndcg_rows, rule_tiebreak
from ndcg._pad import Groups, chunks
from ndcg.discount import LOG2, Discount, DiscountSpec
from ndcg.gains import Gain, gain_values
from ndcg.scores import apply_unjudged
from ndcg.trec.rows import repeated_pair

QRELS_COLUMNS = ("query_id", "doc_id", "relevance")
RUN_COLUMNS = ("query_id", "doc_id", "score")
EVALUATE_TIES = ("trec_eval", *TIE_RULES)
#: The metrics ``evaluate`` computes, in the order of its columns.
METRICS = measures.EVALUATE


@check.validate_params(
    k=check.cutoffs,
    gain=check.gain,
    missing=check.choice("skip", "zero"),
    ties=check.choice(*EVALUATE_TIES),
    empty=check.empty,
    unjudged=check.choice(*check.UNJUDGED),
    metrics=check.choices(*METRICS),
    discount=check.discount,
    threshold=check.threshold,
    max_grade=check.optional(check.max_grade),
    p=check.fraction,
)
def evaluate(
    qrels: pd.DataFrame,
    run: pd.DataFrame,
    k: int | None | Sequence[int | None] = None,
    gain: Gain = "linear",
    missing: str = "skip",
    ties: str = "trec_eval",
    empty: float | str = 0.0,
    unjudged: str = "zero",
    metrics: str | Sequence[str] = "ndcg",
    discount: DiscountSpec = "log2",
    threshold: float = 1,
    max_grade: float | None = None,
    p: float = 0.8,
) -> pd.DataFrame:
    """NDCG (and, on request, its family) of every query of a run, following trec_eval.

    Parameters
    ----------
    qrels : pandas.DataFrame or 2-D array
        Judgments with columns ``query_id``, ``doc_id``, ``relevance`` (one row per
        judged document; a document judged twice for a query is an error). Or, for the
        dense path, a matrix of grades: row ``i`` is query ``i``, column ``j`` document
        ``j``, every document of a row is retrieved, and ``None`` marks one never judged.
    run : pandas.DataFrame or 2-D array
        Retrieved documents with columns ``query_id``, ``doc_id``, ``score`` (a document
        retrieved twice for a query is an error). Row order and any rank column are
        ignored: documents are ranked by score. With a grade matrix as ``qrels``, a
        score matrix of the same shape.
    k : int, None or sequence of them, default None
        Cutoff(s). ``None`` gives trec_eval's ``ndcg`` (the whole run against the whole
        ideal, column ``ndcg``); an int ``k`` gives ``ndcg_cut.k`` (column ``ndcg@k``);
        a sequence gives one column per entry. A ``k`` larger than a query's list counts
        what is there.
    gain : {"linear", "exponential"}, mapping or callable, default "linear"
        Gain of a grade >= 0 (see :func:`ndcg.dcg`). A negative grade marks, as in
        trec_eval, a document in the pool that was not judged: it gives no gain and counts
        as unjudged, on both paths.
    missing : {"skip", "zero"}, default "skip"
        Queries in ``qrels`` but absent from ``run``: left out (trec_eval) or scored
        as an empty ranking, hence 0 (trec_eval ``-c``). Queries in ``run`` without any
        judgment are not evaluated (trec_eval).
    ties : {"trec_eval", "average", "stable", "pessimistic", "optimistic"}
        Order of equal scores: ``"trec_eval"`` breaks them by ``doc_id`` descending,
        compared as text; the others are as in :func:`ndcg.ndcg_from_scores`, with
        ``"stable"`` meaning the run's row order. On the dense path a document's id is
        its column number (so ``"trec_eval"`` ranks column 9 before column 10, as text).
    empty : float or "raise", default 0.0
        NDCG of a query whose ideal DCG is 0 (no judged document has a gain);
        ``"raise"`` raises an error that names one such query.
    unjudged : {"zero", "condense", "raise"}, default "zero"
        What a retrieved document without a judgment (absent from ``qrels`` for its
        query, judged with a negative grade, or ``None`` on the dense path) counts for:
        no gain, in its place (trec_eval); dropped from the run before ranking, so the
        documents below it move up (trec_eval ``-J``, pytrec_eval's
        ``judged_docs_only_flag=True``); or an error that says how many there are.
    metrics : str or sequence of str, default "ndcg"
        Which metrics, each at every cutoff: ``"ndcg"``; ``"precision"`` (trec_eval
        ``P_k``, ``set_P`` uncut), ``"recall"`` (``recall_k``), ``"ap"`` (``map``,
        ``map_cut_k``), ``"rr"`` (``recip_rank``, which has no cutoff), ``"err"``,
        ``"rbp"`` and ``"rbp_residual"`` (see :mod:`ndcg.family`). Column names are the
        metric, with ``@k`` for a cutoff; ``"ndcg"`` alone gives the columns above.
    discount : "log2", "reciprocal", ("log", b) or ("geometric", p), default "log2"
        NDCG's discount (see :func:`ndcg.dcg`).
    threshold : float, default 1
        The lowest grade that counts as relevant for the binary metrics (precision,
        recall, ap, rr, rbp), as trec_eval's ``-l``.
    max_grade : float, optional
        The top of the grade scale, which ``"err"`` needs; every judged grade must lie
        within 0..max_grade.
    p : float, default 0.8
        RBP's persistence (trec_eval's ``rbp`` uses 0.9).

    Returns
    -------
    pandas.DataFrame
        Column ``query_id`` then one column per metric and cutoff, one row per query,
        sorted by ``query_id``. The ideal for each query is built from all its judged
        documents, retrieved or not, and so are recall's and AP's counts of relevant
        documents. On the dense path ``query_id`` is the row number. A query of the
        qrels missing from the run (``missing="zero"``) scores 0 on every metric, and
        its RBP residual is 1: nothing of its ranking is known.

    Notes
    -----
    The dense path skips the join of run to judgments, which makes it the fast way to
    score many equally long lists: the matrices are checked and ranked once, and every
    cutoff is read from the same ranking. ``missing`` has no effect there (every row is in
    both matrices).

    Examples
    --------
    >>> import pandas as pd
    >>> qrels = pd.DataFrame({"query_id": "q1", "doc_id": ["D1", "D2", "D3", "D7"],
    ...                       "relevance": [3, 2, 0, 3]})
    >>> run = pd.DataFrame({"query_id": "q1", "doc_id": ["D1", "D2", "D3"],
    ...                     "score": [0.9, 0.8, 0.7]})
    >>> evaluate(qrels, run, k=[None, 2]).round(4)
      query_id    ndcg  ndcg@2
    0       q1  0.7232   0.871

    The dense path, two queries of three documents:

    >>> evaluate([[3, 2, 0], [0, 1, 2]], [[0.9, 0.8, 0.7], [0.9, 0.8, 0.7]], k=2).round(4)
       query_id  ndcg@2
    0         0  1.0000
    1         1  0.2398

    NDCG's family, each at each cutoff:

    >>> evaluate(qrels, run, k=[None, 2], metrics=["precision", "ap"]).round(4)
      query_id  precision  precision@2      ap    ap@2
    0       q1     0.6667          1.0  0.6667  0.6667

    """
    discount = cast(Discount, discount)  # check.discount made it one (validate_params)
    metrics = cast(tuple[str, ...], metrics)  # check.choices made it a tuple (validate_params)
    cutoffs = cast(tuple[int | None, ...], k)  # check.cutoffs made it a tuple (validate_params)
    options = _Options(metrics, discount, threshold, max_grade, p)
    _check_metrics(options, ties)
    check.not_a_path(qrels, "qrels", "read_qrels")
    check.not_a_path(run, "run", "read_run")
    if not isinstance(qrels, pd.DataFrame) and not isinstance(run, pd.DataFrame):
        return _evaluate_matrix(qrels, run, cutoffs, gain, ties, empty, unjudged, options)
    _frames.require_frame(qrels, "qrels", QRELS_COLUMNS)
    _frames.require_frame(run, "run", RUN_COLUMNS)
    if len(qrels) == 0:
        raise ValueError("qrels has no rows: without judgments there is nothing to evaluate")
    grades = _frames.numeric_column(qrels, "qrels", "relevance")
    scores = _frames.numeric_column(run, "run", "score", exact=True)
    q_code, r_code, queries = _frames.shared_ids(qrels, run, "query_id", grouped=True)
    qd_code, rd_code, docs = _frames.shared_ids(qrels, run, "doc_id", grouped=False)
    n_queries = queries.size
    q_gain, q_judged = _qrels_gains(grades, gain, "qrels['relevance']")
    pairs = _Pairs.of(q_code, r_code, qd_code, rd_code, n_queries, docs.size)
    q_counts = np.bincount(q_code, minlength=n_queries)
    r_counts = q_counts if pairs.aligned else np.bincount(r_code, minlength=n_queries)
    judged, retrieved = q_counts > 0, r_counts > 0
    _check_shared(queries, judged, retrieved, missing)
    keep = judged & (retrieved | (missing == "zero"))
    kept = np.ones(r_code.size, dtype=bool) if keep.all() else keep[r_code]
    family = options.family()
    if family:
        _check_scale(grades, q_judged, options, "qrels['relevance']")
    r_gain, r_grade, kept = _run_gains(
        qrels, run, pairs, (grades, q_gain, q_judged), kept, unjudged, bool(family)
    )
    if not kept.all():
        rows = np.flatnonzero(kept)
        r_code, rd_code, scores, r_gain = r_code[rows], rd_code[rows], scores[rows], r_gain[rows]
        r_grade = r_grade[rows] if family else r_grade
        r_counts = np.bincount(r_code, minlength=n_queries)
    # The ideal of a query is built from all its judgments. When the run ranks exactly the
    # judged rows, as they stand, each row's own gains are its pool; otherwise the
    # judgments are laid out beside the run, query by query. Judgments without gain add
    # nothing to an ideal: leave them out when they are many (TREC pools are mostly
    # non-relevant), keep them when dropping them would cost a copy for little saving.
    pool, pool_gain = None, q_gain
    if "ndcg" in options.metrics and not (pairs.aligned and kept.all()):
        pool, pool_gain = _ideal_pool(q_gain, q_code, n_queries)

    def pooled(groups: np.ndarray) -> np.ndarray | None:
        return None if pool is None else pool.take(groups, pool_gain, 0.0)

    def named(groups: np.ndarray) -> Callable[[int], str]:
        return lambda i: f" for query {check.literal(queries[groups[i]])}"

    shape = (n_queries, len(cutoffs))
    # A query with no ranking (missing="zero", or every row condensed) scores 0 on each
    # metric, and nothing of it is known (RBP's residual 1); its NDCG has an ideal.
    found = {name: np.ones(shape) if name == "rbp_residual" else np.zeros(shape) for name in family}
    if "ndcg" in options.metrics:
        found["ndcg"] = np.zeros(shape)
    for chunk in chunks(r_code, n_queries, counts=r_counts):
        scores_m = chunk.take(scores, -np.inf)
        gains_m = chunk.take(r_gain, 0.0)
        grades_m = chunk.take(r_grade, 0.0) if family else gains_m
        tiebreak = (
            _doc_desc_tiebreak(chunk.rows, rd_code, docs)
            if ties == "trec_eval"
            else rule_tiebreak(ties, gains_m)
        )
        matrices = (scores_m, gains_m, grades_m, pooled(chunk.groups))
        rule = (ties, tiebreak, empty, named(chunk.groups))
        for name, values in _rows(options, matrices, cutoffs, *rule).items():
            found[name][chunk.groups] = values
    unranked = np.flatnonzero(keep & (r_counts == 0))
    if unranked.size and "ndcg" in options.metrics:
        width = int(pool.counts[unranked].max()) if pool is not None else 0
        _ndcg_unranked(found["ndcg"], unranked, width, cutoffs, empty, options, named, pooled)
    n_relevant = _relevant_counts(grades, q_code, n_queries, options)
    order = np.flatnonzero(keep)
    order = order[_sort_ids(queries[order])]
    found = {name: values[order] for name, values in found.items()}
    return _table(queries[order], cutoffs, options, empty, found, n_relevant[order])


def _run_gains(
    qrels: pd.DataFrame,
    run: pd.DataFrame,
    pairs: _Pairs,
    judgments: tuple[np.ndarray, np.ndarray, np.ndarray],
    kept: np.ndarray,
    unjudged: str,
    family: bool,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    # Each run row's gain, its grade (for NDCG's family) and which rows stay, from the
    # judgments (grades, gains and whether judged, one per qrels row).
    grades, q_gain, q_judged = judgments
    r_grade = np.zeros(0)
    if unjudged == "zero" and not family:
        # trec_eval: a run row without a judgment joins with gain 0
        return _join_gains(qrels, run, pairs, q_gain), r_grade, kept
    # Join each run row's judgment number instead (1-based, 0 when there is none), so
    # that "never judged" stays apart from "judged, with no gain".
    number = np.arange(1.0, q_gain.size + 1)
    match = _join_gains(qrels, run, pairs, number).astype(np.intp)
    r_gain = np.append(0.0, q_gain)[match]
    r_judged = np.append(False, q_judged)[match]
    if family:
        r_grade = np.where(r_judged, np.append(np.nan, grades)[match], np.nan)
    if unjudged != "zero":
        _check_unjudged_rows(run, kept & ~r_judged, unjudged)
        kept &= r_judged  # condensed (trec_eval -J): the query stays, its unjudged rows go
    return r_gain, r_grade, kept


def _relevant_counts(
    grades: np.ndarray, q_code: np.ndarray, n_queries: int, options: _Options
) -> np.ndarray:
    # Each query's count of relevant judged documents, for recall and AP (0 when not asked).
    if not {"recall", "ap"} & set(options.metrics):
        return np.zeros(n_queries)
    relevant = _family.relevant(grades, options.threshold)
    return np.bincount(q_code, weights=relevant, minlength=n_queries)


def _ideal_pool(
    q_gain: np.ndarray, q_code: np.ndarray, n_queries: int
) -> tuple[Groups, np.ndarray]:
    # The judgments laid out query by query, for the ideals: without those of no gain when
    # they are the majority, with them when dropping them would cost a copy for little saving.
    positive = q_gain > 0
    few = 2 * np.count_nonzero(positive) <= q_gain.size
    pool_gain = q_gain[positive] if few else q_gain
    return Groups.of(q_code[positive] if few else q_code, n_queries), pool_gain


def _ndcg_unranked(
    found: np.ndarray,
    unranked: np.ndarray,
    width: int,
    cutoffs: Sequence[int | None],
    empty: float | str,
    options: _Options,
    named: Callable[[np.ndarray], Callable[[int], str]],
    pooled: Callable[[np.ndarray], np.ndarray | None],
) -> None:
    # NDCG of the queries with nothing ranked, against their ideals (``width`` judgments at
    # most), in blocks of at most _pad.CELL_BUDGET cells, as the chunks of the run.
    for groups in np.array_split(unranked, -(-unranked.size * width // _pad.CELL_BUDGET) or 1):
        nothing = np.zeros((groups.size, 0))
        found[groups] = ndcg_rows(
            nothing, nothing, cutoffs, None, empty, named(groups), options.discount, pooled(groups)
        )


def _rows(
    options: _Options,
    matrices: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray | None],
    cutoffs: tuple[int | None, ...],
    ties: str,
    tiebreak: TieBreak | None,
    empty: float | str,
    where: Callable[[int], str],
) -> dict[str, np.ndarray]:
    """Every metric of each row of one block: the one pipeline of both of evaluate's inputs.

    ``matrices`` are the block's scores (``-inf`` padding), gains, grades (NaN where
    unjudged) and the gains of each query's judgments (``None``: the row's own gains).
    """
    scores, gains, grades, pool = matrices
    found: dict[str, np.ndarray] = {}
    if "ndcg" in options.metrics:
        found["ndcg"] = ndcg_rows(
            scores, gains, cutoffs, tiebreak, empty, where, options.discount, pool
        )
    if options.family():
        found.update(options.family_rows(scores, grades, cutoffs, ties, tiebreak))
    return found


@dataclass(frozen=True)
class _Options:
    """Which metrics ``evaluate`` computes, and their parameters (checked at the door)."""

    metrics: tuple[str, ...]
    discount: Discount = LOG2
    threshold: float = 1.0
    max_grade: float | None = None
    p: float = 0.8

    def family(self) -> tuple[str, ...]:
        """Return the metrics other than NDCG."""
        return tuple(name for name in self.metrics if name != "ndcg")

    def family_rows(
        self,
        scores: np.ndarray,
        grades: np.ndarray,
        cutoffs: tuple[int | None, ...],
        ties: str,
        tiebreak: TieBreak | None,
    ) -> dict[str, np.ndarray]:
        """Compute the family's metrics of every row, under ``evaluate``'s tie rule."""
        if ties in ("pessimistic", "optimistic"):
            # Among equal scores, the grade (an unjudged document lowest) decides.
            tiebreak = rule_tiebreak(ties, np.where(np.isnan(grades), -np.inf, grades))
        return _family.family_rows(
            scores,
            grades,
            cutoffs,
            tiebreak,
            self.family(),
            threshold=self.threshold,
            max_grade=self.max_grade,
            p=self.p,
        )


def _check_metrics(options: _Options, ties: str) -> None:
    """Refuse metric choices that cannot be computed as asked."""
    # A metric whose record takes the top of the grade scale (ERR) needs it given.
    scaled = [name for name in options.metrics if "max_grade" in measures.BY_NAME[name].args]
    if scaled and options.max_grade is None:
        raise ValueError(
            f"metrics includes {scaled[0]!r}, which needs the top of the grade scale: pass "
            "max_grade, e.g. max_grade=4 for grades 0..4"
        )
    ordered = [name for name in options.metrics if name in measures.ORDERED]
    if ordered and ties == "average":
        raise ValueError(
            f"ties='average' cannot score {ordered[0]!r}: averaging over the orders of a tie "
            "has a one-pass form only for metrics that add up gains by position (ndcg, "
            "precision, recall, rbp); pass ties='trec_eval', 'stable', 'pessimistic' or "
            "'optimistic'"
        )


def _check_shared(queries: Any, judged: np.ndarray, retrieved: np.ndarray, missing: str) -> None:
    """Refuse qrels and a run with no query in common, unless missing queries score 0.

    With ``missing="skip"`` the table would be empty and its mean NaN; that usually means
    ids written two ways, or files of two collections. (With ``missing="zero"`` every
    judged query scores 0, as asked: a run that retrieved nothing.)
    """
    if missing == "zero" or (judged & retrieved).any():
        return

    def side(present: np.ndarray) -> tuple[int, list[Any]]:
        return int(present.sum()), list(queries[present][:3])

    raise ValueError(check.nothing_shared(side(judged), side(retrieved)))


def _check_scale(grades: np.ndarray, judged: np.ndarray, options: _Options, name: str) -> None:
    """Refuse a judged grade above ERR's ``max_grade``."""
    # _check_metrics has refused ERR without max_grade.
    if "err" not in options.metrics or options.max_grade is None or not judged.any():
        return
    top = float(grades[judged].max())
    if top > options.max_grade:
        raise ValueError(check.above_scale(name, top, options.max_grade))


def _table(
    ids: np.ndarray,
    cutoffs: tuple[int | None, ...],
    options: _Options,
    empty: float | str,
    found: dict[str, np.ndarray],
    n_relevant: np.ndarray,
) -> pd.DataFrame:
    """Build the result: ``query_id``, then each metric at each cutoff.

    Recall and AP are divided here by the relevant documents judged for each query.
    """

    def where(i: int) -> str:
        return f" for query {check.literal(ids[i])}"

    columns: dict[str, Any] = {"query_id": ids}
    for name in options.metrics:
        values = found[name]
        if name in ("recall", "ap"):
            metric = "recall" if name == "recall" else "average precision"
            values = _family.ratio_of_relevant(values, n_relevant, empty, metric, where)
        for j, c in enumerate(cutoffs):
            columns[_column(c, name)] = values[:, j]
    return pd.DataFrame(columns)


def _check_unjudged_rows(run: pd.DataFrame, unjudged_rows: np.ndarray, unjudged: str) -> None:
    """Apply ``unjudged="raise"`` to the run rows that have no judgment."""
    count = int(np.count_nonzero(unjudged_rows))
    if count and unjudged == "raise":
        i = int(np.flatnonzero(unjudged_rows)[0])
        check.check_unjudged(
            count,
            unjudged,
            "run has {n} unjudged document(s) (absent from qrels for their query, or "
            "judged with a negative grade), the first "
            f"{check.literal(run['doc_id'].iloc[i])} for query "
            f"{check.literal(run['query_id'].iloc[i])}",
        )


_column = measures.column_name


_DENSE_QRELS = check.numbers_array((0, 1, 2, 3), unjudged=True)
_DENSE_RUN = check.numbers_array((0, 1, 2, 3), exact=True)


def _evaluate_matrix(
    qrels: Any,
    run: Any,
    cutoffs: tuple[int | None, ...],
    gain: Gain,
    ties: str,
    empty: float | str,
    unjudged: str,
    options: _Options,
) -> pd.DataFrame:
    """Score grade and score matrices (the dense path of :func:`evaluate`), row by row."""
    true, score = _DENSE_QRELS(qrels, "qrels"), _DENSE_RUN(run, "run")
    for values, name in ((true, "qrels"), (score, "run")):
        if values.ndim != 2:
            raise ValueError(
                f"{name} must be a DataFrame or a 2-D array (queries x documents); "
                f"got an array of {values.ndim} dimension(s)"
            )
    if true.shape != score.shape:
        raise ValueError(
            f"qrels and run must have the same shape (queries x documents); got qrels "
            f"{true.shape} and run {score.shape}"
        )
    gains, judged = _qrels_gains(true, gain, "qrels")
    score = apply_unjudged(score, judged, unjudged, "qrels")
    grades = np.where(judged, true, np.nan)
    _check_scale(true, judged, options, "qrels")
    if ties == "trec_eval":
        # trec_eval breaks equal scores by document id compared as text, highest first.
        # Laying the columns out in that order turns the rule into a stable sort, and
        # matches what the DataFrame path does with the column numbers as doc_id.
        by_id = np.argsort(np.arange(true.shape[1]).astype(str), kind="stable")[::-1]
        gains, score, grades = gains[:, by_id], score[:, by_id], grades[:, by_id]
        ties = "stable"
    ids = np.arange(true.shape[0])
    matrices = (score, gains, grades, None)  # every judgment is a cell of its row
    rule = (ties, rule_tiebreak(ties, gains), empty, lambda i: f" for query {i}")
    found = _rows(options, matrices, cutoffs, *rule)
    n_relevant = _family.relevant(grades, options.threshold).sum(axis=1)
    return _table(ids, cutoffs, options, empty, found, n_relevant)


def _qrels_gains(grades: np.ndarray, gain: Gain, name: str) -> tuple[np.ndarray, np.ndarray]:
    """Gain of every judgment, and whether it counts as judged.

    trec_eval reads a negative grade as a document in the pool that was not judged: it
    gives no gain, and is unjudged to the ``unjudged`` policy. So is ``None`` (NaN here)
    on the dense path.
    """
    judged = grades >= 0  # NaN compares False
    if judged.all():
        return gain_values(grades, gain, name), judged
    gains = np.zeros(grades.shape)
    gains[judged] = gain_values(grades[judged], gain, name)
    return gains, judged


@dataclass(frozen=True)
class _Pairs:
    """The (query, document) codes of the rows of the qrels and of the run, shared ids."""

    q_code: np.ndarray
    r_code: np.ndarray
    qd_code: np.ndarray
    rd_code: np.ndarray
    n_queries: int
    n_docs: int
    #: The run's rows are the qrels' rows, in the same order (a reranked candidate set).
    aligned: bool

    @classmethod
    def of(
        cls,
        q_code: np.ndarray,
        r_code: np.ndarray,
        qd_code: np.ndarray,
        rd_code: np.ndarray,
        n_queries: int,
        n_docs: int,
    ) -> _Pairs:
        """Hold the codes, and whether the run's rows are the qrels' rows."""
        aligned = _same(q_code, r_code) and _same(qd_code, rd_code)
        return cls(q_code, r_code, qd_code, rd_code, n_queries, n_docs, aligned)


def _join_gains(
    qrels: pd.DataFrame, run: pd.DataFrame, pairs: _Pairs, q_gain: np.ndarray
) -> np.ndarray:
    """Gain of every run row: its judgment's gain, or 0 when the document is unjudged."""
    q_code, r_code, qd_code, rd_code = pairs.q_code, pairs.r_code, pairs.qd_code, pairs.rd_code
    n_docs = pairs.n_docs
    n_keys = pairs.n_queries * n_docs
    # Few possible (query, document) pairs: lookup tables beat sorting.
    small = n_keys <= 4 * (q_code.size + r_code.size) + 1024
    q_key = _pair_keys(q_code, qd_code, n_docs)
    # Pairs in increasing order (a sorted qrels file) cannot repeat: nothing to look up.
    increasing = bool((q_key[1:] > q_key[:-1]).all())
    if not increasing and small:
        seen = np.zeros(n_keys, dtype=bool)
        seen[q_key] = True
        if np.count_nonzero(seen) < q_key.size:  # fewer pairs than rows: a repeat
            slot = np.full(n_keys, -1, dtype=np.int64)
            rows = np.arange(q_key.size)
            slot[q_key] = rows
            lost = slot[q_key] != rows  # the earlier of a repeated pair lost its slot
            _duplicate_error(qrels, "qrels", "judged", int(np.flatnonzero(lost)[0]))
    elif not increasing:
        _refuse_duplicates(q_code, qd_code, qrels, "qrels", "judged")
    if pairs.aligned:  # each run row's gain is its judgment's, and the run repeats nothing
        return q_gain
    if small:
        r_key = _pair_keys(r_code, rd_code, n_docs)
        seen = np.zeros(n_keys, dtype=bool)
        seen[r_key] = True
        if np.count_nonzero(seen) < r_key.size:
            repeated = np.flatnonzero(np.bincount(r_key, minlength=n_keys)[r_key] > 1)
            _duplicate_error(run, "run", "retrieved", int(repeated[1]))
        # Every pair is judged at most once: a table of gains, 0 where nothing is judged.
        table = np.zeros(n_keys)
        table[q_key] = q_gain
        return table[r_key]
    _refuse_duplicates(r_code, rd_code, run, "run", "retrieved")
    if not increasing:
        order = np.argsort(q_key, kind="stable")
        q_key, q_gain = q_key[order], q_gain[order]
    # Only rows whose document is judged for some query can match: look those up.
    judged_doc = np.zeros(n_docs, dtype=bool)
    judged_doc[qd_code] = True
    rows = np.flatnonzero(judged_doc[rd_code])
    r_key = _pair_keys(r_code[rows], rd_code[rows], n_docs)
    # evaluate has refused empty qrels, so q_key has an element to land on.
    pos = np.minimum(np.searchsorted(q_key, r_key), q_key.size - 1)
    gains = np.zeros(r_code.size)
    gains[rows] = np.where(q_key[pos] == r_key, q_gain[pos], 0.0)
    return gains


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    return a is b or np.array_equal(a, b)


def _pair_keys(query: np.ndarray, doc: np.ndarray, n_docs: int) -> np.ndarray:
    """One int64 per (query, document) pair of codes, built in place (no temporaries)."""
    keys = query.astype(np.int64)
    keys *= n_docs
    keys += doc
    return keys


def _refuse_duplicates(
    query: np.ndarray, doc: np.ndarray, frame: pd.DataFrame, name: str, verb: str
) -> None:
    i = repeated_pair(query, doc)
    if i is not None:
        _duplicate_error(frame, name, verb, i)


def _duplicate_error(frame: pd.DataFrame, name: str, verb: str, i: int) -> None:
    raise ValueError(
        f"{name} has document {check.literal(frame['doc_id'].iloc[i])} {verb} twice for query "
        f"{check.literal(frame['query_id'].iloc[i])} (row {check.literal(frame.index[i])})"
    )


def _doc_desc_tiebreak(cells: np.ndarray, doc_codes: np.ndarray, docs: np.ndarray) -> TieBreak:
    """trec_eval's rule: among equal scores, the larger doc_id (as text) ranks first."""

    def key(rows: np.ndarray) -> np.ndarray:
        picked = cells[rows]
        real = picked >= 0
        # Only the rows that hold ties get here: their ids are turned into text alone,
        # as Python strings (NumPy's fixed-width text drops trailing NULs: "a\0" == "a").
        ids = np.asarray(docs[doc_codes[picked[real]]])
        text = np.fromiter(map(str, ids), dtype=object, count=ids.size)
        out = np.zeros(picked.shape, dtype=np.int64)
        out[real] = -_text_rank(text)
        return out

    return key


def _text_rank(text: np.ndarray) -> np.ndarray:
    """Rank of each string among the distinct ones, 0 for the smallest (code point order).

    What ``np.unique(text, return_inverse=True)`` gives, by PyArrow's dense rank: UTF-8
    bytes sort as code points do, and PyArrow sorts them without comparing Python
    objects (twice as fast on a ranked list of 10,000 ids). A string UTF-8 cannot hold (a
    lone surrogate) is ranked by NumPy.
    """
    import pyarrow as pa  # pandas imports it
    import pyarrow.compute as pc

    try:
        names = pa.array(text, type=pa.large_string())
    except (pa.ArrowException, UnicodeEncodeError):
        return np.unique(text, return_inverse=True)[1].ravel()
    dense = pc.rank(names, sort_keys="ascending", tiebreaker="dense")
    return dense.to_numpy().astype(np.int64) - 1


def _sort_ids(ids: np.ndarray) -> np.ndarray:
    try:
        return np.argsort(ids, kind="stable")
    except TypeError:  # mixed types: order as text
        return np.argsort(ids.astype(str), kind="stable")
