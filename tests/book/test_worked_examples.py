"""The book's worked examples: every figure their sources print, reproduced by the library.

The sources are listed in chapter 1; where a source printed a rounded or a wrong figure, the
exact figure is pinned here beside the check that explains the printed one.
"""

from __future__ import annotations

import math

import _golden
import numpy as np
import pytest

import ndcg
from ndcg.teaching import examples as ex

EXACT = 1e-15  # relative: the figures are given to 16 significant digits


def close(value: float, expected: float) -> bool:
    return math.isclose(value, expected, rel_tol=EXACT, abs_tol=0.0)


def test_examples_data_match_the_sources():
    assert ex.D_RELEVANCE == (3, 2, 3, 0, 1, 2)
    assert ex.D_POOL == (3, 2, 3, 0, 1, 2, 3, 2)
    assert ex.FIVE_ITEMS_RELEVANCE == (4, 3, 5, 2, 1)
    table = ex.d_table()
    assert list(table.columns) == ["document", "relevance"]
    assert table["document"].tolist() == ["D1", "D2", "D3", "D4", "D5", "D6"]
    # Indexed by position, 1 to 6, so no pandas index 0-5 shows beside the positions.
    assert table.index.name == "position"
    assert table.index.tolist() == [1, 2, 3, 4, 5, 6]


# --- the D1-D6 table (Wikipedia's example, worked in a pandas notebook), linear gain ---


def test_d_table_cg():
    assert ndcg.cg(ex.D_RELEVANCE) == 11


def test_d_table_dcg_exact_is_what_the_notebook_shows_after_rounding():
    assert ndcg.dcg(ex.D_RELEVANCE, k=6) == _golden.D_DCG
    assert round(ndcg.dcg(ex.D_RELEVANCE, k=6), 3) == 6.861


def test_d_table_rounding_each_term_first_gives_a_different_float():
    terms = ndcg.breakdown(ex.D_RELEVANCE)["discounted_gain"]
    rounded_sum = 0.0
    for term in terms:
        rounded_sum += round(term, 3)
    assert rounded_sum == _golden.D_DCG_ROUNDED_TERMS
    assert rounded_sum != ndcg.dcg(ex.D_RELEVANCE)


def test_d_table_swap_d3_d4():
    assert ndcg.dcg((3, 2, 0, 3, 1, 2), k=6) == _golden.D_DCG_SWAPPED


def test_d_table_ideal_from_pool():
    ideal_order = sorted(ex.D_POOL, reverse=True)[:6]
    assert ideal_order == [3, 3, 3, 2, 2, 2]
    assert ndcg.idcg(ex.D_RELEVANCE, k=6, pool=ex.D_POOL) == _golden.D_IDCG_AT_6
    assert round(ndcg.idcg(ex.D_RELEVANCE, k=6, pool=ex.D_POOL), 3) == 8.740


def test_d_table_ndcg_with_pool():
    value = ndcg.ndcg(ex.D_RELEVANCE, k=6, pool=ex.D_POOL)
    assert value == _golden.D_NDCG_AT_6
    assert round(value, 3) == 0.785


def test_d_table_ideal_from_retrieved_only_is_the_wrong_figure():
    assert ndcg.ndcg(ex.D_RELEVANCE, k=6) == _golden.D_NDCG_RETRIEVED_ONLY


# --- the five items of the Scala blog post, exponential gain -------------------------


def test_scala_relevance_is_the_rank_column():
    assert tuple(rank for _, _, rank in ex.FIVE_ITEMS) == ex.FIVE_ITEMS_RELEVANCE


def test_scala_idcg_dcg_ndcg():
    rel = ex.FIVE_ITEMS_RELEVANCE
    assert ndcg.idcg(rel, gain="exponential") == _golden.FIVE_IDCG
    assert ndcg.dcg(rel, gain="exponential") == _golden.FIVE_DCG
    assert ndcg.ndcg(rel, gain="exponential") == _golden.FIVE_NDCG
    assert round(ndcg.idcg(rel, gain="exponential"), 2) == 45.64
    assert math.floor(ndcg.ndcg(rel, gain="exponential") * 1000) / 1000 == 0.801


# --- the recommender walk-through: estimated vs true ratings, ties ----------------------


