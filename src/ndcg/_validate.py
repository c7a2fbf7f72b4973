"""Argument checks, declared at each public function's door.

A public function lists, in :func:`validate_params`, a checker for each argument it takes
from a caller. A checker is called as ``checker(value, name)`` and returns the value in the
form the function works with (an int, a float array, ...), or raises ``TypeError`` (wrong
kind of value) or ``ValueError`` (right kind, wrong value). Every message starts with the
argument's name, shows the value, and says how to fix it, so a caller can tell at once
which input was wrong and what to pass instead.

Checks that relate two arguments (a pool holding every retrieved grade, matching shapes)
stay in the function's body, and use the helpers at the end of this module.

Grades may mark an unjudged position with ``None``; past the door it is held as NaN, which
nothing else can produce, because a NaN given by a caller is refused.
"""

from __future__ import annotations

import functools
import inspect
import io
import math
import numbers
import os
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, TypeVar

import numpy as np

from ndcg.discount import KINDS, LOG2, OFFERED, Discount

F = TypeVar("F", bound=Callable[..., Any])

#: A checker: ``checker(value, name)`` returns the normalised value or raises.
Checker = Callable[[Any, str], Any]

#: The gains known by name (``gain="linear"``, ``gain="exponential"``); see :mod:`ndcg.gains`.
GAIN_NAMES = ("linear", "exponential")
#: What an unjudged document counts for: no gain in place (trec_eval), dropped before
#: scoring (trec_eval -J, Sakai's condensed lists), or an error.
UNJUDGED = ("zero", "condense", "raise")
#: The highest top of ERR's grade scale: 2**max_grade must fit a float64.
MAX_GRADE = 1023


def validate_params(**checkers: Checker) -> Callable[[F], F]:
    """Declare how each named argument of the decorated function is checked.

    Parameters
    ----------
    **checkers
        Argument name -> checker. The checker's return value replaces the argument.

    Returns
    -------
    callable
        A decorator; the decorated function keeps its name, signature and docstring.

    Examples
    --------
    >>> @validate_params(k=cutoff)
    ... def top(values, k=None):
    ...     return values[:k]
    >>> top([3, 2, 1], k=2)
    [3, 2]
    >>> top([3, 2, 1], k=0)
    Traceback (most recent call last):
    ...
    ValueError: k must be a positive integer or None, got 0; pass e.g. k=10 (k=None for no cutoff)

    """

    def decorate(func: F) -> F:
        signature = inspect.signature(func)
        unknown = sorted(set(checkers) - set(signature.parameters))
        if unknown:
            raise TypeError(f"{func.__name__} has no argument(s) {unknown} to check")
        # Only these can be given by position; a keyword-only one never is.
        names = [
            name
            for name, parameter in signature.parameters.items()
            if parameter.kind
            in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        ]
        defaults = {
            name: parameter.default
            for name, parameter in signature.parameters.items()
            if parameter.default is not inspect.Parameter.empty
        }

        @functools.wraps(func)
        def checked(*args: Any, **kwargs: Any) -> Any:
            # Binding by hand is several times faster than Signature.bind, which matters
            # for the list API called in loops; anything unusual goes to bind for its error.
            values = dict(zip(names, args, strict=False))  # fewer args than names is usual
            if len(args) > len(names) or not values.keys().isdisjoint(kwargs):
                signature.bind(*args, **kwargs)
            values.update(kwargs)
            for name, check in checkers.items():
                if name in values:
                    values[name] = check(values[name], name)
                elif name in defaults:
                    values[name] = check(defaults[name], name)
                else:
                    signature.bind(*args, **kwargs)  # raises: a required argument is missing
            return func(**values)

        return checked  # type: ignore[return-value]

    return decorate


def show(value: float) -> str:
    """Write a number as a caller would: ``3`` for 3.0, full precision otherwise.

    Examples
    --------
    >>> show(3.0), show(0.1 + 0.2), show(-1.0), show(2.0**1023)
    ('3', '0.30000000000000004', '-1', '8.98846567431158e+307')

    """
    value = float(value)
    return str(int(value)) if value.is_integer() and abs(value) < 1e16 else repr(value)


def literal(value: Any) -> str:
    """Write a value as the caller would have typed it: numpy scalars as Python ones.

    Messages show values with this, not ``repr``, which since numpy 2 writes
    ``np.int64(0)`` for a 0 read from an array.

    Examples
    --------
    >>> import numpy as np
    >>> literal(np.int64(0)), literal([np.int64(5), np.str_("a")]), literal(np.array(5))
    ('0', "[5, 'a']", '5')

    """
    return repr(_plain(value))


