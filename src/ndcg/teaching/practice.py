"""Endless practice: problem ``n`` of a series, drawn the same in Python and in the page.

Each skill a chapter teaches (CG, DCG, the ideal, NDCG with either gain, the pool and the
padded ideal, the tie rules, the mean over queries, ERR, precision, recall, AP, RR) has a
generator: :func:`problem` draws a ranked list and what goes with it (a pool, a cutoff, a
threshold, scores) from ``numpy.random.default_rng([series, skill id, n])``, asks one
question, and carries its answer (computed by the library), the traps a wrong answer
usually falls into with a hint naming each mistake, and the worked solution step by step.

The page's practice boxes draw the same problems (``js/practice/draw.js``, with the
port of numpy's generator in ``js/random.js`` and the browser's arithmetic ``js/arith.js``);
``tests/book/test_practice.py`` holds every skill's answers to the library and the two
generators to each other. The worked solution computes each figure by hand, as the chapter
does, so the tests also check the chapter's method against the library::

    from ndcg.teaching import practice
    p = practice.problem("dcg", series=7, n=0)
    print(p.text())          # the question and what it gives
    practice.check(p, "4.2")  # the verdict of the page's box
    print(chr(10).join(p.steps))
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

import ndcg
from ndcg.teaching import exercises

if TYPE_CHECKING:
    from ndcg.widgets import PracticeBox, ProgressView

__all__ = [
    "SKILLS",
    "Problem",
    "Skill",
    "box",
    "check",
    "problem",
    "problems",
    "progress_view",
    "show",
    "skills_of",
]

#: The largest series number: the generator's entropy is 32-bit words.
MAX_SERIES = 2**32 - 1


@dataclass(frozen=True)
class Skill:
    """One skill to practise: its key, the chapter that teaches it, its title, its stream."""

    key: str
    chapter: int
    title: str
    ident: int
    hint: str


#: Every skill, in the book's order. ``ident`` keys the random stream: never renumber.
SKILLS: dict[str, Skill] = {
    s.key: s
    for s in (
        Skill("cg", 2, "CG@k", 1, "CG@k adds the grades at positions 1 to k, nothing else."),
        Skill("dcg", 3, "DCG@k", 2, "Divide the grade at position i by log2(i + 1), then add."),
        Skill(
            "idcg", 4, "Ideal DCG@k", 3, "Sort every judged grade best first, then take its DCG@k."
        ),
        Skill("ndcg_linear", 4, "NDCG@k, linear gain", 4, "NDCG@k is DCG@k over ideal DCG@k."),
        Skill(
            "ndcg_exponential",
            4,
            "NDCG@k, exponential gain",
            5,
            "The gain of grade r is 2^r - 1, in the list and in its ideal.",
        ),
        Skill(
            "ndcg_pool",
            4,
            "NDCG@k with judged documents not retrieved",
            6,
            "The ideal sorts every judged grade, retrieved or not.",
        ),
        Skill(
            "ties",
            5,
            "Tied scores",
            7,
            "Order by score; inside a tie, the rule decides the grades' order or averages them.",
        ),
        Skill(
            "padded",
            6,
            "The padded ideal",
            8,
            "Fill the ideal up to k with documents of the list's highest grade.",
        ),
        Skill(
            "mean",
            7,
            "Mean NDCG over queries",
            9,
            "Score each query on its own, then average the scores.",
        ),
        Skill(
            "err",
            10,
            "ERR",
            10,
            "At rank i the reader stops with chance R_i times the chance of getting there.",
        ),
        Skill("precision", 11, "Precision@k", 11, "P@k: relevant documents in the top k, over k."),
        Skill(
            "recall",
            11,
            "Recall@k",
            12,
            "R@k: relevant documents in the top k, over every relevant judged document.",
        ),
        Skill(
            "ap",
            11,
            "Average precision",
            13,
            "Add precision at each relevant rank; divide by every relevant judged document.",
        ),
        Skill("rr", 11, "Reciprocal rank", 14, "RR is 1 over the rank of the first relevant one."),
    )
}

TIE_RULES = ("average", "pessimistic", "optimistic")
_TIE_WORDS = {
    "average": "averaged (each position of a tie gets the tie's mean gain)",
    "pessimistic": "pessimistically (the lowest grade of a tie first)",
    "optimistic": "optimistically (the highest grade of a tie first)",
    "stable": "in input order",
}
#: ERR's top grade: the practice lists are graded 0 to 3.
MAX_GRADE = 3


@dataclass(frozen=True)
class Problem:
    """One practice problem, its answer, the traps and the worked solution.

    Attributes
    ----------
    skill, series, n
        Which problem this is: the same three give the same problem in the page.
    question
        The one question asked.
    given
        What the question gives, as ``(label, text)`` lines.
    answer
        The right answer, computed by the library.
    decimals
        The decimals a right answer needs (0: a whole number).
    hint
        The skill's hint, shown after any wrong answer.
    exact
        The exact value a right answer is shown (:func:`ndcg.teaching.exercises.exact_text`).
    traps
        ``(value, hint)``: a wrong answer that a known mistake gives, and its name.
    steps
        The worked solution, one line a step, every figure computed.

    """

    skill: str
    series: int
    n: int
    question: str
    given: list[tuple[str, str]]
    answer: float
    decimals: int
    hint: str
    exact: str = ""
    traps: list[tuple[float, str]] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)

    def text(self) -> str:
        """Return the question and what it gives, as a worksheet prints them."""
        lines = [self.question + "?"] + [f"  {label}: {text}" for label, text in self.given]
        return "\n".join(lines)

    def as_json(self) -> dict:
        """Return the problem as plain JSON values, keyed as the page's problems are."""
        return {
            "skill": self.skill,
            "series": self.series,
            "n": self.n,
            "question": self.question,
            "given": [list(line) for line in self.given],
            "answer": self.answer,
            "decimals": self.decimals,
            "hint": self.hint,
            "exact": self.exact,
            "traps": [list(trap) for trap in self.traps],
            "steps": list(self.steps),
        }


