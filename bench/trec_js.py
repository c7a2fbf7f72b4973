"""Time the browser's trec_eval (``src/ndcg/widgets/js/trec``) in Node beside the CLI.

Both read the same files, the first 100,000, 1,000,000 and 5,000,000 lines of the large
run of :mod:`bench.large_run` (written there once) against its qrels, and print
trec_eval's official measures and NDCG; the reports must be equal byte for byte. Each contender
runs in a fresh process (wall time, CPU time and peak memory from ``os.wait4``); the
table gives Node's time over the CLI's. Node runs ``tests/js/trec_cli.mjs``, the CLI's
argv on the JavaScript, which reads the files a chunk at a time as the page's worker does.

Run with ``python -m bench.trec_js``.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from itertools import islice
from pathlib import Path

from bench.large_run import FOLDER, Measured, make_files, measure
from ndcg.widgets._registry import registry_json

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "js" / "trec_cli.mjs"
SIZES = (100_000, 1_000_000, 5_000_000)
#: trec_eval's official measures, and NDCG (which bench.large_run's measure reads back).
MEASURES = ("-m", "official", "-m", "ndcg")


def prefix(run: Path, lines: int) -> Path:
    """The run's first ``lines`` lines, written once beside it."""
    path = FOLDER / f"run_{lines}.txt"
    if not path.exists():
        with run.open("rb") as source, path.open("wb") as out:
            out.writelines(islice(source, lines))
    return path


def main() -> None:
    """Run Node and the CLI on each size; print the table; check the reports agree."""
    node = shutil.which("node")
    if node is None:
        print("node: not found; nothing to measure")
        return
    qrels, run = make_files()
    registry = FOLDER / "registry.json"
    registry.write_text(json.dumps(registry_json()))
    os.environ["NDCG_REGISTRY"] = str(registry)  # read by the Node runner
    print(f"{'lines':>10} {'node (s)':>9} {'cli (s)':>8} {'ratio':>6} {'node MB':>8} {'cli MB':>7}")
    for lines in SIZES:
        path = run if lines == 5_000_000 else prefix(run, lines)
        files = [str(qrels), str(path), *MEASURES]
        js_command = [node, "--experimental-default-type=module", str(RUNNER), *files]
        js = measure_report("node", js_command)
        cli = measure_report("cli", [sys.executable, "-m", "ndcg", *files])
        assert js[1] == cli[1], f"the reports differ at {lines} lines"
        a, b = js[0], cli[0]
        print(
            f"{lines:>10,} {a.seconds:>9.2f} {b.seconds:>8.2f} {a.seconds / b.seconds:>6.2f} "
            f"{a.peak_bytes / 2**20:>8.0f} {b.peak_bytes / 2**20:>7.0f}"
        )


def measure_report(name: str, command: list[str]) -> tuple[Measured, str]:
    """Measure one contender; return the measurement and the report it printed."""
    result = measure(name, command)
    return result, (FOLDER / "stdout.tmp").read_text()


if __name__ == "__main__":
    main()
