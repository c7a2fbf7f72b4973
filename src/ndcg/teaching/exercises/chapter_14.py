"""The exercises of chapter 14, NDCG at scale.

Expected answers come from the pandas path; the chapter shows that the Spark path agrees.
"""

from __future__ import annotations

from typing import Any

from ndcg.teaching.exercises._answers import fixed, library
from ndcg.teaching.exercises._model import Exercise

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


EXERCISES: tuple[Exercise, ...] = (
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
        library("ndcg", (1, 1, 1)),
        "Ask what reaches the Scala code from Python: the predictions, the labels, and what else?",
        traps=(
            (
                library("ndcg", (1, 2, 3), gain="exponential"),
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
        fixed("b"),
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
