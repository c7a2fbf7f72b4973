"""The exercises of chapters 10 to 12.

Discounts as readers, NDCG's family, what NDCG cannot tell.
"""

from __future__ import annotations

import numpy as np

from ndcg.teaching import examples
from ndcg.teaching.exercises._answers import fixed, library
from ndcg.teaching.exercises._model import Exercise

_D_SWAPPED = (3, 2, 0, 3, 1, 2)
#: Chapter 12: a list whose NDCG@k falls, then rises again, as k grows.
NOT_MONOTONE = (3, 0, 0, 2, 2)
NOT_MONOTONE_POOL = (3, 2, 2, 2, 0, 0)
#: Chapter 12: ten p-values of ten system variants compared with one baseline.
MANY_P_VALUES = (0.001, 0.004, 0.012, 0.021, 0.03, 0.041, 0.09, 0.2, 0.46, 0.81)


def _lowest_cutoff() -> int:
    from ndcg import ndcg

    values = [ndcg(NOT_MONOTONE, k=k, pool=NOT_MONOTONE_POOL) for k in range(1, 6)]
    return int(np.argmin(values)) + 1


def _significant(method: str | None) -> int:
    from ndcg import stats

    values = np.array(MANY_P_VALUES)
    adjusted = values if method is None else stats.adjust_p_values(values, method=method)
    return int((adjusted < 0.05).sum())


def _tau() -> float:
    from scipy.stats import kendalltau

    return float(kendalltau([1, 2, 3, 4], [2, 1, 3, 4]).statistic)


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        "ch10-rbp-half",
        "RBP of the D1-D6 list with persistence p = 0.5",
        library("rbp", examples.D_RELEVANCE, p=0.5),
        "Grades 1 and above are relevant; rank i weighs p**(i - 1), and the sum is multiplied "
        "by 1 - p.",
        traps=(
            (library("rbp", examples.D_RELEVANCE, p=0.8), "That is the figure for p = 0.8."),
            (
                lambda: library("rbp", examples.D_RELEVANCE, p=0.5)() / 0.5,
                "You left out the factor 1 - p.",
            ),
        ),
    ),
    Exercise(
        "ch10-err-swap",
        "ERR@2 of D1-D6 after swapping D3 and D4, on the 0..3 scale",
        # ERR@2, not ERR@6: the chapter's table prints ERR@6 of the swapped list just above.
        library("err", _D_SWAPPED, k=2, max_grade=3),
        "R(g) = (2**g - 1) / 2**3; the reader reaches rank i only if nothing above satisfied them.",
        traps=(
            (
                library("err", _D_SWAPPED, k=2, max_grade=4),
                "That uses gdeval's 0..4 scale, not 0..3.",
            ),
            (library("err", _D_SWAPPED, max_grade=3), "That is ERR@6: stop at rank 2."),
        ),
    ),
    Exercise(
        "ch10-patience",
        "How many documents the RBP reader with p = 0.9 reads, on average",
        fixed(10),
        "The reader reads rank i with chance p**(i - 1); add those chances up.",
        traps=((fixed(9), "The first document is always read: count it too."),),
        decimals=0,
    ),
    Exercise(
        "ch11-ap-swap",
        "AP of D1-D6 after swapping D3 and D4, with D7 and D8 judged",
        library("average_precision", _D_SWAPPED, pool=examples.D_POOL),
        "Average the precision at each relevant rank over all seven relevant judged documents.",
        traps=(
            (
                library("average_precision", _D_SWAPPED),
                "Your AP only knows the retrieved documents: D7 and D8 are relevant too.",
            ),
            (library("average_precision", examples.D_RELEVANCE, pool=examples.D_POOL), "Before."),
        ),
    ),
    Exercise(
        "ch11-tau",
        "Kendall's tau between the orders A, B, C, D and B, A, C, D",
        _tau,
        "Count the pairs the two orders agree on and the pairs they disagree on, out of six.",
        traps=((fixed(5 / 6), "That is the share of agreeing pairs, not tau."),),
    ),
    Exercise(
        "ch11-which-metric",
        "Which metric to report for question answering with one right answer",
        fixed("c"),
        "The reader wants one answer and stops at the first right one.",
        kind="choice",
    ),
    Exercise(
        "ch12-residual",
        "RBP residual (p = 0.8) of the list 1, unjudged, unjudged, 0, 1",
        library("rbp_residual", (1, None, None, 0, 1), p=0.8),
        "Each unjudged rank i could add (1 - p) * p**(i - 1); the ranks after the list add "
        "p**5 together.",
        traps=(
            (
                lambda: library("rbp_residual", (1, None, None, 0, 1), p=0.8)() - 0.8**5,
                "You left out the documents after the end of the list.",
            ),
        ),
    ),
    Exercise(
        "ch12-lowest-k",
        "The cutoff k (1 to 5) at which NDCG@k of the chapter's list is lowest",
        _lowest_cutoff,
        "Compute NDCG@k for each k with the ideal from the pool, and compare.",
        traps=((fixed(5), "NDCG@5 is not the lowest: the list recovers at its end."),),
        decimals=0,
    ),
    Exercise(
        "ch12-holm",
        "How many of the ten variants stay significant at 0.05 after Holm's correction",
        lambda: _significant("holm"),
        "Sort the p-values; the smallest is compared with 0.05 / 10, the next with 0.05 / 9, "
        "and so on until one fails.",
        traps=(
            (lambda: _significant(None), "That counts the raw p-values below 0.05."),
            (
                lambda: _significant("benjamini-hochberg"),
                "That is the Benjamini-Hochberg count, which controls a different error.",
            ),
        ),
        decimals=0,
    ),
)
