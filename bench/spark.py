"""Time and peak memory of ``ndcg.evaluate`` (pandas) and ``ndcg.spark.evaluate`` (local mode).

The collection grows from 1M to 100M judgments: 100 judged documents a query, grades 0-4, and
a run of 100 documents a query of which 80 are judged, with scores on a grid of 1,000 values
(so some tie). Both engines build the same collection from the same formula (pandas with
numpy, Spark with its own column expressions, so no data crosses from Python to the JVM)
and compute NDCG@10; only that is timed. pandas holds the collection in memory beforehand;
Spark computes it as it goes, as it would read files (a small part of its time). Spark is
timed after a warm-up call on a small collection, since its JVM compiles code on first use.
The means must agree to 1e-12.

Each measurement runs in a fresh process; its peak memory is the largest resident set of
the process and its children (Spark's JVM), sampled every 0.2 s. A process that grows past
the memory budget (8 GB by default) is stopped and reported as out of room. Spark runs as
``ndcg.spark.session()`` starts it (``local[2]``), with 5 GB of driver memory.

Each size is measured ``--repeats`` times (3 by default), the rounds interleaved (every size
once, then every size again) so that a change in the machine's load falls on all sizes alike;
each row records the one-minute load average when its run started. A size at which pandas ran
out of room is not tried again.

Run with ``python -m bench.spark`` (about half an hour on two idle cores); ``--sizes`` picks the
sizes, ``--save`` writes the table as CSV where chapter 14 reads it
(``src/ndcg/teaching/data/spark_scaling.csv``; ``--save PATH`` elsewhere), and ``--add``
keeps the saved rows of the sizes not measured this time.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pandas as pd
import psutil

SIZES = (1_000_000, 10_000_000, 50_000_000, 100_000_000)
ENGINES = ("pandas", "spark")
DOCS = 100
K = 10
BUDGET_GB = 8.0
REPEATS = 3
DRIVER_MEMORY = "5g"
TOLERANCE = 1e-12
BOOK_DATA = Path(__file__).parents[1] / "src" / "ndcg" / "teaching" / "data" / "spark_scaling.csv"
# Multiplicative hashing of the row number: the same integers in numpy and in Spark SQL.
MULTIPLIER, MODULUS = 2654435761, 2**31


def pandas_run(judgments: int) -> dict[str, float]:
    import numpy as np

    import ndcg

    i = np.arange(judgments, dtype=np.int64)
    query, j = i // DOCS, i % DOCS
    grade = (i * MULTIPLIER + 40503) % MODULUS % 5
    score = ((i * MULTIPLIER + 2 * 40503) % MODULUS % 1000) / 1000.0
    qrels = pd.DataFrame({"query_id": query, "doc_id": j, "relevance": grade})
    run = pd.DataFrame({"query_id": query, "doc_id": j + 20, "score": score})
    del i, j, grade, score
    start = time.perf_counter()
    result = ndcg.evaluate(qrels, run, k=K)
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "mean": float(result[f"ndcg@{K}"].mean()), "queries": len(result)}


def spark_run(judgments: int) -> dict[str, float]:
    from pyspark.sql import functions as F

    import ndcg.spark

    spark = ndcg.spark.session(memory=DRIVER_MEMORY)
    qrels, run = spark_collection(spark, 10_000)
    ndcg.spark.evaluate(qrels, run, k=K).unpersist()  # warm-up: the JVM compiles on first use
    # Not cached: Spark computes the collection as it reads it, as it would read files, and
    # the heap stays free for the job itself.
    qrels, run = spark_collection(spark, judgments)
    start = time.perf_counter()
    result = ndcg.spark.evaluate(qrels, run, k=K)
    seconds = time.perf_counter() - start
    summary = result.agg(F.avg(f"ndcg@{K}").alias("mean"), F.count("*").alias("n")).first()
    return {"seconds": seconds, "mean": float(summary["mean"]), "queries": int(summary["n"])}


def spark_collection(spark: Any, judgments: int) -> tuple[Any, Any]:
    """The collection of :func:`pandas_run`, built by Spark from the same formula."""
    from pyspark.sql import functions as F

    rows = spark.range(judgments).select(
        F.expr(f"id div {DOCS}").alias("query_id"),
        (F.col("id") % DOCS).alias("j"),
        F.pmod(F.col("id") * MULTIPLIER + 40503, F.lit(MODULUS)).alias("h1"),
        F.pmod(F.col("id") * MULTIPLIER + 2 * 40503, F.lit(MODULUS)).alias("h2"),
    )
    qrels = rows.select(
        "query_id", F.col("j").alias("doc_id"), (F.col("h1") % 5).alias("relevance")
    )
    run = rows.select(
        "query_id",
        (F.col("j") + 20).alias("doc_id"),
        ((F.col("h2") % 1000) / 1000.0).alias("score"),
    )
    return qrels, run


def measure(engine: str, judgments: int, budget_gb: float) -> dict[str, object]:
    """Run one measurement in a fresh process, sampling the memory of its whole tree."""
    command = [sys.executable, "-m", "bench.spark", "--one", engine, str(judgments)]
    load = os.getloadavg()[0]
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    process, peak, over = psutil.Process(child.pid), 0, False
    while child.poll() is None:
        try:
            tree = [process, *process.children(recursive=True)]
            peak = max(peak, sum(p.memory_info().rss for p in tree if p.is_running()))
        except psutil.Error:
            pass
        if peak > budget_gb * 2**30:
            over = True
            for p in [*process.children(recursive=True), process]:
                p.kill()
            break
        time.sleep(0.2)
    out, _ = child.communicate()
    row: dict[str, object] = {
        "engine": engine,
        "judgments": judgments,
        "load": load,
        "peak_gb": peak / 2**30,
    }
    if over or child.returncode != 0:
        row |= {
            "seconds": None,
            "mean": None,
            "queries": None,
            "note": "out of room" if over else f"exit {child.returncode}",
        }
        return row
    return row | json.loads(out.strip().splitlines()[-1]) | {"note": ""}


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = psutil.virtual_memory().total / 2**30
    return f"{model}; {psutil.cpu_count()} cores; {memory:.0f} GB RAM"


def main(argv: list[str] | None = None) -> pd.DataFrame:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--budget-gb", type=float, default=BUDGET_GB)
    parser.add_argument("--repeats", type=int, default=REPEATS)
    parser.add_argument("--save", type=Path, nargs="?", const=BOOK_DATA)
    parser.add_argument(
        "--add", action="store_true", help="keep the saved rows of sizes not measured now"
    )
    parser.add_argument("--one", nargs=2, metavar=("ENGINE", "JUDGMENTS"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        engine, judgments = args.one[0], int(args.one[1])
        result = (pandas_run if engine == "pandas" else spark_run)(judgments)
        print(json.dumps(result))
        return pd.DataFrame([result])
    where = machine()
    print(f"machine: {where}")
    print(f"memory budget per run: {args.budget_gb:g} GB; Spark driver memory {DRIVER_MEMORY}")
    sizes = [int(float(s)) for s in args.sizes.split(",")]
    rows: list[dict[str, object]] = []
    stopped: set[tuple[str, int]] = set()
    for repeat in range(1, args.repeats + 1):
        for judgments in sizes:
            for engine in ENGINES:
                if (engine, judgments) in stopped:  # it would only run out of room again
                    continue
                row = measure(engine, judgments, args.budget_gb) | {"repeat": repeat}
                if row["note"] == "out of room":
                    stopped.add((engine, judgments))
                rows.append(row)
                print(json.dumps(row), flush=True)
    table = pd.DataFrame(rows)
    print(table.to_string(index=False))
    for judgments, group in table.dropna(subset=["mean"]).groupby("judgments"):
        means = group["mean"].to_numpy()
        assert abs(means.max() - means.min()) <= TOLERANCE, (judgments, means)
    if args.save:
        args.save.parent.mkdir(parents=True, exist_ok=True)
        saved = table.assign(budget_gb=args.budget_gb, machine=where)
        if args.add and args.save.exists():
            before = pd.read_csv(args.save, dtype={"note": "str", "machine": "str"})
            before = before[~before["judgments"].isin(saved["judgments"])]
            saved = pd.concat([before, saved], ignore_index=True)
        saved = saved.sort_values(["judgments", "engine", "repeat"], kind="stable")
        saved.to_csv(args.save, index=False)
    return table


if __name__ == "__main__":
    main()
