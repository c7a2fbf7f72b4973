"""The quantified sentences of chapters 1-7, their solutions and folds, checked case by case.

Each test names the chapter and quotes (or paraphrases) the sentence it holds. Where a sentence
says "only", "every", "no order", "the best" or "the largest", the test enumerates every case
(all orders, all swaps, all cutoffs) with the library; where it points at a figure, the test
reads the figure's own artists. No figure is restated: each is recomputed here.
"""

from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys

import matplotlib
import numpy as np
import pandas as pd
import pytest

import ndcg
from ndcg import stats
from ndcg.discount import discounts
from ndcg.teaching import examples, plots, plots_practice, synthetic

matplotlib.use("Agg")

D_LABELS = [label for label, _ in examples.D_TABLE]
D_GRADES = dict(examples.D_TABLE)
POOL = list(examples.D_POOL)


def _ndcg6(order: tuple[str, ...]) -> float:
    return ndcg.ndcg([D_GRADES[label] for label in order], k=6, pool=POOL)


def _swaps(grades):
    """Every list obtained from ``grades`` by swapping two positions, with the positions."""
    for i, j in itertools.combinations(range(len(grades)), 2):
        swapped = list(grades)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        yield i, j, swapped


# --- Chapter 1 ------------------------------------------------------------------------------


def test_ch01_figure_shows_grade_3_at_positions_1_and_3_and_nothing_at_4() -> None:
    # "two highly relevant documents, but one of them only at position 3, and an irrelevant
    # document at position 4 pushing the useful D5 and D6 down"
    fig = plots.grade_bars(examples.D_TABLE)
    (bars,) = fig.axes[0].containers
    heights = [patch.get_height() for patch in bars.patches]
    top = max(heights)
    assert [i + 1 for i, h in enumerate(heights) if h == top] == [1, 3]
    assert [i + 1 for i, h in enumerate(heights) if h == 0] == [4]
    assert heights[4] > 0 and heights[5] > 0  # D5 and D6 are useful


def test_ch01_no_order_beats_sort_by_grade_and_none_reaches_1() -> None:
    # Fold: "NDCG@6 rises ... and no order does better. It does not reach 1"; task: "Which
    # documents must come first?" (D1 and D3, in the first two places of every best order).
    scores = {order: _ndcg6(order) for order in itertools.permutations(D_LABELS)}
    best = max(scores.values())
    by_grade = sorted(examples.D_RELEVANCE, reverse=True)
    assert best == ndcg.ndcg(by_grade, k=6, pool=POOL) < 1
    best_orders = [order for order, score in scores.items() if math.isclose(score, best)]
    assert all(set(order[:2]) == {"D1", "D3"} for order in best_orders)
    assert all(grade > 0 for _, grade in examples.D_UNRETRIEVED)  # judged relevant


def test_ch01_the_best_orders_are_the_orders_whose_grades_never_rise() -> None:
    # Solution 1.2 counts orders "whose grades never rise" and calls them the equally good best
    # orders, "2 x 2" of them; "every metric ... cannot prefer one of them".
    never_rise = {
        order
        for order in itertools.permutations(D_LABELS)
        if all(D_GRADES[a] >= D_GRADES[b] for a, b in itertools.pairwise(order))
    }
    for measure in (
        lambda g: ndcg.ndcg(g, k=6, pool=POOL),
        lambda g: ndcg.dcg(g, gain="exponential"),
    ):
        scores = {o: measure([D_GRADES[x] for x in o]) for o in itertools.permutations(D_LABELS)}
        best = max(scores.values())
        assert {o for o, s in scores.items() if math.isclose(s, best, rel_tol=1e-12)} == never_rise
    ties = pd.Series(examples.D_RELEVANCE).value_counts()
    assert len(never_rise) == math.prod(math.factorial(n) for n in ties)
    assert sorted(ties[ties > 1].tolist()) == [2, 2]  # the two ties: D1, D3 and D2, D6


def test_ch01_exercise_1_sum_ties_while_order_separates() -> None:
    # "A plain sum of grades gives both the same total, so it cannot tell them apart"
    a, b = [3, 3, 2, 2, 1, 0], [0, 1, 2, 2, 3, 3]
    assert ndcg.cg(a) == ndcg.cg(b)
    assert ndcg.dcg(a) > ndcg.dcg(b)


def test_ch01_exercise_3_one_star_films_collect_relevance_and_fractions_are_fine() -> None:
    # "a list of films nobody liked still collects some relevance"; "fractional grades are fine"
    assert ndcg.cg([1, 1, 1]) > 0
    assert 0 < ndcg.ndcg([0.7, 0.2, 0.9]) < 1


def test_ch01_a_system_judged_by_its_own_scores_always_agrees_with_itself() -> None:
    # "a system that ranks by its own scores always agrees with itself, so its scores can
    # order a list but never judge it": scores used as grades give NDCG 1 whatever they are.
    rng = np.random.default_rng(7)
    for _ in range(50):
        scores = rng.random(8)
        assert ndcg.ndcg_from_scores(scores, scores) == pytest.approx(1.0, rel=1e-12)


# --- Chapter 2 ------------------------------------------------------------------------------


def test_ch02_cg_is_blind_to_order_and_cg_at_k_sees_only_the_top_k_set() -> None:
    # "Reorder D1 to D6 any way you like: the sum of the six grades stays the same ... CG@k
    # notices which items make it into the top k, but still not the order inside the top k."
    totals = set()
    for order in itertools.permutations(D_LABELS):
        grades = [D_GRADES[x] for x in order]
        totals.add(ndcg.cg(grades))
        for k in range(1, 7):
            same_set = sorted(grades[:k]) + grades[k:]
            assert ndcg.cg(grades, k=k) == ndcg.cg(same_set, k=k)
    assert len(totals) == 1


def test_ch02_figure_curves_differ_on_the_way_but_end_at_the_same_total() -> None:
    orders = {
        "as ranked": examples.D_RELEVANCE,
        "best first": sorted(examples.D_RELEVANCE, reverse=True),
        "worst first": sorted(examples.D_RELEVANCE),
    }
    fig = plots.cumulative_curves(orders, measure="cg")
    lines = [list(line.get_ydata()) for line in fig.axes[0].get_lines()]
    assert len(lines) == 3
    assert len({line[-1] for line in lines}) == 1
    assert all(a != b for a, b in itertools.combinations(lines, 2))


