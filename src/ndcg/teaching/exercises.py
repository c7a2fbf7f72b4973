"""Answer checks for the book's exercises: right or wrong, and a hint that keeps the answer.

A learner writes an answer in a cell and calls :func:`check` with the exercise's key::

    from ndcg.teaching import exercises
    my_answer = 0.97
    exercises.check("ch05-pessimistic-at-3", my_answer)

The result says whether the answer is right. When it is not, it gives a hint, chosen for the
most common wrong answers, that points at the idea without printing the expected value.
Expected values are computed by the library when a check runs, so they can never drift from
the numbers the chapters print.

A number is judged as a teacher would (:func:`judge` states the rule): right when it agrees
with the expected value to the decimals given, as long as those reach the precision the page
shows for that figure; a near miss is told to give one more decimal, a cut answer to round,
and an answer within what the page's rounded figures leave that its method is right;
fractions ("2/3", "4.762/2.924") and percentages ("81.7%") are numbers too. The answer boxes
of the website (:mod:`ndcg.teaching.answers`, ``js/answers.js``) follow the same rule.
"""

from __future__ import annotations

import math
import numbers
import re
import string
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

import numpy as np

from ndcg.teaching import examples, optimising, rounding

__all__ = [
    "CheckResult",
    "Exercise",
    "ROUNDED",
    "Typed",
    "check",
    "exact_text",
    "exercise",
    "exercise_keys",
    "hint",
    "judge",
    "margin",
    "read",
    "rounding_error",
    "value_words",
]

Kind = Literal["number", "choice"]
#: The letters a multiple-choice answer may take.
LETTERS = ("a", "b", "c", "d")


@dataclass(frozen=True)
class Exercise:
    """One checkable exercise.

    Attributes
    ----------
    key : str
        Identifier used in :func:`check`, e.g. ``"ch05-pessimistic-at-3"``; it is also the
        label of the exercise in its chapter.
    task : str
        One line reminding the learner what to compute.
    expected : callable
        Returns the right answer (a number, or a choice letter).
    hint : str
        General hint for a wrong answer; never contains the answer.
    kind : {"number", "choice"}
        How answers are compared.
    traps : tuple of (callable, str)
        Known wrong answers (computed like ``expected``) with a hint tailored to each.
    decimals : int
        For numbers: the decimals the chapter shows this figure with (a widget's readout,
        the worked answer), hence the fewest a right answer needs; 0 for a whole number (a
        count, a position). See :func:`judge`.
    rounding : callable or None
        Returns how far an answer worked by hand from the page's rounded figures (its
        printed discounts) may land from the exact one, the bound of
        :mod:`ndcg.teaching.rounding`; ``None`` works it out for an expected answer that is
        the library's ``dcg`` or ``ndcg`` of a list, and takes 0 (no such allowance) for
        anything else. See :func:`judge`.

    """

    key: str
    task: str
    expected: Callable[[], Any]
    hint: str
    kind: Kind = "number"
    traps: tuple[tuple[Callable[[], Any], str], ...] = field(default=())
    decimals: int = 3
    rounding: Callable[[], float] | None = None


@dataclass(frozen=True)
class CheckResult:
    """The verdict on one answer; displays as a short message in a notebook.

    Attributes
    ----------
    key : str
        The exercise's key.
    correct : bool
        Whether the answer is right.
    message : str
        What the learner sees: confirmation, or a hint.
    outcome : str
        Which verdict of :func:`judge` this is: ``"right"``, ``"close"``, ``"whole"``,
        ``"trap"``, ``"wrong"``, or ``"unread"`` when there is no answer to judge.

    """

    key: str
    correct: bool
    message: str
    outcome: str = ""

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        colour = "#1a7f37" if self.correct else "#9a6700"
        return f'<p style="color:{colour}"><strong>{self.message}</strong></p>'


# --- the expected answers, computed by the library -------------------------------------


def _lib(name: str, *args: Any, **kwargs: Any) -> Callable[[], Any]:
    def compute() -> Any:
        import ndcg as library

        return getattr(library, name)(*args, **kwargs)

    compute.call = (name, args, kwargs)  # type: ignore[attr-defined]  # for rounding_error
    return compute


def rounding_error(key: str) -> float:
    """How far a hand-worked answer to exercise ``key`` may be from the exact one.

    The exercise's own ``rounding``, or, for an answer that is the library's ``dcg`` or
    ``ndcg`` of a list with the log2 discount, the bound of :mod:`ndcg.teaching.rounding`
    on a computation from the discounts the book prints; 0 for anything else.

    Examples
    --------
    >>> 0.0006 < rounding_error("ch04-scala-worst") < 0.001, rounding_error("ch11-tau")
    (True, 0.0)

    """
    exercise = _exercise(key)
    if exercise.rounding is not None:
        return float(exercise.rounding())
    name, args, kwargs = getattr(exercise.expected, "call", ("", (), {}))
    if name not in ("dcg", "ndcg") or set(kwargs) - {"k", "gain", "pool"}:
        return 0.0
    if name == "dcg":
        return rounding.dcg_error(*args, **kwargs)
    return rounding.ndcg_error(*args, **kwargs)


def _value(value: Any) -> Callable[[], Any]:
    return lambda: value


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


def _scores(k: int, ties: str, estimate: Sequence[float] = examples.RATINGS_ESTIMATE) -> float:
    from ndcg import ndcg_from_scores

    return ndcg_from_scores(examples.RATINGS_TRUE, estimate, k=k, gain="exponential", ties=ties)


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

    return ndcg_from_scores(
        examples.RATINGS_TRUE[::-1],
        examples.RATINGS_ESTIMATE[::-1],
        k=k,
        gain="exponential",
        ties="stable",
    )


def _ch11_swap(gain: str) -> Callable[[], float]:
    def compute() -> float:
        from ndcg.ltr import swap_matrix

        return float(swap_matrix(optimising.GRADES, k=optimising.K, gain=gain)[2, 6])

    return compute


def _ch11_best_swap(gain: str) -> Callable[[], float]:
    def compute() -> float:
        from ndcg.ltr import swap_matrix

        return float(swap_matrix(optimising.GRADES, k=optimising.K, gain=gain).max())

    return compute


