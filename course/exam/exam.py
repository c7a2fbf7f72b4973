"""The written exam, drawn per term: its paper and model answer from two templates.

The templates (``exam-paper.md.jinja`` and ``model-answer.md.jinja``, next to this file) hold
the questions, the working and the marking scheme; the numbers in them come from a
:class:`Paper`. The book's edition (:data:`BOOK`) is the chapters' own example; a term's paper
is drawn from the term's secret (:func:`for_term`, from the quiz bank's ``Term``), so the
public templates rebuild no term's model answer. Every figure of the model answer is computed
here by the library (:func:`figures`).

``make instructor`` (``tools/instructor.py``) renders both into the instructor bundle's
``exam/``. Like the quiz bank, this file is not part of the installed package and nothing the
website serves contains it.

Examples
--------
>>> figures(BOOK)["dcg3"]
'5.762'
>>> paper, answer = render(BOOK)
>>> "grades 3, 2, 3, 0, 1, 2" in paper and "**0.901**" in answer
True

"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import jinja2
import numpy as np

import ndcg
from ndcg import discount
from ndcg.teaching import examples

HERE = Path(__file__).resolve().parent
TEMPLATES = ("exam-paper.md.jinja", "model-answer.md.jinja")


@dataclass(frozen=True)
class Paper:
    """The numbers one exam paper asks about.

    Attributes
    ----------
    retrieved : tuple of int
        Grades of D1-D6, in ranked order (questions 1 and 2).
    unretrieved : tuple of int
        Grades of D7 and D8, judged but not retrieved (question 2).
    tied_grades : tuple of int
        Four documents' grades, in the order of their scores (question 3).
    tied_scores : tuple of float
        Their scores: the second and third are tied.
    library_figures : tuple of float
        The two libraries' NDCG@10 of question 5.
    p_percent : int
        Question 6's p-value, in percent.
    label : str
        The term's label printed in the headings; empty for the book's edition.

    """

    retrieved: tuple[int, ...]
    unretrieved: tuple[int, ...]
    tied_grades: tuple[int, ...]
    tied_scores: tuple[float, ...]
    library_figures: tuple[float, float]
    p_percent: int
    label: str = ""


#: The book's edition: chapter 4's D1-D8 and chapter 5's kind of tie.
BOOK = Paper(
    retrieved=tuple(examples.D_RELEVANCE),
    unretrieved=tuple(examples.D_POOL[len(examples.D_RELEVANCE) :]),
    tied_grades=(3, 2, 0, 1),
    tied_scores=(0.9, 0.5, 0.5, 0.1),
    library_figures=(0.61, 0.66),
    p_percent=3,
)


def _ideal(grades, k: int) -> list[int]:
    return sorted(grades, reverse=True)[:k]


def usable(paper: Paper) -> bool:
    """Whether the paper's numbers make every question ask what its wording says.

    Question 1 needs a top three with two relevant documents, one of grade 2 or more (so the
    exponential gain of 1c differs from the linear one);
    question 2 an ideal from every judged document that beats the one from the retrieved six
    (so the two NDCG@3 differ); question 3 a tie between two different grades, inside a list
    with some relevant document.
    """
    top3 = paper.retrieved[:3]
    pool = paper.retrieved + paper.unretrieved
    tie = paper.tied_grades[1:3]
    return (
        sum(1 for grade in top3 if grade > 0) >= 2
        and max(top3) >= 2
        and _ideal(pool, 3) != _ideal(paper.retrieved, 3)
        and tie[0] != tie[1]
        and max(paper.tied_grades) > 0
    )


def draw(rng: np.random.Generator, label: str) -> Paper:
    """A paper of numbers drawn from ``rng``, until they are :func:`usable`."""
    while True:
        scores = (
            round(float(rng.uniform(0.7, 0.95)), 2),
            *[round(float(rng.uniform(0.3, 0.6)), 2)] * 2,
            round(float(rng.uniform(0.05, 0.25)), 2),
        )
        low = round(float(rng.uniform(0.5, 0.75)), 2)
        paper = Paper(
            retrieved=tuple(int(g) for g in rng.integers(0, 4, size=6)),
            unretrieved=tuple(int(g) for g in rng.integers(1, 4, size=2)),
            tied_grades=tuple(int(g) for g in rng.integers(0, 4, size=4)),
            tied_scores=scores,
            library_figures=(low, round(low + float(rng.uniform(0.03, 0.09)), 2)),
            p_percent=int(rng.integers(1, 5)),
            label=label,
        )
        if usable(paper) and paper.retrieved != BOOK.retrieved:
            return paper


def for_term(term) -> Paper:
    """The paper of a term of the quiz bank (``bank.Term``), drawn from the term's secret."""
    return draw(term.rng("exam"), term.name)


