"""How trec_eval turns per-query values into its ``all`` line: mean, geometric mean, sum.

trec_eval adds each query's value to an accumulator in the order it evaluates the queries
(``te_acc_meas_s``), then divides once (``te_calc_avg_meas_s``). The sums here are
running sums in that order, never numpy's pairwise ``sum``, so the ``all`` line is the
same double. ``n_queries`` is the divisor: the queries evaluated, or with ``-c`` every
query of the qrels.
"""

from __future__ import annotations

import math

import numpy as np

from ndcg._trec_curves import MIN_GEO_MEAN


def running_sum(values: np.ndarray) -> float:
    """Add the values one after another, from 0.0, in the order given."""
    values = np.asarray(values, dtype=np.float64)
    return float(np.cumsum(values)[-1]) if values.size else 0.0


def _divisor(values: np.ndarray, n_queries: int | None) -> int:
    count = np.asarray(values).shape[0]
    if n_queries is None:
        return count
    if n_queries < count:
        raise ValueError(
            f"n_queries is {n_queries}, fewer than the {count} values given; pass the number "
            "of queries averaged over (with -c, every query of the qrels) or None"
        )
    return n_queries


def mean(values: np.ndarray, n_queries: int | None = None) -> float:
    """trec_eval's mean: the running sum over ``n_queries`` (the values' count by default).

    With ``-c``, queries of the qrels that the run lacks are evaluated on trec_eval's
    placeholder ranking and so are among ``values``; ``n_queries`` larger than the values
    serves callers that leave them out (they add 0).

    Examples
    --------
    >>> mean([0.5, 0.25]), mean([0.5, 0.25], n_queries=3)
    (0.375, 0.25)

    """
    n = _divisor(values, n_queries)
    return running_sum(values) / n if n else 0.0


def geometric_mean(logs: np.ndarray, n_queries: int | None = None) -> float:
    """trec_eval's geometric mean (``gm_map``, ``gm_bpref``) of per-query logarithms.

    ``logs`` are the per-query figures trec_eval keeps, ``log(max(value, 1e-5))``
    (:func:`ndcg._trec_curves.log_floor`); each query left out of ``logs`` but counted in
    ``n_queries`` adds ``log(1e-5)``, as trec_eval patches them under ``-c``.

    Examples
    --------
    >>> import numpy as np
    >>> round(geometric_mean(np.log([0.5, 0.125])), 12)
    0.25

    """
    n = _divisor(logs, n_queries)
    if not n:
        return 0.0
    total = running_sum(logs)
    missing = n - np.asarray(logs).shape[0]
    if missing:
        total += missing * math.log(MIN_GEO_MEAN)
    # The C library's exp and log, as trec_eval's: numpy's may differ in the last bit.
    return math.exp(total / n)


def total(values: np.ndarray) -> float:
    """Sum the counts (``num_ret``, ``num_rel_ret``, ...): their ``all`` figure.

    Examples
    --------
    >>> total([3.0, 4.0])
    7.0

    """
    return running_sum(values)


def num_rel_complete(judged: np.ndarray) -> float:
    """``num_rel``'s ``all`` figure under ``-c``: every grade above 0 in the whole qrels.

    trec_eval recounts the qrels here (``te_calc_avg_num_rel``) and counts grades ``> 0``
    whatever ``-l`` says, where each query's ``num_rel`` counts grades ``>= -l``.

    Examples
    --------
    >>> import numpy as np
    >>> num_rel_complete(np.array([[2.0, 1.0, 0.0], [1.0, -1.0, np.nan]]))
    3.0

    """
    return float(np.count_nonzero(np.asarray(judged) > 0))
