"""The quantified sentences of chapters 8 to 14, their folds and solutions, held by enumeration.

Each test names the sentence it holds. A sentence that says "only", "every", "the best",
"never", "must", a colour or a sign is checked over all the cases it speaks of (every swap,
every order, every cutoff, every user), from the library, never against a typed figure.
"""

from __future__ import annotations

import colorsys
import itertools
import json
import re
from pathlib import Path

import numpy as np
import pytest

import ndcg
from ndcg import ltr, trec_measures
from ndcg.teaching import examples, exercises, online, optimising, pitfalls, readers, scale
from ndcg.widgets import SwapWidget

RELEVANCE = list(examples.D_RELEVANCE)
POOL = list(examples.D_POOL)
ROOT = Path(__file__).resolve().parents[2]


def _orders(grades: list[int]) -> list[tuple[int, ...]]:
    """Every distinct order of ``grades``."""
    return sorted(set(itertools.permutations(grades)))


def _text(notebook: str) -> str:
    """Every cell's source of a chapter notebook, whitespace collapsed to single spaces."""
    cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    sources = ("".join(cell["source"]) for cell in cells)
    return " ".join(" ".join(sources).split())


# Chapter 8 -----------------------------------------------------------------------------------


def test_ch08_industry_dcg_is_its_first_term_and_all_three_lists_start_alike() -> None:
    """'The broken value is 2 x 0.99 - 1 = 0.98, the first term alone'; solution 8.1: 'All
    three lists start with 0.99 ... it returns 0.98 for each'."""
    lists = examples.FRACTIONAL_SCORE_LISTS
    assert len({grades[0] for grades in lists}) == 1
    for grades in lists:
        assert pitfalls.broken_industry_dcg(grades, k=5) == pytest.approx(2 * grades[0] - 1)
        tail_changed = (grades[0], *([0.0] * (len(grades) - 1)))
        assert pitfalls.broken_industry_dcg(tail_changed, k=5) == pitfalls.broken_industry_dcg(
            grades, k=5
        )


def test_ch08_the_two_ideals_over_every_cutoff() -> None:
    """'At k = 1 both agree ... From then on the broken curve stays near 1, while the right one
    moves both ways: it falls at k = 2'; the fold: sorted by grade the broken widget reports a
    perfect score."""
    broken = [pitfalls.broken_ndcg_ideal_from_top_k(RELEVANCE, k=k) for k in range(1, 7)]
    right = [ndcg.ndcg(RELEVANCE, k=k, pool=POOL) for k in range(1, 7)]
    assert broken[0] == right[0] == 1.0
    assert all(b >= r for b, r in zip(broken, right, strict=True))
    assert min(broken) > max(right[1:])  # "near 1", above every later value of the right one
    assert right[1] < right[0]
    steps = np.sign(np.diff(right))
    assert {-1.0, 1.0} <= set(steps)  # both ways
    best = sorted(RELEVANCE, reverse=True)
    assert ndcg.ndcg(best, k=6) == 1.0


def test_ch08_three_mediocre_documents_in_their_own_best_order_score_one() -> None:
    """'A system that retrieves three mediocre documents in the best order among themselves
    would score a perfect 1.0 that way.'"""
    for grades in _orders([1, 1, 0]):
        best = sorted(grades, reverse=True)
        assert pitfalls.broken_ndcg_ideal_from_top_k(best, k=3) == 1.0
        assert ndcg.ndcg(best, k=3, pool=POOL + list(best)) < 1.0


def test_ch08_query_2s_sixth_result_belongs_in_its_best_top_five() -> None:
    """'Query 2's sixth result ... is better than its fifth, so the best possible top five
    contains it.'"""
    second = examples.FRACTIONAL_SCORE_LISTS[1]
    assert second[5] > second[4]
    assert second[5] in sorted(second, reverse=True)[:5]


def test_ch08_the_top_k_ideal_gives_the_mean_the_course_notebook_printed() -> None:
    """'The same mistake, averaged over the course notebook's three lists at k = 5, gives the
    mean the notebook printed, 0.99958' (a quoted figure): the library's broken function,
    rounded as the notebook printed it, gives the figure the prose quotes."""
    lists = examples.FRACTIONAL_SCORE_LISTS
    mean = sum(pitfalls.broken_ndcg_ideal_from_top_k(g, k=5) for g in lists) / len(lists)
    quoted = re.search(
        r"gives the mean the notebook printed, (\d\.\d+):", _text("08_pitfalls.ipynb")
    )
    assert quoted is not None
    figure = quoted.group(1)
    assert f"{mean:.{len(figure) - 2}f}" == figure


def test_ch08_the_fold_best_order_is_the_best_of_every_order() -> None:
    """Fold: with every judged document in the ideal, the sorted order's NDCG@6 is 'the
    largest any order of D1-D6 can reach'."""
    best = ndcg.ndcg(sorted(RELEVANCE, reverse=True), k=6, pool=POOL)
    assert max(ndcg.ndcg(order, k=6, pool=POOL) for order in _orders(RELEVANCE)) == best
    assert best < 1.0


