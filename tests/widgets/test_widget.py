"""RankingWidget's Python side: input forms, validation, library figures, order sync."""

from __future__ import annotations

import math

import pandas as pd
import pytest
import traitlets
from _golden import D_CG, D_DCG, D_DCG_SWAPPED, D_IDCG_AT_6, D_NDCG_AT_6, D_NDCG_RETRIEVED_ONLY

import ndcg
from ndcg.teaching import examples
from ndcg.widgets import RankingWidget, standalone_html

XSS = "<img src=x onerror=alert(1)>"


def seed_widget(**kwargs: object) -> RankingWidget:
    return RankingWidget(examples.D_TABLE, unretrieved=examples.D_UNRETRIEVED, k=6, **kwargs)


def test_seed_figures_come_from_the_library() -> None:
    w = seed_widget()
    assert w.metrics == {"cg": D_CG, "dcg": D_DCG, "idcg": D_IDCG_AT_6, "ndcg": D_NDCG_AT_6}


def test_metrics_match_the_library_for_every_setting() -> None:
    w = seed_widget()
    judged = [3, 2, 3, 0, 1, 2, 3, 2]
    for k in (None, 1, 3, 6, 8, 20):
        for gain in ("linear", "exponential"):
            w.k, w.gain = k, gain
            rel = w.relevance
            assert w.metrics == {
                "cg": ndcg.cg(rel, k=k),
                "dcg": ndcg.dcg(rel, k=k, gain=gain),
                "idcg": ndcg.idcg(rel, k=k, gain=gain, pool=judged),
                "ndcg": ndcg.ndcg(rel, k=k, gain=gain, pool=judged),
            }


def test_without_unretrieved_items_the_ideal_is_the_items_own_best_order() -> None:
    w = RankingWidget(examples.D_TABLE)
    assert w.metrics["ndcg"] == pytest.approx(D_NDCG_RETRIEVED_ONLY, rel=1e-15)
    assert w.k is None and w.gain == "linear" and w.unretrieved == [] and w.unjudged == "zero"


def test_order_round_trip_changes_the_figures() -> None:
    w = seed_widget()
    seen: list[list[str]] = []
    w.observe(lambda change: seen.append(change["new"]), names="order")
    w.order = ["D1", "D2", "D4", "D3", "D5", "D6"]
    assert seen == [["D1", "D2", "D4", "D3", "D5", "D6"]]
    assert w.relevance == [3, 2, 0, 3, 1, 2]
    assert w.metrics["dcg"] == D_DCG_SWAPPED
    assert w.get_state()["order"] == ["D1", "D2", "D4", "D3", "D5", "D6"]
    # An update arriving from the browser goes through the same trait.
    w.set_state({"order": ["D6", "D5", "D4", "D3", "D2", "D1"]})
    assert w.relevance == [2, 1, 0, 3, 2, 3]


def test_synced_state_is_plain_json() -> None:
    state = seed_widget().get_state()
    assert state["items"][0] == {"label": "D1", "grade": 3.0}
    assert state["unretrieved"] == [{"label": "D7", "grade": 3.0}, {"label": "D8", "grade": 2.0}]
    assert state["k"] == 6 and state["gain"] == "linear"
    assert "as default};" in state["_esm"] and ".ndcg-rw" in state["_css"]


@pytest.mark.parametrize(
    "items",
    [
        dict(examples.D_TABLE),
        pd.DataFrame(examples.D_TABLE, columns=["label", "grade"]),
        pd.Series(dict(examples.D_TABLE)),
        [{"label": label, "grade": grade} for label, grade in examples.D_TABLE],
        [list(pair) for pair in examples.D_TABLE],
    ],
    ids=["dict", "dataframe", "series", "dicts", "lists"],
)
def test_every_input_form_gives_the_same_widget(items: object) -> None:
    w = RankingWidget(items)
    assert w.order == ["D1", "D2", "D3", "D4", "D5", "D6"]
    assert w.metrics["dcg"] == D_DCG


