"""``AnswerBox``: type an answer to an exercise and be told right or wrong, with a hint.

Used under the exercises of every chapter (see :mod:`ndcg.teaching.answers`, which builds a
box from an exercise of :mod:`ndcg.teaching.exercises`).

The expected answer, the decimals the page shows it with, the hint and the known wrong
answers with their own hints travel in the widget's state, so the view (``js/answer.js``,
with ``verdict`` from ``js/answers.js``) gives the verdict in the browser with no kernel
behind the page, by the rule of :func:`ndcg.teaching.exercises.judge`. In a notebook the
typed answer also reaches Python, where the ``check`` given to the box decides the same
(:attr:`AnswerBox.result`).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Sequence
from typing import Any

import anywidget
import traitlets

from ._fallback import StaticFallback
from ._front_end import front_end

KINDS = ("number", "choice")


class AnswerBox(StaticFallback, anywidget.AnyWidget):
    """A box for one exercise's answer: a number, or a letter picked among choices.

    The page never shows the expected answer before it is given: a right answer gets
    "Right; to 4 decimals it is ...", an answer right to fewer decimals than the page shows
    "Close: give one more decimal.", one within the error of rounded intermediates "Close:
    your method is right; ...", a wrong one "Not yet." with the hint for that wrong answer if
    it is a known one, and the exercise's hint.

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
    decimals
        For numbers: the decimals the page shows ``expected`` with, the fewest a right
        answer needs; 0 for a whole number (the box then asks for one).
    exact
        For numbers: what a right answer is told of the value, after "Right; "
        (``"to 4 decimals it is 6.6532"``, ``"the exact value is 2/3"``), or ``""`` to say
        only "Right.".
    rounding
        For numbers: how far an answer worked from the page's rounded figures may be from
        ``expected`` (:func:`ndcg.teaching.exercises.rounding_error`); 0 allows nothing.
    traps
        Known wrong answers, each a ``(value, hint)`` pair, tried in order.
    choices
        For ``"choice"``: the letters offered.
    check
        ``check(text)`` returning an object with ``correct`` and ``message``, run in Python
        on each answer typed in a notebook; its verdict is :attr:`result`.
    solution_below
        Whether the page holds a worked solution under the box (its note then says so).

    Examples
    --------
    >>> box = AnswerBox("demo", "CG of 3, 2", "number", 5.0, "Add the grades.", decimals=0)
    >>> box.decimals
    0

    """

    _esm = front_end("answer", "js")
    _css = front_end("answer", "css")

    key = traitlets.Unicode().tag(sync=True)
    task = traitlets.Unicode().tag(sync=True)
    kind = traitlets.Enum(KINDS).tag(sync=True)
    expected = traitlets.Union([traitlets.Float(), traitlets.Unicode()]).tag(sync=True)
    decimals = traitlets.Int(3).tag(sync=True)
    exact = traitlets.Unicode("").tag(sync=True)
    rounding = traitlets.Float(0.0).tag(sync=True)
    hint = traitlets.Unicode().tag(sync=True)
    traps: traitlets.List[Any] = traitlets.List().tag(sync=True)
    choices = traitlets.List(traitlets.Unicode()).tag(sync=True)
    answer = traitlets.Unicode("").tag(sync=True)
    #: Whether a worked solution follows the box (the book, the lab's copies); the student
    #: notebooks have none, and the box's note must not send the learner looking for one.
    solution_below = traitlets.Bool(True).tag(sync=True)

    def __init__(
        self,
        key: str,
        task: str,
        kind: str,
        expected: float | str,
        hint: str,
        *,
        decimals: int = 3,
        exact: str = "",
        rounding: float = 0.0,
        traps: Sequence[tuple[Any, str]] = (),
        choices: Sequence[str] = ("a", "b", "c", "d"),
        check: Callable[[str], Any] | None = None,
        solution_below: bool = True,
    ) -> None:
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {list(KINDS)}, got {kind!r}")
        if kind == "number":
            expected = _finite(expected, "expected")
            traps = [(_finite(value, "traps"), text) for value, text in traps]
        elif expected not in choices:
            raise ValueError(f"expected must be one of choices {list(choices)}, got {expected!r}")
        decimals = _decimals(decimals)
        rounding = _finite(rounding, "rounding")
        if rounding < 0:
            raise ValueError(f"rounding must be 0 or more, got {rounding!r}; pass e.g. 0.0008")
        if not isinstance(exact, str):
            raise TypeError(
                f"exact must be a str, got {type(exact).__name__} {exact!r}; "
                "pass e.g. 'to 4 decimals it is 6.6532'"
            )
        super().__init__(
            key=key,
            task=task,
            kind=kind,
            expected=expected,
            hint=hint,
            decimals=decimals,
            exact=exact,
            rounding=rounding,
            traps=[[value, text] for value, text in traps],
            choices=list(choices),
            solution_below=solution_below,
        )
        self._check = check
        self.result: Any = None

    def _fallback_lines(self) -> list[str]:
        """Name the box's task, never its answer (see :mod:`._fallback`)."""
        return [
            f"An answer box: {self.task}",
            f'Or check your answer in Python: exercises.check("{self.key}", your_answer)',
        ]

    @traitlets.observe("answer")
    def _answered(self, change: dict[str, Any]) -> None:
        if self._check is not None:
            self.result = self._check(change["new"])


def _finite(value: Any, name: str) -> float:
    # bool is a Real, but True as an answer is a mistake; a huge int overflows float().
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(
            f"{name}: a numeric answer must be a real number, "
            f"got {type(value).__name__} {value!r}; pass e.g. 0.5"
        )
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise ValueError(f"{name}: a numeric answer must be finite, got {value!r}; pass e.g. 0.5")
    return number


def _decimals(value: Any) -> int:
    from .. import _validate

    what, fix = "an integer from 0 to 12", "pass e.g. decimals=3 (0 for a whole number)"
    decimals = _validate._integer(value, "decimals", 0, what, fix)
    # More decimals than a double holds for most answers would ask for digits nobody has.
    if decimals > 12:
        raise ValueError(f"decimals must be {what}, got {decimals}; {fix}")
    return decimals