def test_ch08_filter_depth_is_six_by_coincidence() -> None:
    """'keeping the documents with relevance of at least 2 ... happens to leave six'; 'Change
    one grade and the "ideal" has five entries'; solution 8.2: 'three 3s and two 2s' and the
    real ideal top six holds a grade-1 document."""
    assert len(pitfalls.broken_ideal_by_filtering(POOL)) == 6
    changed = list(POOL)
    changed[7] = 1  # D8 graded 1 instead of 2
    kept = pitfalls.broken_ideal_by_filtering(changed)
    assert sorted(kept) == [2, 2, 3, 3, 3]
    assert 1 in sorted(changed, reverse=True)[:6]


def test_ch08_ascending_sort_is_well_above_zero_and_self_grading_always_scores_one() -> None:
    """Exhibit 7: 'The broken score is still well above 0'; exhibit 11: 'every system scores a
    perfect 1.0' when it grades itself, for any scores."""
    ascending = pitfalls.broken_ascending_ndcg(
        examples.RATINGS_TRUE, examples.RATINGS_ESTIMATE, k=10
    )
    assert (
        0.5
        < ascending
        < ndcg.ndcg_from_scores(
            examples.RATINGS_TRUE, examples.RATINGS_ESTIMATE, k=10, ties="stable"
        )
    )
    rng = np.random.default_rng(8)
    for _ in range(20):
        scores = rng.uniform(0, 5, 10)
        assert pitfalls.broken_self_graded_ndcg(scores, k=10) == pytest.approx(1.0)


def test_ch08_log_one_gives_infinity_or_nan_when_the_first_grade_is_zero() -> None:
    """Exhibit 8: 'the formula returns infinity, or NaN when the first grade is 0'."""
    with np.errstate(divide="ignore", invalid="ignore"):
        assert np.isinf(pitfalls.broken_probability_formula(examples.FIVE_ITEMS_RELEVANCE))
        assert np.isnan(pitfalls.broken_probability_formula((0, 3, 2)))


def test_ch08_the_short_sample_in_its_best_order_is_below_one() -> None:
    """Solution 8.3: the four items are 'in the best possible order', and the score is below 1
    because the ideal holds the fifth, graded 1."""
    sample = (5, 4, 3, 2)
    pool = examples.FIVE_ITEMS_RELEVANCE
    best = max(ndcg.ndcg(o, gain="exponential", pool=pool) for o in _orders(list(sample)))
    assert ndcg.ndcg(sample, gain="exponential", pool=pool) == best < 1.0
    assert sorted(set(pool) - set(sample)) == [1]


# Chapter 9 -----------------------------------------------------------------------------------


def _ch09_start() -> tuple[list[str], list[int]]:
    by_estimate = sorted(range(10), key=lambda i: -examples.RATINGS_ESTIMATE[i])
    labels = [f"film {i + 1}" for i in by_estimate]
    return labels, [examples.RATINGS_TRUE[i] for i in by_estimate]


def test_ch09_the_best_swap_only_reorders_inside_the_cutoff() -> None:
    """9.6's fold: the top five already hold the ideal's top five; the one best swap lifts the
    lowest grade-5 film of the top five above the grade-4 one and puts them in the ideal's
    order, bringing no new film into the top five."""
    labels, grades = _ch09_start()
    start = ndcg.ndcg(grades, k=5, gain="exponential")
    values = {}
    for i, j in itertools.combinations(range(10), 2):
        swapped = list(grades)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        values[i, j] = ndcg.ndcg(swapped, k=5, gain="exponential")
    best = max(values.values())
    winners = [pair for pair, value in values.items() if value == best]
    assert len(winners) == 1
    (i, j), top = winners[0], max(grades)
    assert sorted(grades[:5], reverse=True) == sorted(grades, reverse=True)[:5]
    assert grades[:5].count(top) == grades.count(top) == 3
    assert j < 5 and grades[i] < grades[j] == top
    assert j == max(p for p in range(5) if grades[p] == top)
    assert best == 1.0 > start
    # "both films below the cutoff, or two films of the same grade", and nothing else
    same = {pair for pair, value in values.items() if abs(value - start) < 1e-12}
    assert same == {(a, b) for a, b in values if grades[a] == grades[b] or a >= 5}


def test_ch09_the_fold_says_what_the_enumeration_found() -> None:
    """The fold names the one best swap from the library and no longer says that it brings a
    grade-5 film into the top five."""
    text = _text("09_ndcg_in_the_wild.ipynb")
    assert "the only one that reaches {glue:text}`ch09_task_best:.3f`" in text
    assert "exchanges {glue:text}`ch09_task_swap`" in text
    assert "brings no new film into the top five" in text
    assert "brings a grade-5 film into the top five" not in text


