"""How long the evaluation page's paired tests take in JavaScript, beside ndcg.stats.

Runs js/stats.js in Node (as the page's worker runs it) on two runs' scores for 250
queries: the randomization test and the bootstrap interval, 10^4 resamples each (the
defaults, 2.5 million draws apiece), median of several runs after a warm-up. Beside them:
the same calls in Python (numpy, vectorised), and numpy's generator in random.js on its own
(32-bit draws per second) against the same PCG64 step written with BigInt, the choice the
module's 16-bit limbs avoid.

Run with ``python -m bench`` (all benchmarks) or ``python -m bench.paired_tests``.
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

from ndcg import stats

JS = Path(__file__).resolve().parents[1] / "js"
QUERIES = 250
RESAMPLES = 10_000
REPEATS = 7
DRAWS = 2_000_000

TIMER = """
import * as stats from "STATS";
import * as random from "RANDOM";
const [a, b, repeats, draws] = JSON.parse(process.argv[2]);
const median = (xs) => xs.sort((x, y) => x - y)[xs.length >> 1];
function time(f) {
  f();  // warm-up: the first call compiles
  const out = [];
  for (let i = 0; i < repeats; i += 1) {
    const t = performance.now();
    f();
    out.push(performance.now() - t);
  }
  return median(out);
}
// The same step and output with BigInt: what 16-bit limbs are measured against.
const M = 0x2360ED051FC65DA44385DF649FCCF645n, MASK = (1n << 128n) - 1n, M64 = (1n << 64n) - 1n;
function bigintDraws(n) {
  let s = 0x1aa1b5345996452d09585eb7a69561e3n, inc = 0x418ddadb3af71a82588133bc447873a9n, x = 0n;
  for (let i = 0; i < n / 2; i += 1) {
    s = (s * M + inc) & MASK;
    const rot = s >> 122n, v = ((s >> 64n) ^ s) & M64;
    x ^= ((v >> rot) | (v << ((64n - rot) & 63n))) & M64;
  }
  return x;
}
const gen = random.defaultRng(0);
process.stdout.write(JSON.stringify({
  randomization: time(() => stats.pairedRandomizationTest(a, b, { nResamples: 10000 })),
  bootstrap: time(() => stats.pairedBootstrapCi(a, b, { nResamples: 10000 })),
  limbs: time(() => { for (let i = 0; i < draws; i += 1) random.next32(gen); }),
  bigint: time(() => bigintDraws(draws)),
}));
"""


def _python_ms(function, a: np.ndarray, b: np.ndarray) -> float:
    function(a, b, n_resamples=RESAMPLES)
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        function(a, b, n_resamples=RESAMPLES)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    node = shutil.which("node")
    if node is None:
        print("Node is not installed: nothing to time")
        return
    rng = np.random.default_rng(0)
    a = rng.random(QUERIES)
    b = np.clip(a + rng.normal(0.01, 0.1, QUERIES), 0, 1)
    text = TIMER.replace("STATS", (JS / "stats.js").as_uri()).replace(
        "RANDOM", (JS / "random.js").as_uri()
    )
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "timer.mjs"
        script.write_text(text, encoding="utf-8")
        arguments = json.dumps([a.tolist(), b.tolist(), REPEATS, DRAWS])
        done = subprocess.run(
            [node, "--experimental-default-type=module", str(script), arguments],
            capture_output=True,
            text=True,
            check=True,
        )
    js = json.loads(done.stdout)
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"{QUERIES} queries, {RESAMPLES} resamples, median of {REPEATS}; Node {version}")
    print(f"{'test':<15}{'JavaScript ms':>15}{'Python ms':>12}{'ratio':>8}")
    for name, function in (
        ("randomization", stats.paired_randomization_test),
        ("bootstrap", stats.paired_bootstrap_ci),
    ):
        python = _python_ms(function, a, b)
        print(f"{name:<15}{js[name]:>15.1f}{python:>12.1f}{js[name] / python:>8.2f}")
    limbs, bigint = DRAWS / js["limbs"] / 1000, DRAWS / js["bigint"] / 1000
    print(
        f"PCG64 32-bit draws: {limbs:.0f} M/s with 16-bit limbs, {bigint:.1f} M/s with "
        f"BigInt ({limbs / bigint:.1f}x slower)"
    )


if __name__ == "__main__":
    main()
