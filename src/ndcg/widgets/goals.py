"""Goals a RankingWidget sets its reader: the widget shows each one and says when it is met.

Used by the tasks of the chapters: reach NDCG@6 of at least 0.8, find the order with the
largest DCG, make DCG fall while CG stays, find the single swap that lowers NDCG most, make
NDCG rise while ERR falls. A goal may measure any readout but IDCG (which no reordering
changes): ``"cg"``, ``"dcg"``, ``"ndcg"``, ``"precision"``, ``"recall"``, ``"ap"``,
``"rr"``, ``"err"``, ``"rbp"`` or ``"binary_ndcg"``.

A new kind of goal needs three things: a function here that builds its dict, its checks
in ``_goals.py`` (``KINDS``, ``_NEEDS``, ``status``) and its verdict and words in
``js/arith.js`` (``goalStatus``) and ``js/words.js`` (``goalText``, ``statusText``);
tests/browser/test_arith_parity.py holds the view's verdicts to ``RankingWidget.goal_status``.

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
>>> rises_while_falls("ndcg", "err")
{'kind': 'rises_while_falls', 'metric': 'ndcg', 'other': 'err'}

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
    discount: Any = None,
    relevant_first: bool = False,
    **extra: Any,
) -> Goal:
    goal: Goal = {"kind": kind, "metric": metric, **extra}
    if not isinstance(k, _Unset):
        goal["k"] = k
    for name, value in (("gain", gain), ("discount", discount), ("swaps", swaps), ("text", text)):
        if value is not None:
            goal[name] = value
    if relevant_first is not False:
        goal["relevant_first"] = relevant_first
    return goal


def at_least(
    metric: str,
    value: float,
    *,
    k: int | None | _Unset = _WIDGETS,
    gain: str | None = None,
    discount: Any = None,
    swaps: int | None = None,
    text: str | None = None,
    relevant_first: bool = False,
) -> Goal:
    """Reach ``metric >= value``; once met, the widget names the best any order reaches.

    Parameters
    ----------
    metric
        A readout other than ``"idcg"`` (see the module docstring); it must be one of
        the widget's readouts.
    value
        The threshold.
    k, gain
        The cutoff and gain the goal is measured at; by default the widget's, as built.
    discount
        The discount DCG and NDCG are measured with (``"log2"``, ``"reciprocal"``,
        ``("log", b)``, ``("geometric", p)``); by default the widget's, as built, so a
        reader who switches the widget's discount does not move the goal.
    swaps
        ``1`` to ask for it within a single swap of the starting order; None for any order.
    text
        Words to show instead of the widget's own description of the goal.
    relevant_first
        True for a rule the order must keep: every relevant item (a grade at or above the
        widget's ``threshold``) above every other. The goal is reached only by an order
        that keeps it, and its best or worst figure is the best or worst of such orders
        (chapter 14: the orders a binary NDCG rates the same, all at its top). Any order
        only (``swaps=None``).

    Returns
    -------
    dict
        The goal, for ``RankingWidget(goal=...)``.

    """
    return _goal("at_least", metric, k, gain, swaps, text, discount, relevant_first, value=value)


def below(
    metric: str,
    value: float,
    *,
    k: int | None | _Unset = _WIDGETS,
    gain: str | None = None,
    discount: Any = None,
    swaps: int | None = None,
    text: str | None = None,
    relevant_first: bool = False,
) -> Goal:
    """Get ``metric < value``; once met, the widget names the lowest any order reaches.

    Parameters are those of :func:`at_least`.
    """
    return _goal("below", metric, k, gain, swaps, text, discount, relevant_first, value=value)


def best(
    metric: str,
    *,
    k: int | None | _Unset = _WIDGETS,
    gain: str | None = None,
    discount: Any = None,
    swaps: int | None = None,
    text: str | None = None,
    relevant_first: bool = False,
) -> Goal:
    """Find the order (or, with ``swaps=1``, the single swap) with the largest ``metric``.

    Parameters are those of :func:`at_least`, without a threshold: the widget computes
    the largest figure the allowed orders reach and tells the reader only once it is met.
    With ``swaps=1`` it tries every swap, n (n - 1) / 2 of them: meant for the short lists
    of a task, not for thousands of items.
    """
    return _goal("best", metric, k, gain, swaps, text, discount, relevant_first)


def worst(
    metric: str,
    *,
    k: int | None | _Unset = _WIDGETS,
    gain: str | None = None,
    discount: Any = None,
    swaps: int | None = None,
    text: str | None = None,
    relevant_first: bool = False,
) -> Goal:
    """Find the order (or, with ``swaps=1``, the single swap) with the smallest ``metric``.

    Parameters are those of :func:`best`.
    """
    return _goal("worst", metric, k, gain, swaps, text, discount, relevant_first)


def falls_while_same(
    metric: str,
    same: str,
    *,
    k: int | None | _Unset = _WIDGETS,
    gain: str | None = None,
    discount: Any = None,
    swaps: int | None = None,
    text: str | None = None,
) -> Goal:
    """Make ``metric`` fall below its starting figure while ``same`` keeps its own.

    For instance ``falls_while_same("dcg", "cg")``: a reordering that DCG punishes and CG
    does not see. Other parameters are those of :func:`at_least`.
    """
    return _goal("falls_while_same", metric, k, gain, swaps, text, discount, same=same)


def rises_while_falls(
    metric: str,
    other: str,
    *,
    k: int | None | _Unset = _WIDGETS,
    other_k: int | None | _Unset = _WIDGETS,
    gain: str | None = None,
    discount: Any = None,
    swaps: int | None = None,
    text: str | None = None,
) -> Goal:
    """Make ``metric`` rise above its starting figure while ``other`` falls below its own.

    For instance ``rises_while_falls("ndcg", "err")``: an order NDCG prefers and ERR does
    not, two readers who disagree (chapter 10). Both are measured at the goal's cutoff
    unless ``other_k`` gives the second its own: ``rises_while_falls("ndcg", "ndcg", k=2,
    other_k=6)`` asks for NDCG@2 to rise while NDCG@6 falls (chapter 12). Other parameters
    are those of :func:`at_least`.
    """
    extra: dict[str, Any] = {"other": other}
    if not isinstance(other_k, _Unset):
        extra["other_k"] = other_k
    return _goal("rises_while_falls", metric, k, gain, swaps, text, discount, **extra)
