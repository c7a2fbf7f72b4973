"""Practice problems: every skill's answers against the library, the page's generator against
the Python's, and the answer rule on each problem's right answer and traps.

ndcg.teaching.practice computes each answer with the library and works each solution by
hand, as the chapter teaches; the two must agree on 10,000 problems a skill. The page draws
its problems with js/practice/draw.js (numpy's generator ported to random.js, the measures of
arith.js); the first 1,000 problems of five series must be the Python's, field for field.
"""

from __future__ import annotations

import functools
import json
import math
from pathlib import Path

import numpy as np
import pytest
from _node import needs_node, run_module

from ndcg.teaching import practice
from ndcg.teaching.practice import SKILLS

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "js" / "practice_runner.mjs"
CHECKED = 10_000
PARITY_SERIES = (0, 1, 2026, 123_456_789, 2**32 - 1)
PARITY_COUNT = 1_000
#: The measures that are fractions of their ideal (or of a count): between 0 and 1.
BOUNDED = {"ndcg_linear", "ndcg_exponential", "ndcg_pool", "ties", "padded", "mean"} | {
    "err",
    "precision",
    "recall",
    "ap",
    "rr",
}


@functools.cache
def _problem(skill: str, series: int, n: int) -> practice.Problem:
    return practice.problem(skill, series, n)


@pytest.mark.parametrize("skill", SKILLS)
def test_the_worked_solution_agrees_with_the_library_on_10000_problems(skill: str) -> None:
    worked = np.empty(CHECKED)
    answers = np.empty(CHECKED)
    for n in range(CHECKED):
        fields = practice.drawn(skill, 0, n)
        worked[n], answers[n] = fields["worked"], fields["answer"]
    assert np.isfinite(answers).all()
    np.testing.assert_allclose(worked, answers, rtol=1e-12, atol=1e-12)
    if skill in BOUNDED:
        assert (answers >= 0).all() and (answers <= 1 + 1e-12).all()
    # The draws vary: a generator stuck on one problem would pass the rest.
    assert len(np.unique(answers.round(9))) > 5


@pytest.mark.parametrize("skill", SKILLS)
def test_right_answers_are_right_and_traps_name_their_mistake(skill: str) -> None:
    named = 0
    for n in range(300):
        p = _problem(skill, 0, n)
        shown = f"{p.answer:.{p.decimals}f}"
        assert practice.check(p, shown).correct, (p, shown)
        for value, hint in p.traps:
            # Typed in full or as the page shows figures: the mistake is named, never right.
            for typed in (repr(value), f"{value:.{p.decimals}f}"):
                verdict = practice.check(p, typed)
                assert not verdict.correct and verdict.outcome == "trap", (p, typed)
                assert hint in verdict.message
            named += 1
        # The page never gives the answer away in the question.
        assert shown not in p.text() or p.decimals == 0
    assert named > 100, "the traps are met"


def test_the_traps_of_each_skill_reach_the_mistakes_the_chapters_name() -> None:
    met = {
        skill: {hint for n in range(200) for _, hint in _problem(skill, 0, n).traps}
        for skill in SKILLS
    }
    assert any("cutoff was forgotten" in h for h in met["dcg"])
    assert any("grade as the gain" in h for h in met["ndcg_exponential"])
    assert any("ideal only knows the retrieved list" in h for h in met["ndcg_pool"])
    assert any("ideal from what exists" in h for h in met["padded"])
    assert any("mean over rows" in h for h in met["mean"])
    assert any("pessimistically" in h for h in met["ties"])
    assert any("cascade" in h for h in met["err"])


def test_a_problem_is_the_same_every_time_and_differs_by_series_and_number() -> None:
    a = practice.problem("ndcg_pool", 7, 3)
    assert a == practice.problem("ndcg_pool", 7, 3)
    assert a.as_json() != practice.problem("ndcg_pool", 8, 3).as_json()
    assert a.as_json() != practice.problem("ndcg_pool", 7, 4).as_json()
    assert [p.n for p in practice.problems("cg", 1, 3, start=5)] == [5, 6, 7]


def test_every_figure_of_the_worked_solution_is_the_answer_at_the_end() -> None:
    for skill in SKILLS:
        p = practice.problem(skill, 4, 0)
        last = p.steps[-1]
        assert last.endswith(f"{p.answer:.3f}") or last.endswith(f"= {p.answer:g}"), (skill, last)


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        (("nope", 0, 0), ValueError, "skill must be one of"),
        (("dcg", -1, 0), ValueError, "series must be from 0 to 4294967295, got -1"),
        (("dcg", 2**32, 0), ValueError, "series must be from 0"),
        (("dcg", 1, True), TypeError, "n must be an int"),
        (("dcg", 1.5, 0), TypeError, "series must be an int"),
    ],
)
def test_bad_arguments_are_named(args, error, match) -> None:
    with pytest.raises(error, match=match):
        practice.problem(*args)


