"""Checks and encodings for long-format judgments (qrels) and runs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ndcg._validate import first_rounded, literal, rounded_message


def require_frame(frame: Any, name: str, columns: tuple[str, ...]) -> pd.DataFrame:
    """Return ``frame`` if it is a DataFrame holding each of ``columns`` once, else raise."""
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"{name} must be a pandas DataFrame, got {type(frame).__name__}")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ValueError(
            f"{name} lacks column(s) {missing}; it needs {list(columns)} "
            f"(it has {list(frame.columns)})"
        )
    repeated = [c for c in columns if (frame.columns == c).sum() > 1]
    if repeated:
        raise ValueError(
            f"{name} has the column {repeated[0]!r} {(frame.columns == repeated[0]).sum()} "
            f"times; keep one, e.g. {name}.loc[:, ~{name}.columns.duplicated()]"
        )
    return frame


def numeric_column(frame: pd.DataFrame, name: str, column: str, exact: bool = False) -> np.ndarray:
    """Return the column as finite float64; raise naming the first bad row otherwise.

    ``exact``: refuse an integer float64 would round (scores, which would tie).
    """
    series = frame[column]
    label = f"{name}[{column!r}]"
    if series.dtype == bool or not pd.api.types.is_numeric_dtype(series.dtype):
        raise TypeError(f"{label} must be numeric, got dtype {series.dtype}")
    if pd.api.types.is_complex_dtype(series.dtype):
        # numpy would keep the real part with a mere warning, as if the rest were not there.
        i = int(np.argmax(series.to_numpy().imag != 0))  # the first complex one (or row 0)
        raise TypeError(
            f"{label} must hold real numbers, got complex values (dtype {series.dtype}); row "
            f"{literal(frame.index[i])} holds {literal(series.iloc[i])}; pass "
            f"{label}.to_numpy().real if the imaginary parts are meant to be dropped"
        )
    if isinstance(series.dtype, np.dtype) and series.dtype.kind in "iu":
        rounded = first_rounded(series.to_numpy()) if exact else None
        if rounded is not None:
            where = (f"row {literal(frame.index[rounded])} (query "
                     f"{literal(frame['query_id'].iloc[rounded])}, document "
                     f"{literal(frame['doc_id'].iloc[rounded])})")  # fmt: skip
            raise ValueError(rounded_message(series.iloc[rounded], label, where))
        return series.to_numpy(dtype=np.float64)  # plain integers: finite, never missing
    values = series.to_numpy(dtype=np.float64, na_value=np.nan)
    bad = ~np.isfinite(values)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(
            f"{label} must be finite; row {literal(frame.index[i])} holds {values[i]} (query "
            f"{literal(frame['query_id'].iloc[i])}, document "
            f"{literal(frame['doc_id'].iloc[i])})"
        )
    return values


@dataclass(frozen=True)
class Ids:
    """One id column coded: ``codes`` (int64, -1 where missing) index ``uniques``."""

    codes: np.ndarray
    uniques: pd.Index
    kind: str  # "integer" or "text"


def shared_ids(
    qrels: pd.DataFrame, run: pd.DataFrame, column: str, *, grouped: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Code ``column`` of both frames in one code space; return both codes and the ids.

    Ids are integers (any integer dtype, or whole floats, compared as exact integers:
    ``2**53 + 1`` never meets ``2**53``) or text; categorical columns are coded through
    their categories. Missing ids, ids of another kind (booleans, fractions, bytes), a
    column that mixes integers and text, and integer ids on one side but text on the
    other are refused, naming the column.

    Parameters
    ----------
    qrels, run : pandas.DataFrame
        The two frames.
    column : str
        ``"query_id"`` or ``"doc_id"``.
    grouped : bool
        Whether equal ids usually come in runs (query ids do): each run is hashed once.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray, numpy.ndarray)
        Codes of the qrels rows, codes of the run rows (both >= 0; int32 or int64, so
        cast before arithmetic) and the ids they index, exact
        (int64, uint64 or Python ints for integers; str for text).

    """
    small = _small_integers(qrels[column], run[column])
    if small is not None:
        return small
    if _arrow_text(qrels[column]) and _arrow_text(run[column]):
        return _shared_text(qrels, run, column, grouped)
    a = _ids(qrels, "qrels", column, grouped)
    b = _ids(run, "run", column, grouped)
    if a.kind != b.kind:
        raise TypeError(
            f"{column} holds {a.kind} in qrels but {b.kind} in run: ids of one kind never "
            f"equal ids of the other, so nothing would match; convert one side, e.g. "
            f"qrels[{column!r}].astype(str) and run[{column!r}].astype(str)"
        )
    codes_a, codes_b, uniques = _merge(a, b)
    refuse_missing(codes_a, qrels, "qrels", column)
    refuse_missing(codes_b, run, "run", column)
    return codes_a, codes_b, uniques


