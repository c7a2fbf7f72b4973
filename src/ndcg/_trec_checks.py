"""Argument checks of :mod:`ndcg.trec_measures` that :mod:`ndcg._validate` does not hold yet.

Each has the signature of ``_validate``'s checkers (``value, name``) and its style of
message (the argument, the value, a fix), so that they can move there unchanged.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ndcg import _validate as check


def recall_level(value: Any, name: str) -> float:
    """Return a recall level: a number from 0 to 1, both included."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(
            f"{name} must be a number, got {type(value).__name__} {check.literal(value)}"
        )
    if not 0.0 <= value <= 1.0:
        raise ValueError(
            f"{name} must lie between 0 and 1 (a share of R), got {value}; e.g. {name}=0.5"
        )
    return float(value)


def positive_number(value: Any, name: str) -> float:
    """Return a finite number above 0."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(
            f"{name} must be a number, got {type(value).__name__} {check.literal(value)}"
        )
    if not (math.isfinite(value) and value > 0):
        raise ValueError(f"{name} must be a finite number above 0, got {value}; e.g. {name}=1.0")
    return float(value)


def coefficients(value: Any, name: str) -> tuple[float, float, float, float]:
    """Return utility's four finite coefficients."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (Sequence, np.ndarray)):
        raise TypeError(
            f"{name} must be four numbers, got {type(value).__name__} {check.literal(value)}; "
            f"e.g. {name}=(1, -1, 0, 0)"
        )
    if len(value) != 4 or not all(
        isinstance(x, numbers.Real) and not isinstance(x, bool) and math.isfinite(x) for x in value
    ):
        raise ValueError(
            f"{name} must be four finite numbers, got {check.literal(value)}; "
            f"e.g. {name}=(1, -1, 0, 0)"
        )
    return tuple(float(x) for x in value)  # type: ignore[return-value]


def gain_map(value: Any, name: str) -> dict[int, float] | None:
    """Return a gain per level: integer levels >= 0 to finite gains (``None``: the grade)."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise TypeError(
            f"{name} must be a mapping level -> gain or None, got {type(value).__name__} "
            f"{check.literal(value)}; e.g. {name}={{1: 1, 2: 3}}"
        )
    out = {}
    for level, gain in value.items():
        if isinstance(level, bool) or not isinstance(level, numbers.Integral) or level < 0:
            raise ValueError(
                f"{name} has the level {level!r}; levels are whole grades >= 0, "
                f"e.g. {name}={{1: 1, 2: 3}}"
            )
        if isinstance(gain, bool) or not isinstance(gain, numbers.Real) or not math.isfinite(gain):
            raise ValueError(f"{name} gives level {level} the gain {gain!r}; give a finite number")
        out[int(level)] = float(gain)
    return out
