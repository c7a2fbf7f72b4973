"""The book's worked examples, as data shared by the chapters and the tests.

* **The D1-D6 table** (the example of Wikipedia's "Discounted cumulative gain" article): six
  retrieved documents D1..D6 with graded relevance, and two more, D7 and D8, that were judged
  but not retrieved. Chapters 1 to 4, 8 and 9; chapter 8 also keeps the slips of a pandas
  notebook that works through it.
* **Five items** from a Scala implementation of NDCG published in a blog post: each item has
  an id, a feature ``x`` and a rank 1-5 that serves as its grade, scored with exponential gain.
  Chapters 4, 8 and 9.
* **Estimated and true ratings** from a recommender-system walk-through of nDCG@k: ten items a
  user rated, and a model's estimates of those ratings, several of them tied. Chapters 5, 6,
  8 and 9.
* **Fractional scores** from a course notebook (in Russian) on CG@k, DCG@k and NDCG@k: lists
  of a model's relevance estimates that the book reads as a judge's grades between 0 and 1.
  Chapters 2, 4, 7 and 8.

Chapter 1 of the book says where each example comes from.
"""

from __future__ import annotations

import pandas as pd

#: The D1-D6 table: (document, grade) in ranked order.
D_TABLE: tuple[tuple[str, int], ...] = (
    ("D1", 3),
    ("D2", 2),
    ("D3", 3),
    ("D4", 0),
    ("D5", 1),
    ("D6", 2),
)
#: The D1-D6 table: D7 and D8, judged documents that were not retrieved.
D_UNRETRIEVED: tuple[tuple[str, int], ...] = (("D7", 3), ("D8", 2))
#: The D1-D6 table: grades in ranked order.
D_RELEVANCE: tuple[int, ...] = tuple(grade for _, grade in D_TABLE)
#: The D1-D6 table: every judged grade (D1..D8), the pool the ideal is built from.
D_POOL: tuple[int, ...] = D_RELEVANCE + tuple(grade for _, grade in D_UNRETRIEVED)

#: Five items: (id, x, rank) of the Scala example; the rank is used as the grade.
FIVE_ITEMS: tuple[tuple[str, float, int], ...] = (
    ("1", 3.4, 4),
    ("2", 1.4, 3),
    ("3", -0.7, 5),
    ("4", 5.2, 2),
    ("5", 1.4, 1),
)
#: Five items: grades (= rank) in list order.
FIVE_ITEMS_RELEVANCE: tuple[int, ...] = tuple(rank for _, _, rank in FIVE_ITEMS)

#: Ratings: true ratings of ten items.
RATINGS_TRUE: tuple[int, ...] = (3, 4, 5, 1, 2, 3, 4, 5, 5, 4)
#: Ratings: estimated ratings (true rating alternately -0.5 and +0.5).
RATINGS_ESTIMATE: tuple[float, ...] = (2.5, 4.5, 4.5, 1.5, 1.5, 3.5, 3.5, 5.5, 4.5, 4.5)
#: Ratings: the walk-through's open question, a user with fewer ratings than k.
SHORT_USER_TRUE: tuple[int, ...] = (1, 3, 5)
SHORT_USER_ESTIMATE: tuple[float, ...] = (0.5, 3.5, 4.5)

#: Fractional scores: a ranked list whose scores serve as grades.
FRACTIONAL_SCORES: tuple[float, ...] = (0.99, 0.94, 0.88, 0.74, 0.71, 0.68)
#: Fractional scores: the same list with positions 3 and 4 swapped.
FRACTIONAL_SCORES_SWAPPED: tuple[float, ...] = (0.99, 0.94, 0.74, 0.88, 0.71, 0.68)
#: Fractional scores: three lists whose mean NDCG@5 the course notebook computes.
FRACTIONAL_SCORE_LISTS: tuple[tuple[float, ...], ...] = (
    (0.99, 0.94, 0.88, 0.89, 0.72, 0.65),
    (0.99, 0.92, 0.93, 0.74, 0.61, 0.68),
    (0.99, 0.96, 0.81, 0.73, 0.76, 0.69),
)


def d_table() -> pd.DataFrame:
    """Return the D1-D6 table's ranked documents as a DataFrame indexed by position.

    Returns
    -------
    pandas.DataFrame
        Columns ``document`` and ``relevance``, one row for each of D1..D6 in ranked
        order; the index is the 1-based ``position``, the way the book counts.

    Examples
    --------
    >>> d_table().head(2)
             document  relevance
    position
    1              D1          3
    2              D2          2

    """
    return pd.DataFrame(
        {
            "document": [doc for doc, _ in D_TABLE],
            "relevance": [grade for _, grade in D_TABLE],
        },
        index=pd.RangeIndex(1, len(D_TABLE) + 1, name="position"),
    )
