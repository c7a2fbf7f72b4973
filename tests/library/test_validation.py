"""Bad input is refused with ValueError/TypeError naming the argument; nothing is dropped."""

from __future__ import annotations

import io
import math

import numpy as np
import pandas as pd
import pytest
from _golden import NEGATIVE_GRADE_NDCG

import ndcg
from ndcg import ltr

LIST_FUNCTIONS = [ndcg.cg, ndcg.dcg, ndcg.idcg, ndcg.ndcg, ndcg.breakdown]


@pytest.mark.parametrize("func", LIST_FUNCTIONS)
@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_non_finite_grades(func, bad):
    with pytest.raises(ValueError, match="relevance"):
        func([1, bad, 2])


@pytest.mark.parametrize("func", LIST_FUNCTIONS)
def test_empty_list(func):
    with pytest.raises(ValueError, match="relevance is empty"):
        func([])


@pytest.mark.parametrize("func", LIST_FUNCTIONS)
@pytest.mark.parametrize("bad", ["321", [1, "a"], [[1, 2], [3]], None, [1 + 2j]])
def test_not_numbers(func, bad):
    with pytest.raises(TypeError, match="relevance"):
        func(bad)


@pytest.mark.parametrize("func", [ndcg.dcg, ndcg.idcg, ndcg.ndcg, ndcg.breakdown])
def test_negative_grades_say_how_to_map_them(func):
    with pytest.raises(ValueError, match=r"relevance.*negative.*gain=") as info:
        func([2, -1, 0])
    assert "gain=" in str(info.value)


def test_cg_negative_grades():
    with pytest.raises(ValueError, match="relevance.*negative"):
        ndcg.cg([2, -1])


@pytest.mark.parametrize("func", LIST_FUNCTIONS)
@pytest.mark.parametrize("k", [0, -1])
def test_k_not_positive(func, k):
    with pytest.raises(ValueError, match="k must be a positive integer"):
        func([1, 2], k=k)


@pytest.mark.parametrize("func", LIST_FUNCTIONS)
@pytest.mark.parametrize("k", [True, False, 2.0, 2.5, "3", [3]])
def test_k_not_integer(func, k):
    with pytest.raises(TypeError, match="k must be a positive integer"):
        func([1, 2], k=k)


@pytest.mark.parametrize("gain", ["linaer", "log", ""])
def test_unknown_gain_name(gain):
    with pytest.raises(ValueError, match="gain"):
        ndcg.dcg([1, 2], gain=gain)


@pytest.mark.parametrize("gain", [3, 2.0, None, [1, 2]])
def test_gain_of_wrong_type(gain):
    with pytest.raises(TypeError, match="gain"):
        ndcg.dcg([1, 2], gain=gain)


def test_gain_mapping_missing_a_grade():
    with pytest.raises(ValueError, match="gain mapping has no entry for grade 2"):
        ndcg.dcg([1, 2], gain={1: 1.0})


@pytest.mark.parametrize("bad", [-1.0, math.nan, math.inf])
def test_gain_giving_bad_values(bad):
    with pytest.raises(ValueError, match="gain gave"):
        ndcg.dcg([1, 2], gain=lambda r: bad)


def test_gain_giving_non_numbers():
    with pytest.raises(TypeError, match="gain gave"):
        ndcg.dcg([1, 2], gain=lambda r: "x")


def test_exponential_overflow():
    with pytest.raises(ValueError, match="exponential"):
        ndcg.dcg([2000.0], gain="exponential")


def test_pool_lacking_retrieved_grades():
    with pytest.raises(ValueError, match="pool must hold every retrieved grade"):
        ndcg.ndcg([3, 3, 1], pool=[3, 1, 0])
    with pytest.raises(ValueError, match="pool"):
        ndcg.idcg([3, 2], pool=[3])


