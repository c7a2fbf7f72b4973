"""The registry of measures as JSON, for the browser's trec_eval (``js/trec/``).

The page that evaluates a reader's run in the browser reads the measures from the same
records as ``python -m ndcg`` (:mod:`ndcg.measures`): their trec_eval names, how each reads
its parameters, combines its queries and prints its values. The build embeds this JSON in
the page's script and the tests pass it to the JavaScript, so there is one registry.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ndcg import measures


def _record(measure: measures.Measure) -> dict[str, Any]:
    """One record with every dataclass field (its trec_eval names as a list of objects)."""
    fields = dataclasses.asdict(measure)
    fields["args"] = list(measure.args)
    fields["trec"] = [dataclasses.asdict(name) for name in measure.trec]
    return fields


def registry_json() -> dict[str, Any]:
    """Return every record and trec_eval's sets, as plain JSON values.

    Returns
    -------
    dict
        ``records`` (each :class:`ndcg.measures.Measure`, fields named as in Python, its
        ``trec`` a list of :class:`ndcg.measures.TrecName` objects), ``ALL_TREC`` and
        ``OFFICIAL`` (trec_eval's names, in its printing order) and ``DERIVED`` (the
        inputs the row kernels share, by name).

    Examples
    --------
    >>> registry = registry_json()
    >>> registry["OFFICIAL"][:3]
    ['runid', 'num_q', 'num_ret']
    >>> [r["name"] for r in registry["records"]].count("ndcg")
    1

    """
    return {
        "records": [_record(m) for m in measures.REGISTRY],
        "ALL_TREC": list(measures.ALL_TREC),
        "OFFICIAL": list(measures.OFFICIAL),
        "DERIVED": dict(measures.DERIVED),
    }