class _Draw:
    """The problem's draws: ``Generator.integers`` with a size, as the page's port draws."""

    def __init__(self, series: int, ident: int, n: int) -> None:
        self.rng = np.random.default_rng([series, ident, n])

    def many(self, low: int, high: int, size: int) -> list[int]:
        return [int(x) for x in self.rng.integers(low, high, size)]

    def one(self, low: int, high: int) -> int:
        return self.many(low, high, 1)[0]

    def grades(self, m: int) -> list[int]:
        """``m`` grades 0 to 3, one of them (drawn) at least 1, so the ideal is never 0."""
        grades = self.many(0, MAX_GRADE + 1, m)
        at = self.one(0, m)
        grades[at] = max(grades[at], 1)
        return grades


# ---- The worked solution's arithmetic, by hand, as the chapters teach it


def _f(x: float) -> str:
    return f"{x:.3f}"


def _list(values: Sequence[float]) -> str:
    return ", ".join(str(v) for v in values)


def _gain(grade: float, gain: str) -> float:
    return 2**grade - 1 if gain == "exponential" else grade


def _dcg_steps(grades: Sequence[float], k: int, gain: str, name: str) -> tuple[float, list[str]]:
    """DCG@k position by position: each gain over log2(i + 1), then the sum."""
    steps, parts, total = [], [], 0.0
    for i, grade in enumerate(grades[:k], start=1):
        g = _gain(grade, gain)
        d = g / math.log2(i + 1)
        total += d
        parts.append(_f(d))
        shown = f"2^{grade} - 1 = {g}" if gain == "exponential" else f"{g}"
        steps.append(f"{name}, position {i}: gain {shown}, / log2({i + 1}) = {_f(d)}")
    steps.append(f"{name} = {' + '.join(parts)} = {_f(total)}")
    return total, steps


def _ideal(grades: Sequence[float], k: int) -> list[float]:
    return sorted(grades, reverse=True)[:k]


def _ndcg_steps(
    grades: Sequence[float], pool: Sequence[float], k: int, gain: str
) -> tuple[float, list[str]]:
    """NDCG@k: the list's DCG@k, the ideal's, their ratio."""
    dcg, steps = _dcg_steps(grades, k, gain, f"DCG@{k}")
    ideal = _ideal(pool, k)
    steps.append(f"Ideal order of the judged grades, top {k}: {_list(ideal)}")
    best, ideal_steps = _dcg_steps(ideal, k, gain, f"IDCG@{k}")
    steps += ideal_steps
    value = dcg / best
    steps.append(f"NDCG@{k} = {_f(dcg)} / {_f(best)} = {_f(value)}")
    return value, steps


# ---- The skills: each returns the problem's fields from its draws