def test_ch09_trec_eval_ties_and_every_convention_between_the_bounds() -> None:
    """'the four films tied at 4.5 are then ranked d9, d8, d2, d1, the reverse of their input
    order, which is what scikit-learn's ignore_ties did'; 'Give them the ids in reverse and the
    stable order returns'; every convention lies between the pessimistic and the optimistic."""
    import pandas as pd
    from sklearn.metrics import ndcg_score

    true, estimate = examples.RATINGS_TRUE, examples.RATINGS_ESTIMATE
    tied = [i for i, s in enumerate(estimate) if s == 4.5]
    assert len(tied) == 4

    def trec_style(ids: list[str]) -> float:
        q = pd.DataFrame({"query_id": "u", "doc_id": ids, "relevance": true})
        r = pd.DataFrame({"query_id": "u", "doc_id": ids, "score": estimate})
        return float(ndcg.evaluate(q, r, k=10, gain="exponential")["ndcg@10"].iloc[0])

    forward = [f"d{i}" for i in range(10)]
    sk = ndcg_score([2 ** np.array(true) - 1], [estimate], k=10, ignore_ties=True)
    assert trec_style(forward) == pytest.approx(sk, abs=1e-15)
    stable = ndcg.ndcg_from_scores(true, estimate, k=10, gain="exponential", ties="stable")
    assert trec_style(forward[::-1]) == pytest.approx(stable, abs=1e-15)
    low = ndcg.ndcg_from_scores(true, estimate, k=10, gain="exponential", ties="pessimistic")
    high = ndcg.ndcg_from_scores(true, estimate, k=10, gain="exponential", ties="optimistic")
    for ties in ("stable", "average"):
        value = ndcg.ndcg_from_scores(true, estimate, k=10, gain="exponential", ties=ties)
        assert low <= value <= high
    # Every order of the tied films, which is every draw of TF-Ranking's shuffle.
    order = sorted(range(10), key=lambda i: -estimate[i])
    head = [i for i in order if estimate[i] > 4.5]
    tail = [i for i in order if estimate[i] < 4.5]
    for middle in itertools.permutations(tied):
        ranked = [true[i] for i in head + list(middle) + tail]
        assert low - 1e-15 <= ndcg.ndcg(ranked, k=10, gain="exponential") <= high + 1e-15


def test_ch09_pyspark_example_puts_the_best_item_third() -> None:
    """'all of them are relevant, so PySpark reports a perfect score, although the best item
    stands third'."""
    grades = list(examples.FIVE_ITEMS_RELEVANCE)
    assert grades.index(max(grades)) == 2
    assert min(grades) > 0


def test_ch09_more_judgments_can_only_lower_an_unretrieving_runs_ndcg() -> None:
    """Solution 9.2: 'Judging more documents can only lower the NDCG of a run that does not
    retrieve them'; solution 9.1: trec_eval's ideal top 3 is 3, 3, 3 because it knows D7."""
    base = ndcg.ndcg(RELEVANCE, pool=POOL)
    for extra in itertools.product(range(4), repeat=2):
        assert ndcg.ndcg(RELEVANCE, pool=[*POOL, *extra]) <= base
    assert sorted(POOL, reverse=True)[:3] == [3, 3, 3]
    assert sorted(RELEVANCE, reverse=True)[:3] == [3, 3, 2]


# Chapter 10 ----------------------------------------------------------------------------------


def test_ch10_the_cascade_readers_at_rank_two() -> None:
    """'D1 ... satisfies seven readers in eight ... the reciprocal-rank reader, satisfied by any
    relevant document, never does' go on to rank 2."""
    reach = readers.reach_table(RELEVANCE, max_grade=3, p=0.8, b=2)
    assert reach.iloc[1, 4] == pytest.approx(1 / 8)
    assert reach.iloc[1, 5] == 0.0


def test_ch10_patience_b_counts_the_first_b_ranks_in_full() -> None:
    """'With b = 2 the first two ranks count in full'; 'With b = 10 nothing in a list of six is
    discounted at all and DCG equals CG'."""
    discounts = ndcg.breakdown(RELEVANCE, discount=("log", 2))["discount"].to_numpy()
    assert list(discounts[:2]) == [1.0, 1.0] and (discounts[2:] < 1).all()
    assert ndcg.dcg(RELEVANCE, discount=("log", 10)) == pytest.approx(sum(RELEVANCE))


def test_ch10_every_metric_that_weighs_rank_3_above_4_falls_and_three_stay() -> None:
    """'Every metric that weighs rank 3 above rank 4 falls ... Three metrics do not move at all'
    (precision, recall, RR)."""
    swapped = [3, 2, 0, 3, 1, 2]
    before = readers.every_metric(RELEVANCE, pool=POOL, max_grade=3, k=6)
    after = readers.every_metric(swapped, pool=POOL, max_grade=3, k=6)
    change = after - before
    assert sorted(change.index[change == 0]) == ["RR", "precision", "recall"]
    assert (change[change != 0] < 0).all()


def test_ch10_the_fold_orders_that_raise_ndcg_and_lower_err() -> None:
    """Fold: every solving order keeps a grade-3 document first, lets the second grade-3
    document slip one place so a grade-2 one passes it; the widget's goal measures log2."""
    base_ndcg, base_err = ndcg.ndcg(RELEVANCE, k=6, pool=POOL), ndcg.err(RELEVANCE, max_grade=3)
    solutions = [
        order
        for order in _orders(RELEVANCE)
        if ndcg.ndcg(order, k=6, pool=POOL) > base_ndcg and ndcg.err(order, max_grade=3) < base_err
    ]
    assert solutions
    second_three = RELEVANCE.index(3, 1)
    for order in solutions:
        assert order[0] == 3
        assert order.index(3, 1) == second_three + 1
        assert order[second_three] == 2