def _plain(value: Any) -> Any:
    if isinstance(value, np.generic) or (isinstance(value, np.ndarray) and value.ndim == 0):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if type(value) in (list, tuple):
        return type(value)(map(_plain, value))
    return value


# --- Checkers ---------------------------------------------------------------------------


def _as_float(value: numbers.Real) -> float:
    """Return ``float(value)``, a number beyond float64 (an int such as 10**400) as +-inf.

    The range checks then name such a number in their message, where ``float`` alone would
    raise OverflowError.

    Examples
    --------
    >>> _as_float(2), _as_float(10**400), _as_float(-(10**400))
    (2.0, inf, -inf)

    """
    try:
        return float(value)
    except OverflowError:
        return -math.inf if value < 0 else math.inf


def optional(check: Checker) -> Checker:
    """Build a checker that lets ``None`` through and hands anything else to ``check``."""

    def checker(value: Any, name: str) -> Any:
        return None if value is None else check(value, name)

    return checker


def positive_int(value: Any, name: str) -> int:
    """Return an integer >= 1 (``True``, ``1.0`` and numpy floats are refused).

    Examples
    --------
    >>> positive_int(3, "n")
    3
    >>> positive_int(2.0, "n")
    Traceback (most recent call last):
    ...
    TypeError: n must be a positive integer, got float 2.0; pass an int, e.g. n=10

    """
    return _integer(value, name, 1, "a positive integer", f"pass an int, e.g. {name}=10")