def _trap_list(
    answer: float, decimals: int, traps: Sequence[tuple[float, str]]
) -> list[tuple[float, str]]:
    """Keep the traps a reader can tell apart from the answer and from the traps before.

    A trap less than two units of the last decimal from the answer can read, typed to
    ``decimals`` decimals, as the answer rounded or cut short, which the answer rule calls
    right or close: it is left out, as is a trap less than one unit from an earlier one
    (whose hint it would get).
    """
    apart = float(f"1e-{decimals}") * (1 - 1e-9)
    kept: list[tuple[float, str]] = []
    for value, text in traps:
        if abs(value - answer) >= 2 * apart and all(abs(value - v) >= apart for v, _ in kept):
            kept.append((float(value), text))
    return kept


_WRONG_GAIN = {
    "linear": "That uses gain 2^grade - 1; here the gain is the grade itself.",
    "exponential": "That uses the grade as the gain; here the gain is 2^grade - 1.",
}
_CUT = "The cutoff was forgotten: stop at position k."
_RETRIEVED_IDEAL = (
    "Your ideal only knows the retrieved list: the judged documents it missed belong in it too."
)


def _cg(d: _Draw) -> dict:
    m = d.one(4, 8)
    g = d.grades(m)
    k = d.one(2, m)
    lib = ndcg
    total = sum(g[:k])
    return {
        "question": f"CG@{k} of this ranked list",
        "given": [("Grades, top to bottom", _list(g)), ("Cutoff", f"k = {k}")],
        "answer": lib.cg(g, k=k),
        "decimals": 0,
        "worked": total,
        "traps": lambda: [
            (lib.cg(g), "That adds every grade: CG@k stops at position k."),
            (sum(_ideal(g, k)), "That is CG@k of the best order; take the list as ranked."),
        ],
        "steps": [
            f"Positions 1 to {k} hold {_list(g[:k])}",
            f"CG@{k} = {' + '.join(str(x) for x in g[:k])} = {total}",
        ],
    }


def _dcg(d: _Draw) -> dict:
    m = d.one(4, 7)
    g = d.grades(m)
    k = d.one(3, m + 1)
    lib = ndcg
    total, steps = _dcg_steps(g, k, "linear", f"DCG@{k}")
    return {
        "question": f"DCG@{k} of this ranked list, linear gain (the gain is the grade)",
        "given": [("Grades, top to bottom", _list(g)), ("Cutoff", f"k = {k}")],
        "answer": lib.dcg(g, k=k),
        "decimals": 3,
        "worked": total,
        "traps": lambda: [
            (lib.cg(g, k=k), "That is CG@k: divide each gain by log2(position + 1)."),
            (
                lib.dcg(g, k=k, discount="reciprocal"),
                "That divides each gain by its position; DCG divides by log2(position + 1).",
            ),
            (lib.dcg(g), _CUT),
            (lib.dcg(g, k=k, gain="exponential"), _WRONG_GAIN["linear"]),
        ],
        "steps": steps,
    }


def _pool(d: _Draw, m: int) -> tuple[list[int], list[int], int]:
    g = d.grades(m)
    extra = d.many(1, MAX_GRADE + 1, d.one(1, 3))
    k = d.one(3, m + 1)
    return g, extra, k


def _idcg(d: _Draw) -> dict:
    g, extra, k = _pool(d, d.one(4, 7))
    lib = ndcg
    pool = g + extra
    ideal = _ideal(pool, k)
    total, steps = _dcg_steps(ideal, k, "linear", f"IDCG@{k}")
    return {
        "question": f"Ideal DCG@{k} of this query, linear gain",
        "given": [
            ("Grades of the ranked list", _list(g)),
            ("Judged, not retrieved", _list(extra)),
            ("Cutoff", f"k = {k}"),
        ],
        "answer": lib.idcg(g, k=k, pool=pool),
        "decimals": 3,
        "worked": total,
        "traps": lambda: [
            (lib.idcg(g, k=k), _RETRIEVED_IDEAL),
            (
                lib.dcg(g, k=k),
                "That is the DCG of the list as ranked; the ideal sorts every judged grade.",
            ),
            (lib.idcg(g, pool=pool), "The ideal is cut at k too."),
        ],
        "steps": [f"Every judged grade, best first, top {k}: {_list(ideal)}", *steps],
    }


