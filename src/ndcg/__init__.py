"""ndcg: cumulative gain, DCG and NDCG, exact and explained.

The list API (:func:`cg`, :func:`dcg`, :func:`idcg`, :func:`ndcg`, :func:`breakdown`)
takes grades in ranked order. The widgets (``ndcg.widgets``) and plots (``ndcg.plots``)
are imported on demand so that ``import ndcg`` stays light.
"""

from ndcg import examples
from ndcg.evaluate import evaluate
from ndcg.metrics import breakdown, cg, dcg, idcg, ndcg
from ndcg.scores import ndcg_from_scores
from ndcg.trec import read_qrels, read_run

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "breakdown",
    "cg",
    "dcg",
    "evaluate",
    "examples",
    "idcg",
    "ndcg",
    "ndcg_from_scores",
    "read_qrels",
    "read_run",
]
