"""Turn long (one row per judgment) data into dense matrices, one row per query.

Queries are bucketed by length (powers of two), so a matrix is never more than twice
the size of the data it holds, and buckets are cut into chunks of bounded size so that
memory stays flat however many queries there are.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

#: Upper bound on cells per chunk (8 MB per float64 matrix: memory stays flat).
CELL_BUDGET = 1_000_000


@dataclass(frozen=True)
class Chunk:
    """A block of queries laid out as a matrix.

    Attributes
    ----------
    groups : numpy.ndarray
        Group (query) code of each matrix row.
    rows : numpy.ndarray
        For each cell, the index of the input row it holds; -1 marks padding.
    full : bool
        True when no cell is padding.
    span : slice or None
        The input rows, when they are one contiguous block in matrix order (no padding).

    """

    groups: np.ndarray
    rows: np.ndarray
    full: bool = False
    span: slice | None = None

    def take(self, values: np.ndarray, fill: float) -> np.ndarray:
        """Matrix of ``values`` (indexed by input row), ``fill`` in padding cells.

        The matrix may be a view of ``values`` (a contiguous block): read it, never write.
        """
        if self.span is not None and values.dtype == np.float64:
            return values[self.span].reshape(self.rows.shape)
        if self.full:
            return values.take(self.rows).astype(np.float64, copy=False)
        padding = self.rows < 0
        # Padding (-1) reads row 0 and is then overwritten: no copy of ``values``.
        matrix = values.take(np.where(padding, 0, self.rows)).astype(np.float64, copy=False)
        matrix[padding] = fill
        return matrix


def chunks(
    codes: np.ndarray,
    n_groups: int,
    cell_budget: int | None = None,
    counts: np.ndarray | None = None,
) -> Iterator[Chunk]:
    """Yield :class:`Chunk` blocks covering every input row exactly once.

    Within a row of a chunk, cells keep the input order of the rows of that group.
    Groups with no rows are not yielded. ``counts`` (rows per group, as
    ``np.bincount(codes, minlength=n_groups)``) saves counting again when known.
    """
    if cell_budget is None:  # read at call time, so that a test can lower it
        cell_budget = CELL_BUDGET
    if counts is None:
        counts = np.bincount(codes, minlength=n_groups)
    present = np.flatnonzero(counts)
    if present.size == 0:
        return
    bucket = np.ceil(np.log2(counts[present])).astype(np.int64)
    row_order: np.ndarray | None = None  # None: rows already in chunk order
    if (bucket == bucket[0]).all() and (codes[1:] >= codes[:-1]).all():
        # One size class and rows grouped in code order (a sorted run): nothing to sort.
        group_order, bucket_sorted = present, bucket
    else:
        # Order groups by (bucket, code); rows then follow their group's rank.
        group_order = present[np.argsort(bucket, kind="stable")]
        bucket_sorted = np.sort(bucket, kind="stable")
        rank = np.full(n_groups, -1, dtype=np.int32 if n_groups < 2**31 else np.int64)
        rank[group_order] = np.arange(group_order.size)
        row_rank = rank[codes]
        if not (row_rank[1:] >= row_rank[:-1]).all():
            if group_order.size < 2**16:
                row_rank = row_rank.astype(np.uint16)  # small keys: numpy's radix sort
            row_order = np.argsort(row_rank, kind="stable")
        del row_rank
    sizes = counts[group_order]
    offsets = np.concatenate(([0], np.cumsum(sizes)))
    edges = np.flatnonzero(np.diff(bucket_sorted)) + 1
    for lo, hi in zip(
        np.concatenate(([0], edges)), np.concatenate((edges, [bucket_sorted.size])), strict=True
    ):
        width = int(sizes[lo:hi].max())
        step = max(1, cell_budget // width)
        for a in range(lo, hi, step):
            b = min(a + step, hi)
            span = slice(int(offsets[a]), int(offsets[b]))
            rows = np.arange(span.start, span.stop) if row_order is None else row_order[span]
            yield _layout(group_order[a:b], sizes[a:b], rows, width, row_order is None)


def _layout(
    groups: np.ndarray, sizes: np.ndarray, rows: np.ndarray, width: int, contiguous: bool
) -> Chunk:
    if (sizes == width).all():  # no padding: a plain reshape (a view when contiguous)
        span = slice(int(rows[0]), int(rows[-1]) + 1) if contiguous else None
        return Chunk(groups=groups, rows=rows.reshape(groups.size, width), full=True, span=span)
    local_row = np.repeat(np.arange(groups.size), sizes)
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    col = np.arange(rows.size) - np.repeat(starts, sizes)
    cells = np.full((groups.size, width), -1, dtype=np.int64)
    cells[local_row, col] = rows
    return Chunk(groups=groups, rows=cells)


@dataclass(frozen=True)
class Groups:
    """Long rows grouped by code, to lay out any set of groups as a padded matrix.

    :func:`chunks` decides which groups share a matrix; this lays out a second table of
    the same groups (a query's judgments beside its ranked documents) for the groups a
    chunk holds, so both arrive as rows of the same queries.

    Attributes
    ----------
    counts : numpy.ndarray
        Rows of each group.
    starts : numpy.ndarray
        Where each group's rows begin in ``order``.
    order : numpy.ndarray or None
        The input rows, grouped by code (``None``: the input is grouped already).

    """

    counts: np.ndarray
    starts: np.ndarray
    order: np.ndarray | None

    @classmethod
    def of(cls, codes: np.ndarray, n_groups: int) -> Groups:
        """Group ``codes`` (one per input row, in ``0..n_groups-1``)."""
        counts = np.bincount(codes, minlength=n_groups)
        starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
        grouped = bool((codes[1:] >= codes[:-1]).all())
        return cls(counts, starts, None if grouped else np.argsort(codes, kind="stable"))

    def take(self, groups: np.ndarray, values: np.ndarray, fill: float) -> np.ndarray:
        """Matrix of ``values`` (indexed by input row): row ``i`` holds group ``groups[i]``.

        Rows are as wide as the largest of the groups, ``fill`` in the padding.
        """
        sizes = self.counts[groups]
        if (
            self.order is None
            and groups.size
            and (sizes == sizes[0]).all()
            and (np.diff(groups) == 1).all()
        ):
            # Consecutive groups of one size, stored in order: a plain reshape, no padding.
            start = int(self.starts[groups[0]])
            block = values[start : start + groups.size * int(sizes[0])]
            return block.astype(np.float64, copy=False).reshape(groups.size, int(sizes[0]))
        width = int(sizes.max(initial=0))
        # Cell i of the groups' rows, laid end to end, is row ``before + i`` of the input
        # and cell ``shift + i`` of the flat matrix (one repeat each, no 2-D indexing).
        before = np.cumsum(sizes) - sizes
        step = np.arange(int(before[-1] + sizes[-1]) if sizes.size else 0)
        rows = np.repeat(self.starts[groups] - before, sizes) + step
        if self.order is not None:
            rows = self.order[rows]
        cells = np.repeat(np.arange(groups.size) * width - before, sizes) + step
        matrix = np.full(groups.size * width, fill)
        matrix[cells] = values[rows]
        return matrix.reshape(groups.size, width)