def test_ch02_fold_largest_cg4_needs_d1_d3_d2_d6_and_swaps_inside_do_not_matter() -> None:
    # "The largest CG@4 is ...: the top four hold D1 and D3 and D2 and D6, in any order. A swap
    # inside the top four leaves CG@4 unchanged."
    scores = {o: ndcg.cg([D_GRADES[x] for x in o], k=4) for o in itertools.permutations(D_LABELS)}
    best = max(scores.values())
    assert {frozenset(o[:4]) for o, s in scores.items() if s == best} == {
        frozenset({"D1", "D3", "D2", "D6"})
    }
    for order in itertools.permutations(D_LABELS):
        grades = [D_GRADES[x] for x in order]
        for _i, j, swapped in _swaps(grades):
            if j < 4:
                assert ndcg.cg(swapped, k=4) == ndcg.cg(grades, k=4)


def test_ch02_fold_d4_moves_from_the_bottom_half() -> None:
    assert D_LABELS.index("D4") + 1 > len(D_LABELS) / 2


def test_ch02_exercise_2_cg_at_k_never_decreases_with_grades_of_zero_or_more() -> None:
    # Exercise 2.2 (now: "With grades of zero or more, CG@k never decreases as k grows") and
    # its solution; chapter 6's negative grades are why the condition is stated.
    for grades in itertools.product([0, 1, 2, 3], repeat=5):
        curve = [ndcg.cg(list(grades), k=k) for k in range(1, 6)]
        assert curve == sorted(curve)
    with pytest.raises(ValueError):
        ndcg.cg([1, -1, 2])  # the library does not take a negative grade silently


def test_ch02_exercise_3_the_weighted_sum_is_the_dcg_of_the_next_chapter() -> None:
    for grades in ([3, 2, 1, 0], [0, 1, 2, 3]):
        weighed = float(np.dot(grades, discounts(4)))
        assert weighed == pytest.approx(ndcg.dcg(grades), rel=1e-12)


def test_ch02_cg_of_the_widget_is_the_sum_of_grades_whatever_the_gain() -> None:
    # Chapters 2 and 3: "CG, in the library and in the widget, always adds the grades
    # themselves"; "switching to exponential gain changes DCG and leaves CG where it was".
    from ndcg.widgets import RankingWidget

    linear = RankingWidget(examples.D_TABLE, readouts=["cg", "dcg"])
    exponential = RankingWidget(examples.D_TABLE, readouts=["cg", "dcg"], gain="exponential")
    assert linear.metrics["cg"] == exponential.metrics["cg"] == sum(examples.D_RELEVANCE)
    assert exponential.metrics["dcg"] > linear.metrics["dcg"]


# --- Chapter 3 ------------------------------------------------------------------------------


def test_ch03_discount_falls_quickly_then_ever_more_slowly() -> None:
    # "falls quickly over the first few positions and then ever more slowly: moving from
    # position 1 to 2 costs a document more than a third of its value, moving from 9 to 10
    # costs it very little"; summary: "later positions count less and less".
    d = discounts(100)
    steps = -np.diff(d)
    assert (steps > 0).all() and (np.diff(steps) < 0).all()
    assert 1 - d[1] > 1 / 3
    assert d[8] - d[9] < (1 - d[1]) / 10


def test_ch03_original_discount_with_b_2_spares_positions_1_and_2() -> None:
    # "with b = 2, positions 1 and 2 count in full"; chapter 4: "with b = 10 none of the six
    # positions is discounted, DCG@6 becomes CG@6".
    positions = np.arange(1, 7)

    def original(b: float) -> np.ndarray:
        return np.log(b) / np.log(np.maximum(positions, b))

    assert (original(2)[:2] == 1).all() and (original(2)[2:] < 1).all()
    assert (original(10) == 1).all()
    assert float(np.dot(examples.D_RELEVANCE, original(10))) == ndcg.cg(examples.D_RELEVANCE)


def test_ch03_figure_running_total_ends_at_dcg() -> None:
    fig = plots.position_bars(examples.D_RELEVANCE, labels=D_LABELS)
    (line,) = fig.axes[1].get_lines()
    assert line.get_ydata()[-1] == pytest.approx(ndcg.dcg(examples.D_RELEVANCE), rel=1e-12)


def test_ch03_largest_dcg_is_sort_by_grade() -> None:
    # Task goal "the largest DCG any order reaches"; fold: "The best order, 3, 3, 2, 2, 1, 0".
    best = max(ndcg.dcg(list(p)) for p in itertools.permutations(examples.D_RELEVANCE))
    assert best == ndcg.dcg(sorted(examples.D_RELEVANCE, reverse=True))


def test_ch03_moving_a_better_document_down_always_lowers_dcg() -> None:
    # Fold: D3 "lost more than the irrelevant D4 could ever gain"; solution 3.1: "the better
    # document loses more than the worse one gains, so DCG must fall". Every swap of every
    # order of D1-D6: DCG falls exactly when the higher grade moves down.
    for order in set(itertools.permutations(examples.D_RELEVANCE)):
        before = ndcg.dcg(list(order))
        for i, j, swapped in _swaps(order):
            after = ndcg.dcg(swapped)
            if order[i] > order[j]:
                assert after < before
            elif order[i] < order[j]:
                assert after > before
            else:
                assert after == before


def test_ch03_exponential_gain_doubles_plus_one_and_dcg_about_doubles() -> None:
    # "keeps grade 0 at gain 0 and grade 1 at gain 1, but then each extra grade doubles the
    # gain (plus one)"; "For D1 to D6 the exponential DCG is about twice the linear one".
    gains = [ndcg.dcg([grade], gain="exponential") for grade in range(6)]
    assert gains[:2] == [0, 1]
    assert all(b == 2 * a + 1 for a, b in itertools.pairwise(gains))
    ratio = ndcg.dcg(examples.D_RELEVANCE, gain="exponential") / ndcg.dcg(examples.D_RELEVANCE)
    assert round(ratio) == 2 and abs(ratio - 2) < 0.05


def test_ch03_on_a_binary_scale_the_two_gains_agree() -> None:
    for grades in itertools.product([0, 1], repeat=6):
        assert ndcg.dcg(list(grades)) == ndcg.dcg(list(grades), gain="exponential")


