"""Run every benchmark: the library, the large run, the widget, the site and the evaluation page."""

from __future__ import annotations

import importlib

MODULES = (
    "bench.library",
    "bench.large_run",
    "bench.widget",
    "bench.widget_build",
    "bench.swap_widget",
    "bench.paired_tests",
    "bench.site",
    "bench.browser_eval",
)


def main() -> None:
    for name in MODULES:
        print(f"== {name} ==")
        importlib.import_module(name).main()
        print()


if __name__ == "__main__":
    main()