def test_ch10_the_impatient_reader_scores_higher_and_the_swap_costs_err_little() -> None:
    """Solution 10.1: RBP with p = 0.5 is 'Higher'; the first three documents are all relevant.
    Solution 10.2: 'The first two ranks give almost all of ERR@6' and the moved document is
    reached by 'about one in thirteen' readers."""
    assert ndcg.rbp(RELEVANCE, p=0.5) > ndcg.rbp(RELEVANCE, p=0.8)
    assert all(grade >= 1 for grade in RELEVANCE[:3])
    swapped = [3, 2, 0, 3, 1, 2]
    whole = ndcg.err(swapped, max_grade=3)
    assert ndcg.err(swapped, k=2, max_grade=3) / whole > 0.95
    reach = readers.reach_table(swapped, max_grade=3, p=0.8, b=2)
    assert round(1 / reach.iloc[3, 4]) == 13


# Chapter 11 ----------------------------------------------------------------------------------


def test_ch11_binary_metrics_see_the_threshold_graded_ones_see_the_grade() -> None:
    """'Four of the first five documents are relevant ... four of the seven relevant documents';
    'Only the graded metrics notice the upgrade'; 'The threshold works the other way: the graded
    metrics do not move, and every binary one does but RR'."""
    assert sum(g >= 1 for g in RELEVANCE[:5]) == 4 and sum(g >= 1 for g in POOL) == 7
    graded = {"NDCG", "NDCG, original (b=2)", "NDCG, 1/i", "NDCG, geometric p=0.8", "ERR"}
    base = readers.every_metric(RELEVANCE, pool=POOL, max_grade=3, k=6)
    upgraded = list(RELEVANCE)
    upgraded[4] = 3
    up = readers.every_metric(upgraded, pool=upgraded + POOL[6:], max_grade=3, k=6)
    assert set(base.index[up != base]) == graded
    raised = readers.every_metric(RELEVANCE, pool=POOL, max_grade=3, k=6, threshold=2)
    assert set(base.index[raised != base]) == set(base.index) - graded - {"RR"}
    assert "every binary one does but {glue:text}`threshold_kept`" in _text("11_the_family.ipynb")
    assert RELEVANCE[0] >= 2  # RR stays: its first document is relevant under either threshold


def test_ch11_the_rr_fold_floor_is_the_lowest_ap_of_every_order_keeping_rr() -> None:
    """Fold: 'With a relevant document first RR cannot fall'; D4 second gives the floor."""
    keep = [o for o in _orders(RELEVANCE) if ndcg.reciprocal_rank(o) == 1]
    assert all(o[0] >= 1 for o in keep)
    floor = min(ndcg.average_precision(o, pool=POOL) for o in keep)
    assert all(o[1] == 0 for o in keep if ndcg.average_precision(o, pool=POOL) == floor)


def test_ch11_one_answer_metrics() -> None:
    """Solution 11.3: 'P@10 is at most one tenth' with one right answer; R@100 ignores the
    rank; with a single relevant item NDCG is 1/log2(rank + 1)."""
    for rank in range(1, 11):
        ranked = [0] * (rank - 1) + [1] + [0] * (10 - rank)
        assert ndcg.precision(ranked, k=10) == pytest.approx(0.1)
        assert ndcg.ndcg(ranked) == pytest.approx(1 / np.log2(rank + 1))
        assert ndcg.recall(ranked, k=100, pool=ranked) == 1.0


def test_ch11_interpolated_curve_of_d1_d6_never_rises() -> None:
    """'so the curve never rises'."""
    curve = [trec_measures.interpolated_precision(RELEVANCE, x / 10, pool=POOL) for x in range(11)]
    assert all(a >= b for a, b in itertools.pairwise(curve))


# Chapter 12 ----------------------------------------------------------------------------------


def test_ch12_the_fold_orders_that_win_at_two_and_lose_at_six() -> None:
    """Fold: every solving order puts both grade-3 documents first, then the grade-0 one."""
    base2, base6 = ndcg.ndcg(RELEVANCE, k=2, pool=POOL), ndcg.ndcg(RELEVANCE, k=6, pool=POOL)
    solutions = [
        o
        for o in _orders(RELEVANCE)
        if ndcg.ndcg(o, k=2, pool=POOL) > base2 and ndcg.ndcg(o, k=6, pool=POOL) < base6
    ]
    assert solutions
    assert all(o[:3] == (3, 3, 0) for o in solutions)


def test_ch12_easy_and_hard_queries() -> None:
    """'Mean NDCG@5 prefers X ... Mean DCG prefers Y'."""
    pools = {"easy": [1, 0, 0, 0, 0, 0], "hard": [3, 3, 2, 2, 2, 1, 1, 1, 0, 0]}
    runs = {
        "X": {"easy": [1, 0, 0, 0, 0], "hard": [2, 1, 1, 0, 0]},
        "Y": {"easy": [0, 0, 1, 0, 0], "hard": [3, 3, 2, 2, 0]},
    }
    mean_ndcg = {
        s: np.mean([ndcg.ndcg(r, k=5, pool=pools[q]) for q, r in lists.items()])
        for s, lists in runs.items()
    }
    mean_dcg = {s: np.mean([ndcg.dcg(r, k=5) for r in lists.values()]) for s, lists in runs.items()}
    assert mean_ndcg["X"] > mean_ndcg["Y"] and mean_dcg["Y"] > mean_dcg["X"]
    assert ndcg.ndcg(runs["X"]["easy"], k=5, pool=pools["easy"]) == 1.0
    assert sum(g > 0 for g in pools["easy"]) == 1 and sum(g > 0 for g in pools["hard"]) == 8