def test_ch03_exercise_3_position_1_grows_most_under_exponential_gain() -> None:
    linear = ndcg.breakdown(examples.D_RELEVANCE).set_index("position")["discounted_gain"]
    exponential = ndcg.breakdown(examples.D_RELEVANCE, gain="exponential").set_index("position")
    growth = exponential["discounted_gain"] - linear
    assert int(growth.idxmax()) == 1
    assert (growth.drop(1) < growth[1]).all()


# --- Chapter 4 ------------------------------------------------------------------------------


def test_ch04_ndcg_is_1_for_a_perfect_list_and_0_without_relevant_top_k() -> None:
    for grades in itertools.product([0, 1, 2], repeat=5):
        grades = list(grades)
        if not any(grades):
            continue
        assert ndcg.ndcg(sorted(grades, reverse=True)) == pytest.approx(1.0, rel=1e-12)
        for k in range(1, 6):
            if not any(grades[:k]):
                assert ndcg.ndcg(grades, k=k) == 0.0


def test_ch04_the_ideal_is_the_pool_sorted_then_cut_at_every_k() -> None:
    # "The rule is always the same: sort the whole pool, then cut it at k."
    for k in range(1, len(POOL) + 1):
        ideal = sorted(POOL, reverse=True)[:k]
        assert ndcg.idcg(examples.D_RELEVANCE, k=k, pool=POOL) == ndcg.dcg(ideal)


def test_ch04_figure_largest_gaps_are_at_positions_2_and_4() -> None:
    # "The largest gaps are at positions 2 and 4: the ideal has a grade-3 document where the
    # system put a 2, and a grade-2 document where the system put D4"
    fig = plots.ideal_vs_actual(examples.D_RELEVANCE, pool=POOL, k=6)
    actual, ideal = fig.axes[0].containers
    gaps = [i.get_height() - a.get_height() for a, i in zip(actual, ideal, strict=True)]
    assert sorted(range(1, 7), key=lambda p: -gaps[p - 1])[:2] == [4, 2]
    ideal_grades = sorted(POOL, reverse=True)[:6]
    assert (ideal_grades[1], examples.D_RELEVANCE[1]) == (3, 2)
    assert (ideal_grades[3], examples.D_RELEVANCE[3], D_LABELS[3]) == (2, 0, "D4")


def test_ch04_figure_title_names_the_cutoff_of_the_ndcg_it_shows() -> None:
    # The paragraph before the figure contrasts NDCG with no cutoff and NDCG@6.
    fig = plots.ideal_vs_actual(examples.D_RELEVANCE, pool=POOL, k=6)
    title = fig.axes[0].get_title()
    assert title.startswith("NDCG@6 ")
    assert title.endswith(f"{ndcg.ndcg(examples.D_RELEVANCE, k=6, pool=POOL):.3f}")
    assert f"{ndcg.ndcg(examples.D_RELEVANCE, pool=POOL):.3f}" not in title
    uncut = plots.ideal_vs_actual(examples.FIVE_ITEMS_RELEVANCE, gain="exponential")
    assert "no cutoff" in uncut.axes[0].get_title()


def test_ch04_fold_best_reordering_is_sorted_and_the_drops_all_demote_d1() -> None:
    # "The best NDCG@6 you can reach by reordering is ...: the grades 3, 3, 2, 2, 1, 0";
    # "only n_drops of the n_swaps swaps get there, and each of them demotes D1".
    best = max(_ndcg6(order) for order in itertools.permutations(D_LABELS))
    assert best == ndcg.ndcg(sorted(examples.D_RELEVANCE, reverse=True), k=6, pool=POOL) < 1
    drops = [
        (D_LABELS[i], D_LABELS[j])
        for i, j, swapped in _swaps(examples.D_RELEVANCE)
        if ndcg.ndcg(swapped, k=6, pool=POOL) < 0.7
    ]
    assert drops and all(first == "D1" for first, _ in drops)
    assert {second for _, second in drops} == {"D4", "D5"}


def test_ch04_solution_1_d7_counts_in_the_top_three_and_d8_in_the_top_six() -> None:
    # Solution 4.1: the ideal top three are D1, D3 and D7, so D7 costs already at NDCG@3;
    # NDCG@3 is still above NDCG@6, where D4 stands where the ideal has a 2 and D8 is needed.
    judged = examples.D_TABLE + examples.D_UNRETRIEVED
    ideal = sorted(judged, key=lambda item: -item[1])
    assert {label for label, _ in ideal[:3]} == {"D1", "D3", "D7"}
    grade_2 = [label for label, grade in judged if grade == 2]
    assert "D8" in grade_2 and [g for _, g in ideal[:6]].count(2) == len(grade_2)
    without_d7 = [grade for label, grade in judged if label != "D7"]
    at3 = ndcg.ndcg(examples.D_RELEVANCE, k=3, pool=POOL)
    assert ndcg.ndcg(examples.D_RELEVANCE, k=3, pool=without_d7) > at3
    assert at3 > ndcg.ndcg(examples.D_RELEVANCE, k=6, pool=POOL)


def test_ch04_the_russian_notebook_ideal_from_its_top_five_loses_only_the_smallest() -> None:
    # "here that gives the same figure, because the value it leaves out, 0.68, is the smallest"
    almost = list(examples.FRACTIONAL_SCORES_SWAPPED)
    assert min(almost) == almost[5]
    top_five_ideal = ndcg.dcg(almost, k=5) / ndcg.dcg(sorted(almost[:5], reverse=True))
    assert top_five_ideal == pytest.approx(ndcg.ndcg(almost, k=5), rel=1e-12)
    # "a swap of two neighbours with close grades, deep in the list, costs almost nothing ...
    # Compare the single swaps of D1-D6 above, where one move at the top cost far more"
    cost = 1 - ndcg.ndcg(almost, k=5)
    d6 = ndcg.ndcg(examples.D_RELEVANCE, k=6, pool=POOL)
    top_costs = [
        d6 - ndcg.ndcg(swapped, k=6, pool=POOL)
        for i, _, swapped in _swaps(examples.D_RELEVANCE)
        if i == 0
    ]
    assert cost < 0.01 and max(top_costs) > 10 * cost