def test_pool_bad_values():
    with pytest.raises(ValueError, match="pool"):
        ndcg.ndcg([1], pool=[1, math.nan])
    with pytest.raises(ValueError, match="pool.*negative"):
        ndcg.ndcg([1], pool=[1, -1])
    with pytest.raises(ValueError, match="pool is empty"):
        ndcg.ndcg([1], pool=[])


@pytest.mark.parametrize("empty", ["nan", "zero", None, True, [0]])
def test_bad_empty(empty):
    with pytest.raises((TypeError, ValueError), match="empty"):
        ndcg.ndcg([1, 0], empty=empty)


def test_two_dimensional_relevance_is_refused_by_list_api():
    with pytest.raises(TypeError, match="relevance must be 1-D"):
        ndcg.dcg([[1, 2], [3, 4]])


# --- ndcg_from_scores ---------------------------------------------------------------------


def test_scores_length_mismatch():
    with pytest.raises(ValueError, match="y_true and y_score"):
        ndcg.ndcg_from_scores([1, 2, 3], [0.1, 0.2])


@pytest.mark.parametrize("bad", [math.nan, math.inf])
def test_scores_not_finite(bad):
    with pytest.raises(ValueError, match="y_score"):
        ndcg.ndcg_from_scores([1, 2], [0.1, bad])
    with pytest.raises(ValueError, match="y_true"):
        ndcg.ndcg_from_scores([1, bad], [0.1, 0.2])


def test_scores_unknown_tie_rule():
    with pytest.raises(ValueError, match="ties"):
        ndcg.ndcg_from_scores([1, 2], [0.1, 0.2], ties="random")
    with pytest.raises(TypeError, match="ties"):
        ndcg.ndcg_from_scores([1, 2], [0.1, 0.2], ties=None)


def test_scores_negative_grades_and_bad_k():
    with pytest.raises(ValueError, match="y_true.*negative.*gain="):
        ndcg.ndcg_from_scores([-1, 2], [0.1, 0.2])
    with pytest.raises(ValueError, match="k"):
        ndcg.ndcg_from_scores([1, 2], [0.1, 0.2], k=0)
    with pytest.raises(TypeError, match="k"):
        ndcg.ndcg_from_scores([1, 2], [0.1, 0.2], k=True)


def test_scores_empty_and_three_dimensional():
    with pytest.raises(ValueError, match="y_true is empty"):
        ndcg.ndcg_from_scores([], [])
    with pytest.raises(TypeError, match="y_true"):
        ndcg.ndcg_from_scores(np.ones((2, 2, 2)), np.ones((2, 2, 2)))


def test_scores_empty_raise_names_the_row():
    with pytest.raises(ValueError, match="row 1"):
        ndcg.ndcg_from_scores([[1, 0], [0, 0]], [[1, 2], [1, 2]], empty="raise")


# --- evaluate -------------------------------------------------------------------------------


def _frames():
    qrels = pd.DataFrame({"query_id": ["q"] * 2, "doc_id": ["a", "b"], "relevance": [1, 0]})
    run = pd.DataFrame({"query_id": ["q"] * 2, "doc_id": ["a", "b"], "score": [0.5, 0.4]})
    return qrels, run


def test_evaluate_missing_columns_and_types():
    qrels, run = _frames()
    with pytest.raises(ValueError, match="qrels lacks column"):
        ndcg.evaluate(qrels.drop(columns="relevance"), run)
    with pytest.raises(ValueError, match="run lacks column"):
        ndcg.evaluate(qrels, run.rename(columns={"score": "rank"}))
    with pytest.raises(TypeError, match="run must be a pandas DataFrame"):
        ndcg.evaluate(qrels, {"query_id": []})
    with pytest.raises(TypeError, match=r"run\['score'\] must be numeric"):
        ndcg.evaluate(qrels, run.assign(score=["x", "y"]))


def test_evaluate_non_finite_values():
    qrels, run = _frames()
    with pytest.raises(ValueError, match=r"run\['score'\] must be finite"):
        ndcg.evaluate(qrels, run.assign(score=[0.5, math.nan]))
    with pytest.raises(ValueError, match=r"qrels\['relevance'\] must be finite"):
        ndcg.evaluate(qrels.assign(relevance=[1.0, math.inf]), run)


