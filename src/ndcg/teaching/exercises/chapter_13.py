"""The exercises of chapter 13, optimising NDCG: swaps, lambdas and AdaGrad's steps."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ndcg.teaching import optimising
from ndcg.teaching.exercises._answers import fixed
from ndcg.teaching.exercises._model import Exercise


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


EXERCISES: tuple[Exercise, ...] = (
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
        fixed("b"),
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
