"""The book's figures draw the library's numbers, and reject bad arguments by name."""

from __future__ import annotations

import math

import matplotlib
import pytest
from _golden import D_DCG, D_DCG_SWAPPED, D_IDCG_AT_6, D_NDCG_AT_6, FIVE_IDCG, FIVE_NDCG
from matplotlib.figure import Figure

import ndcg
from ndcg.teaching import examples, plots

matplotlib.use("Agg")


def _heights(container) -> list[float]:
    return [patch.get_height() for patch in container.patches]


def _close(a, b) -> bool:
    return len(a) == len(b) and all(
        math.isclose(x, y, rel_tol=1e-12) for x, y in zip(a, b, strict=False)
    )


def test_grade_bars_heights_are_the_grades() -> None:
    fig = plots.grade_bars(examples.D_TABLE)
    assert isinstance(fig, Figure)
    (container,) = fig.axes[0].containers
    assert _heights(container) == [3, 2, 3, 0, 1, 2]
    labels = [tick.get_text() for tick in fig.axes[0].get_xticklabels()]
    assert labels[0].endswith("D1") and labels[-1].endswith("D6")


def test_cumulative_curves_follow_cg_and_dcg_at_each_cutoff() -> None:
    swapped = [3, 2, 0, 3, 1, 2]
    fig = plots.cumulative_curves({"ranked": examples.D_RELEVANCE, "swapped": swapped})
    ranked_line, swapped_line = fig.axes[0].get_lines()
    assert ranked_line.get_ydata()[-1] == ndcg.dcg(examples.D_RELEVANCE)
    assert swapped_line.get_ydata()[-1] == pytest.approx(D_DCG_SWAPPED, rel=1e-15)
    expected = [ndcg.dcg(examples.D_RELEVANCE, k=k) for k in range(1, 7)]
    assert _close(list(ranked_line.get_ydata()), expected)
    assert [text.get_text() for text in fig.axes[0].get_legend().get_texts()] == [
        "ranked",
        "swapped",
    ]

    cg_fig = plots.cumulative_curves({"ranked": examples.D_RELEVANCE}, measure="cg")
    (cg_line,) = cg_fig.axes[0].get_lines()
    assert list(cg_line.get_ydata()) == [3, 5, 8, 8, 9, 11]


def test_cumulative_curves_passes_the_gain_on() -> None:
    fig = plots.cumulative_curves({"x": examples.D_RELEVANCE}, gain="exponential")
    (line,) = fig.axes[0].get_lines()
    assert line.get_ydata()[-1] == ndcg.dcg(examples.D_RELEVANCE, gain="exponential")


def test_discount_curve_is_one_over_log2() -> None:
    fig = plots.discount_curve(10)
    (line,) = fig.axes[0].get_lines()
    assert list(line.get_xdata()) == list(range(1, 11))
    assert _close(list(line.get_ydata()), [1 / math.log2(i + 1) for i in range(1, 11)])


def test_gain_curves_compare_linear_and_exponential() -> None:
    fig = plots.gain_curves(5)
    linear, exponential = fig.axes[0].get_lines()
    assert list(linear.get_ydata()) == [0, 1, 2, 3, 4, 5]
    assert list(exponential.get_ydata()) == [0, 1, 3, 7, 15, 31]


def test_position_bars_match_the_breakdown() -> None:
    labels = [label for label, _ in examples.D_TABLE]
    fig = plots.position_bars(examples.D_RELEVANCE, labels=labels)
    bars, running = fig.axes
    gain_bars, discounted_bars = bars.containers
    table = ndcg.breakdown(examples.D_RELEVANCE)
    assert _heights(gain_bars) == table["gain"].tolist()
    assert _close(_heights(discounted_bars), table["discounted_gain"].tolist())
    (line,) = running.get_lines()
    assert line.get_ydata()[-1] == pytest.approx(D_DCG, rel=1e-15)


def test_position_bars_respects_the_cutoff() -> None:
    fig = plots.position_bars(examples.D_RELEVANCE, k=3)
    gain_bars, _ = fig.axes[0].containers
    assert _heights(gain_bars) == [3, 2, 3]


