"""The command line's options: ``-m`` measures with their parameters, ``-k`` and ``--gain``.

Taught in chapter 9, "NDCG in the wild" (trec_eval's names and parameters).

Read as trec_eval 10.0 reads them (see :mod:`ndcg.trec.cli`), into one :class:`Column` per
printed column; every refusal is a :class:`UsageError` that names the value as typed and
says how to fix it. The browser's copy of these rules is
``js/trec/options.js``, held to this module by ``tests/js/test_trec_js.py``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ndcg import measures
from ndcg.gains import Gain
from ndcg.trec.nearest import nearest_names, without_stray_commas
from ndcg.trec.rbp import PERSISTENCE
from ndcg.trec.scan import parse_float, parse_int

#: trec_eval pads measure names to this width.
NAME_WIDTH = 22


class UsageError(ValueError):
    """A bad command-line value."""


@dataclass(frozen=True)
class Column:
    """One column of the report: its printed name, cutoff and gain, its record and trec_eval name.

    ``param`` is what the measure's trec_eval parameters were read as (cutoffs, levels,
    numbers): one value shared by the columns of a measure, which its kernel computes at
    once; ``column`` is this one's place among them.
    """

    name: str
    k: int | None
    gain: Gain
    metric: str = "ndcg"
    trec: str = ""
    param: object = None
    column: int = 0

    @property
    def form(self) -> measures.TrecName:
        """trec_eval's way with this measure: its parameters, averaging and printing."""
        return measures.BY_TREC[self.trec][1]


def parse_gain_map(text: str) -> dict[int, float]:
    """Parse trec_eval's per-level gains, e.g. ``"1=3,2=9,4=4.5"``.

    A level is a grade >= 0 written as an integer and given once; a gain is a finite
    number >= 0. trec_eval would skip a pair whose level is not an integer, read ``3x``
    as 3, let the gain order decide between two gains of one level and take a negative
    gain into the DCG but not into the ideal; here each of those is an error.

    Examples
    --------
    >>> parse_gain_map("1=3,2=9,4=4.5")
    {1: 3.0, 2: 9.0, 4: 4.5}
    >>> parse_gain_map("1=3,1=5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ndcg.trec.options.UsageError: gain map '1=3,1=5' gives level 1 twice; give each level once ...

    """
    gains: dict[int, float] = {}
    for item in text.split(","):
        level, sep, value = item.partition("=")
        if not sep or not _INTEGER.fullmatch(level):
            raise UsageError(
                f"gain map {text!r}: each item must be level=gain with an integer level, "
                f"got {item!r}"
            )
        grade = whole_number(level, f"gain map {text!r}", "level")
        if grade < 0:
            raise UsageError(
                f"gain map {text!r}: level {grade} is negative; negative grades give no "
                f"gain (in trec_eval, levels -1 and -2 reach unjudged documents)"
            )
        if grade in gains:
            raise UsageError(
                f"gain map {text!r} gives level {grade} twice; give each level once "
                f"(trec_eval would not say, and would use the smaller gain for the run "
                f"but the first for the ideal)"
            )
        gains[grade] = parse_float(value, f"gain map {text!r}", f"the gain of level {grade}")
        if gains[grade] < 0:
            raise UsageError(
                f"gain map {text!r}: the gain of level {grade} is negative ({value}); "
                f"gains here are >= 0, where trec_eval adds a negative gain to the DCG and "
                f"leaves it out of the ideal"
            )
    return gains


_INTEGER = re.compile(r"[+-]?[0-9]+")
#: Most digits an integer within 64 bits has (2**63 - 1 has 19).
_INT64_DIGITS = 19