def _ndcg_common(g: list[int], k: int, gain: str, pool: list[int]) -> list[tuple[float, str]]:
    lib = ndcg
    other = "linear" if gain == "exponential" else "exponential"
    return [
        (lib.ndcg(g, k=k, gain=other, pool=pool), _WRONG_GAIN[gain]),
        (lib.dcg(g, k=k, gain=gain), "That is DCG@k alone: divide it by the ideal DCG@k."),
        (
            lib.dcg(g, k=k, gain=gain) / lib.idcg(g, gain=gain, pool=pool),
            "The ideal is cut at k too: divide by the ideal DCG@k, not the whole ideal's DCG.",
        ),
        (lib.ndcg(g, gain=gain, pool=pool), _CUT),
    ]


def _ndcg_gain(gain: str) -> Callable[[_Draw], dict]:
    def draw(d: _Draw) -> dict:
        m = d.one(4, 7)
        g = d.grades(m)
        k = d.one(3, m + 1)
        value, steps = _ndcg_steps(g, g, k, gain)
        words = "2^grade - 1" if gain == "exponential" else "the grade"
        return {
            "question": f"NDCG@{k} of this ranked list, {gain} gain (the gain is {words})",
            "given": [
                ("Grades, top to bottom", _list(g)),
                ("Cutoff", f"k = {k}"),
                ("Judged documents", "only those in the list"),
            ],
            "answer": ndcg.ndcg(g, k=k, gain=gain),
            "decimals": 3,
            "worked": value,
            "traps": lambda: _ndcg_common(g, k, gain, g),
            "steps": steps,
        }

    return draw


def _ndcg_pool(d: _Draw) -> dict:
    g, extra, k = _pool(d, d.one(4, 7))
    pool = g + extra
    value, steps = _ndcg_steps(g, pool, k, "linear")
    lib = ndcg
    return {
        "question": f"NDCG@{k} of this query, linear gain",
        "given": [
            ("Grades of the ranked list", _list(g)),
            ("Judged, not retrieved", _list(extra)),
            ("Cutoff", f"k = {k}"),
        ],
        "answer": lib.ndcg(g, k=k, pool=pool),
        "decimals": 3,
        "worked": value,
        "traps": lambda: [
            (lib.ndcg(g, k=k), _RETRIEVED_IDEAL),
            *_ndcg_common(g, k, "linear", pool),
        ],
        "steps": steps,
    }


def _tie_order(scores: Sequence[int]) -> list[list[int]]:
    """Input positions grouped by equal score, highest score first, input order inside."""
    groups: dict[int, list[int]] = {}
    for i in sorted(range(len(scores)), key=lambda i: -scores[i]):
        groups.setdefault(scores[i], []).append(i)
    return list(groups.values())


def _ties(d: _Draw) -> dict:
    m = d.one(4, 7)
    g = d.grades(m)
    scores = d.many(1, 4, m)
    rule = TIE_RULES[d.one(0, len(TIE_RULES))]
    k = d.one(3, m + 1)
    lib = ndcg
    groups = _tie_order(scores)
    steps = [
        "By score, highest first: "
        + " | ".join(
            f"score {scores[grp[0]]}: grades {_list([g[i] for i in grp])}" for grp in groups
        )
    ]
    ideal = _ideal(g, k)
    if rule == "average":
        values, at, parts, total = [], 0, [], 0.0
        for grp in groups:
            mean = sum(g[i] for i in grp) / len(grp)
            values += [mean] * len(grp)
            steps.append(f"Positions {at + 1}-{at + len(grp)}: mean gain {_f(mean)}")
            at += len(grp)
        for i, v in enumerate(values[:k], start=1):
            total += v / math.log2(i + 1)
            parts.append(_f(v / math.log2(i + 1)))
        steps.append(f"DCG@{k} = {' + '.join(parts)} = {_f(total)}")
        best, ideal_steps = _dcg_steps(ideal, k, "linear", f"IDCG@{k}")
        steps += [f"Ideal order, top {k}: {_list(ideal)}", *ideal_steps]
        value = total / best
        steps.append(f"NDCG@{k} = {_f(total)} / {_f(best)} = {_f(value)}")
    else:
        sign = 1 if rule == "pessimistic" else -1
        ranked = [g[i] for grp in groups for i in sorted(grp, key=lambda i: sign * g[i])]
        steps.append(f"Grades in that order: {_list(ranked)}")
        value, more = _ndcg_steps(ranked, g, k, "linear")
        steps += more
    others = [r for r in (*TIE_RULES, "stable") if r != rule]
    ranked_by = "the documents ranked by score"
    return {
        "question": f"NDCG@{k}, linear gain, {ranked_by}, ties {_TIE_WORDS[rule]}",
        "given": [
            ("Scores, in input order", _list(scores)),
            ("Grades, in input order", _list(g)),
            ("Cutoff", f"k = {k}"),
        ],
        "answer": lib.ndcg_from_scores(g, scores, k=k, ties=rule),
        "decimals": 3,
        "worked": value,
        "traps": lambda: (
            [
                (
                    lib.ndcg_from_scores(g, scores, k=k, ties=other),
                    f"That breaks the ties {_TIE_WORDS[other].split(' (')[0]}; "
                    f"this question breaks them {rule_word(rule)}.",
                )
                for other in others
            ]
            + [(lib.ndcg_from_scores(g, scores, ties=rule), _CUT)]
        ),
        "steps": steps,
    }