def test_evaluate_duplicates():
    qrels, run = _frames()
    with pytest.raises(ValueError, match="run has document 'a' retrieved twice for query 'q'"):
        ndcg.evaluate(qrels, pd.concat([run, run.iloc[:1]], ignore_index=True))
    with pytest.raises(ValueError, match="qrels has document 'b' judged twice"):
        ndcg.evaluate(pd.concat([qrels, qrels.iloc[1:]], ignore_index=True), run)


def test_evaluate_missing_ids():
    qrels, run = _frames()
    with pytest.raises(ValueError, match=r"run\['doc_id'\] is missing"):
        ndcg.evaluate(qrels, run.assign(doc_id=["a", None]))


def test_evaluate_id_kinds_must_match():
    qrels, run = _frames()
    with pytest.raises(TypeError, match="query_id"):
        ndcg.evaluate(qrels.assign(query_id=[1, 1]), run)


def test_evaluate_bad_options():
    qrels, run = _frames()
    with pytest.raises(ValueError, match="missing"):
        ndcg.evaluate(qrels, run, missing="drop")
    with pytest.raises(ValueError, match="ties"):
        ndcg.evaluate(qrels, run, ties="random")
    with pytest.raises(ValueError, match="k"):
        ndcg.evaluate(qrels, run, k=[5, 0])
    with pytest.raises(ValueError, match="k"):
        ndcg.evaluate(qrels, run, k=[])
    with pytest.raises(ValueError, match="k holds a cutoff twice"):
        ndcg.evaluate(qrels, run, k=[5, 5])
    with pytest.raises(TypeError, match="k"):
        ndcg.evaluate(qrels, run, k="5")
    with pytest.raises(TypeError, match="k"):
        ndcg.evaluate(qrels, run, k=2.0)


# --- Overflow: exact where the ratio allows it, an error naming the argument otherwise ----


#: NDCG of [0, 1, 1, 1] (linear gain), which [0, 1023, 1023, 1023] with exponential gain
#: must equal: 2**1023 - 1 rounds to 2**1023, and scaling keeps the ratio exact.
HUGE_GAINS_NDCG = 0.7328286204777911


def test_ndcg_of_huge_gains_is_computed_by_scaling() -> None:
    # 2**1023 - 1 rounds to 2**1023: the ratio is that of [0, 1, 1, 1] with linear gain.
    assert ndcg.ndcg([0, 1023, 1023, 1023], gain="exponential") == HUGE_GAINS_NDCG
    assert ndcg.ndcg([0, 1, 1, 1]) == HUGE_GAINS_NDCG
    assert ndcg.ndcg([1023] * 3, gain="exponential") == 1.0
    assert ndcg.ndcg([1.7e308] * 2) == 1.0
    # Not a power of two: equal to the last place or so, never 0, nan or inf.
    huge = ndcg.ndcg([0, 1.7e308], pool=[0, 1.7e308, 1.7e308])
    assert huge == pytest.approx(ndcg.ndcg([0, 1], pool=[0, 1, 1]), rel=1e-15)


def test_scores_and_evaluate_scale_huge_gains_too() -> None:
    true, score = [0, 1023, 1023, 1023], [0.9, 0.8, 0.7, 0.6]
    assert ndcg.ndcg_from_scores(true, score, gain="exponential") == HUGE_GAINS_NDCG
    assert ndcg.evaluate([true], [score], gain="exponential")["ndcg"].tolist() == [HUGE_GAINS_NDCG]
    qrels = pd.DataFrame({"query_id": "q", "doc_id": list("abcd"), "relevance": true})
    run = pd.DataFrame({"query_id": "q", "doc_id": list("abcd"), "score": score})
    assert ndcg.evaluate(qrels, run, gain="exponential")["ndcg"].tolist() == [HUGE_GAINS_NDCG]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: ndcg.cg([1.7e308] * 2), "relevance: the cumulative gain overflows float64"),
        (lambda: ndcg.dcg([1.7e308] * 2), "relevance: the DCG overflows float64"),
        (
            lambda: ndcg.dcg([1023] * 3, gain="exponential"),
            "relevance: the DCG overflows float64",
        ),
        (lambda: ndcg.idcg([1.0], pool=[1.0, 1.7e308, 1.7e308]), "pool: the ideal DCG overflows"),
    ],
)
def test_sums_that_truly_overflow_are_refused_by_name(call, message) -> None:
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value).startswith(message)
    assert "use ndcg()" in str(info.value)


