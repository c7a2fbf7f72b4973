"""The family of ranking metrics as sums over ranked lists, through the one kernel.

Every metric here is the kernel's discounted running sum (:func:`ndcg._kernel.dcg_at`) of
other gains under another discount, which is how chapter 11 reads them:

* precision and recall count relevant documents: binary gains, no discount;
* average precision sums, at each relevant document, the precision so far: the gain
  ``rel_i * (relevant documents up to i) / i``, undiscounted;
* ERR is a cascade: the reader stops at rank ``i`` with probability
  ``R_i * prod_{j<i} (1 - R_j)`` and is rewarded ``1/i``; reciprocal rank is the same
  cascade with a reader whom any relevant document satisfies;
* RBP sums binary gains under the geometric discount ``p**(i-1)``, times ``1 - p``.

Each term is formed with trec_eval's own operations (``count / i``, not ``count * (1/i)``;
``p**(i-1)`` as a running product, :func:`ndcg.discount.persistence`), so that the sums
agree with it to the last bit and the fourth decimal it prints never differs.

Arrays hold one ranked list along the last axis (1-D) or one per row (2-D). Grades are
NaN where a position was never judged; such a position is never relevant.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ndcg._kernel import TieBreak, dcg_at, dcg_rows, depth, normalise, rank_rows
from ndcg.discount import RECIPROCAL, UNIFORM, Discount, persistence
from ndcg.measures import REGISTRY

Where = Callable[[int], str] | None

#: Why recall and average precision are undefined for a list (see ``normalise``).
NO_RELEVANT = "no judged document is relevant{where} (none reaches the threshold), so {metric}"


def relevant(grades: np.ndarray, threshold: float) -> np.ndarray:
    """1.0 where a grade reaches ``threshold``, else 0.0 (an unjudged NaN never does).

    Examples
    --------
    >>> import numpy as np
    >>> relevant(np.array([3.0, np.nan, 1.0, 0.0]), 2.0).tolist()
    [1.0, 0.0, 0.0, 0.0]

    """
    return (grades >= threshold).astype(np.float64)


def counts_at(binary: np.ndarray, cutoffs: Sequence[int | None]) -> np.ndarray:
    """How many relevant documents each list holds up to each cutoff."""
    return dcg_at(binary, cutoffs, UNIFORM)


def precision_from(
    found: np.ndarray, cutoffs: Sequence[int | None], n_ranked: np.ndarray | int
) -> np.ndarray:
    """Relevant documents found in the top ``k``, over ``k``; over the list's length for ``None``.

    A cutoff past the end of a list still divides by the cutoff, as trec_eval's ``P_k``
    does: a system that returns fewer documents does not gain from it. An empty list has
    precision 0.
    """
    out = np.empty_like(found)
    ranked = np.asarray(n_ranked, dtype=np.float64)
    for j, c in enumerate(cutoffs):
        size = ranked if c is None else np.float64(c)
        column = found[..., j]
        out[..., j] = np.divide(column, size, out=np.zeros_like(column), where=size > 0)
    return out


def ratio_of_relevant(
    found: np.ndarray,
    n_relevant: np.ndarray | int,
    empty: float | str,
    metric: str,
    where: Where = None,
) -> np.ndarray:
    """``found / n_relevant`` per cutoff column, with ``empty`` where nothing is relevant."""
    found = np.atleast_2d(found)
    total = np.broadcast_to(np.asarray(n_relevant, dtype=np.float64), found.shape[:1])
    out = np.empty_like(found)
    undefined = NO_RELEVANT.replace("{metric}", metric)
    for j in range(found.shape[1]):
        out[:, j] = normalise(found[:, j].copy(), total, empty, where, undefined)
    return out


def average_precision_sums(binary: np.ndarray, cutoffs: Sequence[int | None]) -> np.ndarray:
    """Sum the precision at each relevant rank up to each cutoff (AP times R).

    Each term is ``found / i`` (trec_eval's ``rel_so_far / (i + 1)``): multiplying by a
    rounded ``1/i`` instead can move the last bit, and with it the printed fourth decimal.

    Examples
    --------
    >>> import numpy as np
    >>> average_precision_sums(np.array([0.0, 1, 1, 1, 1, 1]), (None,)).round(4).tolist()
    [3.55]

    """
    ranks = np.arange(1.0, binary.shape[-1] + 1.0)
    return dcg_at(binary * np.cumsum(binary, axis=-1) / ranks, cutoffs, UNIFORM)


def satisfaction(grades: np.ndarray, max_grade: float) -> np.ndarray:
    """ERR's chance that a document satisfies the reader: ``(2**g - 1) / 2**max_grade``.

    Chapelle et al. (2009), section 4; an unjudged (NaN) position satisfies no one.

    Examples
    --------
    >>> import numpy as np
    >>> satisfaction(np.array([0.0, 1.0, 4.0, np.nan]), 4.0).tolist()
    [0.0, 0.0625, 0.9375, 0.0]

    """
    chance = (np.exp2(grades) - 1.0) / np.exp2(max_grade)
    return np.where(np.isnan(grades), 0.0, chance)


def stopping(chance: np.ndarray) -> np.ndarray:
    """Return the chance that a cascade reader stops at each rank (along the last axis).

    The reader reaches rank ``i`` only if no document above satisfied them, and stops
    there with the chance of document ``i``: ``chance_i * prod_{j<i} (1 - chance_j)``.

    Examples
    --------
    >>> import numpy as np
    >>> stopping(np.array([0.5, 0.5, 1.0])).tolist()
    [0.5, 0.25, 0.25]

    """
    reach = np.cumprod(1.0 - chance, axis=-1)
    before = np.concatenate([np.ones_like(reach[..., :1]), reach[..., :-1]], axis=-1)
    return chance * before


def cascade_at(chance: np.ndarray, cutoffs: Sequence[int | None]) -> np.ndarray:
    """Return the expected reciprocal rank of the stop, ``sum_i stop_i / i``, at each cutoff.

    With ERR's chances this is ERR; with binary chances (1 for relevant) the reader
    stops at the first relevant document and it is the reciprocal rank.
    """
    return dcg_at(stopping(chance), cutoffs, RECIPROCAL)


def rbp_at(binary: np.ndarray, cutoffs: Sequence[int | None], p: float) -> np.ndarray:
    """Rank-biased precision, ``(1 - p) * sum_i rel_i * p**(i-1)``, up to each cutoff."""
    return (1.0 - p) * dcg_at(binary, cutoffs, Discount("geometric", p))


def residual_from(
    inside: np.ndarray,
    cutoffs: Sequence[int | None],
    p: float,
    n_ranked: np.ndarray | int,
) -> np.ndarray:
    """How much RBP could still rise: unjudged positions and everything past the list.

    Moffat and Zobel (2008), section 4: each unjudged position up to the depth ``d`` read
    (the cutoff, or the list's end if it comes first) could be relevant, worth
    ``(1 - p) * p**(i-1)`` (their RBP, ``inside``), and so could every document after
    ``d``, worth ``p**d`` in all.
    """
    ranked = np.asarray(n_ranked, dtype=np.int64)
    out = np.empty_like(inside)
    # p**d as the running product trec_eval ends its loop with (its cur_p).
    tail = persistence(int(ranked.max(initial=0)) + 1, p)
    for j, c in enumerate(cutoffs):
        read = ranked if c is None else np.minimum(ranked, c)
        out[..., j] = inside[..., j] + tail[read]
    return out


#: The metrics :func:`family_rows` computes (the registry's records that name it their
#: kernel); their order is the order of the columns.
METRICS = tuple(m.name for m in REGISTRY if m.kernel == "ndcg._family.family_rows" and m.evaluate)


def family_rows(
    scores: np.ndarray,
    grades: np.ndarray,
    cutoffs: Sequence[int | None],
    tiebreak: TieBreak | None,
    names: Sequence[str],
    *,
    threshold: float,
    max_grade: float | None,
    p: float,
) -> dict[str, np.ndarray]:
    """Compute the metrics ``names`` of every row ranked by score, at each cutoff.

    Recall and average precision come back as the counts and sums that the caller divides
    by the number of relevant documents judged for each query.

    Parameters
    ----------
    scores : numpy.ndarray, shape (m, w)
        Finite scores; ``-inf`` marks padding.
    grades : numpy.ndarray, shape (m, w)
        Grades; NaN where unjudged, anything for padding.
    cutoffs : sequence of int or None
        Positive cutoffs; ``None`` reads the whole row.
    tiebreak : callable or None
        As in :func:`ndcg._kernel.dcg_rows`; ``None`` (averaged ties) serves only the
        metrics outside :data:`ndcg.measures.ORDERED`.
    names : sequence of str
        Metrics from :data:`METRICS`.
    threshold, max_grade, p : float
        The lowest relevant grade, ERR's top grade and RBP's persistence.

    Returns
    -------
    dict of str to numpy.ndarray, shape (m, len(cutoffs))

    """
    real = np.isfinite(scores)
    n_ranked = real.sum(axis=1)
    binary = relevant(grades, threshold)
    geometric = Discount("geometric", p)
    if tiebreak is None:

        def total(gains: np.ndarray, discount: Discount) -> np.ndarray:
            return dcg_rows(scores, gains, cutoffs, None, discount)

        ranked = None
    else:
        order = rank_rows(scores, depth(scores.shape[1], cutoffs), tiebreak)

        def ranked(values: np.ndarray) -> np.ndarray:
            return np.take_along_axis(values, order, axis=1)

        def total(gains: np.ndarray, discount: Discount) -> np.ndarray:
            return dcg_at(ranked(gains), cutoffs, discount)

    out: dict[str, np.ndarray] = {}
    for name in names:
        if name in ("precision", "recall"):
            found = total(binary, UNIFORM)
            out[name] = precision_from(found, cutoffs, n_ranked) if name == "precision" else found
        elif name == "rbp":
            out[name] = (1.0 - p) * total(binary, geometric)
        elif name == "rbp_residual":
            unknown = (np.isnan(grades) & real).astype(np.float64)
            out[name] = residual_from((1.0 - p) * total(unknown, geometric), cutoffs, p, n_ranked)
        elif ranked is None:
            raise ValueError(f"{name} needs an order inside ties; averaged ties have none")
        elif name == "ap":
            out[name] = average_precision_sums(ranked(binary), cutoffs)
        elif name == "rr":
            out[name] = cascade_at(ranked(binary), cutoffs)
        elif max_grade is None:
            raise ValueError(
                f"{name} needs max_grade, the top of the grade scale; e.g. max_grade=4"
            )
        else:  # err
            out[name] = cascade_at(satisfaction(ranked(grades), max_grade), cutoffs)
    return out
