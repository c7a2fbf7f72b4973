"""Two ways offline scores mislead: sampled candidates, and readers who click.

Used by chapter 12, "What NDCG cannot tell you".

* **Sampled candidates.** Recommender systems are often scored by ranking the one held-out
  item a user liked among a small random sample of other items instead of the whole
  catalogue. Krichene and Rendle (2020) showed that such sampled metrics can order two
  systems the other way round from the full ones. :func:`sampled_rank` turns an item's rank
  in the catalogue into its rank among a sample, and :func:`sampled_vs_full` scores two
  invented recommenders both ways with :func:`ndcg.ndcg`.
* **Clicks.** A simulated log of readers who scan from the top and stop once satisfied
  (the cascade model of Craswell et al. 2008, which ERR scores), the position bias it
  shows, and team-draft interleaving (Radlinski, Kurup and Joachims 2008), the online
  comparison of two rankers from the same readers' clicks.

Everything is invented and seeded; nothing comes from real users.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

import ndcg

__all__ = [
    "click_log",
    "interleave",
    "interleaving_wins",
    "sampled_rank",
    "sampled_vs_full",
]


def sampled_rank(
    full_rank: np.ndarray, n_items: int, n_sampled: int, rng: np.random.Generator
) -> np.ndarray:
    """Rank of the held-out item among itself and ``n_sampled`` random other items.

    Of the ``full_rank - 1`` items ranked above it in the catalogue of ``n_items``, the
    number that land in a uniform sample of ``n_sampled`` of the ``n_items - 1`` others
    follows a hypergeometric law; the item's sampled rank is one more than that.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> sampled_rank(np.array([1, 1000]), 1000, 99, rng).tolist()
    [1, 100]

    """
    above = np.asarray(full_rank) - 1
    return 1 + rng.hypergeometric(above, n_items - 1 - above, n_sampled)


def _ndcg_at(rank: int, k: int) -> float:
    # One relevant item: NDCG@k of a list with it at ``rank`` (0 below the cutoff).
    grades = [0] * (rank - 1) + [1]
    return ndcg.ndcg(grades, k=k)


def sampled_vs_full(
    ranks: dict[str, np.ndarray], *, n_items: int, n_sampled: int, k: int = 10, seed: int = 0
) -> pd.DataFrame:
    """Mean NDCG@k of each recommender over the whole catalogue and over sampled candidates.

    Parameters
    ----------
    ranks : dict of str to numpy.ndarray
        For each recommender, the catalogue rank of the held-out item of every user.
    n_items : int
        Size of the catalogue.
    n_sampled : int
        Random other items ranked with the held-out one.
    k : int, default 10
        The cutoff.
    seed : int, default 0
        Seed of the samples.

    Returns
    -------
    pandas.DataFrame
        One row per recommender: ``full`` and ``sampled`` mean NDCG@k.

    """
    rng = np.random.default_rng(seed)
    rows = {}
    for name, full in ranks.items():
        sampled = sampled_rank(full, n_items, n_sampled, rng)
        rows[name] = {
            "full": float(np.mean([_ndcg_at(int(r), k) for r in full])),
            "sampled": float(np.mean([_ndcg_at(int(r), k) for r in sampled])),
        }
    return pd.DataFrame(rows).T.rename_axis("recommender")


def click_log(
    grades: Sequence[int], *, max_grade: int, n_sessions: int, seed: int = 0
) -> pd.DataFrame:
    """Simulate sessions of cascade readers on one ranked list, one row per session.

    Each reader scans from the top, clicks a document when it attracts them (a relevant
    document with ERR's chance ``(2**g - 1) / 2**max_grade``), and stops after the click:
    the cascade model that ERR scores.

    Returns
    -------
    pandas.DataFrame
        ``session`` and ``clicked_rank`` (1-based; 0 when the reader clicked nothing).

    Examples
    --------
    >>> log = click_log([3, 0], max_grade=3, n_sessions=1000, seed=1)
    >>> sorted(log["clicked_rank"].unique().tolist())
    [0, 1]

    """
    rng = np.random.default_rng(seed)
    chance = (2.0 ** np.asarray(grades, dtype=float) - 1) / 2.0**max_grade
    attracted = rng.random((n_sessions, len(grades))) < chance
    first = np.where(attracted.any(axis=1), attracted.argmax(axis=1) + 1, 0)
    return pd.DataFrame({"session": np.arange(n_sessions), "clicked_rank": first})


def interleave(
    a: Sequence[str], b: Sequence[str], rng: np.random.Generator
) -> tuple[list[str], list[str]]:
    """Team-draft interleaving of two rankings: the merged list and each slot's team.

    In each round a coin decides which ranker picks first; each then adds its best document
    not yet in the list (Radlinski, Kurup and Joachims 2008).

    Examples
    --------
    >>> merged, team = interleave(["x", "y"], ["y", "x"], np.random.default_rng(0))
    >>> sorted(merged), sorted(team)
    (['x', 'y'], ['A', 'B'])

    """
    merged: list[str] = []
    team: list[str] = []
    while len(merged) < len(set(a) | set(b)):
        order = ("A", "B") if rng.random() < 0.5 else ("B", "A")
        for name in order:
            ranking = a if name == "A" else b
            pick = next((doc for doc in ranking if doc not in merged), None)
            if pick is not None:
                merged.append(pick)
                team.append(name)
    return merged, team


def interleaving_wins(
    a: Sequence[str],
    b: Sequence[str],
    grades: dict[str, int],
    *,
    max_grade: int,
    n_sessions: int,
    seed: int = 0,
) -> pd.Series:
    """Sessions won by ranker A, by B, or tied, under team-draft interleaving.

    Each session interleaves the two rankings afresh, a cascade reader clicks (see
    :func:`click_log`), and the ranker whose team holds the click wins the session.

    Returns
    -------
    pandas.Series
        Counts ``A``, ``B`` and ``tie`` (no click).

    """
    rng = np.random.default_rng(seed)
    wins = {"A": 0, "B": 0, "tie": 0}
    for _ in range(n_sessions):
        merged, team = interleave(a, b, rng)
        chances = (2.0 ** np.array([grades[d] for d in merged], dtype=float) - 1) / 2.0**max_grade
        attracted = np.flatnonzero(rng.random(len(merged)) < chances)
        wins[team[attracted[0]] if attracted.size else "tie"] += 1
    return pd.Series(wins, name="sessions")
