"""Checks and encodings for long-format judgments (qrels) and runs."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd


def require_frame(frame: Any, name: str, columns: tuple[str, ...]) -> pd.DataFrame:
    """Return ``frame`` if it is a DataFrame holding ``columns``, else raise naming ``name``."""
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"{name} must be a pandas DataFrame, got {type(frame).__name__}")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ValueError(
            f"{name} lacks column(s) {missing}; it needs {list(columns)} "
            f"(it has {list(frame.columns)})"
        )
    return frame


def numeric_column(frame: pd.DataFrame, name: str, column: str) -> np.ndarray:
    """Return the column as finite float64; raise naming the first bad row otherwise."""
    series = frame[column]
    label = f"{name}[{column!r}]"
    if series.dtype == bool or not pd.api.types.is_numeric_dtype(series.dtype):
        raise TypeError(f"{label} must be numeric, got dtype {series.dtype}")
    values = series.to_numpy(dtype=np.float64, na_value=np.nan)
    bad = ~np.isfinite(values)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(
            f"{label} must be finite; row {frame.index[i]!r} holds {values[i]} "
            f"(query {frame['query_id'].iloc[i]!r}, document {frame['doc_id'].iloc[i]!r})"
        )
    return values


def id_column(frame: pd.DataFrame, column: str) -> np.ndarray:
    """Return the identifiers as a NumPy array (missing ids are caught when coded)."""
    return frame[column].to_numpy()


def refuse_missing(codes: np.ndarray, frame: pd.DataFrame, name: str, column: str) -> None:
    """Raise naming the first row whose id was missing (coded -1 by pandas.factorize)."""
    if codes.size and codes.min() < 0:
        i = int(np.flatnonzero(codes < 0)[0])
        raise ValueError(f"{name}[{column!r}] is missing at row {frame.index[i]!r}")


def check_same_kind(a: np.ndarray, b: np.ndarray, column: str) -> None:
    """Refuse numeric ids on one side and text on the other: they would never match."""
    if _is_numeric(a) != _is_numeric(b):
        raise TypeError(
            f"{column} is {a.dtype} in qrels but {b.dtype} in run; identifiers of both "
            "must be of the same kind (both text or both integers) or nothing would match"
        )


def _is_numeric(values: np.ndarray) -> bool:
    return values.dtype != object and np.issubdtype(values.dtype, np.number)


def factorize_runs(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Like :func:`pandas.factorize`, but hashes each run of equal neighbours once.

    Query ids usually come grouped (TREC files are), so hashing one value per run is
    much cheaper than hashing every row; ungrouped data is still handled correctly.
    """
    if values.size == 0:
        return np.zeros(0, dtype=np.int64), values[:0]
    change = np.ones(values.size, dtype=bool)
    change[1:] = values[1:] != values[:-1]
    starts = np.flatnonzero(change)
    run_codes, uniques = pd.factorize(values[starts])
    lengths = np.diff(np.append(starts, values.size))
    return np.repeat(run_codes.astype(np.int64), lengths), np.asarray(uniques)


def shared_codes(
    a: np.ndarray, b: np.ndarray, *, grouped: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Integer codes for two id arrays in one shared code space, plus the unique ids."""
    if _is_numeric(a) and _is_numeric(b) and np.issubdtype(a.dtype, np.integer):
        lo = min(int(a.min(initial=0)), int(b.min(initial=0)))
        hi = max(int(a.max(initial=0)), int(b.max(initial=0)))
        if 0 <= lo and hi < 4 * (a.size + b.size):
            # Small non-negative integers are their own codes: no hashing needed.
            return a.astype(np.int64), b.astype(np.int64), np.arange(hi + 1)
    if grouped:
        codes_a, uniq_a = factorize_runs(a)
        codes_b, uniq_b = factorize_runs(b)
        both, uniques = pd.factorize(np.concatenate([uniq_a, uniq_b]))
        # A trailing -1 keeps missing ids (code -1) missing after the remapping.
        map_a = np.append(both[: uniq_a.size], -1)
        map_b = np.append(both[uniq_a.size :], -1)
        return map_a[codes_a], map_b[codes_b], np.asarray(uniques)
    codes_a, uniques = pd.factorize(a)
    index = pd.Index(uniques)
    codes_b = index.get_indexer(b)
    new = codes_b < 0
    if new.any():
        extra_codes, extra = pd.factorize(b[new])
        codes_b[new] = np.where(extra_codes < 0, -1, extra_codes + uniques.size)
        uniques = np.concatenate([np.asarray(uniques), np.asarray(extra)])
    return codes_a.astype(np.int64), codes_b.astype(np.int64), np.asarray(uniques)


def duplicate_pair(keys: np.ndarray) -> int | None:
    """Index of a row whose key occurred before, or ``None`` when keys are unique."""
    if keys.size < 2 or (np.diff(keys) > 0).all():
        return None
    index = pd.Index(keys)
    if not index.has_duplicates:
        return None
    return int(np.flatnonzero(index.duplicated())[0])


def repeated_pair(a: np.ndarray, b: np.ndarray) -> int | None:
    """Index of the first row whose pair ``(a, b)`` occurred before, else ``None``.

    ``a`` and ``b`` are int64 codes in ``[0, 2**31)`` (categorical codes), so each pair
    packs into one int64 whose sort (fast in NumPy) finds any repeat.
    """
    if a.size < 2:
        return None
    keys = a * (int(b.max()) + 1) + b
    ordered = np.sort(keys)
    if not (ordered[1:] == ordered[:-1]).any():
        return None
    return duplicate_pair(keys)
