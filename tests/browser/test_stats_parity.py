"""The evaluation page's paired tests (js/stats.js, random.js) in Chromium.

tests/js/test_stats_js.py holds both modules to numpy and ndcg.stats in Node on hundreds of
cases; this proves the same in the browser the page runs in: numpy's draws, both tests on
enumerated and drawn sign flips and bootstrap intervals equal to the last bit, and the
Python's message for an input it refuses.
"""

from __future__ import annotations

import numpy as np
import pytest
from _js_results import js_fields

from ndcg import stats

from ._jsmodule import import_module

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def js(browser):
    """A blank page with stats.js as ``window.st`` and random.js as ``window.rnd``."""
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<!DOCTYPE html><title>paired tests parity</title>")
    assert "pairedBootstrapCi" in import_module(page, "js/stats", "st")
    assert "integers" in import_module(page, "js/random", "rnd")
    yield page
    context.close()


def _scores(n: int, seed: int) -> tuple[list[float], list[float]]:
    rng = np.random.default_rng(seed)
    a = rng.random(n)
    b = np.clip(a + rng.normal(0.02, 0.1, n), 0, 1)
    return a.tolist(), b.tolist()


@pytest.mark.parametrize("seed", [0, 42])
def test_draws_equal_numpys(js, seed: int) -> None:
    got = js.evaluate(
        """(seed) => {
          const gen = window.rnd.defaultRng(seed);
          return [Array.from(window.rnd.integers(gen, 0, 250, 10000)),
                  Array.from(window.rnd.choice(gen, [-1.0, 1.0], 10001)),
                  Array.from(window.rnd.integers(gen, 0, 2 ** 31 + 1, 999))];
        }""",
        seed,
    )
    rng = np.random.default_rng(seed)
    assert got[0] == rng.integers(0, 250, 10000).tolist()
    assert got[1] == rng.choice(np.array([-1.0, 1.0]), 10001).tolist()
    assert got[2] == rng.integers(0, 2**31 + 1, 999).tolist()


RANDOMIZATION = [
    (5, {"alternative": "two-sided", "seed": 0}),  # all 32 arrangements
    (13, {"alternative": "greater", "seed": 0}),  # all 8192
    (250, {"alternative": "two-sided", "seed": 0}),
    (250, {"alternative": "less", "seed": 7}),
    (500, {"alternative": "greater", "seed": 1, "n_resamples": 4001}),
]


@pytest.mark.parametrize(("n", "options"), RANDOMIZATION)
def test_randomization_test_equals_ndcg_stats(js, n: int, options: dict) -> None:
    a, b = _scores(n, n)
    got = js.evaluate(
        """([a, b, o]) => window.st.pairedRandomizationTest(a, b, {
          nResamples: o.n_resamples ?? 10000, alternative: o.alternative, seed: o.seed })""",
        [a, b, options],
    )
    want = stats.paired_randomization_test(a, b, **options)
    assert got == js_fields(want)


@pytest.mark.parametrize(
    ("n", "options"),
    [(2, {"confidence": 0.95}), (50, {"confidence": 0.9, "seed": 3}), (250, {}), (600, {})],
)
def test_bootstrap_interval_equals_ndcg_stats(js, n: int, options: dict) -> None:
    a, b = _scores(n, n + 1)
    got = js.evaluate(
        """([a, b, o]) => window.st.pairedBootstrapCi(a, b, {
          confidence: o.confidence ?? 0.95, seed: o.seed ?? 0 })""",
        [a, b, options],
    )
    want = stats.paired_bootstrap_ci(a, b, **options)
    assert got == js_fields(want)


def test_refused_input_gets_the_pythons_message(js) -> None:
    got = js.evaluate(
        """() => { try { window.st.pairedBootstrapCi([0.5], [0.25]); return null; }
                   catch (error) { return error.message; } }"""
    )
    with pytest.raises(ValueError, match="at least 2 queries") as raised:
        stats.paired_bootstrap_ci([0.5], [0.25])
    assert got == str(raised.value)