@pytest.mark.parametrize(
    ("items", "error", "message"),
    [
        ([("A", -1)], ValueError, "grade of 'A' must be non-negative"),
        ([("A", math.nan)], ValueError, "grade of 'A' must be finite"),
        ([("A", math.inf)], ValueError, "grade of 'A' must be finite"),
        ([("A", "3")], TypeError, "grade of 'A' must be a real number"),
        ([("A", True)], TypeError, "grade of 'A' must be a real number"),
        ([("A", 1), ("A", 2)], ValueError, "label 'A' appears more than once"),
        ([(1, 1)], TypeError, "label must be a str"),
        ([("", 1)], ValueError, "label must not be empty"),
        ([("A", 1, 2)], ValueError, "expected a (label, grade) pair"),
        ("AB", TypeError, "items must be a list of"),
        ([], ValueError, "at least one item"),
        (pd.DataFrame({"doc": ["A"], "grade": [1]}), ValueError, "missing ['label']"),
    ],
)
def test_bad_items_are_refused_with_a_reason(items: object, error: type, message: str) -> None:
    with pytest.raises(error) as info:
        RankingWidget(items)
    assert message in str(info.value)
    assert "items" in str(info.value)


def test_bad_unretrieved_items_are_refused_and_named() -> None:
    with pytest.raises(ValueError, match=r"unretrieved: the grade of 'D7' must be non-negative"):
        RankingWidget(examples.D_TABLE, unretrieved=[("D7", -3)])
    with pytest.raises(
        traitlets.TraitError, match=r"unretrieved: labels \['D1'\] are also retrieved"
    ):
        RankingWidget(examples.D_TABLE, unretrieved=[("D1", 3)])
    with pytest.raises(TypeError, match=r"unretrieved: the grade of 'D7' must be a real number"):
        RankingWidget(examples.D_TABLE, unretrieved=[("D7", None)])


@pytest.mark.parametrize("k", [0, -1, True])
def test_k_must_be_a_positive_integer(k: object) -> None:
    with pytest.raises(traitlets.TraitError, match="k must be a positive integer or None"):
        RankingWidget(examples.D_TABLE, k=k)  # type: ignore[arg-type]


def test_k_refuses_floats_and_takes_numpy_integers() -> None:
    import numpy as np

    with pytest.raises(traitlets.TraitError, match="'k' trait"):
        RankingWidget(examples.D_TABLE, k=2.5)  # type: ignore[arg-type]
    assert RankingWidget(examples.D_TABLE, k=np.int64(3)).k == 3


def test_unknown_gain_is_refused() -> None:
    with pytest.raises(traitlets.TraitError, match="'gain' trait.*'linear', 'exponential'"):
        RankingWidget(examples.D_TABLE, gain="log")
    w = RankingWidget(examples.D_TABLE)
    with pytest.raises(traitlets.TraitError):
        w.gain = "quadratic"
    assert w.gain == "linear"


@pytest.mark.parametrize(
    ("order", "message"),
    [
        (["D1", "D2", "D3", "D4", "D5"], "missing ['D6']"),
        (["D1", "D2", "D3", "D4", "D5", "D6", "D7"], "unknown ['D7']"),
        (["D1", "D1", "D3", "D4", "D5", "D6"], "repeated ['D1']"),
    ],
)
def test_order_must_be_a_permutation_of_the_labels(order: list[str], message: str) -> None:
    w = RankingWidget(examples.D_TABLE)
    with pytest.raises(traitlets.TraitError, match="order must list every item label") as info:
        w.order = order
    assert message in str(info.value)
    assert w.order == ["D1", "D2", "D3", "D4", "D5", "D6"]


def test_new_items_restart_the_order_and_keep_unretrieved_labels_apart() -> None:
    w = seed_widget()
    w.order = list(reversed(w.order))
    w.items = [("X", 1), ("Y", 2)]
    assert w.order == ["X", "Y"]
    with pytest.raises(traitlets.TraitError, match="also retrieved"):
        w.items = [("D7", 1)]


def test_ideal_order_lists_items_and_unretrieved_best_first() -> None:
    assert seed_widget().ideal_order == ["D1", "D3", "D7", "D2", "D6", "D8", "D5", "D4"]


