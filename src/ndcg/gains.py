"""Gain functions: how a relevance grade becomes the gain a position contributes.

Taught in chapter 3, "Discounted cumulative gain" (linear and exponential gain), and
chapter 9 (per-level gains).

``"linear"`` uses the grade itself, ``"exponential"`` uses ``2**grade - 1`` (the form
popularised by Burges et al. 2005), a mapping gives each grade its own gain (trec_eval's
``-m ndcg.1=3,2=9``), and a callable computes the gain of one grade.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

# The gains known by name: defined with the argument checks, which this module imports.
from ndcg._validate import GAIN_NAMES as GAIN_NAMES
from ndcg._validate import literal, show

Gain = str | Mapping[Any, float] | Callable[[float], float]


def _negative_hint(name: str, grade: float) -> str:
    return (
        f"{name} holds the negative grade {show(grade)}; linear and exponential gain need "
        f"grades >= 0. Say what a negative grade is worth with gain=, e.g. "
        f"gain={{{show(grade)}: 0, 0: 0, 1: 1, 2: 2}} or gain=lambda r: max(r, 0)"
    )


def gain_values(grades: np.ndarray, gain: Gain, name: str = "relevance") -> np.ndarray:
    """Return the gain of every grade in ``grades``.

    Parameters
    ----------
    grades : numpy.ndarray
        Finite grades (any shape).
    gain : {"linear", "exponential"}, mapping or callable
        The gain rule, as checked at the caller's door (``_validate.gain``). A mapping must
        hold every grade that occurs; a callable is called once per distinct grade.
    name : str, default "relevance"
        The name of the argument ``grades`` came from, for error messages.

    Returns
    -------
    numpy.ndarray
        Float gains, same shape as ``grades``; all finite and >= 0.

    Raises
    ------
    ValueError
        A negative grade with a named gain, a grade missing from a mapping, a callable
        that raises, or a gain that is negative or not finite.
    TypeError
        If a mapping or callable gives something other than a number.

    Examples
    --------
    >>> import numpy as np
    >>> gain_values(np.array([0.0, 1.0, 3.0]), "exponential").tolist()
    [0.0, 1.0, 7.0]
    >>> gain_values(np.array([1.0, 2.0]), {1: 3, 2: 9}).tolist()
    [3.0, 9.0]

    """
    if not isinstance(gain, str):
        return _per_grade(grades, gain, name)
    if grades.size and grades.min() < 0:
        raise ValueError(_negative_hint(name, float(grades.min())))
    if gain == "linear":
        return grades  # callers never write to gains, so no copy is needed
    with np.errstate(over="raise"):
        try:
            values = np.exp2(grades) - 1.0
        except FloatingPointError:
            raise ValueError(
                f"gain='exponential' overflows for a grade of {show(grades.max())} in {name} "
                "(2**grade - 1 exceeds float64 from grade 1024 on); use gain='linear' or a "
                "mapping"
            ) from None
    return values


def judged_gains(grades: np.ndarray, gain: Gain, name: str) -> tuple[np.ndarray, np.ndarray]:
    """Gains of judged grades, 0 at unjudged positions (NaN past the door), and the mask.

    Returns
    -------
    gains : numpy.ndarray
        The gain of every position; 0 where unjudged.
    judged : numpy.ndarray of bool
        True where the position has a grade.

    Examples
    --------
    >>> import numpy as np
    >>> gains, judged = judged_gains(np.array([3.0, np.nan, 1.0]), "exponential", "relevance")
    >>> gains.tolist(), judged.tolist()
    ([7.0, 0.0, 1.0], [True, False, True])

    """
    judged = ~np.isnan(grades)
    if judged.all():
        return gain_values(grades, gain, name), judged
    gains = np.zeros(grades.shape)
    gains[judged] = gain_values(grades[judged], gain, name)
    return gains, judged


def _per_grade(grades: np.ndarray, gain: Any, name: str) -> np.ndarray:
    # Each distinct grade is looked up once, so a Python callable costs per grade level,
    # not per judgment.
    levels, inverse = np.unique(grades, return_inverse=True)
    level_gains = np.empty(levels.shape, dtype=np.float64)
    for i, level in enumerate(levels.tolist()):
        key = int(level) if float(level).is_integer() else level
        if isinstance(gain, Mapping):
            if key in gain:
                value = gain[key]
            elif level in gain:
                value = gain[level]
            else:
                raise ValueError(
                    f"gain mapping has no entry for grade {show(level)} found in {name}; "
                    f"give every grade a gain (the mapping has {literal(sorted(gain))})"
                )
        else:
            try:
                value = gain(key)
            except Exception as error:
                raise ValueError(
                    f"gain raised {type(error).__name__} ({error}) for grade {show(level)} "
                    f"found in {name}; make the gain callable accept every grade"
                ) from error
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
            raise TypeError(
                f"gain gave {literal(value)} for grade {show(level)}; gains must be numbers"
            )
        value = float(value)
        if not np.isfinite(value) or value < 0:
            raise ValueError(
                f"gain gave {literal(value)} for grade {show(level)}; gains must be finite and >= 0"
            )
        level_gains[i] = value
    return level_gains[inverse].reshape(grades.shape)