def whole_number(text: str, where: str, name: str) -> int:
    """Read an integer as :func:`ndcg.trec.scan.parse_int` does, however many digits it has.

    Python's ``int`` refuses a text of over 4,300 digits with its own message; such a
    number is beyond 64 bits, and is refused as any other beyond them, naming ``where``.

    Examples
    --------
    >>> whole_number("-12", "-l", "the relevance level")
    -12
    >>> whole_number("9" * 5000, "-l", "the relevance level")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ndcg.trec.options.UsageError: -l: the relevance level 999...9 is outside the 64-bit ...

    """
    if _INTEGER.fullmatch(text) and len(text.lstrip("+-").lstrip("0")) > _INT64_DIGITS:
        saturated = -(2**63) if text.startswith("-") else 2**63 - 1
        raise UsageError(
            f"{where}: {name} {text} is outside the 64-bit integer range [-2**63, 2**63 - 1] "
            f"(trec_eval would silently read it as {saturated})"
        )
    return parse_int(text, where, name)


_CUTOFF = re.compile(r"\+?([0-9]+)(\.[0-9]*)?")
#: Blanks inside one ``-m`` value: ASCII's, as the same class in options.js reads them.
_BLANK = re.compile(r"[ \t\n\r\f\v]+")


def _gain_option(text: str) -> Gain:
    if text in ("linear", "exponential"):
        return text
    return parse_gain_map(text)


#: The measures this command computes, by trec_eval name, in the order trec_eval prints them.
MEASURES = {name: measures.BY_TREC[name] for name in measures.ALL_TREC if name in measures.BY_TREC}
#: trec_eval's names for sets of measures.
NICKNAMES = {"all_trec": measures.ALL_TREC, "official": measures.OFFICIAL}
#: trec_eval's measures not computed here yet: left out of a set, refused by name.
MISSING = tuple(name for name in measures.ALL_TREC if name not in MEASURES)
#: trec_eval's persistence for ``rbp`` and ``rbp_resid``.
RBP_P = PERSISTENCE


#: Every name ``-m`` takes: the measures and trec_eval's sets, for the nearest to a typo.
NAMES = (*MEASURES, *NICKNAMES)
#: The library's names of measures (``ndcg.evaluate``'s and the kernels'), with trec_eval's
#: for each (none for ERR): ``-m precision`` is told of ``P``, ``-m err`` that trec_eval lacks it.
LIBRARY = {
    m.name: [form.name for form in m.trec]
    for m in measures.REGISTRY
    if m.name not in MEASURES and (m.evaluate or m.trec)
}
#: How the page and the README point to every measure's name.
WHERE_LISTED = "-m all_trec prints every measure; the README's table lists them"


def _unknown(spec: str, head: str) -> str:
    """Say that ``head`` names no measure, and what was probably meant."""
    name, at, k = spec.partition("@")
    if at and k:  # ndcg@10, P@5: the papers' way of writing a cutoff
        cut = f"{name}_cut" if f"{name}_cut" in MEASURES else name
        if cut in MEASURES and MEASURES[cut][1].params == "cutoffs":
            return f"a cutoff is written after a '.': {cut}.{k}"
    nearest = nearest_names(head, NAMES)
    said = f"no measure is called {head!r}"
    if head in MISSING:
        said = f"{head} is trec_eval's, not computed here yet"
        nearest = [n for n in nearest if n != head]
    elif head.lower() in LIBRARY:  # err, precision: the library's names, not trec_eval's
        trec = LIBRARY[head.lower()]
        said = (f"{head} is the library's name for trec_eval's {', '.join(trec)}" if trec else
                f"{head} is the library's (ndcg.evaluate), not trec_eval's, whose measures "
                f"this report prints")  # fmt: skip
    if nearest:
        said += f"; the nearest names are {', '.join(nearest)}"
    return f"{said} ({WHERE_LISTED})"


