"""Check a widget's goals and decide, with the library's figures, where each one stands.

The view decides the same in the browser (``goalStatus`` in ``js/arith.js``);
tests/browser/test_arith_parity.py holds both to the same verdicts. Every comparison allows
a relative ``TOLERANCE``, so a figure that equals its target up to rounding counts as reaching it.
"""

from __future__ import annotations

import itertools
import math
import numbers
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from ._display import GAINS, READOUTS
from .goals import Goal

KINDS = ("at_least", "below", "best", "worst", "falls_while_same", "rises_while_falls")
# IDCG does not depend on the order: no goal to chase. Every other readout can be a goal,
# since each rises when a better item moves up (the best order is grades best first).
METRICS = tuple(name for name in READOUTS if name != "idcg")
TOLERANCE = 1e-9
#: Stands for "the goal's own cutoff" where a figure's cutoff may be None (the whole list).
GOAL_K = object()
_NEEDS = {
    "at_least": {"value"},
    "below": {"value"},
    "falls_while_same": {"same"},
    "rises_while_falls": {"other"},
}
_OPTIONAL = {"k", "gain", "discount", "swaps", "text"}
# Keys only some kinds take: the second metric's own cutoff; the rule that relevant items
# come first, for the kinds that look for a best or worst order.
_ONLY = {
    "other_k": {"rises_while_falls"},
    "relevant_first": {"at_least", "below", "best", "worst"},
}

Grades = Sequence[float | None]


def _check_metric(metric: object, key: str, name: str, readouts: list[str]) -> str:
    if metric not in METRICS:
        raise ValueError(f"{name}: {key} must be one of {list(METRICS)}, got {metric!r}")
    if metric not in readouts:
        raise ValueError(
            f"{name}: the goal's {key} {metric!r} is not on screen (readouts {readouts}); "
            f"add {metric!r} to readouts"
        )
    return str(metric)


def check_discount(value: object, name: str) -> str | list[Any]:
    """Return a discount as the view takes it: ``"log2"``, ``"reciprocal"`` or ``[kind, x]``.

    Checked by the library's own rule (``ndcg.ndcg(discount=...)``); a list ``[kind, x]``
    is accepted for the tuple, since that is how the discount travels to the browser.
    """
    from .. import _validate

    spec = tuple(value) if isinstance(value, list) else value
    try:
        checked = _validate.discount(spec, name)
    except (TypeError, ValueError) as error:
        raise type(error)(str(error)) from None
    return checked.kind if checked.param is None else [checked.kind, checked.param]


def spec(discount: str | list[Any]) -> Any:
    """Return the library's ``discount=`` argument for a discount as the view takes it."""
    return tuple(discount) if isinstance(discount, list) else discount


def _known_keys(goal: Mapping, name: str) -> tuple[dict[Any, Any], str, set[str]]:
    # The goal's set keys, its kind and the keys that kind needs; an error names a key that
    # is missing or that the kind does not take.
    # A checked goal lists every key, None where unset (False for relevant_first); those
    # mean unset here too (but a None cutoff is the whole list, for the goal and, in a
    # kind that takes one, its second).
    cutoffs = {"k"} | ({"other_k"} if goal.get("kind") in _ONLY["other_k"] else set())
    kept = {
        key: value
        for key, value in goal.items()
        if (value is not None or key in cutoffs)
        and not (key == "relevant_first" and value is False)
    }
    kind = kept.get("kind")
    if kind not in KINDS:
        raise ValueError(f"{name}: kind must be one of {list(KINDS)}, got {kind!r}")
    needs = _NEEDS.get(kind, set())
    missing = sorted(needs - set(kept))
    takes = {key for key, kinds in _ONLY.items() if kind in kinds}
    unknown = sorted(set(map(str, kept)) - needs - takes - _OPTIONAL - {"kind", "metric"})
    if missing or unknown:
        raise ValueError(
            f"{name}: a {kind!r} goal needs {sorted(needs | {'metric'})}; "
            f"missing {missing}, unknown {unknown}"
        )
    return kept, str(kind), needs


def _check_targets(
    goal: dict[Any, Any], checked: Goal, needs: set[str], name: str, readouts: list[str]
) -> None:
    # What the kind compares the metric with: a number, or another metric on screen.
    if "value" in needs:
        value = goal["value"]
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise TypeError(f"{name}: value must be a number, got {value!r}")
        if not math.isfinite(value):
            raise ValueError(f"{name}: value must be finite, got {value!r}")
        checked["value"] = float(value)
    if "same" in needs:
        checked["same"] = _check_metric(goal["same"], "same", name, readouts)
        if checked["same"] == checked["metric"]:
            raise ValueError(f"{name}: same must differ from metric, both are {goal['same']!r}")
    if "other" in needs:
        checked["other"] = _check_metric(goal["other"], "other", name, readouts)


def _cutoff(value: object, key: str, name: str) -> int | None:
    if value is not None and (
        isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1
    ):
        raise ValueError(f"{name}: {key} must be a positive integer or None, got {value!r}")
    return None if value is None else int(value)