# --- Inputs that mean nothing as grades or scores ------------------------------------------

MASKED = np.ma.masked_array([3, 2, 1], mask=[0, 1, 0])
DURATIONS = np.array([1, 2, 3], dtype="timedelta64[s]")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: ndcg.ndcg(MASKED),
            "relevance is a masked array, and its mask would be ignored; pass "
            "relevance.compressed() to drop the masked entries",
        ),
        (lambda: ndcg.ndcg([3], pool=MASKED), "pool is a masked array"),
        (lambda: ndcg.ndcg_from_scores([1, 2, 3], MASKED), "y_score is a masked array"),
        (lambda: ndcg.evaluate(MASKED.reshape(1, 3), [[1, 2, 3]]), "qrels is a masked array"),
        (lambda: ndcg.dcg(DURATIONS), "relevance holds timedelta64[s] values (times, not numbers)"),
        (lambda: ndcg.ndcg_from_scores([1, 2, 3], DURATIONS), "y_score holds timedelta64[s]"),
        (lambda: ndcg.evaluate([[1, 2, 3]], DURATIONS.reshape(1, 3)), "run holds timedelta64"),
        (lambda: ndcg.ndcg([True, False]), "relevance must hold numbers, not booleans"),
        (lambda: ndcg.ndcg([1, True, 0]), "relevance must hold numbers, not booleans"),
        (lambda: ndcg.ndcg(pd.Series([True, False])), "relevance must hold numbers, not bool"),
        (lambda: ndcg.ndcg([1], pool=[True]), "pool must hold numbers, not booleans"),
        (lambda: ndcg.ndcg_from_scores([1, 0], [True, False]), "y_score must hold numbers, not"),
        (lambda: ndcg.ndcg_from_scores([[1, 0]], [[0.5, True]]), "y_score must hold numbers, not"),
        (lambda: ndcg.evaluate([[1, 0]], [[False, True]]), "run must hold numbers, not booleans"),
        (lambda: ndcg.evaluate([[True, 0]], [[0.1, 0.2]]), "qrels must hold numbers, not bool"),
    ],
)
def test_meaningless_arrays_are_refused_by_name(call, message) -> None:
    with pytest.raises(TypeError) as info:
        call()
    assert str(info.value).startswith(message)


def test_booleans_are_refused_alike_by_k_the_list_api_and_the_widget() -> None:
    from ndcg.widgets import RankingWidget

    with pytest.raises(TypeError, match="^k must be a positive integer or None, got bool True"):
        ndcg.ndcg([1, 0], k=True)
    with pytest.raises(TypeError, match="^relevance must hold numbers, not booleans"):
        ndcg.ndcg([True, False])
    with pytest.raises(TypeError, match="the grade of 'A' must be a real number"):
        RankingWidget([("A", True)])


# --- Unclear errors made clear --------------------------------------------------------------


def test_pool_message_shows_grades_at_full_precision() -> None:
    with pytest.raises(ValueError) as info:
        ndcg.ndcg([0.1 + 0.2], pool=[0.3])
    assert str(info.value).startswith(
        "pool must hold every retrieved grade of relevance (the pool is every judged grade of "
        "the query): grade 0.30000000000000004 appears once in relevance but 0 times in pool"
    )


