"""The practice chapters' figure functions: they draw what they are given and reject bad input."""

from __future__ import annotations

import pandas as pd
import pytest
from matplotlib.figure import Figure

from ndcg.teaching import plots_practice


def test_tie_rule_dots_draws_one_series_per_cutoff() -> None:
    table = pd.DataFrame({"NDCG@10": [0.96, 0.97], "NDCG@5": [0.95, 0.96]}, index=["a", "b"])
    fig = plots_practice.tie_rule_dots(table, title="t")
    assert isinstance(fig, Figure)
    ax = fig.axes[0]
    assert [line.get_label() for line in ax.lines] == ["NDCG@10", "NDCG@5"]
    assert list(ax.lines[0].get_xdata()) == [0.96, 0.97]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a", "b"]


def test_per_query_strips_and_paired_differences() -> None:
    fig = plots_practice.per_query_strips({"A": [0.1, 0.5, 0.9], "B": [0.2, 0.6, 1.0]})
    assert len([line for line in fig.axes[0].lines if line.get_label() in {"A", "B"}]) == 2
    fig = plots_practice.paired_differences_plot([0.2, -0.1, 0.05], interval=(-0.05, 0.15))
    heights = sorted(patch.get_height() for patch in fig.axes[0].patches[:3])
    assert heights == pytest.approx([-0.1, 0.05, 0.2])
    assert "95% interval" in fig.axes[0].get_legend().get_texts()[1].get_text()


def test_cutoff_curves_and_value_bars() -> None:
    fig = plots_practice.cutoff_curves([1, 2, 3], {"x": [1.0, 0.9, 0.8]})
    assert list(fig.axes[0].lines[0].get_ydata()) == [1.0, 0.9, 0.8]
    fig = plots_practice.value_bars({"one": 0.5, "two": 1.0})
    assert [t.get_text().strip() for t in fig.axes[0].texts] == ["0.500000", "1.000000"]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: plots_practice.tie_rule_dots([[0.9]]), TypeError, "table"),
        (lambda: plots_practice.per_query_strips({}), TypeError, "scores"),
        (lambda: plots_practice.per_query_strips({"A": ["x"]}), TypeError, "scores"),
        (lambda: plots_practice.paired_differences_plot([float("nan")]), ValueError, "finite"),
        (lambda: plots_practice.paired_differences_plot([0.1], interval=(1, 0)), ValueError, "low"),
        (lambda: plots_practice.cutoff_curves([1, 2], {"x": [1.0]}), ValueError, "2 cutoffs"),
        (lambda: plots_practice.value_bars({"a": True}), ValueError, "values"),
        (lambda: plots_practice.value_bars({"a": 0.5}, title=3), TypeError, "title"),
        (lambda: plots_practice.paired_differences_plot([0.1], title=b"x"), TypeError, "title"),
    ],
)
def test_bad_input_is_rejected(call: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        call()