def positive_number(value: Any, name: str, *, allow_zero: bool = False) -> float:
    """Return a finite number above 0 (at or above 0 with ``allow_zero``), as a float.

    Examples
    --------
    >>> positive_number(0.5, "sigma"), positive_number(0, "l2", allow_zero=True)
    (0.5, 0.0)
    >>> positive_number(0, "sigma")
    Traceback (most recent call last):
    ...
    ValueError: sigma must be a finite number > 0, got 0.0

    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {literal(value)}")
    value = float(value)
    if not np.isfinite(value) or value < 0 or (value == 0 and not allow_zero):
        bound = ">= 0" if allow_zero else "> 0"
        raise ValueError(f"{name} must be a finite number {bound}, got {literal(value)}")
    return value


def cutoff(value: Any, name: str) -> int | None:
    """Return a cutoff: a positive integer, or ``None`` for the whole list."""
    if value is None:
        return None
    fix = f"pass e.g. {name}=10 ({name}=None for no cutoff)"
    return _integer(value, name, 1, "a positive integer or None", fix)


def _integer(value: Any, name: str, minimum: int, what: str, fix: str) -> int:
    if isinstance(value, np.ndarray) and value.ndim == 0:
        raise TypeError(
            f"{name} must be {what}, got a numpy array of shape () holding "
            f"{literal(value)}; pass a plain number, e.g. {name}={name}.item()"
        )
    # bool is an Integral, but True as a count or a cutoff is almost always a mistake.
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(
            f"{name} must be {what}, got {type(value).__name__} {literal(value)}; {fix}"
        )
    if value < minimum:
        raise ValueError(f"{name} must be {what}, got {value}; {fix}")
    return int(value)


def cutoffs(value: Any, name: str) -> tuple[int | None, ...]:
    """One cutoff or a sequence of distinct cutoffs, as a tuple.

    Examples
    --------
    >>> cutoffs(5, "k"), cutoffs([None, 10], "k")
    ((5,), (None, 10))

    """
    if value is None or isinstance(value, (numbers.Integral, np.bool_)):
        return (cutoff(value, name),)
    if isinstance(value, np.ndarray) and value.ndim == 0:
        return (cutoff(value, name),)  # refused there, with the fix
    if isinstance(value, (str, bytes)) or not isinstance(value, (Sequence, np.ndarray)):
        raise TypeError(
            f"{name} must be None, a positive integer or a sequence of them; got "
            f"{type(value).__name__} {literal(value)}; pass e.g. {name}=10 or {name}=[5, 10]"
        )
    if len(value) == 0:
        raise ValueError(
            f"{name} is an empty sequence: give at least one cutoff (None = no cutoff)"
        )
    values = tuple(cutoff(c, name) for c in value)
    repeated = sorted({c for c in values if values.count(c) > 1}, key=str)
    if repeated:
        raise ValueError(
            f"{name} holds a cutoff twice: {literal(list(value))} repeats {repeated}; list each "
            "once"
        )
    return values


def choice(*options: str) -> Checker:
    """Build a checker accepting exactly one of ``options``."""
    listed = ", ".join(map(repr, options))

    def checker(value: Any, name: str) -> str:
        if isinstance(value, str) and value in options:
            return value
        error = ValueError if isinstance(value, str) else TypeError
        raise error(f"{name} must be one of {listed}; got {literal(value)}")

    return checker


def choices(*options: str) -> Checker:
    """Build a checker for one or more distinct options, returned as a tuple.

    Examples
    --------
    >>> choices("a", "b")("b", "x"), choices("a", "b")(["b", "a"], "x")
    (('b',), ('b', 'a'))

    """
    one = choice(*options)

    def checker(value: Any, name: str) -> tuple[str, ...]:
        if isinstance(value, str):
            return (one(value, name),)
        if not isinstance(value, (Sequence, np.ndarray)) or len(value) == 0:
            raise TypeError(
                f"{name} must be one of {', '.join(map(repr, options))} or a non-empty "
                f"sequence of them; got {literal(value)}"
            )
        picked = tuple(one(item, name) for item in value)
        repeated = sorted({item for item in picked if picked.count(item) > 1})
        if repeated:
            raise ValueError(
                f"{name} names {literal(repeated[0])} twice: {literal(list(value))}; list it once"
            )
        return picked

    return checker


def empty(value: Any, name: str) -> float | str:
    """Return the value of NDCG when the ideal DCG is 0: a number, or ``"raise"``."""
    if isinstance(value, str) and value == "raise":
        return value
    if isinstance(value, (bool, np.bool_, str)) or not isinstance(value, numbers.Real):
        error = ValueError if isinstance(value, str) else TypeError
        raise error(
            f'{name} must be a number or "raise", got {literal(value)}; e.g. {name}=0.0 '
            f"(trec_eval), {name}=float('nan') or {name}='raise'"
        )
    return float(value)


def gain(value: Any, name: str) -> Any:
    """Return a gain rule: "linear", "exponential", a mapping grade -> gain, or a callable."""
    if isinstance(value, str):
        if value not in GAIN_NAMES:
            raise ValueError(
                f"{name} must be 'linear', 'exponential', a mapping grade -> gain or a "
                f"callable; got {value!r}"
            )
        return value
    if isinstance(value, Mapping) or callable(value):
        return value
    raise TypeError(
        f"{name} must be 'linear', 'exponential', a mapping or a callable; got "
        f"{type(value).__name__} {literal(value)}; e.g. {name}={{0: 0, 1: 1, 2: 3}}"
    )


def discount(value: Any, name: str) -> Discount:
    """Return a discount: ``"log2"``, ``"reciprocal"``, ``("log", b)`` or ``("geometric", p)``.

    Examples
    --------
    >>> discount(("geometric", 0.8), "discount")
    Discount(kind='geometric', param=0.8)
    >>> discount("geometric", "discount")
    Traceback (most recent call last):
    ...
    ValueError: discount 'geometric' takes a parameter p: pass discount=('geometric', 0.8)
    >>> discount(Discount("geometric", 5.0), "discount")
    Traceback (most recent call last):
    ...
    ValueError: discount's p must lie strictly between 0 and 1 (the chance of reading on to the next rank), got 5.0; e.g. discount=('geometric', 0.8)

    """  # noqa: E501
    if isinstance(value, Discount):
        # One made by hand is checked as its (kind, parameter) would be: Discount("log")
        # has no b, Discount("geometric", 5.0) a p above 1.
        value = value.kind if value.param is None else (value.kind, value.param)
    examples = "'log2' (default), 'reciprocal', ('log', 2) or ('geometric', 0.8)"
    kind, param = (value, None) if isinstance(value, str) else (None, None)
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str):
        kind, param = value
    if kind not in OFFERED:
        error = ValueError if isinstance(value, (str, tuple)) else TypeError
        raise error(f"{name} must be {examples}; got {literal(value)}")
    wants = KINDS[kind].param
    if wants is None:
        if param is not None:
            raise ValueError(f"{name} {kind!r} takes no parameter; pass {name}={kind!r}")
        return LOG2 if kind == "log2" else Discount(kind)
    example = {"b": 2, "p": 0.8}[wants]
    if param is None:
        raise ValueError(
            f"{name} {kind!r} takes a parameter {wants}: pass {name}=({kind!r}, {example})"
        )
    if isinstance(param, (bool, np.bool_)) or not isinstance(param, numbers.Real):
        raise TypeError(
            f"{name}'s {wants} must be a number, got {type(param).__name__} {literal(param)}; "
            f"e.g. {name}=({kind!r}, {example})"
        )
    if kind == "geometric":
        if not 0 < param < 1:
            raise ValueError(
                f"{name}'s p must lie strictly between 0 and 1 (the chance of reading on "
                f"to the next rank), got {literal(param)}; e.g. {name}=('geometric', 0.8)"
            )
        return Discount(kind, float(param))
    if not (np.isfinite(param) and param > 1):
        raise ValueError(
            f"{name}'s b must be a finite number above 1 (the rank from which log_b(i) "
            f"discounts), got {literal(param)}; e.g. {name}=('log', 2)"
        )
    return Discount(kind, float(param))


def threshold(value: Any, name: str) -> float:
    """Return the lowest grade that counts as relevant: a finite number above 0.

    Examples
    --------
    >>> threshold(2, "threshold")
    2.0
    >>> threshold(0, "threshold")
    Traceback (most recent call last):
    ...
    ValueError: threshold must be a finite number above 0 (a grade of 0 is never relevant), got 0; e.g. threshold=1 (grades >= 1 count as relevant)

    """  # noqa: E501
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {type(value).__name__} {literal(value)}")
    number = _as_float(value)
    if not (np.isfinite(number) and number > 0):
        raise ValueError(
            f"{name} must be a finite number above 0 (a grade of 0 is never relevant), got "
            f"{literal(value)}; e.g. {name}=1 (grades >= 1 count as relevant)"
        )
    return number


def max_grade(value: Any, name: str) -> float:
    """Return the top of the grade scale: a number above 0, at most 1023 (``2**g`` fits).

    Examples
    --------
    >>> max_grade(4, "max_grade")
    4.0

    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(
            f"{name} must be a number (the highest grade of the scale), got "
            f"{type(value).__name__} {literal(value)}; e.g. {name}=4 for grades 0..4"
        )
    number = _as_float(value)
    if not (np.isfinite(number) and 0 < number <= MAX_GRADE):
        raise ValueError(
            f"{name} must be above 0 and at most {MAX_GRADE} (2**grade must fit a float), got "
            f"{literal(value)}; e.g. {name}=4 for grades 0..4"
        )
    return number