def test_a_gain_callable_that_raises_is_reported_by_name_and_grade() -> None:
    with pytest.raises(ValueError) as info:
        ndcg.dcg([2, 0], gain=lambda r: 1 / r)
    assert str(info.value) == (
        "gain raised ZeroDivisionError (division by zero) for grade 0 found in relevance; "
        "make the gain callable accept every grade"
    )
    assert isinstance(info.value.__cause__, ZeroDivisionError)


def test_dense_evaluate_names_qrels_and_run_at_the_right_cell() -> None:
    # Twelve columns: the trec_eval tie rule reorders them internally (10 before 9 as text),
    # and the message must still give the caller's own row and column.
    ones = [[1.0] * 12]
    run = [[0.1] * 10 + [math.nan, 0.3]]
    with pytest.raises(ValueError) as info:
        ndcg.evaluate(ones, run, k=3)
    assert str(info.value) == "run must be finite: found nan at row 0, column 10"
    with pytest.raises(ValueError) as info:
        ndcg.evaluate([[1.0] * 9 + [math.inf, 1.0, 1.0]], [[0.1] * 12], k=3)
    assert str(info.value) == (
        "qrels must be finite: found inf at row 0, column 9; mark an unjudged position with None"
    )


def test_ragged_dense_input_gets_a_clear_message() -> None:
    with pytest.raises(TypeError) as info:
        ndcg.evaluate([[1, 2], [1, 2], [3]], [[0.1, 0.2]] * 3)
    assert str(info.value) == (
        "qrels is ragged: row 0 has 2 values but row 2 has 1; a matrix needs rows of one "
        "length (pad them, or pass a list per query to the list API)"
    )


def test_empty_raise_names_the_query_id() -> None:
    qrels = pd.DataFrame(
        {"query_id": ["b", "a", "a"], "doc_id": ["x", "y", "z"], "relevance": [0, 1, 0]}
    )
    run = pd.DataFrame({"query_id": ["b", "a"], "doc_id": ["x", "y"], "score": [1.0, 1.0]})
    with pytest.raises(ValueError, match="the ideal DCG is 0 for query 'b' "):
        ndcg.evaluate(qrels, run, empty="raise")
    with pytest.raises(ValueError, match="the ideal DCG is 0 for query 1 "):
        ndcg.evaluate([[1, 0], [0, 0]], [[0.2, 0.1], [0.2, 0.1]], empty="raise")


def test_negative_grades_mean_the_same_on_the_dense_and_the_table_path() -> None:
    true = np.array([[-1, 2, 0, 1], [2, -2, 1, 0]])
    score = np.array([[0.9, 0.8, 0.7, 0.6], [0.1, 0.9, 0.5, 0.4]])
    queries, docs = np.indices(true.shape)
    ids = {"query_id": queries.ravel(), "doc_id": docs.ravel()}
    qrels = pd.DataFrame({**ids, "relevance": true.ravel()})
    run = pd.DataFrame({**ids, "score": score.ravel()})
    for unjudged in ("zero", "condense"):
        dense = ndcg.evaluate(true, score, k=[None, 2], unjudged=unjudged)
        table = ndcg.evaluate(qrels, run, k=[None, 2], unjudged=unjudged)
        pd.testing.assert_frame_equal(dense, table, check_dtype=False)
    # trec_eval: a negative judgment gives no gain (the library's conventions).
    assert ndcg.evaluate([[-1, 2, 0]], [[3, 2, 1]])["ndcg"][0] == pytest.approx(
        NEGATIVE_GRADE_NDCG, rel=1e-15
    )


def test_declared_checks_keep_signatures_docstrings_and_call_errors() -> None:
    import inspect

    assert list(inspect.signature(ndcg.ndcg).parameters) == [
        "relevance", "k", "gain", "pool", "empty", "unjudged", "discount"
    ]  # fmt: skip
    assert ndcg.ndcg.__doc__.startswith("Normalised DCG")
    assert ndcg.ndcg([3, 2], 1, "exponential") == ndcg.ndcg([3, 2], k=1, gain="exponential")
    with pytest.raises(TypeError, match="missing a required argument: 'relevance'"):
        ndcg.ndcg()
    with pytest.raises(TypeError, match="multiple values for argument 'relevance'"):
        ndcg.ndcg([1], relevance=[2])
    with pytest.raises(TypeError, match="too many positional arguments"):
        ndcg.dcg([1], 1, "linear", "zero", "log2", None)
    with pytest.raises(TypeError, match="unexpected keyword argument 'kk'"):
        ndcg.ndcg([1], kk=3)


