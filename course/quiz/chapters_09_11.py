"""The quiz questions of chapters 9 to 11: NDCG in the wild, why a logarithm, the family."""

from __future__ import annotations

import numpy as np

import ndcg
from ndcg.teaching import examples

from .items import draw_first_relevant, item, pool, random_grades, retrieved, value
from .model import Question

#: The questions of each chapter, by its number.
QUESTIONS: dict[int, list[Question]] = {
    9: [
        item(
            9,
            1,
            "choice",
            (
                "Given D1-D6's grades, scikit-learn's ndcg_score reports a higher NDCG@6 than "
                "chapter 4's. Why?"
            ),
            "B",
            "scikit-learn builds the ideal from y_true, which holds only the retrieved documents.",
            options=(
                "It uses the natural logarithm",
                "Its ideal is built from the six grades it is given, without D7 and D8",
                "It uses exponential gain",
                "It averages over tied scores",
            ),
        ),
        item(
            9,
            2,
            "numeric",
            "NDCG@6 of D1-D6 with exponential gain and the ideal from all judged documents.",
            lambda: ndcg.ndcg(retrieved(), k=6, gain="exponential", pool=pool()),
            "Same list and ideal as chapter 4, only the gain changes.",
        ),
        item(
            9,
            3,
            "choice",
            "Two libraries report different NDCGs for the same ranking. The most likely reason is",
            "B",
            (
                "Gain, ideal, ties, empty ideal and averaging are choices each library makes "
                "differently."
            ),
            options=(
                "one of them has a bug",
                "they make different choices of gain, ideal, ties or empty queries",
                "floating-point error",
                "different logarithm bases",
            ),
        ),
        item(
            9,
            4,
            "choice",
            "trec_eval's ndcg measure uses which gain by default?",
            "A",
            "trec_eval uses the judged grade itself as the gain unless given per-level gains.",
            options=(
                "The grade itself (linear)",
                "2^grade - 1",
                "1 for any relevant document",
                "The grade squared",
            ),
        ),
        item(
            9,
            5,
            "short",
            "What must a paper report so that its NDCG can be reproduced?",
            (
                "The gain, the discount, the cutoff, how the ideal was built, the tie rule, the "
                "convention for empty ideals and unjudged documents, and how queries were averaged "
                "(or the tool and its options)."
            ),
            "Each of these choices changes the number.",
        ),
    ],
    10: [
        item(
            10,
            1,
            "numeric",
            (
                "Rank-biased precision of D1-D6 with persistence p = 0.8 (relevant means grade at "
                "least 1)."
            ),
            lambda: ndcg.rbp(retrieved(), p=0.8),
            "(1 - p) times the sum of p^(i-1) over the relevant positions.",
        ),
        item(
            10,
            2,
            "numeric",
            "ERR of D1-D6 with maximum grade 3.",
            lambda: ndcg.err(retrieved(), max_grade=3),
            "A cascade reader stops at each position with probability (2^g - 1)/2^3 and gains 1/i.",
        ),
        item(
            10,
            3,
            "numeric",
            "Mean reciprocal rank of three queries whose lists have the grades {q1}, {q2}, {q3}.",
            lambda: float(np.mean([ndcg.reciprocal_rank(value(q)) for q in ("q1", "q2", "q3")])),
            "One over the position of each list's first relevant document, averaged.",
            data=draw_first_relevant,
            book_data={"q1": [0, 0, 1, 2], "q2": [2, 0, 1], "q3": [0, 3, 0, 0]},
        ),
        item(
            10,
            4,
            "choice",
            "Which reader model does rank-biased precision assume?",
            "B",
            "RBP's reader moves on to the next position with a fixed probability p.",
            options=(
                "A reader who reads exactly k documents",
                "A reader who continues with a fixed probability p",
                "A reader who stops at the first relevant document",
                "A reader whose patience grows",
            ),
        ),
        item(
            10,
            5,
            "short",
            "Why can NDCG go up while ERR goes down for the same reordering?",
            (
                "ERR's cascade reader stops after a highly relevant document, so what follows "
                "barely counts; NDCG's log discount keeps rewarding relevant documents further "
                "down."
            ),
            "The two discounts encode different readers.",
        ),
    ],
    11: [
        item(
            11,
            1,
            "numeric",
            "Precision@{k} of the list of grades {grades} (relevant: grade at least 1).",
            lambda: ndcg.precision(value("grades"), k=value("k")),
            "The share of the first {k} grades that are 1 or more.",
            data=lambda rng: {"grades": random_grades(rng, 10), "k": int(rng.integers(3, 11))},
            book_data={"grades": [*examples.D_RELEVANCE, 0, 0, 0, 0], "k": 5},
        ),
        item(
            11,
            2,
            "numeric",
            (
                "Average precision of D1-D6 with every judged document (D1-D8) counted as possible "
                "relevant documents."
            ),
            lambda: ndcg.average_precision(retrieved(), pool=pool()),
            (
                "Precision at each relevant position, summed, divided by every relevant judged "
                "document, D7 and D8 included."
            ),
        ),
        item(
            11,
            3,
            "choice",
            (
                "A patent examiner must find every prior-art document in the list, however far "
                "down it is. Which metric matches this reader?"
            ),
            "C",
            "A reader who needs every relevant document is served by a recall-oriented metric.",
            options=(
                "Reciprocal rank",
                "Precision@3",
                "Average precision over every judged relevant document",
                "ERR",
            ),
        ),
        item(
            11,
            4,
            "choice",
            "Kendall's tau between the system orderings of two metrics near 1 means",
            "A",
            "Tau compares orderings of systems, not the metrics' values.",
            options=(
                "the two metrics rank the systems almost the same way",
                "the two metrics give equal values",
                "both metrics are graded",
                "the systems are equally good",
            ),
        ),
        item(
            11,
            5,
            "short",
            (
                "For a question-answering system where the user needs one correct answer, which "
                "metric fits, and why?"
            ),
            (
                "Reciprocal rank (or ERR): the user stops at the first good answer, so only its "
                "position matters."
            ),
            "Match the metric's reader to the task's reader.",
        ),
    ],
}
