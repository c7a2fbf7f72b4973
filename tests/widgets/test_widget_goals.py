"""RankingWidget's teaching settings on the Python side: readouts, chart series, scores and
tie groups, and goals decided with the library."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
import traitlets

import ndcg
from ndcg.teaching import examples
from ndcg.widgets import RankingWidget, goals
from ndcg.widgets._goals import blocks, swap_distance

START = [label for label, _ in examples.D_TABLE]


def chapter4(**kwargs: object) -> RankingWidget:
    return RankingWidget(examples.D_TABLE, unretrieved=examples.D_UNRETRIEVED, k=6, **kwargs)


def test_readouts_default_to_all_four_and_keep_screen_order() -> None:
    assert chapter4().readouts == ["cg", "dcg", "idcg", "ndcg"]
    assert chapter4(readouts=["ndcg", "cg"]).readouts == ["cg", "ndcg"]
    assert chapter4(readouts="cg").readouts == ["cg"]


@pytest.mark.parametrize(
    ("readouts", "message"),
    [
        ([], "readouts must name at least one of"),
        (["map"], "readouts: 'map' is not one of ['cg', 'dcg', 'idcg', 'ndcg', 'precision',"),
        (["cg", "cg"], "readouts: ['cg'] appear more than once"),
        (3, "readouts must be a list of names"),
    ],
)
def test_bad_readouts_are_refused(readouts: object, message: str) -> None:
    with pytest.raises((TypeError, ValueError), match=message.replace("[", r"\[")):
        chapter4(readouts=readouts)


def test_the_chart_follows_the_readouts_unless_told() -> None:
    assert chapter4(readouts=["cg"]).series == ["grade", "cumulative_cg"]
    assert chapter4(readouts=["cg", "dcg"]).series == [
        "gain",
        "discounted_gain",
        "discount",
        "cumulative_dcg",
    ]
    assert chapter4().series[-1] == "ideal_cumulative_dcg"
    assert chapter4(series=["cumulative_dcg", "grade"]).series == ["grade", "cumulative_dcg"]
    with pytest.raises(ValueError, match="'ideal_cumulative_dcg' is drawn over 'cumulative_dcg'"):
        chapter4(series=["ideal_cumulative_dcg"])


def test_a_goal_is_completed_with_the_widgets_cutoff_and_gain() -> None:
    w = chapter4(goal=goals.at_least("ndcg", 0.8))
    assert w.goals == [
        {
            "kind": "at_least",
            "metric": "ndcg",
            "value": 0.8,
            "same": None,
            "other": None,
            "other_k": None,
            "k": 6,
            "gain": "linear",
            "discount": "log2",
            "swaps": None,
            "text": None,
            "relevant_first": False,
        }
    ]
    w = chapter4(goal=[goals.best("dcg", k=None, gain="exponential"), goals.worst("cg", k=3)])
    assert [(g["k"], g["gain"]) for g in w.goals] == [(None, "exponential"), (3, "linear")]


@pytest.mark.parametrize(
    ("goal", "message"),
    [
        ("best", "goal must be a goal dict or a list of them"),
        ({"kind": "most", "metric": "dcg"}, "goal: kind must be one of"),
        ({"kind": "at_least", "metric": "dcg"}, "missing ['value']"),
        (
            goals.best("idcg"),
            "goal: metric must be one of ['cg', 'dcg', 'ndcg', 'precision', 'recall', 'ap', "
            "'rr', 'err', 'rbp', 'binary_ndcg'], got 'idcg'",
        ),
        (goals.at_least("ndcg", float("nan")), "goal: value must be finite"),
        (goals.best("dcg", k=0), "goal: k must be a positive integer or None, got 0"),
        (goals.best("dcg", swaps=2), "goal: swaps must be 1"),
        (goals.falls_while_same("dcg", "dcg"), "same must differ from metric"),
        ([goals.best("dcg"), {"kind": "best"}], "goal[1]: metric must be one of"),
    ],
)
def test_bad_goals_are_refused_by_name(goal: object, message: str) -> None:
    with pytest.raises((TypeError, ValueError, traitlets.TraitError), match=re.escape(message)):
        chapter4(goal=goal)


def test_a_goal_on_a_measure_not_on_screen_is_refused() -> None:
    with pytest.raises(ValueError, match="the goal's metric 'ndcg' is not on screen"):
        chapter4(readouts=["cg"], goal=goals.best("ndcg"))
    w = chapter4(readouts=["cg", "dcg"], goal=goals.best("dcg"))
    with pytest.raises(traitlets.TraitError, match="the goals measure \\['dcg'\\]"):
        w.readouts = ["cg"]


def test_the_best_ndcg_by_reordering_is_the_librarys_and_names_the_missing() -> None:
    w = chapter4(goal=[goals.at_least("ndcg", 0.8), goals.best("ndcg")])
    best = ndcg.ndcg(sorted(examples.D_RELEVANCE, reverse=True), k=6, pool=examples.D_POOL)
    for status in w.goal_status:
        assert status["limit"] == best and status["missing"] == ["D7", "D8"]
        assert not status["reached"] and status["value"] == ndcg.ndcg(
            examples.D_RELEVANCE, k=6, pool=examples.D_POOL
        )
    w.order = ["D3", "D1", "D6", "D2", "D5", "D4"]  # another best order: equal grades swapped
    assert [s["reached"] for s in w.goal_status] == [True, True]


def test_the_best_single_swap_is_found_by_trying_them_all() -> None:
    w = chapter4(goal=goals.worst("ndcg", swaps=1))
    swaps = []
    for i, j in itertools.combinations(range(6), 2):
        order = list(START)
        order[i], order[j] = order[j], order[i]
        w.order = order
        swaps.append((w.metrics["ndcg"], (START[i], START[j]), w.goal_status[0]["reached"]))
    lowest = min(swaps)
    assert [pair for _, pair, reached in swaps if reached] == [lowest[1]] == [("D1", "D4")]
    w.order = ["D4", "D2", "D3", "D1", "D6", "D5"]  # two swaps: not what the goal asks
    status = w.goal_status[0]
    assert status["distance"] == 2 and not status["reached"]


def test_below_a_threshold_that_no_single_swap_reaches_is_out_of_reach() -> None:
    w = chapter4(goal=goals.below("ndcg", 0.5, swaps=1))
    status = w.goal_status[0]
    assert status["out_of_reach"] and not status["reached"]
    lowest = ndcg.ndcg([0, 2, 3, 3, 1, 2], k=6, pool=examples.D_POOL)  # D1 and D4 swapped
    assert status["limit"] == lowest > 0.5


def test_dcg_falls_while_cg_stays() -> None:
    w = chapter4(goal=goals.falls_while_same("dcg", "cg"))
    assert not w.goal_status[0]["reached"]
    w.order = ["D1", "D2", "D4", "D3", "D5", "D6"]
    status = w.goal_status[0]
    assert status["reached"] and status["same_value"] == status["same_start"] == 11
    w.k = 3  # the goal keeps its own cutoff, k=6, as built
    assert w.goal_status[0]["reached"]


def films(**kwargs: object) -> RankingWidget:
    order = sorted(range(10), key=lambda i: -examples.RATINGS_ESTIMATE[i])
    items = [(f"film {i + 1}", examples.RATINGS_TRUE[i]) for i in order]
    scores = [examples.RATINGS_ESTIMATE[i] for i in order]
    return RankingWidget(items, scores=scores, k=10, gain="exponential", **kwargs)


def test_within_ties_the_extremes_are_the_tie_rules() -> None:
    w = films(moves="within ties", goal=[goals.worst("ndcg"), goals.best("ndcg")])
    worst, best = (s["limit"] for s in w.goal_status)
    truth, estimate = examples.RATINGS_TRUE, examples.RATINGS_ESTIMATE
    rule = lambda ties: ndcg.ndcg_from_scores(truth, estimate, k=10, gain="exponential", ties=ties)  # noqa: E731
    assert worst == pytest.approx(rule("pessimistic"), rel=1e-12)
    assert best == pytest.approx(rule("optimistic"), rel=1e-12)
    assert blocks([w.scores[label] for label in w.order], 10) == [
        (0, 1),
        (1, 5),
        (5, 7),
        (7, 8),
        (8, 10),
    ]


def test_scores_are_checked_against_the_items() -> None:
    with pytest.raises(ValueError, match="scores must have one score per item: 6 items, 2 scores"):
        RankingWidget(examples.D_TABLE, scores=[1, 2])
    with pytest.raises(ValueError, match="missing \\['D6'\\], unknown \\['D9'\\]"):
        RankingWidget(examples.D_TABLE, scores={**{f"D{i}": 1.0 for i in range(1, 6)}, "D9": 1.0})
    with pytest.raises(TypeError, match="the score of 'D1' must be a real number"):
        RankingWidget(examples.D_TABLE, scores=["a"] * 6)
    with pytest.raises(traitlets.TraitError, match="moves='within ties' needs scores"):
        RankingWidget(examples.D_TABLE, moves="within ties")
    with pytest.raises(traitlets.TraitError, match="'D2' \\(2.0\\) comes after 'D1' \\(1.0\\)"):
        RankingWidget(examples.D_TABLE, scores=[1, 2, 3, 4, 5, 6], moves="within ties")


def test_swap_distance_counts_cycles() -> None:
    assert swap_distance(START, START) == 0
    assert swap_distance(["D2", "D1", "D3", "D4", "D5", "D6"], START) == 1
    assert swap_distance(["D2", "D3", "D1", "D4", "D5", "D6"], START) == 2
    assert swap_distance(list(reversed(START)), START) == 3


def test_a_second_metric_can_have_its_own_cutoff() -> None:
    def at_2(goal: object) -> RankingWidget:
        return RankingWidget(examples.D_TABLE, unretrieved=examples.D_UNRETRIEVED, k=2, goal=goal)

    w = at_2(goals.rises_while_falls("ndcg", "ndcg", other_k=6))
    assert (w.goals[0]["k"], w.goals[0]["other_k"]) == (2, 6)
    w.order = ["D3", "D1", "D4", "D6", "D5", "D2"]
    status = w.goal_status[0]
    assert status["reached"]
    assert status["same_value"] == ndcg.ndcg(w.relevance, k=6, pool=examples.D_POOL)
    assert status["same_start"] == ndcg.ndcg(examples.D_RELEVANCE, k=6, pool=examples.D_POOL)
    assert status["value"] > status["start"] and status["same_value"] < status["same_start"]
    # A checked goal keeps a whole-list second cutoff through another check.
    w = at_2(goals.rises_while_falls("ndcg", "ndcg", other_k=None))
    w.goals = list(w.goals)
    assert (w.goals[0]["k"], w.goals[0]["other_k"]) == (2, None)
    with pytest.raises(ValueError, match="or be measured at another cutoff"):
        chapter4(goal=goals.rises_while_falls("ndcg", "ndcg"))
    with pytest.raises(ValueError, match="unknown \\['other_k'\\]"):
        chapter4(goal={"kind": "best", "metric": "ndcg", "other_k": 3})


# --- chapter 14: the rule "relevant items first", and binary NDCG -------------------------

# User u0050's top ten recommendations in chapter 14 (scale.top_items of the skewed
# collection): three items with grade 0 sit among the seven relevant ones.
CH14 = [
    ("i00004", 3),
    ("i00442", 4),
    ("i00231", 2),
    ("i11121 (unrated)", 0),
    ("i17836 (unrated)", 0),
    ("i02185", 3),
    ("i00022", 1),
    ("i00003", 1),
    ("i04224 (unrated)", 0),
    ("i01272", 1),
]


def chapter14(**kwargs: Any) -> RankingWidget:
    goal = goals.below("ndcg", 0.6, relevant_first=True)
    return RankingWidget(CH14, k=10, gain="exponential", goal=goal, **kwargs)


def test_reverse_breaks_the_rule_and_is_not_reached() -> None:
    # The bug: Reverse put two relevant items below the unrated ones, got a tick, and the
    # verdict named 0.428, the lowest NDCG@10 of any order, reachable only by breaking the rule.
    w = chapter14()
    w.order = w.order[::-1]
    status = w.goal_status[0]
    assert status["value"] < 0.6 and status["broken"] and not status["reached"]
    relevant = sorted(grade for _, grade in CH14 if grade > 0)
    lowest = ndcg.ndcg(relevant + [0, 0, 0], k=10, gain="exponential")
    assert status["limit"] == lowest and f"{lowest:.3f}" == "0.539"
    unconstrained = ndcg.ndcg(sorted(grade for _, grade in CH14), k=10, gain="exponential")
    assert f"{unconstrained:.3f}" == "0.428" and status["limit"] > unconstrained


def test_the_worst_order_that_keeps_the_rule_reaches_the_goal() -> None:
    w = chapter14(readouts=["ndcg", "binary_ndcg"])
    grade = dict(CH14)
    w.order = sorted(w.order, key=lambda label: (grade[label] == 0, grade[label]))
    status = w.goal_status[0]
    assert status["reached"] and not status["broken"]
    assert status["value"] == status["limit"]
    # A binary NDCG cannot tell this order from the best: both score 1.
    assert w.metrics["binary_ndcg"] == 1.0
    w.order = [label for label, _ in CH14]
    assert w.metrics["binary_ndcg"] < 1.0


def test_binary_ndcg_counts_every_grade_at_the_threshold_as_1() -> None:
    w = RankingWidget(CH14, k=5, readouts=["binary_ndcg"], threshold=2)
    relevance = [float(grade >= 2) for _, grade in CH14]
    assert w.metrics["binary_ndcg"] == ndcg.ndcg(relevance, k=5)


@pytest.mark.parametrize(
    ("goal", "error", "message"),
    [
        (
            goals.below("ndcg", 0.6, swaps=1, relevant_first=True),
            ValueError,
            "relevant_first=True is a rule for any order",
        ),
        (
            {"kind": "below", "metric": "ndcg", "value": 0.6, "relevant_first": "yes"},
            TypeError,
            "relevant_first must be True or False, got 'yes'",
        ),
        (
            {"kind": "falls_while_same", "metric": "ndcg", "same": "cg", "relevant_first": True},
            ValueError,
            r"unknown \['relevant_first'\]",
        ),
    ],
)
def test_the_rule_is_checked(goal: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        RankingWidget(CH14, goal=goal)