def nothing_shared(judged: tuple[int, Sequence[Any]], retrieved: tuple[int, Sequence[Any]]) -> str:
    """Say that qrels and run share no query, with the count and a few ids of each side.

    One message for ``ndcg.evaluate`` and ``ndcg.spark.evaluate``: with no query in common
    the table would be empty and its mean NaN, which usually means ids written two ways or
    files of two collections.

    Parameters
    ----------
    judged, retrieved : tuple of (int, sequence)
        How many queries qrels (the run) holds, and the first few of their ids.

    Examples
    --------
    >>> nothing_shared((1, ["q1"]), (0, [])).split(", so")[0]
    "qrels and run share no query_id: qrels has 1 (e.g. ['q1']), run has none"

    """

    def listed(side: tuple[int, Sequence[Any]]) -> str:
        n, ids = side
        return f"{n} (e.g. {literal(list(ids))})" if n else "none"

    return (
        f"qrels and run share no query_id: qrels has {listed(judged)}, run has "
        f"{listed(retrieved)}, so there is nothing to evaluate (the mean of no scores is "
        "NaN); check that both come from one collection and write the ids alike (e.g. '7' "
        "and 'q7' are different ids), or pass missing='zero' to score every judged query "
        "0 where the run has nothing"
    )


def above_scale(name: str, grade: float, max_grade: float | None, where: str = "") -> str:
    """Say that ``name`` holds a grade above ERR's scale, and what ``max_grade`` to pass.

    A grade above :data:`MAX_GRADE` has no ``max_grade`` that fits (``2**grade`` would
    overflow), so the advice is then to rescale the grades, never a value refused later.

    Parameters
    ----------
    name : str
        Where the grade is, e.g. ``"relevance"``.
    grade : float
        The offending grade.
    max_grade : float or None
        The scale's top as passed, or ``None`` when the caller passed none.
    where : str, optional
        Which item holds it, e.g. ``" (item 'A')"``.

    Examples
    --------
    >>> above_scale("relevance", 2000, 4)
    "relevance holds the grade 2000, above ERR's scale 0..max_grade=4; ERR's scale reaches at most max_grade=1023 (2**grade must fit a float): rescale the grades to 0..1023 or less"
    >>> above_scale("relevance", 7, 4)
    "relevance holds the grade 7, above ERR's scale 0..max_grade=4; pass the top of your grade scale as max_grade (e.g. max_grade=7)"

    """  # noqa: E501
    scale = "" if max_grade is None else f", above ERR's scale 0..max_grade={show(max_grade)}"
    if grade > MAX_GRADE:
        fix = (
            f"ERR's scale reaches at most max_grade={MAX_GRADE} (2**grade must fit a float): "
            f"rescale the grades to 0..{MAX_GRADE} or less"
        )
    else:
        fix = f"pass the top of your grade scale as max_grade (e.g. max_grade={show(grade)})"
    return f"{name} holds the grade {show(grade)}{where}{scale}; {fix}"