def test_ch12_the_lowest_cutoff_solution_falls_then_rises() -> None:
    """Solution 12.2: 'NDCG@1 is 1; the two zeros at ranks 2 and 3 pull it down ...; the grade-2
    documents at ranks 4 and 5 bring it back up.'"""
    values = [
        ndcg.ndcg(exercises.NOT_MONOTONE, k=k, pool=exercises.NOT_MONOTONE_POOL)
        for k in range(1, 6)
    ]
    assert values[0] == 1.0
    assert values[0] > values[1] > values[2] < values[3] < values[4]


def test_ch12_the_residual_exceeds_rbp_and_the_offline_online_split() -> None:
    """Solution 12.1: 'The residual is larger than RBP itself'. Offline: 'NDCG@5 prefers B';
    ERR@5, the simulated reader's metric, prefers A, as the clicks do."""
    ranked = [1, None, None, 0, 1]
    assert ndcg.rbp_residual(ranked, p=0.8) > ndcg.rbp(ranked, p=0.8)
    grades = {"a": 3, "b": 2, "c": 2, "d": 2, "e": 0, "f": 0, "g": 1, "h": 0}
    a = ["a", "e", "f", "h", "g", "b", "c", "d"]
    b = ["b", "c", "d", "a", "g", "e", "f", "h"]
    ga, gb = [grades[d] for d in a], [grades[d] for d in b]
    assert ndcg.ndcg(gb, k=5) > ndcg.ndcg(ga, k=5)
    assert ndcg.err(ga, k=5, max_grade=3) > ndcg.err(gb, k=5, max_grade=3)
    wins = online.interleaving_wins(a, b, grades, max_grade=3, n_sessions=2000, seed=4)
    assert wins["A"] > wins["B"]


def test_ch12_recommender_a_never_reaches_the_full_top_ten() -> None:
    """'On the full catalogue A never puts the item in the top ten, so its NDCG@10 is 0'."""
    rng = np.random.default_rng(7)
    ranks = {"A": rng.integers(20, 60, 2000), "B": np.array([1, 2, 3, 500])}
    table = online.sampled_vs_full(ranks, n_items=1000, n_sampled=99, k=10, seed=1)
    assert table.loc["A", "full"] == 0.0


# Chapter 13 ----------------------------------------------------------------------------------

GRADES, SCORES, K = list(optimising.GRADES), list(optimising.SCORES), optimising.K
D7 = optimising.LABELS.index("D7")


def test_ch13_d7_overtaking_d6_leaves_ndcg5_where_it_was() -> None:
    """'when D7 overtakes D6 (score 0.6) it moves from position 7 to 6, still outside the top 5,
    and NDCG@5 stays exactly where it was'; the surrogate losses fall as D7 climbs."""
    below, above = list(SCORES), list(SCORES)
    below[D7], above[D7] = SCORES[5] - 0.01, SCORES[5] + 0.01
    assert ndcg.ndcg_from_scores(GRADES, below, k=K, gain="exponential") == ndcg.ndcg_from_scores(
        GRADES, above, k=K, gain="exponential"
    )
    slide = np.linspace(-0.5, 2.5, 200)
    losses = []
    for value in slide:
        scores = list(SCORES)
        scores[D7] = value
        losses.append(ltr.ranknet(GRADES, scores).loss)
    assert all(a > b for a, b in itertools.pairwise(losses))


def test_ch13_ranknet_pushes_d7_hardest_and_lambdarank_moves_the_effort_to_it() -> None:
    """'It pushes D7 up hardest'; LambdaRank gives D7 a larger share, D6 and D8 a smaller one."""
    rank_net = ltr.ranknet(GRADES, SCORES).gradient
    lambdas = ltr.lambdarank(GRADES, SCORES, k=K, gain="exponential").gradient
    assert int(np.argmin(rank_net)) == D7
    share_rn, share_lr = (
        np.abs(rank_net) / np.abs(rank_net).sum(),
        np.abs(lambdas) / np.abs(lambdas).sum(),
    )
    assert share_lr[D7] > share_rn[D7]
    assert share_lr[[5, 7]].sum() < share_rn[[5, 7]].sum()


def test_ch13_the_swap_matrix_claims() -> None:
    """'Row D7 holds the largest entries'; 'The bottom-right corner is all zeros'; solution 13.1:
    the best swap trades D7 with D1, and both factors of the pair's term peak there."""
    m = ltr.swap_matrix(GRADES, k=K, gain="exponential")
    assert np.abs(m[D7]).max() == np.abs(m).max()
    assert not m[K:, K:].any()
    first, second, _ = SwapWidget(
        list(zip(optimising.LABELS, GRADES, strict=True)), k=K
    ).best_swap()
    assert {first, second} == {"D1", "D7"}
    lower = [j for j in range(8) if GRADES[j] < GRADES[D7]]
    pulls = {j: 1 / (1 + np.exp(SCORES[D7] - SCORES[j])) for j in lower}
    assert max(pulls, key=pulls.get) == 0 == max(lower, key=lambda j: abs(m[D7, j]))
    assert int(np.argmax(SCORES)) == 0


