"""ndcg: cumulative gain, DCG and NDCG, exact and explained.

The list API (:func:`cg`, :func:`dcg`, :func:`idcg`, :func:`ndcg`, :func:`breakdown`,
:func:`ideal_order`) takes grades in ranked order (chapters 2 to 4 of *Ranking, Measured*);
:func:`ndcg_from_scores` ranks items by predicted scores under an explicit tie rule
(chapter 5); :func:`evaluate` scores a whole run against judgments, one row per query, as
trec_eval does (chapters 7 and 9). NDCG's family, :func:`precision`, :func:`recall`,
:func:`average_precision`, :func:`reciprocal_rank`, :func:`err`, :func:`rbp` and
:func:`rbp_residual`, takes the same ranked grades (chapters 10 to 12), and every DCG
takes a ``discount=``.

``import ndcg`` loads numpy, pandas and pyarrow only. The book's own teaching code (worked examples,
figures, exercises, the pitfalls museum, synthetic collections) lives in
:mod:`ndcg.teaching`, and the widgets in :mod:`ndcg.widgets`; the library never imports
either.
"""

import sys

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
from ndcg.trec import cli, read_qrels, read_run
from ndcg.trec import measures as trec_measures

# The command line and the measures of one ranked list live in ndcg.trec, beside the rest
# of trec_eval; `ndcg.cli` and `ndcg.trec_measures` stay their names too (`python -m ndcg`,
# the book's `from ndcg import trec_measures`). The same module objects, not copies, so that
# every name of theirs, private ones included, is found under either name.
sys.modules[f"{__name__}.cli"] = cli
sys.modules[f"{__name__}.trec_measures"] = trec_measures

__version__ = "0.1.0"

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
