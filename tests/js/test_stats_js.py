"""The browser's paired tests (js/stats.js, random.js) against numpy and ndcg.stats.

The evaluation page compares two runs with the figures chapter 7 teaches, and they must be
the library's for the same seed. Here the modules run in Node (skipped without it) and are
held to numpy's generator draw for draw (its state after seeding, the first 10^5 bounded
integers and sign choices for several seeds and ranges, across calls) and to
``ndcg.stats`` on random pairs of 2 to 2000 queries, enumerated and drawn, every
alternative, several seeds and confidences: p-values, means and interval ends equal to the
last bit, and the same error messages.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from _js_results import camel, js_fields
from _node import needs_node, run_module

from ndcg import stats

JS = Path(__file__).resolve().parents[2] / "js"
pytestmark = needs_node

# Reads {"calls": [...]} on stdin; each call names an export of stats.js or random.js (or a
# draw sequence on one generator) and gets back {"value": ...} or {"error", "type"}.
RUNNER = """
import { readFileSync } from "node:fs";
import * as stats from "STATS";
import * as random from "RANDOM";
const decode = (x) => {
  if (Array.isArray(x)) return x.map(decode);
  if (x && typeof x === "object") {
    if ("float" in x) return Number(x.float);
    if ("bigint" in x) return BigInt(x.bigint);
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, decode(v)]));
  }
  return x;
};
const encode = (x) => (ArrayBuffer.isView(x) ? Array.from(x) : x);
function draws({ seed, steps }) {
  const gen = random.defaultRng(seed);
  const out = [];
  for (const [kind, low, high, size] of steps) {
    const got = kind === "choice"
      ? random.choice(gen, [-1.0, 1.0], size)
      : random.integers(gen, low, high, size);
    for (const v of got) out.push(v);
  }
  return out;
}
const input = JSON.parse(readFileSync(0, "utf8"));
const results = input.calls.map(({ fn, args }) => {
  try {
    if (fn === "draws") return { value: draws(decode(args[0])) };
    if (fn === "state") return { value: random.stateHex(random.defaultRng(decode(args[0]))) };
    const f = stats[fn] ?? random[fn];
    return { value: encode(f(...decode(args))) };
  } catch (error) {
    return { error: error.message, type: error.constructor.name };
  }
});
process.stdout.write(JSON.stringify(results));
"""


def node(calls: list[dict[str, Any]], tmp_path: Path) -> list[dict[str, Any]]:
    """Run the calls in one Node process and return their results in order."""
    script = tmp_path / "runner.mjs"
    text = RUNNER.replace("STATS", (JS / "stats.js").as_uri()).replace(
        "RANDOM", (JS / "random.js").as_uri()
    )
    script.write_text(text, encoding="utf-8")
    return json.loads(run_module(script, stdin=json.dumps({"calls": calls}, allow_nan=False)))


def number(x: float) -> Any:
    """A float as JSON carries it to the runner (non-finite ones as {"float": "NaN"})."""
    return (
        x
        if math.isfinite(x)
        else {"float": repr(x).replace("nan", "NaN").replace("inf", "Infinity")}
    )


# --- numpy's generator -------------------------------------------------------------------

SEEDS = [0, 1, 7, 42, 12345, 2**32 - 1, 2**32, 2**53 - 1, 10**20, 2**64 + 5, 2**130 + 3]


def js_seed(seed: int) -> Any:
    """A seed as the page passes it: a Number where it holds the integer exactly, else a BigInt."""
    return seed if float(seed) == seed else {"bigint": str(seed)}


def test_seeding_gives_numpys_pcg64_state(tmp_path: Path) -> None:
    got = node([{"fn": "state", "args": [js_seed(s)]} for s in SEEDS], tmp_path)
    for seed, result in zip(SEEDS, got, strict=True):
        want = np.random.default_rng(seed).bit_generator.state["state"]
        assert int(result["value"]["state"], 16) == want["state"], seed
        assert int(result["value"]["inc"], 16) == want["inc"], seed


# (kind, low, high) ranges: 2 (choice's), small and page-sized query counts, ones whose
# Lemire threshold rejects often (just above 2^31), the 2^32 - 1 edge and a single value.
RANGES = [
    ("integers", 0, 2),
    ("integers", 0, 3),
    ("integers", 0, 10),
    ("integers", 0, 250),
    ("integers", 0, 500),
    ("integers", 5, 1005),
    ("integers", 0, 2**31 + 1),
    ("integers", 0, 3 * 2**30 + 7),
    ("integers", 0, 2**32 - 1),
    ("integers", 0, 2**32),
    ("integers", 3, 4),
    ("choice", 0, 2),
]
N_DRAWS = 100_000


def numpy_draws(seed: int, steps: list[tuple[str, int, int, int]]) -> list[float]:
    rng = np.random.default_rng(seed)
    out: list[float] = []
    for kind, low, high, size in steps:
        if kind == "choice":
            out += rng.choice(np.array([-1.0, 1.0]), size=size).tolist()
        else:
            out += rng.integers(low, high, size=size).tolist()
    return out


def test_first_draws_equal_numpys(tmp_path: Path) -> None:
    cases = [
        (seed, [(kind, low, high, N_DRAWS)])
        for seed in SEEDS[:4] + [SEEDS[-1]]
        for kind, low, high in RANGES
    ]
    got = node(
        [{"fn": "draws", "args": [{"seed": js_seed(s), "steps": st}]} for s, st in cases], tmp_path
    )
    for (seed, steps), result in zip(cases, got, strict=True):
        assert result["value"] == numpy_draws(seed, steps), (seed, steps)


def test_draws_run_on_across_calls_as_numpys_chunks_do(tmp_path: Path) -> None:
    # Odd sizes leave half of a 64-bit output buffered for the next call, as ndcg.stats'
    # chunks do; numpy's stream runs on, and so must this one.
    rng = np.random.default_rng(3)
    cases = []
    for seed in SEEDS[:5]:
        steps = [
            (str(kind), int(low), int(high), int(rng.integers(1, 2000)))
            for kind, low, high in (RANGES[int(i)] for i in rng.integers(0, len(RANGES), 12))
        ]
        cases.append((seed, steps))
    got = node(
        [{"fn": "draws", "args": [{"seed": js_seed(s), "steps": st}]} for s, st in cases], tmp_path
    )
    for (seed, steps), result in zip(cases, got, strict=True):
        assert result["value"] == numpy_draws(seed, steps), (seed, steps)


# --- ndcg.stats ----------------------------------------------------------------------------


def pairs(seed: int, count: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Random per-query score pairs: NDCG-like, tied, grade-like, tiny, huge, all equal."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(count):
        n = int(rng.choice([2, 3, 5, 8, 13, 14, 20, 50, 129, 250, 257, 500]))
        a = rng.random(n)
        b = np.clip(a + rng.normal(0.02 * (i % 3 - 1), 0.1, n), 0, 1)
        kind = i % 7
        if kind == 1:  # scores on a coarse grid: many equal differences and ties
            a, b = a.round(1), b.round(1)
        elif kind == 2:  # subnormal differences: the scaling goes up 2^1000 and more
            a, b = a * 1e-310, b * 1e-310
        elif kind == 3:  # near the top of float64: the scaling goes down
            a, b = a * 1e307, b * -1e307
        elif kind == 4:  # every difference of one size: the mirror arrangements tie
            b = a - 0.25 * np.where(rng.random(n) < 0.5, 1.0, -1.0)
        elif kind == 5 and n > 2:  # identical systems on most queries
            b = a.copy()
            b[0] += 0.5
        out.append((a, b))
    out.append((np.zeros(6), np.zeros(6)))  # no difference at all
    return out


def randomization_cases(seed: int, count: int) -> list[tuple[np.ndarray, np.ndarray, dict]]:
    rng = np.random.default_rng(seed + 1)
    cases = []
    for a, b in pairs(seed, count):
        options = {
            "n_resamples": int(rng.choice([1, 7, 100, 1000, 2**13, 10_000])),
            "alternative": str(rng.choice(stats._ALTERNATIVES)),
            "seed": int(rng.choice([0, 1, 99, 2**40])),
        }
        cases.append((a, b, options))
    return cases


def camel_options(options: dict) -> dict:
    return {camel(k): v for k, v in options.items()}


def test_randomization_test_equals_ndcg_stats(tmp_path: Path) -> None:
    # No tolerance: ndcg.stats sums `signs @ unit` in BLAS's order and stats.js in query
    # order, so a resample's mean may differ in its last bits, but a hit is a mean past the
    # observed one less 1e-12 of the largest difference, far above those bits (the tied
    # arrangements of equal-sized differences, kind 4 in `pairs`, sit right at that bar);
    # the observed mean is numpy's pairwise sum, reproduced.
    cases = randomization_cases(11, 120)
    # Chunks: 2,000,000 // 2000 = 1000 rows, so 10^4 resamples are drawn in ten calls.
    cases.append(
        (np.linspace(0, 1, 2000), np.linspace(0, 1, 2000)[::-1] ** 2, {"n_resamples": 10_000})
    )
    calls = [
        {"fn": "pairedRandomizationTest", "args": [a.tolist(), b.tolist(), camel_options(o)]}
        for a, b, o in cases
    ]
    got = node(calls, tmp_path)
    exact = drawn = 0
    for (a, b, options), result in zip(cases, got, strict=True):
        want = stats.paired_randomization_test(a, b, **options)
        value = result["value"]
        assert value == js_fields(want), (a.size, options)
        exact += want.exact
        drawn += not want.exact
    assert exact > 20 and drawn > 20  # both ways of counting are held


def test_bootstrap_interval_equals_ndcg_stats(tmp_path: Path) -> None:
    rng = np.random.default_rng(5)
    cases = []
    for a, b in pairs(23, 100):
        options = {
            "confidence": float(rng.choice([0.5, 0.9, 0.95, 0.99, 0.999, 1 - 1e-16])),
            "n_resamples": int(rng.choice([1, 2, 10, 999, 4000, 10_000])),
            "seed": int(rng.choice([0, 3, 2**33])),
        }
        cases.append((a, b, options))
    cases.append(
        (np.linspace(0, 1, 2000), np.linspace(0, 1, 2000)[::-1] ** 2, {"n_resamples": 5000})
    )
    calls = [
        {"fn": "pairedBootstrapCi", "args": [a.tolist(), b.tolist(), camel_options(o)]}
        for a, b, o in cases
    ]
    got = node(calls, tmp_path)
    for (a, b, options), result in zip(cases, got, strict=True):
        want = stats.paired_bootstrap_ci(a, b, **options)
        assert result["value"] == js_fields(want), (a.size, options)


GOOD = [0.5, 0.25, 0.75]
# (function, a, b, options): each wrong in one way (the last: options are checked first).
BAD_CALLS = [
    ("paired_randomization_test", [0.5], [0.4], {}),
    ("paired_bootstrap_ci", [0.5], [0.4], {}),
    ("paired_randomization_test", [0.5, 0.2, 0.1], [0.4, 0.3], {}),
    ("paired_bootstrap_ci", [0.5, 0.2], [0.4, 0.3, 0.1], {}),
    ("paired_randomization_test", [], [], {}),
    ("paired_randomization_test", GOOD, [], {}),
    ("paired_randomization_test", [0.5, math.nan, 0.1], GOOD, {}),
    ("paired_bootstrap_ci", GOOD, [0.5, 0.1, -math.inf], {}),
    ("paired_randomization_test", [math.inf, 0.1], [0.2, 0.3], {}),
    ("paired_randomization_test", [1.0, 1e308, 3.0], [0.0, -1e308, 1.0], {}),
    ("paired_bootstrap_ci", [1.0, 2.0**1023], [0.5, -(2.0**1023)], {}),
    ("paired_randomization_test", [True, 0.5], [0.1, 0.2], {}),
    ("paired_randomization_test", [0.5, None, 0.5], GOOD, {}),
    ("paired_randomization_test", None, GOOD, {}),
    ("paired_randomization_test", "0.5", GOOD, {}),
    ("paired_randomization_test", 0.5, GOOD, {}),
    ("paired_randomization_test", GOOD, GOOD, {"n_resamples": 0}),
    ("paired_randomization_test", GOOD, GOOD, {"n_resamples": 2.5}),
    ("paired_bootstrap_ci", GOOD, GOOD, {"n_resamples": -3}),
    ("paired_bootstrap_ci", GOOD, GOOD, {"n_resamples": "10"}),
    ("paired_randomization_test", GOOD, GOOD, {"alternative": "both"}),
    ("paired_randomization_test", GOOD, GOOD, {"alternative": 1}),
    ("paired_randomization_test", GOOD, GOOD, {"seed": -1}),
    ("paired_bootstrap_ci", GOOD, GOOD, {"seed": 0.5}),
    ("paired_bootstrap_ci", GOOD, GOOD, {"confidence": 1.5}),
    ("paired_bootstrap_ci", GOOD, GOOD, {"confidence": 0.0}),
    ("paired_bootstrap_ci", GOOD, GOOD, {"confidence": 1e-300 - 1e-300}),
    ("paired_bootstrap_ci", GOOD, GOOD, {"confidence": "0.9"}),
    ("paired_bootstrap_ci", [0.5], [0.4, 0.2], {"confidence": 95.0}),
]


def test_errors_carry_the_pythons_messages(tmp_path: Path) -> None:
    js_names = {
        "paired_randomization_test": "pairedRandomizationTest",
        "paired_bootstrap_ci": "pairedBootstrapCi",
    }

    def encode(value: Any) -> Any:
        if isinstance(value, list):
            return [encode(v) for v in value]
        return number(value) if isinstance(value, float) else value

    calls = [
        {"fn": js_names[fn], "args": [encode(a), encode(b), camel_options(o)]}
        for fn, a, b, o in BAD_CALLS
    ]
    got = node(calls, tmp_path)
    for (fn, a, b, options), result in zip(BAD_CALLS, got, strict=True):
        with pytest.raises((ValueError, TypeError)) as raised:
            getattr(stats, fn)(a, b, **options)
        assert result.get("error") == str(raised.value), (fn, a, b, options)
        # A Python TypeError is a JavaScript TypeError; a ValueError a plain Error.
        assert result["type"] == ("TypeError" if raised.type is TypeError else "Error")


def test_paired_differences_equal_the_pythons(tmp_path: Path) -> None:
    a, b = pairs(2, 1)[0]
    (result,) = node([{"fn": "pairedDifferences", "args": [a.tolist(), b.tolist()]}], tmp_path)
    assert result["value"] == stats.paired_differences(a, b).tolist()