def test_ch13_after_the_best_swap_d7s_row_is_all_loss_and_the_corner_blank() -> None:
    """Solution 13.1: 'After the swap, D7's row turns orange (any move of D7 now loses), and the
    corner stays blank'; the widget's lambda is largest in size for D7 at the start."""
    widget = SwapWidget(list(zip(optimising.LABELS, GRADES, strict=True)), k=K, gain="exponential")
    assert int(np.argmax(np.abs(widget.lambdas))) == D7
    order = list(widget.order)
    order[0], order[D7] = order[D7], order[0]
    widget.order = order
    row = np.delete(widget.matrix[0], 0)
    assert order[0] == "D7" and (row < 0).all()
    assert not widget.matrix[K:, K:].any()


def _hue(hex_colour: str) -> float:
    r, g, b = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 360 * colorsys.rgb_to_hsv(r, g, b)[0]


def test_ch13_the_heat_maps_gain_is_blue_and_loss_orange_in_both_themes() -> None:
    """'blue for a gain and orange for a loss', read from the widget's own stylesheet and the
    class the grid gives a cell of each sign."""
    css = (ROOT / "js" / "swap.css").read_text(encoding="utf-8")
    gains = re.findall(r"--sw-gain:\s*(#[0-9a-fA-F]{6})", css)
    losses = re.findall(r"--sw-loss:\s*(#[0-9a-fA-F]{6})", css)
    assert len(gains) == len(losses) == 2  # light and dark
    assert all(190 <= _hue(colour) <= 250 for colour in gains)
    assert all(15 <= _hue(colour) <= 45 for colour in losses)
    grid = (ROOT / "js" / "swap_grid.js").read_text(encoding="utf-8")
    assert 'sign > 0 ? "gain" : sign < 0 ? "loss" : "zero"' in grid
    assert re.search(r"cell--gain\s*\{\s*--sw-hue:\s*var\(--sw-gain\)", css)
    assert re.search(r"cell--loss\s*\{\s*--sw-hue:\s*var\(--sw-loss\)", css)


def test_ch13_exercise_3_and_the_widget_speak_of_two_named_quantities() -> None:
    """Exercise 13.3 asks for D7's lambda at the example's scores and names the widget's figure
    (at equal scores) as a different one; typing the widget's figure gets a hint that says so."""
    widget = SwapWidget(list(zip(optimising.LABELS, GRADES, strict=True)), k=K, gain="exponential")
    at_scores = ltr.lambdarank(GRADES, SCORES, k=K, gain="exponential").gradient[D7]
    assert exercises.exercise("ch13-lambda-d7").expected() == pytest.approx(at_scores)
    assert abs(at_scores - widget.lambdas[D7]) > 0.1
    for typed in (round(float(widget.lambdas[D7]), 2), round(float(widget.lambdas[D7]), 4)):
        result = exercises.check("ch13-lambda-d7", typed)
        assert not result.correct and "equal scores" in result.message
    text = _text("13_optimising_ndcg.ipynb")
    assert "{glue:text}`ex_scores`" in text and "{glue:text}`ex_d7_lambda_equal:.2f`" in text


def test_ch13_solutions_idle_pairs_and_shrunken_weights() -> None:
    """Solution 13.2: 'The ideal top five are the grades 4, 3, 2, 1, 0'. Solution 13.3: 'every
    weight |ΔNDCG| is below 1', so RankNet's gradient for D7 is larger in size. Solution 13.4:
    the idle pairs are D6 with D7 and D7 with D8, both outside the top 5."""
    assert sorted(GRADES, reverse=True)[:5] == [4, 3, 2, 1, 0]
    weights = ltr.swap_weights(GRADES, SCORES, k=K)[0]
    assert (weights < 1).all()
    lam = ltr.lambdarank(GRADES, SCORES, k=K).gradient[D7]
    assert abs(ltr.ranknet(GRADES, SCORES).gradient[D7]) > abs(lam)
    m = ltr.swap_matrix(GRADES, k=K)
    idle = [
        (optimising.LABELS[i], optimising.LABELS[j])
        for i, j in itertools.combinations(range(8), 2)
        if GRADES[i] != GRADES[j] and m[i, j] == 0.0
    ]
    assert idle == [("D6", "D7"), ("D7", "D8")]
    assert all(optimising.LABELS.index(d) >= K for pair in idle for d in pair)


# Chapter 14 ----------------------------------------------------------------------------------


def test_ch14_condensing_can_only_raise_a_users_ndcg() -> None:
    """Solution 14.3: 'Condensing can only raise a user's NDCG@10 ... the ideal ... does not
    change', on every user of the chapter's collection (the pandas path Spark equals)."""
    qrels, run = scale.skewed_collection()
    kept = ndcg.evaluate(qrels, run, k=10)
    condensed = ndcg.evaluate(qrels, run, k=10, unjudged="condense")
    both = kept.merge(condensed, on="query_id", suffixes=("_zero", "_condense"))
    assert len(both) == len(kept) == len(condensed)
    assert (both["ndcg@10_condense"] >= both["ndcg@10_zero"] - 1e-12).all()
    assert (both["ndcg@10_condense"] > both["ndcg@10_zero"]).any()