def rule_word(rule: str) -> str:
    """Return the adverb of a tie rule: ``"pessimistically"``, ``"averaged"``, ..."""
    return _TIE_WORDS[rule].split(" (")[0]


def _padded(d: _Draw) -> dict:
    m = d.one(2, 4)
    g = d.grades(m)
    k = d.one(m + 1, m + 4)
    # Chapter 6's padded ideal: imagined documents of the highest grade on the scale.
    pool = g + [MAX_GRADE] * (k - m)
    own_top = g + [max(g)] * (k - m)
    value, steps = _ndcg_steps(g, pool, k, "linear")
    lib = ndcg
    return {
        "question": (
            f"NDCG@{k} of this short list, linear gain, with the ideal padded to k "
            f"by documents of the highest grade on the scale, {MAX_GRADE}"
        ),
        "given": [
            ("Grades, top to bottom (every judged document)", _list(g)),
            ("Grade scale", f"0 to {MAX_GRADE}"),
            ("Cutoff", f"k = {k}"),
        ],
        "answer": lib.ndcg(g, k=k, pool=pool),
        "decimals": 3,
        "worked": value,
        "traps": lambda: [
            (
                lib.ndcg(g, k=k),
                "That is the ideal from what exists; this question pads the ideal to k.",
            ),
            (
                lib.ndcg(g, k=k, pool=own_top),
                "That pads with the list's highest grade; the padded ideal imagines documents "
                f"of the scale's highest grade, {MAX_GRADE}.",
            ),
            (lib.ndcg(g, k=k, gain="exponential", pool=pool), _WRONG_GAIN["linear"]),
        ],
        "steps": [
            f"Pad the judged grades with {k - m} of grade {MAX_GRADE}: {_list(pool)}",
            *steps,
        ],
    }


def _mean(d: _Draw) -> dict:
    sizes = d.many(2, 6, 3)
    queries = [d.grades(m) for m in sizes]
    lib = ndcg
    steps, values, dcgs, ideals = [], [], [], []
    for q, grades in enumerate(queries, start=1):
        dcg, _ = _dcg_steps(grades, len(grades), "linear", "DCG")
        best, _ = _dcg_steps(_ideal(grades, len(grades)), len(grades), "linear", "IDCG")
        values.append(dcg / best)
        dcgs.append(dcg)
        ideals.append(best)
        steps.append(f"Query {q}: NDCG = {_f(dcg)} / {_f(best)} = {_f(dcg / best)}")
    worked = sum(values) / len(values)
    steps.append(f"Mean = ({' + '.join(_f(v) for v in values)}) / 3 = {_f(worked)}")
    scores = [lib.ndcg(grades) for grades in queries]
    rows = sum(s * len(q) for s, q in zip(scores, queries, strict=True)) / sum(sizes)
    return {
        "question": "Mean NDCG over these three queries, linear gain, no cutoff",
        "given": [(f"Query {q}", _list(grades)) for q, grades in enumerate(queries, start=1)],
        "answer": float(np.mean(scores)),
        "decimals": 3,
        "worked": worked,
        "traps": lambda: [
            (
                rows,
                "That is a mean over rows: each query voted once for each of its documents; "
                "give every query one vote.",
            ),
            (
                sum(lib.dcg(q) for q in queries) / sum(lib.idcg(q) for q in queries),
                "That divides the summed DCGs by the summed ideals; "
                "average the queries' NDCGs instead.",
            ),
            (float(np.mean([lib.dcg(q) for q in queries])), "That is the mean DCG: normalise."),
        ],
        "steps": steps,
    }


