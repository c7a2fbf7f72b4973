"""The exercises of chapters 1 to 4: ranking and relevance, CG, DCG, ideal DCG and NDCG."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np

from ndcg.teaching import examples, rounding
from ndcg.teaching.exercises._answers import fixed, library
from ndcg.teaching.exercises._model import Exercise


def _best_orders() -> int:
    # Orders whose grades never rise: any order inside each group of equal grades.
    return math.prod(math.factorial(n) for n in Counter(examples.D_RELEVANCE).values())


def _dcg_ratio(first: Sequence[int], second: Sequence[int]) -> Callable[[], float]:
    def compute() -> float:
        from ndcg import dcg

        return dcg(first) / dcg(second)

    return compute


def _dcg_ratio_error(first: Sequence[int], second: Sequence[int]) -> Callable[[], float]:
    def compute() -> float:
        from ndcg import dcg

        errors = rounding.dcg_error(first), rounding.dcg_error(second)
        return rounding.quotient_error(dcg(first), errors[0], dcg(second), errors[1])

    return compute


def _one_step_loss(top: int) -> Callable[[], float]:
    # A grade-3 document moving from position `top` to `top + 1`: the two discounted gains.
    def compute() -> float:
        from ndcg import breakdown

        terms = breakdown([3] * (top + 1))["discounted_gain"]
        return float(terms.iloc[top - 1] - terms.iloc[top])

    return compute


def _biggest_growth() -> int:
    from ndcg import breakdown

    linear = breakdown(examples.D_RELEVANCE)["discounted_gain"]
    exponential = breakdown(examples.D_RELEVANCE, gain="exponential")["discounted_gain"]
    return int(np.argmax((exponential - linear).to_numpy())) + 1


_BEST_D = tuple(sorted(examples.D_RELEVANCE, reverse=True))
_DOUBLED = tuple(2 * r for r in examples.D_RELEVANCE)
_DOUBLED_POOL = tuple(2 * r for r in examples.D_POOL)
_BEFORE_THE_SWAP = (library("dcg", examples.D_RELEVANCE), "That is the DCG before the swap.")


EXERCISES: tuple[Exercise, ...] = (
    # --- chapter 1 ---
    Exercise(
        "ch01-two-lists",
        "Two orders of the same six documents, and what a sum of grades says about them",
        fixed("b"),
        "Which assumption separates the two lists, and does adding up grades see it?",
        kind="choice",
    ),
    Exercise(
        "ch01-best-orders",
        "How many orders of D1-D6 are equally good best orders",
        _best_orders,
        "Documents with the same grade can trade places without changing any score.",
        traps=(
            (fixed(1), "The best order is not unique: look at the documents with equal grades."),
        ),
        decimals=0,
    ),
    Exercise(
        "ch01-scale",
        "Which statement about a 0-10 scale and a 1-5 star scale is right",
        fixed("b"),
        "Ask what the lowest grade of each scale means.",
        kind="choice",
    ),
    # --- chapter 2 ---
    Exercise(
        "ch02-cg",
        "The largest CG any order of D1-D6 reaches",
        library("cg", examples.D_RELEVANCE),
        "CG adds the grades and nothing else: no positions, no discount.",
        decimals=0,
    ),
    Exercise(
        "ch02-best-cg4",
        "The largest CG@4 any order of D1-D6 reaches",
        library("cg", _BEST_D, k=4),
        "Put the four highest grades in the top four positions.",
        traps=((library("cg", examples.D_RELEVANCE, k=4), "That is CG@4 of the list as ranked."),),
        decimals=0,
    ),
    Exercise(
        "ch02-longer",
        "What CG says about lists of different lengths",
        fixed("b"),
        "What does one more position do to a sum of grades that are never negative?",
        kind="choice",
    ),
    Exercise(
        "ch02-same-cg",
        "DCG of 3, 2, 1, 0 divided by DCG of 0, 1, 2, 3",
        _dcg_ratio((3, 2, 1, 0), (0, 1, 2, 3)),
        "Divide the best-first DCG by the worst-first DCG.",
        traps=(
            (fixed(1.0), "That is the ratio of the two CGs; compare the DCGs."),
            (_dcg_ratio((0, 1, 2, 3), (3, 2, 1, 0)), "That is the ratio the other way round."),
        ),
        # The worked answer says 1.63 times, from weights printed to three decimals.
        decimals=2,
        rounding=_dcg_ratio_error((3, 2, 1, 0), (0, 1, 2, 3)),
    ),
    # --- chapter 3 ---
    Exercise(
        "ch03-dcg-swap",
        "DCG of the D1-D6 list after swapping D3 and D4",
        library("dcg", (3, 2, 0, 3, 1, 2)),
        "Swap the third and fourth grades, then divide each grade by log2(position + 1).",
        traps=(_BEFORE_THE_SWAP,),
    ),
    Exercise(
        "ch03-swap-ends",
        "DCG@6 of D1-D6 with the first and last documents swapped",
        library("dcg", (2, 2, 3, 0, 1, 3)),
        "The list becomes 2, 2, 3, 0, 1, 3.",
        traps=(_BEFORE_THE_SWAP,),
    ),
    Exercise(
        "ch03-one-step",
        "Discounted gain a grade-3 document loses from position 1 to position 2",
        _one_step_loss(1),
        "Subtract the discounted gain of a 3 at position 2 from that at position 1.",
        traps=((_one_step_loss(5), "That is the loss from position 5 to position 6."),),
        # 3 * 1 - 3 * 0.631: the printed discounts' error, as for a DCG of 3, 3.
        rounding=lambda: rounding.dcg_error([3, 3]),
    ),
    Exercise(
        "ch03-biggest-growth",
        "The position of D1-D6 whose discounted gain grows most under exponential gain",
        _biggest_growth,
        "Grade 3 grows from 3 to 7 wherever it is; which of its positions has the mildest "
        "discount?",
        traps=((fixed(3), "That grade-3 document is discounted by half."),),
        decimals=0,
    ),
    # --- chapter 4 ---
    Exercise(
        "ch04-best-reordering",
        "The highest NDCG@6 any order of D1-D6 reaches with D7 and D8 judged",
        library("ndcg", _BEST_D, k=6, pool=examples.D_POOL),
        "Sort the six retrieved documents best first; the ideal still holds D7 and D8.",
        traps=(
            (fixed(1.0), "No order of D1-D6 holds D7 and D8, which the ideal has."),
            (
                library("ndcg", examples.D_RELEVANCE, k=6, pool=examples.D_POOL),
                "That is the score of the original order.",
            ),
        ),
    ),
    Exercise(
        "ch04-ndcg-at-3",
        "NDCG@3 of D1-D6 with D7 and D8 judged",
        library("ndcg", examples.D_RELEVANCE, k=3, pool=examples.D_POOL),
        "The ideal top three come from all eight judged documents.",
        traps=(
            (
                library("ndcg", examples.D_RELEVANCE, k=3),
                "Your ideal only knows the six retrieved documents: D7 and D8 are judged too.",
            ),
            (
                library("ndcg", examples.D_RELEVANCE, k=6, pool=examples.D_POOL),
                "That is the cutoff 6 figure.",
            ),
        ),
    ),
    Exercise(
        "ch04-doubled",
        "NDCG@6 of the doubled D1-D6 grades and pool with exponential gain",
        library("ndcg", _DOUBLED, k=6, pool=_DOUBLED_POOL, gain="exponential"),
        "Double the list and the pool, then use gain 2**r - 1 for both.",
        traps=(
            (
                library("ndcg", _DOUBLED, k=6, pool=_DOUBLED_POOL),
                "That is linear gain, under which doubling changes nothing.",
            ),
            (
                library(
                    "ndcg", examples.D_RELEVANCE, k=6, pool=examples.D_POOL, gain="exponential"
                ),
                "That is the exponential figure before doubling.",
            ),
        ),
    ),
    Exercise(
        "ch04-scala-linear",
        "NDCG of the Scala example's five items with linear gain",
        library("ndcg", examples.FIVE_ITEMS_RELEVANCE),
        "Use the grade itself as the gain, for the list and for its ideal order.",
        traps=(
            (
                library("ndcg", examples.FIVE_ITEMS_RELEVANCE, gain="exponential"),
                "That is the exponential-gain figure of the post.",
            ),
        ),
    ),
    Exercise(
        "ch04-scala-worst",
        "NDCG of the order 1, 2, 3, 4, 5 with exponential gain",
        library("ndcg", (1, 2, 3, 4, 5), gain="exponential"),
        "The ideal is 5, 4, 3, 2, 1; use gain 2**r - 1 for both.",
        traps=((fixed(0.0), "Every item has some relevance, so even this order collects gain."),),
    ),
)
