"""Names of the columns of per-query tables: ``ndcg``, ``ndcg@10``, ``precision@5``.

One home for the rule, read by :func:`ndcg.evaluate` and :func:`ndcg.spark.evaluate`, so that
both return the same columns.
"""

from __future__ import annotations


def column_name(cutoff: int | None, metric: str = "ndcg") -> str:
    """Return the column of ``metric`` at ``cutoff``: the bare name when there is no cutoff.

    Examples
    --------
    >>> column_name(None), column_name(10), column_name(5, "precision")
    ('ndcg', 'ndcg@10', 'precision@5')

    """
    return metric if cutoff is None else f"{metric}@{cutoff}"
