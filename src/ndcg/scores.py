"""NDCG of items ranked by predicted scores, with an explicit rule for tied scores.

Taught in chapter 5, "Scores and ties", and chapter 6, "Edge cases".
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np

from ndcg import _validate as check
from ndcg._kernel import TIE_RULES, ndcg_rows, rule_tiebreak
from ndcg.discount import Discount, DiscountSpec
from ndcg.gains import Gain, judged_gains


@check.validate_params(
    y_true=check.numbers_array((1, 2), unjudged=True),
    y_score=check.numbers_array((1, 2), exact=True),
    k=check.cutoff,
    gain=check.gain,
    ties=check.choice(*TIE_RULES),
    empty=check.empty,
    unjudged=check.choice(*check.UNJUDGED),
    discount=check.discount,
)
def ndcg_from_scores(
    y_true: Any,
    y_score: Any,
    k: int | None = None,
    gain: Gain = "linear",
    ties: str = "average",
    empty: float | str = 0.0,
    unjudged: str = "zero",
    discount: DiscountSpec = "log2",
) -> float | np.ndarray:
    """NDCG of the items ordered by ``y_score`` (highest first), graded by ``y_true``.

    Parameters
    ----------
    y_true : array_like, shape (n,) or (m, n)
        Grades of the items (>= 0 unless ``gain`` maps negative grades). A 2-D array
        holds one query per row and is scored row by row, vectorised.
    y_score : array_like, same shape as ``y_true``
        Predicted scores; higher ranks first.
    k : int, optional
        Cutoff for the ranking and the ideal. ``None`` uses every item; a ``k`` larger
        than the number of items counts what is there.
    gain : {"linear", "exponential"}, mapping or callable, default "linear"
        See :func:`ndcg.dcg`.
    ties : {"average", "stable", "pessimistic", "optimistic"}, default "average"
        How items with equal scores are ordered. ``"average"`` gives each item of a tied
        group the group's mean gain over the group's positions (McSherry and Najork 2008;
        the same as scikit-learn's ``ndcg_score``); ``"stable"`` keeps input order (the
        same as scikit-learn's ``ignore_ties=True`` when scores are distinct);
        ``"pessimistic"`` puts the lowest grade first, ``"optimistic"`` the highest.
    empty : float or "raise", default 0.0
        The result when the ideal DCG is 0 (see :func:`ndcg.ndcg`).
    unjudged : {"zero", "condense", "raise"}, default "zero"
        What an item whose grade is ``None`` (never judged) counts for: no gain, ranked
        where its score puts it (trec_eval); dropped before ranking, so the items below
        it move up (trec_eval ``-J``); or an error. It never enters the ideal.
    discount : "log2", "reciprocal", ("log", b) or ("geometric", p), default "log2"
        The weight of each rank (see :func:`ndcg.dcg`), for the ranking and its ideal.

    Returns
    -------
    float or numpy.ndarray
        A float for 1-D input, an array of one NDCG per row for 2-D input.

    Raises
    ------
    ValueError
        Shapes differ, NaN or infinite values, an unknown tie rule, or as in
        :func:`ndcg.ndcg`.

    Examples
    --------
    >>> true = [3, 4, 5, 1, 2, 3, 4, 5, 5, 4]
    >>> estimate = [2.5, 4.5, 4.5, 1.5, 1.5, 3.5, 3.5, 5.5, 4.5, 4.5]
    >>> round(ndcg_from_scores(true, estimate, k=10, gain="exponential", ties="stable"), 6)
    0.961845
    >>> round(ndcg_from_scores(true, estimate, k=10, gain="exponential"), 6)
    0.970797
    >>> ndcg_from_scores([[1, 0], [0, 1]], [[0.9, 0.1], [0.9, 0.1]]).round(4).tolist()
    [1.0, 0.6309]

    """
    discount = cast(Discount, discount)  # check.discount made it one (validate_params)
    if y_true.shape != y_score.shape:
        raise ValueError(
            f"y_true and y_score must have the same shape; got y_true {y_true.shape} "
            f"and y_score {y_score.shape}"
        )
    one_row = y_true.ndim == 1
    gains, judged = judged_gains(np.atleast_2d(y_true), gain, "y_true")
    scores = apply_unjudged(np.atleast_2d(y_score), judged, unjudged, "y_true")
    where = None if one_row else (lambda i: f" for row {i}")
    tiebreak = rule_tiebreak(ties, gains)
    result = ndcg_rows(scores, gains, (k,), tiebreak, empty, where, discount)[:, 0]
    return float(result[0]) if one_row else result


def apply_unjudged(scores: np.ndarray, judged: np.ndarray, unjudged: str, name: str) -> np.ndarray:
    """Scores after the ``unjudged`` policy, for items ranked by score.

    ``"zero"`` leaves them (unjudged items already have gain 0); ``"condense"`` turns
    unjudged cells into padding (score ``-inf``), which sorts last and adds nothing, so the
    judged items below move up; ``"raise"`` refuses any unjudged item.
    """
    count = judged.size - int(np.count_nonzero(judged))
    check.check_unjudged(count, unjudged, f"{name} has {{n}} unjudged item(s) (None)")
    if count and unjudged == "condense":
        return np.where(judged, scores, -np.inf)
    return scores