def _check_cutoffs(goal: dict[Any, Any], checked: Goal, needs: set[str], name: str) -> None:
    if "k" in goal:
        checked["k"] = _cutoff(goal["k"], "k", name)
    if "other" in needs:
        # The second metric is measured at its own cutoff if the goal names one, else at k.
        checked["other_k"] = _cutoff(goal.get("other_k", checked["k"]), "other_k", name)
        if checked["other"] == checked["metric"] and checked["other_k"] == checked["k"]:
            raise ValueError(
                f"{name}: other must differ from metric, or be measured at another cutoff "
                f"(other_k); both are {goal['other']!r} at k={checked['k']!r}"
            )


def _check_rules(goal: dict[Any, Any], checked: Goal, name: str) -> None:
    # How the reader may move the items (swaps, relevant_first) and the goal's own words.
    if goal.get("swaps") not in (None, 1) or isinstance(goal.get("swaps"), bool):
        raise ValueError(
            f"{name}: swaps must be 1 (a single swap from the starting order) or None "
            f"(any order), got {goal['swaps']!r}"
        )
    checked["swaps"] = goal.get("swaps")
    if "relevant_first" in goal:
        rule = goal["relevant_first"]
        if not isinstance(rule, bool):
            raise TypeError(f"{name}: relevant_first must be True or False, got {rule!r}")
        if rule and checked["swaps"] is not None:
            raise ValueError(
                f"{name}: relevant_first=True is a rule for any order; with swaps=1 most "
                "single swaps break it. Drop swaps=1 or relevant_first"
            )
        checked["relevant_first"] = rule
    if "text" in goal:
        if not isinstance(goal["text"], str) or not goal["text"].strip():
            raise ValueError(f"{name}: text must be a non-empty str, got {goal['text']!r}")
        checked["text"] = goal["text"]


def _check_one(
    goal: object,
    name: str,
    k: int | None,
    gain: str,
    readouts: list[str],
    discount: str | list[Any] = "log2",
) -> Goal:
    if not isinstance(goal, Mapping):
        raise TypeError(
            f"{name} must be a dict such as ndcg.widgets.goals.best('ndcg'), "
            f"got {type(goal).__name__}"
        )
    goal, kind, needs = _known_keys(goal, name)
    checked: Goal = {
        "kind": kind,
        "metric": _check_metric(goal.get("metric"), "metric", name, readouts),
        "value": None,
        "same": None,
        "other": None,
        "other_k": None,
        "k": k,
        "gain": gain,
        "discount": discount,
        "swaps": None,
        "text": None,
        "relevant_first": False,
    }
    _check_targets(goal, checked, needs, name, readouts)
    if "discount" in goal:
        checked["discount"] = check_discount(goal["discount"], f"{name}: discount")
    _check_cutoffs(goal, checked, needs, name)
    if "gain" in goal:
        if goal["gain"] not in GAINS:
            raise ValueError(f"{name}: gain must be one of {list(GAINS)}, got {goal['gain']!r}")
        checked["gain"] = goal["gain"]
    _check_rules(goal, checked, name)
    return checked


def check_goals(
    value: object,
    k: int | None,
    gain: str,
    readouts: list[str],
    discount: str | list[Any] = "log2",
) -> list[Goal]:
    """Return the goals checked and completed with the widget's ``k``, ``gain`` and ``discount``.

    ``value`` is None (no goal), one goal dict or a list of them.

    Raises
    ------
    TypeError, ValueError
        Naming the goal (``goal`` or ``goal[i]``) and what is wrong with it.

    """
    if value is None:
        return []
    if isinstance(value, Mapping):
        return [_check_one(value, "goal", k, gain, readouts, discount)]
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise TypeError(f"goal must be a goal dict or a list of them, got {type(value).__name__}")
    return [_check_one(g, f"goal[{i}]", k, gain, readouts, discount) for i, g in enumerate(value)]


def blocks(scores: Sequence[float] | None, n: int) -> list[tuple[int, int]]:
    """Return the ranges ``[start, end)`` of positions that items may move within.

    ``scores`` (in the starting order) confines items to their run of equal scores; None
    lets every item go anywhere.
    """
    if scores is None:
        return [(0, n)]
    runs: list[tuple[int, int]] = []
    start = 0
    for i in range(1, n + 1):
        if i == n or scores[i] != scores[start]:
            runs.append((start, i))
            start = i
    return runs


def swap_distance(order: Sequence[str], start: Sequence[str]) -> int:
    """Count the fewest swaps that turn ``start`` into ``order``: items minus cycles."""
    where = {label: i for i, label in enumerate(start)}
    target = [where[label] for label in order]
    seen = [False] * len(target)
    cycles = 0
    for i in range(len(target)):
        if not seen[i]:
            cycles += 1
            j = i
            while not seen[j]:
                seen[j] = True
                j = target[j]
    return len(target) - cycles


