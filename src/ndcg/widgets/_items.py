"""Turn the ways a reader can pass ranked items into one checked, JSON-ready form.

The widget syncs items as a list of ``{"label": str, "grade": float}`` objects. Everything
that reaches the browser goes through :func:`normalize_items`, so a bad grade or a
duplicate label is refused in Python with a message naming the argument, instead of
showing up later as a wrong figure on screen.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Mapping
from typing import Any

import pandas as pd

Item = dict[str, Any]


def _check_label(label: object, name: str, position: int) -> str:
    if not isinstance(label, str):
        raise TypeError(
            f"{name}[{position}]: a label must be a str, got {type(label).__name__} {label!r}"
        )
    if label == "":
        raise ValueError(f"{name}[{position}]: a label must not be empty")
    return label


def check_grade(grade: object, name: str, label: str, unjudged: bool) -> float | None:
    if grade is None and unjudged:
        return None  # retrieved but never judged
    # bool is an int subclass, but True as a relevance grade is almost always a mistake.
    if isinstance(grade, bool) or not isinstance(grade, numbers.Real):
        allowed = "a real number, or None if it was never judged" if unjudged else "a real number"
        raise TypeError(
            f"{name}: the grade of {label!r} must be {allowed}, "
            f"got {type(grade).__name__} {grade!r}"
        )
    value = float(grade)
    if not math.isfinite(value):
        fix = " (None marks an item that was never judged)" if unjudged else ""
        raise ValueError(f"{name}: the grade of {label!r} must be finite, got {value!r}{fix}")
    if value < 0:
        raise ValueError(f"{name}: the grade of {label!r} must be non-negative, got {value!r}")
    return value


def _pairs(value: object, name: str) -> list[tuple[object, object]]:
    if isinstance(value, pd.DataFrame):
        missing = {"label", "grade"} - set(map(str, value.columns))
        if missing:
            raise ValueError(
                f"{name}: a DataFrame needs columns 'label' and 'grade'; "
                f"missing {sorted(missing)}, found {list(value.columns)}"
            )
        return list(zip(value["label"].tolist(), value["grade"].tolist(), strict=True))
    if isinstance(value, pd.Series):
        return list(zip(value.index.tolist(), value.tolist(), strict=True))
    if isinstance(value, Mapping):
        return list(value.items())
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(
            f"{name} must be a list of (label, grade) pairs, a dict, a pandas Series or a "
            f"DataFrame with 'label' and 'grade' columns, got {type(value).__name__}"
        )
    pairs: list[tuple[object, object]] = []
    for position, entry in enumerate(value):
        if isinstance(entry, Mapping):
            if set(entry) != {"label", "grade"}:
                raise ValueError(
                    f"{name}[{position}]: an item given as a dict needs exactly the keys "
                    f"'label' and 'grade', got {sorted(map(str, entry))}"
                )
            pairs.append((entry["label"], entry["grade"]))
            continue
        if isinstance(entry, str | bytes) or not isinstance(entry, Iterable):
            raise TypeError(
                f"{name}[{position}]: expected a (label, grade) pair, "
                f"got {type(entry).__name__} {entry!r}"
            )
        pair = tuple(entry)
        if len(pair) != 2:
            raise ValueError(
                f"{name}[{position}]: expected a (label, grade) pair, got {len(pair)} values"
            )
        pairs.append((pair[0], pair[1]))
    return pairs


def normalize_items(value: object, name: str = "items", unjudged: bool = False) -> list[Item]:
    """Check ranked items and return them as ``[{"label": str, "grade": float}, ...]``.

    Parameters
    ----------
    value
        A sequence of ``(label, grade)`` pairs (or of ``{"label", "grade"}`` dicts), a
        mapping from label to grade, a pandas Series indexed by label, or a DataFrame
        with ``label`` and ``grade`` columns. Order is kept: it is the ranking.
    name
        The argument's name, used in error messages.
    unjudged
        Accept the grade ``None`` for an item that was never judged.

    Returns
    -------
    list of dict
        One ``{"label", "grade"}`` dict per item, in the given order; the grade is a float,
        or ``None`` for an unjudged item.

    Raises
    ------
    TypeError
        If the container, a label or a grade has the wrong type.
    ValueError
        If a label is empty or repeated, or a grade is negative, infinite or NaN (``None``,
        not NaN, marks an unjudged item).

    """
    items: list[Item] = []
    seen: set[str] = set()
    for position, (raw_label, raw_grade) in enumerate(_pairs(value, name)):
        label = _check_label(raw_label, name, position)
        if label in seen:
            raise ValueError(f"{name}: the label {label!r} appears more than once")
        seen.add(label)
        items.append({"label": label, "grade": check_grade(raw_grade, name, label, unjudged)})
    return items


def normalize_scores(value: object, labels: list[str]) -> dict[str, float]:
    """Check a system's scores for the items and return them as ``{label: score}``.

    Parameters
    ----------
    value
        One score per item: a sequence in the items' order, or a mapping from each label
        to its score (a pandas Series indexed by label is one).
    labels
        The items' labels, in their given order.

    Returns
    -------
    dict
        ``{label: float}`` for every label, in the items' order.

    Raises
    ------
    TypeError
        If ``value`` is neither, or a score is not a real number.
    ValueError
        If a score is not finite, or the scores and the items do not match one to one.

    """
    if isinstance(value, pd.Series | Mapping):
        given = dict(value.items())
        known = set(labels)  # built once: a set per label made this quadratic
        missing = [label for label in labels if label not in given]
        unknown = [label for label in given if label not in known]
        if missing or unknown:
            raise ValueError(
                f"scores must give one score per item label; missing {missing[:5]}, "
                f"unknown {unknown[:5]}"
            )
        pairs = [(label, given[label]) for label in labels]
    elif isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(
            "scores must be a sequence with one score per item, in the items' order, or a "
            f"mapping from label to score, got {type(value).__name__}"
        )
    else:
        listed = list(value)
        if len(listed) != len(labels):
            raise ValueError(
                f"scores must have one score per item: {len(labels)} items, {len(listed)} scores"
            )
        pairs = list(zip(labels, listed, strict=True))
    scores: dict[str, float] = {}
    for label, score in pairs:
        if isinstance(score, bool) or not isinstance(score, numbers.Real):
            raise TypeError(
                f"scores: the score of {label!r} must be a real number, "
                f"got {type(score).__name__} {score!r}"
            )
        if not math.isfinite(score):
            raise ValueError(f"scores: the score of {label!r} must be finite, got {score!r}")
        scores[label] = float(score)
    return scores
