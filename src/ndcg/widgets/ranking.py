"""``RankingWidget``: reorder a ranked list and watch CG, DCG, IDCG and NDCG respond.

Used from chapter 2 on: each chapter gives the widget a task.

The Python side holds the state (items, their order, the judged-but-unretrieved pool, the
cutoff and the gain) as synced traitlets and answers with the library's own figures
(:attr:`RankingWidget.metrics`). The view, ``ranking.js``, recomputes the same figures in
the browser, so the widget stays live on a static page with no kernel behind it.
"""

from __future__ import annotations

import operator
import pathlib
from typing import Any

import anywidget
import traitlets

from ._items import Item, normalize_items

_HERE = pathlib.Path(__file__).parent
GAINS = ("linear", "exponential")


class _Items(traitlets.TraitType[list[Item], Any]):
    """A trait holding checked ``{"label", "grade"}`` items; accepts every input form."""

    default_value: list[Item] = []
    info_text = "a list of (label, grade) pairs, a dict, a Series or a DataFrame"

    def validate(self, obj: Any, value: Any) -> list[Item]:
        try:
            return normalize_items(value, self.name or "items")
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
        non-negative numbers.
    pool
        Judged items that were not retrieved, in the same forms. They are shown apart and
        take part in the ideal ranking only. Their labels must differ from the items'.
    k
        The cutoff: a positive integer, or None for the whole list. A k beyond the list
        counts what is there; the ideal is cut at k too.
    gain
        ``"linear"`` (gain = grade) or ``"exponential"`` (gain = 2**grade - 1).

    Attributes
    ----------
    order : list of str
        The current ranking as item labels; synced both ways.

    Examples
    --------
    >>> from ndcg.teaching import examples
    >>> w = RankingWidget(examples.D_TABLE, pool=examples.D_UNRETRIEVED, k=6)
    >>> round(w.metrics["ndcg"], 6)
    0.785002
    >>> w.order = ["D1", "D2", "D4", "D3", "D5", "D6"]
    >>> round(w.metrics["dcg"], 6)
    6.653156

    """

    _esm = _HERE / "ranking.js"
    _css = _HERE / "ranking.css"

    items = _Items().tag(sync=True)
    pool = _Items().tag(sync=True)
    order = traitlets.List(traitlets.Unicode()).tag(sync=True)
    k = traitlets.Int(None, allow_none=True).tag(sync=True)
    gain = traitlets.Enum(GAINS, default_value="linear").tag(sync=True)

    def __init__(
        self,
        items: Any,
        pool: Any = None,
        k: int | None = None,
        gain: str = "linear",
        **kwargs: Any,
    ) -> None:
        checked = normalize_items(items, "items")
        if not checked:
            raise ValueError("items: the ranking needs at least one item")
        checked_pool = normalize_items([] if pool is None else pool, "pool")
        if k is not None and not isinstance(k, bool) and hasattr(k, "__index__"):
            k = operator.index(k)  # numpy integers are fine as k; floats are not
        super().__init__(
            items=checked,
            pool=checked_pool,
            order=[item["label"] for item in checked],
            k=k,
            gain=gain,
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
        self._check_disjoint(items, self.pool)
        return items

    @traitlets.validate("pool")
    def _check_pool(self, proposal: dict[str, Any]) -> list[Item]:
        self._check_disjoint(self.items, proposal["value"])
        return proposal["value"]

    @staticmethod
    def _check_disjoint(items: list[Item], pool: list[Item]) -> None:
        shared = sorted({i["label"] for i in items} & {p["label"] for p in pool})
        if shared:
            raise traitlets.TraitError(
                f"pool: labels {shared} are also retrieved items; an unretrieved item "
                "cannot be in the ranking too"
            )

    @traitlets.validate("order")
    def _check_order(self, proposal: dict[str, Any]) -> list[str]:
        order = list(proposal["value"])
        labels = [item["label"] for item in self.items]
        if sorted(order) != sorted(labels):
            missing = sorted(set(labels) - set(order))
            unknown = sorted(set(order) - set(labels))
            repeated = sorted({label for label in order if order.count(label) > 1})
            raise traitlets.TraitError(
                "order must list every item label exactly once; "
                f"missing {missing}, unknown {unknown}, repeated {repeated}"
            )
        return order

    @traitlets.observe("items")
    def _items_changed(self, change: dict[str, Any]) -> None:
        # New items start in the order given, as at construction.
        self.order = [item["label"] for item in change["new"]]

    @property
    def relevance(self) -> list[float]:
        """Grades of the items in the current order."""
        grade = {item["label"]: item["grade"] for item in self.items}
        return [grade[label] for label in self.order]

    @property
    def judged(self) -> list[float]:
        """Every judged grade for the query: the retrieved items' and the pool's."""
        return [item["grade"] for item in self.items] + [item["grade"] for item in self.pool]

    @property
    def ideal_order(self) -> list[str]:
        """Labels of items and pool sorted by grade, best first (ties keep input order)."""
        everything = list(self.items) + list(self.pool)
        ranked = sorted(everything, key=lambda item: -item["grade"])
        return [item["label"] for item in ranked]

    @property
    def metrics(self) -> dict[str, float]:
        """CG, DCG, IDCG and NDCG of the current order, computed by the ndcg library.

        Returns
        -------
        dict
            Keys ``"cg"``, ``"dcg"``, ``"idcg"`` and ``"ndcg"``; the ideal is built from
            the items and the pool, cut at ``k``.

        """
        import ndcg

        relevance = self.relevance
        pool = self.judged
        return {
            "cg": float(ndcg.cg(relevance, k=self.k)),
            "dcg": float(ndcg.dcg(relevance, k=self.k, gain=self.gain)),
            "idcg": float(ndcg.idcg(relevance, k=self.k, gain=self.gain, pool=pool)),
            "ndcg": float(ndcg.ndcg(relevance, k=self.k, gain=self.gain, pool=pool)),
        }