def _ch11_push(objective: str) -> Callable[[], float]:
    def compute() -> float:
        from ndcg import ltr

        if objective == "ranknet":
            return float(ltr.ranknet(optimising.GRADES, optimising.SCORES).gradient[6])
        # "equal scores" is the figure the chapter's swap widget prints beside D7's row.
        scores = [0.0] * len(optimising.GRADES) if objective == "equal" else optimising.SCORES
        result = ltr.lambdarank(optimising.GRADES, scores, k=optimising.K)
        return float(result.gradient[6])

    return compute


def _ch11_adagrad(accumulate: bool) -> float:
    from ndcg import ltr

    weight = [np.array([optimising.ADAGRAD_START])]
    optimiser = ltr.AdaGrad(learning_rate=0.1)
    for gradient in optimising.ADAGRAD_GRADIENTS:
        if not accumulate:
            optimiser = ltr.AdaGrad(learning_rate=0.1)  # the trap: forget every earlier square
        optimiser.step(weight, [np.array([gradient])])
    return float(weight[0][0])


def _ch13_first_step(rate: float = 0.3) -> float:
    # AdaGrad's first step moves a weight by almost exactly the rate, whatever the gradient.
    from ndcg import ltr

    weight = [np.array([0.2])]
    ltr.AdaGrad(learning_rate=rate, epsilon=1e-8).step(weight, [np.array([-0.05])])
    return float(weight[0][0])


def _ch11_idle_pairs() -> float:
    from ndcg.ltr import swap_matrix

    m = swap_matrix(optimising.GRADES, k=optimising.K)
    grades = optimising.GRADES
    return float(
        sum(
            1
            for i in range(len(grades))
            for j in range(i + 1, len(grades))
            if grades[i] != grades[j] and m[i, j] == 0.0
        )
    )


_SCALA_FOUR = (5, 4, 3, 2)
_POOL_D8_ONE = (3, 2, 3, 0, 1, 2, 3, 1)
_BEST_D = tuple(sorted(examples.D_RELEVANCE, reverse=True))
_DOUBLED = tuple(2 * r for r in examples.D_RELEVANCE)
_DOUBLED_POOL = tuple(2 * r for r in examples.D_POOL)
_WITH_D9 = (3, None, 2, 3, 1, 2)  # D1, D9 (never judged), D2, D3, D5, D6
_BEFORE_THE_SWAP = (_lib("dcg", examples.D_RELEVANCE), "That is the DCG before the swap.")

