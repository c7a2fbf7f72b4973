"""The widget's in-browser arithmetic (ranking.js) against the ndcg library, in Chromium.

On the static site nothing but the ES module computes the figures a reader sees, so it
must agree with the library on every rule: gain, discount, cutoff, unjudged items, ideal
from every judged item, and 0 for an empty ideal.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from golden import D_DCG, D_DCG_SWAPPED, D_IDCG_AT_6, D_NDCG_AT_6, FIVE_DCG

import ndcg

from .conftest import import_module

pytestmark = pytest.mark.browser

ESM = "ranking"
CASES = 1200
REL = 1e-12

COMPUTE = """(cases) => cases.map(({ grades, unretrieved, k, gain, unjudged }) =>
  window.rw.metrics(grades, unretrieved, k, gain, unjudged))"""


def random_cases(seed: int = 20261122) -> list[dict[str, object]]:
    rng = np.random.default_rng(seed)
    cases: list[dict[str, object]] = []
    for i in range(CASES):
        n = int(rng.integers(1, 40))
        m = int(rng.integers(0, 12)) if rng.random() < 0.6 else 0
        if i % 3 == 0:
            # Real-valued grades, as in seed 004's scores.
            grades = rng.uniform(0, 4, n).round(int(rng.integers(1, 4)))
            pool = rng.uniform(0, 4, m).round(2)
        else:
            grades = rng.integers(0, 5, n).astype(float)
            pool = rng.integers(0, 5, m).astype(float)
        if i % 50 == 0:
            grades[:] = 0.0  # nothing relevant retrieved
            pool[:] = 0.0 if i % 100 == 0 else pool
        k = None if rng.random() < 0.25 else int(rng.integers(1, n + m + 5))
        listed: list[float | None] = grades.tolist()
        if i % 4 == 1:  # some retrieved items were never judged
            for j in np.flatnonzero(rng.random(n) < 0.3):
                listed[j] = None
        cases.append(
            {
                "grades": listed,
                "unretrieved": pool.tolist(),
                "k": k,
                "gain": "linear" if rng.random() < 0.5 else "exponential",
                "unjudged": "zero" if rng.random() < 0.5 else "condense",
            }
        )
    return cases


def library(case: dict[str, object]) -> dict[str, float]:
    rel = case["grades"]
    judged = [g for g in rel if g is not None] + list(case["unretrieved"])  # type: ignore[attr-defined]
    pool = judged or None  # nothing judged: the ideal is empty
    k, gain, unjudged = case["k"], case["gain"], case["unjudged"]
    return {
        "cg": ndcg.cg(rel, k=k, unjudged=unjudged),
        "dcg": ndcg.dcg(rel, k=k, gain=gain, unjudged=unjudged),
        "idcg": ndcg.idcg(rel, k=k, gain=gain, pool=pool, unjudged=unjudged),
        "ndcg": ndcg.ndcg(rel, k=k, gain=gain, pool=pool, unjudged=unjudged),
    }


def close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=REL, abs_tol=0.0) or (a == 0.0 and b == 0.0)


@pytest.fixture()
def module_page(page):
    exports = import_module(page, ESM, "rw", "parity")
    assert {"cg", "dcg", "idcg", "ndcg", "metrics", "gainOf", "discount", "log2Rank"} <= exports
    return page


def test_browser_figures_equal_the_library_on_random_lists(module_page) -> None:
    cases = random_cases()
    assert len(cases) >= 1000
    browser = module_page.evaluate(COMPUTE, cases)
    mismatches = []
    for case, got in zip(cases, browser, strict=True):
        want = library(case)
        for key, value in want.items():
            if not close(got[key], value):
                mismatches.append((case, key, got[key], value))
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[0]}"
    # The cases reach every rule: cutoffs beyond the list, pools, empty ideals, both gains.
    assert any(c["k"] is not None and c["k"] > len(c["grades"]) for c in cases)
    assert any(c["unretrieved"] for c in cases) and any(c["k"] is None for c in cases)
    unjudged = [c for c in cases if None in c["grades"]]  # type: ignore[operator]
    assert {c["unjudged"] for c in unjudged} == {"zero", "condense"} and len(unjudged) > 200
    assert sum(1 for got in browser if got["idcg"] == 0 and got["ndcg"] == 0) >= 5


def test_seed_figures_in_the_browser(module_page) -> None:
    d = [3, 2, 3, 0, 1, 2]
    got = module_page.evaluate(
        """(d) => [rw.dcg(d), rw.dcg([3, 2, 0, 3, 1, 2]), rw.idcg(d, [3, 2], 6),
                   rw.ndcg(d, [3, 2], 6), rw.dcg([4, 3, 5, 2, 1], null, "exponential")]""",
        d,
    )
    assert got == [
        D_DCG,
        D_DCG_SWAPPED,
        D_IDCG_AT_6,
        D_NDCG_AT_6,
        FIVE_DCG,
    ]


def test_unknown_gain_throws_in_the_browser(module_page) -> None:
    message = module_page.evaluate(
        "() => { try { rw.gainOf(1, 'log'); return 'no error'; } catch (e) { return e.message; } }"
    )
    assert "gain must be one of linear, exponential" in message


def test_a_wrong_rule_would_be_caught(module_page) -> None:
    # Guard against a vacuous comparison: ideal from the retrieved items only differs.
    case = {
        "grades": [3, 2, 3, 0, 1, 2],
        "unretrieved": [3, 2],
        "k": 6,
        "gain": "linear",
        "unjudged": "zero",
    }
    wrong = module_page.evaluate("(c) => rw.metrics(c.grades, [], c.k, c.gain)", case)
    assert not close(wrong["ndcg"], library(case)["ndcg"])


def test_discount_means_one_over_log2_in_the_browser(module_page) -> None:
    got = module_page.evaluate("() => [1, 2, 3].map((i) => [rw.discount(i), rw.log2Rank(i)])")
    want = ndcg.breakdown([1, 1, 1])
    assert [d for d, _ in got] == want["discount"].tolist()
    assert [r for _, r in got] == want["log2(i+1)"].tolist()


def test_unjudged_items_in_the_browser(module_page) -> None:
    got = module_page.evaluate(
        """() => [rw.metrics([3, null, 2], [3], null, "linear", "zero").ndcg,
                  rw.metrics([3, null, 2], [3], null, "linear", "condense").ndcg]"""
    )
    assert got == [
        ndcg.ndcg([3, None, 2], pool=[3, 2, 3]),
        ndcg.ndcg([3, None, 2], pool=[3, 2, 3], unjudged="condense"),
    ]