def seed(value: Any, name: str) -> int | None:
    """Return a random seed: a non-negative integer, or ``None`` for fresh randomness."""
    if value is None:
        return None
    return _integer(value, name, 0, "a non-negative int or None", f"e.g. {name}=0")


def fraction(value: Any, name: str) -> float:
    """Return a number strictly between 0 and 1 (a confidence level, a share)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {type(value).__name__} {literal(value)}")
    number = _as_float(value)
    if not 0.0 < number < 1.0:
        raise ValueError(f"{name} must lie strictly between 0 and 1, got {value}; e.g. {name}=0.95")
    return number


def recall_level(value: Any, name: str) -> float:
    """Return a recall level: a number from 0 to 1, both included."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {type(value).__name__} {literal(value)}")
    number = _as_float(value)
    if not 0.0 <= number <= 1.0:
        raise ValueError(
            f"{name} must lie between 0 and 1 (a share of R), got {value}; e.g. {name}=0.5"
        )
    return number


def coefficients(value: Any, name: str) -> tuple[float, float, float, float]:
    """Return utility's four finite coefficients."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (Sequence, np.ndarray)):
        raise TypeError(
            f"{name} must be four numbers, got {type(value).__name__} {literal(value)}; "
            f"e.g. {name}=(1, -1, 0, 0)"
        )
    if len(value) != 4 or not all(
        isinstance(x, numbers.Real) and not isinstance(x, bool) and math.isfinite(x) for x in value
    ):
        raise ValueError(
            f"{name} must be four finite numbers, got {literal(value)}; e.g. {name}=(1, -1, 0, 0)"
        )
    return tuple(float(x) for x in value)  # type: ignore[return-value]


def gain_map(value: Any, name: str) -> dict[int, float] | None:
    """Return a gain per level: integer levels >= 0 to finite gains (``None``: the grade)."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise TypeError(
            f"{name} must be a mapping level -> gain or None, got {type(value).__name__} "
            f"{literal(value)}; e.g. {name}={{1: 1, 2: 3}}"
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


def numbers_array(
    ndim: int | tuple[int, ...] = 1, *, unjudged: bool = False, hint: str = "", exact: bool = False
) -> Checker:
    """Build a checker for a non-empty array of finite real numbers, returned as float64.

    Parameters
    ----------
    ndim : int or tuple of int, default 1
        Accepted numbers of dimensions.
    unjudged : bool, default False
        Accept ``None`` for an unjudged position (held as NaN past the door).
    hint : str, optional
        What to do about a non-finite value, appended to that message.
    exact : bool, default False
        Refuse an integer that float64 would round (beyond 2**53): for scores, where two
        different ones would otherwise tie without a word.

    Examples
    --------
    >>> numbers_array(unjudged=True)([3, None, 2], "relevance").tolist()
    [3.0, nan, 2.0]
    >>> numbers_array()([1, float("nan")], "y_score")
    Traceback (most recent call last):
    ...
    ValueError: y_score must be finite: found nan at index 1

    """
    allowed = (ndim,) if isinstance(ndim, int) else ndim

    def checker(value: Any, name: str) -> np.ndarray:
        array = _as_array(value, name, unjudged)
        if array.ndim == 0:
            raise TypeError(not_a_sequence(value, name))
        if array.ndim not in allowed:
            wanted = " or ".join(f"{d}-D" for d in allowed)
            raise TypeError(
                f"{name} must be {wanted}"
                f"{' (one-dimensional)' if allowed == (1,) else ''}, got an array of shape "
                f"{array.shape}"
            )
        if array.size == 0:
            raise ValueError(f"{name} is empty: there is nothing to score")
        if array.dtype == object:
            return _from_objects(array, name, unjudged, exact)
        fix = "mark an unjudged position with None" if unjudged else hint
        return _as_finite(array, name, fix, exact)

    return checker


