"""Speed of ``ndcg`` against its peers on 1,000,000 judgments.

10,000 queries x 100 documents, grades 0-4, continuous random scores (no ties, so every
tie rule and every library must agree), NDCG@10, seeded. Each contender is timed in CPU
time of this process (a shared, loaded machine stretches wall-clock time, not CPU time),
on one core (ranx's numba threads are set to one), as the best of a few repeats, on data
prepared beforehand (the build of pytrec_eval's and ranx's objects is timed separately).
The contenders whose ratios are targets run interleaved, round after round, so that a
change of load touches them all alike. All means must agree to 1e-12.

The run holds exactly the judged documents, in the qrels' row order (a reranked
candidate set); the row "run rows shuffled" times ``evaluate`` on the same run in
another row order, where the join cannot take the rows as they come.

Targets: ``ndcg.evaluate`` at most half of pytrec_eval's and ranx's time, and with
string ids at most 0.3x pytrec_eval's and at most 4x the numpy argsort baseline; the
dense matrix path within 1.2x of that baseline.

Run with ``python -m bench`` (all benchmarks) or ``python -m bench.library``.
"""

from __future__ import annotations

import time
import tracemalloc
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

import ndcg

N_QUERIES = 10_000
N_DOCS = 100
K = 10
SEED = 20081
REPEATS = 5
#: Rounds of the interleaved contenders (each round times each of them once).
ROUNDS = 7
TOLERANCE = 1e-12


def make_data() -> dict[str, Any]:
    """Grades, scores and every representation the contenders need."""
    rng = np.random.default_rng(SEED)
    grades = rng.integers(0, 5, (N_QUERIES, N_DOCS))
    scores = rng.random((N_QUERIES, N_DOCS))
    query = np.repeat(np.arange(N_QUERIES), N_DOCS)
    doc = np.tile(np.arange(N_DOCS), N_QUERIES)
    qrels = pd.DataFrame({"query_id": query, "doc_id": doc, "relevance": grades.ravel()})
    run = pd.DataFrame({"query_id": query, "doc_id": doc, "score": scores.ravel()})
    q_text = np.array([f"q{i}" for i in range(N_QUERIES)], dtype=object)[query]
    d_text = np.array([f"d{i}" for i in range(N_DOCS)], dtype=object)[doc]
    return {
        "grades": grades.astype(np.float64),
        "scores": scores,
        "qrels": qrels,
        "run": run,
        "qrels_text": qrels.assign(query_id=q_text, doc_id=d_text),
        "run_text": run.assign(query_id=q_text, doc_id=d_text),
    }


def best_time(func: Callable[[], float], repeats: int = REPEATS) -> tuple[float, float]:
    """Return (best CPU seconds, mean NDCG) over ``repeats`` calls."""
    best, value = float("inf"), float("nan")
    for _ in range(repeats):
        start = time.process_time()
        value = func()
        best = min(best, time.process_time() - start)
    return best, value


def interleaved(
    contenders: dict[str, Callable[[], float]], rounds: int = ROUNDS
) -> dict[str, tuple[float, float]]:
    """Return each contender's (best CPU seconds, mean NDCG), timing them in turn each round."""
    best = dict.fromkeys(contenders, (float("inf"), float("nan")))
    for _ in range(rounds):
        for name, func in contenders.items():
            seconds, value = best_time(func, 1)
            best[name] = (min(best[name][0], seconds), value)
    return best


def numpy_baseline(grades: np.ndarray, scores: np.ndarray) -> float:
    """Plain numpy: full argsort, top-k gains, dot with the discounts."""
    discount = 1.0 / np.log2(np.arange(2, K + 2))
    top = np.argsort(-scores, axis=1)[:, :K]
    dcg = np.take_along_axis(grades, top, axis=1) @ discount
    ideal = -np.sort(-grades, axis=1)[:, :K] @ discount
    return float(np.mean(dcg / ideal))


def nested_dicts(data: dict[str, Any]) -> tuple[dict, dict]:
    """Return qrels and run as {query: {doc: value}}, the input pytrec_eval and ranx share."""
    docs = [f"d{j}" for j in range(N_DOCS)]
    qrels = {
        f"q{i}": dict(zip(docs, map(int, row), strict=True)) for i, row in enumerate(data["grades"])
    }
    run = {
        f"q{i}": dict(zip(docs, map(float, row), strict=True))
        for i, row in enumerate(data["scores"])
    }
    return qrels, run


