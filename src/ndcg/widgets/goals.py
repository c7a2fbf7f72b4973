"""Goals a RankingWidget sets its reader: the widget shows each one and says when it is met.

Used by the tasks of chapters 2 to 5: reach NDCG@6 of at least 0.8, find the order with
the largest DCG, make DCG fall while CG stays, find the single swap that lowers NDCG most.

Each function returns a plain dict, which :class:`~ndcg.widgets.RankingWidget` checks and
completes (a goal measures at the widget's cutoff and gain unless it names its own) and
then syncs to the view. The widget works out the best (or worst) figure any allowed order
reaches with the library, and the view with its own arithmetic, so a goal never needs a
typed number beyond its threshold.

Examples
--------
>>> at_least("ndcg", 0.8)
{'kind': 'at_least', 'metric': 'ndcg', 'value': 0.8}
>>> best("cg", k=4)
{'kind': 'best', 'metric': 'cg', 'k': 4}
>>> worst("ndcg", swaps=1)
{'kind': 'worst', 'metric': 'ndcg', 'swaps': 1}

"""

from __future__ import annotations

from typing import Any

Goal = dict[str, Any]


class _Unset:
    def __repr__(self) -> str:
        return "the widget's"


_WIDGETS = _Unset()


def _goal(
    kind: str,
    metric: str,
    k: int | None | _Unset,
    gain: str | None,
    swaps: int | None,
    text: str | None,
    **extra: Any,
) -> Goal:
    goal: Goal = {"kind": kind, "metric": metric, **extra}
    if not isinstance(k, _Unset):
        goal["k"] = k
    for name, value in (("gain", gain), ("swaps", swaps), ("text", text)):
        if value is not None:
            goal[name] = value
    return goal


def at_least(
    metric: str,
    value: float,
    *,
    k: int | None | _Unset = _WIDGETS,
    gain: str | None = None,
    swaps: int | None = None,
    text: str | None = None,
) -> Goal:
    """Reach ``metric >= value``; once met, the widget names the best any order reaches.

    Parameters
    ----------
    metric
        ``"cg"``, ``"dcg"`` or ``"ndcg"``; it must be one of the widget's readouts.
    value
        The threshold.
    k, gain
        The cutoff and gain the goal is measured at; by default the widget's, as built.
    swaps
        ``1`` to ask for it within a single swap of the starting order; None for any order.
    text
        Words to show instead of the widget's own description of the goal.

    Returns
    -------
    dict
        The goal, for ``RankingWidget(goal=...)``.

    """
    return _goal("at_least", metric, k, gain, swaps, text, value=value)


def below(
    metric: str,
    value: float,
    *,
    k: int | None | _Unset = _WIDGETS,
    gain: str | None = None,
    swaps: int | None = None,
    text: str | None = None,
) -> Goal:
    """Get ``metric < value``; once met, the widget names the lowest any order reaches.

    Parameters are those of :func:`at_least`.
    """
    return _goal("below", metric, k, gain, swaps, text, value=value)


def best(
    metric: str,
    *,
    k: int | None | _Unset = _WIDGETS,
    gain: str | None = None,
    swaps: int | None = None,
    text: str | None = None,
) -> Goal:
    """Find the order (or, with ``swaps=1``, the single swap) with the largest ``metric``.

    Parameters are those of :func:`at_least`, without a threshold: the widget computes
    the largest figure the allowed orders reach and tells the reader only once it is met.
    With ``swaps=1`` it tries every swap, n (n - 1) / 2 of them: meant for the short lists
    of a task, not for thousands of items.
    """
    return _goal("best", metric, k, gain, swaps, text)


def worst(
    metric: str,
    *,
    k: int | None | _Unset = _WIDGETS,
    gain: str | None = None,
    swaps: int | None = None,
    text: str | None = None,
) -> Goal:
    """Find the order (or, with ``swaps=1``, the single swap) with the smallest ``metric``.

    Parameters are those of :func:`best`.
    """
    return _goal("worst", metric, k, gain, swaps, text)


def falls_while_same(
    metric: str,
    same: str,
    *,
    k: int | None | _Unset = _WIDGETS,
    gain: str | None = None,
    swaps: int | None = None,
    text: str | None = None,
) -> Goal:
    """Make ``metric`` fall below its starting figure while ``same`` keeps its own.

    For instance ``falls_while_same("dcg", "cg")``: a reordering that DCG punishes and CG
    does not see. Other parameters are those of :func:`at_least`.
    """
    return _goal("falls_while_same", metric, k, gain, swaps, text, same=same)
