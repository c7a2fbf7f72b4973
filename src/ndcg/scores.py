"""NDCG of items ranked by predicted scores, with an explicit rule for tied scores.

Taught in chapter 5, "Cutoffs, ties and edge cases".
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ndcg._rank import TIE_RULES, dcg_rows, ideal_rows, rule_tiebreak
from ndcg._validate import as_grades, check_choice, check_empty, check_k
from ndcg.gains import Gain, gain_values


def ndcg_from_scores(
    y_true: Any,
    y_score: Any,
    k: int | None = None,
    gain: Gain = "linear",
    ties: str = "average",
    empty: float | str = 0.0,
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
    true = as_grades(y_true, "y_true", ndim=(1, 2))
    score = as_grades(y_score, "y_score", ndim=(1, 2))
    if true.shape != score.shape:
        raise ValueError(
            f"y_true and y_score must have the same shape; got y_true {true.shape} "
            f"and y_score {score.shape}"
        )
    k = check_k(k)
    ties = check_choice(ties, "ties", TIE_RULES)
    empty = check_empty(empty)
    gains = gain_values(true, gain, "y_true")
    one_row = true.ndim == 1
    gains2 = gains.reshape(1, -1) if one_row else gains
    score2 = score.reshape(1, -1) if one_row else score
    actual = dcg_rows(score2, gains2, (k,), rule_tiebreak(ties, gains2))[:, 0]
    best = ideal_rows(gains2, (k,))[:, 0]
    result = normalise(actual, best, empty)
    return float(result[0]) if one_row else result


def normalise(actual: np.ndarray, best: np.ndarray, empty: float | str) -> np.ndarray:
    """``actual / best`` row by row, with ``empty`` where ``best`` is 0.

    Raises
    ------
    ValueError
        If ``empty == "raise"`` and some ideal DCG is 0.

    """
    zero = best == 0.0
    if zero.any() and empty == "raise":
        raise ValueError(
            f"empty='raise': the ideal DCG is 0 for row {int(np.flatnonzero(zero)[0])} "
            "(no item has any gain), so NDCG is undefined"
        )
    with np.errstate(divide="ignore", invalid="ignore"):
        result = actual / np.where(zero, 1.0, best)
    result[zero] = np.nan if empty == "raise" else float(empty)
    return result
