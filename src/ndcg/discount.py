"""The positional discount: the gain at rank i (1-based) is divided by log2(i + 1).

Taught in chapter 3, "Discounted cumulative gain".
"""

from __future__ import annotations

import numpy as np


def log2_ranks(n: int) -> np.ndarray:
    """Return ``log2(i + 1)`` for ranks ``i = 1..n``.

    Examples
    --------
    >>> log2_ranks(3).tolist()
    [1.0, 1.584962500721156, 2.0]

    """
    return np.log2(np.arange(2, n + 2, dtype=np.float64))


def discounts(n: int) -> np.ndarray:
    """Return the discount ``1 / log2(i + 1)`` for ranks ``i = 1..n``.

    Examples
    --------
    >>> discounts(2).tolist()
    [1.0, 0.6309297535714575]

    """
    return 1.0 / log2_ranks(n)