@pytest.mark.parametrize(
    ("k", "expected"), [(10, _golden.RATINGS_IDCG_AT_10), (5, _golden.RATINGS_IDCG_AT_5)]
)
def test_ratings_idcg(k, expected):
    assert close(ndcg.idcg(ex.RATINGS_TRUE, k=k, gain="exponential"), expected)


def _stable_order(scores):
    return np.argsort(-np.asarray(scores), kind="stable")


@pytest.mark.parametrize(
    ("k", "expected"),
    [(10, _golden.RATINGS_DCG_STABLE_AT_10), (5, _golden.RATINGS_DCG_STABLE_AT_5)],
)
def test_ratings_dcg_stable(k, expected):
    ranked = np.asarray(ex.RATINGS_TRUE)[_stable_order(ex.RATINGS_ESTIMATE)]
    assert close(ndcg.dcg(ranked, k=k, gain="exponential"), expected)


@pytest.mark.parametrize(
    ("ties", "k", "expected"),
    [
        ("stable", 10, _golden.RATINGS_NDCG_STABLE_AT_10),
        ("stable", 5, _golden.RATINGS_NDCG_STABLE_AT_5),
        ("average", 10, _golden.RATINGS_NDCG_AVERAGE_AT_10),
        ("average", 5, _golden.RATINGS_NDCG_AVERAGE_AT_5),
    ],
)
def test_ratings_ndcg_under_each_tie_rule(ties, k, expected):
    got = ndcg.ndcg_from_scores(
        ex.RATINGS_TRUE, ex.RATINGS_ESTIMATE, k=k, gain="exponential", ties=ties
    )
    # scikit-learn (which printed the averaged figures) takes log2 as ln(x)/ln(2): last-bit
    # noise, hence a relative tolerance of 1e-15 rather than equality.
    assert math.isclose(got, expected, rel_tol=1e-15)


def test_ratings_tie_rules_differ_as_the_book_shows():
    values = {
        rule: ndcg.ndcg_from_scores(
            ex.RATINGS_TRUE, ex.RATINGS_ESTIMATE, k=10, gain="exponential", ties=rule
        )
        for rule in ("pessimistic", "stable", "average", "optimistic")
    }
    assert values["pessimistic"] < values["stable"] < values["average"] < values["optimistic"]


def test_ratings_short_user_fewer_items_than_k():
    got = ndcg.ndcg_from_scores(
        ex.SHORT_USER_TRUE, ex.SHORT_USER_ESTIMATE, k=10, gain="exponential"
    )
    # Only three items: k=10 counts what is there, and the estimate orders them perfectly.
    assert got == 1.0


# --- the course notebook (in Russian): fractional scores read as grades, linear gain ------


def test_fractional_cg_dcg():
    assert close(ndcg.cg(ex.FRACTIONAL_SCORES, k=5), 4.26)
    assert ndcg.dcg(ex.FRACTIONAL_SCORES, k=5) == _golden.FRACTIONAL_DCG_AT_5


def test_fractional_swapped():
    assert ndcg.ndcg(ex.FRACTIONAL_SCORES_SWAPPED, k=5) == _golden.FRACTIONAL_SWAPPED_NDCG_AT_5


def test_fractional_mean_ndcg_ideal_from_top5_only_as_printed():
    mean = np.mean([ndcg.ndcg(lst[:5], k=5) for lst in ex.FRACTIONAL_SCORE_LISTS])
    assert close(mean, _golden.FRACTIONAL_MEAN_NDCG_TOP5_IDEAL)
    assert round(mean, 5) == 0.99958


def test_fractional_mean_ndcg_ideal_from_whole_list():
    mean = np.mean([ndcg.ndcg(lst, k=5) for lst in ex.FRACTIONAL_SCORE_LISTS])
    assert close(mean, _golden.FRACTIONAL_MEAN_NDCG_WHOLE_IDEAL)


def test_fractional_exponential_dcg_and_the_notebooks_defect():
    assert close(
        ndcg.dcg(ex.FRACTIONAL_SCORES, k=5, gain="exponential"), _golden.FRACTIONAL_EXP_DCG_AT_5
    )
    # The notebook's "industry" DCG: gain 2*v - 1 and a return inside the loop, so only
    # the first term is ever counted.
    assert close(ndcg.dcg(ex.FRACTIONAL_SCORES[:1], gain=lambda v: 2 * v - 1), 0.98)