def test_each_chapter_that_teaches_a_skill_has_its_box_in_its_notebook() -> None:
    chapters = sorted({s.chapter for s in SKILLS.values()})
    for chapter in chapters:
        (notebook,) = [
            path
            for path in (ROOT / "notebooks").glob(f"{chapter:02d}_*.ipynb")
            if not path.stem.endswith("_lab")
        ]
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        calls = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
        assert sum(f"practice.show({chapter})" in c for c in calls) == 1, notebook.name
        # At the end of the walk: after the last "Try it", before the summary and exercises.
        at = next(i for i, c in enumerate(cells) if c.get("id") == "practice-boxes")
        assert "## Summary" in "".join(cells[at + 1]["source"])
    with pytest.raises(ValueError, match="chapter 1 has no practice box"):
        practice.show(1)


def _skill_records() -> list[dict]:
    return [{"key": s.key, "ident": s.ident, "hint": s.hint} for s in SKILLS.values()]


def _same(py: dict, js: dict) -> list[str]:
    """The fields where the page's problem differs from the Python's."""
    close = lambda a, b: math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)  # noqa: E731
    wrong = [key for key in py if key not in ("answer", "traps") and py[key] != js[key]]
    if not close(py["answer"], js["answer"]):
        wrong.append("answer")
    pt, jt = py["traps"], js["traps"]
    if len(pt) != len(jt) or any(
        not close(a[0], b[0]) or a[1] != b[1] for a, b in zip(pt, jt, strict=False)
    ):
        wrong.append("traps")
    return wrong


@needs_node
def test_the_page_draws_the_same_problems_as_python() -> None:
    request = {"skills": _skill_records(), "series": list(PARITY_SERIES), "count": PARITY_COUNT}
    pages = json.loads(run_module(RUNNER, stdin=json.dumps(request)))
    keys = [(s, series, n) for s in SKILLS for series in PARITY_SERIES for n in range(PARITY_COUNT)]
    assert len(pages) == len(keys)
    differ = []
    for (skill, series, n), page in zip(keys, pages, strict=True):
        py = _problem(skill, series, n).as_json()
        py["series"] = series
        js = {**page, "series": page["series"]}
        if wrong := _same(py, js):
            differ.append((skill, series, n, wrong))
    assert not differ, differ[:5]


@needs_node
def test_the_page_refuses_what_python_refuses(tmp_path: Path) -> None:
    script = tmp_path / "refuse.mjs"
    draw = (ROOT / "js/practice/draw.js").as_uri()
    script.write_text(
        f'import {{ practiceProblem }} from "{draw}";\n'
        "const out = [];\n"
        'for (const [skill, series, n] of [[{key: "nope", ident: 1}, 0, 0], '
        '[{key: "dcg", ident: 2}, -1, 0], [{key: "dcg", ident: 2}, 2 ** 32, 0], '
        '[{key: "dcg", ident: 2}, 1, 0.5]]) {\n'
        "  try { practiceProblem(skill, series, n); out.push(null); }\n"
        "  catch (e) { out.push(e.message); }\n"
        "}\n"
        "console.log(JSON.stringify(out));\n",
        encoding="utf-8",
    )
    messages = json.loads(run_module(script))
    assert messages[0].startswith("skill must be one of cg, dcg")
    assert "series must be a whole number" in messages[1] and "got -1" in messages[1]
    assert "series must be" in messages[2] and "n must be a whole number" in messages[3]


def test_the_practice_sheet_of_a_term_and_its_key(tmp_path: Path) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "practice_sheet", ROOT / "tools" / "practice_sheet.py"
    )
    assert spec and spec.loader
    sheet_tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sheet_tool)
    series = sheet_tool.term_series("2027-spring")
    assert series != sheet_tool.term_series("2027-autumn") and 0 <= series < 2**32
    assert sheet_tool.write_practice_sheet(tmp_path, "2027-spring", count=2) == 2 * len(SKILLS)
    sheet = (tmp_path / "sheet.md").read_text(encoding="utf-8")
    key = (tmp_path / "answers.md").read_text(encoding="utf-8")
    for skill in SKILLS:
        for p in practice.problems(skill, series, 2):
            assert f"{p.question}?" in sheet
            assert all(step in key for step in p.steps)
            if p.decimals:
                assert f"**{p.answer:.{p.decimals}f}**" in key
                assert f"{p.answer:.{p.decimals}f}" not in sheet.split(p.question)[1][:60]
