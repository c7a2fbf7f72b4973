"""What a widget shows where widgets do not run, and the goal's words when the gain changes.

A notebook opened where no widget manager runs (nbconvert's HTML, GitHub's viewer) shows a
widget's ``text/plain`` or ``text/html`` stand-in: the starting state and where the widget is
live (``ndcg/widgets/_fallback.py``), never an answer. A goal keeps the gain it was set with;
when the reader switches the widget's Gain, the goal's words say which gain it measures with
(``gainNote`` in ``js/words.js``), so "DCG is 6.861" no longer sits beside a readout of 13.848.
"""

from __future__ import annotations

import json
import re

from _node import needs_node, run_module
from conftest import ROOT

from ndcg.teaching import answers, examples, exercises
from ndcg.widgets import RankingWidget, goals
from ndcg.widgets._fallback import LIVE

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def _bundle(widget: object) -> dict:
    bundle = widget._repr_mimebundle_()  # type: ignore[attr-defined]
    return bundle[0] if isinstance(bundle, tuple) else bundle


def test_a_ranking_widget_stands_in_with_its_list_and_readouts() -> None:
    widget = RankingWidget(
        examples.D_TABLE, unretrieved=examples.D_UNRETRIEVED, readouts=["cg", "dcg"]
    )
    data = _bundle(widget)
    assert WIDGET_MIME in data  # where widgets run, the widget itself
    text = data["text/plain"]
    assert "object at 0x" not in text
    assert "1. D1: grade 3" in text and "6. D6: grade 2" in text
    assert "CG = 11.000, DCG = 6.861" in text and LIVE in text
    assert "<li>3. D3: grade 3</li>" in data["text/html"]


def test_an_answer_box_stands_in_with_its_task_and_never_its_answer() -> None:
    for key in exercises.exercise_keys():
        exercise = exercises.exercise(key)
        if exercise.kind != "number":
            continue
        expected = exercise.expected()
        data = _bundle(answers.box(key))
        text = data["text/plain"] + data["text/html"]
        assert exercise.task in text and f'exercises.check("{key}", your_answer)' in text
        shown = exercises.exact_text(expected, exercise.decimals)
        if "." in shown:
            assert shown not in text, key


WORDS = (ROOT / "js" / "words.js").as_uri()


@needs_node
def test_a_goal_says_the_gain_it_measures_with_when_the_widget_shows_another(tmp_path) -> None:
    widget = RankingWidget(
        examples.D_TABLE,
        unretrieved=examples.D_UNRETRIEVED,
        readouts=["cg", "dcg"],
        goal=[goals.falls_while_same("dcg", "cg"), goals.best("dcg")],
    )
    script = tmp_path / "gain.mjs"
    script.write_text(
        f'import {{ gainNote }} from "{WORDS}";\n'
        "const goals = JSON.parse(process.argv[2]);\n"
        'console.log(JSON.stringify(goals.map((g) => [gainNote(g, "linear"), '
        'gainNote(g, "exponential")])));\n',
        encoding="utf-8",
    )
    notes = json.loads(run_module(script, json.dumps(widget.goals)))
    assert [linear for linear, _ in notes] == ["", ""]
    for _, exponential in notes:
        assert re.search(r"Measured with linear gain.*readouts use exponential gain", exponential)
    # A goal on CG alone has no gain to name.
    cg_goal = RankingWidget(examples.D_TABLE, readouts=["cg"], goal=goals.best("cg")).goals
    assert json.loads(run_module(script, json.dumps(cg_goal))) == [["", ""]]
