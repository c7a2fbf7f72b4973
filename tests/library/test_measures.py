"""The registry of measures (ndcg.measures): every record resolves, and its readers agree."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pandas as pd
import pytest

import ndcg
from ndcg import _family, measures
from ndcg.evaluate import METRICS
from ndcg.widgets import _display

JS = Path(__file__).resolve().parents[2] / "js"
# One entry of the browser's table: `  key: { name: "...", words: "..."`, whatever follows
# (on one line, or on several as the formatter breaks a long one).
ENTRY = re.compile(r'^\s*(\w+): \{\s*name: "([^"]*)",\s*words: "([^"]*)"', re.MULTILINE)


def js_readouts() -> dict[str, list[tuple[str, str, str]]]:
    """The browser's READOUTS table in each JavaScript source file that defines one.

    Searched, not named: the table may move between modules.
    """
    found = {}
    for path in sorted(JS.rglob("*.js")):
        text = path.read_text()
        start = re.search(r"^(?:export )?const READOUTS = \{$", text, re.MULTILINE)
        if start:
            end = text.index("\n};", start.end())
            found[str(path.relative_to(JS))] = ENTRY.findall(text[start.end() : end])
    assert found, "no widget JavaScript file defines READOUTS"
    return found


def test_the_browser_reads_out_what_the_registry_lists_in_its_words():
    expected = [(m.name, m.label, m.words) for m in measures.REGISTRY if m.readout]
    for path, table in js_readouts().items():
        assert table == expected, path


@pytest.mark.parametrize("record", measures.REGISTRY, ids=lambda m: m.name)
def test_every_function_and_kernel_resolves_and_takes_its_arguments(record):
    if record.function is not None:
        function = measures.resolve(record.function)
        assert callable(function)
        taken = inspect.signature(function).parameters
        assert set(record.args) <= set(taken), (record.name, record.args, list(taken))
        assert not any(part.startswith("_") for part in record.function.split(".")), "public"
    if record.kernel is not None:
        assert callable(measures.resolve(record.kernel))


def test_the_readers_take_their_lists_from_the_registry():
    assert METRICS == measures.EVALUATE == ("ndcg", *_family.METRICS)
    assert _display.READOUTS == measures.READOUTS
    assert set(measures.ORDERED) & set(METRICS) == {"ap", "rr", "err"}


def test_each_trec_name_belongs_to_one_measure_and_is_printed_by_trec_eval():
    names = [t.name for m in measures.REGISTRY for t in m.trec]
    assert len(names) == len(set(names))
    assert set(names) <= set(measures.ALL_TREC)
    assert measures.OFFICIAL[-1] == "P" and measures.OFFICIAL[0] == "runid"


def test_evaluate_asks_for_what_a_metric_s_record_takes():
    qrels = pd.DataFrame({"query_id": "q", "doc_id": ["a", "b"], "relevance": [2, 0]})
    run = pd.DataFrame({"query_id": "q", "doc_id": ["a", "b"], "score": [2.0, 1.0]})
    with pytest.raises(ValueError, match="metrics includes 'err', which needs the top of the"):
        ndcg.evaluate(qrels, run, metrics=["ndcg", "err"])
    assert ndcg.evaluate(qrels, run, metrics=["err"], max_grade=2)["err"].iloc[0] == 0.75


def test_every_record_names_a_chapter_of_the_book_that_teaches_it():
    # The evaluation page links each measure's name to this chapter: a record without one,
    # or with a chapter missing from the table of contents, would give the reader no link
    # or a broken one.
    import yaml

    root = Path(__file__).resolve().parents[2]
    toc = yaml.safe_load((root / "_toc.yml").read_text())
    files = {c["file"] for part in toc["parts"] for c in part["chapters"]}
    for record in measures.REGISTRY:
        # A page and its section: tests/js/test_measure_links.py holds the anchor to the built site.
        page, hash_, section = record.chapter.partition("#")
        assert page in files, f"{record.name}: chapter {page!r} not in _toc.yml"
        assert (root / f"{page}.ipynb").is_file(), record.name
        assert hash_ and section, f"{record.name}: {record.chapter!r} names no section"