def _as_array(value: Any, name: str, unjudged: bool) -> np.ndarray:
    if value is None or isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a sequence of numbers, got {value!r}")
    if isinstance(value, np.ma.MaskedArray):
        raise TypeError(
            f"{name} is a masked array, and its mask would be ignored; pass "
            f"{name}.compressed() to drop the masked entries or {name}.filled(x) to give "
            "them a value" + (" (None marks an unjudged position)" if unjudged else "")
        )
    if isinstance(value, (list, tuple)) and _holds_bool(value):
        raise TypeError(_bool_message(name))
    try:
        array = np.asarray(value)
    except ValueError:  # ragged nested lists
        raise TypeError(_ragged_message(value, name)) from None
    kind = array.dtype.kind
    if kind == "b":
        raise TypeError(_bool_message(name))
    if kind in "mM":
        raise TypeError(
            f"{name} holds {array.dtype} values (times, not numbers); convert them first, "
            f"e.g. {name} / np.timedelta64(1, 's')"
        )
    if kind == "c":
        raise TypeError(f"{name} must hold real numbers, got complex values")
    if kind not in "iufO":
        raise TypeError(f"{name} must hold numbers, got values of dtype {array.dtype}")
    return array


def not_a_sequence(value: Any, name: str) -> str:
    """Say what to pass instead of a value numpy would hold as one object (shape ())."""
    if isinstance(value, Mapping):
        return (
            f"{name} must be a sequence of numbers, got a {type(value).__name__}; pass a "
            f"list in rank order, e.g. list({name}.values())"
        )
    if isinstance(value, AbstractSet):
        return (
            f"{name} must be a sequence of numbers, got a {type(value).__name__}, which has "
            "no order; pass a list in rank order"
        )
    if isinstance(value, (numbers.Number, np.generic, np.ndarray)):
        return (
            f"{name} must be a sequence of numbers, got the single number {literal(value)}; "
            f"pass a list, e.g. [{literal(value)}]"
        )
    return (
        f"{name} must be a sequence of numbers, got a {type(value).__name__}; pass a list, "
        f"e.g. list({name})"
    )


def first_rounded(values: np.ndarray) -> int | None:
    """Return the flat index of the first integer that float64 would round, else None.

    float64 holds every integer up to 2**53 exactly; beyond it, only some: ``2**53 + 1``
    becomes ``2**53``, so two different scores would tie without a word.

    Examples
    --------
    >>> first_rounded(np.array([3, 2**53, 2**53 + 1])), first_rounded(np.array([2**60]))
    (2, None)

    """
    if values.dtype.kind not in "iu" or values.size == 0:
        return None
    flat = values.reshape(-1)
    big = np.flatnonzero((flat > 2**53) | (flat < -(2**53)) if values.dtype.kind == "i"
                         else flat > 2**53)  # fmt: skip
    for i in big:  # few in any real input; exact comparison as Python integers
        if int(float(flat[i])) != int(flat[i]):
            return int(i)
    return None


def rounded_message(value: Any, name: str, where: str) -> str:
    """Say that an integer would be rounded to float64, and what to pass instead."""
    return (
        f"{name} holds {value} at {where}, an integer that float64 cannot hold exactly "
        f"(beyond 2**53 it becomes {float(value)!r}), so different values could tie without "
        f"a word; pass their ranks, e.g. scipy.stats.rankdata({name}, method='dense'), or "
        f"pass floats if the rounding is meant"
    )


def _as_finite(array: np.ndarray, name: str, hint: str, exact: bool = False) -> np.ndarray:
    rounded = first_rounded(array) if exact else None
    if rounded is not None:
        where = _at(np.unravel_index(rounded, array.shape))
        raise ValueError(rounded_message(array.reshape(-1)[rounded], name, where))
    array = array.astype(np.float64, copy=False)
    # A finite sum proves every element finite (NaN and inf propagate); only when it
    # is not (or overflowed) is the element-wise check paid for.
    with np.errstate(over="ignore", invalid="ignore"):
        total = np.add.reduce(array, axis=None)
    if not np.isfinite(total) and not np.isfinite(array).all():
        bad = np.argwhere(~np.isfinite(array))[0]
        raise ValueError(
            f"{name} must be finite: found {array[tuple(bad)]} at {_at(bad)}"
            + (f"; {hint}" if hint else "")
        )
    return array