def test_ch14_the_least_relevant_first_is_the_lowest_order_with_zeros_last() -> None:
    """Solution 14.1: 'Putting the least relevant of the relevant items first gives the lowest
    graded NDCG@10 ... the best order of the same items scores 1', over every order."""
    qrels, run = scale.skewed_collection()
    grades = [g for _, g in scale.top_items(qrels, run, scale.WIDGET_USER, 10)]
    relevant = [g for g in grades if g > 0]
    zeros = [0] * (len(grades) - len(relevant))
    values = {o: ndcg.ndcg(list(o) + zeros, k=10, gain="exponential") for o in _orders(relevant)}
    assert min(values, key=values.get) == tuple(sorted(relevant))
    assert max(values.values()) == 1.0


def test_ch14_the_ideal_from_counts_sends_one_row_per_positive_grade() -> None:
    """Solution 14.4: each partition sends 'at most one row per user and grade with a gain', and
    the prose counts those grades from the collection."""
    qrels, _ = scale.skewed_collection()
    positive = sorted(int(g) for g in qrels["relevance"].unique() if g > 0)
    assert positive == [1, 2, 3, 4]
    text = _text("14_ndcg_at_scale.ipynb")
    words = {3: "three", 4: "four", 5: "five"}[len(positive)]
    said = f"grade with a gain ({words} here, grades {positive[0]} to {positive[-1]})"
    assert said in text
    assert f"at most {words} rows per user" in text


# More of chapters 9 to 14 ---------------------------------------------------------------------