def test_ch04_exercises_doubling_and_gains() -> None:
    # 4.2: with linear gain "the ratio does not move" (any factor), exponential "changes";
    # 4.3: linear scores the Scala list higher; 4.4: the worst order is "far from 0".
    for factor in (2, 3, 0.5):
        scaled = [factor * g for g in examples.D_RELEVANCE]
        scaled_pool = [factor * g for g in POOL]
        assert ndcg.ndcg(scaled, k=6, pool=scaled_pool) == pytest.approx(
            ndcg.ndcg(examples.D_RELEVANCE, k=6, pool=POOL), rel=1e-12
        )
    doubled = [2 * g for g in examples.D_RELEVANCE]
    assert ndcg.ndcg(doubled, k=6, pool=[2 * g for g in POOL], gain="exponential") != ndcg.ndcg(
        examples.D_RELEVANCE, k=6, pool=POOL, gain="exponential"
    )
    scala = examples.FIVE_ITEMS_RELEVANCE
    assert ndcg.ndcg(scala) > ndcg.ndcg(scala, gain="exponential")
    assert max(scala) == scala[2]  # "the best item ... sits at position 3"
    worst = sorted(scala)
    assert worst == [1, 2, 3, 4, 5]
    orders = [ndcg.ndcg(list(p), gain="exponential") for p in itertools.permutations(scala)]
    assert min(orders) == ndcg.ndcg(worst, gain="exponential") > 0.5


# --- Chapter 5 ------------------------------------------------------------------------------

TRUE, ESTIMATE = list(examples.RATINGS_TRUE), list(examples.RATINGS_ESTIMATE)


def _within_tie_orders():
    """The true ratings in every order of the films that keeps the estimates sorted."""
    groups = [
        [TRUE[i] for i in range(len(TRUE)) if ESTIMATE[i] == value]
        for value in sorted(set(ESTIMATE), reverse=True)
    ]
    for choice in itertools.product(*(set(itertools.permutations(g)) for g in groups)):
        yield [grade for group in choice for grade in group]


def test_ch05_the_estimates_miss_by_half_a_star_alternately_below_and_above() -> None:
    errors = [e - t for t, e in zip(TRUE, ESTIMATE, strict=True)]
    assert all(abs(error) == 0.5 for error in errors)
    assert all(a == -b for a, b in itertools.pairwise(errors))


def test_ch05_the_ties_are_the_ones_the_text_names() -> None:
    # "Films 2, 3, 9 and 10 all have the estimate 4.5, and their true ratings are 4, 5, 5 and 4;
    # two smaller ties follow, films 6 and 7 at 3.5 and films 4 and 5 at 1.5."
    ties = {
        value: [i + 1 for i, e in enumerate(ESTIMATE) if e == value]
        for value in set(ESTIMATE)
        if ESTIMATE.count(value) > 1
    }
    assert ties == {4.5: [2, 3, 9, 10], 3.5: [6, 7], 1.5: [4, 5]}
    assert [TRUE[i - 1] for i in ties[4.5]] == [4, 5, 5, 4]
    # The chapter's count of arrival orders, 4! x 2 x 2:
    assert math.prod(math.factorial(len(films)) for films in ties.values()) == 96


def test_ch05_pessimistic_and_optimistic_are_the_worst_and_best_within_ties() -> None:
    # Task goals: "the lowest NDCG@10 any order within the ties reaches ... that is the
    # pessimistic order"; "the highest ...: the optimistic order"; "The optimistic rule even
    # reaches a perfect score".
    values = [ndcg.ndcg(order, k=10, gain="exponential") for order in _within_tie_orders()]
    rule = {
        name: ndcg.ndcg_from_scores(TRUE, ESTIMATE, k=10, gain="exponential", ties=name)
        for name in ("pessimistic", "optimistic", "average")
    }
    assert min(values) == pytest.approx(rule["pessimistic"], rel=1e-12)
    assert max(values) == pytest.approx(rule["optimistic"], rel=1e-12) == 1.0
    assert rule["pessimistic"] < rule["average"] < rule["optimistic"]


def test_ch05_average_is_scikit_learns_default() -> None:
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    exponential = [2**t - 1 for t in TRUE]  # scikit-learn takes gains, not grades
    ours = ndcg.ndcg_from_scores(TRUE, ESTIMATE, k=10, gain="exponential", ties="average")
    assert sklearn_metrics.ndcg_score([exponential], [ESTIMATE], k=10) == pytest.approx(ours)


def test_ch05_averaging_has_the_three_properties_and_no_other_rule_has_them_together() -> None:
    # 1. independent of input order; 2. the mean over random tie breaking; 3. between the
    # pessimistic and the optimistic score. Every arrival order of the chapter's ties, and
    # every small list of grades 0-2 scored by scores with ties.
    groups = [[i for i, e in enumerate(ESTIMATE) if e == v] for v in set(ESTIMATE)]
    groups = [g for g in groups if len(g) > 1]
    arrivals = []
    for choice in itertools.product(*(itertools.permutations(g) for g in groups)):
        order = list(range(len(TRUE)))
        for group, arrival in zip(groups, choice, strict=True):
            for slot, film in zip(group, arrival, strict=True):
                order[slot] = film
        arrivals.append(order)
    by_rule = {
        rule: [
            ndcg.ndcg_from_scores(
                [TRUE[i] for i in order],
                [ESTIMATE[i] for i in order],
                k=10,
                gain="exponential",
                ties=rule,
            )
            for order in arrivals
        ]
        for rule in ("stable", "average", "pessimistic", "optimistic")
    }
    assert len(arrivals) == 96
    assert np.ptp(by_rule["average"]) < 1e-12  # 1
    assert np.ptp(by_rule["stable"]) > 0.01  # stable fails 1
    mean_stable = float(np.mean(by_rule["stable"]))
    assert by_rule["average"][0] == pytest.approx(mean_stable, rel=1e-12)  # 2
    for rule in ("pessimistic", "optimistic"):
        assert abs(by_rule[rule][0] - mean_stable) > 0.01  # they fail 2
    for grades in itertools.product([0, 1, 2], repeat=4):
        for scores in itertools.product([0, 1], repeat=4):
            low, avg, high = (
                ndcg.ndcg_from_scores(list(grades), list(scores), ties=rule)
                for rule in ("pessimistic", "average", "optimistic")
            )
            assert low - 1e-12 <= avg <= high + 1e-12  # 3