def pytrec_eval_objects(qrels: dict, run: dict) -> tuple[Any, dict]:
    """Build pytrec_eval's evaluator (timed separately)."""
    import pytrec_eval

    return pytrec_eval.RelevanceEvaluator(qrels, {f"ndcg_cut.{K}"}), run


def ranx_objects(qrels: dict, run: dict) -> tuple[Any, Any]:
    """Build ranx's Qrels and Run from the dicts (timed separately; from_df is far slower)."""
    from ranx import Qrels, Run

    return Qrels(qrels), Run(run)


def peak_memory(func: Callable[[], Any]) -> int:
    """Peak bytes allocated while ``func`` runs (tracemalloc sees numpy's buffers)."""
    tracemalloc.start()
    try:
        func()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main() -> None:
    """Run every contender, check the means agree, print the table and the targets."""
    data = make_data()
    grades, scores = data["grades"], data["scores"]
    column = f"ndcg@{K}"
    rows: list[tuple[str, float, float]] = []

    def evaluate_int() -> float:
        return float(ndcg.evaluate(data["qrels"], data["run"], k=K)[column].mean())

    def evaluate_text() -> float:
        return float(ndcg.evaluate(data["qrels_text"], data["run_text"], k=K)[column].mean())

    shuffled = data["run_text"].sample(frac=1.0, random_state=SEED)

    def evaluate_shuffled() -> float:
        return float(ndcg.evaluate(data["qrels_text"], shuffled, k=K)[column].mean())

    def matrix() -> float:
        return float(ndcg.ndcg_from_scores(grades, scores, k=K).mean())

    def baseline() -> float:
        return numpy_baseline(grades, scores)

    start = time.perf_counter()
    qrels_dict, run_dict = nested_dicts(data)
    dict_build = time.perf_counter() - start
    start = time.perf_counter()
    evaluator, trec_run = pytrec_eval_objects(qrels_dict, run_dict)
    trec_build = time.perf_counter() - start

    def trec() -> float:
        result = evaluator.evaluate(trec_run)
        return float(np.mean([v[f"ndcg_cut_{K}"] for v in result.values()]))

    evaluate_int()  # warm caches, imports
    timed = interleaved(
        {
            "ndcg.evaluate, long DataFrames (int ids)": evaluate_int,
            "ndcg.evaluate, long DataFrames (str ids)": evaluate_text,
            "ndcg.evaluate, str ids, run rows shuffled": evaluate_shuffled,
            "pytrec_eval evaluate (objects prebuilt)": trec,
            "numpy argsort baseline": baseline,
        }
    )
    # Interleaved, many repeats: the two are close, and a shared machine is noisy.
    paired = interleaved({"matrix": matrix, "baseline": baseline}, rounds=8 * REPEATS)
    timed["numpy argsort baseline"] = min(timed["numpy argsort baseline"], paired["baseline"])
    rows: list[tuple[str, float, float]] = [
        (name, *timed[name])
        for name in (
            "ndcg.evaluate, long DataFrames (int ids)",
            "ndcg.evaluate, long DataFrames (str ids)",
            "ndcg.evaluate, str ids, run rows shuffled",
        )
    ]
    rows.append(("ndcg.ndcg_from_scores, dense matrix", *paired["matrix"]))
    rows.append(("numpy argsort baseline", *timed["numpy argsort baseline"]))

    from sklearn.metrics import ndcg_score

    rows.append(
        (
            "scikit-learn ndcg_score (ties averaged)",
            *best_time(lambda: float(ndcg_score(grades, scores, k=K)), repeats=3),
        )
    )
    rows.append(
        (
            "scikit-learn ndcg_score (ignore_ties)",
            *best_time(lambda: float(ndcg_score(grades, scores, k=K, ignore_ties=True))),
        )
    )
    rows.append(
        (
            "pytrec_eval evaluate (objects prebuilt)",
            *timed["pytrec_eval evaluate (objects prebuilt)"],
        )
    )

    ranx_row, ranx_build = ranx_contender(qrels_dict, run_dict)
    rows.append(ranx_row)
    report(rows, (dict_build, trec_build, ranx_build), evaluate_int)