def test_ch09_of_the_seven_libraries_scikit_learn_and_spark_are_installed() -> None:
    """'Of the seven, scikit-learn and Spark are installed with this book', read from the
    book's own requirements, library by library."""
    seven = {
        "scikit-learn": "scikit-learn",
        "trec_eval": "pytrec-eval",
        "ranx": "ranx",
        "ir_measures": "ir-measures",
        "torchmetrics": "torchmetrics",
        "TF-Ranking": "tensorflow-ranking",
        "Spark": "pyspark",
    }
    lines = (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
    pinned = {line.split("==")[0].strip().lower() for line in lines if "==" in line}
    installed = {
        name for name, package in seven.items() if any(p.startswith(package) for p in pinned)
    }
    assert installed == {"scikit-learn", "Spark"}
    assert "Of the seven, scikit-learn and Spark are installed" in _text(
        "09_ndcg_in_the_wild.ipynb"
    )


def test_ch10_most_of_err_comes_from_d1_and_a_wider_scale_lowers_it() -> None:
    """'ERR is ..., most of it from D1'; 'The same grades on a 0..4 scale give ..., because a
    grade of 3 then satisfies fewer readers'."""
    whole = ndcg.err(RELEVANCE, max_grade=3)
    assert ndcg.err(RELEVANCE, k=1, max_grade=3) > whole / 2
    assert ndcg.err(RELEVANCE, max_grade=4) < whole


def test_ch11_eight_systems_rr_ceiling_crowns_and_two_families() -> None:
    """'The metrics do not crown the same system'; 'RR is close to 1 everywhere', the metric that
    separates the systems least; graded metrics agree with each other and binary ones with each
    other, and every tau across the divide is lower than every tau within a family."""
    from ndcg.teaching import synthetic, systems

    collection = synthetic.make_collection(n_queries=50, docs_per_query=30, seed=2026)
    _, runs = systems.make_systems(collection, 8, depth=20, seed=3)
    columns = {
        "NDCG@10": {"k": 10},
        "ERR@10": {"metrics": "err", "k": 10, "max_grade": 3},
        "P@10": {"metrics": "precision", "k": 10},
        "R@10": {"metrics": "recall", "k": 10},
        "AP": {"metrics": "ap"},
        "RR": {"metrics": "rr"},
        "RBP": {"metrics": "rbp", "p": 0.8},
    }
    means = systems.mean_scores(collection.qrels, runs, columns)
    best = means.idxmax()
    assert best["NDCG@10"] != best["P@10"]
    spread = means.max() - means.min()
    assert means["RR"].min() > 0.9 and spread.idxmin() == "RR"
    tau = systems.kendall_matrix(means)
    graded, binary = ["NDCG@10", "ERR@10"], ["P@10", "R@10", "AP", "RBP"]
    within = [
        tau.loc[a, b] for family in (graded, binary) for a, b in itertools.combinations(family, 2)
    ]
    across = [tau.loc[a, b] for a in graded for b in binary]
    assert min(within) > max(across)


def test_ch11_tau_weighs_a_swap_at_the_top_as_one_at_the_bottom() -> None:
    """Solution 11.2: 'One swap at the top costs as much as one at the bottom'."""
    from scipy.stats import kendalltau

    base = [1, 2, 3, 4]
    at = {
        i: kendalltau(base, base[:i] + [base[i + 1], base[i]] + base[i + 2 :]).statistic
        for i in range(3)
    }
    assert len(set(at.values())) == 1


def test_ch12_rbp_interval_sampled_reversal_and_position_bias() -> None:
    """'with every judgment it is ..., inside the interval, as it must be'; the sampled metric
    reverses the full one's order; the grade-2 document at rank 1 gets more clicks than the
    grade-3 one at rank 4."""
    from ndcg.teaching import synthetic, systems

    collection = synthetic.make_collection(n_queries=50, docs_per_query=30, seed=2026)
    _, runs = systems.make_systems(collection, 8, depth=20, seed=3)
    for share in (0.3, 0.1):
        kept = systems.drop_judgments(collection.qrels, share, seed=5)
        for name in ("S1", "S2"):
            bounds = ndcg.evaluate(kept, runs[name], metrics=["rbp", "rbp_residual"])
            truth = ndcg.evaluate(collection.qrels, runs[name], metrics="rbp")
            both = bounds.merge(truth, on="query_id", suffixes=("", "_all"))
            assert (both["rbp"] <= both["rbp_all"] + 1e-12).all()
            assert (both["rbp_all"] <= both["rbp"] + both["rbp_residual"] + 1e-12).all()
    rng = np.random.default_rng(7)
    users = 2000
    ranks = {
        "A": rng.integers(20, 60, users),
        "B": np.where(
            rng.random(users) < 0.4, rng.integers(1, 4, users), rng.integers(200, 1000, users)
        ),
    }
    table = online.sampled_vs_full(ranks, n_items=1000, n_sampled=99, k=10, seed=1)
    assert table.loc["B", "full"] > table.loc["A", "full"] == 0.0
    assert table.loc["A", "sampled"] > table.loc["B", "sampled"]
    clicks = online.click_log([2, 2, 2, 3, 1, 0, 0, 0], max_grade=3, n_sessions=5000, seed=3)
    per_rank = clicks["clicked_rank"].value_counts()
    assert per_rank[1] > per_rank[4]


def test_ch13_ranknet_weighs_the_middle_as_the_top_where_ndcg5_does_not() -> None:
    """'pushing D2 and D4 (grade 0) down below D5 (grade 1) counts for as much as lifting D7 into
    the top 5, although only the second changes NDCG@5 by much'."""
    m = np.abs(ltr.swap_matrix(GRADES, k=K, gain="exponential"))
    middle = [m[1, 4], m[3, 4]]  # D2 and D4 with D5
    lifts = [m[D7, j] for j in range(K)]  # D7 with each document of the top 5
    assert max(middle) < min(lifts) / 2


def test_ch14_heavy_users_score_higher_and_a_mean_over_rows_flatters() -> None:
    """'the users with over 100 ratings average ..., users with up to 10 ...'; 'A mean over rows
    ... reports a system far better than the one a typical user meets'."""
    qrels, run = scale.skewed_collection()
    per_user = ndcg.evaluate(qrels, run, k=10)
    sizes = qrels.groupby("query_id").size()
    scored = per_user.assign(ratings=sizes.reindex(per_user["query_id"]).to_numpy())
    light = scored.loc[scored["ratings"] <= 10, "ndcg@10"].mean()
    heavy = scored.loc[scored["ratings"] > 100, "ndcg@10"].mean()
    assert heavy > light
    over_rows = qrels.merge(per_user, on="query_id")["ndcg@10"].mean()
    assert over_rows > per_user["ndcg@10"].mean()


def test_ch10_two_rankings_two_verdicts() -> None:
    """'NDCG@5 prefers B ...: its reader reads on ... ERR@5 prefers A'."""
    query_pool = [3, 2, 2, 2, 0, 0, 0, 0]
    a, b = [3, 0, 0, 0, 0], [2, 2, 2, 0, 0]
    assert ndcg.ndcg(b, k=5, pool=query_pool) > ndcg.ndcg(a, k=5, pool=query_pool)
    assert ndcg.err(a, k=5, max_grade=3) > ndcg.err(b, k=5, max_grade=3)


def test_ch12_one_pair_of_eight_systems_moves_tau_by_a_fourteenth() -> None:
    """'With eight systems, one pair of systems swapping places moves tau by one fourteenth',
    for every pair that can swap places in the ordering."""
    from scipy.stats import kendalltau

    base = list(range(8))
    for i, j in itertools.combinations(range(8), 2):
        if j != i + 1:
            continue  # two systems swap places: neighbours in the ordering
        swapped = list(base)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        assert 1 - kendalltau(base, swapped).statistic == pytest.approx(1 / 14)


def test_ch14_spark_peak_levels_off_while_pandas_grows_with_the_data() -> None:
    """'pandas holds everything in memory at once, and its peak grows with the data'; 'Spark's
    peak is bounded by the memory it was given ...: its peak levelled off', within the budget."""
    from ndcg.teaching import timings

    runs = timings.bench_table()
    summary = timings.bench_summary(runs)
    budget = runs["budget_gb"].unique()
    assert len(budget) == 1  # "Both get the same memory budget"
    pandas = summary[(summary["engine"] == "pandas") & (summary["runs"] > 0)]
    assert pandas["peak_gb"].is_monotonic_increasing
    spark = summary[summary["engine"] == "spark"]
    assert (spark["peak_gb"] <= budget[0]).all()
    last, before = spark["peak_gb"].iloc[-1], spark["peak_gb"].iloc[-2]
    grew = spark["judgments"].iloc[-1] / spark["judgments"].iloc[-2]
    assert last / before < 1 + (grew - 1) / 10  # a tenth of the data's growth at most
    assert (summary["max_s"] / summary["min_s"]).max() >= 2  # "several times as long"
