"""The browser's arithmetic (js/arith.js, js/answers.js) against its Python, in Chromium.

On the static site nothing but this module computes what a reader sees: the ranking widget's
readouts and goals, the swap widget's matrix and lambdas, the answer boxes' verdicts. Every
export is held here to the library (ndcg, ndcg.family, ndcg.discount, ndcg.ltr), the goals of
ndcg.widgets._goals and the answer rule of ndcg.teaching.exercises, on random cases with
unjudged items, cutoffs past the end, pools of unretrieved items, empty ideals and every
discount; ``test_every_export_is_held_to_the_python`` keeps that list complete.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from _golden import D_DCG, D_DCG_SWAPPED, D_IDCG_AT_6, D_NDCG_AT_6, FIVE_DCG

import ndcg
from ndcg import discount as discounts
from ndcg import ltr
from ndcg.teaching import answers, exercises
from ndcg.widgets import RankingWidget, SwapWidget, _display, _goals, goals

from ._jsmodule import import_module

pytestmark = pytest.mark.browser

REL = 1e-12
DISCOUNTS = ["log2", "reciprocal", ["log", 2], ["log", 3.5], ["geometric", 0.8], ["geometric", 0.5]]


@pytest.fixture(scope="module")
def arith(browser):
    """A blank page with the two modules imported as ``window.ar``, and their exports."""
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<!DOCTYPE html><title>arith parity</title>")
    measures = set(import_module(page, "js/arith", "ar"))
    rule = set(import_module(page, "js/answers", "an"))
    assert not measures & rule, measures & rule  # one home for each name
    page.evaluate("() => { window.ar = { ...window.ar, ...window.an }; }")
    page.exports = measures | rule  # type: ignore[attr-defined]
    yield page
    context.close()


def close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=REL, abs_tol=0.0) or (a == 0.0 and b == 0.0)


def spec(discount: object) -> object:
    return tuple(discount) if isinstance(discount, list) else discount


def lists(seed: int, count: int, *, real: bool = True) -> list[dict[str, object]]:
    """Random ranked lists with every rule the measures have."""
    rng = np.random.default_rng(seed)
    cases: list[dict[str, object]] = []
    for i in range(count):
        n = int(rng.integers(1, 30))
        m = int(rng.integers(0, 10)) if rng.random() < 0.6 else 0
        if real and i % 3 == 0:
            grades = rng.uniform(0, 4, n).round(int(rng.integers(1, 4)))
            pool = rng.uniform(0, 4, m).round(2)
        else:
            grades = rng.integers(0, 5, n).astype(float)
            pool = rng.integers(0, 5, m).astype(float)
        if i % 40 == 0:
            grades[:] = 0.0  # nothing relevant retrieved
            pool[:] = 0.0 if i % 80 == 0 else pool  # and sometimes nothing relevant at all
        listed: list[float | None] = grades.tolist()
        if i % 4 == 1:  # some retrieved items were never judged
            for j in np.flatnonzero(rng.random(n) < 0.3):
                listed[j] = None
        cases.append(
            {
                "grades": listed,
                "unretrieved": pool.tolist(),
                "k": None if rng.random() < 0.25 else int(rng.integers(1, n + m + 5)),
                "gain": "linear" if rng.random() < 0.5 else "exponential",
                "unjudged": "zero" if rng.random() < 0.5 else "condense",
                "discount": DISCOUNTS[i % len(DISCOUNTS)],
                "threshold": int(rng.integers(1, 4)),
                "maxGrade": float(rng.choice([4, 5])),  # the scale holds every grade
                "p": float(rng.choice([0.5, 0.8, 0.95])),
            }
        )
    return cases


def pool_of(case: dict[str, object]) -> list[float] | None:
    judged = [g for g in case["grades"] if g is not None] + list(case["unretrieved"])  # type: ignore[attr-defined]
    return judged or None  # nothing judged: the ideal is empty


def library(case: dict[str, object]) -> dict[str, float]:
    """Every measure of the module, by the library, for one case."""
    rel, k, unjudged, threshold, p = (
        case[x] for x in ("grades", "k", "unjudged", "threshold", "p")
    )
    pool, gain, discount = pool_of(case), case["gain"], spec(case["discount"])
    dcgs = {"k": k, "gain": gain, "unjudged": unjudged, "discount": discount}
    binary = {"k": k, "threshold": threshold, "unjudged": unjudged}
    return {
        "cg": ndcg.cg(rel, k=k, unjudged=unjudged),
        "dcg": ndcg.dcg(rel, **dcgs),
        "idcg": ndcg.idcg(rel, pool=pool, **dcgs),
        "ndcg": ndcg.ndcg(rel, pool=pool, **dcgs),
        "precision": ndcg.precision(rel, **binary),
        "recall": ndcg.recall(rel, pool=pool, **binary),
        "ap": ndcg.average_precision(rel, pool=pool, **binary),
        "rr": ndcg.reciprocal_rank(rel, **binary),
        "err": ndcg.err(rel, k=k, max_grade=case["maxGrade"], unjudged=unjudged),
        "rbp": ndcg.rbp(rel, p=p, **binary),
        "rbpResidual": ndcg.rbp_residual(rel, p=p, k=k, unjudged=unjudged),
        # PySpark's NDCG from Python, where the grades never reach the metric (chapter 14).
        "binary_ndcg": ndcg.ndcg(
            rel, pool=pool, **dcgs | {"gain": lambda g: float(g >= threshold)}
        ),
    }


MEASURES = """(cases) => cases.map((c) => {
  const o = { ...c, unretrieved: c.unretrieved };
  return {
    cg: ar.cg(c.grades, o), dcg: ar.dcg(c.grades, o), idcg: ar.idcg(c.grades, o),
    ndcg: ar.ndcg(c.grades, o), precision: ar.precision(c.grades, o),
    recall: ar.recall(c.grades, o), ap: ar.averagePrecision(c.grades, o),
    rr: ar.reciprocalRank(c.grades, o), err: ar.err(c.grades, o), rbp: ar.rbp(c.grades, o),
    rbpResidual: ar.rbpResidual(c.grades, o), binary_ndcg: ar.binaryNdcg(c.grades, o),
    figures: ar.figures(c.grades, o),
  };
})"""


def test_every_measure_equals_the_library_on_random_lists(arith) -> None:
    cases = lists(20261125, 1500)
    got = arith.evaluate(MEASURES, cases)
    mismatches = []
    for case, mine in zip(cases, got, strict=True):
        want = library(case)
        figures = mine.pop("figures")
        assert set(figures) == set(want) - {"rbpResidual"}
        mismatches += [
            (case, key, mine[key], value)
            for key, value in want.items()
            if not close(mine[key], value)
        ]
        mismatches += [
            (case, f"figures.{key}", v, want[key])
            for key, v in figures.items()
            if not close(v, want[key])
        ]
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[0]}"
    # Not vacuous: every measure takes many values, and every rule is reached.
    for key in ("dcg", "ndcg", "ap", "err", "rbp", "rbpResidual", "binary_ndcg"):
        assert len({round(m[key], 9) for m in got}) > 200, key
    assert len({m["rr"] for m in got}) > 8
    assert sum(m["idcg"] == 0 and m["ndcg"] == 0 for m in got) >= 10
    assert any(c["k"] is not None and c["k"] > len(c["grades"]) for c in cases)  # type: ignore[operator,arg-type]
    assert sum(None in c["grades"] for c in cases) > 300  # type: ignore[operator]


def test_the_book_s_figures_to_the_bit(arith) -> None:
    got = arith.evaluate(
        """() => { const d = [3, 2, 3, 0, 1, 2];
          const pooled = { unretrieved: [3, 2], k: 6 };
          return [ar.dcg(d), ar.dcg([3, 2, 0, 3, 1, 2]), ar.idcg(d, pooled), ar.ndcg(d, pooled),
                  ar.dcg([4, 3, 5, 2, 1], { gain: "exponential" })]; }"""
    )
    assert got == [D_DCG, D_DCG_SWAPPED, D_IDCG_AT_6, D_NDCG_AT_6, FIVE_DCG]


POSITIONS = """(cases) => cases.map((c) => ({
  positions: ar.positions(ar.scored(c.grades, c.unjudged), c),
  scored: ar.scored(c.grades, c.unjudged),
  depth: ar.depth(ar.scored(c.grades, c.unjudged).length, c.k),
  sum: ar.discountedSum(ar.scored(c.grades, c.unjudged), c.k, c.discount),
  ideal: ar.idealGrades(c.grades, c),
  byGain: ar.byGain(c.grades.filter((g) => g !== null).concat(c.unretrieved), c.gain),
  weights: [1, 2, 3, 7, 20].map((i) => ar.weight(i, c.discount)),
  all: ar.weights(20, c.discount),
  log2: [1, 2, 3, 7, 20].map((i) => ar.log2Rank(i)),
  gains: c.unretrieved.map((g) => ar.gainOf(g, c.gain)),
  parts: ar.discountParts(c.discount),
}))"""


def test_gains_discounts_and_the_ideal_equal_the_library(arith) -> None:
    cases = lists(7, 400)
    got = arith.evaluate(POSITIONS, cases)
    for case, mine in zip(cases, got, strict=True):
        rel, k, gain, discount = case["grades"], case["k"], case["gain"], spec(case["discount"])
        table = ndcg.breakdown(rel, gain=gain, unjudged=case["unjudged"], discount=discount)
        kept = table["grade"].fillna(0.0).tolist()
        assert mine["scored"] == kept
        assert mine["depth"] == len(ndcg.breakdown(rel, k=k, unjudged=case["unjudged"]))
        # 2**g in JavaScript and np.exp2 may differ in the last bit for a grade that is no
        # whole number; for whole grades the gains are equal.
        assert all(
            close(r["gain"], w) for r, w in zip(mine["positions"], table["gain"], strict=True)
        )
        if all(float(g).is_integer() for g in kept):
            assert [r["gain"] for r in mine["positions"]] == table["gain"].tolist()
        assert [r["weight"] for r in mine["positions"]] == table["discount"].tolist()
        for column, key in (("discounted_gain", "discounted"), ("cumulative_dcg", "cumulative")):
            assert all(
                close(r[key], w) for r, w in zip(mine["positions"], table[column], strict=True)
            )
        running = np.cumsum(kept).tolist()
        assert all(
            close(r["cumulativeCg"], w) for r, w in zip(mine["positions"], running, strict=True)
        )
        # The one sum is DCG of the values as linear gains, bit for bit.
        assert mine["sum"] == ndcg.dcg(kept, k=k, discount=discount)
        pool = pool_of(case) or []
        best = [pool[i] for i in ndcg.ideal_order(pool, gain=gain)] if pool else []
        assert mine["byGain"] == best
        assert mine["ideal"] == best[: len(best) if k is None else k]
        weights = ndcg.breakdown([1] * 20, discount=discount)["discount"].tolist()
        assert mine["weights"] == [weights[i - 1] for i in (1, 2, 3, 7, 20)]
        kind, param = (discount, None) if isinstance(discount, str) else discount
        assert mine["all"] == discounts.Discount(kind, param).weights(20).tolist()
        logs = ndcg.breakdown([1] * 20)["log2(i+1)"].tolist()
        assert mine["log2"] == [logs[i - 1] for i in (1, 2, 3, 7, 20)]
        extra = case["unretrieved"]
        gains = ndcg.breakdown(extra, gain=gain)["gain"].tolist() if extra else []
        assert all(close(a, b) for a, b in zip(mine["gains"], gains, strict=True))
        assert kind in discounts.OFFERED and mine["parts"][0] == kind
    assert tuple(arith.evaluate("() => ar.GAINS")) == _display.GAINS
    assert tuple(arith.evaluate("() => ar.DISCOUNTS")) == discounts.OFFERED
    widget_rules = set(arith.evaluate("() => ar.UNJUDGED"))
    assert widget_rules == {"zero", "condense"} and widget_rules < set(
        ndcg.widgets.ranking.UNJUDGED
    )


def test_wrong_settings_throw_with_the_library_s_words(arith) -> None:
    got = arith.evaluate(
        """() => [() => ar.gainOf(1, "log"), () => ar.weight(1, "uniform"),
                  () => ar.scored([1], "raise"), () => ar.err([1, 0])].map((f) => {
           try { f(); return "no error"; } catch (e) { return e.message; } })"""
    )
    assert "gain must be one of linear, exponential" in got[0]
    assert "discount must be one of log2, log, reciprocal, geometric" in got[1]
    assert "unjudged must be one of zero, condense" in got[2]
    assert "maxGrade" in got[3]  # as ndcg.err, the top grade has no default
    with pytest.raises(TypeError):
        ndcg.err([1, 0])  # type: ignore[call-arg]


def test_a_wrong_rule_would_be_caught(arith) -> None:
    # The ideal from the retrieved items only, or AP over them only, differs from the library.
    d, pool = [3, 2, 3, 0, 1, 2], [3, 2]
    got = arith.evaluate("(d) => [ar.ndcg(d, { k: 6 }), ar.averagePrecision(d)]", d)
    assert not close(got[0], ndcg.ndcg(d, k=6, pool=d + pool))
    assert not close(got[1], ndcg.average_precision(d, pool=d + pool))


SWAPS = """(cases) => cases.map((c) => {
  const matrix = ar.swapMatrix(c.grades, c);
  return {
    matrix: matrix.map((row) => Array.from(row)),
    lambdas: Array.from(ar.lambdas(c.grades, matrix)),
    cut: Array.from(ar.cutDiscounts(c.grades.length, c.k)),
    swapped: ar.swapped(c.grades, 0, c.grades.length - 1),
  };
})"""


def test_swap_matrix_and_lambdas_equal_ndcg_ltr(arith) -> None:
    cases = [
        c | {"grades": [g or 0.0 for g in c["grades"]]}  # type: ignore[union-attr]
        for c in lists(20261123, 300)
    ]
    got = arith.evaluate(SWAPS, cases)
    cells = nonzero = by_lambdarank = 0
    for case, mine in zip(cases, got, strict=True):
        grades, k, gain = case["grades"], case["k"], case["gain"]
        judged = grades + case["unretrieved"]  # type: ignore[operator]
        want = ltr.swap_matrix(grades, k=k, gain=gain, pool=judged)
        for i, row in enumerate(want):
            for j, value in enumerate(row):
                cells += 1
                nonzero += value != 0.0
                assert close(mine["matrix"][i][j], float(value)), (case, i, j)
        if case["unretrieved"]:
            items = [(f"d{i}", g) for i, g in enumerate(grades)]  # type: ignore[arg-type]
            extra = [(f"u{i}", g) for i, g in enumerate(case["unretrieved"])]  # type: ignore[arg-type]
            lam = SwapWidget(items, unretrieved=extra, k=k, gain=gain).lambdas
        else:
            lam = ltr.lambdarank(grades, [0.0] * len(grades), k=k, gain=gain).gradient  # type: ignore[arg-type]
            by_lambdarank += 1
        assert all(close(a, float(b)) for a, b in zip(mine["lambdas"], lam, strict=True)), case
        weights = ndcg.breakdown([1] * len(grades))["discount"].tolist()  # type: ignore[arg-type]
        cut = len(grades) if k is None else k  # type: ignore[arg-type]
        assert mine["cut"] == [w if i < cut else 0.0 for i, w in enumerate(weights)]
        flipped = list(grades)  # type: ignore[arg-type]
        flipped[0], flipped[-1] = flipped[-1], flipped[0]
        assert mine["swapped"] == flipped
    assert cells > 30_000 and nonzero > cells // 4 and by_lambdarank > 100


ORDERS = """(cases) => cases.map((c) => {
  const blocks = ar.blocksOf(c.scores, c.grades.length);
  const grades = (order) => order.map((i) => c.grades[i]);
  const worst = ar.extremeOrder(c.grades, blocks, -1, c.gain);
  return {
    blocks, best: grades(ar.extremeOrder(c.grades, blocks, 1, c.gain)), worst: grades(worst),
    worstKept: grades(ar.worstRelevantFirst(c.grades, worst, blocks, c.threshold)),
    distance: ar.swapDistance(c.order, c.labels),
    first: ar.relevantFirst(c.grades, c.threshold),
    relevant: c.grades.map((g) => ar.relevant(g, c.threshold)),
  };
})"""


def test_ties_orders_and_swap_distances_equal_the_goals_python(arith) -> None:
    rng = random.Random(5)
    cases = []
    for case in lists(11, 400, real=False):
        n = len(case["grades"])  # type: ignore[arg-type]
        labels = [f"D{i}" for i in range(n)]
        order = labels[:]
        rng.shuffle(order)
        scores = (
            sorted((rng.choice([1.0, 2.0, 3.0]) for _ in range(n)), reverse=True)
            if rng.random() < 0.6
            else None
        )
        cases.append(case | {"labels": labels, "order": order, "scores": scores})
    got = arith.evaluate(ORDERS, cases)
    for case, mine in zip(cases, got, strict=True):
        grades, threshold = case["grades"], case["threshold"]
        runs = _goals.blocks(case["scores"], len(grades))  # type: ignore[arg-type]
        assert [tuple(b) for b in mine["blocks"]] == runs
        # The grades are whole, so the order by grade is the order by either gain.
        assert mine["best"] == next(_goals._candidates(grades, runs, None, True))  # type: ignore[arg-type]
        assert mine["worstKept"] == next(_goals._candidates(grades, runs, None, False, threshold))  # type: ignore[arg-type]
        assert [g or 0 for g in mine["worst"]] == [
            g or 0 for g in next(_goals._candidates(grades, runs, None, False))
        ]  # type: ignore[arg-type]
        assert mine["distance"] == _goals.swap_distance(case["order"], case["labels"])  # type: ignore[arg-type]
        assert mine["first"] == _goals.relevant_first(grades, threshold)  # type: ignore[arg-type]
        assert mine["relevant"] == [int(g is not None and g >= threshold) for g in grades]  # type: ignore[union-attr]
    assert len({m["distance"] for m in got}) > 10 and {m["first"] for m in got} == {True, False}


def test_goal_verdicts_equal_ranking_widget_goal_status(arith) -> None:
    rng = np.random.default_rng(3)
    items = [(f"D{i}", float(g)) for i, g in enumerate([3, 2, 3, 0, 1, 2, 4, 0])]
    made = [
        goals.rises_while_falls("ndcg", "err"),
        goals.rises_while_falls("err", "ndcg", discount=("geometric", 0.5)),
        goals.rises_while_falls("ndcg", "ndcg", k=2, other_k=None),
        goals.falls_while_same("ap", "rr"),
        goals.best("rbp"),
        goals.best("ndcg", swaps=1),
        goals.worst("recall", swaps=1),
        goals.at_least("precision", 0.6),
        goals.at_least("ndcg", 0.95, gain="exponential"),
        goals.below("ndcg", 0.8, discount="reciprocal"),
        goals.worst("ndcg", relevant_first=True),
        goals.below("ap", 0.5, relevant_first=True),
        goals.best("err", relevant_first=True),
    ]
    w = RankingWidget(
        items,
        unretrieved=[("U", 3.0)],
        k=5,
        readouts=["ndcg", "precision", "recall", "ap", "rr", "err", "rbp"],
        goal=made,
        p=0.6,
        threshold=2,
        max_grade=4,
    )
    start = [label for label, _ in items]
    grade = dict(items)
    seen = set()
    for _ in range(60):
        order = list(rng.permutation(start)) if rng.random() < 0.6 else start[:]
        if order == start or rng.random() < 0.3:
            order = start[:]
            i, j = rng.choice(len(start), 2, replace=False)
            order[i], order[j] = order[j], order[i]
        w.order = order
        got = arith.evaluate(
            """([goals, now, start, order, labels, family]) => goals.map((goal) =>
               ar.goalStatus(goal, { now, start, unretrieved: [3], unjudged: "zero",
                 blocks: [[0, now.length]], distance: ar.swapDistance(order, labels), family }))""",
            [
                w.goals,
                [grade[x] for x in order],
                [grade[x] for x in start],
                order,
                start,
                {"threshold": 2, "maxGrade": 4, "p": 0.6},
            ],
        )
        for goal, mine, theirs in zip(w.goals, got, w.goal_status, strict=True):
            for key in ("reached", "broken", "outOfReach"):
                python_key = {"outOfReach": "out_of_reach"}.get(key, key)
                if python_key in theirs:
                    assert mine[key] == theirs[python_key], (goal, order, key)
            assert close(mine["value"], theirs["value"]), (goal, order)
            if theirs["limit"] is not None:
                assert close(mine["limit"], theirs["limit"]), (goal, order)
            seen.add((goal["kind"], goal["metric"], mine["reached"]))
    assert len(seen) >= 12  # the verdicts vary: not every goal always met, or never
    # The tolerance is the Python's, and near() is its rule.
    assert arith.evaluate("() => ar.GOAL_TOLERANCE") == _goals.TOLERANCE
    pairs = [(0.8, 0.8 + 5e-10), (0.8, 0.8 + 2e-9), (1e6, 1e6 + 1e-4), (0.0, 1e-10)]
    near = arith.evaluate("(pairs) => pairs.map(([a, b]) => ar.near(a, b))", pairs)
    assert near == [abs(a - b) <= _goals.TOLERANCE * max(1.0, abs(a), abs(b)) for a, b in pairs]


def test_the_chart_scale_is_the_smallest_round_number_above(arith) -> None:
    xs = [0.0, -1.0, 1e-7, 0.5, 1.0, 1.01, 2.2, 6.653, 7.7, 9.99, 10.0, 123.4, 8.000000001]
    got = arith.evaluate("(xs) => xs.map((x) => ar.roundUp(x))", xs)
    steps = (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10)
    for x, up in zip(xs, got, strict=True):
        if x <= 0:
            assert up == 0
            continue
        power = 10 ** math.floor(math.log10(x))
        assert up == float(f"{next(s for s in steps if s * power >= x * (1 - 1e-12)) * power:.12g}")


# ---- answers: the rule of ndcg.teaching.exercises (read and judge), in js/answers.js

STATE = ("kind", "expected", "decimals", "exact", "rounding", "hint", "traps", "choices")
CASES = json.loads((Path(__file__).parents[1] / "data" / "answer_cases.json").read_text("utf-8"))[
    "cases"
]
JUDGE_ALL = "(cases) => cases.map(([state, text]) => ar.verdict(state, text))"


def state(box: object) -> dict[str, object]:
    """What the answer box judges with: the box's state."""
    return {name: getattr(box, name) for name in STATE}