def test_ideal_vs_actual_uses_the_judged_pool() -> None:
    fig = plots.ideal_vs_actual(examples.D_RELEVANCE, pool=examples.D_POOL, k=6)
    ax = fig.axes[0]
    actual, ideal = ax.containers
    ideal_table = ndcg.breakdown([3, 3, 3, 2, 2, 2])
    assert _close(_heights(ideal), ideal_table["discounted_gain"].tolist())
    assert sum(_heights(ideal)) == pytest.approx(D_IDCG_AT_6, rel=1e-12)
    assert sum(_heights(actual)) == pytest.approx(D_DCG, rel=1e-12)
    # The title names its cutoff: chapter 4 sets it beside the uncut NDCG of the same list.
    assert ax.get_title() == f"NDCG@6 = DCG@6 / IDCG@6 = {D_NDCG_AT_6:.3f}"
    assert [t.get_text()[:22] for t in ax.get_legend().get_texts()] == [
        "actual ranking (DCG@6 ",
        "ideal ranking (IDCG@6 ",
    ]


def test_ideal_vs_actual_without_pool_uses_the_list() -> None:
    fig = plots.ideal_vs_actual(examples.FIVE_ITEMS_RELEVANCE, gain="exponential")
    _, ideal = fig.axes[0].containers
    assert sum(_heights(ideal)) == pytest.approx(FIVE_IDCG, rel=1e-12)
    assert fig.axes[0].get_title() == f"NDCG = DCG / IDCG = {FIVE_NDCG:.3f} (no cutoff)"


def test_ideal_vs_actual_orders_the_ideal_by_gain_not_grade() -> None:
    # Grade 1 is worth most: the ideal bars must add up to the IDCG the legend states.
    gain = {0: 0, 1: 5, 2: 1, 3: 2}
    fig = plots.ideal_vs_actual([3, 2, 1, 0], gain=gain)
    _, ideal = fig.axes[0].containers
    idcg = ndcg.idcg([3, 2, 1, 0], gain=gain)
    assert idcg == 6.7618595071429155
    assert sum(_heights(ideal)) == pytest.approx(idcg, rel=1e-15)
    assert _heights(ideal) == ndcg.breakdown([1, 3, 2, 0], gain=gain)["discounted_gain"].tolist()
    assert "IDCG = 6.762" in fig.axes[0].get_legend().get_texts()[1].get_text()


def test_figures_are_not_registered_with_pyplot() -> None:
    # Figures held by pyplot would be shown a second time at the end of a notebook cell.
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    plots.discount_curve(3)
    plots.grade_bars(examples.D_TABLE)
    assert plt.get_fignums() == before


@pytest.mark.parametrize(
    ("call", "error", "name"),
    [
        (lambda: plots.discount_curve(0), ValueError, "n_positions"),
        (lambda: plots.discount_curve(2.5), TypeError, "n_positions"),
        (lambda: plots.discount_curve(True), TypeError, "n_positions"),
        (lambda: plots.gain_curves(0), ValueError, "max_grade"),
        (lambda: plots.gain_curves("5"), TypeError, "max_grade"),
        (lambda: plots.grade_bars("D1"), TypeError, "items"),
        (lambda: plots.grade_bars([("D1", 3, 1)]), TypeError, "items"),
        (lambda: plots.grade_bars([]), ValueError, "items"),
        (lambda: plots.grade_bars([("D1", "high")]), TypeError, "items"),
        (lambda: plots.cumulative_curves([3, 2]), TypeError, "rankings"),
        (lambda: plots.cumulative_curves({}), ValueError, "rankings"),
        (lambda: plots.cumulative_curves({"a": []}), ValueError, "rankings"),
        (lambda: plots.cumulative_curves({"a": [1]}, measure="ndcg"), ValueError, "measure"),
        (lambda: plots.position_bars([]), ValueError, "relevance"),
        (lambda: plots.position_bars([1, float("nan")]), ValueError, "relevance"),
        (lambda: plots.position_bars([1, 2], k=0), ValueError, "k"),
        (lambda: plots.position_bars([1, 2], labels=["a"]), ValueError, "labels"),
        (lambda: plots.position_bars([1, 2], labels="ab"), TypeError, "labels"),
        (lambda: plots.ideal_vs_actual([1, 2], pool="12"), TypeError, "pool"),
        (lambda: plots.ideal_vs_actual([1, 2], title=3), TypeError, "title"),
        (lambda: plots.discount_curve(3, title=3), TypeError, "title"),
    ],
)
def test_bad_arguments_raise_naming_the_argument(call, error, name) -> None:
    with pytest.raises(error, match=name):
        call()