# --- Unclear errors made clear: each with its exact input ------------------------------------


def _frames_pair(score):
    qrels = pd.DataFrame({"query_id": "q1", "doc_id": ["d1", "d2"], "relevance": [1, 2]})
    run = pd.DataFrame({"query_id": "q1", "doc_id": ["d1", "d2"], "score": score})
    return qrels, run


def _ranking_widget(items):
    from ndcg.widgets import RankingWidget

    return RankingWidget(items)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        # A complex score was cut to its real part with only a numpy warning.
        (
            lambda: ndcg.evaluate(*_frames_pair([1 + 2j, 0.5])),
            TypeError,
            r"run\['score'\] must hold real numbers, got complex values \(dtype complex128\); "
            r"row 0 holds \(1\+2j\)",
        ),
        (
            lambda: ndcg.evaluate(*_frames_pair(np.array([1.0, 0.5], dtype=complex))),
            TypeError,
            r"run\['score'\] must hold real numbers, got complex values",
        ),
        # The widget spoke of max_grade, which the caller never passed.
        (
            lambda: _ranking_widget([("A", 2000), ("B", 1)]),
            ValueError,
            r"items holds the grade 2000 \(item 'A'\), and the widget takes ERR's max_grade "
            r"from the top grade; ERR's scale reaches at most max_grade=1023 .* rescale",
        ),
        # err advised max_grade=2000, which max_grade's own check then refused.
        (
            lambda: ndcg.err([2000], max_grade=4),
            ValueError,
            r"^relevance holds the grade 2000, above ERR's scale 0..max_grade=4; ERR's scale "
            r"reaches at most max_grade=1023 \(2\*\*grade must fit a float\): rescale the "
            r"grades to 0..1023 or less$",
        ),
        (
            lambda: ndcg.evaluate([[2000, 1]], [[1.0, 0.5]], metrics="err", max_grade=4),
            ValueError,
            r"rescale the grades to 0..1023 or less$",
        ),
        # File names where evaluate wants the data: "must be a sequence of numbers".
        (
            lambda: ndcg.evaluate("x.qrels", "x.run"),
            TypeError,
            r"^qrels must be a DataFrame \(or a matrix of numbers\), not a file's name: got "
            r"'x.qrels'; read the file first, qrels=ndcg.read_qrels\('x.qrels'\)$",
        ),
        (
            lambda: ndcg.evaluate(_frames_pair([1.0, 0.5])[0], "x.run"),
            TypeError,
            r"run=ndcg.read_run\('x.run'\)$",
        ),
        # read_qrels and read_run gave Python's own message, naming no argument.
        (
            lambda: ndcg.read_qrels(io.StringIO("q1 0 d1 1\n")),
            TypeError,
            r"^path must be a file's name \(a str or a pathlib.Path\) or a binary stream, got an "
            r"open file \(StringIO\); pass the text as bytes, "
            r"e.g. path=io.BytesIO\(text.encode\(\)\)$",
        ),
        (
            lambda: ndcg.read_qrels(None),
            TypeError,
            r"^path must be a file's name \(a str or a pathlib.Path\) or a binary stream, got None",
        ),
        (
            lambda: ndcg.read_qrels(b"x.qrels"),
            TypeError,
            r"got bytes; decode it, e.g. path='x.qrels'$",
        ),
        (lambda: ndcg.read_run(3), TypeError, r"^path must be a file's name .* got int 3"),
        # Generators, sets and dicts were "an array of shape ()".
        (
            lambda: ndcg.ndcg(x for x in [1, 2]),
            TypeError,
            r"^relevance must be a sequence of numbers, got a generator; pass a list, "
            r"e.g. list\(relevance\)$",
        ),
        (lambda: ndcg.ndcg({1, 2}), TypeError, r"got a set, which has no order; pass a list"),
        (
            lambda: ndcg.ndcg({1: 1, 2: 2}),
            TypeError,
            r"got a dict; pass a list in rank order, e.g. list\(relevance.values\(\)\)$",
        ),
        (lambda: ndcg.ndcg(3), TypeError, r"got the single number 3; pass a list, e.g. \[3\]$"),
        (
            lambda: ltr.ranknet((g for g in [0, 1]), [0.0, 1.0]),
            TypeError,
            r"^y_true must be a sequence of numbers, got a generator; pass a list",
        ),
        # evaluate(..., k=np.array(5)) gave "len() of unsized object".
        (
            lambda: ndcg.evaluate(*_frames_pair([1.0, 0.5]), k=np.array(5)),
            TypeError,
            r"^k must be a positive integer or None, got a numpy array of shape \(\) holding 5; "
            r"pass a plain number, e.g. k=k.item\(\)$",
        ),
        # numpy reprs (np.int64(0), np.float64(2.0), np.str_('ndcg')) in messages.
        (
            lambda: ndcg.ndcg([1, 2], k=np.float64(2)),
            TypeError,
            r"got float64 2.0; pass e.g. k=10",
        ),
        (
            lambda: ndcg.evaluate(*_frames_pair([1.0, 0.5]), k=np.array([5, 5])),
            ValueError,
            r"^k holds a cutoff twice: \[5, 5\] repeats \[5\]; list each once$",
        ),
        (
            lambda: ndcg.evaluate(*_frames_pair([1.0, 0.5]), metrics=np.array(["ndcg", "ndcg"])),
            ValueError,
            r"^metrics names 'ndcg' twice: \['ndcg', 'ndcg'\]; list it once$",
        ),
        (
            lambda: ndcg.evaluate(
                pd.DataFrame({"query_id": [0, 0], "doc_id": [5, 6], "relevance": [0, 0]}),
                pd.DataFrame({"query_id": [0, 0], "doc_id": [5, 6], "score": [1.0, 0.5]}),
                empty="raise",
            ),
            ValueError,
            r"the ideal DCG is 0 for query 0 \(no judged",
        ),
        (
            lambda: ndcg.evaluate(
                pd.DataFrame({"query_id": [7, 7], "doc_id": [5, 6], "relevance": [1.0, np.nan]}),
                pd.DataFrame({"query_id": [7, 7], "doc_id": [5, 6], "score": [1.0, 0.5]}),
            ),
            ValueError,
            r"row 1 holds nan \(query 7, document 6\)$",
        ),
        (
            lambda: ndcg.ndcg([1, 3], gain={np.int64(1): 1.0, np.int64(2): 3.0}),
            ValueError,
            r"\(the mapping has \[1, 2\]\)$",
        ),
        (
            lambda: ndcg.ndcg([1, 2], gain={1: np.float64(np.nan), 2: 1.0}),
            ValueError,
            r"^gain gave nan for grade 1",
        ),
        (
            lambda: ltr.ranknet([0, 1], [0.0, 1.0], sigma=np.float64(-1)),
            ValueError,
            r"^sigma must be a finite number > 0, got -1.0$",
        ),
        # No query in common gave an empty table, whose mean is NaN.
        (
            lambda: ndcg.evaluate(
                pd.DataFrame({"query_id": ["a", "a", "b"], "doc_id": "x", "relevance": 1}),
                pd.DataFrame({"query_id": ["q1", "q1"], "doc_id": ["x", "y"], "score": 1.0}),
            ),
            ValueError,
            r"^qrels and run share no query_id: qrels has 2 \(e.g. \['a', 'b'\]\), run has 1 "
            r"\(e.g. \['q1'\]\), so there is nothing to evaluate",
        ),
    ],
)
def test_unclear_errors_are_made_clear(call, error, message):
    with pytest.raises(error, match=message) as info:
        call()
    assert "np." not in str(info.value)