def parse_measures(
    specs: Sequence[str], gain: Gain, labels: Sequence[str] | None = None
) -> tuple[list[Column], list[str]]:
    """Turn the ``-m`` values into measures, as trec_eval does; also return notes.

    Each measure name is printed once, with the parameters of the first value that gives
    any; a later value with other parameters is an error (trec_eval would ignore it).
    ``all_trec`` and ``official`` name trec_eval's sets. The notes say where a value was
    read as trec_eval reads it but not as typed, and which measures of a set are not
    computed here. ``labels`` names each value in the messages as it was typed (default
    ``-m 'VALUE'``); every message names the value and says how to write it.
    """
    params: dict[str, str | None] = {}
    given_by: dict[str, str] = {}  # the label of the value that gave a measure's parameters
    notes: list[str] = []
    for n, spec in enumerate(specs):
        label = f"-m {spec!r}" if labels is None else labels[n]
        head, dot, given = spec.partition(".")
        if _BLANK.search(spec):  # -m 'ndcg_cut.10 map': the page's field typed on the CLI
            parts = [
                without_stray_commas(part, NAMES) or part for part in _BLANK.split(spec) if part
            ]
            each = [measure for part in parts for measure in part.split(" ")]
            raise UsageError(f"{label}: give each measure its own -m: -m {' -m '.join(each)}")
        meant = without_stray_commas(spec, NAMES)
        if meant is not None:
            raise UsageError(
                f"{label}: a stray comma; write {meant} (separate measures with spaces, not "
                f"commas; on the command line, give each its own -m)"
            )
        if head in NICKNAMES and dot:
            raise UsageError(f"{label}: {head} is a set of measures and takes no parameters; "
                             f"write {head}")  # fmt: skip
        if head in NICKNAMES:
            left = [name for name in NICKNAMES[head] if name in MISSING]
            if left:
                notes.append(f"-m {head}: not computed here yet, left out: {', '.join(left)}")
            for name in NICKNAMES[head]:
                if name in MEASURES:
                    params.setdefault(name, None)
            continue
        if head not in MEASURES:
            raise UsageError(f"{label}: {_unknown(spec, head)}")
        if dot and not given:
            raise UsageError(f"{label}: nothing after the '.'; give parameters or write {head}")
        if dot and MEASURES[head][1].params == "none":
            cut = f"{head}_cut"
            raise UsageError(
                f"{label}: {head} takes no parameters here"
                + (f" (its persistence is trec_eval's {RBP_P})" if head.startswith("rbp") else "")
                + f"; write {head}"
                + (f", or {cut}.{given} for a cutoff" if cut in MEASURES else "")
            )
        first = params.get(head)
        if first is not None and dot and sorted(given.split(",")) != sorted(first.split(",")):
            merged = ",".join(dict.fromkeys(first.split(",") + given.split(",")))
            one = f"{head}.{merged}" if MEASURES[head][1].params in ("cutoffs", "levels") else ""
            raise UsageError(
                f"{label}: {head} has its parameters from {given_by[head]} already; give one "
                f"list{f', e.g. {one}' if one else ''} (trec_eval would silently use the first)"
            )
        if first is None and dot:
            given_by[head] = label
        params[head] = first if first is not None else (given if dot else None)
    columns: list[Column] = []
    for head in (m for m in MEASURES if m in params):
        columns += _columns(head, params[head], gain, notes, given_by.get(head, f"-m {head}"))
    return columns, notes


