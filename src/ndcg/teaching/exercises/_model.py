"""What an exercise is, and what a check says: the records the exercises and answer boxes share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = ["LETTERS", "CheckResult", "Exercise", "Kind"]

Kind = Literal["number", "choice"]
#: The letters a multiple-choice answer may take.
LETTERS = ("a", "b", "c", "d")


@dataclass(frozen=True)
class Exercise:
    """One checkable exercise.

    Attributes
    ----------
    key : str
        Identifier used in :func:`check`, e.g. ``"ch05-pessimistic-at-3"``; it is also the
        label of the exercise in its chapter.
    task : str
        One line reminding the learner what to compute.
    expected : callable
        Returns the right answer (a number, or a choice letter).
    hint : str
        General hint for a wrong answer; never contains the answer.
    kind : {"number", "choice"}
        How answers are compared.
    traps : tuple of (callable, str)
        Known wrong answers (computed like ``expected``) with a hint tailored to each.
    decimals : int
        For numbers: the decimals the chapter shows this figure with (a widget's readout,
        the worked answer), hence the fewest a right answer needs; 0 for a whole number (a
        count, a position). See :func:`judge`.
    rounding : callable or None
        Returns how far an answer worked by hand from the page's rounded figures (its
        printed discounts) may land from the exact one, the bound of
        :mod:`ndcg.teaching.rounding`; ``None`` works it out for an expected answer that is
        the library's ``dcg`` or ``ndcg`` of a list, and takes 0 (no such allowance) for
        anything else. See :func:`judge`.

    """

    key: str
    task: str
    expected: Callable[[], Any]
    hint: str
    kind: Kind = "number"
    traps: tuple[tuple[Callable[[], Any], str], ...] = field(default=())
    decimals: int = 3
    rounding: Callable[[], float] | None = None


@dataclass(frozen=True)
class CheckResult:
    """The verdict on one answer; displays as a short message in a notebook.

    Attributes
    ----------
    key : str
        The exercise's key.
    correct : bool
        Whether the answer is right.
    message : str
        What the learner sees: confirmation, or a hint.
    outcome : str
        Which verdict of :func:`judge` this is: ``"right"``, ``"close"``, ``"whole"``,
        ``"trap"``, ``"wrong"``, or ``"unread"`` when there is no answer to judge.

    """

    key: str
    correct: bool
    message: str
    outcome: str = ""

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        colour = "#1a7f37" if self.correct else "#9a6700"
        return f'<p style="color:{colour}"><strong>{self.message}</strong></p>'