def test_html_labels_are_kept_as_data() -> None:
    w = RankingWidget([(XSS, 2), ("</script><b>x</b>", 1)])
    assert w.order == [XSS, "</script><b>x</b>"]
    page = standalone_html(w)
    # The label reaches the page only inside JSON with "<" escaped: no tag can form.
    assert XSS not in page and "</script><b>" not in page
    assert "\\u003cimg src=x onerror=alert(1)>" in page


def test_standalone_html_refuses_other_objects() -> None:
    with pytest.raises(TypeError, match="widget must be a RankingWidget"):
        standalone_html("not a widget")  # type: ignore[arg-type]


def test_an_order_of_unknown_labels_gets_a_short_message() -> None:
    w = RankingWidget([(f"L{i}", i % 4) for i in range(10_000)])
    with pytest.raises(traitlets.TraitError) as info:
        w.order = [f"X{i}" for i in range(10_000)]
    assert str(info.value) == (
        "order must list every item label exactly once; missing ['L0', 'L1', 'L10', 'L100', "
        "'L1000'] and 9995 more, unknown ['X0', 'X1', 'X10', 'X100', 'X1000'] and 9995 more, "
        "repeated []"
    )


def test_repeated_labels_in_a_long_order_are_named() -> None:
    w = RankingWidget([(f"L{i}", i % 4) for i in range(10_000)])
    order = list(w.order)
    order[1] = order[2] = "L7"
    with pytest.raises(traitlets.TraitError) as info:
        w.order = order
    assert str(info.value).endswith("missing ['L1', 'L2'], unknown [], repeated ['L7']")
    w.order = list(reversed(w.order))
    assert w.order[0] == "L9999"


def test_unknown_keywords_are_refused_not_dropped() -> None:
    with pytest.raises(TypeError) as info:
        RankingWidget(examples.D_TABLE, pool=examples.D_UNRETRIEVED)
    assert str(info.value) == (
        "RankingWidget got unexpected keyword argument(s) ['pool']; judged items that were "
        "not retrieved go in unretrieved="
    )
    with pytest.raises(TypeError, match=r"unexpected keyword argument\(s\) \['cutoff'\]$"):
        RankingWidget(examples.D_TABLE, cutoff=3)
    assert RankingWidget(examples.D_TABLE, tabbable=True).tabbable is True


@pytest.mark.parametrize("given", ["list", "mapping"])
def test_a_ranking_of_50000_scored_items_is_built_whole(given):
    # A set rebuilt per label made a mapping of scores quadratic (20,000 items: 46 s).
    n = 50_000
    items = [(f"d{i}", i % 4) for i in range(n)]
    scores = [float(n - i) for i in range(n)]
    widget = RankingWidget(
        items,
        scores=scores if given == "list" else {f"d{i}": score for i, score in enumerate(scores)},
        moves="within ties",
    )
    assert widget.order == [label for label, _ in items]
    assert [item["grade"] for item in widget.items] == [float(i % 4) for i in range(n)]
    assert list(widget.scores) == widget.order
    assert list(widget.scores.values()) == scores


@pytest.mark.parametrize("k", [1, 3, 5, 10, None])
def test_pad_fills_the_ideal_to_each_cutoff(k) -> None:
    """Chapter 6's padded ideal: imagined items of the top grade up to k, at any k."""
    w = RankingWidget([("a", 1), ("b", 3), ("c", 5)], pad=5, k=k, gain="exponential")
    pool = [1, 3, 5] + [5] * max(0, (k or 0) - 3)
    assert w.metrics["ndcg"] == ndcg.ndcg([1, 3, 5], k=k, gain="exponential", pool=pool)
    imagined = [label for label in w.ideal_order if label.startswith("imagined")]
    assert imagined == [f"imagined {i}" for i in range(1, max(0, (k or 0) - 3) + 1)]


def test_pad_names_the_argument_it_refuses() -> None:
    with pytest.raises(TypeError, match="pad"):
        RankingWidget([("a", 1)], pad="5")
    with pytest.raises(ValueError, match="pad.*non-negative"):
        RankingWidget([("a", 1)], pad=-1)