def _err(d: _Draw) -> dict:
    m = d.one(3, 6)
    g = d.grades(m)
    lib = ndcg
    steps, parts, reach, total = [], [], 1.0, 0.0
    for i, grade in enumerate(g, start=1):
        chance = (2**grade - 1) / 2**MAX_GRADE
        stop = chance * reach
        total += stop / i
        parts.append(_f(stop / i))
        steps.append(
            f"Rank {i}: R = (2^{grade} - 1) / 8 = {_f(chance)}, reached with chance "
            f"{_f(reach)}, stops there {_f(stop)}, / {i} = {_f(stop / i)}"
        )
        reach *= 1 - chance
    steps.append(f"ERR = {' + '.join(parts)} = {_f(total)}")
    no_cascade = sum((2**x - 1) / 2**MAX_GRADE / i for i, x in enumerate(g, start=1))
    linear = [x / MAX_GRADE for x in g]
    reach, lin = 1.0, 0.0
    for i, chance in enumerate(linear, start=1):
        lin += chance * reach / i
        reach *= 1 - chance
    return {
        "question": "ERR of this ranked list, grades 0 to 3",
        "given": [
            ("Grades, top to bottom", _list(g)),
            ("Chance a grade r satisfies", "R = (2^r - 1) / 2^3"),
        ],
        "answer": lib.err(g, max_grade=MAX_GRADE),
        "decimals": 3,
        "worked": total,
        "traps": lambda: [
            (
                no_cascade,
                "That forgets the cascade: weigh each R by the chance the reader got that far.",
            ),
            (lin, "That uses R = r / 3; ERR's chance is (2^r - 1) / 2^3."),
        ],
        "steps": steps,
    }


def _relevant_line(g: Sequence[int], threshold: int) -> str:
    return _list([1 if x >= threshold else 0 for x in g])


def _precision(d: _Draw) -> dict:
    m = d.one(5, 9)
    g = d.grades(m)
    t = d.one(1, 3)
    k = d.one(2, m)
    lib = ndcg
    hits = sum(1 for x in g[:k] if x >= t)
    return {
        "question": f"Precision@{k}, a document relevant when its grade is {t} or more",
        "given": [("Grades, top to bottom", _list(g)), ("Cutoff", f"k = {k}")],
        "answer": lib.precision(g, k=k, threshold=t),
        "decimals": 3,
        "worked": hits / k,
        "traps": lambda: [
            (hits / m, "That divides by the list's length; P@k divides by k."),
            (lib.precision(g, k=k, threshold=3 - t), f"Relevant means grade {t} or more."),
            (lib.precision(g, threshold=t), _CUT),
        ],
        "steps": [
            f"Relevant (1) or not (0), top to bottom: {_relevant_line(g, t)}",
            f"P@{k} = {hits} relevant in the top {k} / {k} = {_f(hits / k)}",
        ],
    }


def _judged_extra(d: _Draw) -> tuple[list[int], list[int]]:
    m = d.one(4, 8)
    g = d.grades(m)
    extra = d.many(0, MAX_GRADE + 1, d.one(1, 4))
    return g, extra


def _recall(d: _Draw) -> dict:
    g, extra = _judged_extra(d)
    k = d.one(2, len(g) + 1)
    lib = ndcg
    hits = sum(1 for x in g[:k] if x >= 1)
    total = sum(1 for x in g + extra if x >= 1)
    return {
        "question": f"Recall@{k}, a document relevant when its grade is 1 or more",
        "given": [
            ("Grades of the ranked list", _list(g)),
            ("Judged, not retrieved", _list(extra)),
            ("Cutoff", f"k = {k}"),
        ],
        "answer": lib.recall(g, k=k, pool=g + extra),
        "decimals": 3,
        "worked": hits / total,
        "traps": lambda: [
            (
                lib.recall(g, k=k),
                "Recall divides by every relevant judged document, those not retrieved too.",
            ),
            (lib.precision(g, k=k), "That is precision@k: divide by the relevant documents."),
            (lib.recall(g, pool=g + extra), _CUT),
        ],
        "steps": [
            f"Relevant in the top {k}: {hits}",
            f"Relevant judged documents, retrieved or not: {total}",
            f"R@{k} = {hits} / {total} = {_f(hits / total)}",
        ],
    }


