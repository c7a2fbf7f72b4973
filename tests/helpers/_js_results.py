"""The browser's results as the Python's: a dataclass's fields under JavaScript's names.

``stats.js`` returns ``ndcg.stats``' results as objects whose keys are the dataclasses' fields
in camelCase (``mean_difference`` -> ``meanDifference``); the parity tests compare with this.
"""

from __future__ import annotations

import dataclasses
from typing import Any


def camel(name: str) -> str:
    """``n_resamples`` -> ``nResamples``."""
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def js_fields(result: Any) -> dict[str, Any]:
    """A dataclass instance as the object the JavaScript returns for it."""
    return {camel(field.name): getattr(result, field.name) for field in dataclasses.fields(result)}
