"""The exam (course/exam/): a paper and model answer drawn per term from two templates. Every
figure of the model answer is the library's, rounded as printed, for the book's edition and for
drawn terms; the question paper gives no answer away; a term's paper comes from its secret;
neither reaches the website."""

from __future__ import annotations

import re
from pathlib import Path

import instructor
import pytest
import yaml

import ndcg
from ndcg.teaching import examples

ROOT = Path(__file__).resolve().parents[2]
EXAM = ROOT / "course" / "exam"


exam = instructor.load_exam()
bank = instructor.load_bank()
# Terms drawn from fixed secrets, so every run checks the same papers.
TERMS = [bank.Term.draw(f"term-{n}", f"{n + 7:064x}") for n in range(8)]


def _bold_figures(text: str) -> list[str]:
    return re.findall(r"\*\*(\d+(?:\.\d+)?)\*\*", text)


def expected(paper) -> list[str]:
    """The model answer's bold figures, in order, from the library, for ``paper``."""
    grades, pool = list(paper.retrieved), list(paper.retrieved + paper.unretrieved)
    tied = list(paper.tied_grades), list(paper.tied_scores)
    ties = {
        t: ndcg.ndcg_from_scores(*tied, k=2, ties=t)
        for t in ("optimistic", "pessimistic", "average")
    }
    figures = [
        ndcg.cg(grades, k=3),
        ndcg.dcg(grades, k=3),
        ndcg.dcg(grades, k=3, gain="exponential"),
        ndcg.idcg(pool, k=3),
        ndcg.ndcg(grades, k=3, pool=pool),
        ndcg.ndcg(grades, k=3),
        ties["optimistic"],
        ties["pessimistic"],
        ties["average"],
    ]
    return [f"{figures[0]:g}"] + [f"{f:.3f}" for f in figures[1:]]


def test_the_books_edition_is_chapter_4s_example():
    assert exam.BOOK.retrieved == tuple(examples.D_RELEVANCE)  # D1-D6: 3, 2, 3, 0, 1, 2
    assert exam.BOOK.retrieved + exam.BOOK.unretrieved == tuple(examples.D_POOL)
    paper, answer = exam.render(exam.BOOK)
    assert "judged with the grades 3, 2, 3, 0, 1, 2\n" in paper
    assert _bold_figures(answer) == expected(exam.BOOK)
    assert "5.762" in answer and "0.901" in answer  # the figures chapter 4 prints


@pytest.mark.parametrize("term", TERMS, ids=[t.name for t in TERMS])
def test_model_answer_figures_are_the_librarys(term):
    drawn = exam.for_term(term)
    assert exam.usable(drawn)
    paper, answer = exam.render(drawn)
    assert _bold_figures(answer) == expected(drawn)
    assert f"({term.name})" in paper.splitlines()[0]
    assert "{{ " not in paper + answer and " }}" not in paper + answer


@pytest.mark.parametrize("paper", [exam.BOOK] + [exam.for_term(t) for t in TERMS[:4]])
def test_question_paper_gives_no_answer(paper):
    text, answer = exam.render(paper)
    for figure in expected(paper)[1:]:
        assert figure not in text, figure
    marks = [int(m) for m in re.findall(r"^## Question \d+: .* \((\d+) marks\)$", text, re.M)]
    total = int(re.search(r"\*\*Total:\*\* (\d+) marks", text).group(1))
    assert len(marks) == 7 and sum(marks) == total
    asked = re.findall(r"^## (Question \d+): .* \((\d+) marks\)$", text, re.M)
    given = re.findall(r"^## (Question \d+) \((\d+) marks\)$", answer, re.M)
    assert asked == given


def test_each_term_has_its_own_paper_drawn_from_its_secret():
    answers = {exam.render(exam.for_term(term))[1] for term in TERMS}
    assert len(answers) == len(TERMS)
    assert exam.render(exam.BOOK)[1] not in answers
    # The same label with another secret (a student who knows the label and runs the public
    # sources) gets another paper; the same secret under another label, the same numbers.
    first = TERMS[0]
    guessed = bank.Term.draw(first.name, "ff" * 32)
    assert exam.render(exam.for_term(guessed))[1] != exam.render(exam.for_term(first))[1]
    relabelled = bank.Term.draw("other-label", first.secret)
    assert _bold_figures(exam.render(exam.for_term(relabelled))[1]) == _bold_figures(
        exam.render(exam.for_term(first))[1]
    )


def test_a_drawn_paper_asks_what_its_wording_says():
    for term in TERMS:
        paper = exam.for_term(term)
        tie = paper.tied_grades[1:3]
        assert paper.tied_scores[1] == paper.tied_scores[2] and tie[0] != tie[1]
        assert paper.tied_scores[0] > paper.tied_scores[1] > paper.tied_scores[3]
        pool = paper.retrieved + paper.unretrieved
        assert ndcg.ndcg(paper.retrieved, k=3, pool=pool) < ndcg.ndcg(paper.retrieved, k=3)
    assert exam.usable(exam.BOOK)


def test_the_repository_keeps_templates_not_a_model_answer():
    # One fixed model answer would be every term's: the repository holds the templates only.
    assert not (EXAM / "model-answer.md").exists() and not (EXAM / "exam-paper.md").exists()
    template = (EXAM / "model-answer.md.jinja").read_text(encoding="utf-8")
    assert not _bold_figures(template)


def test_the_book_never_publishes_the_course_documents() -> None:
    # course/ is no page of the book: not in the table of contents, and either only the
    # table's pages are built or course/ is excluded from the build.
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    assert "course/" not in toc
    excluded = {p.rstrip("/*") for p in config.get("exclude_patterns", [])}
    assert config.get("only_build_toc_files") is True or "course" in excluded


def test_the_exam_modules_examples_hold():
    import doctest

    result = doctest.testmod(exam, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 2 and result.failed == 0
