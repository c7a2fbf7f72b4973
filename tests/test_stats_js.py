"""The browser's paired tests (widgets/js/stats.js, random.js) against numpy and ndcg.stats.

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
import shutil
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ndcg import stats

NODE = shutil.which("node")
JS = Path(__file__).resolve().parents[1] / "src" / "ndcg" / "widgets" / "js"
pytestmark = pytest.mark.skipif(NODE is None, reason="Node is not installed")

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
    const got = kind === "choice" ? random.choice(gen, [-1.0, 1.0], size) : random.integers(gen, low, high, size);
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
    done = subprocess.run(
        [NODE, "--experimental-default-type=module", str(script)],
        input=json.dumps({"calls": calls}, allow_nan=False),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def number(x: float) -> Any:
    """A float as JSON carries it to the runner (non-finite ones as {"float": "NaN"})."""
    return x if math.isfinite(x) else {"float": repr(x).replace("nan", "NaN").replace("inf", "Infinity")}


# --- numpy's generator -------------------------------------------------------------------

SEEDS = [0, 1, 7, 42, 12345, 2**32 - 1, 2**32, 2**53 - 1, 2**64 + 5, 2**130 + 3]


def js_seed(seed: int) -> Any:
    return seed if seed <= 2**53 else {"bigint": str(seed)}


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
    got = node([{"fn": "draws", "args": [{"seed": js_seed(s), "steps": st}]} for s, st in cases], tmp_path)
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
    got = node([{"fn": "draws", "args": [{"seed": js_seed(s), "steps": st}]} for s, st in cases], tmp_path)
    for (seed, steps), result in zip(cases, got, strict=True):
        assert result["value"] == numpy_draws(seed, steps), (seed, steps)