def _from_objects(array: np.ndarray, name: str, unjudged: bool, exact: bool = False) -> np.ndarray:
    """Numbers (and ``None`` where allowed) of an object array, as float64 with NaN for None."""
    out = np.empty(array.shape, dtype=np.float64)
    flat = out.reshape(-1)
    for i, item in enumerate(array.flat):
        if item is None and unjudged:
            flat[i] = np.nan
        elif isinstance(item, numbers.Real) and not isinstance(item, (bool, np.bool_)):
            try:
                flat[i] = float(item)
            except OverflowError:  # an int beyond float64, such as 10**400
                flat[i] = np.inf
            same = float(flat[i]) == item  # Python compares an int and a float exactly
            rounded = isinstance(item, numbers.Integral) and np.isfinite(flat[i]) and not same
            if exact and rounded:
                where = _at(np.unravel_index(i, array.shape))
                raise ValueError(rounded_message(item, name, where))
            if not np.isfinite(flat[i]):
                fix = "; mark an unjudged position with None" if unjudged else ""
                where = _at(np.unravel_index(i, array.shape))
                raise ValueError(f"{name} must be finite: found {flat[i]} at {where}{fix}")
        elif isinstance(item, (bool, np.bool_)):
            raise TypeError(_bool_message(name))
        else:
            allowed = "numbers or None (unjudged)" if unjudged else "numbers"
            raise TypeError(
                f"{name} must hold {allowed}; found {type(item).__name__} {literal(item)} at "
                f"{_at(np.unravel_index(i, array.shape))}"
            )
    return out


def _at(index: Any) -> str:
    index = [int(i) for i in index]
    return f"index {index[0]}" if len(index) == 1 else f"row {index[0]}, column {index[1]}"


def _holds_bool(values: list[Any] | tuple[Any, ...]) -> bool:
    # numpy turns [1, True] into [1, 1] without a word, so Python lists are looked at first.
    kinds = set(map(type, values))  # one pass in C
    if bool in kinds or np.bool_ in kinds:
        return True
    return (list in kinds or tuple in kinds) and any(
        _holds_bool(v) for v in values if isinstance(v, (list, tuple))
    )


def _bool_message(name: str) -> str:
    return (
        f"{name} must hold numbers, not booleans; write the grades or scores as numbers "
        f"(e.g. 1 for relevant, 0 for not), or convert with np.asarray({name}, dtype=int)"
    )


def _ragged_message(value: Any, name: str) -> str:
    lengths = [len(row) if hasattr(row, "__len__") else 1 for row in value]
    odd = next((i for i, n in enumerate(lengths) if n != lengths[0]), len(lengths) - 1)
    return (
        f"{name} is ragged: row 0 has {lengths[0]} values but row {odd} has {lengths[odd]}; "
        "a matrix needs rows of one length (pad them, or pass a list per query to the list "
        "API)"
    )


def file_path(value: Any, name: str, streams: bool = False) -> Any:
    """Return the name of a file to read: a ``str`` or a path-like object such as a Path.

    With ``streams``, a binary stream (``sys.stdin.buffer``, an ``open(..., "rb")`` file, a
    ``BytesIO``) is taken too, as the command line reads standard input; a text stream is
    refused with the fix (open it in binary mode).

    Examples
    --------
    >>> file_path("run.txt", "path")
    'run.txt'
    >>> file_path(None, "path")
    Traceback (most recent call last):
    ...
    TypeError: path must be a file's name (a str or a pathlib.Path), got None; e.g. path='x.qrels'

    """
    if isinstance(value, str) or (
        isinstance(value, os.PathLike) and isinstance(os.fspath(value), str)
    ):
        return value
    if streams and isinstance(value, io.RawIOBase | io.BufferedIOBase):
        return value
    wanted = f"{name} must be a file's name (a str or a pathlib.Path)" + (
        " or a binary stream" if streams else ""
    )
    if isinstance(value, bytes):
        got, fix = "bytes", f"decode it, e.g. {name}={value.decode(errors='replace')!r}"
    elif hasattr(value, "read"):
        named = getattr(value, "name", None)
        got = f"an open file ({type(value).__name__})"
        fix = (
            f"pass the file's name instead, e.g. {name}={named!r}"
            if isinstance(named, str)
            else "write the text to a file and pass its name"
        )
        if streams and isinstance(value, io.TextIOBase):
            fix = (
                "pass its .buffer, or open the file in binary mode ('rb')"
                if hasattr(value, "buffer")
                else f"pass the text as bytes, e.g. {name}=io.BytesIO(text.encode())"
            )
    else:
        got = "None" if value is None else f"{type(value).__name__} {literal(value)}"
        fix = f"e.g. {name}='x.qrels'"
    raise TypeError(f"{wanted}, got {got}; {fix}")


