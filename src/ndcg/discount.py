"""The positional discount: how much of a gain at rank i (1-based) still counts.

The default divides the gain at rank i by ``log2(i + 1)`` (chapter 3, "Discounted cumulative
gain"). The others are the discounts of chapter 10, "Why a logarithm?", each the guess of
how far a reader goes down the list:

* ``("log", b)``: Järvelin and Kekäläinen's original DCG (2002): no discount before rank
  ``b``, then division by ``log_b(i)``; a larger ``b`` is a more patient reader;
* ``"reciprocal"``: division by the rank ``i`` (a steep, Zipf-like reader);
* ``("geometric", p)``: ``p**(i - 1)``, the reader of rank-biased precision who goes on to
  the next rank with probability ``p`` (Moffat and Zobel 2008).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np


def log2_ranks(n: int) -> np.ndarray:
    """Return ``log2(i + 1)`` for ranks ``i = 1..n``.

    Examples
    --------
    >>> log2_ranks(3).tolist()
    [1.0, 1.584962500721156, 2.0]

    """
    return np.log2(np.arange(2, n + 2, dtype=np.float64))


def persistence(n: int, p: float) -> np.ndarray:
    """``p**(i-1)`` for ranks ``i = 1..n``, each the one before times ``p``: the geometric weights.

    ``np.power`` rounds each power once; trec_eval multiplies a running ``cur_p`` by ``p``
    at every rank, which can differ in the last bit. A running product is what RBP's
    reader is, and it makes RBP and its residual agree with trec_eval bit for bit.

    Examples
    --------
    >>> persistence(4, 0.5).tolist()
    [1.0, 0.5, 0.25, 0.125]

    """
    steps = np.full(n, p, dtype=np.float64)
    if n:
        steps[0] = 1.0
    return np.cumprod(steps)


def discounts(n: int) -> np.ndarray:
    """Return the discount ``1 / log2(i + 1)`` for ranks ``i = 1..n``.

    Examples
    --------
    >>> discounts(2).tolist()
    [1.0, 0.6309297535714575]

    """
    return 1.0 / log2_ranks(n)


@dataclass(frozen=True)
class Kind:
    """One kind of discount: its parameter, whether callers may name it, and its rule.

    ``weights(n, param)`` gives the weight of ranks ``1..n``; ``label(param)`` names it in
    tables and figures.
    """

    param: str | None
    offered: bool
    weights: Callable[[int, float | None], np.ndarray]
    label: Callable[[float | None], str]


def _given(param: float | None, kind: str) -> float:
    """Return the parameter a kind takes; the argument checks never build one without it."""
    if param is None:
        example = {"log": 2, "geometric": 0.8}[kind]
        raise ValueError(
            f"the {kind!r} discount takes a parameter, got None; "
            f"e.g. discount=({kind!r}, {example})"
        )
    return param


def _log_b(n: int, b: float | None) -> np.ndarray:
    # log_b(i) < 1 before rank b: Järvelin and Kekäläinen leave those gains whole.
    ranks = np.arange(1, n + 1, dtype=np.float64)
    return 1.0 / np.maximum(1.0, np.log(ranks) / np.log(_given(b, "log")))


#: Every discount kind, the one place they are told apart. ``"uniform"`` (every weight 1)
#: serves the counts behind precision and recall; it is not offered as a DCG discount.
KINDS: dict[str, Kind] = {
    "log2": Kind(None, True, lambda n, _: discounts(n), lambda _: "1/log2(i+1)"),
    "log": Kind("b", True, _log_b, lambda b: f"log_b(i) from rank b, b={b:g}"),
    "reciprocal": Kind(
        None, True, lambda n, _: 1.0 / np.arange(1, n + 1, dtype=np.float64), lambda _: "1/i"
    ),
    "geometric": Kind(
        "p",
        True,
        lambda n, p: persistence(n, _given(p, "geometric")),
        lambda p: f"geometric p={p:g}",
    ),
    "uniform": Kind(None, False, lambda n, _: np.ones(n), lambda _: "none"),
}
#: The kinds a caller can name as ``discount=``.
OFFERED = tuple(name for name, kind in KINDS.items() if kind.offered)


@dataclass(frozen=True)
class Discount:
    """A positional discount: the weight each rank's gain is multiplied by.

    Built from a caller's ``discount=`` argument by the argument checks; callers pass
    ``"log2"``, ``"reciprocal"``, ``("log", b)`` or ``("geometric", p)``.

    Attributes
    ----------
    kind : {"log2", "log", "reciprocal", "geometric", "uniform"}
        A key of :data:`KINDS`.
    param : float or None
        ``b`` for ``"log"``, ``p`` for ``"geometric"``.

    """

    kind: str
    param: float | None = None

    def weights(self, n: int) -> np.ndarray:
        """Return the weight of ranks ``1..n``: the share of a gain that still counts.

        Examples
        --------
        >>> Discount("log", 3.0).weights(4).round(4).tolist()
        [1.0, 1.0, 1.0, 0.7925]
        >>> Discount("geometric", 0.5).weights(3).tolist()
        [1.0, 0.5, 0.25]

        """
        return KINDS[self.kind].weights(n, self.param)

    def apply(self, ranked_gains: np.ndarray) -> np.ndarray:
        """Return the discounted gains of gains in rank order (along the last axis).

        The default divides by ``log2(i + 1)``, as it always has, so its figures stay the
        same to the last bit; the others multiply by :meth:`weights`.

        Examples
        --------
        >>> import numpy as np
        >>> Discount("reciprocal").apply(np.array([3.0, 2.0, 3.0])).tolist()
        [3.0, 1.0, 1.0]

        """
        n = ranked_gains.shape[-1]
        if self.kind == "log2":
            return ranked_gains / log2_ranks(n)
        return ranked_gains * self.weights(n)

    def label(self) -> str:
        """Return a short name for tables and figures, e.g. ``"geometric p=0.8"``.

        Examples
        --------
        >>> Discount("log", 2.0).label(), LOG2.label()
        ('log_b(i) from rank b, b=2', '1/log2(i+1)')

        """
        return KINDS[self.kind].label(self.param)


#: What a caller may pass as ``discount=``: a name, a (name, parameter) pair, or a Discount.
DiscountSpec = str | tuple[str, float] | Discount

#: The default discount, 1 / log2(i + 1).
LOG2 = Discount("log2")
#: No discount: every rank counts fully (precision and recall count with it).
UNIFORM = Discount("uniform")
#: The discount 1 / i (reciprocal rank and ERR's cascade weigh with it).
RECIPROCAL = Discount("reciprocal")
