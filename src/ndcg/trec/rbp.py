"""trec_eval's ``rbp`` and ``rbp_resid`` (its m_rbp.c, m_rbp_resid.c), as row kernels.

Inputs as in :mod:`ndcg.trec.counts`. These are trec_eval's figures, printed by the
command line; the library's :func:`ndcg.rbp` and :func:`ndcg.rbp_residual` stay Moffat
and Zobel's RBP of a binary reading at a threshold and its full residual (chapters 10-12).

trec_eval's ``rbp`` is graded and ignores ``-l``: each level's gain is that of
``setup_gains`` (the gain map's, else the level itself, for every level from 0 to the
query's highest judged grade), rescaled to [0, 1] as ``(g - min) / (max - min)`` when the
smallest gain is negative or the largest above 1. Its ``rbp_resid`` counts only unjudged
retrieved documents: it is 0 for a query without one.

Every value is formed with trec_eval's operations: ``p**(i-1)`` is a running product
(``cur_p``), and the terms are added left to right.
"""

from __future__ import annotations

import numpy as np

from ndcg.discount import persistence
from ndcg.trec.counts import in_list
from ndcg.trec.curves import running_total
from ndcg.trec.gains import GainMap, level_gains

#: trec_eval's persistence for ``rbp`` and ``rbp_resid`` (its default ``p``).
PERSISTENCE = 0.9


def _gain_range(judged: np.ndarray, gains: GainMap) -> tuple[np.ndarray, np.ndarray]:
    """Each query's smallest and largest gain among ``setup_gains``' levels.

    Those levels are every level from 0 to the query's highest grade of 0 or more (a level
    no document has still gains its own value), and every level of the gain map.
    trec_eval compares each gain with a ``min`` and ``max`` it never initialised, which can
    hold what the measure computed before it left on the stack (after ``G``, the total gain
    of its ideal: ``-m G -m rbp`` shrinks every gain); here the range is the gains' own,
    what it prints when nothing is left over (the README's list of differences).

    Every level the map does not name gains its own value, so among the levels from 0 to
    ``top`` the smallest such gain is the first level the map leaves out and the largest
    the last: found by walking past the map's levels, never by listing 0..top, so that a
    grade of 10**9 costs what a grade of 3 does.
    """
    top = np.floor(np.max(np.where(judged >= 0, judged, -1.0), axis=1, initial=-1.0))
    named = np.array(sorted((gains or {}).keys()), dtype=np.float64)
    first = 0.0
    while first in named:  # the smallest level the map leaves out
        first += 1.0
    last = top.copy()  # the largest one up to each query's top
    for _ in range(named.size):
        last = np.where(np.isin(last, named), last - 1.0, last)
    mapped = np.array(list((gains or {}).values()), dtype=np.float64)
    low = np.where(first <= top, first, np.inf)
    high = np.where(last >= 0.0, last, -np.inf)
    low = np.minimum(low, mapped.min(initial=np.inf))
    return low, np.maximum(high, mapped.max(initial=-np.inf))


def rbp_rows(
    ranked: np.ndarray,
    n_ranked: np.ndarray,
    judged: np.ndarray,
    gains: GainMap = None,
    p: float = PERSISTENCE,
) -> np.ndarray:
    """trec_eval's ``rbp``: ``(1 - p) * sum_i gain_i * p**(i-1)`` on rescaled graded gains.

    A retrieved document without a grade of 0 or more gains 0 (trec_eval's ``get_gain``
    finds no level for it), whatever the rescaling.
    """
    low, high = _gain_range(judged, gains)
    rescale = ((low < 0) | (high > 1))[:, None]
    values = level_gains(ranked, gains)
    with np.errstate(divide="ignore", invalid="ignore"):
        scaled = np.where(rescale, (values - low[:, None]) / (high - low)[:, None], values)
    real = in_list(ranked, n_ranked) & (ranked >= 0)
    gain = np.where(real, scaled, 0.0)
    terms = gain * persistence(gain.shape[1], p)[None, :]
    return (1.0 - p) * running_total(terms)


def rbp_resid_rows(ranked: np.ndarray, n_ranked: np.ndarray, p: float = PERSISTENCE) -> np.ndarray:
    """trec_eval's ``rbp_resid``: ``p**n + (1 - p) * sum`` of ``p**(i-1)`` over unjudged ranks.

    ``n`` is the number retrieved. 0 for a query with no unjudged retrieved document (no
    judgment, or a negative grade: in the pool but not judged), as trec_eval leaves it.
    """
    n = np.asarray(n_ranked, dtype=np.int64)
    weights = persistence(ranked.shape[1] + 1, p)
    unjudged = in_list(ranked, n_ranked) & ~(ranked >= 0)  # NaN compares False
    total = running_total(np.where(unjudged, weights[None, : ranked.shape[1]], 0.0))
    # p**n as trec_eval's cur_p ends its loop: the running product, one step per rank.
    value = weights[n] + (1.0 - p) * total
    return np.where(unjudged.any(axis=1), value, 0.0)
