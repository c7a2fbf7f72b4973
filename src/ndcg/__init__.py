"""ndcg: cumulative gain, DCG and NDCG, exact and explained.

The list API (:func:`cg`, :func:`dcg`, :func:`idcg`, :func:`ndcg`, :func:`breakdown`,
:func:`ideal_order`) takes grades in ranked order (chapters 2 to 4 of *Ranking, Measured*);
:func:`ndcg_from_scores` ranks items by predicted scores under an explicit tie rule
(chapter 5); :func:`evaluate` scores a whole run against judgments, one row per query, as
trec_eval does (chapters 7 and 9). NDCG's family, :func:`precision`, :func:`recall`,
:func:`average_precision`, :func:`reciprocal_rank`, :func:`err`, :func:`rbp` and
:func:`rbp_residual`, takes the same ranked grades (chapters 10 to 12), and every DCG
takes a ``discount=``.

The library needs numpy, pandas and pyarrow only. The book's own teaching code (worked
examples, figures, exercises, the pitfalls museum, synthetic collections) lives in
:mod:`ndcg.teaching`, and the widgets in :mod:`ndcg.widgets`; the library never imports
either.

Each name is imported on first use (PEP 562), so the command line, which needs only
numpy and pyarrow, starts without pandas.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: Where each public name lives.
_HOMES = {
    "evaluate": "ndcg.evaluate",
    "average_precision": "ndcg.family",
    "err": "ndcg.family",
    "precision": "ndcg.family",
    "rbp": "ndcg.family",
    "rbp_residual": "ndcg.family",
    "recall": "ndcg.family",
    "reciprocal_rank": "ndcg.family",
    "breakdown": "ndcg.metrics",
    "cg": "ndcg.metrics",
    "dcg": "ndcg.metrics",
    "idcg": "ndcg.metrics",
    "ideal_order": "ndcg.metrics",
    "ndcg": "ndcg.metrics",
    "ndcg_from_scores": "ndcg.scores",
    "read_qrels": "ndcg.trec",
    "read_run": "ndcg.trec",
}

__all__ = [
    "__version__",
    "average_precision",
    "breakdown",
    "cg",
    "dcg",
    "err",
    "evaluate",
    "idcg",
    "ideal_order",
    "ndcg",
    "ndcg_from_scores",
    "precision",
    "rbp",
    "rbp_residual",
    "read_qrels",
    "read_run",
    "recall",
    "reciprocal_rank",
]

if TYPE_CHECKING:
    from ndcg.evaluate import evaluate
    from ndcg.family import (
        average_precision,
        err,
        precision,
        rbp,
        rbp_residual,
        recall,
        reciprocal_rank,
    )
    from ndcg.metrics import breakdown, cg, dcg, idcg, ideal_order, ndcg
    from ndcg.scores import ndcg_from_scores
    from ndcg.trec import read_qrels, read_run


def __getattr__(name: str) -> Any:
    """Import a public name from its home on first use, then keep it here."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'ndcg' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


class _Package(types.ModuleType):
    """The package, whose function ``evaluate`` keeps its name when ``ndcg.evaluate`` loads.

    Importing a submodule binds it on its package under its own name, which would hide
    the function of the same name that ``__getattr__`` has not yet fetched.
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, types.ModuleType) and _HOMES.get(name) == value.__name__:
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
