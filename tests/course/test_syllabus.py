"""The syllabus's two calendars (11 and 8 weeks) agree with its assessment table, the
instructor guide's sessions and the project's milestones, and the 8-week one cuts only what
the exam and the assignments do not assess."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SYLLABUS = (ROOT / "course" / "syllabus.md").read_text("utf-8")
GUIDE = (ROOT / "book" / "instructor-guide.md").read_text("utf-8")


def _table(text: str, header: str) -> list[list[str]]:
    """The rows of the Markdown table whose header row starts with ``header``."""
    block = text.split(header, 1)[1].split("\n\n", 1)[0]
    rows = [line for line in block.splitlines()[1:] if line.startswith("|")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[1:]]


def _calendar() -> dict[str, dict[int, str]]:
    rows = _table(SYLLABUS.split("## Calendar", 1)[1], "| week |")
    return {
        length: {int(row[0]): row[column] for row in rows if row[column]}
        for length, column in (("11", 1), ("8", 2))
    }


def _week_of(plan: dict[int, str], pattern: str) -> int:
    weeks = [week for week, text in plan.items() if re.search(pattern, text)]
    assert len(weeks) == 1, (pattern, weeks)
    return weeks[0]


def test_both_calendars_fill_their_weeks_and_end_with_the_exam():
    calendar = _calendar()
    for length, plan in calendar.items():
        assert sorted(plan) == list(range(1, int(length) + 1)), length
        assert _week_of(plan, "Written exam") == int(length)


def test_the_calendars_keep_the_assessment_tables_weeks():
    calendar = _calendar()
    table = {row[0]: row for row in _table(SYLLABUS, "| component |")}
    a1 = next(row for name, row in table.items() if name.startswith("Assignment 1"))
    a2 = next(row for name, row in table.items() if name.startswith("Assignment 2"))
    for length, column in (("11", 2), ("8", 3)):
        plan = calendar[length]
        assert a1[column] == f"week {_week_of(plan, 'A1 due')}", length
        assert a2[column] == f"week {_week_of(plan, 'A2 due')}", length
        # A1 is set before it is due, A2 after A1 is in, the report after the first results.
        assert _week_of(plan, "A1 set") < _week_of(plan, "A1 due") <= _week_of(plan, "A2 set")
        assert _week_of(plan, "proposal due") < _week_of(plan, "first results due")
        assert _week_of(plan, "first results due") < _week_of(plan, "report due")


def test_every_session_of_the_guide_is_in_each_calendar_or_cut():
    sessions = re.findall(r"\n### Session (\d+)[^:]*: .*\(chapters? ([\d-]+)\)", GUIDE)
    assert len(sessions) == 8
    calendar = _calendar()
    for number, chapters in sessions:
        (line,) = [t for t in calendar["11"].values() if f"Session {number}:" in t]
        assert re.search(rf"chapters? {chapters}\b", line), (number, chapters, line)
    taught_in_8 = {
        int(n) for text in calendar["8"].values() for n in re.findall(r"Session (\d)", text)
    }
    assert taught_in_8 == {1, 2, 3, 4, 5, 6}
    # What the short calendar cuts is not examined: no exam question on chapters 13 or 14
    # (the paper every term draws from).
    exam = (ROOT / "course" / "exam" / "exam-paper.md.jinja").read_text("utf-8").lower()
    for topic in ("ranknet", "lambdarank", "spark", "cluster"):
        assert topic not in exam, topic
    cut = SYLLABUS.split("**What 8 weeks cut.**", 1)[1].split("\n\n", 1)[0]
    assert "Chapters 13 and 14" in cut and "optional reading" in cut
    # The guide explains the same two calendars.
    assert "## Eleven weeks or eight" in GUIDE and "What the 8-week module cuts" in GUIDE


def test_the_project_milestones_fit_both_calendars():
    project = (ROOT / "course" / "project.md").read_text("utf-8")
    weeks = {row[1]: int(row[0]) for row in _table(project, "| week | milestone |")}
    plan = _calendar()["11"]
    assert weeks["1. Proposal"] == _week_of(plan, "proposal due")
    assert weeks["2. First results"] == _week_of(plan, "first results due")
    assert weeks["3. Report"] == _week_of(plan, "report due")
    assert weeks["4. Review"] == _week_of(plan, "peer review due")
    short = _calendar()["8"]
    note = project.split("In an 8-week module", 1)[1].split("\n\n", 1)[0]
    for milestone, pattern in (
        ("proposal", "proposal due"),
        ("first\nresults", "first results due"),
        ("report", "report due"),
    ):
        week = _week_of(short, pattern)
        assert re.search(rf"{milestone.split()[0]}\W.*?week {week}", note, re.S), milestone
