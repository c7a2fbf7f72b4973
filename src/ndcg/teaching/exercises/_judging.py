"""Reading and judging an answer: one rule for the notebook checks and the answer boxes."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ndcg.teaching.exercises._model import LETTERS, CheckResult

__all__ = [
    "FRACTION",
    "MINUS",
    "NOT_A_NUMBER",
    "NUMBER",
    "ROUNDED",
    "TRIM",
    "Typed",
    "exact_text",
    "judge",
    "margin",
    "read",
    "value_words",
]

# js/answers.js (TRIM, MINUS, NUMBER, FRACTION, parseAnswer, judge) follows this module
# line for line; tests/data/answer_cases.json and tests/browser/test_arith_parity.py hold the
# two to the same verdicts.

#: Trimmed from both ends of a typed answer, and nothing else: ASCII whitespace and the
#: no-break space a copy from a web page can carry.
TRIM = " \t\n\v\f\r\u00a0"
#: The minus sign the widgets print (U+2212), read as "-" where a sign may stand.
MINUS = "\u2212"
# ASCII digits only (never \d, which takes any script's digits); one "." or "," before the
# decimals; an exponent of at most 3 digits; "%" after the number, spaces allowed before it.
NUMBER = re.compile(r"[+-]?([0-9]*)(?:[.,]([0-9]*))?(?:[eE]([+-]?[0-9]{1,3}))?( *%)?")
# A fraction of two decimals written out ("2/3", "4.762/2.924"), the first one signed.
FRACTION = re.compile(
    r"([+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)) */ *([0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)"
)
NOT_A_NUMBER = "That is not a number: type one such as 0.25, 1/4 or 25%."


@dataclass(frozen=True)
class Typed:
    """A number as a reader gave it.

    Attributes
    ----------
    value : float
        The number (a percentage divided by 100).
    decimals : int or None
        The decimals given, which say how precise the reader claims to be: 3 for "6.653",
        3 for "81.7%" (0.817), -2 for "5e2"; ``None`` for a fraction, which is a
        computation, judged at the decimals the page shows.

    """

    value: float
    decimals: int | None


def read(kind: str, text: str, choices: Sequence[str] = LETTERS) -> Typed | str:
    """Read a typed answer as a number or a letter, as :func:`judge` states.

    Parameters
    ----------
    kind
        ``"number"`` or ``"choice"``.
    text
        What the reader typed, or the letter picked; :data:`TRIM` is trimmed from both ends.
    choices
        The letters a ``"choice"`` answer may take.

    Returns
    -------
    Typed or str
        The number and its decimals, or the lower-case letter.

    Raises
    ------
    ValueError
        With the message the box shows, if ``text`` is no answer.

    Examples
    --------
    >>> read("number", " 6,653 "), read("number", "\u22121.368")
    (Typed(value=6.653, decimals=3), Typed(value=-1.368, decimals=3))
    >>> read("number", "12.5%"), read("number", "1/8")
    (Typed(value=0.125, decimals=3), Typed(value=0.125, decimals=None))
    >>> read("number", "4.762/2.924").value == 4.762 / 2.924
    True
    >>> read("choice", "(B)")
    'b'

    """
    trimmed = text.strip(TRIM)
    if kind == "choice":
        if not trimmed:
            raise ValueError("Pick a letter first.")
        letter = trimmed.lower().strip("()")
        if letter not in choices:
            raise ValueError(f"Pick one of {', '.join(choices)}.")
        return letter
    if not trimmed:
        raise ValueError("Type a number first.")
    trimmed = trimmed.replace(MINUS, "-")
    fraction = FRACTION.fullmatch(trimmed)
    if fraction:
        # float / float, as the browser divides (int / int would round differently when huge).
        numerator = float(fraction[1].replace(",", "."))
        denominator = float(fraction[2].replace(",", "."))
        if not (math.isfinite(numerator) and math.isfinite(denominator)):
            raise ValueError(NOT_A_NUMBER)
        if denominator == 0:
            raise ValueError("A fraction needs a denominator other than 0.")
        return Typed(numerator / denominator, None)
    number = NUMBER.fullmatch(trimmed)
    if not number or not (number[1] or number[2]):
        raise ValueError(NOT_A_NUMBER)
    value = float(trimmed.rstrip("%").rstrip(" ").replace(",", "."))
    if not math.isfinite(value):
        raise ValueError(NOT_A_NUMBER)
    decimals = len(number[2] or "") - int(number[3] or "0")
    if number[4]:
        value, decimals = value / 100, decimals + 2
    return Typed(value, decimals)


#: What an answer within the error of rounded intermediates is told (see :func:`judge`).
ROUNDED = (
    "Close: your method is right; the difference is what rounding along the way leaves. "
    "Keep more decimals in each step and round only the answer."
)


def judge(
    typed: Typed | str,
    expected: float | str,
    hint: str,
    decimals: int = 3,
    traps: Sequence[tuple[float, str]] = (),
    rounding: float = 0.0,
) -> CheckResult:
    """Judge an answer read by :func:`read`: the one rule of every answer check, stated here.

    **Reading** (:func:`read`). The text loses :data:`TRIM` at both ends (ASCII whitespace
    and the no-break space; nothing else, so a byte-order mark or an ideographic space makes
    it no answer), and the minus sign U+2212 the widgets print becomes "-". Then it must be,
    with ASCII digits 0-9 only:

    - a decimal number: an optional sign, digits with one "." or "," before the decimals
      ("6.653", "6,653", ".5"), an optional exponent of 1 to 3 digits ("6653e-3"); its
      ``d`` is the count of decimals minus the exponent;
    - a percentage: such a number, spaces allowed, then "%" ("81.7%" is 0.817, ``d`` = 3);
    - a fraction: a signed number, "/", a number other than 0, both written out without
      exponent, spaces allowed around "/" ("2/3", "4.762/2.924"); it is a computation left
      for the box to finish, so ``d`` is the page's ``p`` below.

    Anything else, or a number too large for a double, is no answer, and the reader is told
    why (outcome ``"unread"``). A letter is read without case or parentheses ("(B)" is "b").

    **Judging**, with ``p`` = ``decimals``, the precision the page shows this figure with,
    and ``slack`` = ``1e-9 * max(1, |expected|)``, which forgives the last bits of a computed
    answer; "agrees to ``n`` decimals" means ``|typed - value| <= 0.5 * 10**-n + slack``:

    1. **right** when it agrees with ``expected`` to ``max(d, p)`` decimals: the decimals
       given, and at least the page's (a shorter answer counts with its trailing zeros, so
       "0.5" is right for 0.49999 shown as 0.500). The message says what the value is
       (:func:`value_words`): "Right; to 4 decimals it is 6.6532." or "Right; the exact
       value is 2/3."
    2. **whole**, for a count (``p = 0``), when the number is not a whole number.
    3. **trap** when it is a known wrong answer exactly (to within ``slack``).
    4. **close** when it agrees to ``d < p`` decimals ("Close: give one more decimal.").
    5. **close** when it is ``expected`` cut, not rounded, after ``d >= p >= 1`` decimals (as
       far from 0 as ``expected`` or nearer, by less than a unit of the ``d``-th place): "the
       digits are right, but cut"; never a hint on the method, which was right.
    6. **close** when ``d > p`` and it agrees to ``p`` decimals but not to ``d``: the
       message of 7 if it falls within its reach, else "give ``p``, or keep more decimals".
    7. **trap** when it agrees with a known wrong answer to ``d`` decimals, or is one cut
       after ``d >= 1`` decimals: its own hint.
    8. **close** when ``d >= p`` and ``|typed - expected| <= rounding + 0.5 * 10**-d +
       slack``: within what an answer worked from the page's rounded figures can be off
       (``rounding``, bounded by :mod:`ndcg.teaching.rounding`) and then rounded to ``d``
       decimals; the method is right (:data:`ROUNDED`).
    9. **wrong** otherwise: the exercise's hint, never the answer.

    A letter is right when it is the expected letter.

    Parameters
    ----------
    typed
        The answer, from :func:`read`.
    expected
        The right answer: a number, or a letter.
    hint
        The exercise's hint for a wrong answer.
    decimals
        ``p`` above: the decimals the page shows the figure with; 0 for a whole number.
    traps
        Known wrong answers with their own hints, tried in order.
    rounding
        How far an answer worked from the page's rounded figures may be from ``expected``
        (:func:`rounding_error`); 0 allows nothing for it.

    Returns
    -------
    CheckResult
        Its ``outcome`` names the case above; its ``key`` is empty.

    Examples
    --------
    >>> judge(read("number", "6.653"), 6.653156362813681, "Swap, then discount.").message
    'Right; to 4 decimals it is 6.6532.'
    >>> judge(read("number", "6.65"), 6.653156362813681, "Swap, then discount.").message
    'Close: give one more decimal.'
    >>> judge(read("number", "0.545"), 0.5443434, "Ideal.", 3, (), 0.0008).message == ROUNDED
    True

    """
    if isinstance(typed, str) or isinstance(expected, str):
        if typed == expected:
            return CheckResult("", True, "Right.", "right")
        return CheckResult("", False, f"Not yet. Hint: {hint}", "wrong")
    places = decimals if typed.decimals is None else typed.decimals
    slack = margin(expected, None)

    def agrees(value: float, at: int) -> bool:
        return abs(typed.value - value) <= margin(expected, at)

    if agrees(expected, max(places, decimals)):
        words = value_words(expected, decimals)
        return CheckResult("", True, f"Right; {words}." if words else "Right.", "right")
    if decimals == 0 and not typed.value.is_integer():
        return CheckResult(
            "", False, f"Not yet: the answer is a whole number. Hint: {hint}", "whole"
        )
    for value, trap_hint in traps:
        if abs(typed.value - value) <= slack:
            return CheckResult("", False, f"Not yet. {trap_hint} Hint: {hint}", "trap")
    if places < decimals and agrees(expected, places):
        return CheckResult("", False, _give_more(places, decimals), "close")
    reach = rounding + margin(expected, places)
    within = places >= decimals and abs(typed.value - expected) <= reach
    if places >= decimals >= 1 and _cut(typed.value, expected, places):
        return CheckResult(
            "",
            False,
            f"Close: the digits are right, but cut after {_decimals(places)}; "
            "round the last one instead.",
            "close",
        )
    if places > decimals and agrees(expected, decimals):
        return CheckResult(
            "",
            False,
            ROUNDED
            if within
            else f"Close: right to {_decimals(decimals)}, but not to the {places} you gave; "
            f"give {decimals}, or keep more decimals along the way.",
            "close",
        )
    # A known wrong answer rounded, else one cut as a reader copies a figure: its own hint.
    for matches in (
        lambda value: agrees(value, places),
        lambda value: places >= 1 and _cut(typed.value, value, places),
    ):
        for value, trap_hint in traps:
            if matches(value):
                return CheckResult("", False, f"Not yet. {trap_hint} Hint: {hint}", "trap")
    if within:
        return CheckResult("", False, ROUNDED, "close")
    return CheckResult("", False, f"Not yet. Hint: {hint}", "wrong")


def _cut(typed: float, expected: float, places: int) -> bool:
    # expected with its digits after the places-th dropped: on its side of 0, nearer 0 by
    # less than one unit of that place (1e-places as a decimal literal, as the browser reads).
    short = abs(expected) - abs(typed)
    same_side = typed == 0 or (typed > 0) == (expected > 0)
    return same_side and 0 <= short < float(f"1e{-places}")


def margin(expected: float, decimals: int | None) -> float:
    """How far an answer may be from ``expected`` and still agree with it to ``decimals`` places.

    Half a unit of the last place, ``0.5 * 10**-decimals``, plus the slack that forgives the
    last bits of a computed answer, ``1e-9 * max(1, |expected|)``: the distance of
    :func:`judge`. With ``decimals=None``, the slack alone (an answer equal to ``expected``).
    A page that shows a figure with ``p`` decimals accepts, among answers of ``p`` or more
    decimals, exactly those within ``margin(expected, p)`` of it (a finer answer must also
    agree to its own decimals); a learning platform that knows only a tolerance uses that.

    Examples
    --------
    >>> margin(0.8125, 3)
    0.000500001
    >>> abs(6.653 - 6.653156362813681) <= margin(6.653156362813681, 3)
    True

    """
    slack = 1e-9 * max(1.0, abs(expected))
    if decimals is None:
        return slack
    # 0.5 * 10**-decimals written as a decimal literal: the browser reads "5e-4" to the same
    # double, where its ** and Python's may differ in the last bit.
    return float(f"5e{-decimals - 1}") + slack


def _decimals(count: int) -> str:
    return f"{count} decimal{'' if count == 1 else 's'}"


def _give_more(given: int, needed: int) -> str:
    if needed == 0:  # fewer than 0 decimals: a whole number written with an exponent
        return "Close: write the whole number out."
    if given == needed - 1:
        return "Close: give one more decimal."
    return f"Close: give {_decimals(needed)}."


def _written(value: float) -> tuple[str, bool]:
    # The value as a right answer is told it, and whether that text is the value exactly.
    if value.is_integer():
        return str(int(value)), True
    short = repr(value)
    if "e" not in short and len(short.partition(".")[2]) <= 6:
        return short, True
    fraction = Fraction(value).limit_denominator(12)
    if abs(float(fraction) - value) <= 1e-12 * max(1.0, abs(value)):
        return f"{fraction.numerator}/{fraction.denominator}", True
    return f"{value:.4f}", False


def exact_text(value: float, decimals: int) -> str:
    """Write the value a right answer is shown: ``""`` for a whole-number exercise.

    A whole number as it is ("1"), a short decimal in full ("0.921875"), a fraction with a
    denominator up to 12 as the fraction ("2/3"), anything else to 4 decimals ("6.6532"),
    which is a rounding: :func:`value_words` says which.

    Examples
    --------
    >>> exact_text(2 / 3, 3), exact_text(0.921875, 3), exact_text(6.653156362813681, 3)
    ('2/3', '0.921875', '6.6532')

    """
    return "" if decimals == 0 else _written(float(value))[0]


def value_words(value: float, decimals: int) -> str:
    """Say what a right answer's value is, calling it exact only when it is.

    Examples
    --------
    >>> value_words(2 / 3, 3), value_words(6.653156362813681, 3), value_words(11.0, 0)
    ('the exact value is 2/3', 'to 4 decimals it is 6.6532', '')

    """
    if decimals == 0:
        return ""
    text, exact = _written(float(value))
    return f"the exact value is {text}" if exact else f"to 4 decimals it is {text}"
