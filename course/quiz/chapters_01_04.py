"""The quiz questions of chapters 1 to 4: ranking and relevance, CG, DCG, ideal DCG and NDCG."""

from __future__ import annotations

import numpy as np

import ndcg
from ndcg import discount
from ndcg.teaching import examples

from .items import (
    count_relevant,
    draw_judged_pool,
    draw_two_positions,
    item,
    pool,
    retrieved,
    value,
)
from .model import Question, Variant

#: The questions of each chapter, by its number.
QUESTIONS: dict[int, list[Question]] = {
    1: [
        item(
            1,
            1,
            "choice",
            (
                "Two systems retrieve the same six documents. A puts the grade-3 document first, "
                "B puts it sixth. Which statement is right?"
            ),
            "B",
            "Readers stop early, so the same documents in another order serve them differently.",
            options=(
                "They are equally good: they retrieved the same documents",
                "A serves a reader who stops early better, and a measure should be able to tell",
                "B is better: the best document is kept for last",
                "No measure can separate two lists of the same documents",
            ),
        ),
        item(
            1,
            2,
            "numeric",
            (
                "Judges graded {n} documents for a query, D1 onwards: {grades}. The system "
                "retrieved D1-D6 only. What share of the documents judged relevant (grade above "
                "0) did it retrieve?"
            ),
            lambda: count_relevant(value("grades")[:6]) / count_relevant(value("grades")),
            (
                "Relevant among D1-D6, divided by relevant among all {n}: a judged document the "
                "system never retrieved still counts."
            ),
            data=draw_judged_pool,
            book_data={"n": len(examples.D_POOL), "grades": list(examples.D_POOL)},
        ),
        item(
            1,
            3,
            "choice",
            "What does a graded relevance judgment record?",
            "A",
            (
                "A grade is a judge's statement about one document for one query, not a system's "
                "output."
            ),
            options=(
                "How useful a judge found one document for one query, on a scale such as 0-3",
                "The score a system gave a document",
                "The position at which a document was shown",
                "Whether a user clicked the document",
            ),
        ),
        item(
            1,
            4,
            "choice",
            "D7 was judged relevant but not retrieved. What is it to the evaluation?",
            "C",
            (
                "A judged, unretrieved document is invisible to the list but still part of what a "
                "perfect list could have shown."
            ),
            options=(
                "Nothing: only retrieved documents count",
                "An error in the judgments",
                "A document the system missed, which a perfect ranking would have shown",
                "An unjudged document",
            ),
        ),
        item(
            1,
            5,
            "short",
            (
                "Why do people read a ranked list from the top, and what does that imply for "
                "measuring it?"
            ),
            (
                "Attention falls with position, so a measure should weight the top positions more "
                "than the lower ones."
            ),
            "The book's starting point: order matters because readers stop early.",
        ),
    ],
    2: [
        item(
            2,
            1,
            "numeric",
            "Compute CG of the D1-D6 list {d}.",
            lambda: ndcg.cg(retrieved()),
            "CG is the plain sum of the grades of {d}.",
            decimals=0,
        ),
        item(
            2,
            2,
            "numeric",
            "Compute CG@3 of the same list.",
            lambda: ndcg.cg(retrieved(), k=3),
            "Only the first three grades count.",
            decimals=0,
        ),
        item(
            2,
            3,
            "choice",
            (
                "A colleague's cg(relevance, k) returns sum(relevance[1:k + 1]). Which test case "
                "shows the bug?"
            ),
            "B",
            "Only a list whose first grade differs from its (k+1)-th separates the two sums.",
            options=(
                "cg([1, 1, 1, 1], k=2) == 2",
                "cg([3, 0, 0, 0], k=2) == 3",
                "cg([0, 0, 0, 0], k=2) == 0",
                "cg([2, 2, 2, 2], k=3) == 6",
            ),
        ),
        item(
            2,
            4,
            "choice",
            "Which change can alter CG@3 of a list?",
            "B",
            "CG@k changes only when a document crosses the cutoff k.",
            options=(
                "Swapping the documents at positions 1 and 2",
                "Swapping the documents at positions 3 and 4",
                "Swapping the documents at positions 5 and 6",
                "None: CG@3 never changes",
            ),
            variants=(
                Variant(
                    "Which change can alter CG@2 of a list?",
                    "B",
                    "CG@k changes only when a document crosses the cutoff k.",
                    (
                        "Swapping the documents at positions 1 and 2",
                        "Swapping the documents at positions 2 and 3",
                        "Swapping the documents at positions 4 and 5",
                        "None: CG@2 never changes",
                    ),
                ),
            ),
        ),
        item(
            2,
            5,
            "short",
            "Name one thing CG cannot see and give a reordering that shows it.",
            (
                "Order within the list: reversing D1-D6 leaves CG at the same value although the "
                "best documents move to the bottom."
            ),
            "CG sums grades without positions, so any permutation has the same CG.",
        ),
    ],
    3: [
        item(
            3,
            1,
            "numeric",
            "Compute DCG (linear gain, discount 1/log2(i+1)) of {d}.",
            lambda: ndcg.dcg(retrieved()),
            "Sum of grade / log2(position + 1) over the six positions.",
        ),
        item(
            3,
            2,
            "choice",
            (
                "Predict before you compute: D3 and D4 of {d} are swapped, giving {swapped}. "
                "What happens to DCG?"
            ),
            "C",
            "D3's higher grade moves from position 3 to 4, where its discount is smaller.",
            options=(
                "It rises: the swap moves a document up",
                "It stays: the same grades are summed",
                "It falls: the higher grade moves to a smaller discount",
                "It depends on the grades of D5 and D6",
            ),
        ),
        item(
            3,
            3,
            "numeric",
            (
                "With the discount 1/log2(i+1), how many times does a document at position {i} "
                "weigh as much as the same document at position {j}?"
            ),
            lambda: float(
                np.divide(*discount.discounts(value("j"))[[value("i") - 1, value("j") - 1]])
            ),
            "log2({j} + 1) / log2({i} + 1): the discount falls ever more slowly down the list.",
            data=draw_two_positions,
            book_data={"i": 1, "j": 3},
        ),
        item(
            3,
            4,
            "numeric",
            "Compute DCG of {d} with exponential gain 2^g - 1.",
            lambda: ndcg.dcg(retrieved(), gain="exponential"),
            "Each gain becomes 2^g - 1 before the same discounts apply.",
        ),
        item(
            3,
            5,
            "choice",
            "For grades that are only 0 or 1, linear and exponential gain give",
            "A",
            "2^1 - 1 = 1 and 2^0 - 1 = 0, so the two gains coincide on binary grades.",
            options=(
                "the same DCG",
                "DCGs that differ by a factor of 2",
                "DCGs that differ by one",
                "incomparable numbers",
            ),
        ),
        item(
            3,
            6,
            "short",
            (
                "State the two assumptions that DCG builds in, and which part of the formula "
                "encodes each."
            ),
            (
                "Highly relevant documents are worth more than marginal ones (the gain), and "
                "documents further down are less likely to be seen (the discount)."
            ),
            "Järvelin and Kekäläinen's two premises map to the numerator and the denominator.",
        ),
    ],
    4: [
        item(
            4,
            1,
            "numeric",
            (
                "Compute IDCG@6 for D1-D6 when the ideal is built from every judged document, D1 to"
                " D8."
            ),
            lambda: ndcg.idcg(retrieved(), k=6, pool=pool()),
            "The ideal list is the six best judged grades, {ideal}, each discounted.",
        ),
        item(
            4,
            2,
            "numeric",
            "Compute NDCG@6 of D1-D6 with that ideal.",
            lambda: ndcg.ndcg(retrieved(), k=6, pool=pool()),
            "DCG@6 divided by the IDCG@6 from all eight judged documents.",
        ),
        item(
            4,
            3,
            "numeric",
            "Compute NDCG@6 of D1-D6 if, wrongly, the ideal is the retrieved list re-sorted.",
            lambda: ndcg.ndcg(retrieved(), k=6),
            "Without D7 and D8 the yardstick is lower, so the score is inflated.",
        ),
        item(
            4,
            4,
            "choice",
            "Changing the logarithm's base from 2 to e (for every position) changes NDCG by",
            "D",
            "Every discount is scaled by the same factor, which cancels between DCG and IDCG.",
            options=(
                "a factor of ln 2",
                "a factor of log2(e)",
                "an amount that depends on the list",
                "nothing",
            ),
            variants=(
                Variant(
                    (
                        "Changing the logarithm's base from 2 to 10 (for every position) "
                        "changes DCG by"
                    ),
                    "A",
                    (
                        "Each discount 1/log10(i+1) is log2(10) times 1/log2(i+1), so DCG is "
                        "scaled by log2(10); NDCG, a ratio of two DCGs, would not change."
                    ),
                    (
                        "a factor of log2(10)",
                        "a factor of log10(2)",
                        "an amount that depends on the list",
                        "nothing",
                    ),
                ),
            ),
        ),
        item(
            4,
            5,
            "short",
            "Why can D1-D6 not reach NDCG@6 = 1 however you reorder it?",
            (
                "The ideal includes D7 and D8 ({extra}), which were not retrieved; no order of "
                "the retrieved six matches a list that contains them."
            ),
            (
                "A perfect score needs the best judged documents, and two of them are missing from "
                "the list."
            ),
        ),
    ],
}
