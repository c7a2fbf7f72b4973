"""What a mistyped ``-m`` value of ``python -m ndcg`` probably meant.

Taught in chapter 9, "NDCG in the wild" (the command line's messages).

The command line (:func:`ndcg.trec.options.parse_measures`) and the browser's copy of it
(``js/trec/options.js``, ``nearest.js``) answer a typo with the names these
return, so both read the same rules.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection


def nearest_names(head: str, names: Collection[str]) -> list[str]:
    """Return up to three of ``names`` nearest to ``head``, nearest first (difflib).

    Compared without case (``p`` finds ``P``, ``rprec`` finds ``Rprec``); ties go to the
    larger name, as :func:`difflib.get_close_matches` orders them.

    Examples
    --------
    >>> nearest_names("ndcg_p", ["map", "ndcg", "ndcg_cut", "ndcg_rel", "Rndcg"])
    ['ndcg', 'Rndcg', 'ndcg_rel']

    """
    lowered = {name.lower(): name for name in names}
    return [lowered[n] for n in difflib.get_close_matches(head.lower(), list(lowered))]


def without_stray_commas(spec: str, names: Collection[str]) -> str | None:
    """Return ``spec`` as meant when a comma in it is stray, else None.

    A comma separates one measure's parameters; an empty item (``ndcg_cut.10,``,
    ``P.5,,10``) or a measure's name after a comma (``ndcg_cut.10,map``: measures
    separated by commas, not spaces) makes it stray. The measures meant are joined by
    spaces, as the page's field takes them. ``names`` are the names ``-m`` takes.

    Examples
    --------
    >>> names = ["map", "ndcg_cut"]
    >>> without_stray_commas("ndcg_cut.10,", names), without_stray_commas("ndcg_cut.10,map", names)
    ('ndcg_cut.10', 'ndcg_cut.10 map')
    >>> without_stray_commas("ndcg_cut.5,10", names) is None
    True

    """
    if "," not in spec:
        return None
    meant: list[tuple[str, list[str]]] = []
    stray = False
    for n, item in enumerate(spec.split(",")):
        head, dot, first = item.partition(".")
        if n == 0 or head in names:
            stray = stray or n > 0
            meant.append((head, [first] if dot else []))
        else:
            meant[-1][1].append(item)
    kept = []
    for head, items in meant:
        given = [item for item in items if item]
        stray = stray or len(given) < len(items) or not head
        if head:
            kept.append(head + ("." + ",".join(given) if given else ""))
    return " ".join(kept) if stray and kept else None