def python_verdict(box: dict, text: str) -> exercises.CheckResult:
    """The Python rule on the box's own state (answers.verdict computes the answer anew)."""
    try:
        typed = exercises.read(box["kind"], text, box["choices"])
    except ValueError as error:
        return exercises.CheckResult("", False, str(error), "unread")
    traps = [tuple(trap) for trap in box["traps"]]
    return exercises.judge(
        typed, box["expected"], box["hint"], box["decimals"], traps, box["rounding"]
    )


def tries(box: object) -> list[str]:
    """Texts a reader might type: the answer at several precisions, cut or rounded, as a
    fraction or a percentage, near misses, the known wrong answers, and text that is no
    answer."""
    if box.kind == "choice":  # type: ignore[attr-defined]
        return [*box.choices, f"({box.expected.upper()})", "", " ", "e", "ab"]  # type: ignore[attr-defined]
    x, d = box.expected, box.decimals  # type: ignore[attr-defined]
    texts = [f"{x:.{places}f}" for places in range(d + 4)]
    texts += [f"{int(x * 10**places) / 10**places}" for places in range(1, d + 4)]  # cut
    # Worked from rounded intermediates: off by up to the allowance, and a little beyond it.
    reach = exercises.margin(x, d) + box.rounding  # type: ignore[attr-defined]
    texts += [f"{x + s * reach:.{d + e}f}" for s in (-1.2, -0.9, 0.9, 1.2) for e in (0, 1)]
    texts += [f"{x:.{d}f}".replace("-", "\u2212"), f"{x * 3:.3f}/3", f"{x * 7:.{d}f}/7.0"]
    texts += [f"{x + step:.{d}f}" for step in (10**-d, -(10**-d), 0.4 * 10**-d, 1)]
    texts += [f"{100 * x:.{max(d - 2, 0)}f}%", f"{100 * x:.{d}f} %", f"{x:.{d}f}".replace(".", ",")]
    texts += [f"{round(x * 12)}/12", f"{round(x * 1000)}/1000", f"{x:e}", repr(x), f"{x + 0.5}"]
    texts += [f"{value:.{places}f}" for value, _ in box.traps for places in {0, max(d - 1, 0), d}]  # type: ignore[attr-defined]
    texts += ["", "abc", "1e400", "1.2.3", "-0", ".5", "1/0", "\ufeff1", "\u00a01 "]
    return texts