def _columns(
    head: str, given: str | None, gain: Gain, notes: list[str], label: str
) -> list[Column]:
    """Return the printed columns of one measure, named as trec_eval names them.

    ``label`` names the ``-m`` value that gave the parameters, in messages and notes.
    """
    record, form = MEASURES[head]
    if form.params == "gains":
        if given is None:
            return [Column(head, None, gain, record.name, head)]
        try:
            levels = parse_gain_map(given)
        except ValueError as error:
            cut = f"{head}_cut"  # ndcg.10: NDCG at 10 was meant
            hint = (f"; for a cutoff, write {cut}.{given}"
                    if cut in MEASURES and re.fullmatch(r"[0-9,]+", given) else "")  # fmt: skip
            raise UsageError(f"{label}: {error}{hint}") from None
        return [Column(f"{head}_{given}", None, levels, record.name, head, levels)]
    text = form.defaults if given is None else given
    if text is None:  # a measure without parameters, none given
        return [Column(head, None, gain, record.name, head)]
    if form.params == "cutoffs":
        cutoffs = _cutoffs(text, notes, head, label)
        return [
            Column(f"{head}_{k}", k if form.cut else None, gain, record.name, head, cutoffs, j)
            for j, k in enumerate(cutoffs)
        ]
    if form.params == "levels":
        points = _levels(text, label, head)
        return [
            Column(f"{head}_{x:3.2f}", None, gain, record.name, head, points, j)
            for j, x in enumerate(points)
        ]
    if form.params == "numbers":
        values = _numbers(text, label)
        if form.count is not None and len(values) != form.count:
            raise UsageError(
                f"{label}: {head} takes {form.count} numbers, got {len(values)}; write "
                f"{form.count} separated by commas, e.g. {head}.{form.defaults} (its default)"
            )
        return [Column(head if given is None else f"{head}_{given}", None, gain, record.name,
                        head, values)]  # fmt: skip
    if form.params == "number":
        numbers = _numbers(text, label)
        if len(numbers) != 1:
            raise UsageError(f"{label}: {head} takes one number, got {len(numbers)}; write "
                             f"e.g. {head}.{text.split(',')[0]}")  # fmt: skip
        if form.minimum is not None and numbers[0] < form.minimum:
            raise UsageError(f"{label}: {head} takes a number of {form.minimum:g} or more, got "
                             f"{text}; write e.g. {head}.{form.defaults}")  # fmt: skip
        if form.whole and not numbers[0].is_integer():
            whole = int(numbers[0])
            raise UsageError(f"{label}: {head} takes a whole number, got {text}; write "
                             f"{head}.{whole} (trec_eval would cut it to {whole})")  # fmt: skip
        value = int(numbers[0]) if numbers[0].is_integer() else numbers[0]  # relstring.20
        return [Column(head if given is None else f"{head}_{given}", None, gain, record.name,
                        head, value)]  # fmt: skip
    return [Column(head, None, gain, record.name, head)]


#: How many characters of a level's ``%3.2f`` trec_eval keeps in the printed name.
_LEVEL_WIDTH = 8


def _levels(text: str, label: str, head: str) -> tuple[float, ...]:
    """trec_eval's list of numbers read as cutoffs (``0.2,0.4``): sorted, each once.

    A level is printed in the measure's name as ``%3.2f``, of which trec_eval keeps 8
    characters: a longer one (100000 or more, -10000 or less) would print a wrong name.
    """
    levels = sorted(_numbers(text, label))
    for x in levels:
        shown = f"{x:3.2f}"
        if len(shown) > _LEVEL_WIDTH:
            raise UsageError(
                f"{label}: {x} is too long for the measure's name, where trec_eval keeps "
                f"{_LEVEL_WIDTH} characters of it (it would print {head}_{shown[:_LEVEL_WIDTH]});"
                f" give numbers from -9999.99 to 99999.99"
            )
    repeated = sorted({x for x in levels if levels.count(x) > 1})
    if repeated:
        raise UsageError(
            f"{label}: {repeated[0]} is given twice (trec_eval refuses it too); give each once"
        )
    return tuple(levels)


def _numbers(text: str, label: str) -> tuple[float, ...]:
    return tuple(parse_float(item, label, f"the parameter {item!r}") for item in text.split(","))


def _cutoffs(text: str, notes: list[str], head: str, label: str) -> tuple[int, ...]:
    """trec_eval's cutoff list: integers (a fraction cut off), > 0, sorted, each once."""
    cutoffs = []
    for item in text.split(","):
        match = _CUTOFF.fullmatch(item)
        if not match or not match.group(1).strip("0"):
            raise UsageError(
                f"{label}: the cutoff {item!r} is not a whole number of 1 or more; write "
                f"whole numbers separated by commas, e.g. {head}.5,10"
            )
        # Beyond 64 bits trec_eval saturates (prints ndcg_cut_9223372036854775807): refused,
        # by the same rule as -l and the relevance column.
        whole = whole_number(match.group(1), label, "the cutoff")
        if match.group(2):
            notes.append(f"{label}: cutoff {item!r} read as {whole}, as trec_eval reads it")
        cutoffs.append(whole)
    repeated = sorted({k for k in cutoffs if cutoffs.count(k) > 1})
    if repeated:
        once = ",".join(str(k) for k in sorted(set(cutoffs)))
        raise UsageError(
            f"{label}: cutoff {repeated[0]} is given twice (trec_eval refuses it too); give "
            f"each once: {head}.{once}"
        )
    return tuple(sorted(cutoffs))


