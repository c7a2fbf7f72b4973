"""Chapter 13's figure functions: they draw what they are given and reject bad input."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib.figure import Figure

from ndcg.teaching import plots_ltr


def test_ndcg_staircase_draws_the_measure_and_the_losses() -> None:
    fig = plots_ltr.ndcg_staircase(
        [0.0, 1.0, 2.0], [0.5, 0.5, 0.8], {"RankNet": [3.0, 2.0, 1.0]}, moved="D7", k=5
    )
    assert isinstance(fig, Figure) and len(fig.axes) == 2
    left, right = fig.axes
    assert list(left.lines[0].get_ydata()) == [0.5, 0.5, 0.8]
    assert left.lines[0].get_drawstyle() == "steps-post"
    assert left.get_ylabel() == "NDCG@5" and right.get_xlabel() == "score of D7"
    assert [t.get_text() for t in right.get_legend().get_texts()] == ["RankNet"]


def test_learning_curves_start_at_epoch_zero_and_allow_early_stops() -> None:
    fig = plots_ltr.learning_curves({"SGD": [0.4, 0.8, 0.9], "AdaGrad": [0.4, 0.9]}, title="t")
    lines = fig.axes[0].lines
    assert list(lines[0].get_xdata()) == [0, 1, 2] and list(lines[1].get_xdata()) == [0, 1]
    assert fig.axes[0].get_title() == "t"
    later = plots_ltr.learning_curves({"SGD": [0.8, 0.9]}, first_epoch=1)
    assert list(later.axes[0].lines[0].get_xdata()) == [1, 2]


def test_feature_rates_puts_dense_and_sparse_apart() -> None:
    fig = plots_ltr.feature_rates([0.01, 0.02, 0.5, 0.4, 0.3], [0, 0, 1, 1, 1], sgd_rate=0.1)
    ax = fig.axes[0]
    dense, sparse = ax.collections
    assert np.allclose(dense.get_offsets()[:, 1], [0.01, 0.02])
    assert np.allclose(sparse.get_offsets()[:, 1], [0.5, 0.4, 0.3])
    assert [t.get_text() for t in ax.get_xticklabels()] == ["dense (2)", "sparse (3)"]
    assert ax.get_yscale() == "log" and ax.lines[0].get_ydata()[0] == 0.1


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: plots_ltr.ndcg_staircase([0, 1], [1.0], {"x": [1, 2]}, moved="a", k=1),
            ValueError,
            "ndcg_values has 1 values for 2 scores",
        ),
        (lambda: plots_ltr.learning_curves({}), TypeError, "curves must be a non-empty mapping"),
        (
            lambda: plots_ltr.feature_rates([0.1, 0.2], [True]),
            ValueError,
            "sparse has 1 flags for 2 rates",
        ),
        (lambda: plots_ltr.learning_curves({"a": [0.1]}, title=3), TypeError, "title"),
    ],
)
def test_bad_input_is_rejected(call: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        call()  # type: ignore[operator]
