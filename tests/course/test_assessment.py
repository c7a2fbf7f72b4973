"""Assessment: the quiz bank, the autograded assignments and the instructor bundle.

The assignments' grading is tested in tests/course/test_grading.py and
tests/course/test_grader_attacks.py; here, that a term changes the assignments' data and the
hidden inputs the grader draws.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import grade_checks
import instructor
import numpy as np
import pytest
from _course_secrets import hidden_test_lines as _hidden_test_lines
from _course_secrets import secrets as _secrets
from bs4 import BeautifulSoup

import ndcg
from ndcg.teaching import examples

ROOT = Path(__file__).resolve().parents[2]


quiz = instructor.load_bank()  # the bank lives in course/quiz/, outside the installed package

CHAPTER_NUMBERS = sorted(int(path.name[:2]) for path in (ROOT / "notebooks").glob("[0-9][0-9]_*"))
GUIDE = ROOT / "book" / "instructor-guide.md"
MASTERS = {path.stem: path for path in sorted((ROOT / "course" / "assignments").glob("*.ipynb"))}
A1, A2 = "a1-ndcg-from-scratch", "a2-two-systems"


# ---------------------------------------------------------------------------------- quiz bank


@pytest.mark.parametrize("chapter", CHAPTER_NUMBERS)
def test_every_chapter_has_five_questions_of_every_kind(chapter):
    items = quiz.questions(chapter)
    assert len(items) >= 5, f"chapter {chapter} has {len(items)} quiz questions"
    assert {item.kind for item in items} == {"numeric", "choice", "short"}
    for item in items:
        assert item.rationale.strip() and item.prompt.strip()


def test_numeric_answers_are_computed_not_typed():
    numeric = [item for item in quiz.questions() if item.kind == "numeric"]
    assert len(numeric) >= len(CHAPTER_NUMBERS)
    for item in numeric:
        assert callable(item.answer), item.id
        value = item.expected()
        assert isinstance(value, float) and math.isfinite(value), item.id
    with pytest.raises(TypeError, match="must be a function that computes it"):
        quiz.Question("q01-9", 1, "numeric", "?", "0.785", "typed")


def test_numeric_answers_match_an_independent_computation():
    # A few answers recomputed here from the definitions, not through the bank.
    grades = np.asarray(examples.D_RELEVANCE, dtype=float)
    discounts = 1.0 / np.log2(np.arange(2, grades.size + 2))
    ideal = np.sort(np.asarray(examples.D_POOL, dtype=float))[::-1][:6]
    assert quiz.question("q02-1").expected() == grades.sum()
    assert quiz.question("q03-1").expected() == pytest.approx(np.sum(grades * discounts), abs=1e-12)
    assert quiz.question("q03-4").expected() == pytest.approx(
        np.sum((2**grades - 1) * discounts), abs=1e-12
    )
    assert quiz.question("q04-2").expected() == pytest.approx(
        np.sum(grades * discounts) / np.sum(ideal * discounts), abs=1e-12
    )
    assert quiz.question("q13-3").expected() == pytest.approx(math.log(2), abs=1e-12)


def test_choice_answers_are_among_the_options():
    for item in quiz.questions():
        if item.kind == "choice":
            assert item.answer in "ABCDEFGH"[: len(item.options)], item.id
    with pytest.raises(ValueError, match="answer among"):
        quiz.Question("q01-9", 1, "choice", "?", "C", "why", options=("yes", "no"))
    wrong = quiz.Variant("?", "C", "why", ("yes", "no"))
    with pytest.raises(ValueError, match="a variant of q01-9 needs two or more options"):
        quiz.Question(
            "q01-9", 1, "choice", "?", "A", "why", options=("yes", "no"), variants=(wrong,)
        )


def test_a_new_chapter_is_added_by_its_key(monkeypatch):
    monkeypatch.setattr(quiz, "_BANK", dict(quiz._BANK))
    extra = [
        quiz.Question(
            "q15-1",
            15,
            "numeric",
            "NDCG@6 of D1-D6?",
            lambda: ndcg.ndcg([3, 2, 3, 0, 1, 2], k=6),
            "r",
        )
    ]
    quiz.register(15, extra)
    assert quiz.chapters()[-1] == 15
    assert "q15-1" in quiz.answer_key_markdown()
    with pytest.raises(ValueError, match="does not belong to chapter 16"):
        quiz.register(16, extra)


def test_student_sheet_holds_no_answer(tmp_path):
    sheet = quiz.student_markdown()
    for item in quiz.questions():
        assert item.id in sheet
        assert item.why() not in sheet, item.id
        if item.kind == "short":
            assert item.answer not in sheet, item.id
    instructor.write_quiz(tmp_path)
    key = (tmp_path / "answer-key.md").read_text(encoding="utf-8")
    assert all(item.why() in key for item in quiz.questions())
    # The key prints each numeric answer as the library computes it when the key is built.
    assert f"{quiz.question('q04-2').expected()!r}" in key


def test_instructor_guide_uses_every_chapter_and_only_real_questions():
    text = GUIDE.read_text(encoding="utf-8")
    used = set(re.findall(r"\bq\d\d-\d+\b", text))
    known = {item.id for item in quiz.questions()}
    assert used, "the instructor guide names no quiz question"
    assert used <= known, f"unknown quiz ids in the guide: {sorted(used - known)}"
    assert {int(qid[1:3]) for qid in used} >= set(CHAPTER_NUMBERS)
    for name in MASTERS:
        assert name in text, f"the guide does not say when {name} is due"


def test_every_session_of_the_module_is_a_full_plan():
    text = GUIDE.read_text(encoding="utf-8")
    module = text.split("## A full module", 1)[1].split("\n## ", 1)[0]
    sessions = re.split(r"\n### ", module)[1:]
    assert 6 <= len([s for s in sessions if "(optional)" not in s.splitlines()[0]]) <= 8
    covered = set()
    for session in sessions:
        title = session.splitlines()[0]
        covered |= {int(n) for n in re.findall(r"notebooks/(\d\d)_", session)}
        if "(optional)" in title:
            continue
        for part in (
            "Goals:",
            "| minutes |",
            "Widget tasks:",
            "Discussion:",
            "Quiz:",
            "Assignment:",
        ):
            assert part in session, f"session {title!r} has no {part!r}"
    assert covered >= set(CHAPTER_NUMBERS), f"chapters left out: {set(CHAPTER_NUMBERS) - covered}"


def test_every_misconception_names_a_page():
    text = GUIDE.read_text(encoding="utf-8")
    block = text.split("## Common misconceptions", 1)[1].split("\n## ", 1)[0]
    entries = re.split(r'\n(?=")', block.strip())[1:]
    assert len(entries) >= 10
    for entry in entries:
        assert "{doc}`../notebooks/" in entry, f"no page addresses {entry.splitlines()[0]}"


# ------------------------------------------------------------------- kept from the website


@pytest.fixture(scope="module")
def public_pages(site):
    """Every page of the website as (path, raw text, visible text, links)."""
    pages = []
    for page in sorted(site.rglob("*.html")) + sorted(site.rglob("*.txt")):
        raw = page.read_text(encoding="utf-8", errors="replace")
        text, links = " ".join(raw.split()), []
        if page.suffix == ".html":
            soup = BeautifulSoup(raw, "html.parser")
            text = " ".join(soup.get_text(" ").split())
            links = [tag["href"] for tag in soup.find_all(href=True)]
        pages.append((page.relative_to(site), " ".join(raw.split()), text, links))
    index = site / "searchindex.js"
    pages.append((index.relative_to(site), index.read_text(encoding="utf-8"), "", []))
    return pages


def _leaks(raw: str, text: str, secrets: list[str]) -> list[str]:
    return [secret for secret in secrets if secret in text or secret in raw]


def test_the_leak_check_finds_a_leak():
    secrets = _secrets()
    rationale = quiz.question("q04-3").why()
    page = f"<p>Answer:\n  {rationale}</p>"
    text = " ".join(BeautifulSoup(page, "html.parser").get_text(" ").split())
    assert _leaks(" ".join(page.split()), text, secrets) == [rationale]
    hidden = _hidden_test_lines(A1)[0]
    assert _leaks(hidden, "", secrets) == [hidden]


def test_no_answer_key_on_any_public_page(site, public_pages):
    secrets = _secrets()
    assert len(public_pages) > len(CHAPTER_NUMBERS)
    for page, raw, text, _ in public_pages:
        leaked = _leaks(raw, text, secrets)
        assert not leaked, f"{page} shows answer-key text: {leaked[:3]}"
    assert not list(site.rglob("*autograder*")), "an autograder file reached the website"


def test_no_public_page_links_to_the_instructor_bundle(public_pages):
    for page, _, _, links in public_pages:
        for href in links:
            assert "_build/instructor" not in href and "instructor/" not in href, (
                f"{page} links to {href}"
            )


# ---------------------------------------------------------------------------- term variants

TERMS = ("2027-spring", "2027-fall")
# Fixed secrets, so the tests draw the same terms every run (a real term's is random).
SECRETS = {"2027-spring": "a7" * 32, "2027-fall": "3c" * 32}


def _term(label: str, secret: str | None = None):
    return quiz.Term.draw(label, secret or SECRETS[label])


def test_a_term_draws_its_own_example_the_same_every_time():
    spring, fall = (_term(term) for term in TERMS)
    assert _term(TERMS[0]) == spring
    assert len({spring.retrieved, fall.retrieved, quiz.BOOK.retrieved}) == 3
    for term in (spring, fall):
        # What the items' wording relies on (see Term.draw).
        assert len(term.retrieved) == 6 and len(term.unretrieved) == 2
        assert term.retrieved[2] > term.retrieved[3] and min(term.unretrieved) > 0
        assert max(term.unretrieved) > min(term.retrieved)
    with pytest.raises(ValueError, match="non-empty string"):
        quiz.Term.draw(" ", SECRETS[TERMS[0]])


def test_a_term_is_drawn_from_its_secret_not_its_label():
    spring = _term(TERMS[0])
    # The same secret under another label draws the same term; the label only prints.
    relabelled = quiz.Term.draw("anything at all", SECRETS[TERMS[0]])
    assert (relabelled.retrieved, relabelled.unretrieved) == (spring.retrieved, spring.unretrieved)
    # The same label with another secret draws another term: the label rebuilds nothing.
    others = [_term(TERMS[0], f"{n:064x}") for n in range(1, 9)]
    example = (spring.retrieved, spring.unretrieved)
    assert sum((t.retrieved, t.unretrieved) == example for t in others) <= 1
    assert SECRETS[TERMS[0]] not in repr(spring) and "secret" not in repr(spring)
    with pytest.raises(TypeError):
        quiz.Term.draw(TERMS[0])  # no secret: no term
    with pytest.raises(ValueError, match="at least 16 random bytes"):
        quiz.Term.draw(TERMS[0], "ab" * 8)
    with pytest.raises(ValueError, match="hexadecimal"):
        quiz.Term.draw(TERMS[0], "2027-spring")
    with pytest.raises(ValueError, match="no secret"):
        quiz.BOOK.rng("q01-2")


def _log_discounts(n: int) -> np.ndarray:
    return 1.0 / np.log2(np.arange(2, n + 2))


def _relevant(grades) -> int:
    return sum(1 for grade in grades if grade > 0)


def _first_relevant(grades) -> int:
    return next(i for i, grade in enumerate(grades, 1) if grade > 0)


# Every numeric item's answer recomputed from what the key prints: the term's D1-D6 grades
# (g), its judged pool (p) and the item's own data (v), by the definitions or by the library's
# public functions, not through the bank.
RECOMPUTE = {
    "q01-2": lambda g, p, v: _relevant(v["grades"][:6]) / _relevant(v["grades"]),
    "q02-1": lambda g, p, v: float(np.sum(g)),
    "q02-2": lambda g, p, v: float(np.sum(g[:3])),
    "q03-1": lambda g, p, v: np.sum(g * _log_discounts(6)),
    "q03-3": lambda g, p, v: math.log2(v["j"] + 1) / math.log2(v["i"] + 1),
    "q03-4": lambda g, p, v: np.sum((2**g - 1) * _log_discounts(6)),
    "q04-1": lambda g, p, v: np.sum(np.sort(p)[::-1][:6] * _log_discounts(6)),
    "q04-2": lambda g, p, v: (
        np.sum(g * _log_discounts(6)) / np.sum(np.sort(p)[::-1][:6] * _log_discounts(6))
    ),
    "q04-3": lambda g, p, v: ndcg.ndcg(g, k=6),
    "q05-1": lambda g, p, v: ndcg.ndcg_from_scores(
        v["grades"], v["scores"], k=v["k"], gain="exponential", ties="pessimistic"
    ),
    "q05-2": lambda g, p, v: ndcg.ndcg_from_scores(
        v["grades"], v["scores"], k=v["k"], gain="exponential", ties="average"
    ),
    "q06-1": lambda g, p, v: ndcg.ndcg_from_scores(v["grades"], v["scores"], k=10),
    "q06-2": lambda g, p, v: sum(v["values"]) / 5,
    "q07-2": lambda g, p, v: np.mean(np.subtract(v["b"], v["a"])),
    "q08-1": lambda g, p, v: 2 * v["scores"][0] - 1,
    "q08-2": lambda g, p, v: (
        1000  # in thousandths
        * abs(np.sum(np.round(g * _log_discounts(6), 3)) - np.sum(g * _log_discounts(6)))
    ),
    "q09-2": lambda g, p, v: ndcg.ndcg(g, k=6, gain="exponential", pool=p),
    "q10-1": lambda g, p, v: 0.2 * sum(0.8**i for i, grade in enumerate(g) if grade > 0),
    "q10-2": lambda g, p, v: ndcg.err(g, max_grade=3),
    "q10-3": lambda g, p, v: np.mean([1 / _first_relevant(v[q]) for q in ("q1", "q2", "q3")]),
    "q11-1": lambda g, p, v: _relevant(v["grades"][: v["k"]]) / v["k"],
    "q11-2": lambda g, p, v: ndcg.average_precision(g, pool=p),
    "q12-1": lambda g, p, v: ndcg.ndcg(v["grades"], k=v["k"]),
    "q12-2": lambda g, p, v: ndcg.ndcg(v["grades"], k=v["k2"]),
    "q13-1": lambda g, p, v: ndcg.ndcg(v["grades"], k=5, gain="exponential"),
    "q13-2": lambda g, p, v: abs(
        ndcg.ndcg(_swap(v["grades"], 0, v["j"] - 1), k=5, gain="exponential")
        - ndcg.ndcg(v["grades"], k=5, gain="exponential")
    ),
    "q13-3": lambda g, p, v: math.log1p(math.exp(-(v["scores"][0] - v["scores"][1]))),
    "q14-1": lambda g, p, v: ndcg.ndcg(v["grades"], gain="exponential"),
    "q14-3": lambda g, p, v: (1.0 + 4 * ndcg.ndcg(v["b"], k=4)) / 5,
}


def _swap(grades, i: int, j: int) -> list:
    grades = list(grades)
    grades[i], grades[j] = grades[j], grades[i]
    return grades


def test_two_terms_differ_on_every_numeric_item_and_keys_the_library_agrees_with(tmp_path):
    keys = {}
    for term in TERMS:
        instructor.write_quiz(tmp_path / term, _term(term))
        keys[term] = json.loads((tmp_path / term / "answer-key.json").read_text("utf-8"))
    spring, fall = ({q["id"]: q for q in keys[term]["questions"]} for term in TERMS)
    numeric = [qid for qid, q in spring.items() if q["kind"] == "numeric"]
    assert sorted(numeric) == sorted(RECOMPUTE), "a numeric item needs its RECOMPUTE entry"
    same = [qid for qid in numeric if spring[qid]["answer"] == fall[qid]["answer"]]
    assert not same, f"these numeric items do not move between two terms: {same}"
    book = {qid: quiz.question(qid).expected() for qid in numeric}
    # A coarse answer (a precision of 0.8) may meet the book's by chance, but only rarely.
    assert len([qid for qid in numeric if spring[qid]["answer"] == book[qid]]) <= 2
    for term in TERMS:
        data = keys[term]
        grades = np.asarray(data["retrieved"], dtype=float)
        pool = np.asarray(data["retrieved"] + data["unretrieved"], dtype=float)
        sheet = (tmp_path / term / "questions.md").read_text("utf-8")
        for q in data["questions"]:
            if q["kind"] != "numeric":
                continue
            again = RECOMPUTE[q["id"]](grades, pool, q["data"])
            assert q["answer"] == pytest.approx(float(again), abs=1e-12), (term, q["id"])
            assert q["prompt"] in sheet and "{" not in q["prompt"], (term, q["id"])
        # The student sees the data the answer is computed from: each value is printed by the
        # item, or by the item whose data it shares (chapter 13's second question on a list).
        prompts: dict[str, str] = {}
        for q in data["questions"]:
            key = quiz.question(q["id"]).data_key or q["id"]
            prompts[key] = prompts.get(key, "") + q["prompt"]
        for q in data["questions"]:
            shown = prompts[quiz.question(q["id"]).data_key or q["id"]]
            for value in q["data"].values():
                assert quiz.model.show(value) in shown, (term, q["id"], value)
        listed = "[" + ", ".join(str(g) for g in data["retrieved"]) + "]"
        assert listed in sheet and "{d}" not in sheet and "{extra}" not in sheet


def test_every_numeric_item_varies_across_terms():
    # Not tuned to two terms: over a dozen terms each item takes many values.
    terms = [quiz.Term.draw(f"term-{n}", f"{n + 1:064x}") for n in range(12)]
    for item in quiz.questions():
        if item.kind == "numeric":
            values = {item.expected(term) for term in terms}
            assert len(values) >= 5, f"{item.id} takes only {sorted(values)} over 12 terms"


def test_every_choice_item_moves_its_right_letter_across_terms():
    terms = [quiz.Term.draw(f"term-{n}", f"{n + 1:064x}") for n in range(12)]
    choice = [item for item in quiz.questions() if item.kind == "choice"]
    for item in choice:
        assert item.choices() == item.options and item.expected() == item.answer, item.id
        forms = set()
        for term in terms:
            shown, form = item.choices(term), item.form(term)
            forms.add(form.prompt)
            assert item.text(term) == form.text(term) and item.why(term) == form.why(term)
            assert sorted(shown) == sorted(form.options), item.id
            # The letter moves with its option: the right option is the form's right one.
            right = form.options["ABCDEFGH".index(form.answer)]
            assert shown["ABCDEFGH".index(item.expected(term))] == right, item.id
        letters = {item.expected(term) for term in terms}
        assert len(letters) >= 2, f"{item.id}'s answer is {letters} in 12 terms"
        # An item with variants shows each of its forms in some term of twelve.
        assert len(forms) == 1 + len(item.variants), item.id
    assert len([item for item in choice if item.variants]) >= 5
    spring, fall = (_term(term) for term in TERMS)
    same = [item.id for item in choice if item.expected(spring) == item.expected(fall)]
    assert len(same) <= len(choice) // 2, same


def test_an_items_data_must_name_the_books_values():
    item = quiz.Question(
        "q01-9",
        1,
        "numeric",
        "CG of {grades}?",
        lambda: ndcg.cg(quiz.items.value("grades")),
        "sum",
        data=lambda rng: {"list": [1, 2]},
        book_data={"grades": [3, 0]},
    )
    assert item.expected() == 3.0 and item.text() == "CG of [3, 0]? Give 3 decimals."
    with pytest.raises(ValueError, match="must name the same values"):
        item.expected(_term("2027-spring"))
    with pytest.raises(ValueError, match="both data"):
        quiz.Question("q01-9", 1, "numeric", "?", lambda: 1.0, "r", data=lambda rng: {})


def test_a_term_changes_the_assignments_data(tmp_path):
    for stem in instructor.VARIANT_LINES:
        master = MASTERS[stem]
        copies = [instructor.term_master(master, _term(term), tmp_path / term) for term in TERMS]
        texts = [copy.read_text("utf-8") for copy in copies]
        assert texts[0] != texts[1] != master.read_text("utf-8")
        for old, _ in instructor.VARIANT_LINES[master.stem]:
            assert old not in texts[0] and old not in texts[1]
    assert instructor.term_master(MASTERS[A1], None, tmp_path) == MASTERS[A1]
    # The hidden inputs are drawn by the grader from the term's numbers, not kept in a master.
    for name in MASTERS:
        numbers = [instructor.term_numbers(_term(term), name) for term in TERMS]
        assert numbers[0] != numbers[1] and instructor.term_numbers(None, name) is None
        runs = [grade_checks.checks_for(name, n).runs() for n in (*numbers, None)]
        assert runs[0] != runs[1] != runs[2]


# ---------------------------------------------------------------------------- outcomes


def test_every_item_and_assignment_question_is_tagged_with_real_outcomes():
    import yaml

    section = GUIDE.read_text("utf-8").split("## Learning outcomes", 1)[1].split("\n## ", 1)[0]
    numbers = {int(n) for n in re.findall(r"^(\d+)\. ", section, re.M)}
    assert numbers == set(range(1, 14))
    for item in quiz.questions():
        assert item.outcomes and set(item.outcomes) <= numbers, item.id
    tags = yaml.safe_load(instructor.OUTCOMES.read_text("utf-8"))
    for name, master in MASTERS.items():
        questions = [q["name"] for q in instructor.question_order(master)]
        assert sorted(tags[name]) == sorted(questions), name
        assert all(set(outcomes) <= numbers for outcomes in tags[name].values())
    tagged = {o for item in quiz.questions() for o in item.outcomes}
    assert tagged == numbers, f"outcomes no quiz item assesses: {numbers - tagged}"


def test_widget_tasks_are_the_notebooks_goals_and_tagged_with_real_outcomes():
    import yaml

    tasks = instructor.widget_tasks()
    tags = yaml.safe_load(instructor.WIDGET_TASKS.read_text("utf-8"))
    assert set(tags) == set(tasks)
    assert all(set(outcomes) <= set(range(1, 14)) for outcomes in tags.values())
    # Chapter 4's two goals, as the notebook sets them.
    assert tasks["04_ideal_dcg_and_ndcg"] == ["ch. 4: NDCG ≥ 0.8", "ch. 4: NDCG < 0.7 in 1 swap"]
    assert tasks["03_discounted_cumulative_gain"][0] == "ch. 3: DCG falls, CG stays"


def test_the_guide_shows_the_outcome_table_built_from_the_tags():
    assert instructor.outcome_table() in GUIDE.read_text("utf-8"), (
        "the guide's outcome table is stale: run python tools/instructor.py --outcome-table"
    )


# Minutes a student needs per quiz item, by kind (the guide states the same figures).
QUIZ_MINUTES = {"numeric": 1.5, "choice": 1.0, "short": 2.0}


def test_each_quiz_slot_is_long_enough_for_its_in_class_items():
    text = GUIDE.read_text(encoding="utf-8")
    assert (
        "a minute and a half per\nnumeric item, a minute per multiple-choice item and two" in text
    )
    module = text.split("## A full module", 1)[1].split("\n## ", 1)[0]
    checked = 0
    for session in re.split(r"\n### ", module)[1:]:
        slots = re.findall(r"^\| (\d+)-(\d+) \|[^\n]*\| quiz bank \|$", session, re.M)
        line = session.split("Quiz:", 1)[1].split("\n", 1)[0]
        in_class = re.findall(r"`(q\d\d-\d+)`", line.split(" in class", 1)[0])
        if not slots:
            continue
        minutes = sum(int(end) - int(start) for start, end in slots)
        needed = sum(QUIZ_MINUTES[quiz.question(qid).kind] for qid in in_class)
        assert in_class and needed <= minutes, f"{session.splitlines()[0]}: {needed} > {minutes}"
        checked += 1
    assert checked >= 6


def test_the_gift_export_holds_every_question_with_the_terms_answer():
    term = _term("2027-spring")
    text = quiz.gift(term)
    assert text.count("$CATEGORY:") == len(quiz.chapters())
    for item in quiz.questions():
        block = text.split(f"::{item.id}::", 1)[1].split("\n\n", 1)[0]
        assert f"::{item.id}::" not in block
        if item.kind == "numeric":
            assert f"{{#{quiz.export.gift_number(item.expected(term))}:" in block, item.id
        elif item.kind == "choice":
            right = item.choices(term)["ABCDEFGH".index(item.expected(term))]
            form = item.form(term)
            assert right == form.options["ABCDEFGH".index(form.answer)], item.id
            assert f"\n={quiz.export.gift_escape(right)}\n" in block, item.id
            assert block.count("\n~") == len(item.options) - 1, item.id
        else:
            assert "{####" in block, item.id
    assert term.fill("{d}") in text.split("::q01-1::", 1)[0]  # the term's example comes first
