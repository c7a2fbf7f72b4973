"""trec_eval's other measures: its own expected outputs, the list functions, their checks.

The per-query lines of trec_eval's test outputs (``out.test.aq``, ``.aql`` with ``-l 2``
and ``relstring.20``, ``.aqc`` with ``-c``) must equal the row kernels at trec_eval's four
decimals, and the ``all`` lines the aggregation functions; each list function of
:mod:`ndcg.trec_measures` must give its kernel's value for every query. The bit-for-bit
comparison on random collections is ``test_trec_measures_oracle``.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from _trec_rows import Params, measures, read_qrels, read_run, reset_placeholders, rows, summary
from conftest import SHARED

from ndcg import trec_measures as tm
from ndcg.trec import curves
from ndcg.trec import report as aggregate

DATA = SHARED / "conformance" / "trec_eval"
OUTPUTS = {
    # file: qrels, run, -l, -c, relstring length
    "out.test.aq": ("qrels.test", "results.test", 1, False, 10),
    "out.test.aql": ("qrels.rel_level", "results.test", 2, False, 20),
    "out.test.aqc": ("qrels.test", "results.trunc", 1, True, 10),
}


@pytest.fixture(scope="module")
def data():
    if not (DATA / "out.test.aq").exists():
        pytest.skip(f"trec_eval's test data not found at {DATA}")
    return DATA


def printed(name: str, value: object) -> str:
    """A value as trec_eval prints it: quoted string, integer count, or %6.4f."""
    if name.startswith("relstring"):
        return f"'{value}'"
    if name.startswith("num_"):
        return f"{value:.0f}"
    return f"{value:6.4f}"


def lines_of(data, output: str) -> tuple[dict, int, int]:
    qrels, run, level, complete, length = OUTPUTS[output]
    judged = read_qrels((data / qrels).read_text())
    r = rows(judged, read_run((data / run).read_text()), complete)
    texts = {"relstring": str(length)} if length != 10 else {}
    values = measures(r, level, Params(length=length, texts=texts))
    placeholders = reset_placeholders(values, r.queries, read_run((data / run).read_text()))
    mine = {}
    for name, column in values.items():
        if not name.startswith("gm_"):
            mine |= {(name, q): printed(name, column[i]) for i, q in enumerate(r.queries)}
    for name, value in summary(values, r.judged, complete).items():
        mine[name, "all"] = printed(name, value)
    return mine, len(r.queries), placeholders


@pytest.mark.parametrize("output", sorted(OUTPUTS))
def test_trec_eval_s_own_outputs(data, output):
    mine, n_queries, placeholders = lines_of(data, output)
    want = {}
    for line in (data / output).read_text().splitlines():
        name, query, value = line.split("\t")
        want[name.strip(), query] = value
    compared = {key: value for key, value in mine.items() if key in want}
    bad = [f"{k}: {v} | {want[k]}" for k, v in compared.items() if v != want[k]]
    assert not bad, "\n".join(bad)
    # Every line of a measure these kernels compute was compared, and nothing was left out.
    assert set(mine) <= set(want)
    assert len(compared) == len(mine) > 60 * n_queries
    if output == "out.test.aqc":
        assert placeholders == 1  # query 302 is judged but missing from results.trunc


def query_lists(data, qrels: str) -> list[tuple[list, list, str]]:
    """Each query of results.test as a list (None where the qrels lack a document), its pool."""
    judged = read_qrels((data / qrels).read_text())
    r = rows(judged, read_run((data / "results.test").read_text()))
    out = []
    for i, q in enumerate(r.queries):
        ranked = r.ranked[i, : r.n_ranked[i]]
        grades = [None if np.isnan(g) else float(g) for g in ranked]
        out.append((grades, sorted(judged[q].values()), q))
    return out


PUBLIC = {
    # public call -> the kernel's name in _trec_rows.measures
    "success_5": lambda grades, pool, level: tm.success(grades, 5, level),
    "Rprec": lambda grades, pool, level: tm.r_precision(grades, pool, level),
    "Rprec_mult_0.60": lambda grades, pool, level: tm.r_precision_mult(grades, 0.6, pool, level),
    "bpref": lambda grades, pool, level: tm.bpref(grades, pool, level),
    "infAP": lambda grades, pool, level: tm.infap(grades, pool, level),
    "iprec_at_recall_0.30": lambda g, pool, level: tm.interpolated_precision(g, 0.3, pool, level),
    "11pt_avg": lambda grades, pool, level: tm.eleven_point_average(grades, pool, level),
    "set_F": lambda grades, pool, level: tm.set_f(grades, pool, threshold=level),
    "set_map": lambda grades, pool, level: tm.set_map(grades, pool, level),
    "set_relative_P": lambda grades, pool, level: tm.set_relative_precision(grades, pool, level),
    "relative_P_30": lambda grades, pool, level: tm.relative_precision(grades, 30, pool, level),
    "unj_10": lambda grades, pool, level: tm.unjudged_share(grades, 10),
    "utility": lambda grades, pool, level: tm.utility(grades, pool, threshold=level),
    "relstring": lambda grades, pool, level: tm.relstring(grades, 10),
    "binG": lambda grades, pool, level: tm.bin_g(grades, pool, level),
    "G": lambda grades, pool, level: tm.g(grades, pool),
    "ndcg_rel": lambda grades, pool, level: tm.ndcg_rel(grades, pool),
    "Rndcg": lambda grades, pool, level: tm.rndcg(grades, pool, threshold=level),
    "rbp": lambda grades, pool, level: tm.graded_rbp(grades, pool),
    "rbp_resid": lambda grades, pool, level: tm.rbp_resid(grades),
}


@pytest.mark.parametrize(("qrels", "level"), [("qrels.test", 1), ("qrels.rel_level", 2)])
def test_each_list_function_gives_its_kernel_s_value(data, qrels, level):
    judged = read_qrels((data / qrels).read_text())
    r = rows(judged, read_run((data / "results.test").read_text()))
    kernels = measures(r, level)
    for i, (grades, pool, q) in enumerate(query_lists(data, qrels)):
        for name, call in PUBLIC.items():
            assert call(grades, pool, level) == kernels[name][i], (name, q)
        counted = tm.trec_counts(grades, pool, level)
        for name, value in counted.items():
            assert value == kernels[name][i], (name, q)


def test_geometric_mean_is_trec_eval_s(data):
    # out.test.aq's gm_map and gm_bpref, from each query's AP and bpref.
    lists = query_lists(data, "qrels.test")
    bprefs = [tm.bpref(g, pool) for g, pool, _ in lists]
    assert f"{tm.geometric_mean(bprefs):6.4f}" == "0.0083"
    # A query at 0 counts as 0.00001, not 0.
    assert tm.geometric_mean([0.5, 0.0]) == pytest.approx(math.sqrt(0.5 * 0.00001), rel=1e-15)


def test_rndcg_is_nan_where_trec_eval_divides_0_by_0():
    # A relevant grade, but no positive gain: trec_eval's Rndcg averages over no point.
    assert math.isnan(tm.rndcg([1, 0], gains={1: 0}))
    assert tm.rndcg([0, 0], gains={1: 0}) == 0.0  # nothing reaches the threshold


def test_negative_grades_are_pooled_but_unjudged():
    # bpref skips them, infAP lets them stand for their share, unj counts them.
    assert tm.bpref([1, -1, 0, 1], pool=[1, 1, 0, -1]) == tm.bpref([1, 0, 1], pool=[1, 1, 0])
    assert tm.infap([1, -1, 1]) > tm.infap([1, None, 1])
    assert tm.unjudged_share([1, -1, None, 0], k=4) == 0.5
    assert tm.relstring([1, -1, None, 0]) == "1.-0"


def test_success_is_the_hit_rate():
    lists = [[0, 0, 1], [1], [0, 0, 0, 0, 1]]
    assert np.mean([tm.success(x, k=3) for x in lists]) == pytest.approx(2 / 3)


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: tm.interpolated_precision([1, 0], recall=1.5), ValueError, "recall must lie"),
        (lambda: tm.interpolated_precision([1, 0], recall="a"), TypeError, "recall must be"),
        (lambda: tm.r_precision_mult([1, 0], multiple=0), ValueError, "multiple must be"),
        (lambda: tm.utility([1], coefficients=(1, 2)), ValueError, "coefficients must be four"),
        (lambda: tm.utility([1], coefficients="1,2"), TypeError, "coefficients must be four"),
        (lambda: tm.g([1], gains={-1: 2}), ValueError, "gains has the level -1"),
        (lambda: tm.g([1], gains={1: float("inf")}), ValueError, "gives level 1 the gain"),
        (lambda: tm.g([1], gains=[1, 2]), TypeError, "gains must be a mapping"),
        (lambda: tm.relstring([1.5, 0]), ValueError, "whole grades only"),
        (lambda: tm.success([1, 0], k=0), ValueError, "k must be a positive integer"),
        (lambda: tm.bpref([1, 0], pool=[1]), ValueError, "pool must hold every retrieved"),
        (lambda: tm.bpref([1, 0], threshold=0), ValueError, "threshold must be"),
        (lambda: tm.set_f([1, 0], beta=-1), ValueError, "beta must be"),
        (lambda: tm.geometric_mean([]), ValueError, "values is empty"),
    ],
)
def test_bad_arguments_are_named(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_logs_and_exps_are_the_c_library_s():
    # numpy's vectorised log and exp give another last bit than the C library's (which
    # trec_eval calls) on these inputs; with them gm_map's and gm_bpref's all lines differed
    # from trec_eval's in 11 of 150 random collections.
    x, y = 0.9833347065534214, -4.964708640134793
    assert curves.log_floor(np.array([x]))[0] == math.log(x)
    assert aggregate.geometric_mean(np.array([y])) == math.exp(y)
    assert curves.log_floor(np.array([0.0]))[0] == math.log(curves.MIN_GEO_MEAN)


@pytest.mark.parametrize("measure", [tm.g, tm.ndcg_rel, tm.rndcg])
def test_gains_too_large_to_add_are_refused_not_turned_into_0_or_nan(measure):
    # 1e308 * 3 overflows (ndcg_rel gave 0.0, G NaN); beyond 2**53 G's 2 + cost - gain loses 2.
    for grades in ([1e308] * 3, [1e300, 1e300], [2.0**53, 1.0]):
        with pytest.raises(ValueError, match=r"add up to .*beyond 2\*\*53.*scale the grades"):
            measure(grades)
    assert measure([2.0**52, 0, 3]) == measure([2.0**52, 0, 3])  # below it: a number
    assert tm.graded_rbp([1e308] * 3) == pytest.approx(0.271)  # rescaled to 1