def measure_specs(m: Sequence[str], k: Sequence[str]) -> tuple[list[str], list[str]]:
    """Return the ``-m`` values and ``-k``'s as one ``ndcg_cut`` value, each with its label.

    ``-k 5 -k 10`` is ``-m ndcg_cut.5,10``, labelled ``-k '5' -k '10'`` in messages.

    Examples
    --------
    >>> measure_specs(["map"], ["5", "10"])
    (['map', 'ndcg_cut.5,10'], ["-m 'map'", "-k '5' -k '10'"])

    """
    for value in k:
        if not value:
            raise UsageError("-k '': give a cutoff or a list of them, e.g. -k 10 or -k 5,10")
        if _BLANK.search(value):
            cuts = ",".join(part for part in _BLANK.split(value) if part)
            raise UsageError(f"-k {value!r}: separate cutoffs with commas: -k {cuts}")
        kept = [item for item in value.split(",") if item]
        if len(kept) < value.count(",") + 1:  # -k 5, : an empty cutoff
            write = f"write -k {','.join(kept)}" if kept else "give a cutoff, e.g. -k 10"
            raise UsageError(f"-k {value!r}: a stray comma; {write}")
    specs = list(m)
    labels = [f"-m {spec!r}" for spec in specs]
    if k:
        specs.append("ndcg_cut." + ",".join(k))
        labels.append(" ".join(f"-k {value!r}" for value in k))
    return specs, labels


def check_gains(columns: Sequence[Column], gain_text: str) -> None:
    """Refuse ``--gain`` beside a measure given its own gains (``-m ndcg.1=3``).

    ``--gain`` applies to every graded measure (``ndcg``, ``ndcg_cut``, ``G``,
    ``ndcg_rel``, ``Rndcg``, ``rbp``); a measure with its own per-level gains would have
    two, and one would be dropped without a word.
    """
    if gain_text == "linear":
        return
    for m in columns:
        if m.form.params == "gains" and m.param is not None:
            spec = f"{m.trec}.{m.name[len(m.trec) + 1 :]}"
            raise UsageError(
                f"--gain {gain_text} and -m {spec}: two sets of gains for {m.trec}; give them "
                f"once: --gain {gain_text} alone (it applies to every graded measure), or "
                f"-m {spec} without --gain"
            )


def refuse_unsupported(max_docs: str | None, n_docs: str | None, no_summary: bool) -> None:
    """Refuse trec_eval's ``-M``, ``-N`` and ``-n``, each with what to do instead.

    trec_eval takes them; here each would need a rule of its own that no test holds to
    trec_eval yet, so each is refused by name rather than read as something else (the
    README's list of differences).
    """
    if max_docs is not None:
        raise UsageError(
            f"-M {max_docs}: trec_eval's limit on the documents read per query is not "
            f"supported here; keep each query's top {max_docs} documents (by score) in the "
            f"run file instead, or leave -M out (trec_eval's default reads them all)"
        )
    if n_docs is not None:
        raise UsageError(
            f"-N {n_docs}: trec_eval's number of documents in the collection (read only by "
            f"utility's fourth coefficient, non-relevant documents not retrieved) is not "
            f"supported here; leave -N out, as with trec_eval's default of 0, and a fourth "
            f"coefficient of 0 (utility.1,-1,0,0)"
        )
    if no_summary:
        raise UsageError(
            "-n: trec_eval's report without its 'all' lines is not supported here; print "
            "every query with -q and drop the 'all' lines, e.g. python -m ndcg QRELS RUN -q "
            "| grep -vP '\\tall\\t'"
        )