def _ap(d: _Draw) -> dict:
    g, extra = _judged_extra(d)
    lib = ndcg
    total = sum(1 for x in g + extra if x >= 1)
    steps, parts, found, every = [], [], 0, []
    for i, x in enumerate(g, start=1):
        found += x >= 1
        every.append(found / i)
        if x >= 1:
            parts.append(_f(found / i))
            steps.append(f"Rank {i} is relevant: precision there {found} / {i} = {_f(found / i)}")
    worked = sum(found_at for found_at, x in zip(every, g, strict=True) if x >= 1) / total
    steps.append(f"Relevant judged documents, retrieved or not: {total}")
    steps.append(f"AP = ({' + '.join(parts)}) / {total} = {_f(worked)}")
    return {
        "question": "Average precision of this ranked list, relevant meaning grade 1 or more",
        "given": [("Grades of the ranked list", _list(g)), ("Judged, not retrieved", _list(extra))],
        "answer": lib.average_precision(g, pool=g + extra),
        "decimals": 3,
        "worked": worked,
        "traps": lambda: [
            (
                lib.average_precision(g),
                "AP divides by every relevant judged document, those never retrieved too.",
            ),
            (
                sum(every) / len(every),
                "That averages precision at every rank; AP takes it at the relevant ranks only.",
            ),
        ],
        "steps": steps,
    }


def _rr(d: _Draw) -> dict:
    m = d.one(3, 8)
    g = d.many(0, MAX_GRADE + 1, m)
    t = d.one(1, 4)
    lib = ndcg
    first = next((i for i, x in enumerate(g, start=1) if x >= t), None)
    worked = 0.0 if first is None else 1 / first
    found = (
        f"No grade reaches {t}: RR = 0"
        if first is None
        else f"The first grade of {t} or more is at rank {first}: RR = 1 / {first} = {_f(worked)}"
    )
    traps = [(lib.reciprocal_rank(g), f"Relevant means grade {t} or more here.")]
    if first is not None:
        traps.append((float(first), "That is the rank; RR is 1 over it."))
    return {
        "question": f"Reciprocal rank, a document relevant when its grade is {t} or more",
        "given": [("Grades, top to bottom", _list(g))],
        "answer": lib.reciprocal_rank(g, threshold=t),
        "decimals": 3,
        "worked": worked,
        "traps": lambda: traps,
        "steps": [f"Relevant (1) or not (0): {_relevant_line(g, t)}", found],
    }


_DRAWS: dict[str, Callable[[_Draw], dict]] = {
    "cg": _cg,
    "dcg": _dcg,
    "idcg": _idcg,
    "ndcg_linear": _ndcg_gain("linear"),
    "ndcg_exponential": _ndcg_gain("exponential"),
    "ndcg_pool": _ndcg_pool,
    "ties": _ties,
    "padded": _padded,
    "mean": _mean,
    "err": _err,
    "precision": _precision,
    "recall": _recall,
    "ap": _ap,
    "rr": _rr,
}


def _skill(skill: str) -> Skill:
    if skill not in SKILLS:
        raise ValueError(f"skill must be one of {list(SKILLS)}, got {skill!r}")
    return SKILLS[skill]


