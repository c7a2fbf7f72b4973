"""The browser's per-query trec_eval values equal the command line's, bit for bit.

``js/trec/kernels.js`` ports, for one query at a time, what
:func:`ndcg.cli.compute` puts in each cell: trec_eval's own measures (the row kernels of
``ndcg.trec.counts``, ``curves``, ``gains``, ``rbp``) and the library's measures
(:mod:`ndcg.trec.library`: NDCG and its family on the same rows). Random
collections (ties, unjudged and negatively graded documents, queries on one side only)
and trec_eval's own test files are scored by both, under random measure sets, gains,
``-l``, ``-J`` and ``-c``; every cell must be the same double (or string).

The queries are handed to the JavaScript as the engine builds them (``q`` of the contract
in the page's design): the run's lines in trec_eval's order with their grades, and
:func:`ndcg.trec.rows.trec_rows`' rows. Doubles travel as the hex of their bytes.
"""

from __future__ import annotations

import dataclasses
import json
import math
import struct
import subprocess
from decimal import Decimal, getcontext
from pathlib import Path

import numpy as np
import pytest
from _node import NODE, needs_node, run_module

from ndcg import cli
from ndcg.trec import read_qrels, read_run
from ndcg.trec.rows import evaluated_queries, trec_rows

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "js" / "kernels_runner.mjs"
CONFORMANCE = Path("/work/shared/conformance/trec_eval")

pytestmark = needs_node

#: The ``-m`` values the random cases draw from: every measure, default and given parameters.
SPECS = (
    "all_trec",
    "official",
    "ndcg_cut.5,10",
    "ndcg_cut.1,3,2000",
    "P.1,3,200",
    "ndcg.1=3,2=9",
    "ndcg.0=0.5,3=1",
    "G.1=2,2=5.5",
    "G",
    "ndcg_rel.0=1,2=4",
    "ndcg_rel",
    "Rndcg.1=3",
    "Rndcg",
    "success.1,2,50",
    "relstring.3",
    "relstring.20",
    "utility.1,-2,0.5,0",
    "utility.-1,0,0,2",
    "set_F.0.5",
    "11pt_avg.0.9,0.2,0.5",
    "iprec_at_recall.0.25,0.5,1",
    "Rprec_mult.0.5,1.5",
    "unj.1,3",
    "relative_P.2,4",
    "map_cut.2,5",
    "recall.3,100",
    "gm_map",
    "gm_bpref",
    "infAP",
    "binG",
    "rbp",
    "rbp_resid",
    "set_P",
    "set_recall",
    "set_map",
    "set_relative_P",
    "num_nonrel_judged_ret",
)
GAINS = ("linear", "exponential", "1=3,2=9", "0=0.5,3=1,12=2")
GRADES = (-1, 0, 0, 0, 1, 1, 2, 3, 4, 12)
DOCS = ("d1", "d2", "d10", "D3", "doc-7", "\u00e91", "a", "ab", "z", "d9", "d11", "x")


def _hex(values: object) -> str:
    return np.asarray(values, dtype="<f8").tobytes().hex()


def _bits(value: float) -> str:
    return struct.pack("<d", float(value)).hex()


def _spec(m: cli.Column) -> dict[str, object]:
    """A printed column as the engine hands it over: Column's fields, record and form."""
    fields = {f.name: getattr(m, f.name) for f in dataclasses.fields(m)}
    return {
        **fields,
        "record": dataclasses.asdict(cli.measures.BY_NAME[m.metric]),
        "form": dataclasses.asdict(m.form),
    }


@dataclasses.dataclass
class Case:
    """One collection and one command line: the JavaScript's input and the Python's table."""

    label: str
    qrels: Path
    run: Path
    specs: list[str]
    gain: str
    level: int
    judged_only: bool
    complete: bool


def _table(case: Case, chosen: list[cli.Column]) -> object:
    """The Python's table: what ``python -m ndcg`` prints, before its formatting."""
    qrels, run = read_qrels(case.qrels), read_run(case.run)
    return cli.compute(qrels, run, chosen, case.complete, case.judged_only, case.level, "r")


