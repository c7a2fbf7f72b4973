"""Argument checks of the learning-to-rank package; every message names the argument."""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

from ndcg._validate import literal, not_a_sequence


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


def positive_number(value: Any, name: str, *, allow_zero: bool = False) -> float:
    """Return ``value`` as a float, refusing non-numbers, NaN, infinity and values <= 0.

    With ``allow_zero`` the value 0 is accepted too.
    """
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {literal(value)}")
    value = float(value)
    if not np.isfinite(value) or value < 0 or (value == 0 and not allow_zero):
        bound = ">= 0" if allow_zero else "> 0"
        raise ValueError(f"{name} must be a finite number {bound}, got {literal(value)}")
    return value


def positive_int(value: Any, name: str) -> int:
    """Return ``value`` as an int >= 1, refusing bools, floats and values < 1."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a positive integer, got {literal(value)}")
    if value < 1:
        raise ValueError(f"{name} must be a positive integer, got {value}")
    return int(value)
