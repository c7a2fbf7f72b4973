"""The widget's in-browser family (ranking.js) against ndcg.family and the discounts.

The static site has no kernel, so the ES module alone computes what a reader sees; each
metric of the family and each discount must agree with the library to 1e-12 relative, on
random lists with unjudged items, cutoffs past the end and pools of unretrieved items.
"""

from __future__ import annotations

import numpy as np
import pytest

import ndcg

from .conftest import import_module
from .test_widget_parity import close

pytestmark = pytest.mark.browser

ESM = "ranking"
CASES = 800
DISCOUNTS = ["log2", "reciprocal", ["log", 2], ["log", 3.5], ["geometric", 0.8], ["geometric", 0.5]]


COMPUTE = """(cases) => cases.map((c) => rw.family(c.grades, c.unretrieved, c.k,
  { gain: c.gain, unjudged: c.unjudged, discount: c.discount, threshold: c.threshold,
    maxGrade: c.max_grade, p: c.p }))"""


def random_cases(seed: int = 20261123) -> list[dict[str, object]]:
    rng = np.random.default_rng(seed)
    cases: list[dict[str, object]] = []
    for i in range(CASES):
        n = int(rng.integers(1, 30))
        m = int(rng.integers(0, 8)) if rng.random() < 0.6 else 0
        grades: list[float | None] = rng.integers(0, 5, n).astype(float).tolist()
        if i % 3 == 1:
            for j in np.flatnonzero(rng.random(n) < 0.3):
                grades[j] = None
        if i % 40 == 0:
            grades = [0.0 if g is not None else None for g in grades]
        discount = DISCOUNTS[i % len(DISCOUNTS)]
        cases.append(
            {
                "grades": grades,
                "unretrieved": rng.integers(0, 5, m).astype(float).tolist(),
                "k": None if rng.random() < 0.3 else int(rng.integers(1, n + 6)),
                "gain": "linear" if rng.random() < 0.5 else "exponential",
                "unjudged": "zero" if rng.random() < 0.5 else "condense",
                "discount": discount,
                "threshold": int(rng.integers(1, 4)),
                "max_grade": 4,
                "p": float(rng.choice([0.5, 0.8, 0.95])),
            }
        )
    return cases


def library(case: dict[str, object]) -> dict[str, float]:
    rel = case["grades"]
    judged = [g for g in rel if g is not None] + list(case["unretrieved"])  # type: ignore[attr-defined]
    pool = judged or None
    k, unjudged, threshold, p = case["k"], case["unjudged"], case["threshold"], case["p"]
    discount = tuple(case["discount"]) if isinstance(case["discount"], list) else case["discount"]
    binary = {"k": k, "threshold": threshold, "unjudged": unjudged}
    return {
        "ndcg": ndcg.ndcg(
            rel, k=k, gain=case["gain"], pool=pool, unjudged=unjudged, discount=discount
        ),
        "precision": ndcg.precision(rel, **binary),
        "recall": ndcg.recall(rel, pool=pool, **binary),
        "ap": ndcg.average_precision(rel, pool=pool, **binary),
        "rr": ndcg.reciprocal_rank(rel, **binary),
        "err": ndcg.err(rel, k=k, max_grade=case["max_grade"], unjudged=unjudged),
        "rbp": ndcg.rbp(rel, p=p, **binary),
        "rbpResidual": ndcg.rbp_residual(rel, p=p, k=k, unjudged=unjudged),
        # Every grade at or above the threshold counts 1: the NDCG PySpark computes from
        # Python, where the grades never reach the metric (chapter 14).
        "binary_ndcg": ndcg.ndcg(
            rel,
            k=k,
            gain=lambda g: float(g >= threshold),
            pool=pool,
            unjudged=unjudged,
            discount=discount,
        ),
    }


@pytest.fixture()
def module_page(page):
    exports = import_module(page, ESM, "rw", "family parity")
    assert {"family", "weight", "ndcgDiscounted", "err", "rbp", "rbpResidual"} <= exports
    return page


def test_browser_family_equals_the_library_on_random_lists(module_page) -> None:
    cases = random_cases()
    browser = module_page.evaluate(COMPUTE, cases)
    mismatches = [
        (case, key, got[key], value)
        for case, got in zip(cases, browser, strict=True)
        for key, value in library(case).items()
        if not close(got[key], value)
    ]
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[0]}"
    # Not vacuous: every metric takes many values, and every rule is reached.
    for key in ("ndcg", "ap", "err", "rbp", "rbpResidual", "binary_ndcg"):
        assert len({round(got[key], 9) for got in browser}) > 100, key
    assert len({got["rr"] for got in browser}) > 8  # 1/i for many first relevant ranks i
    assert sum(None in c["grades"] for c in cases) > 200  # type: ignore[operator]