def test_ch05_exercises_pessimistic_top_three_and_the_tie_positions() -> None:
    # 5.1: "The film estimated 5.5 (true rating 5) comes first. The next two positions go to
    # the tie at 4.5 ... two 4s ... The ideal top three are three 5s."
    first = ESTIMATE.index(max(ESTIMATE))
    assert ESTIMATE.count(max(ESTIMATE)) == 1 and TRUE[first] == 5
    tied = sorted(TRUE[i] for i, e in enumerate(ESTIMATE) if e == 4.5)
    assert tied[:2] == [4, 4] and sorted(TRUE, reverse=True)[:3] == [5, 5, 5]
    pessimistic = ndcg.ndcg_from_scores(TRUE, ESTIMATE, k=3, gain="exponential", ties="pessimistic")
    by_hand = ndcg.dcg([5, 4, 4], gain="exponential") / ndcg.dcg([5, 5, 5], gain="exponential")
    assert pessimistic == pytest.approx(by_hand, rel=1e-12)
    # 5.2: the tie at 4.5 fills positions 2 to 5, right after the film estimated 5.5.
    ranked_estimates = sorted(ESTIMATE, reverse=True)
    assert [i + 1 for i, e in enumerate(ranked_estimates) if e == 4.5] == [2, 3, 4, 5]


def test_ch05_exercise_3_all_tied_average_is_the_expected_score_of_a_random_order() -> None:
    # "the averaged score is the expected NDCG of a random order": every order of six films.
    grades = TRUE[:6]
    every_order = [ndcg.ndcg(list(p), gain="exponential") for p in itertools.permutations(grades)]
    averaged = ndcg.ndcg_from_scores(grades, [3.0] * 6, gain="exponential", ties="average")
    assert averaged == pytest.approx(float(np.mean(every_order)), rel=1e-12)
    assert min(every_order) < averaged  # a baseline, not a floor


# --- Chapter 6 ------------------------------------------------------------------------------

SHORT_TRUE, SHORT_ESTIMATE = list(examples.SHORT_USER_TRUE), list(examples.SHORT_USER_ESTIMATE)


def _padded(order, k: int) -> float:
    pool = SHORT_TRUE + [max(SHORT_TRUE)] * max(0, k - len(SHORT_TRUE))
    return ndcg.ndcg(list(order), k=k, gain="exponential", pool=pool)


def test_ch06_ranking_by_estimate_is_the_best_order_and_padding_keeps_it_low() -> None:
    # "Sorting by estimate gives the ranking 5, 3, 1, which is the best possible order";
    # fold: "No order reaches 0.5"; "users with short histories score low whatever the
    # system does"; the widget holds the films "lowest rating first".
    by_estimate = [t for _, t in sorted(zip(SHORT_ESTIMATE, SHORT_TRUE, strict=True), reverse=True)]
    orders = list(itertools.permutations(SHORT_TRUE))
    exists = {o: ndcg.ndcg(list(o), k=10, gain="exponential", pool=SHORT_TRUE) for o in orders}
    assert max(exists.values()) == exists[tuple(by_estimate)] == 1.0
    assert max(_padded(o, 10) for o in orders) == _padded(by_estimate, 10) < 0.5
    assert SHORT_TRUE == sorted(SHORT_TRUE)


def test_ch06_figure_padded_ideal_keeps_growing_while_the_list_stops_at_three() -> None:
    cutoffs = list(range(1, 11))
    best = sorted(SHORT_TRUE, reverse=True)
    idcg = [
        ndcg.idcg(best, k=c, gain="exponential", pool=SHORT_TRUE + [5] * max(0, c - 3))
        for c in cutoffs
    ]
    assert all(a < b for a, b in itertools.pairwise(idcg))
    dcg = [ndcg.dcg(best, k=c, gain="exponential") for c in cutoffs]
    assert len(set(dcg[2:])) == 1  # the list stops at three
    fig = plots_practice.cutoff_curves(
        cutoffs,
        {
            "ideal from what exists": [
                ndcg.ndcg(best, k=c, gain="exponential", pool=SHORT_TRUE) for c in cutoffs
            ],
            "padded ideal": [_padded(best, c) for c in cutoffs],
        },
    )
    exists_line, padded_line = (list(line.get_ydata()) for line in fig.axes[0].get_lines())
    assert set(exists_line) == {1.0}
    assert all(a > b for a, b in itertools.pairwise(padded_line[2:]))


def test_ch06_the_installed_libraries_build_the_ideal_from_the_grades_given() -> None:
    # "Every library compared in the chapter 9 ... builds the ideal from the grades it is
    # given, so for this user they all report the first figure. None of them pads." The two
    # installed with the book, run here: scikit-learn (gains passed) and trec_eval's C code.
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    pytrec_eval = pytest.importorskip("pytrec_eval")
    for order in itertools.permutations(range(3)):
        scores = [float(s) for s in order]
        gains = [2**t - 1 for t in SHORT_TRUE]
        exists = ndcg.ndcg_from_scores(SHORT_TRUE, scores, k=10, gain="exponential")
        assert sklearn_metrics.ndcg_score([gains], [scores], k=10) == pytest.approx(exists)
        qrels = {"q": {f"d{i}": grade for i, grade in enumerate(SHORT_TRUE)}}
        run = {"q": {f"d{i}": score for i, score in enumerate(scores)}}
        trec = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg_cut"}).evaluate(run)["q"]
        linear = ndcg.ndcg_from_scores(SHORT_TRUE, scores, k=10)
        assert trec["ndcg_cut_10"] == pytest.approx(linear, abs=1e-4)
        ranked = [SHORT_TRUE[i] for i in sorted(range(3), key=lambda i: -scores[i])]
        padded = ndcg.ndcg(ranked, k=10, gain="exponential", pool=SHORT_TRUE + [5] * 7)
        assert padded < exists


def test_ch06_empty_ideal_default_is_0_as_in_scikit_learn_and_no_order_does_better() -> None:
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    assert ndcg.ndcg([0, 0, 0]) == 0.0
    assert sklearn_metrics.ndcg_score([[0, 0, 0]], [[3, 2, 1]]) == 0.0
    pytrec_eval = pytest.importorskip("pytrec_eval")
    qrels = {"q": {"a": 0, "b": 0, "c": 0}}
    run = {"q": {"a": 3.0, "b": 2.0, "c": 1.0}}
    assert pytrec_eval.RelevanceEvaluator(qrels, {"ndcg"}).evaluate(run)["q"]["ndcg"] == 0.0
    # "the empty query drags the mean down although no system could have done better on it"
    assert max(ndcg.ndcg(list(p)) for p in itertools.permutations([0, 0, 0])) == 0.0