def _three(value: float) -> str:
    return f"{value:.3f}"


def _short(value: float) -> str:
    # A term of a sum as a student writes it: 3, 1.5, 1.262.
    return f"{round(value, 3):g}"


def figures(paper: Paper) -> dict[str, object]:
    """Every value the two templates print for ``paper``, the figures computed by the library."""
    grades, pool = list(paper.retrieved), list(paper.retrieved + paper.unretrieved)
    top3 = grades[:3]
    ideal3 = _ideal(pool, 3)
    ranked_docs = sorted(range(len(pool)), key=lambda i: (-pool[i], i))
    tied_grades, tied_scores = list(paper.tied_grades), list(paper.tied_scores)
    ties = {
        rule: ndcg.ndcg_from_scores(tied_grades, tied_scores, k=2, ties=rule)
        for rule in ("optimistic", "pessimistic", "average")
    }
    tie = tied_grades[1:3]
    ndcg3 = ndcg.ndcg(grades, k=3, pool=pool)
    return {
        "heading": f" ({paper.label})" if paper.label else "",
        "retrieved": ", ".join(map(str, grades)),
        "d7": paper.unretrieved[0],
        "d8": paper.unretrieved[1],
        "tied_grades": ", ".join(map(str, tied_grades)),
        "tied_scores": ", ".join(f"{score:g}" for score in tied_scores),
        "tie_first": tie[0],
        "tie_second": tie[1],
        "library_low": f"{paper.library_figures[0]:.2f}",
        "library_high": f"{paper.library_figures[1]:.2f}",
        "p_value": f"{paper.p_percent / 100:g}",
        "p_percent": paper.p_percent,
        "top3": top3,
        "cg3": f"{ndcg.cg(grades, k=3):g}",
        "dcg_terms": [
            _short(gain * discount)
            for gain, discount in zip(top3, discount.discounts(3), strict=True)
        ],
        "dcg3": _three(ndcg.dcg(grades, k=3)),
        "exp_gains": [2**grade - 1 for grade in top3],
        "dcg3_exp": _three(ndcg.dcg(grades, k=3, gain="exponential")),
        "pool_sorted": sorted(pool, reverse=True),
        "ideal_docs": [f"D{i + 1}" for i in sorted(ranked_docs[:3])],
        "ideal3": ideal3,
        "idcg3": _three(ndcg.idcg(pool, k=3)),
        "ndcg3": _three(ndcg3),
        "ndcg3_two": f"{ndcg3:.2f}",
        "retrieved_ideal3": _ideal(grades, 3),
        "ndcg3_retrieved": _three(ndcg.ndcg(grades, k=3)),
        "tie_high": max(tie),
        "tie_low": min(tie),
        "tied_first": tied_grades[0],
        "tied_ideal2": _ideal(tied_grades, 2),
        "ndcg2_best": _three(ties["optimistic"]),
        "ndcg2_worst": _three(ties["pessimistic"]),
        "ndcg2_average": _three(ties["average"]),
    }


def render(paper: Paper = BOOK) -> tuple[str, str]:
    """The paper to print and its model answer, as Markdown, for ``paper``'s numbers."""
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE),
        undefined=jinja2.StrictUndefined,  # a misspelt placeholder stops the build
        keep_trailing_newline=True,
        autoescape=False,  # Markdown, not HTML
    )
    values = figures(paper)
    paper_text, answer_text = (environment.get_template(name).render(values) for name in TEMPLATES)
    return paper_text, answer_text
