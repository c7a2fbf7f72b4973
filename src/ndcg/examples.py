"""The seed documents' worked examples, as data shared by the chapters and the tests.

Seed 001 ranks six documents D1..D6 and judges two more, D7 and D8, that were not
retrieved; seeds 000/002 score five items in Scala; seed 003 compares estimated with
true ratings; seed 004 uses scores in (0, 1) as grades.
"""

from __future__ import annotations

import pandas as pd

#: Seed 001: (document, grade) in ranked order.
D_TABLE: tuple[tuple[str, int], ...] = (
    ("D1", 3),
    ("D2", 2),
    ("D3", 3),
    ("D4", 0),
    ("D5", 1),
    ("D6", 2),
)
#: Seed 001: judged documents that were not retrieved.
D_UNRETRIEVED: tuple[tuple[str, int], ...] = (("D7", 3), ("D8", 2))
#: Seed 001: grades in ranked order.
D_RELEVANCE: tuple[int, ...] = tuple(grade for _, grade in D_TABLE)
#: Seed 001: every judged grade (D1..D8), the pool the ideal is built from.
D_POOL: tuple[int, ...] = D_RELEVANCE + tuple(grade for _, grade in D_UNRETRIEVED)

#: Seeds 000/002: (id, x, rank) of the Scala example; the rank is used as the grade.
SCALA_ITEMS: tuple[tuple[str, float, int], ...] = (
    ("1", 3.4, 4),
    ("2", 1.4, 3),
    ("3", -0.7, 5),
    ("4", 5.2, 2),
    ("5", 1.4, 1),
)
#: Seeds 000/002: grades (= rank) in list order.
SCALA_RELEVANCE: tuple[int, ...] = tuple(rank for _, _, rank in SCALA_ITEMS)

#: Seed 003: true ratings of ten items.
RATINGS_TRUE: tuple[int, ...] = (3, 4, 5, 1, 2, 3, 4, 5, 5, 4)
#: Seed 003: estimated ratings (true rating alternately -0.5 and +0.5).
RATINGS_ESTIMATE: tuple[float, ...] = (2.5, 4.5, 4.5, 1.5, 1.5, 3.5, 3.5, 5.5, 4.5, 4.5)
#: Seed 003's open question: a user with fewer ratings than k.
SHORT_USER_TRUE: tuple[int, ...] = (1, 3, 5)
SHORT_USER_ESTIMATE: tuple[float, ...] = (0.5, 3.5, 4.5)

#: Seed 004: a ranked list whose scores serve as grades.
SEED004_LIST: tuple[float, ...] = (0.99, 0.94, 0.88, 0.74, 0.71, 0.68)
#: Seed 004: the same list with positions 3 and 4 swapped.
SEED004_SWAPPED: tuple[float, ...] = (0.99, 0.94, 0.74, 0.88, 0.71, 0.68)
#: Seed 004: three lists whose mean NDCG@5 the document computes.
SEED004_LISTS: tuple[tuple[float, ...], ...] = (
    (0.99, 0.94, 0.88, 0.89, 0.72, 0.65),
    (0.99, 0.92, 0.93, 0.74, 0.61, 0.68),
    (0.99, 0.96, 0.81, 0.73, 0.76, 0.69),
)


def d_table() -> pd.DataFrame:
    """Seed 001's ranked documents as a table.

    Returns
    -------
    pandas.DataFrame
        Columns ``document``, ``relevance`` and ``position`` (1-based), one row for each
        of D1..D6 in ranked order.

    Examples
    --------
    >>> d_table().head(2).to_dict("records")
    [{'document': 'D1', 'relevance': 3, 'position': 1}, {'document': 'D2', 'relevance': 2, 'position': 2}]

    """  # noqa: E501
    return pd.DataFrame(
        {
            "document": [doc for doc, _ in D_TABLE],
            "relevance": [grade for _, grade in D_TABLE],
            "position": range(1, len(D_TABLE) + 1),
        }
    )
