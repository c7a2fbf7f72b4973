"""The Examples in the library's docstrings are true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "ndcg.metrics",
    "ndcg.gains",
    "ndcg.discount",
    "ndcg.ideal",
    "ndcg.examples",
    "ndcg.scores",
    "ndcg.evaluate",
    "ndcg.cli",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
