"""Long rows laid out as padded matrices (``ndcg._pad``)."""

from __future__ import annotations

import numpy as np

from ndcg._pad import Groups


def test_groups_lay_out_the_rows_of_any_groups_padded() -> None:
    codes = np.array([2, 0, 2, 1, 0, 2])
    values = np.array([10.0, 11.0, 12.0, 13.0, 14.0, 15.0])
    groups = Groups.of(codes, 4)
    # Rows keep their input order within a group; group 3 has none.
    assert groups.take(np.array([2, 3, 0]), values, -1.0).tolist() == [
        [10.0, 12.0, 15.0],
        [-1.0, -1.0, -1.0],
        [11.0, 14.0, -1.0],
    ]
    assert groups.take(np.array([], dtype=int), values, 0.0).shape == (0, 0)


def test_consecutive_groups_of_one_size_are_read_in_place() -> None:
    codes = np.repeat(np.arange(4), 3)
    values = np.arange(12.0)
    groups = Groups.of(codes, 4)
    assert groups.take(np.array([1, 2]), values, 0.0).tolist() == [
        [3.0, 4.0, 5.0],
        [6.0, 7.0, 8.0],
    ]
    assert groups.take(np.array([3, 1]), values, 0.0).tolist() == [
        [9.0, 10.0, 11.0],
        [3.0, 4.0, 5.0],
    ]
