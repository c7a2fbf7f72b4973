"""The ideal ranking: the best possible order of every judged document.

Taught in chapter 4, "Ideal DCG and NDCG".
"""

from __future__ import annotations

from collections import Counter

import numpy as np


def check_pool_contains(relevance: np.ndarray, pool: np.ndarray) -> None:
    """Raise ``ValueError`` unless ``pool`` holds every retrieved grade (as a multiset).

    The pool is every judged grade of the query, retrieved or not, so each grade of the
    ranked list must appear in it at least as often as in the list.

    Examples
    --------
    >>> import numpy as np
    >>> check_pool_contains(np.array([3.0, 2.0]), np.array([2.0, 3.0, 3.0]))
    >>> check_pool_contains(np.array([3.0, 3.0]), np.array([3.0, 2.0]))
    Traceback (most recent call last):
    ...
    ValueError: pool must hold every retrieved grade: grade 3 appears 2 times in relevance but 1 times in pool

    """  # noqa: E501
    have = Counter(pool.tolist())
    for grade, count in sorted(Counter(relevance.tolist()).items()):
        if have[grade] < count:
            raise ValueError(
                f"pool must hold every retrieved grade: grade {grade:g} appears {count} times "
                f"in relevance but {have[grade]} times in pool"
            )


def ideal_gains(gains: np.ndarray, k: int | None) -> np.ndarray:
    """Return the gains sorted from best to worst, cut at ``k`` (all of them if ``None``).

    Sorting gains rather than grades keeps the ideal right for any gain mapping, even one
    that does not grow with the grade.

    Examples
    --------
    >>> import numpy as np
    >>> ideal_gains(np.array([1.0, 3.0, 2.0]), 2).tolist()
    [3.0, 2.0]

    """
    ordered = np.sort(gains)[::-1]
    return ordered if k is None else ordered[:k]
