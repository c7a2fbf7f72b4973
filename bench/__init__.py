"""Benchmarks run by ``make bench``: each module exposes ``main()`` and prints a table."""