def test_the_shared_answer_table(arith) -> None:
    states = {key: state(answers.box(key)) for key in {case["key"] for case in CASES}}
    got = arith.evaluate(JUDGE_ALL, [[states[c["key"]], c["text"]] for c in CASES])
    mismatches = []
    for case, browser in zip(CASES, got, strict=True):
        want = (case["outcome"], case["message"].replace("{hint}", exercises.hint(case["key"])))
        if (browser["outcome"], browser["message"]) != want:
            mismatches.append((case["key"], case["text"], browser, want))
        assert browser["correct"] == (case["outcome"] == "right")
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[0]}"
    assert len(got) == len(CASES) > 80


def test_every_exercise_s_answers_are_judged_as_in_python(arith) -> None:
    cases = []
    for key in exercises.exercise_keys():
        box = answers.box(key)
        cases += [(key, state(box), text) for text in tries(box)]
    got = arith.evaluate(JUDGE_ALL, [[box_state, text] for _, box_state, text in cases])
    mismatches = []
    for (key, box_state, text), browser in zip(cases, got, strict=True):
        python = python_verdict(box_state, text)
        if (browser["correct"], browser["outcome"], browser["message"]) != (
            python.correct,
            python.outcome,
            python.message,
        ):
            mismatches.append((key, text, browser, python.message))
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[0]}"
    counts = {o: [v["outcome"] for v in got].count(o) for o in {v["outcome"] for v in got}}
    assert set(counts) == {"right", "close", "whole", "trap", "wrong", "unread"}, counts
    assert min(counts["right"], counts["close"], counts["trap"], counts["wrong"]) > 50, counts