def not_a_path(value: Any, name: str, reader: str) -> None:
    """Refuse a file's name where the data itself is expected, naming the reader to use."""
    if isinstance(value, (str, bytes, os.PathLike)):
        raise TypeError(
            f"{name} must be a DataFrame (or a matrix of numbers), not a file's name: got "
            f"{literal(value)}; read the file first, {name}=ndcg.{reader}({literal(value)})"
        )


# --- Checks that relate arguments -----------------------------------------------------------


def check_pool(relevance: np.ndarray, pool: np.ndarray) -> None:
    """Raise ``ValueError`` unless ``pool`` holds every judged grade of ``relevance``.

    The pool is every judged grade of the query, retrieved or not, so each grade of the
    ranked list must appear in it at least as often as in the list (unjudged positions,
    NaN here, have no grade to find).

    Examples
    --------
    >>> import numpy as np
    >>> check_pool(np.array([3.0, np.nan, 2.0]), np.array([2.0, 3.0, 3.0]))
    >>> check_pool(np.array([3.0, 3.0]), np.array([3.0, 2.0]))
    Traceback (most recent call last):
    ...
    ValueError: pool must hold every retrieved grade of relevance (the pool is every judged grade of the query): grade 3 appears 2 times in relevance but once in pool; add the missing judgments to pool, or mark a position None if it was never judged

    """  # noqa: E501
    have = Counter(pool.tolist())
    judged = relevance[~np.isnan(relevance)]
    for grade, count in sorted(Counter(judged.tolist()).items()):
        if have[grade] < count:
            raise ValueError(
                "pool must hold every retrieved grade of relevance (the pool is every judged "
                f"grade of the query): grade {show(grade)} appears "
                f"{_times(count)} in relevance but {_times(have[grade])} in pool; add the "
                "missing judgments to pool, or mark a position None if it was never judged"
            )


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


def check_unjudged(count: int, policy: str, what: str) -> None:
    """Raise for ``unjudged="raise"`` when ``count`` positions are unjudged.

    Parameters
    ----------
    count : int
        How many positions (or documents) are unjudged.
    policy : str
        The caller's ``unjudged`` argument.
    what : str
        Where they are, e.g. ``"relevance has {n} unjudged position(s) (None)"``.

    """
    if count and policy == "raise":
        raise ValueError(
            f"unjudged='raise': {what.format(n=count)}; judge them, or pass "
            "unjudged='zero' (no gain, in place: trec_eval) or unjudged='condense' (drop "
            "them before scoring: trec_eval -J)"
        )


def ranked_grades(relevance: np.ndarray, unjudged: str) -> np.ndarray:
    """Return the ranked grades under the ``unjudged`` policy (NaN marks an unjudged one)."""
    missing = np.isnan(relevance)
    count = int(missing.sum())
    if count:
        check_unjudged(count, unjudged, "relevance has {n} unjudged position(s) (None)")
        if unjudged == "condense":
            return relevance[~missing]
    return relevance


def check_finite_sum(value: float, name: str, what: str) -> float:
    """Return ``value``, or raise when a sum over ``name`` overflowed float64."""
    if not np.isfinite(value):
        raise ValueError(
            f"{name}: the {what} overflows float64 (it exceeds "
            f"{np.finfo(np.float64).max:.4g}); rescale the grades, or use ndcg(), which "
            "computes the ratio without overflowing"
        )
    return value


# The checkers of the arguments every list measure takes (ndcg.metrics, ndcg.family, ...).
#: A ranked list of grades, ``None`` for an unjudged position.
RELEVANCE = numbers_array(unjudged=True)
#: The judged grades of a query, retrieved or not; optional.
POOL = optional(numbers_array())
#: What an unjudged position counts for.
UNJUDGED_RULE = choice(*UNJUDGED)