def test_no_shared_query_with_missing_zero_scores_every_judged_query_zero():
    qrels = pd.DataFrame({"query_id": ["a", "b"], "doc_id": "x", "relevance": 1})
    run = pd.DataFrame({"query_id": ["q1"], "doc_id": ["x"], "score": 1.0})
    table = ndcg.evaluate(qrels, run, missing="zero")
    assert table["query_id"].tolist() == ["a", "b"] and table["ndcg"].tolist() == [0.0, 0.0]


def test_every_discount_kind_is_in_kinds_and_uniform_is_not_offered():
    from ndcg.discount import KINDS, OFFERED, Discount

    assert set(KINDS) == {"log2", "log", "reciprocal", "geometric", "uniform"}
    assert "uniform" not in OFFERED
    assert Discount("uniform").weights(3).tolist() == [1.0, 1.0, 1.0]
    assert Discount("uniform").label() == "none"
    with pytest.raises(ValueError, match="discount must be 'log2'"):
        ndcg.dcg([3, 2], discount="uniform")


@pytest.mark.parametrize(
    ("made", "message"),
    [
        (("geometric", 5.0), "discount's p must lie strictly between 0 and 1"),
        (("log", 0.5), "discount's b must be a finite number above 1"),
        (("log",), "discount 'log' takes a parameter b"),
        (("uniform",), "discount must be 'log2'"),
    ],
)
def test_a_discount_made_by_hand_is_checked_as_its_pair_would_be(made, message):
    from ndcg.discount import Discount

    with pytest.raises(ValueError, match=message):
        ndcg.dcg([3, 2], discount=Discount(*made))
    assert ndcg.dcg([3, 2], discount=Discount("geometric", 0.5)) == 4.0