def ranx_contender(qrels_dict: dict, run_dict: dict) -> tuple[tuple[str, float, float], float]:
    """ranx's row (warm, one thread) and the seconds its objects took to build."""
    import numba
    from ranx import evaluate as ranx_evaluate

    start = time.perf_counter()
    ranx_qrels, ranx_run = ranx_objects(qrels_dict, run_dict)
    ranx_build = time.perf_counter() - start
    metric = f"ndcg@{K}"

    def ranx() -> float:
        with warnings.catch_warnings():  # numba's cast notice inside ranx, not ours
            warnings.simplefilter("ignore")
            return float(ranx_evaluate(ranx_qrels, ranx_run, metric, save_results_in_run=False))

    threads = numba.get_num_threads()
    numba.set_num_threads(1)  # one core, as every other contender
    try:
        ranx()  # compile once (numba): "warm" timing
        row = ("ranx evaluate (warm, objects prebuilt, 1 thread)", *best_time(ranx))
    finally:
        numba.set_num_threads(threads)
    return row, ranx_build


def report(
    rows: list[tuple[str, float, float]],
    builds: tuple[float, float, float],
    evaluate_int: Callable[[], float],
) -> None:
    """Print the table, the build times, the check of the means, peak memory and the ratios."""
    dict_build, trec_build, ranx_build = builds
    reference = rows[0][2]
    print(
        f"{N_QUERIES:,} queries x {N_DOCS} documents = {N_QUERIES * N_DOCS:,} judgments, "
        f"grades 0-4, NDCG@{K}, seed {SEED}, CPU time, best of {ROUNDS} interleaved rounds "
        f"(ndcg.evaluate, pytrec_eval, baseline) or of {REPEATS} (3 for the slowest)"
    )
    print(f"{'contender':<50} {'CPU (ms)':>10} {'mean NDCG@10':>20}")
    for name, seconds, value in rows:
        print(f"{name:<50} {seconds * 1000:>10.1f} {value:>20.16f}")
    print(f"{'build: nested dicts for pytrec_eval and ranx':<50} {dict_build * 1000:>10.1f}")
    print(f"{'build: pytrec_eval RelevanceEvaluator':<50} {trec_build * 1000:>10.1f}")
    print(f"{'build: ranx Qrels + Run from the dicts':<50} {ranx_build * 1000:>10.1f}")
    deviation = max(abs(value - reference) for _, _, value in rows)
    print(f"max deviation of the means from ndcg.evaluate: {deviation:.2e}")
    assert deviation <= TOLERANCE, f"means disagree by {deviation:.2e}"

    memory = peak_memory(evaluate_int)
    print(f"peak memory of ndcg.evaluate (int ids, tracemalloc): {memory / 2**20:.1f} MiB")

    times = {name: seconds for name, seconds, _ in rows}
    ours = times["ndcg.evaluate, long DataFrames (int ids)"]
    ours_text = times["ndcg.evaluate, long DataFrames (str ids)"]
    trec_time = times["pytrec_eval evaluate (objects prebuilt)"]
    ranx_time = times["ranx evaluate (warm, objects prebuilt, 1 thread)"]
    matrix_ratio = times["ndcg.ndcg_from_scores, dense matrix"] / times["numpy argsort baseline"]
    print(
        f"evaluate / pytrec_eval: {ours / trec_time:.2f} (int ids), "
        f"{ours_text / trec_time:.2f} (str ids)   target <= 0.5"
    )
    print(
        f"evaluate / ranx:        {ours / ranx_time:.2f} (int ids), "
        f"{ours_text / ranx_time:.2f} (str ids)   target <= 0.5"
    )
    print(f"matrix path / numpy baseline: {matrix_ratio:.2f}   target <= 1.2")
    baseline = times["numpy argsort baseline"]
    print(
        f"evaluate (str ids) / pytrec_eval: {ours_text / trec_time:.2f}   target <= 0.3; "
        f"/ numpy baseline: {ours_text / baseline:.1f}   target <= 4 "
        f"(int ids: {ours / baseline:.1f})"
    )
    shuffled_time = times["ndcg.evaluate, str ids, run rows shuffled"]
    print(
        f"evaluate (str ids, run rows shuffled) / pytrec_eval: {shuffled_time / trec_time:.2f}; "
        f"/ numpy baseline: {shuffled_time / baseline:.1f}"
    )


if __name__ == "__main__":
    main()
