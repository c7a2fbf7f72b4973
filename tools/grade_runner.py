"""The program that runs inside the grading sandbox (``tools/grade_sandbox.py``).

It sets the sandbox's resource limits, runs a submission's code cells in order in one
namespace (an error in a cell is noted and the next cell runs, as "Run all, continue on error"
would), then calls the submission's functions on the hidden inputs of the job and reads the
variables the job names, and writes what it got as plain JSON to the result file, a file
descriptor the grader opened and handed over.

Nothing here is trusted: the submission runs in this same process and may rewrite any of it,
or write the result file itself. The grader only ever reads numbers, strings and lists back,
compares them outside the sandbox with answers the sandbox never sees, and the job holds
inputs only. Standard library only: numpy and pandas are imported when the submission has
already imported them, to turn their values into plain data.
"""

from __future__ import annotations

import builtins
import json
import os
import re
import resource
import sys

MESSAGE_CHARS = 300  # of an exception's message: enough to say what went wrong
STRING_CHARS = 10_000
ITEMS = 100_000  # per list: more than any hidden case returns
DEPTH = 8


def set_limits(memory: int, cpu: int, processes: int, file_size: int) -> None:
    """Lower this process's limits (soft and hard, so the submission cannot raise them)."""
    for limit, value in (
        (resource.RLIMIT_AS, memory),
        (resource.RLIMIT_CPU, cpu),
        (resource.RLIMIT_NPROC, processes),
        (resource.RLIMIT_FSIZE, file_size),
        (resource.RLIMIT_CORE, 0),
    ):
        resource.setrlimit(limit, (value, value))


def describe(error: BaseException) -> str:
    """An exception as ``Type: message``, cut short."""
    text = str(error)
    kind = type(error).__name__
    return (f"{kind}: {text}" if text else kind)[:MESSAGE_CHARS]


def compile_cell(source: str, name: str):
    """Compile a code cell; a cell with IPython line magics (``%time``, ``!pip``) runs
    without those lines, since no IPython runs here."""
    try:
        return compile(source, name, "exec")
    except SyntaxError:
        stripped = re.sub(r"^(\s*)[%!].*$", r"\1pass", source, flags=re.M)
        return compile(stripped, name, "exec")


def decode(value):
    """A job input as Python: ``{"frame": ...}`` becomes a pandas DataFrame."""
    if isinstance(value, dict) and "frame" in value:
        import pandas as pd

        frame = value["frame"]
        table = pd.DataFrame(frame["rows"], columns=frame["columns"])
        return table.astype(frame["dtypes"])
    return value


def plain(value, depth: int = 0):
    """A returned value as JSON data: numbers, strings, None, lists, and ``{"series": ...}``
    for a pandas Series; anything else as ``{"type": name}``, which never matches."""
    if depth > DEPTH:
        return {"type": "nested too deep"}
    if value is None or isinstance(value, bool | str):
        return value[:STRING_CHARS] if isinstance(value, str) else value
    if isinstance(value, int | float):
        return float(value) if isinstance(value, float) else int(value)
    pandas = sys.modules.get("pandas")
    if pandas is not None and isinstance(value, pandas.Series):
        return {
            "series": {
                "index": [str(key) for key in value.index[:ITEMS]],
                "values": [plain(item, depth + 1) for item in value.tolist()[:ITEMS]],
            }
        }
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.generic):
        return plain(value.item(), depth + 1)
    if numpy is not None and isinstance(value, numpy.ndarray):
        return [plain(item, depth + 1) for item in value.tolist()[:ITEMS]]
    if isinstance(value, list | tuple):
        return [plain(item, depth + 1) for item in value[:ITEMS]]
    return {"type": type(value).__name__[:100]}


def record(value) -> dict:
    """``{"value": ...}``, or ``{"error": ...}`` when turning it into data fails."""
    try:
        return {"value": plain(value)}
    except BaseException as error:  # a value whose conversion raises: the question's loss
        return {"error": "the value could not be read: " + describe(error)}


def write_result(fd: int, result: dict) -> None:
    text = json.dumps(result, allow_nan=True).encode("utf-8")
    os.ftruncate(fd, 0)
    os.pwrite(fd, text, 0)


def main(argv: list[str]) -> int:
    job_path, fd, memory, cpu, processes, file_size = argv
    result_fd = int(fd)
    set_limits(int(memory), int(cpu), int(processes), int(file_size))
    with open(job_path, encoding="utf-8") as handle:
        job = json.load(handle)
    sys.path[:0] = job["path"]
    namespace: dict = {"__name__": "__main__", "__builtins__": builtins}
    cells = []
    for number, source in enumerate(job["cells"], start=1):
        try:
            exec(compile_cell(source, f"<cell {number}>"), namespace)
        except BaseException as error:  # SystemExit and KeyboardInterrupt too: next cell
            cells.append(f"cell {number}: {describe(error)}")
    # The cells ran to their end: the grader gives a run that stops after this its full time.
    write_result(result_fd, {"cells_done": True})
    result: dict = {"cells_done": True, "cells": cells, "calls": {}, "variables": {}}
    for call in job["calls"]:
        helpers: dict = {"__builtins__": builtins}
        for source in call["inject"].values():
            exec(source, helpers)
        for name in call["inject"]:
            namespace[name] = helpers[name]
        function = namespace.get(call["function"])
        outcomes = []
        for args in call["cases"]:
            if not callable(function):
                outcomes.append({"missing": True})
                continue
            try:
                outcomes.append(record(function(*[decode(arg) for arg in args])))
            except BaseException as error:  # the case's loss, and the next case runs
                outcomes.append({"error": describe(error)})
        result["calls"][call["question"]] = outcomes
    for name in job["variables"]:
        result["variables"][name] = record(namespace[name]) if name in namespace else None
    write_result(result_fd, result)
    os._exit(0)  # no exit handler or finaliser of the submission runs after this


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
