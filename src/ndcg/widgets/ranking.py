"""``RankingWidget``: reorder a ranked list and watch CG, DCG, IDCG and NDCG respond.

Used from chapter 1 on: each chapter gives the widget a task, the readouts it has taught
so far and, where the task has one, a goal the widget recognises. From chapter 10 on it
also reads out NDCG's family (P@k, R@k, AP, RR, ERR, RBP) and offers a choice of discount.

The Python side holds the state (items, their order, the judged items that were not
retrieved, the cutoff, the gain, the unjudged policy, the system's scores, what is shown
and the goals) as synced traitlets and answers with the library's own figures
(:attr:`RankingWidget.metrics`, :attr:`RankingWidget.goal_status`). The view,
``js/ranking.js`` and the modules beside it, recomputes the same figures in the browser
(``js/arith.js``), so the widget stays live on a static page with no kernel behind it.
"""

from __future__ import annotations

import heapq
import itertools
import operator
from collections import Counter
from typing import Any

import anywidget
import traitlets

from . import _goals
from ._display import GAINS, check_readouts, check_series
from ._fallback import StaticFallback
from ._front_end import front_end
from ._goals import check_discount, spec
from ._items import Item, check_grade, normalize_items, normalize_scores

UNJUDGED = ("zero", "condense", "raise")
MOVES = ("any", "within ties")


def _few(labels: Any) -> str:
    """Up to five labels, sorted, and how many more: messages stay short for long lists."""
    labels = set(labels)
    shown = heapq.nsmallest(5, labels)
    return f"{shown}" + (f" and {len(labels) - 5} more" if len(labels) > 5 else "")