@pytest.mark.parametrize("huge", [10**400, -(10**400)], ids=["10**400", "-10**400"])
def test_a_number_beyond_float64_is_named_by_the_range_checks(huge):
    with pytest.raises(ValueError, match="threshold must be a finite number above 0 "):
        ndcg.precision([1, 0], threshold=huge)
    with pytest.raises(ValueError, match="max_grade must be above 0 and at most 1023"):
        ndcg.err([1, 0], max_grade=huge)


@pytest.mark.parametrize(
    "scores", [[2**53 + 1, 2**53], np.array([2**53 + 1, 2**53]), [2**64 + 1, 2**64]]
)
def test_integer_scores_float64_would_round_are_refused_not_tied(scores):
    # 2**53 + 1 becomes 2**53 in float64: the two documents would tie without a word.
    with pytest.raises(ValueError, match=r"y_score holds \d+ at index 0, an integer that float64"):
        ndcg.ndcg_from_scores([1, 0], scores, k=1)
    assert ndcg.ndcg_from_scores([1, 0], [2**60, 2**53], k=1) == 1.0  # exact: accepted


def test_integer_run_scores_float64_would_round_are_refused():
    qrels = pd.DataFrame({"query_id": ["q", "q"], "doc_id": ["a", "b"], "relevance": [1, 0]})
    run = qrels.drop(columns="relevance").assign(score=[2**53 + 1, 2**53])
    with pytest.raises(ValueError, match=r"run\['score'\] holds 9007199254740993 at row 0 "):
        ndcg.evaluate(qrels, run, k=[1])


def test_a_score_matrix_float64_would_round_is_refused_but_grades_are_read():
    with pytest.raises(ValueError, match=r"run holds 9007199254740993 at row 0, column 0"):
        ndcg.evaluate(np.array([[1, 0]]), np.array([[2**53 + 1, 2**53]]), k=[1])
    # A grade that large only rounds its gain (trec_eval reads it as a double too).
    assert ndcg.ndcg([2**53 + 1, 0]) == 1.0
