"""How an exercise states its expected answer: a call to the library, or a fixed value."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["fixed", "library"]


def library(name: str, *args: Any, **kwargs: Any) -> Callable[[], Any]:
    """Return the answer ``ndcg.<name>(*args, **kwargs)``, computed when a check runs.

    The call is kept on the function (``.call``) for
    :func:`~ndcg.teaching.exercises.rounding_error`.
    """

    def compute() -> Any:
        import ndcg

        return getattr(ndcg, name)(*args, **kwargs)

    compute.call = (name, args, kwargs)  # type: ignore[attr-defined]  # for rounding_error
    return compute


def fixed(value: Any) -> Callable[[], Any]:
    """Return an answer that is a fixed value (a choice letter, a count the chapter argues)."""
    return lambda: value