def test_d1_d6_in_the_browser(module_page) -> None:
    d, pool = [3, 2, 3, 0, 1, 2], [3, 2]
    got = module_page.evaluate(
        """([d, pool]) => [rw.err(d, 3), rw.rbp(d, 0.8), rw.averagePrecision(d, pool),
             rw.reciprocalRank([0, 0, 1]), rw.precision(d, 4), rw.rbpResidual([1, null, 0], 0.5),
             rw.ndcgDiscounted(d, pool, 6, "linear", "zero", ["log", 2])]""",
        [d, pool],
    )
    want = [
        ndcg.err(d, max_grade=3),
        ndcg.rbp(d, p=0.8),
        ndcg.average_precision(d, pool=d + pool),
        ndcg.reciprocal_rank([0, 0, 1]),
        ndcg.precision(d, k=4),
        ndcg.rbp_residual([1, None, 0], p=0.5),
        ndcg.ndcg(d, k=6, pool=d + pool, discount=("log", 2)),
    ]
    assert all(close(a, b) for a, b in zip(got, want, strict=True)), (got, want)


def test_the_weights_are_the_library_s(module_page) -> None:
    for discount in DISCOUNTS:
        got = module_page.evaluate(
            "(d) => [1, 2, 3, 4, 5, 6].map((i) => rw.weight(i, d))", discount
        )
        spec = tuple(discount) if isinstance(discount, list) else discount
        want = ndcg.breakdown([1] * 6, discount=spec)["discount"].tolist()
        assert all(close(a, b) for a, b in zip(got, want, strict=True)), (discount, got, want)


def test_a_wrong_rule_would_be_caught(module_page) -> None:
    # AP divided by the retrieved relevant items only (no pool) differs from the library's.
    got = module_page.evaluate("() => rw.averagePrecision([3, 2, 3, 0, 1, 2], [])")
    assert not close(got, ndcg.average_precision([3, 2, 3, 0, 1, 2], pool=[3, 2, 3, 0, 1, 2, 3, 2]))


FIGURES = """(cases) => cases.map((c) => rw.figures(c.grades, c.unretrieved, c.k,
  { gain: c.gain, unjudged: c.unjudged, discount: c.discount, threshold: c.threshold,
    maxGrade: c.max_grade, p: c.p }))"""


def test_the_widget_s_readouts_equal_the_library_under_every_discount(module_page) -> None:
    # rw.figures is what the widget puts on screen: DCG's kin under the chosen discount and
    # the family, with the widget's threshold, top grade and persistence.
    cases = random_cases(seed=7)
    browser = module_page.evaluate(FIGURES, cases)
    mismatches = []
    for case, got in zip(cases, browser, strict=True):
        rel, k, unjudged = case["grades"], case["k"], case["unjudged"]
        judged = [g for g in rel if g is not None] + list(case["unretrieved"])  # type: ignore[attr-defined]
        spec = tuple(case["discount"]) if isinstance(case["discount"], list) else case["discount"]
        dcgs = {"k": k, "gain": case["gain"], "unjudged": unjudged, "discount": spec}
        want = library(case) | {
            "cg": ndcg.cg(rel, k=k, unjudged=unjudged),
            "dcg": ndcg.dcg(rel, **dcgs),
            "idcg": ndcg.idcg(rel, pool=judged or None, **dcgs),
        }
        del want["rbpResidual"]  # a bound, not a readout
        assert set(got) == set(want)
        mismatches += [
            (case, key, got[key], value)
            for key, value in want.items()
            if not close(got[key], value)
        ]
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[0]}"
    assert len({round(got["dcg"], 9) for got in browser}) > 300


def test_the_view_s_goal_verdicts_on_the_family_equal_python_s(module_page) -> None:
    # goalStatus, the view's verdict, against RankingWidget.goal_status on random orders,
    # for a goal on each family metric and for "NDCG rises while ERR falls".
    from ndcg.widgets import RankingWidget, goals

    rng = np.random.default_rng(3)
    items = [(f"D{i}", float(g)) for i, g in enumerate([3, 2, 3, 0, 1, 2, 4, 0])]
    made = [
        goals.rises_while_falls("ndcg", "err"),
        goals.rises_while_falls("err", "ndcg", discount=("geometric", 0.5)),
        goals.rises_while_falls("ndcg", "ndcg", k=2, other_k=None),
        goals.falls_while_same("ap", "rr"),
        goals.best("rbp"),
        goals.worst("recall", swaps=1),
        goals.at_least("precision", 0.6),
        goals.below("ndcg", 0.8, discount="reciprocal"),
        # The rule of chapter 14: relevant items (here grade 2 or more) first.
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
    )
    start = [label for label, _ in items]
    grade = dict(items)
    seen = set()
    for _ in range(60):
        order = list(rng.permutation(start)) if rng.random() < 0.7 else start[:]
        if order == start:
            i, j = rng.choice(len(start), 2, replace=False)
            order[i], order[j] = order[j], order[i]
        w.order = order
        # The swap distance is counted on labels: equal grades would merge.
        got = module_page.evaluate(
            """([goals, now, start, order, labels, family]) => goals.map((goal) =>
               rw.goalStatus(goal, {
                 now, start, unretrieved: [3], unjudged: "zero", blocks: [[0, now.length]],
                 distance: rw.swapDistance(order, labels), missing: [], family }))""",
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
            assert mine["reached"] == theirs["reached"], (goal, order)
            assert mine["broken"] == theirs["broken"], (goal, order)
            assert close(mine["value"], theirs["value"]), (goal, order)
            if theirs["limit"] is not None:
                assert close(mine["limit"], theirs["limit"]), (goal, order)
            seen.add((goal["kind"], goal["metric"], mine["reached"]))
    assert len(seen) >= 10  # the verdicts vary: not every goal always met, or never