# Characters the two readers could take differently: digits of other scripts, every space
# JavaScript's trim() removes, separators, signs, exponents, "%" and "/".
ALPHABET = "0123456789" * 3 + ".,+-eE%/ \t\n\u00a0\ufeff\u3000\u2028\x1c\u0661\uff11\u2212"
READ = """(cases) => cases.map(([kind, text, choices]) => ar.parseAnswer(kind, text, choices))"""


def test_random_text_reads_alike(arith) -> None:
    rng = random.Random(2026)
    texts = ["".join(rng.choices(ALPHABET, k=rng.randint(0, 9))) for _ in range(3000)]
    got = arith.evaluate(
        READ,
        [["number", t, []] for t in texts] + [["choice", t, ["a", "b", "c"]] for t in texts[:300]],
    )
    kinds = [("number", t, ()) for t in texts] + [
        ("choice", t, ("a", "b", "c")) for t in texts[:300]
    ]
    read = 0
    for (kind, text, choices), mine in zip(kinds, got, strict=True):
        try:
            typed = exercises.read(kind, text, list(choices))
        except ValueError as error:
            assert mine == {"error": str(error)}, (kind, text)
            continue
        read += 1
        if kind == "choice":
            assert mine == {"value": typed}, text
        else:
            assert (
                close(mine["value"]["number"], typed.value)
                and mine["value"]["decimals"] == typed.decimals
            ), text
    assert read > 300
    boxes = [state(answers.box(key)) for key in ("ch02-cg", "ch03-dcg-swap", "ch11-tau")]
    cases = [(box, text) for box in boxes for text in texts]
    verdicts = arith.evaluate(JUDGE_ALL, [list(case) for case in cases])
    for (box, text), browser in zip(cases, verdicts, strict=True):
        python = python_verdict(box, text)
        assert (browser["outcome"], browser["message"]) == (python.outcome, python.message), text