def _queries(case: Case) -> tuple[list[dict], np.ndarray]:
    """The q objects of the contract for the case's evaluated queries, and the stand-ins."""
    qrels, run = read_qrels(case.qrels), read_run(case.run)
    queries = evaluated_queries(qrels, run, case.complete)
    rows = trec_rows(qrels, run, queries, case.judged_only)
    grade_of = {
        (str(q), str(d)): float(g)
        for q, d, g in zip(qrels["query_id"], qrels["doc_id"], qrels["relevance"], strict=True)
    }
    lines: dict[str, list[tuple[str, float]]] = {}
    for q, d, s in zip(run["query_id"], run["doc_id"], run["score"], strict=True):
        lines.setdefault(str(q), []).append((str(d), float(s)))
    out = []
    for i, query in enumerate(queries):
        mine = sorted(lines.get(str(query), []), key=lambda x: x[0].encode(), reverse=True)
        mine.sort(key=lambda x: -x[1])  # stable: score descending, then docno descending
        judged = rows.judged[i]
        out.append(
            {
                "id": str(query),
                "docnos": [d for d, _ in mine],
                "scores": _hex([s for _, s in mine]),
                "grades": _hex([grade_of.get((str(query), d), math.nan) for d, _ in mine]),
                "ranked": _hex(rows.ranked[i, : rows.n_ranked[i]]),
                "nRanked": int(rows.n_ranked[i]),
                "judged": _hex(judged[~np.isnan(judged)]),
                "standIn": bool(rows.stand_in[i]),
            }
        )
    return out, rows.stand_in


def _random_case(rng: np.random.Generator, where: Path, n: int) -> Case:
    """A small collection with ties, unjudged documents and queries on one side only."""
    names = [f"q{j}" for j in rng.choice(30, size=int(rng.integers(2, 9)), replace=False)]
    judged_queries = names[: max(1, len(names) - 1)]
    run_queries = [q for q in names if q == judged_queries[0] or rng.random() < 0.75]
    qrels_lines, run_lines = [], []
    for q in judged_queries:
        extra = [f"j{j}" for j in range(rng.integers(0, 6))]
        pool = [d for d in DOCS if rng.random() < 0.6] + extra
        for d in pool:
            qrels_lines.append(f"{q} 0 {d} {int(rng.choice(GRADES))}")
    scale = float(rng.choice([1.0, 0.5, 0.001]))
    for q in run_queries:
        docs = list(DOCS) + [f"j{j}" for j in range(6)] + [f"u{j}" for j in range(20)]
        # The first query is in both files: without a shared query the CLI stops first.
        least = 1 if q == judged_queries[0] else 0
        picked = rng.choice(len(docs), size=int(rng.integers(least, 25)), replace=False)
        for rank, j in enumerate(picked):
            score = float(rng.integers(0, 6)) * scale if rng.random() < 0.6 else float(rng.random())
            run_lines.append(f"{q} Q0 {docs[j]} {rank} {score!r} r")
    qrels, run = where / f"qrels{n}", where / f"run{n}"
    qrels.write_text("\n".join(qrels_lines) + "\n", encoding="utf-8")
    run.write_text("\n".join(run_lines) + "\n", encoding="utf-8")
    specs: list[str] = []
    for spec in rng.choice(SPECS, size=int(rng.integers(1, 5)), replace=False):
        if all(str(spec).split(".")[0] != other.split(".")[0] for other in specs):
            specs.append(str(spec))  # one parameter list per measure, as the CLI asks
    return Case(
        f"random {n}",
        qrels,
        run,
        specs,
        str(rng.choice(GAINS)),
        int(rng.integers(0, 3)),
        bool(rng.random() < 0.4),
        bool(rng.random() < 0.5),
    )


def _conformance_cases() -> list[Case]:
    """trec_eval's own test files under every measure, with the option sets of its outputs."""
    qrels, run = CONFORMANCE / "qrels.test", CONFORMANCE / "results.test"
    if not qrels.exists():
        return []
    out = []
    for level, judged_only, complete in ((1, False, False), (1, False, True), (2, False, False),
                                         (1, True, True), (0, True, False)):  # fmt: skip
        out.append(Case(f"conformance -l {level} -J {judged_only} -c {complete}", qrels, run,
                        ["all_trec", "ndcg_cut.5,10", "success.1,2,50", "G.1=2,2=5.5"],
                        "exponential", level, judged_only, complete))  # fmt: skip
    rel_level = CONFORMANCE / "qrels.rel_level"
    out.append(Case("conformance rel_level", rel_level, run, ["all_trec"], "1=3,2=9", 2,
                    False, True))  # fmt: skip
    return out