def relevant_first(grades: Grades, threshold: float) -> bool:
    """Whether every relevant grade (at or above ``threshold``) comes before every other."""
    seen_other = False
    for grade in grades:
        relevant = grade is not None and grade >= threshold
        if relevant and seen_other:
            return False
        seen_other = seen_other or not relevant
    return True


def _candidates(
    start: Grades,
    runs: list[tuple[int, int]],
    swaps: int | None,
    up: bool,
    threshold: float | None = None,
) -> Iterator[list[float | None]]:
    """Yield the orders a goal chooses from: the extreme one, or each single swap (and none).

    With a ``threshold`` the extreme order keeps the relevant items first: the best order
    does anyway, the worst puts the relevant items worst first, then the others worst first.
    """
    if swaps is None:
        order: list[float | None] = []
        for lo, hi in runs:
            # Gains rise with grades, so grades sorted best first meet the falling discounts
            # in the best way (worst first: the worst). Unjudged items count as 0.
            part = sorted(start[lo:hi], key=lambda g: g or 0, reverse=up)
            if threshold is not None and not up:
                part.sort(key=lambda g: not (g is not None and g >= threshold))  # stable
            order += part
        yield order
        return
    yield list(start)
    for lo, hi in runs:
        for i, j in itertools.combinations(range(lo, hi), 2):
            swapped = list(start)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            yield swapped


def status(
    goal: Goal,
    now: Grades,
    start: Grades,
    figure: Callable[..., float],
    runs: list[tuple[int, int]],
    distance: int,
    missing: list[str],
    threshold: float = 1.0,
) -> dict[str, Any]:
    """Where ``goal`` stands for the grades ``now``, with ``start`` as the starting order.

    Parameters
    ----------
    goal
        A checked goal.
    now, start
        Grades in the current and in the starting order.
    figure
        ``figure(metric, grades)``: the library's figure at the goal's cutoff and gain;
        ``figure(metric, grades, k)`` at cutoff ``k`` instead.
    runs
        The ranges items may move within (:func:`blocks`).
    distance
        Swaps between the starting and the current order (:func:`swap_distance`).
    missing
        Judged items that were not retrieved and sit in the goal's ideal with a gain.
    threshold
        The lowest relevant grade, for a goal with ``relevant_first``.

    Returns
    -------
    dict
        ``reached``; ``value`` and ``start`` (the figure now and at the start); ``limit``,
        the best (``at_least``, ``best``) or worst (``below``, ``worst``) figure the allowed
        orders reach, or None; ``out_of_reach`` when the threshold is beyond ``limit``;
        ``distance``; ``same_value`` and ``same_start`` for ``falls_while_same``, and the
        second metric's figures (also ``same_value``, ``same_start``) for
        ``rises_while_falls``; and
        ``missing`` when an NDCG limit falls short of 1 because of unretrieved items;
        ``broken``, True when the order breaks the goal's ``relevant_first`` rule.

    """
    metric, kind, target = goal["metric"], goal["kind"], goal["value"]
    value, begin = figure(metric, now), figure(metric, start)
    in_reach = goal["swaps"] is None or distance <= goal["swaps"]

    def near(a: float, b: float) -> bool:
        return abs(a - b) <= TOLERANCE * max(1.0, abs(a), abs(b))

    result: dict[str, Any] = {
        "value": value,
        "start": begin,
        "limit": None,
        "out_of_reach": False,
        "distance": distance,
        "same_value": None,
        "same_start": None,
        "missing": [],
        "broken": bool(goal.get("relevant_first")) and not relevant_first(now, threshold),
    }
    if kind == "falls_while_same":
        same_now, same_start = figure(goal["same"], now), figure(goal["same"], start)
        result.update(same_value=same_now, same_start=same_start)
        fell = value < begin and not near(value, begin)
        result["reached"] = in_reach and fell and near(same_now, same_start)
        return result
    if kind == "rises_while_falls":
        other, other_k = goal["other"], goal["other_k"]
        other_now, other_start = figure(other, now, other_k), figure(other, start, other_k)
        result.update(same_value=other_now, same_start=other_start)
        rose = value > begin and not near(value, begin)
        other_fell = other_now < other_start and not near(other_now, other_start)
        result["reached"] = in_reach and rose and other_fell
        return result
    up = kind in ("at_least", "best")
    rule = threshold if goal.get("relevant_first") else None
    orders = _candidates(start, runs, goal["swaps"], up, rule)
    figures = [figure(metric, order) for order in orders]
    limit = max(figures) if up else min(figures)
    result["limit"] = limit
    if kind == "best":
        meets = value >= limit or near(value, limit)
    elif kind == "worst":
        meets = value <= limit or near(value, limit)
    elif kind == "at_least":
        meets = value >= target or near(value, target)
        result["out_of_reach"] = limit < target and not near(limit, target)
    else:  # below: strictly, so a figure equal to the threshold up to rounding is not below
        meets = value < target and not near(value, target)
        result["out_of_reach"] = limit > target or near(limit, target)
    result["reached"] = in_reach and meets and not result["broken"]
    if metric == "ndcg" and up and limit < 1 and not near(limit, 1.0):
        result["missing"] = list(missing)
    return result
