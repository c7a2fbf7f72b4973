"""The quiz questions of chapters 12 to 14: what NDCG cannot tell, optimising it, at scale."""

from __future__ import annotations

import ndcg
from ndcg.teaching import examples, optimising

from .items import (
    draw_cutoffs,
    draw_five_items,
    draw_query_b,
    draw_swap_list,
    item,
    ltr,
    row_weighted_mean_two_queries,
    value,
)
from .model import Question, Variant

#: The questions of each chapter, by its number.
QUESTIONS: dict[int, list[Question]] = {
    12: [
        item(
            12,
            1,
            "numeric",
            "NDCG@{k} of the grades {grades} (ideal from the list).",
            lambda: ndcg.ndcg(value("grades"), k=value("k")),
            "Only the top {k} of the list and of its ideal count.",
            data=draw_cutoffs,
            book_data={"grades": [0, 3, 2, 1], "k": 1, "k2": 2},
            data_key="q12",
        ),
        item(
            12,
            2,
            "numeric",
            "NDCG@{k2} of the same list, {grades}.",
            lambda: ndcg.ndcg(value("grades"), k=value("k2")),
            "A longer cutoff lets more of the list, and of the ideal, count.",
            data=draw_cutoffs,
            book_data={"grades": [0, 3, 2, 1], "k": 1, "k2": 2},
            data_key="q12",
        ),
        item(
            12,
            3,
            "choice",
            (
                "Predict the direction: from NDCG@3 to NDCG@4, the list adds a grade-0 document at "
                "position 4 while its ideal adds a grade-2 one. NDCG"
            ),
            "B",
            "NDCG@k is not monotone in k: the ideal grows and the list does not.",
            options=(
                "rises",
                "falls",
                "stays the same",
                "cannot be predicted without the first three grades",
            ),
            variants=(
                Variant(
                    (
                        "Predict the direction: from NDCG@3 to NDCG@4, a list whose NDCG@3 is "
                        "below 1 adds a grade-2 document at position 4 while its ideal adds a "
                        "grade-1 one. NDCG"
                    ),
                    "A",
                    (
                        "The list gains more at position 4 than its ideal does, and it started "
                        "below its ideal, so the ratio rises."
                    ),
                    (
                        "rises",
                        "falls",
                        "stays the same",
                        "cannot be predicted without the first three grades",
                    ),
                ),
                Variant(
                    (
                        "Predict the direction: from NDCG@3 to NDCG@4, a list whose NDCG@3 is 1 "
                        "adds a grade-1 document at position 4 and so does its ideal. NDCG"
                    ),
                    "C",
                    ("The list equals its ideal down to position 4, so NDCG@4 is 1 as NDCG@3 was."),
                    (
                        "rises",
                        "falls",
                        "stays the same",
                        "cannot be predicted without the first three grades",
                    ),
                ),
            ),
        ),
        item(
            12,
            4,
            "choice",
            "A system scores NDCG@10 = 1 on a query with one relevant document. This shows",
            "C",
            "An easy query gives a perfect score cheaply; it says little about the system.",
            options=(
                "the system is perfect",
                "the judgments are wrong",
                "little: any list with that document first scores 1",
                "that k is too small",
            ),
        ),
        item(
            12,
            5,
            "short",
            "Give two things an offline NDCG cannot tell you about a system in production.",
            (
                "How users actually behave (clicks, abandonment) and whether documents nobody "
                "judged are good; also effects of presentation and of ranking many items beyond the"
                " sample."
            ),
            "Offline NDCG rests on judgments and a reader model, not on observed behaviour.",
        ),
    ],
    13: [
        item(
            13,
            1,
            "numeric",
            "NDCG@5 (exponential gain) of the ranking with grades {grades} in that order.",
            lambda: ndcg.ndcg(value("grades"), k=5, gain="exponential"),
            "Only the top five count; the ideal is the list's grades sorted.",
            data=draw_swap_list,
            book_data={"grades": list(optimising.GRADES), "j": 7},
            data_key="q13",
        ),
        item(
            13,
            2,
            "numeric",
            (
                "By how much would NDCG@5 of {grades} change (absolute value) if the documents at "
                "positions 1 and {j} swapped?"
            ),
            lambda: float(
                abs(ltr().swap_matrix(value("grades"), k=5, gain="exponential")[0, value("j") - 1])
            ),
            "The |delta NDCG| of one swap, the weight LambdaRank puts on that pair.",
            data=draw_swap_list,
            book_data={"grades": list(optimising.GRADES), "j": 7},
            data_key="q13",
        ),
        item(
            13,
            3,
            "numeric",
            "RankNet's pairwise loss (sigma = 1) for the grades [1, 0] with scores {scores}.",
            lambda: float(ltr().ranknet([1, 0], value("scores")).loss),
            "log(1 + e^-(s1 - s2)): ln 2 when the scores are equal, less when s1 leads.",
            data=lambda rng: {"scores": [round(float(x), 1) for x in rng.uniform(-2, 2, 2)]},
            book_data={"scores": [0.0, 0.0]},
        ),
        item(
            13,
            4,
            "choice",
            "Why can NDCG not be optimised directly by gradient descent on the scores?",
            "B",
            "NDCG changes only when two scores cross, so its gradient is zero almost everywhere.",
            options=(
                "It is not differentiable anywhere",
                "It is a step function of the scores: flat between crossings",
                "It is not bounded",
                "It needs the ideal",
            ),
        ),
        item(
            13,
            5,
            "short",
            "What does the lambda trick change with respect to RankNet?",
            (
                "It weights each pair's RankNet gradient by the |ΔNDCG| of swapping the pair, so "
                "the pairs that matter for NDCG at the top drive the learning."
            ),
            "LambdaRank keeps RankNet's smooth pair loss and borrows NDCG's sense of importance.",
        ),
    ],
    14: [
        item(
            14,
            1,
            "numeric",
            (
                "Five items with the grades {grades}, in the order given, exponential gain: what "
                "NDCG@5 does the graded definition give?"
            ),
            lambda: ndcg.ndcg(value("grades"), gain="exponential"),
            "The gains 2^r - 1 of {grades} against their ideal, the grades sorted.",
            data=draw_five_items,
            book_data={"grades": list(examples.FIVE_ITEMS_RELEVANCE)},
        ),
        item(
            14,
            2,
            "choice",
            (
                "PySpark's RankingMetrics.ndcgAt(5), called from Python on five items that are "
                "all relevant, with the grades 4, 3, 5, 2, 1 in that order, returns:"
            ),
            "B",
            "The Python bridge passes only the relevant ids, so every relevant item counts as 1.",
            options=("The same figure as the graded NDCG", "1.0", "0.0", "An error"),
        ),
        item(
            14,
            3,
            "numeric",
            (
                "Query a has one judged document, ranked first; query b has four judged "
                "documents (grades {b}) ranked in that order. Averaging NDCG@4 over the "
                "judgment rows instead of over the queries gives what?"
            ),
            lambda: row_weighted_mean_two_queries(value("b")),
            "Query b's NDCG counts four times and query a's perfect score once.",
            data=draw_query_b,
            book_data={"b": [1, 0, 0, 3]},
        ),
        item(
            14,
            4,
            "short",
            (
                "In the distributed job, where does each query's ideal DCG come from, and why "
                "not from the run?"
            ),
            (
                "From the judged side: the query's qrels sorted by grade, cut at k, then joined "
                "to the run's DCG by query. The run lacks the judged documents it did not "
                "retrieve, so an ideal from it would be too low and NDCG too high."
            ),
            "The same rule as chapter 4: the ideal is built from every judged document.",
        ),
        item(
            14,
            5,
            "choice",
            "A few queries have far more rows than the rest. What goes wrong in the Spark job?",
            "C",
            "All of one query's rows are sorted in one task, which runs long after the others.",
            options=(
                "The mean NDCG changes",
                "Spark drops the largest queries",
                "One task holds a whole large query and finishes long after the others",
                "The ideal DCG is computed twice",
            ),
        ),
    ],
}
