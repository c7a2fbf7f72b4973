"""trec_eval 10.0 itself as the oracle of the measure kernels, bit for bit.

trec_eval is built from its source with ``%.17g`` output (the fixture of
``test_trec_eval_oracle``) and run with ``-m all_trec -q`` on random collections: ties
between document ids, documents the qrels lack, ``-1`` judgments (in the pool, not
judged), graded levels, queries with nothing relevant, queries of the qrels missing from
the run under ``-c`` (trec_eval ranks a placeholder document for them), and ``-l 2``.
Every per-query value of every kernel, and the ``all`` line formed by the aggregation
functions, must be the same double trec_eval prints.

``NDCG_ORACLE_CASES=2000`` runs a larger sweep (default 150 collections).
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from _trec_rows import ZEROED_FOR_PLACEHOLDER, measures, read_qrels, read_run, rows, summary
from test_trec_eval_oracle import random_collection, run_trec_eval, trec_eval  # noqa: F401

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


def compare(binary, folder, seed: int, case: int) -> tuple[int, list[str], dict]:
    c = random_collection(seed, case)
    rng = np.random.default_rng([seed, case, 1])
    complete = bool(rng.random() < 0.4)
    level = int(rng.choice([1, 1, 2]))
    judged = c.judged if complete else {q: d for q, d in c.judged.items() if q in c.ranked}
    qrels, run = c.qrels_text(judged), c.run_text()
    argv = ["-q", "-l", str(level), "-m", "all_trec", *(["-c"] if complete else [])]
    want = parse(run_trec_eval(binary, folder, qrels, run, argv))
    r = rows(read_qrels(qrels), read_run(run), complete)
    values = measures(r, level)
    for i, q in enumerate(r.queries):
        if q not in c.ranked:  # the placeholder's leftovers, reset by trec_eval
            for name in values:
                if name.startswith(ZEROED_FOR_PLACEHOLDER):
                    if name == "relstring":
                        values[name][i] = ""
                    else:
                        values[name][i] = 0.0
    got: dict[tuple[str, str], object] = {}
    for name, column in values.items():
        if not name.startswith("gm_"):  # trec_eval prints only their mean
            got |= {(name, q): column[i] for i, q in enumerate(r.queries)}
    got |= {(name, "all"): v for name, v in summary(values, r.judged, complete).items()}
    bad, compared = [], 0
    kinds = {"placeholder": complete and any(q not in c.ranked for q in c.judged), "l2": level == 2}
    for key, value in got.items():
        theirs = want.get(key)
        compared += 1
        if key[0] == "relstring":
            ok = theirs == f"'{value}'"
        else:
            ok = theirs is not None and same(float(value), theirs)
        if not ok:
            bad.append(f"{key}: mine {value!r}, trec_eval {theirs}")
    return compared, bad, kinds


def test_every_kernel_equals_trec_eval_bit_for_bit(trec_eval, tmp_path):  # noqa: F811
    compared, failures, seen = 0, [], {"placeholder": 0, "l2": 0}
    for case in range(CASES):
        n, bad, kinds = compare(trec_eval.exact, tmp_path, 26, case)
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
    # Not vacuous: many values, and the placeholder and -l 2 were both met.
    assert compared > 50 * CASES
    assert seen["placeholder"] > 0 and seen["l2"] > 0