def test_ch06_with_negative_gains_the_sorted_order_still_bounds_dcg_from_above() -> None:
    # "Sorting the gains best first still gives the largest DCG, so the ideal still bounds DCG
    # from above": every order of every list of gains -2..2 of length 4.
    weights = discounts(4)
    for gains in itertools.product([-2, -1, 0, 1, 2], repeat=4):
        best = float(np.dot(sorted(gains, reverse=True), weights))
        assert all(float(np.dot(p, weights)) <= best + 1e-12 for p in itertools.permutations(gains))


def test_ch06_one_unjudged_policy_in_ndcg_scores_and_evaluate() -> None:
    # "one policy with three choices, the same in ndcg, ndcg_from_scores, evaluate ..." and
    # "raise: an error that says how many positions are unjudged".
    with_d9 = [3, None, 3, 0, 1, 2]
    judgments = pd.DataFrame(
        {"query_id": "q1", "doc_id": D_LABELS + ["D7", "D8"], "relevance": POOL}
    )
    run = pd.DataFrame(
        {
            "query_id": "q1",
            "doc_id": ["D1", "D9", "D3", "D4", "D5", "D6"],
            "score": [6.0, 5.0, 4.0, 3.0, 2.0, 1.0],
        }
    )
    for policy in ("zero", "condense"):
        direct = ndcg.ndcg(with_d9, k=6, pool=POOL, unjudged=policy)
        table = ndcg.evaluate(judgments, run, k=6, unjudged=policy)
        assert float(table["ndcg@6"].iloc[0]) == pytest.approx(direct, rel=1e-12)
    assert ndcg.ndcg(with_d9, k=6, pool=POOL, unjudged="condense") > ndcg.ndcg(
        with_d9, k=6, pool=POOL
    )
    with pytest.raises(ValueError, match=r"\b1\b"):
        ndcg.ndcg(with_d9, k=6, pool=POOL, unjudged="raise")
    with pytest.raises(ValueError):
        ndcg.ndcg_from_scores([3, None, 2], [3.0, 2.0, 1.0], unjudged="raise")
    # The widget takes the same three choices.
    from ndcg.widgets import RankingWidget

    items = list(zip(["D1", "D9", "D3", "D4", "D5", "D6"], with_d9, strict=True))
    others = [("D2", 2), *examples.D_UNRETRIEVED]
    for policy in ("zero", "condense"):
        widget = RankingWidget(items, unretrieved=others, k=6, unjudged=policy)
        expected = ndcg.ndcg(with_d9, k=6, pool=POOL, unjudged=policy)
        assert widget.metrics["ndcg"] == pytest.approx(expected, rel=1e-12)
    with pytest.raises(Exception, match="never judged"):
        RankingWidget(items, unretrieved=others, k=6, unjudged="raise")