def _long_cases(where: Path) -> list[Case]:
    """Lists of thousands of documents (log2 of ranks where V8's Math.log2 misses), and
    gains so large or so small that NDCG scales them by a power of two first."""
    rng = np.random.default_rng(7)
    qrels_lines, run_lines = [], []
    for q in ("long", "short"):
        n = 3000 if q == "long" else 40
        for j in range(n):
            if rng.random() < 0.5:
                qrels_lines.append(f"{q} 0 e{j} {int(rng.choice(GRADES))}")
            run_lines.append(f"{q} Q0 e{j} {j} {float(rng.integers(0, 400))!r} r")
    for rank in (1374, 2749):  # one relevant document where log2(rank + 1) is hard to round
        for j in range(rank):
            run_lines.append(f"at{rank} Q0 f{j} {j} {float(rank - j)!r} r")
        qrels_lines.append(f"at{rank} 0 f{rank - 1} 1")
    huge = [line.rsplit(" ", 1)[0] + f" {int(rng.integers(990, 1010))}" for line in qrels_lines]
    out = []
    for name, lines, gain in (
        ("long", qrels_lines, "1=1e-300,2=3e-300"),
        ("huge", huge, "exponential"),
    ):
        qrels, run = where / f"qrels-{name}", where / f"run-{name}"
        qrels.write_text("\n".join(lines) + "\n", encoding="utf-8")
        run.write_text("\n".join(run_lines) + "\n", encoding="utf-8")
        specs = ["all_trec", "ndcg_cut.1,1375,2750,5000", "G.1=2,2=5.5", "ndcg_rel.1=9"]
        for level, judged_only in ((1, False), (2, True)):
            out.append(Case(f"{name} -l {level}", qrels, run, specs, gain, level, judged_only,
                            True))  # fmt: skip
    return out


def _run_js(payload: dict) -> list:
    answer = json.loads(run_module(RUNNER, stdin=json.dumps(payload)))
    return answer["cases"] if "cases" in payload else answer["log2"]


#: The trec names each comparison covered, by test (the random test must reach them all).
COVERED: set[str] = set()


def _compare(cases: list[Case]) -> tuple[int, int, list[str]]:
    """Score every case both ways; return (queries, cells, mismatches)."""
    payload, expected = [], []
    for case in cases:
        chosen, _ = cli.parse_measures(case.specs, cli._gain_option(case.gain))
        chosen = [m for m in chosen if m.trec not in ("runid", "num_q")]  # the engine's
        table = _table(case, chosen)
        queries, stand_in = _queries(case)
        ctx = {"level": case.level, "judgedOnly": case.judged_only, "complete": case.complete}
        # --gain, and the qrels' grades the engine forms its gain map from (gainMapOf).
        grades = sorted({float(g) for g in read_qrels(case.qrels)["relevance"]})
        ctx |= {"gain": cli._gain_option(case.gain), "grades": grades}
        payload.append({"ctx": ctx, "specs": [_spec(m) for m in chosen], "queries": queries})
        expected.append((case, chosen, table, stand_in))
    results = _run_js({"cases": payload})
    n_queries = n_cells = 0
    wrong: list[str] = []
    for (case, chosen, table, stand_in), got in zip(expected, results, strict=True):
        n_queries += len(table)
        for m, cells in zip(chosen, got, strict=True):
            COVERED.add(m.trec)
            cleared = m.form.cleared == "all" or (m.form.cleared == "bare" and m.name == m.trec)
            for i, cell in enumerate(cells):
                n_cells += 1
                want = table[m.name][i]
                if isinstance(cell, dict) and "error" in cell:
                    wrong.append(f"{case.label} {case.specs} {m.name} {table.index[i]}: {cell}")
                    continue
                if cleared and stand_in[i]:  # trec_eval's clearing, the engine's job
                    cell = {"s": ""} if isinstance(cell, dict) else _bits(0.0)
                if isinstance(cell, dict):
                    same = cell["s"] == want
                else:
                    value = struct.unpack("<d", bytes.fromhex(cell))[0]
                    # NaN is NaN: JavaScript does not keep a NaN's sign (the engine prints
                    # trec_eval's -nan from the measure, not from the bits).
                    same = cell == _bits(want) or (math.isnan(value) and math.isnan(want))
                if not same:
                    wrong.append(
                        f"{case.label} {case.specs} gain={case.gain} -l {case.level} "
                        f"-J={case.judged_only} -c={case.complete} {m.name} "
                        f"query {table.index[i]}: js {cell} python {want!r}"
                    )
    return n_queries, n_cells, wrong


def test_random_collections_match_the_command_line_bit_for_bit(tmp_path: Path) -> None:
    rng = np.random.default_rng(27)
    cases = [_random_case(rng, tmp_path, n) for n in range(240)]
    n_queries, n_cells, wrong = _compare(cases)
    assert not wrong, f"{len(wrong)} of {n_cells} cells differ:\n" + "\n".join(wrong[:20])
    assert n_queries > 800 and n_cells > 8000, (n_queries, n_cells)
    every = {name for name in cli.MEASURES if name not in ("runid", "num_q")}
    assert every <= COVERED, every - COVERED


