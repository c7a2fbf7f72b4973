"""Run every benchmark that exists: library first, then widget and site if present."""

from __future__ import annotations

import importlib
import importlib.util

MODULES = ("bench.library", "bench.widget", "bench.swap_widget", "bench.site")


def main() -> None:
    for name in MODULES:
        if importlib.util.find_spec(name) is None:
            print(f"({name} not present: skipped)")
            continue
        print(f"== {name} ==")
        importlib.import_module(name).main()
        print()


if __name__ == "__main__":
    main()