def test_ch06_the_command_line_offers_zero_and_condense(tmp_path) -> None:
    # "the command line offers the first two (-J condenses)"
    qrels = tmp_path / "qrels"
    qrels.write_text(
        "".join(
            f"q1 0 {label} {grade}\n" for label, grade in examples.D_TABLE + examples.D_UNRETRIEVED
        )
    )
    run = tmp_path / "run"
    shown = ["D1", "D9", "D3", "D4", "D5", "D6"]
    run.write_text("".join(f"q1 Q0 {d} {i} {6 - i} r\n" for i, d in enumerate(shown)))
    with_d9 = [3, None, 3, 0, 1, 2]
    for flags, policy in (([], "zero"), (["-J"], "condense")):
        out = subprocess.run(
            [sys.executable, "-m", "ndcg", *flags, "-m", "ndcg_cut.6", "--json", qrels, run],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        expected = ndcg.ndcg(with_d9, k=6, pool=POOL, unjudged=policy)
        assert json.loads(out)["all"]["ndcg_cut_6"] == pytest.approx(expected, rel=1e-12)


def test_ch06_under_zero_no_system_gains_by_retrieving_unjudged_documents() -> None:
    # "no system can raise its score by retrieving documents nobody judged": an unjudged
    # document in any position scores exactly as a judged irrelevant one.
    for position in range(7):
        unjudged = list(examples.D_RELEVANCE)
        unjudged.insert(position, None)
        irrelevant = list(examples.D_RELEVANCE)
        irrelevant.insert(position, 0)
        # The judged irrelevant document joins the pool; a grade 0 adds nothing to the ideal.
        assert ndcg.ndcg(unjudged, k=6, pool=POOL) == ndcg.ndcg(irrelevant, k=6, pool=POOL + [0])


def test_ch06_a_cutoff_past_the_list_changes_nothing_without_a_pool() -> None:
    # "Without a pool a large cutoff changes nothing; with one, the ideal keeps growing until
    # it has counted every judged document, so NDCG@100 and NDCG without a cutoff agree."
    assert {ndcg.ndcg([3, 2], k=k) for k in (2, 5, 100)} == {ndcg.ndcg([3, 2])}
    with_pool = [ndcg.ndcg([3, 2], k=k, pool=[3, 2, 3]) for k in (1, 2, 3, 100)]
    assert with_pool[1] > with_pool[2] == with_pool[3] == ndcg.ndcg([3, 2], pool=[3, 2, 3])
    with pytest.raises(ValueError):
        ndcg.ndcg([3, 2], k=0)


def test_ch06_exercises_padding_at_five_pandas_mean_and_the_spam_document() -> None:
    # 6.1: "The padding adds 5 - 3 = 2 items of grade 5 ... the ideal top five is 5, 5, 5, 3, 1"
    pool = SHORT_TRUE + [max(SHORT_TRUE)] * (5 - len(SHORT_TRUE))
    assert sorted(pool, reverse=True) == [5, 5, 5, 3, 1]
    # 6.2: "pandas skips NaN ... averages the two queries that have a relevant document"
    lists = ([3, 2, 0, 1], [0, 1, 2, 0], [0, 0, 0])
    scores = pd.Series([ndcg.ndcg(g, empty=float("nan")) for g in lists])
    assert scores.count() == sum(1 for g in lists if max(g) > 0) == 2
    # 6.3: the spam document pushes the grade-2 document to position 3, where it keeps a
    # smaller share of its gain; removing the spam gives a different number.
    spam = [1, -1, 2, 0]
    assert spam.index(2) == 2 and discounts(3)[2] < discounts(3)[1]
    assert ndcg.ndcg(spam, gain=lambda g: max(g, 0)) != ndcg.ndcg([1, 2, 0])
    # 6.4: condensing is higher than zero for D1, D9, D2, D3, D5, D6.
    returned = [3, None, 2, 3, 1, 2]
    assert ndcg.ndcg(returned, k=6, pool=POOL, unjudged="condense") > ndcg.ndcg(
        returned, k=6, pool=POOL
    )


# --- Chapter 7 ------------------------------------------------------------------------------

LISTS = [list(grades) for grades in examples.FRACTIONAL_SCORE_LISTS]


def test_ch07_the_top_five_ideal_forgives_query_2_only() -> None:
    # "The notebook printed a larger figure because it took each query's ideal from the top
    # five results only, which forgives query 2 for ranking its sixth result, a better one
    # than its fifth, below the cutoff"
    whole = [ndcg.ndcg(g, k=5, pool=g) for g in LISTS]
    top_five = [ndcg.dcg(g, k=5) / ndcg.dcg(sorted(g[:5], reverse=True)) for g in LISTS]
    assert np.mean(top_five) > np.mean(whole)
    differ = [q + 1 for q in range(3) if not math.isclose(whole[q], top_five[q], rel_tol=1e-12)]
    assert differ == [2]
    assert LISTS[1][5] > LISTS[1][4]


def test_ch07_fold_swapping_results_5_and_6_is_the_only_single_swap_to_the_target() -> None:
    per_query = [ndcg.ndcg(g, k=5, pool=g) for g in LISTS]
    target = 0.999
    needed = 3 * target - per_query[0] - per_query[2]
    reaching = [
        (i + 1, j + 1)
        for i, j, swapped in _swaps(LISTS[1])
        if ndcg.ndcg(swapped, k=5, pool=swapped) >= needed
    ]
    assert reaching == [(5, 6)]
    assert per_query[1] < needed  # the list as given does not reach it
    # "Queries 1 and 3 are almost perfect already": closer to 1 than query 2 is.
    assert min(per_query[0], per_query[2]) > per_query[1]


def test_ch07_synthetic_queries_spread_and_the_clouds_overlap() -> None:
    # "the queries spread over most of the scale and the two clouds overlap almost entirely.
    # The spread between queries (standard deviations ...) is more than twice the gap between
    # the systems' means."
    collection = synthetic.make_collection(
        n_queries=50, docs_per_query=30, difference=0.3, depth=20, seed=2026
    )
    a = ndcg.evaluate(collection.qrels, collection.run_a, k=10).set_index("query_id")["ndcg@10"]
    b = ndcg.evaluate(collection.qrels, collection.run_b, k=10).set_index("query_id")["ndcg@10"]
    # "fifty invented queries with thirty judged documents each, and the runs of two invented
    # systems, A and B, that return their top twenty"
    assert collection.qrels.groupby("query_id").size().eq(30).all() and len(a) == 50
    for run in (collection.run_a, collection.run_b):
        assert run.groupby("query_id").size().eq(20).all()
    for scores in (a, b):
        assert scores.max() - scores.min() > 0.5
    inside = ((b >= a.min()) & (b <= a.max())).mean()
    assert inside >= 0.9
    assert min(a.std(), b.std()) > 2 * abs(b.mean() - a.mean())
    # "missing='skip' leave those queries out; with missing='zero' they count as 0"
    partial = collection.run_a[~collection.run_a["query_id"].isin(["q001", "q002", "q003"])]
    skip = ndcg.evaluate(collection.qrels, partial, k=10, missing="skip")
    zero = ndcg.evaluate(collection.qrels, partial, k=10, missing="zero")
    assert (len(skip), len(zero)) == (47, 50)
    assert (zero.set_index("query_id").loc[["q001", "q002", "q003"], "ndcg@10"] == 0).all()


def test_ch07_rows_mean_is_higher_because_long_lists_count_more_and_score_better() -> None:
    # "a query with twenty documents counts ... times as much as one with two, and the long
    # lists also score better"
    collection = synthetic.make_collection(
        n_queries=50, docs_per_query=30, difference=0.3, depth=20, seed=2026
    )
    run = collection.run_a
    query_ids = sorted(run["query_id"].unique())
    length = {query: (2, 5, 20)[i % 3] for i, query in enumerate(query_ids)}
    rank = run.groupby("query_id")["score"].rank(ascending=False, method="first")
    uneven = run[rank <= run["query_id"].map(length)]
    by_query = ndcg.evaluate(collection.qrels, uneven, k=10).set_index("query_id")["ndcg@10"]
    by_length = by_query.groupby(by_query.index.map(length)).mean()
    assert by_length[20] > by_length[5] > by_length[2]
    rows = uneven.join(by_query, on="query_id")
    assert rows["ndcg@10"].mean() > by_query.mean()


def test_ch07_evaluate_orders_equal_scores_by_document_id_descending() -> None:
    # "documents with equal scores are ordered by document id, descending"
    qrels = pd.DataFrame({"query_id": "q", "doc_id": ["a", "b"], "relevance": [1, 0]})
    run = pd.DataFrame({"query_id": "q", "doc_id": ["a", "b"], "score": [1.0, 1.0]})
    scored = float(ndcg.evaluate(qrels, run, k=2)["ndcg@2"].iloc[0])
    assert scored == pytest.approx(ndcg.ndcg([0, 1], k=2), rel=1e-12)  # "b" before "a"


def test_ch07_the_seeded_tools_repeat_and_the_p_value_counts_sign_flips() -> None:
    # "both take a seed ... the figures come out the same on every run"; the test "flips the
    # sign of each difference at random ... counts how often the mean comes out at least as
    # far from zero as the one observed, in either direction": against every flip of 12.
    rng = np.random.default_rng(3)
    b, a = rng.random(12), rng.random(12)
    b = b + 0.15
    first, again = (stats.paired_randomization_test(b, a, seed=1) for _ in range(2))
    assert first.p_value == again.p_value
    assert stats.paired_bootstrap_ci(b, a, seed=1) == stats.paired_bootstrap_ci(b, a, seed=1)
    d = b - a
    observed = abs(d.mean())
    flips = np.array(list(itertools.product([-1, 1], repeat=len(d))))
    exact = float((np.abs((flips * d).mean(axis=1)) >= observed - 1e-12).mean())
    assert first.p_value == pytest.approx(exact, abs=0.01)


def test_ch07_exercises_exponential_gain_close_for_grades_between_0_and_1() -> None:
    # 7.1: "2^r - 1 stays close to r (it equals r at 0 and 1 and is only slightly smaller in
    # between), so the ratios change little and the means are close"
    r = np.linspace(0, 1, 1001)
    assert (2**r - 1 <= r + 1e-15).all() and float((r - (2**r - 1)).max()) < 0.1
    linear = np.mean([ndcg.ndcg(g, k=5) for g in LISTS])
    exponential = np.mean([ndcg.ndcg(g, k=5, gain="exponential") for g in LISTS])
    assert abs(linear - exponential) < 0.01


def test_ch07_exercise_4_fewer_queries_widen_the_interval_about_as_the_square_root() -> None:
    # "the interval is ... times as wide (roughly the square root of the ratio of the numbers
    # of queries) and the p-value grows"
    def compare(n: int):
        collection = synthetic.make_collection(
            n_queries=n, docs_per_query=30, difference=0.3, depth=20, seed=2026
        )
        a = ndcg.evaluate(collection.qrels, collection.run_a, k=10).set_index("query_id")
        b = ndcg.evaluate(collection.qrels, collection.run_b, k=10).set_index("query_id")
        a, b = a["ndcg@10"], b["ndcg@10"]
        interval = stats.paired_bootstrap_ci(b, a, seed=1)
        return interval.high - interval.low, stats.paired_randomization_test(b, a, seed=1).p_value

    (wide, p_small), (narrow, p_large) = compare(10), compare(50)
    assert p_small > p_large
    assert 0.6 < (wide / narrow) / math.sqrt(50 / 10) < 1.6


# --- What the chapters say their widgets do, through the widgets' Python goal logic ----------


def _limit(widget, index: int = 0) -> float:
    return widget.goal_status[index]["limit"]


def test_widgets_of_chapters_1_2_and_4_know_the_enumerated_best() -> None:
    # Ch. 1 task, ch. 2 task 2 ("the widget says when you reach it") and ch. 4 task 1 ("the
    # widget says when you do, and how high reordering can go"): the goals' limits are the
    # largest figures over every order, as enumerated here.
    from ndcg.widgets import RankingWidget, goals

    orders = list(itertools.permutations(D_LABELS))
    ch01 = RankingWidget(
        examples.D_TABLE, unretrieved=examples.D_UNRETRIEVED, k=6, goal=goals.best("ndcg")
    )
    assert _limit(ch01) == pytest.approx(max(_ndcg6(o) for o in orders), rel=1e-12)
    ch02 = RankingWidget(
        examples.D_TABLE,
        unretrieved=examples.D_UNRETRIEVED,
        readouts=["cg"],
        goal=goals.best("cg", k=4),
    )
    assert _limit(ch02) == max(ndcg.cg([D_GRADES[x] for x in o], k=4) for o in orders)
    ch04 = RankingWidget(
        examples.D_TABLE,
        unretrieved=examples.D_UNRETRIEVED,
        k=6,
        goal=[goals.at_least("ndcg", 0.8), goals.below("ndcg", 0.7, swaps=1)],
    )
    assert _limit(ch04, 0) == pytest.approx(max(_ndcg6(o) for o in orders), rel=1e-12)
    assert ch04.goal_status[0]["missing"] == ["D7", "D8"]
    assert not ch04.goal_status[1]["out_of_reach"]
    ch04.order = ["D4", "D2", "D3", "D1", "D5", "D6"]  # D1 and D4 swapped
    assert ch04.goal_status[1]["reached"]


def test_widget_of_chapter_5_limits_are_the_pessimistic_and_optimistic_scores() -> None:
    # "the lowest NDCG@10 any order within the ties reaches ... that is the pessimistic order"
    from ndcg.widgets import RankingWidget, goals

    order = sorted(range(10), key=lambda i: -ESTIMATE[i])
    widget = RankingWidget(
        [(f"film {i + 1}", TRUE[i]) for i in order],
        scores=[ESTIMATE[i] for i in order],
        score_name="estimate",
        k=10,
        gain="exponential",
        moves="within ties",
        goal=[goals.worst("ndcg"), goals.best("ndcg")],
    )
    for index, rule in enumerate(("pessimistic", "optimistic")):
        expected = ndcg.ndcg_from_scores(TRUE, ESTIMATE, k=10, gain="exponential", ties=rule)
        assert _limit(widget, index) == pytest.approx(expected, rel=1e-12)


def test_widget_of_chapter_6_says_no_order_reaches_the_threshold() -> None:
    # Fold: "No order reaches 0.5, and the widget says so once you have found the best".
    from ndcg.widgets import RankingWidget, goals

    films = [(f"film {i + 1}", grade) for i, grade in enumerate(SHORT_TRUE)]
    widget = RankingWidget(
        films,
        unretrieved=[(f"imagined {i + 1}", 5) for i in range(10 - len(films))],
        k=10,
        gain="exponential",
        goal=[goals.best("ndcg"), goals.at_least("ndcg", 0.5)],
    )
    status = widget.goal_status[1]
    assert status["out_of_reach"]
    best = max(_padded(o, 10) for o in itertools.permutations(SHORT_TRUE))
    assert status["limit"] == pytest.approx(best, rel=1e-12)


def test_ch03_trec_eval_default_gain_is_linear_and_negative_grades_count_as_nothing() -> None:
    # Ch. 3: linear gain is "the default of trec_eval"; ch. 6: "Treating negative grades as
    # worth nothing reproduces trec_eval".
    pytrec_eval = pytest.importorskip("pytrec_eval")
    grades = [3, -1, 2, 0, 1]
    qrels = {"q": {f"d{i}": g for i, g in enumerate(grades)}}
    run = {"q": {f"d{i}": float(len(grades) - i) for i in range(len(grades))}}
    trec = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg"}).evaluate(run)["q"]["ndcg"]
    ours = ndcg.ndcg(grades, gain=lambda g: max(g, 0))
    assert trec == pytest.approx(ours, abs=1e-4)
    positive = [max(g, 0) for g in grades]
    assert ndcg.ndcg(positive) != ndcg.ndcg(positive, gain="exponential")
    assert trec != pytest.approx(ndcg.ndcg(positive, gain="exponential"), abs=1e-3)
