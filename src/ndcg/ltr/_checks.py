"""Argument checks of the learning-to-rank package; every message names the argument."""

from __future__ import annotations

from typing import Any

import numpy as np

from ndcg._validate import not_a_sequence


def as_lists(values: Any, name: str) -> np.ndarray:
    """Return ``values`` as a finite float matrix, one list per row (a 1-D input is one row).

    Raises
    ------
    TypeError
        If ``values`` is not numeric or has more than two dimensions.
    ValueError
        If ``values`` is empty or holds NaN or infinity.

    """
    array = np.asarray(values)
    if array.ndim == 0 and not np.issubdtype(array.dtype, np.number):
        raise TypeError(not_a_sequence(values, name))  # a generator, a set, a dict
    if array.dtype == object or not np.issubdtype(array.dtype, np.number):
        raise TypeError(f"{name} must hold real numbers, got dtype {array.dtype}")
    if array.ndim not in (1, 2):
        raise TypeError(f"{name} must be 1-D (one list) or 2-D (lists x items), got {array.shape}")
    if array.size == 0:
        raise ValueError(f"{name} is empty: there is nothing to rank")
    array = np.atleast_2d(array.astype(np.float64))
    if not np.isfinite(array).all():
        bad = np.argwhere(~np.isfinite(array))[0].tolist()
        raise ValueError(f"{name} must hold finite numbers; found {array[tuple(bad)]} at {bad}")
    return array


def same_shape(a: np.ndarray, b: np.ndarray, name_a: str, name_b: str) -> None:
    """Raise ``ValueError`` unless ``a`` and ``b`` have the same shape."""
    if a.shape != b.shape:
        raise ValueError(
            f"{name_a} and {name_b} must have the same shape; got {name_a} {a.shape} "
            f"and {name_b} {b.shape}"
        )
