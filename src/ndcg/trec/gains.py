"""trec_eval's graded measures beside ``ndcg``: G, ndcg_rel and Rndcg, as row kernels.

Taught in chapter 9, "NDCG in the wild" (the table of trec_eval's measures).

Inputs as in :mod:`ndcg.trec.counts`. Each grade's gain is the grade itself unless the
gain map (trec_eval's ``-m G.1=3,2=9``) names its level; an unjudged or negative grade
gains nothing. The ideal ranking is every positive gain of the query's judgments, best
first: trec_eval walks its gain levels from the highest down and stops at the first gain
that is not positive.

trec_eval sorts its levels by the integer part of the difference of two gains
(``comp_rel_gain``), so two positive gains less than 1 apart may come in either order in
its ideal; here they come in their true order, which is the same wherever the gains
differ by at least 1 (every gain map of whole numbers).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ndcg._kernel import cumulative_dcg
from ndcg.gains import Gain, gain_values
from ndcg.trec.counts import Tally, in_list, up_to, with_zero
from ndcg.trec.curves import running_total

GainMap = Mapping[int, float] | None


def gain_map_of(gain: Gain, grades: np.ndarray) -> GainMap:
    """Return the command line's ``--gain`` as a gain map for trec_eval's graded measures.

    ``linear`` is no map (each grade gains itself); a map is kept as typed, so that
    ``--gain 1=3 -m G`` is trec_eval's ``-m G.1=3``; ``exponential`` is the map of every
    positive grade of the judgments ``grades`` to ``2**grade - 1`` (the same as listing them
    in ``-m G.1=1,2=3,3=7``), refused as :func:`ndcg.gains.gain_values` refuses it from
    grade 1024 on.

    Examples
    --------
    >>> gain_map_of("exponential", np.array([0, 3, 1, -1, 3]))
    {1: 1.0, 3: 7.0}

    """
    if isinstance(gain, str) and gain == "linear":
        return None
    if not isinstance(gain, str):
        return dict(gain)  # type: ignore[arg-type]
    levels = np.unique(grades[grades > 0])
    values = gain_values(levels.astype(np.float64), gain, "qrels['relevance']")
    return {int(level): float(value) for level, value in zip(levels, values, strict=True)}


def level_gains(grades: np.ndarray, gains: GainMap) -> np.ndarray:
    """Return each grade's gain: the map's, else the grade; 0 for NaN and negative grades."""
    out = np.where(grades >= 0, grades, 0.0)
    for level, gain in (gains or {}).items():
        out = np.where(grades == level, float(gain), out)
    return out


def ideal_gains(judged: np.ndarray, gains: GainMap, width: int) -> np.ndarray:
    """Each query's positive gains, best first, zero-padded to at least ``width`` columns."""
    values = level_gains(judged, gains)
    positive = np.where(values > 0, values, 0.0)
    ordered = -np.sort(-positive, axis=1)
    pad = max(width - ordered.shape[1], 0)
    return np.pad(ordered, ((0, 0), (0, pad)))


def _results(ranked: np.ndarray, n_ranked: np.ndarray, gains: GainMap) -> np.ndarray:
    """Return each retrieved document's gain; one column of zeros when no list has any."""
    if ranked.shape[1] == 0:
        return np.zeros((ranked.shape[0], 1))
    return np.where(in_list(ranked, n_ranked), level_gains(ranked, gains), 0.0)


def g_rows(
    ranked: np.ndarray, n_ranked: np.ndarray, judged: np.ndarray, gains: GainMap = None
) -> np.ndarray:
    """``G``: each document's gain over ``log2(2 + cost so far - gain so far)``, over the ideal.

    The cost of a rank is the ideal gain there, or 1 where that is below 1 (``min_cost``);
    a document whose predecessors gained nearly what the ideal would have loses little.
    The sum is divided by the ideal's total gain (0 when no gain is positive).
    """
    results = _results(ranked, n_ranked, gains)
    width = results.shape[1]
    ideal = ideal_gains(judged, gains, width)
    cost = np.where(ideal[:, :width] >= 1.0, ideal[:, :width], 1.0)
    spent = np.cumsum(cost, axis=1)
    gained = np.cumsum(results, axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(results != 0, results / np.log2(2 + spent - gained), 0.0)
    total = running_total(terms)
    best = running_total(ideal)
    return np.divide(total, best, out=np.zeros_like(total), where=best > 0.0)


def ndcg_rel_rows(
    ranked: np.ndarray, n_ranked: np.ndarray, judged: np.ndarray, gains: GainMap = None
) -> np.ndarray:
    """``ndcg_rel``: NDCG averaged over the relevant documents (positive gain).

    A relevant document retrieved at rank ``i`` contributes ``DCG@i / IDCG@i``; each one
    not retrieved contributes the NDCG at the end of the list. The mean is over the
    relevant documents; 0 when the sum is not positive.
    """
    results = _results(ranked, n_ranked, gains)
    width = results.shape[1]
    ideal = ideal_gains(judged, gains, width)
    dcg = cumulative_dcg(results)
    idcg = cumulative_dcg(ideal)
    n_relevant = (ideal > 0).sum(axis=1).astype(np.float64)
    n_found = (results > 0).sum(axis=1).astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(results > 0, dcg / idcg[:, :width], 0.0)
        total = running_total(terms) + (n_relevant - n_found) * dcg[:, -1] / idcg[:, -1]
        return np.where(total > 0.0, total / n_relevant, 0.0)


def rndcg_rows(
    ranked: np.ndarray,
    n_ranked: np.ndarray,
    judged: np.ndarray,
    t: Tally,
    gains: GainMap = None,
) -> np.ndarray:
    """``Rndcg``: NDCG averaged at the ranks where the ideal's gain changes.

    With 5 documents of gain 3 and 3 of gain 2 judged, it is the mean of NDCG at 5 and 8
    (the cuts at the end of each level of the ideal), plus the NDCG at the end of the list
    when the list runs on past the ideal by more than one document. 0 when no document
    reaches the threshold; NaN (0/0), as in trec_eval, when some does but no gain is
    positive.
    """
    results = _results(ranked, n_ranked, gains)
    dcg = with_zero(cumulative_dcg(results))
    # Two columns past the judgments, so that the ideal always ends with a gain of 0.
    ideal = ideal_gains(judged, gains, judged.shape[1] + 2)
    idcg = with_zero(cumulative_dcg(ideal))
    r = (ideal > 0).sum(axis=1)
    b = np.arange(ideal.shape[1])[None, :]
    changed = np.zeros(ideal.shape, dtype=bool)
    changed[:, 1:] = ideal[:, 1:] != ideal[:, :-1]
    changed &= (b >= 1) & (b <= r[:, None])
    read = np.minimum(b, np.asarray(n_ranked)[:, None])
    dcg_at = up_to(dcg, read)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(changed, dcg_at / idcg[:, : ideal.shape[1]], 0.0)
        total = running_total(terms)
        count = changed.sum(axis=1).astype(np.float64)
        tail = (np.asarray(n_ranked) > r + 1) & (r > 0)
        end = up_to(dcg, n_ranked)
        full = up_to(idcg, r)
        total = np.where(tail, total + end / full, total)
        count = count + tail
        value = total / count
    return np.where(t.num_rel > 0, value, 0.0)