def _small_integers(a: pd.Series, b: pd.Series) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Small non-negative integer ids are their own codes: no hashing at all."""
    plain = isinstance(a.dtype, np.dtype) and isinstance(b.dtype, np.dtype)  # no NA
    if not plain or a.dtype.kind not in "iu" or b.dtype.kind not in "iu" or not a.size * b.size:
        return None
    lo, hi = min(a.min(), b.min()), max(a.max(), b.max())
    if lo < 0 or hi >= 4 * (a.size + b.size):
        return None
    # int64 columns are used as they are (no copy); others take the smallest code type.
    dtype = np.int64 if a.dtype == b.dtype == np.int64 else _code_dtype(int(hi) + 1)
    codes_a = a.to_numpy().astype(dtype, copy=False)
    return codes_a, b.to_numpy().astype(dtype, copy=False), np.arange(int(hi) + 1)


def _arrow_text(series: pd.Series) -> bool:
    """Whether ``series`` is text held by PyArrow (pandas' default ``str`` dtype)."""
    return isinstance(series.dtype, pd.StringDtype) and series.dtype.storage == "pyarrow"


def _shared_text(
    qrels: pd.DataFrame, run: pd.DataFrame, column: str, grouped: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`shared_ids` for two PyArrow text columns, coded in C++ without Python strings.

    The qrels' ids are coded once (grouped ids: one value per run of equal neighbours);
    the run's ids are looked up in that dictionary, and only those it lacks are coded
    again. A run column equal to the qrels' one (the run ranks the judged rows as they
    stand) shares its codes. Nothing is hashed twice, no code array is remapped.
    """
    import pyarrow as pa  # pandas' text dtype already needs it
    import pyarrow.compute as pc

    a, b = _one_array(qrels[column], pa), _one_array(run[column], pa)
    if b.type != a.type:
        b = b.cast(a.type)
    same = a.equals(b)  # compares buffers: at memory speed, and stops at a difference
    starts_a = starts_b = _run_starts(a, pc) if grouped else None
    if grouped:
        a = a.take(starts_a)
        if not same:
            starts_b = _run_starts(b, pc)
            b = b.take(starts_b)
    encoded = pc.dictionary_encode(a)
    uniques = encoded.dictionary
    codes_a = pc.fill_null(encoded.indices, -1).to_numpy()
    missing = encoded.indices.null_count
    if same:
        codes_b = codes_a
    else:
        found = pc.index_in(b, value_set=uniques)
        codes_b = pc.fill_null(found, -1).to_numpy(zero_copy_only=False)
        if found.null_count:
            # Ids of the run alone (or missing ones, which stay -1) come after the qrels'.
            new = np.flatnonzero(codes_b < 0)
            extra = pc.dictionary_encode(b.take(new))
            more = pc.fill_null(extra.indices, -1).to_numpy(zero_copy_only=False)
            codes_b = codes_b.astype(np.int64)
            codes_b[new] = np.where(more < 0, -1, more + len(uniques))
            uniques = pa.concat_arrays([uniques, extra.dictionary])
            missing += extra.indices.null_count
    if starts_a is not None and starts_b is not None:  # grouped
        codes_a = np.repeat(codes_a, np.diff(np.append(starts_a, len(qrels))))
        if same:
            codes_b = codes_a
        else:
            codes_b = np.repeat(codes_b, np.diff(np.append(starts_b, len(run))))
    if missing:  # only then is there a row to name
        refuse_missing(codes_a, qrels, "qrels", column)
        refuse_missing(codes_b, run, "run", column)
    return codes_a, codes_b, uniques.to_numpy(zero_copy_only=False)


def _one_array(series: pd.Series, pa: Any) -> Any:
    """Return the PyArrow array behind ``series`` (zero copy when pandas holds one chunk)."""
    values = pa.array(series.array)
    return values.combine_chunks() if isinstance(values, pa.ChunkedArray) else values


def _run_starts(values: Any, pc: Any) -> np.ndarray:
    """Where each run of equal neighbours starts in a PyArrow array (a missing id starts one)."""
    if len(values) < 2:
        return np.arange(len(values))
    changed = pc.fill_null(pc.not_equal(values.slice(1), values.slice(0, len(values) - 1)), True)
    return np.append(0, pc.indices_nonzero(changed).to_numpy().astype(np.int64) + 1)


def _ids(frame: pd.DataFrame, name: str, column: str, grouped: bool) -> Ids:
    series = frame[column]
    label = f"{name}[{column!r}]"
    if isinstance(series.dtype, pd.CategoricalDtype):
        categories = series.cat.categories
        kind, values = _exact(categories.to_numpy(), label, pd.RangeIndex(categories.size))
        codes = series.cat.codes.to_numpy().astype(_code_dtype(categories.size), copy=False)
        if kind == "text" or categories.dtype == values.dtype:
            # The categories themselves: pandas keeps their hash table for the merge.
            return Ids(codes, categories, kind)
        # Categories that become equal once exact (1 and 1.0) share one code.
        remap, uniques = pd.factorize(values)
        return Ids(np.append(remap, -1)[codes], pd.Index(uniques, dtype=values.dtype), kind)
    if isinstance(series.dtype, pd.StringDtype):
        # Known to hold text: no scan, and the column codes itself (in C++ with PyArrow
        # storage) instead of going through a million Python strings.
        # Codes stay as they come (int64): narrowing them would copy a million rows.
        codes, text = factorize_runs(series.array) if grouped else series.array.factorize()
        return Ids(codes, pd.Index(text, dtype=series.dtype), "text")
    kind, values = _exact(series.to_numpy(), label, frame.index)
    if grouped:
        codes, uniques = factorize_runs(values)
    else:
        codes, uniques = pd.factorize(values)
    codes = codes.astype(_code_dtype(len(uniques)), copy=False)
    return Ids(codes, pd.Index(uniques, dtype=values.dtype), kind)


def _code_dtype(n: int) -> type[np.signedinteger]:
    """int32 codes while they fit (half the memory of int64 for millions of rows)."""
    return np.int32 if n < 2**31 - 1 else np.int64


def _exact(values: np.ndarray, label: str, index: pd.Index) -> tuple[str, np.ndarray]:
    """Return the kind of ids ``values`` holds and the values in an exact form."""
    dtype = values.dtype
    if dtype.kind in "iu":
        return "integer", _as_int64(values)
    if dtype.kind == "f":
        return "integer", _whole(values, label, index)
    if dtype.kind == "U":
        return "text", values
    inferred = pd.api.types.infer_dtype(values, skipna=True) if dtype.kind in "Ob" else "x"
    if inferred in ("string", "empty"):
        return "text", values
    if inferred == "integer":
        try:
            return "integer", np.asarray(values, dtype=np.int64)
        except (OverflowError, TypeError, ValueError):
            return "integer", values  # beyond int64 (or with None): exact Python ints
    if inferred in ("floating", "mixed-integer-float", "integer-na"):
        return "integer", _whole(values.astype(np.float64), label, index)
    if inferred == "mixed-integer":
        number = next(i for i, v in enumerate(values) if not isinstance(v, str))
        text = next(i for i, v in enumerate(values) if isinstance(v, str))
        raise TypeError(
            f"{label} mixes numbers and text (row {literal(index[number])} holds "
            f"{literal(values[number])}, row {literal(index[text])} holds "
            f"{literal(values[text])}); 1 and '1' are different ids: make the column one "
            f"kind, e.g. {label}.astype(str)"
        )
    what = {"boolean": "booleans", "x": "other values"}.get(inferred, inferred)
    raise TypeError(f"{label} must hold integers or text, got {what} (dtype {dtype})")


def _as_int64(values: np.ndarray) -> np.ndarray:
    if values.dtype == np.uint64 and values.size and values.max() > np.iinfo(np.int64).max:
        return values  # beyond int64: kept as uint64, merged as exact Python ints
    return values.astype(np.int64, copy=False)


def _whole(values: np.ndarray, label: str, index: pd.Index) -> np.ndarray:
    """Float ids as exact integers (a NaN is left for the missing-id check)."""
    present = ~np.isnan(values)
    bad = present & ((values != np.floor(values)) | (np.abs(values) >= 2.0**63))
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise TypeError(
            f"{label} holds {float(values[i])!r} at row {literal(index[i])}: numeric ids must "
            "be whole numbers within the 64-bit range"
        )
    if present.all():
        return values.astype(np.int64)
    exact = values.astype(object)
    exact[present] = values[present].astype(np.int64).astype(object)
    exact[~present] = None
    return exact


def _merge(a: Ids, b: Ids) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One code space for two coded columns; the codes of the side with more ids kept."""
    ua, ub = a.uniques, b.uniques
    if ua.dtype != ub.dtype or (a.kind == "integer" and ua.dtype != np.int64):
        # uint64 beyond int64, Python ints, or two text dtypes: compare as Python
        # objects, exactly (never through float64).
        ua, ub = (
            pd.Index(ua.to_numpy(object), dtype=object),
            pd.Index(ub.to_numpy(object), dtype=object),
        )
    if ua.size < ub.size:  # look the fewer ids up in the larger table
        codes_b, codes_a, uniques = _lookup(ub, b.codes, ua, a.codes)
        return codes_a, codes_b, uniques
    return _lookup(ua, a.codes, ub, b.codes)


def _lookup(
    base: pd.Index, base_codes: np.ndarray, other: pd.Index, other_codes: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Keep ``base``'s codes; find ``other``'s ids among them, or append them after."""
    found = base.get_indexer(other)  # base is unique: pandas reuses its hash table
    new = found < 0
    found[new] = base.size + np.arange(int(new.sum()))
    uniques = np.concatenate([base.to_numpy(), other.to_numpy()[new]])
    # A trailing -1 keeps missing ids (code -1) missing after the remapping. Codes are
    # never narrowed (a copy of every row); they widen only when the ids need it.
    dtype = np.promote_types(base_codes.dtype, _code_dtype(uniques.size))
    found = np.append(found, -1).astype(dtype)
    return base_codes.astype(dtype, copy=False), found[other_codes], uniques


def refuse_missing(codes: np.ndarray, frame: pd.DataFrame, name: str, column: str) -> None:
    """Raise naming the first row whose id was missing (coded -1)."""
    if codes.size and codes.min() < 0:
        i = int(np.flatnonzero(codes < 0)[0])
        raise ValueError(f"{name}[{column!r}] is missing at row {literal(frame.index[i])}")


def factorize_runs(values: Any) -> tuple[np.ndarray, Any]:
    """Like :func:`pandas.factorize`, but hashes each run of equal neighbours once.

    Query ids usually come grouped (TREC files are), so hashing one value per run is
    much cheaper than hashing every row; ungrouped data is still handled correctly.
    ``values`` is a NumPy array (uniques come back as one) or a pandas string array
    (uniques come back as one of its kind); missing values get code -1.
    """
    if len(values) == 0:
        return np.zeros(0, dtype=np.int64), values[:0]
    same = values[1:] == values[:-1]
    if not isinstance(same, np.ndarray):  # pandas' boolean array: a missing id starts a run
        same = same.to_numpy(dtype=bool, na_value=False)
    starts = np.flatnonzero(np.append(True, ~same))
    if isinstance(values, np.ndarray):
        run_codes, uniques = pd.factorize(values[starts])
        uniques = np.asarray(uniques)
    else:
        run_codes, uniques = values.take(starts).factorize()
    lengths = np.diff(np.append(starts, len(values)))
    return np.repeat(run_codes.astype(np.int64), lengths), uniques


def duplicate_pair(keys: np.ndarray) -> int | None:
    """Index of a row whose key occurred before, or ``None`` when keys are unique."""
    if keys.size < 2 or (np.diff(keys) > 0).all():
        return None
    index = pd.Index(keys)
    if not index.has_duplicates:
        return None
    return int(np.flatnonzero(index.duplicated())[0])