_EXERCISES: tuple[Exercise, ...] = (
    # --- chapter 1 ---
    Exercise(
        "ch01-two-lists",
        "Two orders of the same six documents, and what a sum of grades says about them",
        _value("b"),
        "Which assumption separates the two lists, and does adding up grades see it?",
        kind="choice",
    ),
    Exercise(
        "ch01-best-orders",
        "How many orders of D1-D6 are equally good best orders",
        _best_orders,
        "Documents with the same grade can trade places without changing any score.",
        traps=(
            (_value(1), "The best order is not unique: look at the documents with equal grades."),
        ),
        decimals=0,
    ),
    Exercise(
        "ch01-scale",
        "Which statement about a 0-10 scale and a 1-5 star scale is right",
        _value("b"),
        "Ask what the lowest grade of each scale means.",
        kind="choice",
    ),
    # --- chapter 2 ---
    Exercise(
        "ch02-cg",
        "The largest CG any order of D1-D6 reaches",
        _lib("cg", examples.D_RELEVANCE),
        "CG adds the grades and nothing else: no positions, no discount.",
        decimals=0,
    ),
    Exercise(
        "ch02-best-cg4",
        "The largest CG@4 any order of D1-D6 reaches",
        _lib("cg", _BEST_D, k=4),
        "Put the four highest grades in the top four positions.",
        traps=((_lib("cg", examples.D_RELEVANCE, k=4), "That is CG@4 of the list as ranked."),),
        decimals=0,
    ),
    Exercise(
        "ch02-longer",
        "What CG says about lists of different lengths",
        _value("b"),
        "What does one more position do to a sum of grades that are never negative?",
        kind="choice",
    ),
    Exercise(
        "ch02-same-cg",
        "DCG of 3, 2, 1, 0 divided by DCG of 0, 1, 2, 3",
        _dcg_ratio((3, 2, 1, 0), (0, 1, 2, 3)),
        "Divide the best-first DCG by the worst-first DCG.",
        traps=(
            (_value(1.0), "That is the ratio of the two CGs; compare the DCGs."),
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
        _lib("dcg", (3, 2, 0, 3, 1, 2)),
        "Swap the third and fourth grades, then divide each grade by log2(position + 1).",
        traps=(_BEFORE_THE_SWAP,),
    ),
    Exercise(
        "ch03-swap-ends",
        "DCG@6 of D1-D6 with the first and last documents swapped",
        _lib("dcg", (2, 2, 3, 0, 1, 3)),
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
        traps=((_value(3), "That grade-3 document is discounted by half."),),
        decimals=0,
    ),
    # --- chapter 4 ---
    Exercise(
        "ch04-best-reordering",
        "The highest NDCG@6 any order of D1-D6 reaches with D7 and D8 judged",
        _lib("ndcg", _BEST_D, k=6, pool=examples.D_POOL),
        "Sort the six retrieved documents best first; the ideal still holds D7 and D8.",
        traps=(
            (_value(1.0), "No order of D1-D6 holds D7 and D8, which the ideal has."),
            (
                _lib("ndcg", examples.D_RELEVANCE, k=6, pool=examples.D_POOL),
                "That is the score of the original order.",
            ),
        ),
    ),
    Exercise(
        "ch04-ndcg-at-3",
        "NDCG@3 of D1-D6 with D7 and D8 judged",
        _lib("ndcg", examples.D_RELEVANCE, k=3, pool=examples.D_POOL),
        "The ideal top three come from all eight judged documents.",
        traps=(
            (
                _lib("ndcg", examples.D_RELEVANCE, k=3),
                "Your ideal only knows the six retrieved documents: D7 and D8 are judged too.",
            ),
            (
                _lib("ndcg", examples.D_RELEVANCE, k=6, pool=examples.D_POOL),
                "That is the cutoff 6 figure.",
            ),
        ),
    ),
    Exercise(
        "ch04-doubled",
        "NDCG@6 of the doubled D1-D6 grades and pool with exponential gain",
        _lib("ndcg", _DOUBLED, k=6, pool=_DOUBLED_POOL, gain="exponential"),
        "Double the list and the pool, then use gain 2**r - 1 for both.",
        traps=(
            (
                _lib("ndcg", _DOUBLED, k=6, pool=_DOUBLED_POOL),
                "That is linear gain, under which doubling changes nothing.",
            ),
            (
                _lib("ndcg", examples.D_RELEVANCE, k=6, pool=examples.D_POOL, gain="exponential"),
                "That is the exponential figure before doubling.",
            ),
        ),
    ),
    Exercise(
        "ch04-scala-linear",
        "NDCG of the Scala example's five items with linear gain",
        _lib("ndcg", examples.FIVE_ITEMS_RELEVANCE),
        "Use the grade itself as the gain, for the list and for its ideal order.",
        traps=(
            (
                _lib("ndcg", examples.FIVE_ITEMS_RELEVANCE, gain="exponential"),
                "That is the exponential-gain figure of the post.",
            ),
        ),
    ),
    Exercise(
        "ch04-scala-worst",
        "NDCG of the order 1, 2, 3, 4, 5 with exponential gain",
        _lib("ndcg", (1, 2, 3, 4, 5), gain="exponential"),
        "The ideal is 5, 4, 3, 2, 1; use gain 2**r - 1 for both.",
        traps=((_value(0.0), "Every item has some relevance, so even this order collects gain."),),
    ),
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
            (_value(1.0), "An estimate that says nothing cannot earn a perfect score."),
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
        _lib("ndcg", (1, -1, 2, 0), gain=lambda r: max(r, 0)),
        "Keep the negative document in its place; it just contributes a gain of 0.",
        traps=(
            (
                _lib("ndcg", (1, 2, 0)),
                "You removed the negative document; it still takes the second position.",
            ),
        ),
    ),
    Exercise(
        "ch06-condense",
        "NDCG@6 of D1, D9 (never judged), D2, D3, D5, D6 with unjudged documents condensed",
        _lib("ndcg", _WITH_D9, k=6, pool=examples.D_POOL, unjudged="condense"),
        "Drop the unjudged document first; the documents below it move up one place.",
        traps=(
            (
                _lib("ndcg", _WITH_D9, k=6, pool=examples.D_POOL),
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
        _value("b"),
        "A p-value is computed assuming the systems are interchangeable; it is not the "
        "probability of that assumption, nor a size of an effect.",
        kind="choice",
    ),
    Exercise(
        "ch07-ci",
        "Which statement fits a 95% bootstrap interval (0.004, 0.031)",
        _value("c"),
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
        _lib("dcg", examples.FRACTIONAL_SCORE_LISTS[2], k=5, gain="exponential"),
        "Use 2**v - 1 as the gain and add all five positions before returning.",
        traps=(
            (_value(0.98), "That is the broken function's answer: it stops after one term."),
            (_lib("dcg", examples.FRACTIONAL_SCORE_LISTS[2], k=5), "That is linear gain."),
        ),
    ),
    Exercise(
        "ch08-filter-depth",
        "How many grades the >= 2 filter keeps if D8 is graded 1",
        lambda: len([g for g in _POOL_D8_ONE if g >= 2]),
        "Count the grades of the new pool that pass the filter.",
        traps=(
            (_value(6), "Six is the depth the ideal should have; the filter does not know it."),
        ),
        decimals=0,
    ),
    Exercise(
        "ch08-silent-zero",
        "Library NDCG of the four-item sample (5, 4, 3, 2) against the Scala example's pool",
        _lib("ndcg", _SCALA_FOUR, gain="exponential", pool=examples.FIVE_ITEMS_RELEVANCE),
        "The shorter list is a real ranking: compare it with the best five-item order.",
        traps=(
            (_value(0.0), "That is the broken class's silent zero."),
            (
                _lib("ndcg", _SCALA_FOUR, gain="exponential"),
                "Your ideal forgets the item graded 1 that is judged but not shown; pass the pool.",
            ),
        ),
    ),
    Exercise(
        "ch08-same-gain",
        "NDCG@6 of D1-D6 with exponential gain and D7, D8 judged",
        _lib("ndcg", examples.D_RELEVANCE, k=6, gain="exponential", pool=examples.D_POOL),
        "Same list and pool as the linear figure, with gain 2**r - 1 throughout.",
        traps=(
            (
                _lib("ndcg", examples.D_RELEVANCE, k=6, pool=examples.D_POOL),
                "That is the linear-gain figure.",
            ),
        ),
    ),
    # --- chapter 9 ---
    Exercise(
        "ch09-sklearn-retrieved",
        "scikit-learn's NDCG@3 for D1-D6 passed on their own",
        _lib("ndcg", examples.D_RELEVANCE, k=3),
        "scikit-learn only sees the items you pass it: the ideal top 3 comes from D1-D6.",
        traps=(
            (
                _lib("ndcg", examples.D_RELEVANCE, k=3, pool=examples.D_POOL),
                "That is trec_eval's figure: it knows about D7 and D8 from the qrels.",
            ),
            (
                _lib("ndcg", examples.D_RELEVANCE, k=6),
                "That is NDCG@6, printed in the chapter; the exercise asks for k=3.",
            ),
        ),
    ),
    Exercise(
        "ch09-trec-uncut",
        "trec_eval's uncut `ndcg` for the D1-D6 run once a ninth document, graded 3, is judged",
        _lib("ndcg", examples.D_RELEVANCE, pool=(*examples.D_POOL, 3)),
        "No cutoff: the ideal runs over every judged document.",
        traps=(
            (
                _lib("ndcg", examples.D_RELEVANCE, k=6, pool=(*examples.D_POOL, 3)),
                "That is ndcg_cut.6; the uncut measure keeps the whole ideal.",
            ),
            (
                _lib("ndcg", examples.D_RELEVANCE, pool=examples.D_POOL),
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
    Exercise(
        "ch13-best-swap",
        "The largest NDCG@5 gain of one swap in the worked example (exponential gain)",
        _ch11_best_swap("exponential"),
        "Bring the highest grade into the best position it can reach in one swap.",
        traps=((_ch11_best_swap("linear"), "That uses linear gain, not 2^grade - 1."),),
    ),
    Exercise(
        "ch13-swap-delta",
        "NDCG@5 change of swapping D3 and D7 in the worked example (exponential gain)",
        _ch11_swap("exponential"),
        "Only two gains move: D3's to position 7 (outside the top 5) and D7's to position 3; "
        "divide the change in DCG@5 by the ideal DCG@5.",
        traps=((_ch11_swap("linear"), "That uses linear gain; the chapter uses 2^grade - 1."),),
    ),
    Exercise(
        "ch13-lambda-d7",
        "LambdaRank's lambda for D7 in the worked example (k = 5, sigma = 1)",
        _ch11_push("lambdarank"),
        "Sum, over every document graded below D7, RankNet's pull -1 / (1 + e^(s_D7 - s_j)) "
        "times the |ΔNDCG@5| of swapping D7 with it.",
        traps=(
            (_ch11_push("ranknet"), "That is RankNet's gradient: no pair is weighted by ΔNDCG."),
            (
                _ch11_push("equal"),
                "That is D7's lambda at equal scores, the figure beside the widget's row. The "
                "exercise uses the worked example's scores, so each pull is "
                "1 / (1 + e^(s_D7 - s_j)), not one half.",
            ),
        ),
    ),
    Exercise(
        "ch13-adagrad-three-steps",
        "A weight of 0.5 after AdaGrad steps on gradients 0.3, 0.0, 0.4 (rate 0.1)",
        lambda: _ch11_adagrad(accumulate=True),
        "Keep a running sum G of squared gradients; each step moves the weight by "
        "0.1 * g / sqrt(G + 1e-8).",
        traps=(
            (lambda: 0.5 - 0.1 * 0.7, "That is plain SGD: one rate, 0.1, for every step."),
            (lambda: _ch11_adagrad(accumulate=False), "G must keep every earlier square."),
        ),
        decimals=2,  # the worked answer moves the weight to 0.32
    ),
    Exercise(
        "ch13-first-step",
        "A weight of 0.2 after one AdaGrad step (rate 0.3) on its first gradient, -0.05",
        _ch13_first_step,
        "On a first step G is the gradient's own square, so the step is 0.3 * g / |g|, "
        "in the direction opposite to the gradient.",
        traps=(
            (lambda: 0.2 + 0.3 * 0.05, "That is plain SGD's step, the rate times the gradient."),
            (lambda: 0.2 - 0.3, "A negative gradient moves the weight up, not down."),
        ),
    ),
    Exercise(
        "ch13-budget",
        "SGD's best epoch is the last of its 15: which conclusion does the comparison support?",
        _value("b"),
        "What would SGD have done with a sixteenth epoch? The table cannot say.",
        kind="choice",
    ),
    Exercise(
        "ch13-idle-pairs",
        "Pairs of the worked example with different grades whose swap leaves NDCG@5 unchanged",
        _ch11_idle_pairs,
        "A swap changes NDCG@5 only if it changes what stands in the top 5 positions.",
        decimals=0,
    ),
)

_BY_KEY = {exercise.key: exercise for exercise in _EXERCISES}


def exercise_keys() -> list[str]:
    """Return the keys of every checkable exercise, in book order."""
    # Chapters add their exercises in blocks; the key's "chNN" prefix is the book order.
    return sorted((exercise.key for exercise in _EXERCISES), key=lambda key: key[:4])


def exercise(key: str) -> Exercise:
    """Return the exercise with this key: its task, kind, decimals, hint and answers.

    The answer boxes of the website (:mod:`ndcg.teaching.answers`) carry what they need to
    check an answer from here.
    """
    return _exercise(key)


def _exercise(key: str) -> Exercise:
    if not isinstance(key, str):
        raise TypeError(f"key must be a str, got {type(key).__name__}")
    if key not in _BY_KEY:
        raise ValueError(f"key {key!r} is not an exercise; known keys: {', '.join(_BY_KEY)}")
    return _BY_KEY[key]


def hint(key: str) -> str:
    """Return the general hint of an exercise (it never contains the answer)."""
    return _exercise(key).hint


# --- Reading and judging an answer: one rule for the notebook checks and the answer boxes ---
# js/answers.js (TRIM, MINUS, NUMBER, FRACTION, parseAnswer, judge) follows this section
# line for line; tests/data/answer_cases.json and tests/browser/test_arith_parity.py hold the
# two to the same verdicts.

#: Trimmed from both ends of a typed answer, and nothing else: ASCII whitespace and the
#: no-break space a copy from a web page can carry.
TRIM = " \t\n\v\f\r\u00a0"
#: The minus sign the widgets print (U+2212), read as "-" where a sign may stand.
MINUS = "\u2212"
# ASCII digits only (never \d, which takes any script's digits); one "." or "," before the
# decimals; an exponent of at most 3 digits; "%" after the number, spaces allowed before it.
NUMBER = re.compile(r"[+-]?([0-9]*)(?:[.,]([0-9]*))?(?:[eE]([+-]?[0-9]{1,3}))?( *%)?")
# A fraction of two decimals written out ("2/3", "4.762/2.924"), the first one signed.
FRACTION = re.compile(
    r"([+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)) */ *([0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)"
)
NOT_A_NUMBER = "That is not a number: type one such as 0.25, 1/4 or 25%."


@dataclass(frozen=True)
class Typed:
    """A number as a reader gave it.

    Attributes
    ----------
    value : float
        The number (a percentage divided by 100).
    decimals : int or None
        The decimals given, which say how precise the reader claims to be: 3 for "6.653",
        3 for "81.7%" (0.817), -2 for "5e2"; ``None`` for a fraction, which is a
        computation, judged at the decimals the page shows.

    """

    value: float
    decimals: int | None


def read(kind: str, text: str, choices: Sequence[str] = LETTERS) -> Typed | str:
    """Read a typed answer as a number or a letter, as :func:`judge` states.

    Parameters
    ----------
    kind
        ``"number"`` or ``"choice"``.
    text
        What the reader typed, or the letter picked; :data:`TRIM` is trimmed from both ends.
    choices
        The letters a ``"choice"`` answer may take.

    Returns
    -------
    Typed or str
        The number and its decimals, or the lower-case letter.

    Raises
    ------
    ValueError
        With the message the box shows, if ``text`` is no answer.

    Examples
    --------
    >>> read("number", " 6,653 "), read("number", "\u22121.368")
    (Typed(value=6.653, decimals=3), Typed(value=-1.368, decimals=3))
    >>> read("number", "12.5%"), read("number", "1/8")
    (Typed(value=0.125, decimals=3), Typed(value=0.125, decimals=None))
    >>> read("number", "4.762/2.924").value == 4.762 / 2.924
    True
    >>> read("choice", "(B)")
    'b'

    """
    trimmed = text.strip(TRIM)
    if kind == "choice":
        if not trimmed:
            raise ValueError("Pick a letter first.")
        letter = trimmed.lower().strip("()")
        if letter not in choices:
            raise ValueError(f"Pick one of {', '.join(choices)}.")
        return letter
    if not trimmed:
        raise ValueError("Type a number first.")
    trimmed = trimmed.replace(MINUS, "-")
    fraction = FRACTION.fullmatch(trimmed)
    if fraction:
        # float / float, as the browser divides (int / int would round differently when huge).
        numerator = float(fraction[1].replace(",", "."))
        denominator = float(fraction[2].replace(",", "."))
        if not (math.isfinite(numerator) and math.isfinite(denominator)):
            raise ValueError(NOT_A_NUMBER)
        if denominator == 0:
            raise ValueError("A fraction needs a denominator other than 0.")
        return Typed(numerator / denominator, None)
    number = NUMBER.fullmatch(trimmed)
    if not number or not (number[1] or number[2]):
        raise ValueError(NOT_A_NUMBER)
    value = float(trimmed.rstrip("%").rstrip(" ").replace(",", "."))
    if not math.isfinite(value):
        raise ValueError(NOT_A_NUMBER)
    decimals = len(number[2] or "") - int(number[3] or "0")
    if number[4]:
        value, decimals = value / 100, decimals + 2
    return Typed(value, decimals)


#: What an answer within the error of rounded intermediates is told (see :func:`judge`).
ROUNDED = (
    "Close: your method is right; the difference is what rounding along the way leaves. "
    "Keep more decimals in each step and round only the answer."
)


def judge(
    typed: Typed | str,
    expected: float | str,
    hint: str,
    decimals: int = 3,
    traps: Sequence[tuple[float | str, str]] = (),
    rounding: float = 0.0,
) -> CheckResult:
    """Judge an answer read by :func:`read`: the one rule of every answer check, stated here.

    **Reading** (:func:`read`). The text loses :data:`TRIM` at both ends (ASCII whitespace
    and the no-break space; nothing else, so a byte-order mark or an ideographic space makes
    it no answer), and the minus sign U+2212 the widgets print becomes "-". Then it must be,
    with ASCII digits 0-9 only:

    - a decimal number: an optional sign, digits with one "." or "," before the decimals
      ("6.653", "6,653", ".5"), an optional exponent of 1 to 3 digits ("6653e-3"); its
      ``d`` is the count of decimals minus the exponent;
    - a percentage: such a number, spaces allowed, then "%" ("81.7%" is 0.817, ``d`` = 3);
    - a fraction: a signed number, "/", a number other than 0, both written out without
      exponent, spaces allowed around "/" ("2/3", "4.762/2.924"); it is a computation left
      for the box to finish, so ``d`` is the page's ``p`` below.

    Anything else, or a number too large for a double, is no answer, and the reader is told
    why (outcome ``"unread"``). A letter is read without case or parentheses ("(B)" is "b").

    **Judging**, with ``p`` = ``decimals``, the precision the page shows this figure with,
    and ``slack`` = ``1e-9 * max(1, |expected|)``, which forgives the last bits of a computed
    answer; "agrees to ``n`` decimals" means ``|typed - value| <= 0.5 * 10**-n + slack``:

    1. **right** when it agrees with ``expected`` to ``max(d, p)`` decimals: the decimals
       given, and at least the page's (a shorter answer counts with its trailing zeros, so
       "0.5" is right for 0.49999 shown as 0.500). The message says what the value is
       (:func:`value_words`): "Right; to 4 decimals it is 6.6532." or "Right; the exact
       value is 2/3."
    2. **whole**, for a count (``p = 0``), when the number is not a whole number.
    3. **trap** when it is a known wrong answer exactly (to within ``slack``).
    4. **close** when it agrees to ``d < p`` decimals ("Close: give one more decimal.").
    5. **close** when it is ``expected`` cut, not rounded, after ``d >= p >= 1`` decimals (as
       far from 0 as ``expected`` or nearer, by less than a unit of the ``d``-th place): "the
       digits are right, but cut"; never a hint on the method, which was right.
    6. **close** when ``d > p`` and it agrees to ``p`` decimals but not to ``d``: the
       message of 7 if it falls within its reach, else "give ``p``, or keep more decimals".
    7. **trap** when it agrees with a known wrong answer to ``d`` decimals, or is one cut
       after ``d >= 1`` decimals: its own hint.
    8. **close** when ``d >= p`` and ``|typed - expected| <= rounding + 0.5 * 10**-d +
       slack``: within what an answer worked from the page's rounded figures can be off
       (``rounding``, bounded by :mod:`ndcg.teaching.rounding`) and then rounded to ``d``
       decimals; the method is right (:data:`ROUNDED`).
    9. **wrong** otherwise: the exercise's hint, never the answer.

    A letter is right when it is the expected letter.

    Parameters
    ----------
    typed
        The answer, from :func:`read`.
    expected
        The right answer: a number, or a letter.
    hint
        The exercise's hint for a wrong answer.
    decimals
        ``p`` above: the decimals the page shows the figure with; 0 for a whole number.
    traps
        Known wrong answers with their own hints, tried in order.
    rounding
        How far an answer worked from the page's rounded figures may be from ``expected``
        (:func:`rounding_error`); 0 allows nothing for it.

    Returns
    -------
    CheckResult
        Its ``outcome`` names the case above; its ``key`` is empty.

    Examples
    --------
    >>> judge(read("number", "6.653"), 6.653156362813681, "Swap, then discount.").message
    'Right; to 4 decimals it is 6.6532.'
    >>> judge(read("number", "6.65"), 6.653156362813681, "Swap, then discount.").message
    'Close: give one more decimal.'
    >>> judge(read("number", "0.545"), 0.5443434, "Ideal.", 3, (), 0.0008).message == ROUNDED
    True

    """
    if isinstance(typed, str) or isinstance(expected, str):
        if typed == expected:
            return CheckResult("", True, "Right.", "right")
        return CheckResult("", False, f"Not yet. Hint: {hint}", "wrong")
    places = decimals if typed.decimals is None else typed.decimals
    slack = margin(expected, None)

    def agrees(value: float, at: int) -> bool:
        return abs(typed.value - value) <= margin(expected, at)

    if agrees(expected, max(places, decimals)):
        words = value_words(expected, decimals)
        return CheckResult("", True, f"Right; {words}." if words else "Right.", "right")
    if decimals == 0 and not typed.value.is_integer():
        return CheckResult(
            "", False, f"Not yet: the answer is a whole number. Hint: {hint}", "whole"
        )
    for value, trap_hint in traps:
        if abs(typed.value - value) <= slack:
            return CheckResult("", False, f"Not yet. {trap_hint} Hint: {hint}", "trap")
    if places < decimals and agrees(expected, places):
        return CheckResult("", False, _give_more(places, decimals), "close")
    reach = rounding + margin(expected, places)
    within = places >= decimals and abs(typed.value - expected) <= reach
    if places >= decimals >= 1 and _cut(typed.value, expected, places):
        return CheckResult(
            "",
            False,
            f"Close: the digits are right, but cut after {_decimals(places)}; "
            "round the last one instead.",
            "close",
        )
    if places > decimals and agrees(expected, decimals):
        return CheckResult(
            "",
            False,
            ROUNDED
            if within
            else f"Close: right to {_decimals(decimals)}, but not to the {places} you gave; "
            f"give {decimals}, or keep more decimals along the way.",
            "close",
        )
    # A known wrong answer rounded, else one cut as a reader copies a figure: its own hint.
    for matches in (
        lambda value: agrees(value, places),
        lambda value: places >= 1 and _cut(typed.value, value, places),
    ):
        for value, trap_hint in traps:
            if matches(value):
                return CheckResult("", False, f"Not yet. {trap_hint} Hint: {hint}", "trap")
    if within:
        return CheckResult("", False, ROUNDED, "close")
    return CheckResult("", False, f"Not yet. Hint: {hint}", "wrong")


def _cut(typed: float, expected: float, places: int) -> bool:
    # expected with its digits after the places-th dropped: on its side of 0, nearer 0 by
    # less than one unit of that place (1e-places as a decimal literal, as the browser reads).
    short = abs(expected) - abs(typed)
    same_side = typed == 0 or (typed > 0) == (expected > 0)
    return same_side and 0 <= short < float(f"1e{-places}")


def margin(expected: float, decimals: int | None) -> float:
    """How far an answer may be from ``expected`` and still agree with it to ``decimals`` places.

    Half a unit of the last place, ``0.5 * 10**-decimals``, plus the slack that forgives the
    last bits of a computed answer, ``1e-9 * max(1, |expected|)``: the distance of
    :func:`judge`. With ``decimals=None``, the slack alone (an answer equal to ``expected``).
    A page that shows a figure with ``p`` decimals accepts, among answers of ``p`` or more
    decimals, exactly those within ``margin(expected, p)`` of it (a finer answer must also
    agree to its own decimals); a learning platform that knows only a tolerance uses that.

    Examples
    --------
    >>> margin(0.8125, 3)
    0.000500001
    >>> abs(6.653 - 6.653156362813681) <= margin(6.653156362813681, 3)
    True

    """
    slack = 1e-9 * max(1.0, abs(expected))
    if decimals is None:
        return slack
    # 0.5 * 10**-decimals written as a decimal literal: the browser reads "5e-4" to the same
    # double, where its ** and Python's may differ in the last bit.
    return float(f"5e{-decimals - 1}") + slack


def _decimals(count: int) -> str:
    return f"{count} decimal{'' if count == 1 else 's'}"


def _give_more(given: int, needed: int) -> str:
    if needed == 0:  # fewer than 0 decimals: a whole number written with an exponent
        return "Close: write the whole number out."
    if given == needed - 1:
        return "Close: give one more decimal."
    return f"Close: give {_decimals(needed)}."


def _written(value: float) -> tuple[str, bool]:
    # The value as a right answer is told it, and whether that text is the value exactly.
    if value.is_integer():
        return str(int(value)), True
    short = repr(value)
    if "e" not in short and len(short.partition(".")[2]) <= 6:
        return short, True
    fraction = Fraction(value).limit_denominator(12)
    if abs(float(fraction) - value) <= 1e-12 * max(1.0, abs(value)):
        return f"{fraction.numerator}/{fraction.denominator}", True
    return f"{value:.4f}", False


def exact_text(value: float, decimals: int) -> str:
    """Write the value a right answer is shown: ``""`` for a whole-number exercise.

    A whole number as it is ("1"), a short decimal in full ("0.921875"), a fraction with a
    denominator up to 12 as the fraction ("2/3"), anything else to 4 decimals ("6.6532"),
    which is a rounding: :func:`value_words` says which.

    Examples
    --------
    >>> exact_text(2 / 3, 3), exact_text(0.921875, 3), exact_text(6.653156362813681, 3)
    ('2/3', '0.921875', '6.6532')

    """
    return "" if decimals == 0 else _written(float(value))[0]


def value_words(value: float, decimals: int) -> str:
    """Say what a right answer's value is, calling it exact only when it is.

    Examples
    --------
    >>> value_words(2 / 3, 3), value_words(6.653156362813681, 3), value_words(11.0, 0)
    ('the exact value is 2/3', 'to 4 decimals it is 6.6532', '')

    """
    if decimals == 0:
        return ""
    text, exact = _written(float(value))
    return f"the exact value is {text}" if exact else f"to 4 decimals it is {text}"


def judge_text(key: str, text: str, choices: Sequence[str] = LETTERS) -> CheckResult:
    """Read ``text`` and judge it as an answer to exercise ``key``, as its answer box does.

    Returns
    -------
    CheckResult
        The verdict of :func:`judge`, or why ``text`` is no answer (outcome ``"unread"``).

    """
    return _judged(_exercise(key), text, choices)[0]


def _judged(exercise: Exercise, text: str, choices: Sequence[str]) -> tuple[CheckResult, Any]:
    # The verdict, and the expected answer it was computed from (some take a while to compute).
    try:
        typed = read(exercise.kind, text, choices)
    except ValueError as error:
        return CheckResult(exercise.key, False, str(error), "unread"), None
    expected = exercise.expected()
    traps = [(trap(), trap_hint) for trap, trap_hint in exercise.traps]
    if exercise.kind == "number":
        expected = float(expected)
        traps = [(float(value), trap_hint) for value, trap_hint in traps]
    allowance = rounding_error(exercise.key) if exercise.kind == "number" else 0.0
    result = judge(typed, expected, exercise.hint, exercise.decimals, traps, allowance)
    return CheckResult(exercise.key, result.correct, result.message, result.outcome), expected


def _not_a_number(answer: Any) -> bool:
    if isinstance(answer, bool | np.bool_) or not isinstance(answer, numbers.Real):
        return True
    try:
        return not math.isfinite(float(answer))
    except OverflowError:  # an int too large for a float
        return True


def _as_typed(answer: numbers.Real) -> str:
    # A number from a cell, written as typed: 6.653 has 3 decimals, a computed value all 17.
    return str(int(answer)) if isinstance(answer, numbers.Integral) else repr(float(answer))


def check(key: str, answer: Any) -> CheckResult:
    """Check a learner's answer to an exercise.

    Parameters
    ----------
    key : str
        The exercise's key (see :func:`exercise_keys`).
    answer : float, int, str or None
        The learner's answer: a number (or its text, such as ``"2/3"``), or a letter for
        multiple-choice exercises. ``None`` means "not answered yet" and returns the hint.

    Returns
    -------
    CheckResult
        ``correct`` and a message, by the rule of :func:`judge`; wrong answers get a hint
        without the expected value. A number from a cell is judged by the decimals of its
        shortest spelling (``repr``): 6.653 has 3, a value computed in full has them all.

    Raises
    ------
    ValueError
        If ``key`` is not an exercise.
    TypeError
        If ``key`` is not a string.

    Examples
    --------
    >>> check("ch02-cg", 11)
    Right: ch02-cg is correct.
    >>> check("ch03-dcg-swap", 6.653)
    Right: ch03-dcg-swap is correct; to 4 decimals it is 6.6532.
    >>> check("ch02-cg", 12).correct
    False

    """
    exercise = _exercise(key)
    if answer is None or answer is Ellipsis:
        return CheckResult(
            key,
            False,
            f"No answer yet for {key}: replace None with yours. Hint: {exercise.hint}",
            "unread",
        )
    if exercise.kind == "number" and not isinstance(answer, str) and _not_a_number(answer):
        return CheckResult(
            key,
            False,
            f"Not yet: {key} expects a finite number such as 0.5, "
            f"got {type(answer).__name__} {answer!r}.",
            "unread",
        )
    if exercise.kind == "choice" and (not isinstance(answer, str) or len(answer.strip("() ")) != 1):
        return CheckResult(
            key, False, f"Not yet: {key} expects one letter, such as 'a'; got {answer!r}.", "unread"
        )
    text = answer if isinstance(answer, str) else _as_typed(answer)
    # A cell does not show the letters offered: any other letter is a wrong one, with the hint.
    result, expected = _judged(exercise, text, tuple(string.ascii_lowercase))
    if not result.correct:
        return result
    # In a notebook the verdict names the exercise: the output sits far from its exercise.
    words = value_words(expected, exercise.decimals) if exercise.kind == "number" else ""
    told = f"; {words}" if words else ""
    return CheckResult(key, True, f"Right: {key} is correct{told}.", "right")


def _all_answers_for_tests() -> dict[str, Any]:
    """Return every expected answer; for the test suite, not for learners."""
    return {exercise.key: exercise.expected() for exercise in _EXERCISES}


def _trap_answers_for_tests() -> dict[str, Sequence[Any]]:
    """Return the known wrong answers of each exercise; for the test suite."""
    return {exercise.key: [trap() for trap, _ in exercise.traps] for exercise in _EXERCISES}


# --- Chapters 10 to 12: discounts as readers, NDCG's family, what NDCG cannot tell -------

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


_EXERCISES += (
    Exercise(
        "ch10-rbp-half",
        "RBP of the D1-D6 list with persistence p = 0.5",
        _lib("rbp", examples.D_RELEVANCE, p=0.5),
        "Grades 1 and above are relevant; rank i weighs p**(i - 1), and the sum is multiplied "
        "by 1 - p.",
        traps=(
            (_lib("rbp", examples.D_RELEVANCE, p=0.8), "That is the figure for p = 0.8."),
            (
                lambda: _lib("rbp", examples.D_RELEVANCE, p=0.5)() / 0.5,
                "You left out the factor 1 - p.",
            ),
        ),
    ),
    Exercise(
        "ch10-err-swap",
        "ERR@2 of D1-D6 after swapping D3 and D4, on the 0..3 scale",
        # ERR@2, not ERR@6: the chapter's table prints ERR@6 of the swapped list just above.
        _lib("err", _D_SWAPPED, k=2, max_grade=3),
        "R(g) = (2**g - 1) / 2**3; the reader reaches rank i only if nothing above satisfied them.",
        traps=(
            (_lib("err", _D_SWAPPED, k=2, max_grade=4), "That uses gdeval's 0..4 scale, not 0..3."),
            (_lib("err", _D_SWAPPED, max_grade=3), "That is ERR@6: stop at rank 2."),
        ),
    ),
    Exercise(
        "ch10-patience",
        "How many documents the RBP reader with p = 0.9 reads, on average",
        _value(10),
        "The reader reads rank i with chance p**(i - 1); add those chances up.",
        traps=((_value(9), "The first document is always read: count it too."),),
        decimals=0,
    ),
    Exercise(
        "ch11-ap-swap",
        "AP of D1-D6 after swapping D3 and D4, with D7 and D8 judged",
        _lib("average_precision", _D_SWAPPED, pool=examples.D_POOL),
        "Average the precision at each relevant rank over all seven relevant judged documents.",
        traps=(
            (
                _lib("average_precision", _D_SWAPPED),
                "Your AP only knows the retrieved documents: D7 and D8 are relevant too.",
            ),
            (_lib("average_precision", examples.D_RELEVANCE, pool=examples.D_POOL), "Before."),
        ),
    ),
    Exercise(
        "ch11-tau",
        "Kendall's tau between the orders A, B, C, D and B, A, C, D",
        _tau,
        "Count the pairs the two orders agree on and the pairs they disagree on, out of six.",
        traps=((_value(5 / 6), "That is the share of agreeing pairs, not tau."),),
    ),
    Exercise(
        "ch11-which-metric",
        "Which metric to report for question answering with one right answer",
        _value("c"),
        "The reader wants one answer and stops at the first right one.",
        kind="choice",
    ),
    Exercise(
        "ch12-residual",
        "RBP residual (p = 0.8) of the list 1, unjudged, unjudged, 0, 1",
        _lib("rbp_residual", (1, None, None, 0, 1), p=0.8),
        "Each unjudged rank i could add (1 - p) * p**(i - 1); the ranks after the list add "
        "p**5 together.",
        traps=(
            (
                lambda: _lib("rbp_residual", (1, None, None, 0, 1), p=0.8)() - 0.8**5,
                "You left out the documents after the end of the list.",
            ),
        ),
    ),
    Exercise(
        "ch12-lowest-k",
        "The cutoff k (1 to 5) at which NDCG@k of the chapter's list is lowest",
        _lowest_cutoff,
        "Compute NDCG@k for each k with the ideal from the pool, and compare.",
        traps=((_value(5), "NDCG@5 is not the lowest: the list recovers at its end."),),
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
_BY_KEY = {exercise.key: exercise for exercise in _EXERCISES}


# --- Chapter 14, "NDCG at scale" -------------------------------------------------------------
# Expected answers come from the pandas path; the chapter shows that the Spark path agrees.


_SKEWED: list[tuple[Any, Any]] = []


def _skewed() -> tuple[Any, Any]:
    if not _SKEWED:  # generated once, on first use
        from ndcg.teaching import scale

        _SKEWED.append(scale.skewed_collection())
    return _SKEWED[0]


def _skewed_mean(unjudged: str) -> float:
    from ndcg import evaluate

    qrels, run = _skewed()
    return float(evaluate(qrels, run, k=10, unjudged=unjudged)["ndcg@10"].mean())


def _widget_user_idcg(gain: str) -> float:
    from ndcg import idcg
    from ndcg.teaching import scale

    qrels, _ = _skewed()
    grades = qrels.loc[qrels["query_id"] == scale.WIDGET_USER, "relevance"].to_numpy()
    return idcg(grades, k=10, gain=gain)


def _binary_blind(lowest: bool) -> float:
    from ndcg import ndcg
    from ndcg.teaching import scale

    qrels, run = _skewed()
    grades = [grade for _, grade in scale.top_items(qrels, run, scale.WIDGET_USER, 10)]
    if lowest:  # every relevant item above the others, the relevant ones worst first
        grades = sorted(g for g in grades if g > 0) + [g for g in grades if g == 0]
    return ndcg(grades, k=10, gain="exponential")


_EXERCISES = (
    *_EXERCISES,
    Exercise(
        "ch14-binary-blind",
        "Lowest NDCG@10 (exponential gain) of the widget's list with every relevant item first",
        lambda: _binary_blind(lowest=True),
        "Keep the seven rated-relevant items on top, but put the least relevant of them first.",
        traps=(
            (lambda: 1.0, "That is what a binary NDCG reports for every such order."),
            (lambda: _binary_blind(lowest=False), "That is the list as the model ranked it."),
        ),
    ),
    Exercise(
        "ch14-mllib-labels",
        "PySpark's RankingMetrics.ndcgAt(3) for [10, 20, 30], labels [30, 20, 10], grades 3, 2, 1",
        _lib("ndcg", (1, 1, 1)),
        "Ask what reaches the Scala code from Python: the predictions, the labels, and what else?",
        traps=(
            (
                _lib("ndcg", (1, 2, 3), gain="exponential"),
                "That is the graded figure, which the grades would give if they arrived.",
            ),
        ),
    ),
    Exercise(
        "ch14-condensed-mean",
        "Mean NDCG@10 (linear gain) over the chapter's users with unjudged='condense'",
        lambda: _skewed_mean("condense"),
        "Drop the items a user never rated before ranking, then average one figure per user.",
        traps=(
            (
                lambda: _skewed_mean("zero"),
                "That keeps the unrated items in place with gain 0 (unjudged='zero').",
            ),
        ),
    ),
    Exercise(
        "ch14-skew",
        "A cluster of 100 cores and a user holding 5% of the rows: which statement is true?",
        _value("b"),
        "Where must all the rows of one user be while they are ranked?",
        kind="choice",
    ),
    Exercise(
        "ch14-ideal-counts",
        "IDCG@10 (linear gain) of the widget's user, from the counts of each grade",
        lambda: _widget_user_idcg("linear"),
        "Fill the ten ideal positions with the highest grades first: a grade's count says how "
        "many positions it takes.",
        traps=(
            (
                lambda: _widget_user_idcg("exponential"),
                "That is the ideal with exponential gain; here each grade is its own gain.",
            ),
        ),
    ),
)
_BY_KEY = {exercise.key: exercise for exercise in _EXERCISES}
