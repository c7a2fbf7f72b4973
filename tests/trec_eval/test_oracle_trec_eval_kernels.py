"""trec_eval 10.0 itself as the oracle of the measure kernels, bit for bit.

trec_eval is built from its source with ``%.17g`` output (the fixture of
``test_trec_eval_oracle``) and run with ``-m all_trec -q`` on random collections: ties
between document ids, documents the qrels lack, ``-1`` judgments (in the pool, not
judged), graded levels, queries with nothing relevant, queries of the qrels missing from
the run under ``-c`` (trec_eval ranks a placeholder document for them), ``-l 2``, and
``-J`` (only judged documents ranked), which leaves some rankings empty. A second sweep
gives every measure random parameters instead of trec_eval's defaults.
Every per-query value of every kernel, and the ``all`` line formed by the aggregation
functions, must be the same double trec_eval prints.

``NDCG_ORACLE_CASES=2000`` runs a larger sweep (default 150 collections).
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from _trec_rows import Params, measures, read_qrels, read_run, reset_placeholders, rows, summary

from trec_eval.test_oracle_trec_eval import random_collection, run_trec_eval, trec_eval  # noqa: F401

CASES = int(os.environ.get("NDCG_ORACLE_CASES", "150"))


def parse(text: str) -> dict[tuple[str, str], str]:
    out = {}
    for line in text.splitlines():
        name, query, value = line.split("\t")
        out[name.strip(), query] = value
    return out


def same(mine: float, theirs: str) -> bool:
    value = float(theirs)
    return (np.isnan(mine) and np.isnan(value)) or mine == value


def random_params(rng: np.random.Generator) -> tuple[list[str], Params]:
    """Parameters other than trec_eval's defaults, and the ``-m`` options that give them."""

    def some(pool, most=3):
        return tuple(sorted(rng.choice(pool, rng.integers(1, most + 1), replace=False).tolist()))

    def listed(values) -> str:
        return ",".join(f"{v:g}" for v in values)

    def gains() -> tuple[str, dict[int, float]]:
        # Whole gains, 0 and negative ones included (trec_eval orders gains by an int).
        levels = some(range(5))
        given = {int(lvl): float(rng.integers(-2, 10)) for lvl in levels}
        return ",".join(f"{lvl}={g:g}" for lvl, g in given.items()), given

    success, relative, unj = some(range(1, 25)), some(range(1, 25)), some(range(1, 25))
    multiples = some((0.1, 0.25, 0.3, 0.5, 0.7, 1.0, 1.5, 1.7, 2.5, 3.0))
    levels = some((0.0, 0.05, 0.15, 0.25, 0.35, 0.5, 0.75, 0.85, 1.0), 4)
    eleven = some((0.0, 0.2, 0.25, 0.5, 0.6, 1.0), 4)
    beta = float(rng.choice([0.25, 0.5, 2.0, 3.0]))
    coefficients = tuple(float(x) for x in rng.choice([-2.0, -1.0, 0.0, 0.5, 1.0, 3.0], 4))
    n_docs = int(rng.choice([0, 50, 5000]))
    length = int(rng.integers(1, 30))
    texts = {
        "set_F": f"{beta:g}",
        "utility": listed(coefficients),
        "relstring": str(length),
        "11pt_avg": listed(eleven),
    }
    maps = {}
    for name in ("G", "ndcg_rel", "Rndcg"):
        texts[name], maps[name] = gains()
    argv = ["-N", str(n_docs)]
    for name, values in (
        ("success", success),
        ("relative_P", relative),
        ("unj", unj),
        ("Rprec_mult", multiples),
        ("iprec_at_recall", levels),
    ):
        argv += ["-m", f"{name}.{listed(values)}"]
    argv += [a for name, text in texts.items() for a in ("-m", f"{name}.{text}")]
    for name in ("num_ret", "num_rel", "num_rel_ret", "num_nonrel_judged_ret", "Rprec"):
        argv += ["-m", name]
    for name in ("set_recall", "set_map", "set_relative_P", "bpref", "gm_bpref", "gm_map"):
        argv += ["-m", name]
    argv += ["-m", "infAP", "-m", "binG", "-m", "num_q", "-m", "rbp", "-m", "rbp_resid"]
    return argv, Params(
        success,
        relative,
        unj,
        multiples,
        levels,
        eleven,
        beta,
        coefficients,
        n_docs,
        length,
        maps,
        texts,
    )


def compare(
    binary, folder, seed: int, case: int, parameters: bool = False
) -> tuple[int, list[str], dict]:
    c = random_collection(seed, case)
    rng = np.random.default_rng([seed, case, 1])
    complete = bool(rng.random() < 0.4)
    level = int(rng.choice([1, 1, 2]))
    judged = c.judged if complete else {q: d for q, d in c.judged.items() if q in c.ranked}
    qrels, run = c.qrels_text(judged), c.run_text()
    measured, params = random_params(rng) if parameters else (["-m", "all_trec"], Params())
    judged_only = bool(rng.random() < 0.2)
    flags = [*(["-c"] if complete else []), *(["-J"] if judged_only else [])]
    argv = ["-q", "-l", str(level), *measured, *flags]
    want = parse(run_trec_eval(binary, folder, qrels, run, argv))
    r = rows(read_qrels(qrels), read_run(run), complete, judged_only)
    values = measures(r, level, params)
    reset_placeholders(values, r.queries, c.ranked)
    got: dict[tuple[str, str], object] = {}
    for name, column in values.items():
        if not name.startswith("gm_"):  # trec_eval prints only their mean
            got |= {(name, q): column[i] for i, q in enumerate(r.queries)}
    got |= {(name, "all"): v for name, v in summary(values, r.judged, complete).items()}
    bad, compared = [], 0
    kinds = {
        "placeholder": complete and any(q not in c.ranked for q in c.judged),
        "l2": level == 2,
        "empty": bool((r.n_ranked == 0).any()),
    }
    for key, value in got.items():
        theirs = want.get(key)
        compared += 1
        if key[0].startswith("relstring"):
            ok = theirs == f"'{value}'"
        else:
            ok = theirs is not None and same(float(value), theirs)
        if not ok:
            bad.append(f"{key}: mine {value!r}, trec_eval {theirs}")
    return compared, bad, kinds


@pytest.mark.parametrize("parameters", [False, True], ids=["defaults", "parameters"])
def test_every_kernel_equals_trec_eval_bit_for_bit(trec_eval, tmp_path, parameters):  # noqa: F811
    compared, failures, seen = 0, [], {"placeholder": 0, "l2": 0, "empty": 0}
    for case in range(CASES):
        n, bad, kinds = compare(trec_eval.exact, tmp_path, 26, case, parameters)
        compared += n
        seen = {k: seen[k] + kinds[k] for k in seen}
        if bad:
            failures.append((case, bad))
    if failures:
        case, bad = failures[0]
        c = random_collection(26, case)
        pytest.fail(
            f"{len(failures)} of {CASES} collections differ; collection {case}:\n"
            f"--- qrels\n{c.qrels_text()}--- run\n{c.run_text()}"
            + "\n".join(bad[:15])
            + "\nall: "
            + "\n".join(b for _, bs in failures for b in bs)
        )
    # Not vacuous: many values, and the placeholder, -l 2 and empty rankings were all met.
    assert compared > 40 * CASES
    assert all(seen.values()), seen
