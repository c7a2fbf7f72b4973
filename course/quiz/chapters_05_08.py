"""The quiz questions of chapters 5 to 8: scores and ties, edge cases, many queries, pitfalls."""

from __future__ import annotations

import numpy as np

import ndcg
from ndcg import stats
from ndcg.teaching import examples, pitfalls

from .items import (
    BOOK_TIES,
    draw_short_user,
    draw_ties,
    hundredths,
    item,
    retrieved,
    ties_ndcg,
    value,
)
from .model import Question, Variant

#: The questions of each chapter, by its number.
QUESTIONS: dict[int, list[Question]] = {
    5: [
        item(
            5,
            1,
            "numeric",
            (
                "A system scores {n} items {scores}; their true grades are {grades}. NDCG@{k} "
                "(exponential gain), ties broken pessimistically?"
            ),
            lambda: ties_ndcg("pessimistic"),
            "Inside each tie group the worst true grade goes first.",
            data=draw_ties,
            book_data=BOOK_TIES,
            data_key="q05",
        ),
        item(
            5,
            2,
            "numeric",
            (
                "The same {n} items (scores {scores}, grades {grades}), with ties averaged (the "
                "library's default): NDCG@{k}, exponential gain?"
            ),
            lambda: ties_ndcg("average"),
            "Averaging gives each tied item the mean discount of the positions its group occupies.",
            data=draw_ties,
            book_data=BOOK_TIES,
            data_key="q05",
        ),
        item(
            5,
            3,
            "choice",
            (
                "Predict the direction: two items with the same score, of grades 3 and 0, share "
                "positions 2 and 3. Compared with breaking the tie pessimistically, averaging "
                "gives an NDCG@3 that is"
            ),
            "B",
            (
                "Averaging gives the grade-3 item the mean of the discounts at 2 and 3, more than "
                "the discount at 3 that the pessimistic order leaves it."
            ),
            options=(
                "lower",
                "higher",
                "the same",
                "higher or lower, depending on the other grades",
            ),
            variants=(
                Variant(
                    (
                        "Predict the direction: two items with the same score, of grades 3 and 0, "
                        "share positions 2 and 3. Compared with breaking the tie optimistically, "
                        "averaging gives an NDCG@3 that is"
                    ),
                    "A",
                    (
                        "Averaging gives the grade-3 item the mean of the discounts at 2 and 3, "
                        "less than the discount at 2 that the optimistic order gives it."
                    ),
                    (
                        "lower",
                        "higher",
                        "the same",
                        "higher or lower, depending on the other grades",
                    ),
                ),
            ),
        ),
        item(
            5,
            4,
            "choice",
            "Why is averaging over tie orders the principled rule?",
            "B",
            (
                "The averaged score is the mean over every arrival order, so it does not depend on "
                "an accident."
            ),
            options=(
                "It is always the highest score",
                "It equals the mean NDCG over all orders in which the tied items could arrive",
                "It is what every library does",
                "It ignores tied items",
            ),
        ),
        item(
            5,
            5,
            "short",
            (
                "A colleague's NDCG changes when the input rows are shuffled. What is the likely "
                "cause, and the fix?"
            ),
            (
                "Tied scores broken by input order (a stable sort); fix it by an explicit tie rule,"
                " ideally averaging."
            ),
            "Only ties make the ranking depend on the order of the input rows.",
        ),
    ],
    6: [
        item(
            6,
            1,
            "numeric",
            (
                "A user rated only three items: true ratings {grades}, estimates {scores}. "
                "NDCG@10 with the ideal from what exists (three items)?"
            ),
            lambda: ndcg.ndcg_from_scores(value("grades"), value("scores"), k=10),
            "With three items, NDCG@10 is NDCG@3: the ideal has only what the user rated.",
            data=draw_short_user,
            book_data={
                "grades": list(examples.SHORT_USER_TRUE),
                "scores": list(examples.SHORT_USER_ESTIMATE),
            },
        ),
        item(
            6,
            2,
            "numeric",
            (
                "Four queries have NDCG@10 of {values}; a fifth has no relevant document. What is "
                "the mean NDCG@10 over the five with the library's default (empty=0.0)?"
            ),
            lambda: float(np.mean([*value("values"), ndcg.ndcg([0, 0, 0], k=10)])),
            (
                "The empty query counts as 0 and pulls the mean down; with empty=nan it would be "
                "skipped and the mean taken over four."
            ),
            data=lambda rng: {"values": hundredths(rng, 4, 0.3, 1.0)},
            book_data={"values": [0.62, 0.81, 0.47, 0.9]},
        ),
        item(
            6,
            3,
            "choice",
            "Which policy for unjudged documents is trec_eval's default?",
            "A",
            "trec_eval counts an unjudged document as grade 0 in its place; -J drops them.",
            options=(
                "Count it as grade 0 where it stands",
                "Drop it before the cutoff",
                "Raise an error",
                "Give it the mean grade",
            ),
        ),
        item(
            6,
            4,
            "choice",
            "The library's ndcg(relevance, empty=...) accepts",
            "C",
            "empty is a number such as 0.0 or nan, or 'raise' for an error.",
            options=("only 0.0", "0.0 or 1.0", "a number or 'raise'", "True or False"),
        ),
        item(
            6,
            5,
            "short",
            "Why is 0 not 'simply correct' for a query with no relevant documents?",
            (
                "NDCG there is 0/0, which has no value; 0, NaN (skip the query) and an error are "
                "conventions that change the mean differently."
            ),
            "An undefined ratio needs a stated choice, and the mean over queries depends on it.",
        ),
    ],
    7: [
        item(
            7,
            1,
            "choice",
            (
                "On 50 queries B's mean NDCG@10 is 0.02 above A's, but B loses to A on 30 of them. "
                "Which reading is right?"
            ),
            "D",
            "A mean can rise through a few large wins; only the paired differences show which.",
            options=(
                "Impossible: a higher mean means more wins",
                "B is better on most queries",
                "The means must have been computed on different queries",
                "Possible: a few large wins outweigh many small losses",
            ),
        ),
        item(
            7,
            2,
            "numeric",
            (
                "Per-query NDCG of A is {a} and of B is {b}. What is the mean paired difference "
                "B - A?"
            ),
            lambda: stats.paired_differences(value("b"), value("a")).mean(),
            "The per-query differences B - A, averaged.",
            data=lambda rng: {
                "a": hundredths(rng, 4, 0.2, 0.9),
                "b": hundredths(rng, 4, 0.2, 0.9),
            },
            book_data={"a": [0.2, 0.5, 0.9], "b": [0.3, 0.6, 0.8]},
        ),
        item(
            7,
            3,
            "choice",
            "Two systems are run on the same 50 queries. Which comparison is appropriate?",
            "B",
            (
                "Per-query scores vary more across queries than across systems; pairing removes "
                "that variation."
            ),
            options=(
                "Compare the two means only",
                "A paired test on per-query differences, with a confidence interval",
                "An unpaired t-test",
                "Count the queries where B wins",
            ),
        ),
        item(
            7,
            4,
            "choice",
            "A p-value of 0.001 for B against A means",
            "D",
            "A p-value measures surprise under no difference, not the size of the difference.",
            options=(
                "B is much better than A",
                "B is better on 99.9% of queries",
                "the improvement is 0.001",
                "a difference this large would be rare if the systems were exchangeable",
            ),
            variants=(
                Variant(
                    "A p-value of 0.4 for B against A means",
                    "C",
                    (
                        "A large p-value says the data do not rule out no difference; it does "
                        "not show that the systems are equal."
                    ),
                    (
                        "A and B are equally good",
                        "B is worse than A",
                        "a difference this large would be common if the systems were exchangeable",
                        "there is a 40% chance that B is better",
                    ),
                ),
            ),
        ),
        item(
            7,
            5,
            "short",
            "What does a 95% bootstrap interval for the mean difference add to a p-value?",
            (
                "A range of plausible sizes for the difference, so a reader can judge whether it "
                "matters, not just whether it is nonzero."
            ),
            "The interval speaks to size, the p-value only to surprise.",
        ),
    ],
    8: [
        item(
            8,
            1,
            "numeric",
            (
                "The 'industry' DCG (gain 2v - 1, return inside the loop) of the fractional list "
                "{scores}?"
            ),
            lambda: pitfalls.broken_industry_dcg(value("scores"), k=6),
            "Only the first term, 2 times the first value minus 1, is ever summed.",
            data=lambda rng: {"scores": sorted(hundredths(rng, 6, 0.5, 1.0), reverse=True)},
            book_data={"scores": list(examples.FRACTIONAL_SCORES)},
        ),
        item(
            8,
            2,
            "numeric",
            (
                "DCG of D1-D6 with every term rounded to three decimals before summing: how far is "
                "it from the exact DCG (absolute difference), in thousandths (units of 0.001)?"
            ),
            lambda: 1000 * abs(pitfalls.broken_rounded_dcg(retrieved()) - ndcg.dcg(retrieved())),
            "Each rounded term loses up to half a unit in the last place and the errors add up.",
        ),
        item(
            8,
            3,
            "choice",
            (
                "A function sorts documents with numpy.argsort(scores) and scores the result. What "
                "goes wrong?"
            ),
            "A",
            "argsort sorts ascending, so the worst-scored documents come first.",
            options=(
                "The lowest-scored document is ranked first",
                "Ties are averaged",
                "The ideal is wrong",
                "Nothing",
            ),
        ),
        item(
            8,
            4,
            "choice",
            (
                "A scorer returns 0.0 when a list has a different length from the first one it saw."
                " Why is this dangerous?"
            ),
            "C",
            "An error disguised as a plausible score silently pulls the mean down.",
            options=(
                "0.0 is too high",
                "It is slow",
                "A bug looks like a bad but valid score",
                "It changes the gain",
            ),
        ),
        item(
            8,
            5,
            "short",
            (
                "Write a known-answer test that would have caught the ideal built from the "
                "retrieved top k."
            ),
            (
                "Score D1-D6 with D7 and D8 in the pool and assert NDCG@6 equals the value computed"
                " with the full pool, which is below the retrieved-only value."
            ),
            "A case where a judged relevant document is not retrieved separates the two ideals.",
        ),
    ],
}
