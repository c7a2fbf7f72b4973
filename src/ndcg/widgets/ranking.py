"""``RankingWidget``: reorder a ranked list and watch CG, DCG, IDCG and NDCG respond.

Used from chapter 2 on: each chapter gives the widget a task.

The Python side holds the state (items, their order, the judged items that were not
retrieved, the cutoff, the gain and the unjudged policy) as synced traitlets and answers
with the library's own figures (:attr:`RankingWidget.metrics`). The view, ``ranking.js``,
recomputes the same figures in the browser, so the widget stays live on a static page with
no kernel behind it.
"""

from __future__ import annotations

import heapq
import operator
import pathlib
from collections import Counter
from typing import Any

import anywidget
import traitlets

from ._items import Item, normalize_items

_HERE = pathlib.Path(__file__).parent
GAINS = ("linear", "exponential")
UNJUDGED = ("zero", "condense", "raise")


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


class RankingWidget(anywidget.AnyWidget):
    """An interactive ranked list with its CG, DCG, IDCG and NDCG.

    Reorder the items by dragging them, with Alt+ArrowUp / Alt+ArrowDown on a focused item,
    or with the buttons beside each item; the readouts and the per-position chart follow.

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
        shown apart and take part in the ideal ranking only. Their labels must differ from
        the items'. Together with the judged items they make the library's ``pool``.
    k
        The cutoff: a positive integer, or None for the whole list. A k beyond the list
        counts what is there; the ideal is cut at k too.
    gain
        ``"linear"`` (gain = grade) or ``"exponential"`` (gain = 2**grade - 1).
    unjudged
        What an unjudged item counts for, as in :func:`ndcg.ndcg`: ``"zero"`` (no gain, in
        its place), ``"condense"`` (dropped before scoring: the items below move up) or
        ``"raise"`` (unjudged items are refused).

    Attributes
    ----------
    order : list of str
        The current ranking as item labels; synced both ways.

    Examples
    --------
    >>> from ndcg.teaching import examples
    >>> w = RankingWidget(examples.D_TABLE, unretrieved=examples.D_UNRETRIEVED, k=6)
    >>> round(w.metrics["ndcg"], 6)
    0.785002
    >>> w.order = ["D1", "D2", "D4", "D3", "D5", "D6"]
    >>> round(w.metrics["dcg"], 6)
    6.653156
    >>> w = RankingWidget([("A", 3), ("B", None), ("C", 2)], unretrieved=[("D", 3)])
    >>> round(w.metrics["ndcg"], 6), w.ideal_order
    (0.678796, ['A', 'D', 'C'])

    """

    _esm = _HERE / "ranking.js"
    _css = _HERE / "ranking.css"

    items = _Items(unjudged=True).tag(sync=True)
    unretrieved = _Items().tag(sync=True)
    order = traitlets.List(traitlets.Unicode()).tag(sync=True)
    k = traitlets.Int(None, allow_none=True).tag(sync=True)
    gain = traitlets.Enum(GAINS, default_value="linear").tag(sync=True)
    unjudged = traitlets.Enum(UNJUDGED, default_value="zero").tag(sync=True)

    def __init__(
        self,
        items: Any,
        unretrieved: Any = None,
        k: int | None = None,
        gain: str = "linear",
        unjudged: str = "zero",
        **kwargs: Any,
    ) -> None:
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
        super().__init__(
            items=checked,
            unretrieved=others,
            order=[item["label"] for item in checked],
            k=k,
            gain=gain,
            unjudged=unjudged,
            **kwargs,
        )

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
        return items

    @traitlets.validate("unretrieved")
    def _check_unretrieved(self, proposal: dict[str, Any]) -> list[Item]:
        self._check_disjoint(self.items, proposal["value"])
        return proposal["value"]

    @traitlets.validate("unjudged")
    def _check_unjudged(self, proposal: dict[str, Any]) -> str:
        self._check_judged(self.items, proposal["value"])
        return proposal["value"]

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

    @property
    def ideal_order(self) -> list[str]:
        """Labels of the judged items and the unretrieved ones in the library's ideal order.

        Best gain first, ties in input order (:func:`ndcg.ideal_order`); unjudged items
        have no place in it.
        """
        import ndcg

        everything = list(self.items) + list(self.unretrieved)
        order = ndcg.ideal_order([item["grade"] for item in everything], gain=self.gain)
        return [everything[i]["label"] for i in order]

    @property
    def metrics(self) -> dict[str, float]:
        """CG, DCG, IDCG and NDCG of the current order, computed by the ndcg library.

        Returns
        -------
        dict
            Keys ``"cg"``, ``"dcg"``, ``"idcg"`` and ``"ndcg"``; the ideal is built from
            every judged item, retrieved or not, cut at ``k``.

        """
        import ndcg

        relevance = self.relevance
        pool = self.judged or None  # nothing judged at all: the ideal is empty
        common = {"k": self.k, "unjudged": self.unjudged}
        return {
            "cg": ndcg.cg(relevance, **common),
            "dcg": ndcg.dcg(relevance, gain=self.gain, **common),
            "idcg": ndcg.idcg(relevance, gain=self.gain, pool=pool, **common),
            "ndcg": ndcg.ndcg(relevance, gain=self.gain, pool=pool, **common),
        }
