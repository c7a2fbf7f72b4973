"""What the bank's questions are built from: the term's grades, each item's data and draws.

Items about the D1-D6 example read its grades through :func:`retrieved`, :func:`pool` and
:func:`swapped`, so the same item gives the book's figures or a term's (see ``Term.draw``) and
its key follows. Data come from ``ndcg.teaching.examples``; every numeric answer is a function.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

import ndcg
from ndcg.teaching import examples

from .model import Data, Kind, Question, current_term, current_values


def retrieved() -> tuple[int, ...]:
    return current_term().retrieved


def pool() -> tuple[int, ...]:
    return current_term().pool


def swapped() -> tuple[int, ...]:
    return current_term().swapped


def value(name: str):
    """One value of the data of the item being answered (see ``Question.data``)."""
    values = current_values()
    if name not in values:
        raise KeyError(f"the item being answered has no value {name!r}; it has {sorted(values)}")
    return values[name]


def random_grades(rng: np.random.Generator, size: int, top: int = 3) -> list[int]:
    return [int(grade) for grade in rng.integers(0, top + 1, size=size)]


def hundredths(rng: np.random.Generator, size: int, low: float, high: float) -> list[float]:
    # Two decimals, so the prompt prints exactly the numbers the answer is computed from.
    return [round(float(value), 2) for value in rng.uniform(low, high, size=size)]


# The learning outcomes (the instructor guide's numbered list) each question assesses.
OUTCOMES: dict[str, tuple[int, ...]] = {
    **{f"q01-{n}": o for n, o in enumerate([(2,), (4,), (1,), (4,), (2,)], 1)},
    **{f"q02-{n}": o for n, o in enumerate([(1,), (1,), (1, 8), (1,), (2,)], 1)},
    **{f"q03-{n}": o for n, o in enumerate([(1,), (2,), (1,), (3,), (3,), (2,)], 1)},
    **{f"q04-{n}": o for n, o in enumerate([(1, 4), (1, 4), (4,), (1,), (4,)], 1)},
    **{f"q05-{n}": (5,) for n in range(1, 6)},
    **{f"q06-{n}": (6,) for n in range(1, 6)},
    **{f"q07-{n}": (7,) for n in range(1, 6)},
    **{f"q08-{n}": o for n, o in enumerate([(8,), (8,), (8,), (6, 8), (4, 8)], 1)},
    **{f"q09-{n}": o for n, o in enumerate([(4, 9), (3, 9), (9,), (3, 9), (9,)], 1)},
    **{f"q10-{n}": (10,) for n in range(1, 6)},
    **{f"q11-{n}": o for n, o in enumerate([(11,), (4, 11), (11,), (11,), (11,)], 1)},
    **{f"q12-{n}": (12,) for n in range(1, 6)},
    **{f"q13-{n}": o for n, o in enumerate([(1, 13), (13,), (13,), (13,), (13,)], 1)},
    **{f"q14-{n}": o for n, o in enumerate([(9,), (9,), (7,), (4,), (9,)], 1)},
}


def item(
    chapter: int, number: int, kind: Kind, prompt: str, answer, rationale: str, **extra
) -> Question:
    qid = f"q{chapter:02d}-{number}"
    return Question(qid, chapter, kind, prompt, answer, rationale, outcomes=OUTCOMES[qid], **extra)


def count_relevant(grades: Sequence[float]) -> float:
    return float(sum(1 for grade in grades if grade > 0))


def ltr():
    from ndcg import ltr  # the learning-to-rank package, loaded only for chapter 13

    return ltr


# Each draw below gives a numeric item its data for a term, from a generator seeded by the
# term's secret and the item's id (Term.rng). A draw is repeated until it keeps what the item's
# wording relies on (a tie that matters, a list not already in its best order, ...).


def draw_two_positions(rng: np.random.Generator) -> Data:
    i = int(rng.integers(1, 11))
    return {"i": i, "j": i + int(rng.integers(1, 31))}


def draw_judged_pool(rng: np.random.Generator) -> Data:
    while True:
        n = int(rng.integers(8, 13))
        grades = random_grades(rng, n)
        if 0 < count_relevant(grades[:6]) < count_relevant(grades):
            return {"n": n, "grades": grades}


BOOK_TIES: Data = {
    "n": len(examples.RATINGS_TRUE),
    "scores": list(examples.RATINGS_ESTIMATE),
    "grades": list(examples.RATINGS_TRUE),
    "k": 10,
}


def ties_ndcg(ties: str, values: Data | None = None) -> float:
    values = values or current_values()
    return ndcg.ndcg_from_scores(
        values["grades"], values["scores"], k=values["k"], gain="exponential", ties=ties
    )


def draw_ties(rng: np.random.Generator) -> Data:
    while True:
        n = 8
        # Scores in half steps from 0.5 to 4, so that some are tied.
        scores = [float(score) / 2 for score in rng.integers(1, 9, size=n)]
        values = {
            "n": n,
            "scores": scores,
            "grades": random_grades(rng, n),
            "k": int(rng.integers(3, 7)),
        }
        if ties_ndcg("pessimistic", values) != ties_ndcg("average", values):
            return values  # a tie inside the cutoff holds different grades


def draw_short_user(rng: np.random.Generator) -> Data:
    while True:
        grades = [int(grade) for grade in rng.choice(np.arange(1, 6), size=3, replace=False)]
        scores = hundredths(rng, 3, 0.5, 5.0)
        if len(set(scores)) == 3 and ndcg.ndcg_from_scores(grades, scores, k=10) < 1:
            return {"grades": grades, "scores": scores}


def draw_first_relevant(rng: np.random.Generator) -> Data:
    lists = []
    for _ in range(3):
        first = int(rng.integers(1, 7))  # position of the first relevant document
        lists.append([0] * (first - 1) + [int(rng.integers(1, 4))] + random_grades(rng, 6 - first))
    return dict(zip(("q1", "q2", "q3"), lists, strict=True))


def draw_cutoffs(rng: np.random.Generator) -> Data:
    while True:
        grades = random_grades(rng, 6)
        if grades[0] < max(grades):  # the list does not start with its best grade
            k = int(rng.integers(1, 4))
            return {"grades": grades, "k": k, "k2": k + int(rng.integers(1, 4))}


def draw_swap_list(rng: np.random.Generator) -> Data:
    while True:
        grades = random_grades(rng, 8, top=4)
        j = int(rng.integers(2, 9))
        if grades[0] != grades[j - 1] and sorted(grades, reverse=True) != grades:
            return {"grades": grades, "j": j}


def draw_five_items(rng: np.random.Generator) -> Data:
    while True:
        grades = [int(grade) for grade in rng.permutation(rng.choice(6, size=5, replace=False))]
        if sorted(grades, reverse=True) != grades:
            return {"grades": grades}


def draw_query_b(rng: np.random.Generator) -> Data:
    while True:
        b = random_grades(rng, 4)
        if sum(b) > 0 and sorted(b, reverse=True) != b:
            return {"b": b}


def row_weighted_mean_two_queries(b: Sequence[int]) -> float:
    # Query a: one judged row, its only document ranked first (NDCG 1). Query b: four judged
    # rows, ranked in the order given.
    import pandas as pd

    from ndcg.teaching import scale

    qrels = pd.DataFrame(
        {
            "query_id": ["a", "b", "b", "b", "b"],
            "doc_id": ["a1", "b1", "b2", "b3", "b4"],
            "relevance": [1, *b],
        }
    )
    run = qrels.assign(score=[1.0, 4.0, 3.0, 2.0, 1.0]).drop(columns="relevance")
    per_query = ndcg.evaluate(qrels, run, k=4).reset_index()
    return scale.row_weighted_mean(per_query, qrels, "ndcg@4")
