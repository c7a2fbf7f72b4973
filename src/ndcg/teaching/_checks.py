"""Argument checks shared by the teaching modules.

The teaching code reaches the library through its public names only (a test holds it to
that), so the one check it needs beyond them lives here, once, for all its modules.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def positive_int(value: Any, name: str, minimum: int = 1) -> int:
    """Return ``value`` as an int if it is an integer of at least ``minimum``.

    Examples
    --------
    >>> positive_int(3, "n")
    3
    >>> positive_int(0, "n")
    Traceback (most recent call last):
    ...
    ValueError: n must be at least 1, got 0; e.g. n=1

    """
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}; e.g. {name}=10")
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}; e.g. {name}={minimum}")
    return int(value)