def test_the_answer_rule_s_constants_and_words(arith) -> None:
    got = arith.evaluate(
        """() => [ar.TRIM, ar.NOT_A_NUMBER, ar.NUMBER.source, ar.FRACTION.source,
                  [0, 1, 2, 3].map((n) => ar.decimalsText(n)), ar.MINUS, ar.ROUNDED,
                  ar.judge({ kind: "number", expected: 0.25, decimals: 2, traps: [], hint: "h",
                             exact: "the exact value is 0.25" },
                           { number: 0.25, decimals: 2 })]"""
    )
    trim, not_a_number, number, fraction, words, minus, rounded, judged = got
    assert trim == exercises.TRIM and not_a_number == exercises.NOT_A_NUMBER
    assert (minus, rounded) == (exercises.MINUS, exercises.ROUNDED)
    assert fraction.strip("^$").replace("\\/", "/") == exercises.FRACTION.pattern
    assert number.strip("^$") == exercises.NUMBER.pattern
    assert all(exercises.read("number", t, []) for t in ("1/4", "-3 / 12"))  # fractions read
    assert fraction.startswith("^") and "\\/" in fraction
    assert words == ["0 decimals", "1 decimal", "2 decimals", "3 decimals"]
    python = exercises.judge(exercises.Typed(0.25, 2), 0.25, "h", 2)
    assert (judged["correct"], judged["outcome"], judged["message"]) == (
        python.correct,
        python.outcome,
        python.message,
    )


