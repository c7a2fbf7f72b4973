"""The exam (course/exam/): every figure of the model answer is the library's, rounded as
printed; the question paper gives no answer away; neither reaches the website."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

import ndcg
from ndcg.teaching import examples

ROOT = Path(__file__).resolve().parents[1]
EXAM = ROOT / "course" / "exam"
GRADES = list(examples.D_RELEVANCE)  # D1-D6: 3, 2, 3, 0, 1, 2
POOL = list(examples.D_POOL)  # with D7 (3) and D8 (2)
TIED_GRADES, TIED_SCORES = [3, 2, 0, 1], [0.9, 0.5, 0.5, 0.1]


def _bold_figures(text: str) -> list[str]:
    return re.findall(r"\*\*(\d+(?:\.\d+)?)\*\*", text)


def expected() -> list[str]:
    """The model answer's bold figures, in order, from the library."""
    ties = {
        t: ndcg.ndcg_from_scores(TIED_GRADES, TIED_SCORES, k=2, ties=t)
        for t in ("optimistic", "pessimistic", "average")
    }
    figures = [
        ndcg.cg(GRADES, k=3),
        ndcg.dcg(GRADES, k=3),
        ndcg.dcg(GRADES, k=3, gain="exponential"),
        ndcg.idcg(POOL, k=3),
        ndcg.ndcg(GRADES, k=3, pool=POOL),
        ndcg.ndcg(GRADES, k=3),
        ties["optimistic"],
        ties["pessimistic"],
        ties["average"],
    ]
    return [f"{figures[0]:g}"] + [f"{f:.3f}" for f in figures[1:]]


def test_model_answer_figures_are_the_librarys() -> None:
    text = (EXAM / "model-answer.md").read_text(encoding="utf-8")
    assert _bold_figures(text) == expected()


def test_question_paper_gives_no_answer() -> None:
    paper = (EXAM / "exam-paper.md").read_text(encoding="utf-8")
    for figure in expected()[1:]:
        assert figure not in paper, figure
    marks = [int(m) for m in re.findall(r"^## Question \d+: .* \((\d+) marks\)$", paper, re.M)]
    total = int(re.search(r"\*\*Total:\*\* (\d+) marks", paper).group(1))
    assert len(marks) == 7 and sum(marks) == total


def test_model_answer_marks_match_the_paper() -> None:
    paper = (EXAM / "exam-paper.md").read_text(encoding="utf-8")
    answer = (EXAM / "model-answer.md").read_text(encoding="utf-8")
    asked = re.findall(r"^## (Question \d+): .* \((\d+) marks\)$", paper, re.M)
    given = re.findall(r"^## (Question \d+) \((\d+) marks\)$", answer, re.M)
    assert asked == given


def test_the_book_never_publishes_the_course_documents() -> None:
    # course/ is no page of the book: not in the table of contents, and either only the
    # table's pages are built or course/ is excluded from the build.
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    assert "course/" not in toc
    excluded = {p.rstrip("/*") for p in config.get("exclude_patterns", [])}
    assert config.get("only_build_toc_files") is True or "course" in excluded
