"""``AnswerBox``: type an answer to an exercise and be told right or wrong, with a hint.

Used under the exercises of every chapter (see :mod:`ndcg.teaching.answers`, which builds a
box from an exercise of :mod:`ndcg.teaching.exercises`).

The expected answer, the tolerance, the hint and the known wrong answers with their own
hints travel in the widget's state, so ``answer.js`` gives the verdict in the browser with
no kernel behind the page. In a notebook the typed answer also reaches Python, where the
``check`` given to the box decides the same (:attr:`AnswerBox.result`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import anywidget
import traitlets

from ._assets import front_end

KINDS = ("number", "choice")


class AnswerBox(anywidget.AnyWidget):
    """A box for one exercise's answer: a number, or a letter picked among choices.

    The page never shows the expected answer: a right answer gets "Right.", a wrong one
    "Not yet." with the hint for that wrong answer if it is a known one, and the
    exercise's hint.

    Parameters
    ----------
    key
        The exercise's key, shown to nobody but kept for the notebook's own check.
    task
        One line naming what to answer; it labels the box for screen readers.
    kind
        ``"number"`` or ``"choice"``.
    expected
        The right answer: a finite number, or one of ``choices``.
    hint
        The hint for a wrong answer; it must not contain the answer.
    tolerance
        For numbers: how far from ``expected`` an answer may be and still be right.
    traps
        Known wrong answers, each a ``(value, hint)`` pair, tried in order.
    choices
        For ``"choice"``: the letters offered.
    check
        ``check(text)`` returning an object with ``correct`` and ``message``, run in Python
        on each answer typed in a notebook; its verdict is :attr:`result`.

    Examples
    --------
    >>> box = AnswerBox("demo", "CG of 3, 2", "number", 5.0, "Add the grades.", tolerance=5e-5)
    >>> box.decimals
    4

    """

    _esm = front_end("answer", "js")
    _css = front_end("answer", "css")

    key = traitlets.Unicode().tag(sync=True)
    task = traitlets.Unicode().tag(sync=True)
    kind = traitlets.Enum(KINDS).tag(sync=True)
    expected = traitlets.Union([traitlets.Float(), traitlets.Unicode()]).tag(sync=True)
    tolerance = traitlets.Float(0.0).tag(sync=True)
    decimals = traitlets.Int(0).tag(sync=True)
    hint = traitlets.Unicode().tag(sync=True)
    traps = traitlets.List().tag(sync=True)
    choices = traitlets.List(traitlets.Unicode()).tag(sync=True)
    answer = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        key: str,
        task: str,
        kind: str,
        expected: float | str,
        hint: str,
        *,
        tolerance: float = 0.0,
        traps: Sequence[tuple[Any, str]] = (),
        choices: Sequence[str] = ("a", "b", "c", "d"),
        check: Callable[[str], Any] | None = None,
        **kwargs: Any,
    ) -> None:
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {list(KINDS)}, got {kind!r}")
        if kind == "number":
            expected = _finite(expected, "expected")
            traps = [(_finite(value, "traps"), text) for value, text in traps]
        elif expected not in choices:
            raise ValueError(f"expected must be one of choices {list(choices)}, got {expected!r}")
        if tolerance < 0 or not math.isfinite(tolerance):
            raise ValueError(f"tolerance must be a finite number >= 0, got {tolerance!r}")
        # The digits a reader needs: enough that rounding keeps the answer within tolerance.
        decimals = max(0, math.ceil(-math.log10(2 * tolerance))) if tolerance > 0 else 6
        super().__init__(
            key=key,
            task=task,
            kind=kind,
            expected=expected,
            hint=hint,
            tolerance=tolerance,
            decimals=decimals,
            traps=[[value, text] for value, text in traps],
            choices=list(choices),
            **kwargs,
        )
        self._check = check
        self.result: Any = None

    @traitlets.observe("answer")
    def _answered(self, change: dict[str, Any]) -> None:
        if self._check is not None:
            self.result = self._check(change["new"])


def _finite(value: Any, name: str) -> float:
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"{name}: a numeric answer must be finite, got {value!r}")
    return number
