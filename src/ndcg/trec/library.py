"""The library's measures (NDCG and its family) on trec_eval's rows, for the command line.

The command line is taught in chapter 9, "NDCG in the wild"; the family in chapters 10-12.

:func:`ndcg.evaluate` ranks a run and joins it with the judgments itself; the command
line has already done both, as trec_eval does (:func:`ndcg.trec.rows.trec_rows`), so
here the rows go straight to the library's one kernel of each measure:
:func:`ndcg._kernel.ndcg_rows` and :func:`ndcg._family.family_rows`, with the arguments
``evaluate`` gives them for the command line's options. The rows are already in
trec_eval's order, so the kernels see each row's positions as its scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ndcg import _family
from ndcg._kernel import ndcg_rows, rule_tiebreak
from ndcg.gains import Gain, gain_values
from ndcg.trec.rows import TrecRows


def library_values(
    chosen: Sequence[Any],
    rows: TrecRows,
    level: float,
    grades: np.ndarray,
    p: float,
) -> dict[str, np.ndarray]:
    """Each measure of ``chosen`` (the library's) for every query of ``rows``.

    ``level`` is trec_eval's ``-l``: the binary measures count a grade from it on as
    relevant (0: every judged document). ``grades`` are every grade of the qrels: a
    gain map is completed with the levels they hold, and a gain is refused, as
    :func:`ndcg.evaluate` refuses it, if any of them has none (an exponential gain past
    the largest double) even in a query not evaluated. ``p`` is RBP's persistence.

    Returns
    -------
    dict
        Measure name (as trec_eval prints it) to one value per query.

    """
    out = {m.name: np.zeros(rows.queries.size) for m in chosen}
    by_gain: dict[str, list[Any]] = {}
    gains: dict[str, Gain] = {}
    for m in chosen:
        key = repr(m.gain) if m.metric == "ndcg" else "binary"
        by_gain.setdefault(key, []).append(m)
        if key != "binary" and key not in gains:
            gains[key] = _complete_gain(m.gain, grades)
            _gains(grades.astype(np.float64), gains[key])  # refuses a grade without a gain
    for chunk, ranked, n_ranked, judged in rows.chunks():
        for key, group in by_gain.items():
            cutoffs = list(dict.fromkeys(m.k for m in group))
            if key == "binary":
                found = _binary(group, ranked, n_ranked, judged, cutoffs, level, p)
            else:
                found = _ndcg(ranked, judged, cutoffs, gains[key])
            for m in group:
                out[m.name][chunk] = found[m.metric][:, cutoffs.index(m.k)]
    return out


def _complete_gain(gain: Gain, grades: np.ndarray) -> Gain:
    """Complete a gain map: each level of ``grades`` it lacks keeps its value (trec_eval)."""
    if isinstance(gain, dict):
        levels = np.unique(grades[grades >= 0])
        return {int(level): float(level) for level in levels} | gain
    return gain


def _ndcg(
    ranked: np.ndarray, judged: np.ndarray, cutoffs: list[int | None], gain: Gain
) -> dict[str, np.ndarray]:
    """NDCG at each cutoff: the ranked gains over the ideal of all the query's judgments."""
    values = ndcg_rows(
        None, _gains(ranked, gain), cutoffs, None, 0.0, None, pool=_gains(judged, gain)
    )
    return {"ndcg": values}


def _gains(grades: np.ndarray, gain: Gain) -> np.ndarray:
    """Gain of each grade; 0 where unjudged (NaN), negative (never judged) or padding."""
    out = np.zeros(grades.shape)
    judged = grades >= 0  # NaN compares False
    if judged.any():
        out[judged] = gain_values(grades[judged], gain, "qrels['relevance']")
    return out


def _binary(
    group: Sequence[Any],
    ranked: np.ndarray,
    n_ranked: np.ndarray,
    judged: np.ndarray,
    cutoffs: list[int | None],
    level: float,
    p: float,
) -> dict[str, np.ndarray]:
    """Compute the family's measures at each cutoff, grades made binary at ``level``."""
    grades = np.where(ranked >= 0, ranked >= level, np.nan)  # NaN: unjudged or padding
    position = np.arange(ranked.shape[1], dtype=np.float64)
    scores = np.where(position < n_ranked[:, None], -position, -np.inf)
    names = tuple(dict.fromkeys(m.metric for m in group))
    # Scores are distinct but for the padding, whose order within changes nothing.
    tiebreak = rule_tiebreak("stable", scores)
    found = _family.family_rows(
        scores, grades, cutoffs, tiebreak, names, threshold=1, max_grade=None, p=p
    )
    if {"recall", "ap"} & set(names):
        n_relevant = np.count_nonzero(judged >= level, axis=1)  # NaN padding compares False
        for name in {"recall", "ap"} & set(names):
            metric = "recall" if name == "recall" else "average precision"
            found[name] = _family.ratio_of_relevant(found[name], n_relevant, 0.0, metric)
    return found