class _Items(traitlets.TraitType[list[Item], Any]):
    """A trait holding checked ``{"label", "grade"}`` items; accepts every input form."""

    default_value: list[Item] = []
    info_text = "a list of (label, grade) pairs, a dict, a Series or a DataFrame"

    def __init__(self, unjudged: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.unjudged = unjudged

    def validate(self, obj: Any, value: Any) -> list[Item]:
        try:
            return normalize_items(value, self.name or "items", self.unjudged)
        except (TypeError, ValueError) as error:
            # traitlets expects TraitError from a trait; keep the original message whole.
            raise traitlets.TraitError(str(error)) from error


class RankingWidget(StaticFallback, anywidget.AnyWidget):
    """An interactive ranked list with its CG, DCG, IDCG and NDCG, and goals to reach.

    Reorder the items by dragging them, with the buttons beside each item (move up, move
    down, pick two to swap), or from the keyboard: the arrow keys go through the items,
    Alt+ArrowUp / Alt+ArrowDown move the focused one, Space picks two items to swap. The
    readouts, the per-position chart and the goals follow.

    Parameters
    ----------
    items
        The retrieved items in ranked order: ``(label, grade)`` pairs, a dict from label
        to grade, a pandas Series indexed by label, or a DataFrame with ``label`` and
        ``grade`` columns. Labels are unique non-empty strings; grades are finite,
        non-negative numbers, or ``None`` for an item that was never judged (shown as
        unjudged, and counted as ``unjudged`` says).
    unretrieved
        Judged items that were not retrieved, in the same forms (grades required). They are
        listed among every judged item and take part in the ideal ranking only. Their
        labels must differ from the items'. With the judged items they make the library's
        ``pool``.
    k
        The cutoff: a positive integer, or None for the whole list. A k beyond the list
        counts what is there; the ideal is cut at k too.
    gain
        ``"linear"`` (gain = grade) or ``"exponential"`` (gain = 2**grade - 1).
    unjudged
        What an unjudged item counts for, as in :func:`ndcg.ndcg`: ``"zero"`` (no gain, in
        its place), ``"condense"`` (dropped before scoring: the items below move up) or
        ``"raise"`` (unjudged items are refused).
    readouts
        The figures on screen, from ``"cg"``, ``"dcg"``, ``"idcg"``, ``"ndcg"`` and NDCG's
        family ``"precision"`` (P@k), ``"recall"`` (R@k), ``"ap"``, ``"rr"``, ``"err"``,
        ``"rbp"`` and ``"binary_ndcg"`` (NDCG with every grade at or above ``threshold``
        counted 1 and the rest 0, the NDCG of a library given no grades) (shown in that
        order); None shows CG, DCG, IDCG and NDCG. A chapter
        shows the ones it has taught: the controls, the chart and the announcements speak
        of these only.
    series
        The chart's series, from ``"grade"``, ``"gain"``, ``"discounted_gain"``,
        ``"discount"``, ``"cumulative_cg"``, ``"cumulative_dcg"`` and
        ``"ideal_cumulative_dcg"``; None picks those that go with ``readouts``.
    goal
        A goal from :mod:`ndcg.widgets.goals`, or a list of them, measured at the widget's
        ``k`` and ``gain`` unless it names its own. The widget shows each goal and says,
        on screen and to screen readers, when the current order reaches it.
    scores
        The system's score for each item (a sequence in the items' order, or a mapping
        from label to score). Items with equal scores are shaded as a tie group.
    score_name
        What the scores are called on screen, e.g. ``"estimate"``.
    moves
        ``"any"``, or ``"within ties"``: every move, swap and button keeps each item among
        the items that share its score (``items`` must then come in score order, best
        first), and goals look for their best and worst among those orders only.
    note
        A sentence shown above the ranking, e.g. to say that part of the judged items is
        left out on purpose.
    discount
        The discount of DCG, IDCG and NDCG, as in :func:`ndcg.dcg`: ``"log2"`` (the
        default), ``"reciprocal"``, ``("log", b)`` or ``("geometric", p)``.
    discounts
        Discounts the reader may choose from on screen (a selector), in the same forms;
        ``discount`` must be one of them. Empty (the default): no selector.
    threshold
        The lowest grade that counts as relevant for P@k, R@k, AP, RR and RBP.
    max_grade
        The top of the grade scale for ERR; None takes the largest judged grade.
    p
        RBP's persistence, strictly between 0 and 1.
    pad
        A grade, or None (the default). With a grade, the ideal is padded to ``k``
        positions with imagined items of that grade, ``"imagined 1"``, ``"imagined 2"``,
        ...: as many as the judged items fall short of ``k``, at whatever cutoff the
        reader picks (none for the whole list). Each goal pads to its own cutoff.

    Attributes
    ----------
    order : list of str
        The current ranking as item labels; synced both ways.

    Examples
    --------
    >>> from ndcg.teaching import examples
    >>> from ndcg.widgets import goals
    >>> w = RankingWidget(
    ...     examples.D_TABLE, unretrieved=examples.D_UNRETRIEVED, k=6,
    ...     goal=goals.at_least("ndcg", 0.8),
    ... )
    >>> round(w.metrics["ndcg"], 6)
    0.785002
    >>> status = w.goal_status[0]
    >>> status["reached"], round(status["limit"], 6), status["missing"]
    (False, 0.817023, ['D7', 'D8'])
    >>> w.order = ["D1", "D3", "D2", "D6", "D5", "D4"]
    >>> w.goal_status[0]["reached"]
    True
    >>> w = RankingWidget([("A", 3), ("B", None), ("C", 2)], unretrieved=[("D", 3)])
    >>> round(w.metrics["ndcg"], 6), w.ideal_order
    (0.678796, ['A', 'D', 'C'])

    NDCG's family beside NDCG, with a goal on both (chapter 10):

    >>> w = RankingWidget(
    ...     examples.D_TABLE, unretrieved=examples.D_UNRETRIEVED, k=6, max_grade=3,
    ...     readouts=["ndcg", "err"], goal=goals.rises_while_falls("ndcg", "err"),
    ... )
    >>> round(w.metrics["err"], 6)
    0.922002
    >>> w.order = ["D1", "D2", "D6", "D3", "D4", "D5"]
    >>> w.goal_status[0]["reached"]
    True

    """

    _esm = front_end("ranking", "js")
    _css = front_end("ranking", "css")

    items = _Items(unjudged=True).tag(sync=True)
    unretrieved = _Items().tag(sync=True)
    order = traitlets.List(traitlets.Unicode()).tag(sync=True)
    k = traitlets.Int(None, allow_none=True).tag(sync=True)
    gain = traitlets.Enum(GAINS, default_value="linear").tag(sync=True)
    unjudged = traitlets.Enum(UNJUDGED, default_value="zero").tag(sync=True)
    readouts = traitlets.List(traitlets.Unicode()).tag(sync=True)
    series = traitlets.List(traitlets.Unicode()).tag(sync=True)
    goals = traitlets.List(traitlets.Dict()).tag(sync=True)
    scores = traitlets.Dict(value_trait=traitlets.Float()).tag(sync=True)
    score_name = traitlets.Unicode("score").tag(sync=True)
    moves = traitlets.Enum(MOVES, default_value="any").tag(sync=True)
    note = traitlets.Unicode("").tag(sync=True)
    discount = traitlets.Any("log2").tag(sync=True)
    discounts: traitlets.List[Any] = traitlets.List().tag(sync=True)
    threshold = traitlets.Float(1.0).tag(sync=True)
    max_grade = traitlets.Float(1.0).tag(sync=True)
    p = traitlets.Float(0.8).tag(sync=True)
    pad = traitlets.Float(None, allow_none=True).tag(sync=True)

    def __init__(
        self,
        items: Any,
        unretrieved: Any = None,
        k: int | None = None,
        gain: str = "linear",
        unjudged: str = "zero",
        *,
        readouts: Any = None,
        series: Any = None,
        goal: Any = None,
        scores: Any = None,
        score_name: str = "score",
        moves: str = "any",
        note: str = "",
        discount: Any = "log2",
        discounts: Any = (),
        threshold: float = 1,
        max_grade: float | None = None,
        p: float = 0.8,
        pad: float | None = None,
        **kwargs: Any,
    ) -> None:
        from .. import _validate

        # traitlets would drop an unknown keyword with a mere warning: refuse it instead.
        unknown = sorted(set(kwargs) - set(self.class_trait_names()))
        if unknown:
            hint = (
                "; judged items that were not retrieved go in unretrieved="
                if "pool" in unknown
                else ""
            )
            raise TypeError(f"RankingWidget got unexpected keyword argument(s) {unknown}{hint}")
        checked = normalize_items(items, "items", unjudged=True)
        if not checked:
            raise ValueError("items: the ranking needs at least one item")
        others = normalize_items([] if unretrieved is None else unretrieved, "unretrieved")
        if k is not None and not isinstance(k, bool) and hasattr(k, "__index__"):
            k = operator.index(k)  # numpy integers are fine as k; floats are not
        labels = [item["label"] for item in checked]
        shown = check_readouts(readouts)
        if max_grade is None:
            top = max((i["grade"] for i in checked + others if i["grade"] is not None), default=0)
            if top > _validate.MAX_GRADE:  # ERR's scale is read from the grades: name the item
                name, label = next(
                    (name, item["label"])
                    for name, group in (("items", checked), ("unretrieved", others))
                    for item in group
                    if item["grade"] == top
                )
                where = (
                    f" (item {label!r}), and the widget takes ERR's max_grade from the top grade"
                )
                raise ValueError(_validate.above_scale(name, top, None, where))
            max_grade = top if top > 0 else 1
        family = {
            "threshold": _validate.threshold(threshold, "threshold"),
            "max_grade": _validate.max_grade(max_grade, "max_grade"),
            "p": _validate.fraction(p, "p"),
        }
        chosen = check_discount(discount, "discount")
        offered = [check_discount(d, f"discounts[{i}]") for i, d in enumerate(discounts)]
        if offered and chosen not in offered:
            raise ValueError(
                f"discount {discount!r} is not among discounts {list(discounts)}; add it, "
                "so that the selector can show it"
            )
        super().__init__(
            items=checked,
            unretrieved=others,
            order=labels,
            k=k,
            gain=gain,
            unjudged=unjudged,
            readouts=shown,
            series=check_series(series, shown),
            scores={} if scores is None else normalize_scores(scores, labels),
            score_name=score_name,
            note=note,
            discount=chosen,
            discounts=offered,
            pad=None if pad is None else check_grade(pad, "pad", "imagined", False),
            **family,
            **kwargs,
        )
        # Set after the scores, which "within ties" needs; goals after k, gain, discount and
        # readouts, which complete them.
        self.moves = moves
        self.goals = _goals.check_goals(goal, self.k, self.gain, self.readouts, self.discount)

    @traitlets.validate("k")
    def _check_k(self, proposal: dict[str, Any]) -> int | None:
        k = proposal["value"]
        if k is None:
            return None
        if isinstance(k, bool) or k < 1:
            raise traitlets.TraitError(f"k must be a positive integer or None, got {k!r}")
        return int(k)

    @traitlets.validate("items")
    def _check_items(self, proposal: dict[str, Any]) -> list[Item]:
        items = proposal["value"]
        if not items:
            raise traitlets.TraitError("items: the ranking needs at least one item")
        self._check_disjoint(items, self.unretrieved)
        self._check_judged(items, self.unjudged)
        if self.scores and set(self.scores) != {item["label"] for item in items}:
            raise traitlets.TraitError(
                "items: the new labels differ from those of scores; set scores={} first, "
                "then the items, then their scores"
            )
        return items

    @traitlets.validate("unretrieved")
    def _check_unretrieved(self, proposal: dict[str, Any]) -> list[Item]:
        self._check_disjoint(self.items, proposal["value"])
        return proposal["value"]

    @traitlets.validate("unjudged")
    def _check_unjudged(self, proposal: dict[str, Any]) -> str:
        self._check_judged(self.items, proposal["value"])
        return proposal["value"]

    @traitlets.validate("readouts")
    def _check_readouts(self, proposal: dict[str, Any]) -> list[str]:
        try:
            shown = check_readouts(proposal["value"])
        except (TypeError, ValueError) as error:
            raise traitlets.TraitError(str(error)) from error
        hidden = [g["metric"] for g in self.goals if g["metric"] not in shown]
        if hidden:
            raise traitlets.TraitError(
                f"readouts: the goals measure {hidden}, which would leave the screen; "
                "change the goals first"
            )
        return shown

    @traitlets.validate("series")
    def _check_series(self, proposal: dict[str, Any]) -> list[str]:
        try:
            return check_series(proposal["value"], self.readouts)
        except (TypeError, ValueError) as error:
            raise traitlets.TraitError(str(error)) from error

    @traitlets.validate("goals")
    def _check_goals(self, proposal: dict[str, Any]) -> list[dict[str, Any]]:
        try:
            return _goals.check_goals(
                proposal["value"], self.k, self.gain, self.readouts, self.discount
            )
        except (TypeError, ValueError) as error:
            raise traitlets.TraitError(str(error)) from error

    @traitlets.validate("discount")
    def _check_discount(self, proposal: dict[str, Any]) -> str | list[Any]:
        try:
            chosen = check_discount(proposal["value"], "discount")
        except (TypeError, ValueError) as error:
            raise traitlets.TraitError(str(error)) from error
        if self.discounts and chosen not in self.discounts:
            raise traitlets.TraitError(
                f"discount {proposal['value']!r} is not among discounts {self.discounts}"
            )
        return chosen

    @traitlets.validate("threshold", "max_grade", "p")
    def _check_family(self, proposal: dict[str, Any]) -> float:
        from .. import _validate

        name = proposal["trait"].name
        check = {"threshold": _validate.threshold, "max_grade": _validate.max_grade}
        try:
            return check.get(name, _validate.fraction)(proposal["value"], name)
        except (TypeError, ValueError) as error:
            raise traitlets.TraitError(str(error)) from error

    @traitlets.validate("scores")
    def _check_scores(self, proposal: dict[str, Any]) -> dict[str, float]:
        if not proposal["value"]:
            if self.moves == "within ties":
                raise traitlets.TraitError("scores: moves='within ties' needs the items' scores")
            return {}
        try:
            return normalize_scores(proposal["value"], [item["label"] for item in self.items])
        except (TypeError, ValueError) as error:
            raise traitlets.TraitError(str(error)) from error

    @traitlets.validate("moves")
    def _check_moves(self, proposal: dict[str, Any]) -> str:
        moves = proposal["value"]
        if moves == "within ties":
            if not self.scores:
                raise traitlets.TraitError(
                    "moves='within ties' needs scores: pass one score per item"
                )
            for previous, item in itertools.pairwise(self.items):
                before, after = self.scores[previous["label"]], self.scores[item["label"]]
                if after > before:
                    raise traitlets.TraitError(
                        "moves='within ties' needs the items in score order, best first: "
                        f"{item['label']!r} ({after!r}) comes after {previous['label']!r} "
                        f"({before!r})"
                    )
        return moves

    @staticmethod
    def _check_disjoint(items: list[Item], unretrieved: list[Item]) -> None:
        shared = {i["label"] for i in items} & {p["label"] for p in unretrieved}
        if shared:
            raise traitlets.TraitError(
                f"unretrieved: labels {_few(shared)} are also retrieved items; an "
                "unretrieved item cannot be in the ranking too"
            )

    @staticmethod
    def _check_judged(items: list[Item], unjudged: str) -> None:
        labels = [item["label"] for item in items if item["grade"] is None]
        if labels and unjudged == "raise":
            raise traitlets.TraitError(
                f"items: {len(labels)} item(s) were never judged ({_few(labels)}) and "
                "unjudged='raise'; give them grades, or pass unjudged='zero' or 'condense'"
            )

    @traitlets.validate("order")
    def _check_order(self, proposal: dict[str, Any]) -> list[str]:
        order = list(proposal["value"])
        labels = {item["label"] for item in self.items}
        counts = Counter(order)  # one pass: a long order is checked in linear time
        if len(order) != len(labels) or counts.keys() != labels:
            missing = labels - counts.keys()
            unknown = counts.keys() - labels
            repeated = [label for label, n in counts.items() if n > 1]
            raise traitlets.TraitError(
                "order must list every item label exactly once; "
                f"missing {_few(missing)}, unknown {_few(unknown)}, repeated {_few(repeated)}"
            )
        return order

    @traitlets.observe("items")
    def _items_changed(self, change: dict[str, Any]) -> None:
        # New items start in the order given, as at construction.
        self.order = [item["label"] for item in change["new"]]

    @property
    def relevance(self) -> list[float | None]:
        """Grades of the items in the current order (``None`` for an unjudged item)."""
        grade = {item["label"]: item["grade"] for item in self.items}
        return [grade[label] for label in self.order]

    @property
    def judged(self) -> list[float]:
        """Every judged grade for the query (the library's ``pool``): items' and unretrieved."""
        everything = list(self.items) + list(self.unretrieved)
        return [item["grade"] for item in everything if item["grade"] is not None]

    def _imagined(self, k: int | None) -> list[Item]:
        """Return the imagined items that pad the ideal to ``k`` positions (``pad``)."""
        if self.pad is None or k is None:
            return []
        return [
            {"label": f"imagined {i}", "grade": self.pad}
            for i in range(1, k - len(self.judged) + 1)
        ]

    def _pool(self, k: int | None) -> list[float] | None:
        """Return the library's ``pool`` at cutoff ``k``: every judged grade, padded to ``k``."""
        pool = self.judged + [item["grade"] for item in self._imagined(k)]
        return pool or None  # nothing judged at all: the ideal is empty

    def _ideal_labels(self, gain: str, k: int | None) -> list[str]:
        import ndcg

        everything = list(self.items) + list(self.unretrieved) + self._imagined(k)
        order = ndcg.ideal_order([item["grade"] for item in everything], gain=gain)
        return [everything[i]["label"] for i in order]

    @property
    def ideal_order(self) -> list[str]:
        """Labels of the judged items and the unretrieved ones in the library's ideal order.

        Best gain first, ties in input order (:func:`ndcg.ideal_order`); unjudged items
        have no place in it.
        """
        return self._ideal_labels(self.gain, self.k)

    def _figure(
        self,
        metric: str,
        relevance: list[float | None],
        k: int | None,
        gain: str,
        discount: str | list[Any] | None = None,
    ) -> float:
        from ndcg import measures

        record = measures.BY_NAME.get(metric)
        if record is None or not record.readout or record.function is None:
            raise ValueError(f"metric {metric!r} is not a readout")
        threshold = self.threshold

        def relevant(grade: float) -> float:
            return 1.0 if grade >= threshold else 0.0

        # Every argument a readout's function may take; its record says which it takes. A
        # measure that reads no grades but takes a gain (binary NDCG) gets the 0/1 gain.
        context = {
            "k": k,
            "gain": gain if record.grades else relevant,
            "discount": spec(self.discount if discount is None else discount),
            "unjudged": self.unjudged,
            "pool": self._pool(k),
            "threshold": threshold,
            "max_grade": self.max_grade,
            "p": self.p,
        }
        function = measures.resolve(record.function)
        return function(relevance, **{name: context[name] for name in record.args})

    def _fallback_lines(self) -> list[str]:
        """Give the ranked list and its readouts as they start (see :mod:`._fallback`)."""
        grade = {item["label"]: item["grade"] for item in self.items}
        shown = {label: "unjudged" if g is None else f"grade {g:g}" for label, g in grade.items()}
        lines = [f"{at}. {label}: {shown[label]}" for at, label in enumerate(self.order, 1)]
        metrics = self.metrics
        figures = ", ".join(f"{name.upper()} = {metrics[name]:.3f}" for name in self.readouts)
        cutoff = "the whole list" if self.k is None else f"k = {self.k}"
        lines.append(f"{figures} ({cutoff}, {self.gain} gain)")
        return ["A ranked list to reorder, as it starts:", *lines]

    @property
    def metrics(self) -> dict[str, float]:
        """The current order's figures, computed by the ndcg library.

        Returns
        -------
        dict
            Keys ``"cg"``, ``"dcg"``, ``"idcg"`` and ``"ndcg"`` (whichever ``readouts``
            the screen shows), then each other readout on screen (``"err"``, ``"ap"``,
            ...); the ideal is built from every judged item, retrieved or not, cut at
            ``k``, and DCG's kin use the widget's ``discount``.

        """
        relevance = self.relevance
        keys = ["cg", "dcg", "idcg", "ndcg"]
        keys += [m for m in self.readouts if m not in keys]
        return {m: self._figure(m, relevance, self.k, self.gain) for m in keys}

    @property
    def goal_status(self) -> list[dict[str, Any]]:
        """Where each goal stands for the current order, decided with the library's figures.

        Returns
        -------
        list of dict
            One per goal: ``reached``, the figure now (``value``) and at the starting
            order (``start``), the best or worst figure the allowed orders reach
            (``limit``), ``out_of_reach``, ``distance`` (swaps from the start), and for an
            NDCG goal whose best falls short of 1, the unretrieved items that make it fall
            short (``missing``). The view in the browser decides the same.

        """
        start_labels = [item["label"] for item in self.items]
        grade = {item["label"]: item["grade"] for item in self.items}
        start = [grade[label] for label in start_labels]
        now = self.relevance
        scores = [self.scores[label] for label in start_labels] if self.moves != "any" else None
        runs = _goals.blocks(scores, len(start))
        distance = _goals.swap_distance(self.order, start_labels)
        statuses = []
        for goal in self.goals:
            others = list(self.unretrieved) + self._imagined(goal["k"])
            unretrieved = {item["label"]: item["grade"] for item in others}
            ideal = self._ideal_labels(goal["gain"], goal["k"])[: goal["k"]]
            missing = [label for label in ideal if unretrieved.get(label, 0) > 0]

            def figure(
                metric: str, grades: Any, k: Any = _goals.GOAL_K, goal: dict[str, Any] = goal
            ) -> float:
                cutoff = goal["k"] if k is _goals.GOAL_K else k
                return self._figure(metric, list(grades), cutoff, goal["gain"], goal["discount"])

            statuses.append(
                _goals.status(goal, now, start, figure, runs, distance, missing, self.threshold)
            )
        return statuses
