"""Argument checks shared by the public functions.

Every check raises ``ValueError`` or ``TypeError`` whose message starts with the
argument's name, so a caller can tell at once which input was wrong.
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np


def as_grades(values: Any, name: str, *, ndim: int | tuple[int, ...] = 1) -> np.ndarray:
    """Convert ``values`` to a float array of finite numbers, refusing anything else.

    Parameters
    ----------
    values : array_like
        Numbers (grades or scores).
    name : str
        The argument's name, used in error messages.
    ndim : int or tuple of int, default 1
        Accepted number of dimensions.

    Returns
    -------
    numpy.ndarray
        A float64 array (a copy only when conversion needs one).

    Raises
    ------
    TypeError
        If ``values`` is a string, holds non-numbers, or has the wrong number of dimensions.
    ValueError
        If ``values`` is empty or holds NaN or infinity.

    """
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be a sequence of numbers, got a string {values!r}")
    try:
        array = np.asarray(values)
    except ValueError as error:  # ragged nested lists
        raise TypeError(f"{name} must be a sequence of numbers: {error}") from None
    if array.dtype == object or not (
        np.issubdtype(array.dtype, np.number) or array.dtype == np.bool_
    ):
        raise TypeError(f"{name} must hold numbers only, got dtype {array.dtype}")
    if np.issubdtype(array.dtype, np.complexfloating):
        raise TypeError(f"{name} must hold real numbers, got complex values")
    allowed = (ndim,) if isinstance(ndim, int) else ndim
    if array.ndim not in allowed:
        wanted = " or ".join(f"{d}-D" for d in allowed)
        raise TypeError(f"{name} must be {wanted}, got an array of shape {array.shape}")
    if array.size == 0:
        raise ValueError(f"{name} is empty: there is nothing to rank")
    array = array.astype(np.float64, copy=False)
    # A finite sum proves every element finite (NaN and inf propagate); only when it
    # is not (or overflowed) is the element-wise check paid for.
    with np.errstate(over="ignore", invalid="ignore"):
        total = np.add.reduce(array, axis=None)
    if not np.isfinite(total) and not np.isfinite(array).all():
        bad = np.flatnonzero(~np.isfinite(array.ravel()))[0]
        raise ValueError(
            f"{name} must hold finite numbers; found {array.ravel()[bad]} at flat index {bad}"
        )
    return array


def check_k(k: Any, name: str = "k") -> int | None:
    """Return ``k`` as a positive ``int`` (or ``None``), refusing bools, floats and k <= 0.

    Raises
    ------
    TypeError
        If ``k`` is not an integer (``True`` and ``1.0`` are refused).
    ValueError
        If ``k`` is zero or negative.

    """
    if k is None:
        return None
    if isinstance(k, (bool, np.bool_)) or not isinstance(k, numbers.Integral):
        raise TypeError(f"{name} must be a positive integer or None, got {k!r}")
    if k <= 0:
        raise ValueError(f"{name} must be a positive integer, got {k}")
    return int(k)


def check_empty(empty: Any) -> float | str:
    """Validate ``empty``: a float (``0.0``, ``nan``, ...) or the string ``"raise"``."""
    if isinstance(empty, str):
        if empty != "raise":
            raise ValueError(f'empty must be a number or "raise", got {empty!r}')
        return empty
    if isinstance(empty, (bool, np.bool_)) or not isinstance(empty, numbers.Real):
        raise TypeError(f'empty must be a number or "raise", got {empty!r}')
    return float(empty)


def check_choice(value: Any, name: str, choices: tuple[str, ...]) -> str:
    """Return ``value`` if it is one of ``choices``, else raise naming ``name``."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be one of {', '.join(map(repr, choices))}; got {value!r}")
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, choices))}; got {value!r}")
    return value