def _count(value: object, name: str, top: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(f"{name} must be an int from 0 to {top}, got {value!r}; pass e.g. 7")
    if not 0 <= value <= top:
        raise ValueError(f"{name} must be from 0 to {top}, got {value}; pass e.g. 7")
    return int(value)


def drawn(skill: str, series: int, n: int) -> dict:
    """Return the problem's fields with ``worked``, the worked solution's own result.

    ``traps`` is a function returning the traps: the tests check many problems' answers
    without computing them.
    """
    spec = _skill(skill)
    series = _count(series, "series", MAX_SERIES)
    n = _count(n, "n", MAX_SERIES)
    return _DRAWS[skill](_Draw(series, spec.ident, n))


def problem(skill: str, series: int, n: int) -> Problem:
    """Return problem ``n`` of ``series`` for ``skill``, as the page's practice box draws it.

    Parameters
    ----------
    skill
        A key of :data:`SKILLS` (``"cg"``, ``"dcg"``, ``"ndcg_exponential"``, ...).
    series
        The series: any whole number from 0 to 2**32 - 1. The page's box shows its own.
    n
        The problem's number in the series, from 0.

    Returns
    -------
    Problem
        The question, the answer (from the library), the traps and the worked solution.

    Raises
    ------
    ValueError, TypeError
        If ``skill`` is unknown or ``series`` or ``n`` is not a whole number in range.

    Examples
    --------
    >>> p = problem("cg", 1, 0)
    >>> p.answer == sum(int(x) for x in p.given[0][1].split(", ")[: int(p.question[3])])
    True

    """
    fields = drawn(skill, series, n)
    answer = float(fields["answer"])
    return Problem(
        skill=skill,
        series=series,
        n=n,
        question=fields["question"],
        given=fields["given"],
        answer=answer,
        decimals=fields["decimals"],
        hint=SKILLS[skill].hint,
        # To 12 digits first: the page's answer may differ from this one in its last bits.
        exact=exercises.exact_text(float(f"{answer:.12g}"), fields["decimals"]),
        traps=_trap_list(answer, fields["decimals"], fields["traps"]()),
        steps=fields["steps"],
    )


def problems(skill: str, series: int, count: int, start: int = 0) -> list[Problem]:
    """Return problems ``start`` to ``start + count - 1`` of ``series`` for ``skill``."""
    return [problem(skill, series, n) for n in range(start, start + count)]


def skills_of(chapter: int) -> list[str]:
    """Return the keys of the skills chapter ``chapter`` teaches, in the book's order."""
    return [s.key for s in SKILLS.values() if s.chapter == chapter]


def check(p: Problem, text: str) -> exercises.CheckResult:
    """Judge a typed answer to ``p`` by the book's answer rule, as the page's box does.

    Examples
    --------
    >>> p = problem("cg", 1, 0)
    >>> check(p, str(int(p.answer))).correct
    True

    """
    try:
        typed = exercises.read("number", text)
    except ValueError as error:  # no answer: the box says why, as the page does
        return exercises.CheckResult("", False, str(error), "unread")
    return exercises.judge(typed, p.answer, p.hint, p.decimals, p.traps)


def box(skill: str, series: int = -1) -> PracticeBox:
    """Return the practice box of ``skill``, as the chapters show it.

    Parameters
    ----------
    skill
        A key of :data:`SKILLS`.
    series
        -1 (the default): the reader's own series, drawn once and kept in the browser; or a
        series to practise, the same as :func:`problem`'s.

    Examples
    --------
    >>> box("ndcg_pool").skill["key"]
    'ndcg_pool'

    """
    from ndcg.widgets import PracticeBox

    spec = _skill(skill)
    record = {"key": spec.key, "ident": spec.ident, "title": spec.title, "hint": spec.hint}
    return PracticeBox(record, series=series)


def show(chapter: int) -> None:
    """Display the practice boxes of ``chapter``, one a skill it teaches, in the book's order."""
    from IPython.display import display

    keys = skills_of(chapter)
    if not keys:
        taught = sorted({s.chapter for s in SKILLS.values()})
        raise ValueError(f"chapter {chapter} has no practice box; these do: {taught}")
    for key in keys:
        display(box(key))


def progress_view(notebooks: str | Path, prefix: str = "../notebooks/") -> ProgressView:
    """Return the progress page's view: every chapter's exercises and practice skills.

    Parameters
    ----------
    notebooks
        The folder of the chapters' notebooks (``NN_name.ipynb``), whose first heading is
        the chapter's title.
    prefix
        The chapters' pages relative to the page that shows the view.

    """
    import json

    from ndcg.widgets import ProgressView

    chapters = []
    keys = exercises.exercise_keys()
    for path in sorted(Path(notebooks).glob("[0-9][0-9]_*.ipynb")):
        if path.stem.endswith("_lab"):  # the optional lab's exercises are its chapter's
            continue
        number = int(path.name[:2])
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        title = next(
            line[2:].strip()
            for cell in cells
            if cell["cell_type"] == "markdown"
            for line in "".join(cell["source"]).splitlines()
            if line.startswith("# ")
        )
        mine = [key for key in keys if key.startswith(f"ch{number:02d}-")]
        skills = [{"key": k, "title": SKILLS[k].title} for k in skills_of(number)]
        chapters.append(
            {
                "number": number,
                "title": title,
                "href": f"{prefix}{path.stem}.html",
                "exercises": mine,
                "skills": skills,
            }
        )
    return ProgressView(chapters)
