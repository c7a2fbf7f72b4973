"""What a RankingWidget shows: its readouts and chart series, checked and defaulted.

A chapter shows only the measures it has taught, so both are chosen per widget. The chart
follows the readouts unless told otherwise: a widget that reads out CG alone charts grades
and their running sum, one that reads out DCG charts gains, discounts and the running DCG,
and one that reads out IDCG or NDCG adds the ideal's running DCG. The other members of
NDCG's family (chapters 10 to 12: P@k, R@k, AP, RR, ERR, RBP) and binary NDCG (chapter 14:
NDCG with every relevant grade counted 1, as a library given no grades computes it) chart
the grades alone unless DCG's kin are on screen too.
"""

from __future__ import annotations

from collections.abc import Iterable

from ndcg.gains import GAIN_NAMES
from ndcg.measures import READOUTS

# Names as the view knows them (js/arith.js: GAINS; js/words.js: READOUTS; js/chart.js:
# BANDS); the order of the readouts and series is the screen order. A readout is a record of
# ndcg.measures (readout=True), which also names the library function that computes it for
# RankingWidget._figure; its figure in the browser is figures() in js/arith.js and its words
# READOUTS in js/words.js. tests/library/test_measures.py holds words.js's READOUTS equal to the
# registry, and tests/browser/test_arith_parity.py holds the two figures together.
GAINS = GAIN_NAMES
#: The readouts shown when a widget names none: the four of chapters 2 to 4.
DCG_READOUTS = READOUTS[:4]
#: The readouts that depend on the gain (and so come with a gain selector).
GAINED = ("dcg", "idcg", "ndcg")
SERIES = (
    "grade",
    "gain",
    "discounted_gain",
    "discount",
    "cumulative_cg",
    "cumulative_dcg",
    "ideal_cumulative_dcg",
)
# A series drawn over another one's band needs that one on the chart.
_OVER = {"ideal_cumulative_dcg": "cumulative_dcg"}


def _names(value: object, name: str, allowed: tuple[str, ...]) -> list[str]:
    if isinstance(value, str):
        value = [value]  # readouts="cg" means the one readout
    if not isinstance(value, Iterable):
        raise TypeError(f"{name} must be a list of names from {list(allowed)}, got {value!r}")
    names = list(value)
    for entry in names:
        if entry not in allowed:
            raise ValueError(f"{name}: {entry!r} is not one of {list(allowed)}")
    if not names:
        raise ValueError(f"{name} must name at least one of {list(allowed)}, got []")
    repeated = sorted({entry for entry in names if names.count(entry) > 1})
    if repeated:
        raise ValueError(f"{name}: {repeated} appear more than once; name each once")
    return names


def check_readouts(value: object) -> list[str]:
    """Return the readouts as a list, in screen order; ``None`` means CG, DCG, IDCG and NDCG.

    Raises
    ------
    TypeError, ValueError
        If ``value`` is not a non-empty list of distinct names from ``READOUTS``.

    """
    if value is None:
        return list(DCG_READOUTS)
    names = _names(value, "readouts", READOUTS)
    return [entry for entry in READOUTS if entry in names]


def check_series(value: object, readouts: list[str]) -> list[str]:
    """Return the chart series; ``None`` means those that go with ``readouts``.

    Raises
    ------
    TypeError, ValueError
        If a name is unknown or repeated, or an overlay comes without its band.

    """
    if value is None:
        return default_series(readouts)
    names = _names(value, "series", SERIES)
    for over, under in _OVER.items():
        if over in names and under not in names:
            raise ValueError(f"series: {over!r} is drawn over {under!r}; add {under!r} too")
    return [entry for entry in SERIES if entry in names]


def default_series(readouts: list[str]) -> list[str]:
    """Return the chart series that go with a set of readouts (see the module docstring)."""
    if readouts == ["cg"]:
        return ["grade", "cumulative_cg"]
    if not set(readouts) & set(GAINED):
        return ["grade", "cumulative_cg"] if "cg" in readouts else ["grade"]
    series = ["gain", "discounted_gain", "discount", "cumulative_dcg"]
    if "idcg" in readouts or "ndcg" in readouts:
        series.append("ideal_cumulative_dcg")
    return series
