"""The exercises of chapters 5 to 9.

Scores and ties, edge cases, many queries, pitfalls, NDCG in the wild.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ndcg.teaching import examples
from ndcg.teaching.exercises._answers import fixed, library
from ndcg.teaching.exercises._model import Exercise


def _scores(k: int, ties: str, estimate: Sequence[float] = examples.RATINGS_ESTIMATE) -> float:
    from ndcg import ndcg_from_scores

    # One list in, one number out (ndcg_from_scores returns an array for a matrix).
    return float(
        ndcg_from_scores(examples.RATINGS_TRUE, estimate, k=k, gain="exponential", ties=ties)
    )


_ALL_TIED = (3.0,) * len(examples.RATINGS_TRUE)


def _short_user(k: int, padded: bool, gain: str = "exponential") -> float:
    from ndcg import ndcg

    ranked = [
        grade
        for _, grade in sorted(
            zip(examples.SHORT_USER_ESTIMATE, examples.SHORT_USER_TRUE, strict=True), reverse=True
        )
    ]
    pool = list(examples.SHORT_USER_TRUE)
    if padded:
        pool += [max(pool)] * (k - len(pool))
    return ndcg(ranked, k=k, gain=gain, pool=pool)


_EMPTY_QUERIES = ((3, 2, 0, 1), (0, 1, 2, 0), (0, 0, 0))


def _empty_mean(empty: float, skip_nan: bool) -> float:
    from ndcg import ndcg

    values = np.array([ndcg(q, empty=empty) for q in _EMPTY_QUERIES])
    return float(np.nanmean(values) if skip_nan else values.mean())


def _fractional_mean(gain: str, whole_list: bool) -> float:
    from ndcg import ndcg

    return float(
        np.mean(
            [
                ndcg(lst, k=5, gain=gain) if whole_list else ndcg(lst[:5], k=5, gain=gain)
                for lst in examples.FRACTIONAL_SCORE_LISTS
            ]
        )
    )


def _synthetic_scores(n_queries: int) -> tuple[Any, Any]:
    # Per-query NDCG@10 of runs A and B on chapter 7's synthetic collection with n_queries
    # queries: same generator, same seeds.
    from ndcg import evaluate
    from ndcg.teaching import synthetic

    collection = synthetic.make_collection(
        n_queries=n_queries, docs_per_query=30, difference=0.3, depth=20, seed=2026
    )
    a, b = (
        evaluate(collection.qrels, run, k=10).set_index("query_id")["ndcg@10"]
        for run in (collection.run_a, collection.run_b)
    )
    return a, b


#: Exercise 7.4's statements: (interval width with 10 queries over that with 50, how the
#: p-value moves) for each letter; the letter is the statement the library's figures fit.
_FEWER_QUERIES = {"a": (1.0, "same"), "b": (2.0, "larger"), "c": (5.0, "larger")}
_FEWER_QUERIES["d"] = (2.0, "smaller")


def _fewer_queries() -> str:
    # The width ratio is read as the nearest of 1, 2 and 5 (on a log scale); the p-value as
    # larger or smaller when it moves by more than a quarter, else the same.
    from ndcg.stats import paired_bootstrap_ci, paired_randomization_test

    widths, p_values = [], []
    for n_queries in (10, 50):
        a, b = _synthetic_scores(n_queries)
        interval = paired_bootstrap_ci(b, a, seed=1)
        widths.append(interval.high - interval.low)
        p_values.append(paired_randomization_test(b, a, seed=1).p_value)
    ratio = widths[0] / widths[1]
    width = min((1.0, 2.0, 5.0), key=lambda c: abs(math.log(ratio / c)))
    moved = p_values[0] / p_values[1]
    p_value = "larger" if moved > 1.25 else "smaller" if moved < 0.8 else "same"
    letters = [letter for letter, fits in _FEWER_QUERIES.items() if fits == (width, p_value)]
    if len(letters) != 1:
        raise RuntimeError(
            f"exercise 7.4: width ratio {ratio:.2f} and p-values {p_values} (10 and 50 "
            f"queries) fit none of its statements {_FEWER_QUERIES}; rewrite them"
        )
    return letters[0]


def _sklearn_ignore_ties(k: int = 6) -> float:
    # Reversed input under a stable sort puts tied items in reverse input order, which is
    # the order numpy's argsort(...)[::-1] gives for short arrays.
    from ndcg import ndcg_from_scores

    return float(
        ndcg_from_scores(
            examples.RATINGS_TRUE[::-1],
            examples.RATINGS_ESTIMATE[::-1],
            k=k,
            gain="exponential",
            ties="stable",
        )
    )


_SCALA_FOUR = (5, 4, 3, 2)
_POOL_D8_ONE = (3, 2, 3, 0, 1, 2, 3, 1)
_WITH_D9 = (3, None, 2, 3, 1, 2)  # D1, D9 (never judged), D2, D3, D5, D6


EXERCISES: tuple[Exercise, ...] = (
    # --- chapter 5 ---
    Exercise(
        "ch05-pessimistic-at-3",
        "Estimated ratings, NDCG@3 with ties broken pessimistically",
        lambda: _scores(3, "pessimistic"),
        "Within each group of tied estimates, put the lowest true rating first, then cut at 3.",
        traps=(
            (
                lambda: _scores(3, "stable"),
                "That keeps tied items in input order; the "
                "pessimistic rule assumes the worst order inside each tie.",
            ),
            (
                lambda: _scores(3, "average"),
                "That averages over the tie; the pessimistic rule takes the worst order instead.",
            ),
            (lambda: _scores(3, "optimistic"), "That is the best case; you want the worst."),
            (lambda: _scores(5, "pessimistic"), "Right rule, but that is the cutoff 5 figure."),
        ),
    ),
    Exercise(
        "ch05-average-at-5",
        "Estimated ratings, NDCG@5 with ties averaged",
        lambda: _scores(5, "average"),
        "Every position of a tie group gets the group's mean gain; then cut at 5.",
        traps=(
            (lambda: _scores(5, "stable"), "That keeps tied items in input order."),
            (lambda: _scores(10, "average"), "Right rule, but that is the cutoff 10 figure."),
        ),
    ),
    Exercise(
        "ch05-all-tied",
        "NDCG@10 of the true ratings when every estimate is the same, ties averaged",
        lambda: _scores(10, "average", _ALL_TIED),
        "One tie group holds all ten films: every position gets the mean gain of all ten.",
        traps=(
            (
                lambda: _scores(10, "stable", _ALL_TIED),
                "That scores the input order, which the system never chose.",
            ),
            (fixed(1.0), "An estimate that says nothing cannot earn a perfect score."),
        ),
    ),
    # --- chapter 6 ---
    Exercise(
        "ch06-padded-k5",
        "Short user, NDCG@5 with the ideal padded to k by top-grade items",
        lambda: _short_user(5, padded=True),
        "Pad the pool (not the list) with items of the highest grade until it has k entries.",
        traps=(
            (
                lambda: _short_user(5, padded=False),
                "That is the ideal-from-what-exists convention: this exercise pads the ideal.",
            ),
            (
                lambda: _short_user(5, padded=True, gain="linear"),
                "Right convention, wrong gain: the ratings use 2**r - 1.",
            ),
        ),
    ),
    Exercise(
        "ch06-empty-mean",
        "Mean NDCG of the three queries with empty=nan, as pandas computes it",
        lambda: _empty_mean(float("nan"), skip_nan=True),
        "pandas' mean skips NaN unless told otherwise: how many queries are left?",
        traps=(
            (
                lambda: _empty_mean(0.0, skip_nan=False),
                "That counts the empty query as 0, which is what empty=0.0 does.",
            ),
        ),
    ),
    Exercise(
        "ch06-negative",
        "NDCG of [1, -1, 2, 0] when a negative grade is worth no gain",
        library("ndcg", (1, -1, 2, 0), gain=lambda r: max(r, 0)),
        "Keep the negative document in its place; it just contributes a gain of 0.",
        traps=(
            (
                library("ndcg", (1, 2, 0)),
                "You removed the negative document; it still takes the second position.",
            ),
        ),
    ),
    Exercise(
        "ch06-condense",
        "NDCG@6 of D1, D9 (never judged), D2, D3, D5, D6 with unjudged documents condensed",
        library("ndcg", _WITH_D9, k=6, pool=examples.D_POOL, unjudged="condense"),
        "Drop the unjudged document first; the documents below it move up one place.",
        traps=(
            (
                library("ndcg", _WITH_D9, k=6, pool=examples.D_POOL),
                "That counts the unjudged document as 0 in its place, the default 'zero'.",
            ),
        ),
    ),
    # --- chapter 7 ---
    Exercise(
        "ch07-mean-exponential",
        "Fractional scores: mean NDCG@5, exponential gain, ideal from each whole list",
        lambda: _fractional_mean("exponential", whole_list=True),
        "Compute each list's NDCG@5 with gain 2**r - 1 and the ideal from all six grades.",
        traps=(
            (lambda: _fractional_mean("linear", whole_list=True), "That uses linear gain."),
            (
                lambda: _fractional_mean("exponential", whole_list=False),
                "Your ideal comes from the top five only; use all six grades of each list.",
            ),
        ),
        # Shown in full on the page; to 3 decimals the linear-gain figure reads the same.
        decimals=4,
    ),
    Exercise(
        "ch07-p-value",
        "What a p-value of 0.003 from the paired randomization test says",
        fixed("b"),
        "A p-value is computed assuming the systems are interchangeable; it is not the "
        "probability of that assumption, nor a size of an effect.",
        kind="choice",
    ),
    Exercise(
        "ch07-ci",
        "Which statement fits a 95% bootstrap interval (0.004, 0.031)",
        fixed("c"),
        "An interval describes the mean difference over queries, not single queries.",
        kind="choice",
    ),
    Exercise(
        "ch07-fewer-queries",
        "With 10 queries instead of 50: how wide the interval, how large the p-value",
        _fewer_queries,
        "A mean over fewer queries varies more: by how much, for a fifth of them? And what "
        "does more room for chance do to a p-value?",
        kind="choice",
    ),
    # --- chapter 8 ---
    Exercise(
        "ch08-industry-fixed",
        "DCG@5 of the third fractional-scores list with exponential gain",
        library("dcg", examples.FRACTIONAL_SCORE_LISTS[2], k=5, gain="exponential"),
        "Use 2**v - 1 as the gain and add all five positions before returning.",
        traps=(
            (fixed(0.98), "That is the broken function's answer: it stops after one term."),
            (library("dcg", examples.FRACTIONAL_SCORE_LISTS[2], k=5), "That is linear gain."),
        ),
    ),
    Exercise(
        "ch08-filter-depth",
        "How many grades the >= 2 filter keeps if D8 is graded 1",
        lambda: len([g for g in _POOL_D8_ONE if g >= 2]),
        "Count the grades of the new pool that pass the filter.",
        traps=((fixed(6), "Six is the depth the ideal should have; the filter does not know it."),),
        decimals=0,
    ),
    Exercise(
        "ch08-silent-zero",
        "Library NDCG of the four-item sample (5, 4, 3, 2) against the Scala example's pool",
        library("ndcg", _SCALA_FOUR, gain="exponential", pool=examples.FIVE_ITEMS_RELEVANCE),
        "The shorter list is a real ranking: compare it with the best five-item order.",
        traps=(
            (fixed(0.0), "That is the broken class's silent zero."),
            (
                library("ndcg", _SCALA_FOUR, gain="exponential"),
                "Your ideal forgets the item graded 1 that is judged but not shown; pass the pool.",
            ),
        ),
    ),
    Exercise(
        "ch08-same-gain",
        "NDCG@6 of D1-D6 with exponential gain and D7, D8 judged",
        library("ndcg", examples.D_RELEVANCE, k=6, gain="exponential", pool=examples.D_POOL),
        "Same list and pool as the linear figure, with gain 2**r - 1 throughout.",
        traps=(
            (
                library("ndcg", examples.D_RELEVANCE, k=6, pool=examples.D_POOL),
                "That is the linear-gain figure.",
            ),
        ),
    ),
    # --- chapter 9 ---
    Exercise(
        "ch09-sklearn-retrieved",
        "scikit-learn's NDCG@3 for D1-D6 passed on their own",
        library("ndcg", examples.D_RELEVANCE, k=3),
        "scikit-learn only sees the items you pass it: the ideal top 3 comes from D1-D6.",
        traps=(
            (
                library("ndcg", examples.D_RELEVANCE, k=3, pool=examples.D_POOL),
                "That is trec_eval's figure: it knows about D7 and D8 from the qrels.",
            ),
            (
                library("ndcg", examples.D_RELEVANCE, k=6),
                "That is NDCG@6, printed in the chapter; the exercise asks for k=3.",
            ),
        ),
    ),
    Exercise(
        "ch09-trec-uncut",
        "trec_eval's uncut `ndcg` for the D1-D6 run once a ninth document, graded 3, is judged",
        library("ndcg", examples.D_RELEVANCE, pool=(*examples.D_POOL, 3)),
        "No cutoff: the ideal runs over every judged document.",
        traps=(
            (
                library("ndcg", examples.D_RELEVANCE, k=6, pool=(*examples.D_POOL, 3)),
                "That is ndcg_cut.6; the uncut measure keeps the whole ideal.",
            ),
            (
                library("ndcg", examples.D_RELEVANCE, pool=examples.D_POOL),
                "That is the figure before the ninth document was judged.",
            ),
        ),
    ),
    Exercise(
        "ch09-ignore-ties",
        "scikit-learn's NDCG@6 for the estimated ratings with ignore_ties=True",
        _sklearn_ignore_ties,
        "argsort(...)[::-1] puts tied items in reverse input order.",
        traps=(
            (lambda: _scores(6, "stable"), "That keeps tied items in input order."),
            (lambda: _scores(6, "average"), "That is the default, averaged over ties."),
            (lambda: _sklearn_ignore_ties(10), "That is NDCG@10, printed in the chapter."),
        ),
    ),
)
