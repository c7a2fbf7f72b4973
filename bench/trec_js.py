"""Time the browser's trec_eval (``js/trec``) in Node beside the CLI.

Both read the same files, the first 100,000, 1,000,000 and 5,000,000 lines of the large
run of :mod:`bench.large_run` with the qrels of their queries (written there once), and print
trec_eval's official measures and NDCG; the reports must be equal byte for byte. Each contender
runs in a fresh process (wall time, CPU time and peak memory from ``os.wait4``); the
table gives Node's time over the CLI's. Node runs ``tests/js/trec_cli.mjs``, the CLI's
argv on the JavaScript, which reads the files a chunk at a time as the page's worker does.

Run with ``python -m bench trec_js``, or ``python -m bench.trec_js`` (with
``--sizes 100000,1000000`` for fewer).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path

from bench.large_run import FOLDER, cut_files, measure
from ndcg.widgets._registry import registry_json

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "js" / "trec_cli.mjs"
SIZES = (100_000, 1_000_000, 5_000_000)
#: trec_eval's official measures, and NDCG (which bench.large_run's measure reads back).
MEASURES = ("-m", "official", "-m", "ndcg")


def main(sizes: tuple[int, ...] = SIZES) -> None:
    """Run Node and the CLI on each size; print the table; check the reports agree."""
    node = shutil.which("node")
    if node is None:
        print("node: not found; nothing to measure")
        return
    FOLDER.mkdir(parents=True, exist_ok=True)
    registry = FOLDER / "registry.json"
    registry.write_text(json.dumps(registry_json()))
    os.environ["NDCG_REGISTRY"] = str(registry)  # read by the Node runner
    print(f"{'lines':>10} {'node (s)':>9} {'cli (s)':>8} {'ratio':>6} {'node MB':>8} {'cli MB':>7}")
    for lines in sizes:
        qrels, run = cut_files(lines)
        files = [str(qrels), str(run), *MEASURES]
        a = measure("node", [node, "--experimental-default-type=module", str(RUNNER), *files])
        b = measure("cli", [sys.executable, "-m", "ndcg", *files])
        assert a.report == b.report, f"the reports differ at {lines} lines"
        print(
            f"{lines:>10,} {a.seconds:>9.2f} {b.seconds:>8.2f} {a.seconds / b.seconds:>6.2f} "
            f"{a.peak_bytes / 2**20:>8.0f} {b.peak_bytes / 2**20:>7.0f}"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    main(tuple(int(n) for n in parser.parse_args().sizes.split(",")))
