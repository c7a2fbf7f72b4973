"""The gain of a judged grade as a Spark column, by the rules of :mod:`ndcg.gains`."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F

from ndcg.gains import Gain, gain_values

NAME = "qrels['relevance']"


def gain_column(grade: Column, gain: Gain, levels: Callable[[], list[float]]) -> Column:
    """Gain of each judged grade; negative grades give 0, as in trec_eval.

    Parameters
    ----------
    grade : pyspark.sql.Column
        The grade as a double (finite: checked before).
    gain : {"linear", "exponential"}, mapping or callable
        The gain rule, checked already at :func:`ndcg.spark.evaluate`'s door (see
        :func:`ndcg.gains.gain_values`).
    levels : callable
        Returns the distinct grades >= 0; called (one small Spark job) only for a mapping
        or a callable gain, which are applied per grade level, as the pandas path does.

    Returns
    -------
    pyspark.sql.Column
        A double column.

    """
    if isinstance(gain, str):
        value = grade if gain == "linear" else F.pow(F.lit(2.0), grade) - F.lit(1.0)
        if gain == "exponential":
            overflow = F.format_string(
                f"gain='exponential' overflows for a grade of %s in {NAME} (2**grade - 1 "
                "exceeds float64 from grade 1024 on); use gain='linear' or a mapping",
                _printed(grade),
            )
            value = F.when(value == float("inf"), F.raise_error(overflow)).otherwise(value)
    else:
        found = levels()
        gains = gain_values(np.asarray(found, dtype=np.float64), gain, NAME)
        if not found:
            return F.lit(0.0)
        pairs = [
            F.lit(x) for level, g in zip(found, gains.tolist(), strict=True) for x in (level, g)
        ]
        value = F.element_at(F.create_map(*pairs), grade)
    return F.when(grade < 0, F.lit(0.0)).otherwise(value)


def scaled(gain: Column, peak: Column) -> Column:
    """Multiply ``gain`` by the power of two that brings ``peak`` into [0.5, 1).

    :func:`ndcg.evaluate` scales a query's gains so when their sums could overflow float64
    (or its gains are tiny), and NDCG is a ratio of sums of gains: a power of two moves
    only exponents, so the ratio is unchanged, bit for bit, wherever nothing overflows or
    turns subnormal. Every query is scaled here, which spares Spark the test. The exponent
    comes from ``log2``, corrected by one where rounding put it off, and is applied in two
    halves: a single power of two could not reach a subnormal peak's (2**1074).

    Parameters
    ----------
    gain : pyspark.sql.Column
        Gains (>= 0, finite).
    peak : pyspark.sql.Column
        The query's largest gain; null or 0 leave ``gain`` as it is.

    Returns
    -------
    pyspark.sql.Column
        A double column.

    """
    guess = -(F.floor(F.log2(peak)) + 1)
    off = _ldexp(peak, guess)
    exponent = F.when(off >= 1, guess - 1).when(off < 0.5, guess + 1).otherwise(guess)
    return F.when(peak > 0, _ldexp(gain, exponent)).otherwise(gain)


def _ldexp(value: Column, exponent: Column) -> Column:
    """``value * 2**exponent``, exact (each half of the exponent is within float64)."""
    half = F.floor(exponent / 2)
    two = F.lit(2.0)
    return value * F.pow(two, half) * F.pow(two, exponent - half)


def distinct_levels(qrels: DataFrame) -> list[float]:
    """Return the distinct finite grades >= 0 of ``qrels`` (a small job)."""
    grade = F.col("relevance").cast("double")
    usable = (grade >= 0) & ~F.isnan(grade) & (grade < float("inf"))
    rows = qrels.select(grade.alias("g")).where(usable).distinct().orderBy("g").collect()
    return [row["g"] for row in rows]


def _printed(value: Column) -> Column:
    """Print a number as ``format(x, "g")`` does when whole: 1024, not 1024.0."""
    whole = value == F.floor(value)
    return F.when(whole, value.cast("long").cast("string")).otherwise(value.cast("string"))
