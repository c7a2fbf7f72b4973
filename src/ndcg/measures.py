"""The measures, one record each: what every other part of the library reads about them.

A record (:class:`Measure`) says what a measure is called (its name in the library, its
label on screen, its names in trec_eval), what it reads (grades or only relevant-or-not;
whether the order inside a tie matters), which public function computes it for one list
and which row kernel computes it for many, and, for each of its trec_eval names, how
trec_eval reads its parameters, averages it over queries and prints it. It is kept as data,
as ir_measures keeps its measures: functions are named by their import path, so this
module imports nothing of the library and every module can read it.

Readers: :func:`ndcg.evaluate` (its ``metrics`` and columns), the command line
(:mod:`ndcg.cli`: ``-m`` names, parameters, order, averaging and printing),
:mod:`ndcg.spark` (column names), and the widgets (their readouts, and the function that
computes each; ``tests/test_measures.py`` holds the browser's table of readouts equal to
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
#: How trec_eval prints a value: ``%6.4f``, ``%ld`` or ``'%s'``/``%s``.
Printed = Literal["float", "integer", "string"]

#: trec_eval's floor under a value before a geometric mean (MIN_GEO_MEAN in trec_eval.h).
MIN_GEO_MEAN = 0.00001


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

    """

    name: str
    params: Params = "none"
    defaults: str | None = None
    aggregate: Aggregate = "mean"
    printed: Printed = "float"
    cut: bool = False

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
        ``ndcg._trec_kernels.*`` take trec_eval's ranked grades, their counts and the
        judged grades (see :mod:`ndcg._trec_rows`).
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


_DCG = ("k", "gain", "discount", "unjudged")
_BINARY = ("k", "threshold", "unjudged")
_FAMILY = "ndcg._family.family_rows"
_KERNEL = "ndcg._trec_kernels."
_TREC_CUTOFFS = "5,10,15,20,30,100,200,500,1000"

#: Every measure, in the order of :func:`ndcg.evaluate`'s columns and the widgets' readouts.
REGISTRY: tuple[Measure, ...] = (
    Measure(
        "cg", "CG", "cumulative gain", grades=True, ordered=False,
        function="ndcg.metrics.cg", kernel=None, args=("k", "unjudged"), readout=True,
    ),
    Measure(
        "dcg", "DCG", "discounted cumulative gain", grades=True, ordered=False,
        function="ndcg.metrics.dcg", kernel="ndcg._kernel.dcg_rows", args=_DCG, readout=True,
    ),
    Measure(
        "idcg", "IDCG", "ideal DCG", grades=True, ordered=False,
        function="ndcg.metrics.idcg", kernel="ndcg._kernel.ideal_rows", args=(*_DCG, "pool"),
        readout=True,
    ),
    Measure(
        "ndcg", "NDCG", "normalized DCG", grades=True, ordered=False,
        function="ndcg.metrics.ndcg", kernel="ndcg._kernel.ndcg_rows", args=(*_DCG, "pool"),
        evaluate=True, readout=True,
        trec=(
            TrecName("ndcg", "gains"),
            TrecName("ndcg_cut", "cutoffs", _TREC_CUTOFFS, cut=True),
        ),
    ),
    Measure(
        "precision", "P", "precision: the share of relevant items in the top k",
        grades=False, ordered=False, function="ndcg.family.precision", kernel=_FAMILY,
        args=_BINARY, evaluate=True, readout=True,
        trec=(TrecName("P", "cutoffs", _TREC_CUTOFFS, cut=True), TrecName("set_P")),
    ),
    Measure(
        "recall", "R", "recall: the share of every relevant judged item found in the top k",
        grades=False, ordered=False, function="ndcg.family.recall", kernel=_FAMILY,
        args=(*_BINARY, "pool"), evaluate=True, readout=True,
        trec=(TrecName("recall", "cutoffs", _TREC_CUTOFFS, cut=True), TrecName("set_recall")),
    ),
    Measure(
        "ap", "AP", "average precision", grades=False, ordered=True,
        function="ndcg.family.average_precision", kernel=_FAMILY, args=(*_BINARY, "pool"),
        evaluate=True, readout=True,
        trec=(
            TrecName("map"),
            TrecName("gm_map", aggregate="gmean"),
            TrecName("map_cut", "cutoffs", _TREC_CUTOFFS, cut=True),
        ),
    ),
    Measure(
        "rr", "RR", "reciprocal rank of the first relevant item", grades=False, ordered=True,
        function="ndcg.family.reciprocal_rank", kernel=_FAMILY, args=_BINARY,
        evaluate=True, readout=True, trec=(TrecName("recip_rank"),),
    ),
    Measure(
        "err", "ERR", "expected reciprocal rank", grades=True, ordered=True,
        function="ndcg.family.err", kernel=_FAMILY, args=("k", "max_grade", "unjudged"),
        evaluate=True, readout=True,
    ),
    Measure(
        "rbp", "RBP", "rank-biased precision", grades=False, ordered=False,
        function="ndcg.family.rbp", kernel=_FAMILY, args=(*_BINARY, "p"),
        evaluate=True, readout=True, trec=(TrecName("rbp"),),
    ),
    Measure(
        "rbp_residual", "RBP residual",
        "how much RBP could still rise if unjudged and unread items were relevant",
        grades=False, ordered=False, function="ndcg.family.rbp_residual", kernel=_FAMILY,
        args=("k", "unjudged", "p"), evaluate=True, trec=(TrecName("rbp_resid"),),
    ),
    Measure(
        "binary_ndcg", "binary NDCG",
        "NDCG with each grade at or above the relevance threshold counted 1 and the others 0",
        grades=False, ordered=False, function="ndcg.metrics.ndcg",
        kernel="ndcg._kernel.ndcg_rows", args=(*_DCG, "pool"), readout=True,
    ),
    # trec_eval's own: the run's name and the number of queries, read off the inputs.
    Measure(
        "runid", "run", "the run's name, from its file", grades=False, ordered=False,
        function=None, kernel=None,
        trec=(TrecName("runid", aggregate="name", printed="string"),),
    ),
    Measure(
        "num_q", "queries", "number of queries evaluated", grades=False, ordered=False,
        function=None, kernel=None,
        trec=(TrecName("num_q", aggregate="count", printed="integer"),),
    ),
)  # fmt: skip

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


def resolve(path: str) -> Callable[..., Any]:
    """Import the function named by a record's ``function`` or ``kernel`` path.

    Examples
    --------
    >>> resolve(BY_NAME["ndcg"].function)([3, 2, 3, 0, 1, 2], k=6) > 0.9
    True

    """
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)
