"""Run the benchmarks: the library, the large run, the widgets, the site, the browser's trec_eval.

``python -m bench`` runs every one in turn; ``python -m bench NAME ...`` runs the named ones
(``python -m bench --help`` lists them), each also runnable as ``python -m bench.NAME``.
"""

from __future__ import annotations

import argparse
import importlib

MODULES = (
    "bench.library",
    "bench.large_run",
    "bench.trec_shapes",
    "bench.widget",
    "bench.widget_build",
    "bench.swap_widget",
    "bench.paired_tests",
    "bench.site",
    "bench.trec_js",
    "bench.browser_eval",
)


def _summary(name: str) -> str:
    """The first line of a benchmark's docstring (its module is imported to read it)."""
    doc = importlib.import_module(name).__doc__ or ""
    return doc.strip().splitlines()[0] if doc.strip() else ""


def main(argv: list[str] | None = None) -> None:
    """Run the benchmarks named in ``argv`` (all of them when none is named)."""
    names = [name.removeprefix("bench.") for name in MODULES]
    parser = argparse.ArgumentParser(
        prog="python -m bench",
        description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="benchmarks:\n"
        + "\n".join(f"  {name:<14} {_summary('bench.' + name)}" for name in names),
    )
    parser.add_argument("names", nargs="*", metavar="NAME", help="a benchmark (all if none)")
    chosen = parser.parse_args(argv).names or names
    unknown = [name for name in chosen if name not in names]
    if unknown:
        parser.error(f"no benchmark {', '.join(unknown)}; choose from {', '.join(names)}")
    for name in chosen:
        print(f"== bench.{name} ==")
        importlib.import_module(f"bench.{name}").main()
        print()


if __name__ == "__main__":
    main()