# ---- the list above is every export

COVERED: dict[str, Callable[..., None]] = {
    name: test
    for test, names in {
        test_every_measure_equals_the_library_on_random_lists: "cg dcg idcg ndcg precision recall"
        " averagePrecision reciprocalRank err rbp rbpResidual binaryNdcg figures",
        test_gains_discounts_and_the_ideal_equal_the_library: "GAINS DISCOUNTS UNJUDGED gainOf"
        " log2Rank discountParts weight weights depth scored discountedSum idealGrades byGain"
        " positions",
        test_swap_matrix_and_lambdas_equal_ndcg_ltr: "swapMatrix lambdas cutDiscounts swapped",
        test_ties_orders_and_swap_distances_equal_the_goals_python: "blocksOf extremeOrder"
        " worstRelevantFirst swapDistance relevantFirst relevant",
        test_goal_verdicts_equal_ranking_widget_goal_status: "goalStatus near GOAL_TOLERANCE",
        test_the_chart_scale_is_the_smallest_round_number_above: "roundUp",
        test_every_exercise_s_answers_are_judged_as_in_python: "verdict",
        test_random_text_reads_alike: "parseAnswer",
        test_the_answer_rule_s_constants_and_words: "TRIM NOT_A_NUMBER NUMBER FRACTION"
        " decimalsText judge MINUS ROUNDED",
    }.items()
    for name in names.split()
}


def test_every_export_is_held_to_the_python(arith) -> None:
    assert arith.exports == set(COVERED), arith.exports ^ set(COVERED)
