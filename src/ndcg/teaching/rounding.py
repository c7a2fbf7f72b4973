"""How far a figure worked by hand from the page's rounded figures may land from the exact one.

The book prints the discounts 1/log2(i + 1) to :data:`DISCOUNT_DECIMALS` decimals (0.631,
0.431, ...), and a reader working an exercise by hand multiplies each gain by the printed
discount. Such an answer carries the rounding of every discount it used: the method is right,
the arithmetic only lost digits along the way. :func:`ndcg.teaching.exercises.judge` tells that
reader so rather than give a hint on the method; this module bounds the error, as follows.

- A discount printed to ``d`` decimals is off by at most half a unit of its last place,
  ``h = 0.5 * 10**-d`` (by 0 when it is a ``d``-decimal number exactly: 1, 0.5, 0.25).
- A sum of gains times printed discounts (a DCG) is therefore off by at most
  ``sum(|g_i| * h_i)``; the reader may also round the sum to the ``d`` decimals the page
  prints DCGs with, which adds ``h``, and round each product whose gain is not a whole
  number, ``h`` more per such term.
- A quotient ``N / D`` of two such figures, off by at most ``a`` and ``b`` (``b < D``), is off
  by at most ``(a + |N / D| * b) / (D - b)``: ``N'/D' - N/D = ((N' - N) D - N (D' - D)) /
  (D D')``, whose numerator is at most ``a D + |N| b`` and whose denominator at least
  ``D (D - b)``. NDCG is DCG over IDCG, so its bound is this one.

These are bounds, not estimates: every route through the printed figures lands inside them.
The exercises of chapters 2 to 4 (DCG and NDCG worked by hand) are the ones that use it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["DISCOUNT_DECIMALS", "dcg_error", "half_unit", "ndcg_error", "quotient_error"]

#: The decimals the book prints the log2 discounts with (``{glue:text}`ch02_w2:.3f```).
DISCOUNT_DECIMALS = 3


def half_unit(decimals: int) -> float:
    """Half a unit of the last of ``decimals`` places: the most a rounding to them moves.

    Written as a decimal literal, so that the browser reads the same double.

    Examples
    --------
    >>> half_unit(3)
    0.0005

    """
    return float(f"5e{-decimals - 1}")


def _is_printed_exactly(value: float, decimals: int) -> bool:
    return abs(round(value, decimals) - value) <= 1e-12


def _sum_error(gains: Sequence[float], weights: Sequence[float], decimals: int) -> float:
    h = half_unit(decimals)
    discounts = sum(
        abs(g) * h
        for g, w in zip(gains, weights, strict=True)
        if not _is_printed_exactly(w, decimals)
    )
    products = sum(h for g in gains if not float(g).is_integer())
    return discounts + products + h


def dcg_error(
    relevance: Any, k: int | None = None, gain: str = "linear", decimals: int = DISCOUNT_DECIMALS
) -> float:
    """Bound the error of a DCG@k worked from discounts printed to ``decimals`` decimals.

    Parameters
    ----------
    relevance
        The grades in ranked order, as for :func:`ndcg.dcg` (``None`` for unjudged).
    k
        The cutoff, or ``None`` for the whole list.
    gain
        ``"linear"`` or ``"exponential"``.
    decimals
        The decimals the discounts (and the sum) are written with.

    Returns
    -------
    float
        The most such a DCG can differ from :func:`ndcg.dcg`; see the module's note.

    Examples
    --------
    >>> round(dcg_error([3, 2, 1, 0]), 6)  # 2 * 0.0005 at position 2, 0 at 4, + the sum's
    0.0015

    """
    from ndcg import breakdown

    rows = breakdown(relevance, k=k, gain=gain)
    return _sum_error(rows["gain"].tolist(), rows["discount"].tolist(), decimals)


def quotient_error(numerator: float, a: float, denominator: float, b: float) -> float:
    """Bound ``|N'/D' - N/D|`` when ``|N' - N| <= a`` and ``|D' - D| <= b < D``.

    Raises
    ------
    ValueError
        If ``b`` is not below ``denominator``: the quotient is then unbounded.

    Examples
    --------
    >>> round(quotient_error(1.0, 0.01, 2.0, 0.02), 6)  # (0.01 + 0.5 * 0.02) / 1.98
    0.010101

    """
    if not 0 <= b < denominator:
        raise ValueError(
            f"b must be at least 0 and below the denominator {denominator!r}, got {b!r}; "
            "a quotient whose denominator may reach 0 has no bound"
        )
    return (a + abs(numerator / denominator) * b) / (denominator - b)


def ndcg_error(
    relevance: Any,
    k: int | None = None,
    gain: str = "linear",
    pool: Any = None,
    decimals: int = DISCOUNT_DECIMALS,
) -> float:
    """Bound the error of an NDCG@k worked as DCG / IDCG from printed discounts.

    Parameters are those of :func:`ndcg.ndcg` (``pool``: every judged grade, for the ideal),
    and ``decimals`` as in :func:`dcg_error`.

    Examples
    --------
    >>> 0.0006 < ndcg_error([1, 2, 3, 4, 5], gain="exponential") < 0.001
    True

    """
    import ndcg

    judged = [g for g in (relevance if pool is None else pool) if g is not None]
    ideal = [judged[i] for i in ndcg.ideal_order(judged, gain=gain)]
    top = len(ideal) if k is None else k
    dcg, idcg = ndcg.dcg(relevance, k=k, gain=gain), ndcg.dcg(ideal[:top], k=k, gain=gain)
    a = dcg_error(relevance, k=k, gain=gain, decimals=decimals)
    b = dcg_error(ideal[:top], k=k, gain=gain, decimals=decimals)
    return quotient_error(dcg, a, idcg, b)
