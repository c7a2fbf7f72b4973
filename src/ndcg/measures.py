"""The measures, one record each: what every other part of the library reads about them.

The measures are taught from chapter 2 (CG, DCG, IDCG, NDCG) to chapter 11, "The family"
(precision to RBP); trec_eval's names and its whole set are met in chapter 9, "NDCG in
the wild".

A record (:class:`Measure`) says what a measure is called (its name in the library, its
label on screen, its names in trec_eval), what it reads (grades or only relevant-or-not;
whether the order inside a tie matters), which public function computes it for one list
and which row kernel computes it for many, and, for each of its trec_eval names, how
trec_eval reads its parameters, averages it over queries and prints it. It is kept as data,
as ir_measures keeps its measures: functions are named by their import path, so this
module imports nothing of the library and every module can read it.

Readers: :func:`ndcg.evaluate` (its ``metrics`` and columns), the command line
(:mod:`ndcg.trec.cli`: ``-m`` names, parameters, order, averaging and printing),
:mod:`ndcg.spark` (column names), and the widgets (their readouts, and the function that
computes each; ``tests/library/test_measures.py`` holds the browser's table of readouts equal to
:data:`READOUTS`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

#: How trec_eval reads a measure's parameters (the text after ``-m name.``):
#: ``none``; ``cutoffs`` (integers, sorted, printed ``name_10``); ``levels`` (numbers,
#: sorted, printed ``name_0.20``); ``gains`` (``level=gain`` pairs, printed as typed);
#: ``numbers`` (a list of numbers, printed as typed); ``number`` (one, printed as typed).
Params = Literal["none", "cutoffs", "levels", "gains", "numbers", "number"]
#: How trec_eval combines a measure over queries: the ``mean`` (over the queries
#: evaluated; with ``-c`` over every judged query), the geometric ``gmean`` of values
#: floored at 1e-5, the ``sum``, the ``count`` of queries, the run's ``name``, or ``none``
#: (per query only).
Aggregate = Literal["mean", "gmean", "sum", "count", "name", "none"]
#: How trec_eval prints a value: ``%6.4f``, ``%ld``, ``%s`` or ``'%s'`` (``quoted``).
Printed = Literal["float", "integer", "string", "quoted"]


@dataclass(frozen=True)
class TrecName:
    """One name under which trec_eval 10.0 prints a measure.

    Attributes
    ----------
    name : str
        trec_eval's name, e.g. ``"ndcg_cut"``.
    params : str
        How it reads its parameters (see :data:`Params`).
    defaults : str or None
        trec_eval's parameters when none are given, as typed after the ``.``.
    aggregate : str
        How it is combined over queries (see :data:`Aggregate`).
    printed : str
        How a value is printed (see :data:`Printed`).
    cut : bool
        Whether the library's metric is cut at each parameter (``P.5,10`` is precision
        at 5 and 10) or read over the whole ranking (``set_P``).
    keyword : str or None
        The keyword under which the measure's row kernel takes the parameters.
    field : str or None
        For a kernel that returns several counts at once, the one this name prints.
    cleared : str
        Which of its printed names trec_eval sets to zero (or empty) for a query of the
        qrels that the run lacks (``-c``), which it scores as a ranking of one unjudged
        document: ``""`` none, ``"bare"`` the name printed without parameters only (it
        compares the printed name: ``relstring_20`` keeps its ``-``), ``"all"`` every one.
    count : int or None
        How many numbers a ``numbers`` list must hold (``utility``'s four coefficients);
        None for any number of them.
    minimum : float or None
        The smallest value a ``number`` may take (``set_F``'s beta: below 0 its F divides
        by zero), or None.
    whole : bool
        Whether a ``number`` must be a whole number (``relstring``'s length, which
        trec_eval would cut to its integer part).

    """

    name: str
    params: Params = "none"
    defaults: str | None = None
    aggregate: Aggregate = "mean"
    printed: Printed = "float"
    cut: bool = False
    keyword: str | None = None
    field: str | None = None
    cleared: Literal["", "bare", "all"] = ""
    count: int | None = None
    minimum: float | None = None
    whole: bool = False

    @property
    def per_query(self) -> bool:
        """Whether trec_eval prints a line per query with ``-q``."""
        return self.aggregate not in ("gmean", "count", "name")

    @property
    def summary(self) -> bool:
        """Whether trec_eval prints an ``all`` line."""
        return self.aggregate != "none"


@dataclass(frozen=True)
class Measure:
    """One measure, as every part of the library knows it.

    Attributes
    ----------
    name : str
        The library's name: :func:`ndcg.evaluate`'s ``metrics`` and column prefix, the
        widgets' readout.
    label : str
        How a reader sees it named (``"P"``).
    grades : bool
        Whether it reads grades; ``False`` when it reads only relevant or not (at a
        threshold, or trec_eval's ``-l``).
    ordered : bool
        Whether it depends on the order inside a tie, not only on the gains of its
        positions (so averaged ties cannot score it).
    function : str or None
        Import path of the public function of one ranked list.
    kernel : str or None
        Import path of the row kernel: ``ndcg._kernel.ndcg_rows`` and
        ``ndcg._family.family_rows`` take scores and grades (the library's ``evaluate``);
        those of :mod:`ndcg.trec` (``ndcg.trec.counts``, ``curves``, ``gains``, ``rbp``)
        take trec_eval's ranked grades, their counts and the judged grades (see
        :mod:`ndcg.trec.rows`).
    args : tuple of str
        The keyword arguments ``function`` takes besides the grades, by the widgets'
        names (``k``, ``gain``, ``discount``, ``unjudged``, ``pool``, ``threshold``,
        ``max_grade``, ``p``).
    evaluate : bool
        Whether :func:`ndcg.evaluate` computes it (a column of its table).
    readout : bool
        Whether a ranking widget can read it out.
    trec : tuple of TrecName
        Its names in trec_eval (empty when trec_eval has no such measure).
    chapter : str
        Where the book teaches it: the chapter as the table of contents names it and the
        section's anchor in the built page
        (``notebooks/11_the_family#the-binary-metrics``), where the evaluation page links
        its name. A measure of trec_eval's that no chapter teaches is taught in one line of
        chapter 9's table of trec_eval's measures (:data:`TREC_TABLE`).

    """

    name: str
    label: str
    words: str
    grades: bool
    ordered: bool
    function: str | None
    kernel: str | None
    args: tuple[str, ...] = ()
    evaluate: bool = False
    readout: bool = False
    trec: tuple[TrecName, ...] = ()
    chapter: str = ""


_DCG = ("k", "gain", "discount", "unjudged")
_BINARY = ("k", "threshold", "unjudged")
_FAMILY = "ndcg._family.family_rows"
_COUNTS = "ndcg.trec.counts."
_CURVES = "ndcg.trec.curves."
_GAINS = "ndcg.trec.gains."
_RBP = "ndcg.trec.rbp."
_TREC_CUTOFFS = "5,10,15,20,30,100,200,500,1000"
_RECALL_LEVELS = "0.0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0"


def _trec(
    name: str,
    label: str,
    words: str,
    kernel: str,
    function: str,
    *,
    grades: bool = False,
    ordered: bool = True,
    chapter: str = "",
    **form: Any,
) -> Measure:
    """Make the record of a measure of trec_eval's own, printed under its one name."""
    return Measure(
        name,
        label,
        words,
        grades=grades,
        ordered=ordered,
        function="ndcg.trec_measures." + function,
        kernel=kernel,
        trec=(TrecName(name, **form),),
        chapter=chapter,
    )


_SUM: dict[str, Any] = {"aggregate": "sum", "printed": "integer"}
#: Chapter 9's section that prints trec_eval's whole measure set, one line each, from this
#: registry: where a measure that no chapter teaches is taught, in its line (its words).
TREC_TABLE = "notebooks/09_ndcg_in_the_wild#every-measure-trec-eval-prints"


#: Every measure, in the order of :func:`ndcg.evaluate`'s columns and the widgets' readouts.
REGISTRY: tuple[Measure, ...] = (
    Measure(
        "cg",
        "CG",
        "cumulative gain",
        grades=True,
        ordered=False,
        function="ndcg.metrics.cg",
        kernel=None,
        args=("k", "unjudged"),
        readout=True,
        chapter="notebooks/02_cumulative_gain#adding-up-the-grades",
    ),
    Measure(
        "dcg",
        "DCG",
        "discounted cumulative gain",
        grades=True,
        ordered=False,
        function="ndcg.metrics.dcg",
        kernel="ndcg._kernel.dcg_rows",
        args=_DCG,
        readout=True,
        chapter="notebooks/03_discounted_cumulative_gain#a-discount-for-every-position",
    ),
    Measure(
        "idcg",
        "IDCG",
        "ideal DCG",
        grades=True,
        ordered=False,
        function="ndcg.metrics.idcg",
        kernel="ndcg._kernel.ideal_rows",
        args=(*_DCG, "pool"),
        readout=True,
        chapter="notebooks/04_ideal_dcg_and_ndcg#why-dcg-needs-a-yardstick",
    ),
    Measure(
        "ndcg",
        "NDCG",
        "normalized DCG",
        grades=True,
        ordered=False,
        function="ndcg.metrics.ndcg",
        kernel="ndcg._kernel.ndcg_rows",
        args=(*_DCG, "pool"),
        evaluate=True,
        readout=True,
        trec=(
            TrecName("ndcg", "gains"),
            TrecName("ndcg_cut", "cutoffs", _TREC_CUTOFFS, cut=True),
        ),
        chapter="notebooks/04_ideal_dcg_and_ndcg#why-dcg-needs-a-yardstick",
    ),
    Measure(
        "precision",
        "P",
        "precision: the share of relevant items in the top k",
        grades=False,
        ordered=False,
        function="ndcg.family.precision",
        kernel=_FAMILY,
        args=_BINARY,
        evaluate=True,
        readout=True,
        trec=(TrecName("P", "cutoffs", _TREC_CUTOFFS, cut=True), TrecName("set_P")),
        chapter="notebooks/11_the_family#the-binary-metrics",
    ),
    Measure(
        "recall",
        "R",
        "recall: the share of every relevant judged item found in the top k",
        grades=False,
        ordered=False,
        function="ndcg.family.recall",
        kernel=_FAMILY,
        args=(*_BINARY, "pool"),
        evaluate=True,
        readout=True,
        trec=(TrecName("recall", "cutoffs", _TREC_CUTOFFS, cut=True), TrecName("set_recall")),
        chapter="notebooks/11_the_family#the-binary-metrics",
    ),
    Measure(
        "ap",
        "AP",
        "average precision",
        grades=False,
        ordered=True,
        function="ndcg.family.average_precision",
        kernel=_FAMILY,
        args=(*_BINARY, "pool"),
        evaluate=True,
        readout=True,
        trec=(
            TrecName("map"),
            TrecName("gm_map", aggregate="gmean"),
            TrecName("map_cut", "cutoffs", _TREC_CUTOFFS, cut=True),
        ),
        chapter="notebooks/11_the_family#the-binary-metrics",
    ),
    Measure(
        "rr",
        "RR",
        "reciprocal rank of the first relevant item",
        grades=False,
        ordered=True,
        function="ndcg.family.reciprocal_rank",
        kernel=_FAMILY,
        args=_BINARY,
        evaluate=True,
        readout=True,
        trec=(TrecName("recip_rank"),),
        chapter="notebooks/11_the_family#the-binary-metrics",
    ),
    Measure(
        "err",
        "ERR",
        "expected reciprocal rank",
        grades=True,
        ordered=True,
        function="ndcg.family.err",
        kernel=_FAMILY,
        args=("k", "max_grade", "unjudged"),
        evaluate=True,
        readout=True,
        chapter="notebooks/10_why_a_logarithm#the-cascade-reader-err-and-reciprocal-rank",
    ),
    Measure(
        "rbp",
        "RBP",
        "rank-biased precision",
        grades=False,
        ordered=False,
        function="ndcg.family.rbp",
        kernel=_FAMILY,
        args=(*_BINARY, "p"),
        evaluate=True,
        readout=True,
        chapter="notebooks/10_why_a_logarithm#the-geometric-reader-rank-biased-precision",
    ),
    Measure(
        "rbp_residual",
        "RBP residual",
        "how much RBP could still rise if unjudged and unread items were relevant",
        grades=False,
        ordered=False,
        function="ndcg.family.rbp_residual",
        kernel=_FAMILY,
        args=("k", "unjudged", "p"),
        evaluate=True,
        chapter="notebooks/12_what_ndcg_cannot_tell#documents-nobody-judged",
    ),
    Measure(
        "binary_ndcg",
        "binary NDCG",
        "NDCG with each grade at or above the relevance threshold counted 1 and the others 0",
        grades=False,
        ordered=False,
        function="ndcg.metrics.ndcg",
        kernel="ndcg._kernel.ndcg_rows",
        args=(*_DCG, "pool"),
        readout=True,
        chapter="notebooks/09_ndcg_in_the_wild#edge-cases-library-by-library",
    ),
    # trec_eval's own: the run's name and the number of queries, read off the inputs.
    Measure(
        "runid",
        "run",
        "the run's name, from its file",
        grades=False,
        ordered=False,
        function=None,
        kernel=None,
        trec=(TrecName("runid", aggregate="name", printed="string"),),
        chapter=TREC_TABLE,
    ),
    Measure(
        "num_q",
        "queries",
        "number of queries evaluated",
        grades=False,
        ordered=False,
        function=None,
        kernel=None,
        trec=(TrecName("num_q", aggregate="count", printed="integer"),),
        chapter=TREC_TABLE,
    ),
    # trec_eval's own, computed by row kernels on trec_eval's rows (ndcg.trec.rows).
    _trec(
        "num_ret",
        "retrieved",
        "documents retrieved",
        _COUNTS + "tally",
        "trec_counts",
        ordered=False,
        field="num_ret",
        cleared="bare",
        **_SUM,
        chapter=TREC_TABLE,
    ),
    _trec(
        "num_rel",
        "relevant",
        "relevant documents judged",
        _COUNTS + "tally",
        "trec_counts",
        ordered=False,
        field="num_rel",
        **_SUM,
        chapter=TREC_TABLE,
    ),
    _trec(
        "num_rel_ret",
        "relevant retrieved",
        "relevant documents retrieved",
        _COUNTS + "tally",
        "trec_counts",
        ordered=False,
        field="num_rel_ret",
        **_SUM,
        chapter=TREC_TABLE,
    ),
    _trec(
        "num_nonrel_judged_ret",
        "non-relevant retrieved",
        "documents judged non-relevant and retrieved",
        _COUNTS + "num_nonrel_judged_ret_rows",
        "trec_counts",
        ordered=False,
        **_SUM,
        chapter=TREC_TABLE,
    ),
    _trec(
        "Rprec",
        "R-precision",
        "precision at R, the number of relevant documents",
        _COUNTS + "rprec_rows",
        "r_precision",
        chapter="notebooks/11_the_family#success-at-k-the-precision-recall-curve-r-precision",
    ),
    _trec(
        "Rprec_mult",
        "R-precision at xR",
        "precision at a multiple of R",
        _COUNTS + "rprec_mult_rows",
        "r_precision_mult",
        params="levels",
        defaults="0.2,0.4,0.6,0.8,1.0,1.2,1.4,1.6,1.8,2.0",
        keyword="multiples",
        chapter=TREC_TABLE,
    ),
    _trec(
        "bpref",
        "bpref",
        "how often relevant documents come before judged non-relevant ones",
        _CURVES + "bpref_rows",
        "bpref",
        chapter="notebooks/12_what_ndcg_cannot_tell#measures-built-for-incomplete-judgments",
    ),
    _trec(
        "gm_bpref",
        "geometric mean bpref",
        "bpref averaged by geometric mean",
        _CURVES + "bpref_rows",
        "bpref",
        aggregate="gmean",
        chapter=TREC_TABLE,
    ),
    _trec(
        "infAP",
        "infAP",
        "average precision inferred from sampled judgments",
        _CURVES + "infap_rows",
        "infap",
        chapter="notebooks/12_what_ndcg_cannot_tell#measures-built-for-incomplete-judgments",
    ),
    _trec(
        "iprec_at_recall",
        "interpolated precision",
        "the best precision at a recall or beyond",
        _CURVES + "iprec_at_recall_rows",
        "interpolated_precision",
        params="levels",
        defaults=_RECALL_LEVELS,
        keyword="levels",
        chapter="notebooks/11_the_family#success-at-k-the-precision-recall-curve-r-precision",
    ),
    _trec(
        "11pt_avg",
        "11-point average",
        "interpolated precision averaged over recall levels",
        _CURVES + "eleven_point_rows",
        "eleven_point_average",
        params="numbers",
        defaults=_RECALL_LEVELS,
        keyword="levels",
        chapter="notebooks/11_the_family#success-at-k-the-precision-recall-curve-r-precision",
    ),
    _trec(
        "success",
        "success",
        "1 if a relevant document is in the top k (hit rate)",
        _COUNTS + "success_rows",
        "success",
        params="cutoffs",
        defaults="1,5,10",
        keyword="cutoffs",
        chapter="notebooks/11_the_family#success-at-k-the-precision-recall-curve-r-precision",
    ),
    _trec(
        "relative_P",
        "relative P",
        "precision at k over the best precision possible at k",
        _COUNTS + "relative_p_rows",
        "relative_precision",
        params="cutoffs",
        defaults=_TREC_CUTOFFS,
        keyword="cutoffs",
        chapter=TREC_TABLE,
    ),
    _trec(
        "set_relative_P",
        "relative set P",
        "precision of the set over the best possible",
        _COUNTS + "set_relative_p_rows",
        "set_relative_precision",
        ordered=False,
        chapter=TREC_TABLE,
    ),
    _trec(
        "set_map",
        "set AP",
        "precision of the set times its recall",
        _COUNTS + "set_map_rows",
        "set_map",
        ordered=False,
        chapter=TREC_TABLE,
    ),
    _trec(
        "set_F",
        "set F",
        "F-measure of the retrieved set: (beta + 1) P R / (beta P + R), beta weighing recall",
        _COUNTS + "set_f_rows",
        "set_f",
        ordered=False,
        params="number",
        defaults="1",
        keyword="beta",
        minimum=0.0,
        chapter=TREC_TABLE,
    ),
    _trec(
        "utility",
        "utility",
        "a weighted count of the documents: by default +1 for each relevant one retrieved, "
        "-1 for each other one retrieved",
        _COUNTS + "utility_rows",
        "utility",
        ordered=False,
        params="numbers",
        defaults="1,-1,0,0",
        keyword="coefficients",
        count=4,
        cleared="bare",
        chapter=TREC_TABLE,
    ),
    _trec(
        "unj",
        "unjudged",
        "share of unjudged documents in the top k",
        _COUNTS + "unj_rows",
        "unjudged_share",
        params="cutoffs",
        defaults="5,10,20",
        keyword="cutoffs",
        cleared="all",
        chapter=TREC_TABLE,
    ),
    _trec(
        "relstring",
        "relevance string",
        "the grades of the top documents, one character each",
        _COUNTS + "relstring_rows",
        "relstring",
        grades=True,
        params="number",
        defaults="10",
        keyword="length",
        whole=True,
        aggregate="none",
        printed="quoted",
        cleared="bare",
        chapter=TREC_TABLE,
    ),
    _trec(
        "binG",
        "binary G",
        "each relevant document adds 1 / log2(2 + the non-relevant documents above it), over R",
        _CURVES + "bin_g_rows",
        "bin_g",
        chapter=TREC_TABLE,
    ),
    _trec(
        "G",
        "G",
        "binG with grades: each gain discounted by how far the gain so far falls short of "
        "the ideal's",
        _GAINS + "g_rows",
        "g",
        grades=True,
        params="gains",
        keyword="gains",
        chapter=TREC_TABLE,
    ),
    _trec(
        "ndcg_rel",
        "NDCG over R",
        "NDCG with the ideal cut at R",
        _GAINS + "ndcg_rel_rows",
        "ndcg_rel",
        grades=True,
        params="gains",
        keyword="gains",
        chapter=TREC_TABLE,
    ),
    # trec_eval's rbp is not the library's rbp above: graded (its gains rescaled to [0, 1])
    # and blind to -l; its residual counts unjudged documents only, without the tail.
    Measure(
        "graded_rbp",
        "graded RBP",
        "rank-biased precision of graded gains rescaled to [0, 1] (trec_eval's rbp)",
        grades=True,
        ordered=False,
        function="ndcg.trec_measures.graded_rbp",
        kernel=_RBP + "rbp_rows",
        args=("p",),
        trec=(TrecName("rbp"),),
        chapter=TREC_TABLE,
    ),
    Measure(
        "rbp_resid",
        "RBP residual of the unjudged",
        "how much RBP could still rise if the unjudged retrieved items were relevant "
        "(trec_eval's rbp_resid: 0 when every one is judged)",
        grades=False,
        ordered=False,
        function="ndcg.trec_measures.rbp_resid",
        kernel=_RBP + "rbp_resid_rows",
        args=("p",),
        trec=(TrecName("rbp_resid", cleared="bare"),),
        chapter=TREC_TABLE,
    ),
    _trec(
        "Rndcg",
        "R-NDCG",
        "NDCG at R",
        _GAINS + "rndcg_rows",
        "rndcg",
        grades=True,
        params="gains",
        keyword="gains",
        chapter=TREC_TABLE,
    ),
)

#: The measures by library name.
BY_NAME: dict[str, Measure] = {m.name: m for m in REGISTRY}
#: Each trec_eval name, with its measure.
BY_TREC: dict[str, tuple[Measure, TrecName]] = {t.name: (m, t) for m in REGISTRY for t in m.trec}
#: :func:`ndcg.evaluate`'s metrics, in the order of its columns.
EVALUATE = tuple(m.name for m in REGISTRY if m.evaluate)
#: The metrics that depend on the order inside a tie.
ORDERED = tuple(m.name for m in REGISTRY if m.ordered)
#: What a ranking widget can read out, in screen order.
READOUTS = tuple(m.name for m in REGISTRY if m.readout)

#: Inputs of trec_eval's row kernels that are computed from the rows (by name: the
#: kernel's parameter, and the function that forms it from the rows and the threshold).
DERIVED = {"t": _COUNTS + "tally", "iprec": _CURVES + "iprec_at_recall_rows"}

#: trec_eval 10.0's ``all_trec`` measures, in the order it prints them (its measures.c
#: table): the order of the command line's report.
ALL_TREC = (
    "runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec",
    "bpref", "recip_rank", "iprec_at_recall", "P", "relstring", "recall", "infAP",
    "gm_bpref", "Rprec_mult", "utility", "11pt_avg", "binG", "G", "ndcg", "ndcg_rel",
    "Rndcg", "ndcg_cut", "map_cut", "relative_P", "success", "set_P", "set_relative_P",
    "set_recall", "set_map", "set_F", "num_nonrel_judged_ret", "rbp", "rbp_resid", "unj",
)  # fmt: skip
#: trec_eval's ``official`` measures, what it prints when no ``-m`` is given.
OFFICIAL = ALL_TREC[: ALL_TREC.index("P") + 1]


def column_name(cutoff: int | None, metric: str = "ndcg") -> str:
    """Return the column of ``metric`` at ``cutoff``: the bare name when there is no cutoff.

    One home for the rule, read by :func:`ndcg.evaluate` and :func:`ndcg.spark.evaluate`,
    so that both return the same columns.

    Examples
    --------
    >>> column_name(None), column_name(10), column_name(5, "precision")
    ('ndcg', 'ndcg@10', 'precision@5')

    """
    return metric if cutoff is None else f"{metric}@{cutoff}"


def resolve(path: str | None) -> Callable[..., Any]:
    """Import the function named by a record's ``function`` or ``kernel`` path.

    Examples
    --------
    >>> resolve(BY_NAME["ndcg"].function)([3, 2, 3, 0, 1, 2], k=6) > 0.9
    True

    """
    if path is None:  # a record without a row kernel: its measure is computed elsewhere
        raise ValueError("this measure has no row kernel to import (its kernel is None)")
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)