@pytest.mark.skipif(not CONFORMANCE.exists(), reason="needs trec_eval's test files in shared/")
def test_trec_eval_test_files_match_the_command_line_bit_for_bit() -> None:
    n_queries, n_cells, wrong = _compare(_conformance_cases())
    assert n_cells > 1000
    assert not wrong, f"{len(wrong)} of {n_cells} cells differ:\n" + "\n".join(wrong[:20])


def test_long_lists_and_extreme_gains_match_the_command_line_bit_for_bit(tmp_path: Path) -> None:
    n_queries, n_cells, wrong = _compare(_long_cases(tmp_path))
    assert not wrong, f"{len(wrong)} of {n_cells} cells differ:\n" + "\n".join(wrong[:20])
    assert n_cells > 100


@pytest.mark.parametrize("spec", ["utility.1,2", "utility.1,2,3,4,5", "relstring.2.5"])
def test_parameters_the_kernels_cannot_take_are_refused_before_any_kernel_runs(spec: str) -> None:
    """Once the kernels stopped on these mid-computation with Python's own words; now the
    options refuse them by name (the browser's words are held to these by test_trec_js)."""
    with pytest.raises(cli.UsageError, match=rf"^-m '{spec}': "):
        cli.parse_measures([spec], "linear")


def test_log2_is_numpys_at_every_rank_up_to_7956_and_rounds_correctly() -> None:
    """log2(i + 1) divides each DCG term: V8's Math.log2 misses numpy's first at 1375."""
    ranks = np.arange(1.0, 7957.0)
    rng = np.random.default_rng(5)
    spread = np.concatenate([rng.uniform(1.0, 3000.0, 500), 2.0 ** rng.uniform(-1000, 1000, 500)])
    got = bytes.fromhex(_run_js({"log2": _hex(np.concatenate([ranks, spread]))}))
    values = np.frombuffer(got, dtype="<f8")
    assert values[: ranks.size].tolist() == np.log2(ranks).tolist()
    getcontext().prec = 50
    ln2 = Decimal(2).ln()
    nearest = [float(Decimal(float(x)).ln() / ln2) for x in spread]
    assert values[ranks.size :].tolist() == nearest


def test_the_engine_bundles_with_the_widgets_arithmetic() -> None:
    """esbuild joins the engine's modules, gainOf from the widgets' own js/arith.js."""
    from widget_bundles import bundle_module

    text = bundle_module(ROOT / "js" / "trec" / "kernels.js")
    assert "columnValue" in text.split("export {")[1] and "\nimport " not in text
    assert "// js/arith.js" in text  # gainOf is the widgets' own


LDEXP_SCRIPT = """
const { frexpExponent, ldexp, ndcgAt, ndcgProfile } = await import(process.argv[1]);
// The input that reached the loops: grade 1024 under exponential gain (2^1024 - 1 = inf).
const q = { grades: [1024, 0], judged: [1024, 0], standIn: false };
const profile = ndcgProfile(q, { judgedOnly: false, level: 1 }, "exponential");
const cases = [
  [1, Infinity], [1, -Infinity], [Infinity, -3], [0, Infinity], [2 ** -1074, 2200],
  [2 ** 1023, -2200], [3, 4], [-3, 2], [1, NaN],
];
console.log(JSON.stringify({
  frexp: [Infinity, -Infinity, NaN, 0, 1, 0.75, 2 ** 1023, 2 ** -1074, -5].map(frexpExponent),
  ldexp: cases.map(([x, e]) => String(ldexp(x, e))),
  ndcg: String(ndcgAt(profile, null)),
}));
"""


def test_frexp_and_ldexp_end_on_infinite_and_nan_values() -> None:
    """Their loops once ran forever on an infinite gain (exponential gain of grade 1024)."""
    library = ROOT / "js" / "trec" / "library.js"
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", LDEXP_SCRIPT, str(library)],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    ).stdout
    got = json.loads(out)
    assert got["frexp"] == [0, 0, 0, 0, 1, 0, 1024, -1073, 3]
    assert [np.frexp(x)[1] for x in (np.inf, -np.inf, np.nan, 0.0, 1.0, 0.75)] == [0] * 4 + [1, 0]
    assert got["ldexp"] == [
        "Infinity", "0", "Infinity", "0", "Infinity", "0", "48", "-12", "NaN",
    ]  # fmt: skip
    # inf / inf: the engine refuses this gain before any kernel runs (the CLI's message).
    assert got["ndcg"] == "NaN"
