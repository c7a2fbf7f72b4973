"""The quiz bank: questions for every chapter, with answers and rationales for the instructor.

Each :class:`Question` has an id such as ``"q03-2"`` (chapter 3, question 2), a kind
(``"numeric"``, ``"choice"`` or ``"short"``), the prompt a student sees, the answer and a
one-line rationale. A numeric answer is never typed in: it is a function that computes the
figure with the library when the answer key is built, so the key cannot drift from the book.

Variants: every numeric item's data and every choice item's order come from a :class:`Term`.
The book's own term (:data:`BOOK`) is the example the chapters print;
``Term.draw("2027-spring", secret)`` draws another six retrieved grades and two judged,
unretrieved ones for the items about the D1-D6 example, each other numeric item draws its own
data (its ``data`` function, from the item's id), and each choice item shows its options in an
order of the term's (so its right letter moves), in one of its forms where it has
:class:`Variant` s. Every draw comes from the term's *secret*
(HMAC-SHA256 of the secret and what is drawn), which the instructor bundle keeps and no
student sees; the term's name is only a label printed on the sheets, so knowing it, or the
public sources, rebuilds nothing. The key, computed by the library from the same data,
follows.

The bank is keyed by chapter number. A new chapter adds its questions with :func:`register`
(chapter 14, for instance, with ``register(14, [...])``) and appears in :func:`chapters`, in
the answer key and in the student sheet without any other change.

This file is not part of the ``ndcg`` package a student installs, and nothing the website
serves contains it: ``make instructor`` (``tools/instructor.py``) loads it and writes the
answers into the instructor bundle (``_build/instructor/``). It imports only the library.

Examples
--------
>>> question("q02-1").kind
'numeric'
>>> len(questions(3)) >= 5
True

"""

from __future__ import annotations

import hashlib
import hmac
import math
from collections.abc import Callable, Iterable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Literal

import numpy as np

import ndcg
from ndcg import discount, stats
from ndcg.teaching import examples, exercises, optimising, pitfalls

__all__ = [
    "BOOK",
    "Question",
    "Term",
    "Variant",
    "answer_key_markdown",
    "chapters",
    "example_text",
    "gift",
    "question",
    "questions",
    "register",
    "student_markdown",
]

Kind = Literal["numeric", "choice", "short"]
KINDS: tuple[str, ...] = ("numeric", "choice", "short")
_LETTERS = "ABCDEFGH"


#: The fewest bytes a term's secret may have (``secrets.token_hex(32)`` gives 32).
SECRET_BYTES = 16


def parse_secret(secret: str | bytes) -> bytes:
    """A term's secret as bytes, from its hex text (as ``term-secret.txt`` holds it) or bytes.

    Raises
    ------
    ValueError
        If the secret is not hex text or bytes of at least :data:`SECRET_BYTES` bytes.

    """
    if isinstance(secret, str):
        text = secret.strip()
        try:
            secret = bytes.fromhex(text)
        except ValueError:
            raise ValueError(
                f"a term's secret is hexadecimal text, got {len(text)} characters that are not; "
                "e.g. python -c 'import secrets; print(secrets.token_hex(32))'"
            ) from None
    if not isinstance(secret, bytes) or len(secret) < SECRET_BYTES:
        size = len(secret) if isinstance(secret, bytes) else type(secret).__name__
        raise ValueError(
            f"a term's secret must hold at least {SECRET_BYTES} random bytes "
            f"({2 * SECRET_BYTES} hex digits), got {size}; "
            "e.g. python -c 'import secrets; print(secrets.token_hex(32))'"
        )
    return secret


@dataclass(frozen=True)
class Term:
    """A term's variant: the D1-D6 example's grades, and the secret every other draw comes from.

    Attributes
    ----------
    name : str
        The label printed on the sheets, e.g. ``"2027-spring"``; ``"book"`` for the chapters'
        own example. It draws nothing.
    retrieved : tuple of int
        Grades (0-3) of D1 to D6, in ranked order.
    unretrieved : tuple of int
        Grades of D7 and D8, judged relevant but not retrieved.
    secret : bytes
        The term's secret (empty for the book's): every draw of the term is keyed by it.
        Never shown (not in the repr).

    """

    name: str
    retrieved: tuple[int, ...]
    unretrieved: tuple[int, ...]
    is_book: bool = False
    secret: bytes = field(default=b"", repr=False)

    def digest(self, part: str) -> bytes:
        """HMAC-SHA256 of ``part`` (e.g. ``"q03-3/options"``) under the term's secret.

        The one rule every draw of a term goes through: the quiz's items, the assignments'
        data (``tools/instructor.py``) and the exam's numbers. Without the secret, nothing of
        it can be computed, whatever the label.
        """
        if self.is_book or not self.secret:
            raise ValueError(
                f"the term {self.name!r} has no secret to draw {part!r} from; "
                "the book's own term uses the chapters' data (draw a term with Term.draw)"
            )
        return hmac.new(self.secret, part.encode("utf-8"), hashlib.sha256).digest()

    def seed(self, part: str) -> int:
        """A 32-bit number drawn for ``part``: a seed or a class number for the assignments."""
        return int.from_bytes(self.digest(part)[:4], "big")

    def rng(self, key: str) -> np.random.Generator:
        """A generator for one draw (``key``, e.g. an item's id), the same every time for this
        term and this secret, apart for two keys or two secrets."""
        return np.random.default_rng(int.from_bytes(self.digest(key)[:16], "big"))

    @property
    def pool(self) -> tuple[int, ...]:
        """Every judged grade of the query, D1 to D8."""
        return self.retrieved + self.unretrieved

    @property
    def swapped(self) -> tuple[int, ...]:
        """D1-D6 with D3 and D4 swapped."""
        grades = list(self.retrieved)
        grades[2], grades[3] = grades[3], grades[2]
        return tuple(grades)

    def fill(self, text: str) -> str:
        """Put this term's grades into a prompt or rationale's ``{d}``-style placeholders."""
        ideal = sorted(self.pool, reverse=True)[: len(self.retrieved)]
        for key, grades in (
            ("{d}", self.retrieved),
            ("{swapped}", self.swapped),
            ("{extra}", self.unretrieved),
            ("{ideal}", tuple(ideal)),
        ):
            text = text.replace(key, "[" + ", ".join(str(grade) for grade in grades) + "]")
        return text

    @classmethod
    def draw(cls, name: str, secret: str | bytes) -> Term:
        """Draw a term's grades from its secret, the same every time for that secret.

        ``name`` is the label the sheets print; ``secret`` (hex text or bytes, see
        :func:`parse_secret`) is what the grades, and every other draw of the term, come from.
        The draw keeps what the items' wording relies on: D3 is graded above D4 (so the swap
        lowers DCG), D7 and D8 are relevant, and one of them beats a retrieved grade (so no
        order of D1-D6 reaches NDCG@6 = 1), and the list is not the book's.
        """
        if not isinstance(name, str) or not name.strip():
            raise ValueError(
                f"a term is named by a non-empty string, got {name!r}; e.g. 2027-spring"
            )
        term = cls(name, (), (), secret=parse_secret(secret))
        rng = term.rng("example")
        while True:
            retrieved = tuple(int(grade) for grade in rng.integers(0, 4, size=6))
            unretrieved = tuple(int(grade) for grade in rng.integers(1, 4, size=2))
            if (
                retrieved[2] > retrieved[3]
                and max(unretrieved) > min(retrieved)
                and any(grade == 0 for grade in retrieved)
                and retrieved != BOOK.retrieved
            ):
                return cls(name, retrieved, unretrieved, secret=term.secret)


#: The chapters' own D1-D6 example; the quiz uses it unless a term is given.
BOOK = Term(
    "book",
    tuple(examples.D_RELEVANCE),
    tuple(examples.D_POOL[len(examples.D_RELEVANCE) :]),
    is_book=True,
)
_TERM: ContextVar[Term] = ContextVar("term", default=BOOK)
# The data of the item whose answer is being computed (see Question.values).
_VALUES: ContextVar[dict[str, object] | None] = ContextVar("values", default=None)

Data = dict[str, object]


def _show(value: object) -> str:
    """A value as a prompt prints it: lists in brackets, floats without trailing zeros."""
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(item) for item in value) + "]"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


@dataclass(frozen=True)
class Variant:
    """Another form of a choice item, asking the same outcome another way: each term shows one
    of the item's forms, drawn from its secret (see :meth:`Question.form`).

    Attributes
    ----------
    prompt, answer, rationale, options
        As the item's own (:class:`Question`): the answer is the right option's letter in
        ``options`` as written here.

    """

    prompt: str
    answer: str
    rationale: str
    options: tuple[str, ...]


@dataclass(frozen=True)
class Question:
    """One quiz question with its answer.

    Attributes
    ----------
    id : str
        ``"qCC-N"``: chapter ``CC`` (two digits), question ``N`` of that chapter.
    chapter : int
        Chapter number.
    kind : {"numeric", "choice", "short"}
        Numeric: a number, computed by ``answer``. Choice: one of ``options``, ``answer`` is
        its letter. Short: a sentence or two, ``answer`` is a model answer.
    prompt : str
        What the student reads.
    answer : callable or str
        For numeric questions a function returning the figure (computed by the library); for
        the others the letter or the model answer.
    rationale : str
        One line: why this is the answer. Instructor-only.
    options : tuple of str
        The choices of a multiple-choice question, shown as A, B, C, ...
    decimals : int
        Decimal places a numeric answer is asked for: the prompt ends "Give 3 decimals." (or
        "Give a whole number." for 0), the key shows the answer with them, and every export
        accepts what the book's answer boxes accept at that precision (:meth:`tolerance`).
        Three by default, as the book's exercises ask.
    outcomes : tuple of int
        The learning outcomes of the instructor guide (numbered 1 to 13) that the question
        assesses; the guide's outcome table is built from these tags.
    data : callable, optional
        For a numeric item not about the D1-D6 example: draws the item's data (a dict of named
        values, shown in the prompt as ``{name}``) from a term's generator. ``answer`` reads
        them with :func:`_v`.
    book_data : dict
        The item's data in the book's own term (:data:`BOOK`), as the chapter uses them.
    data_key : str
        Whose draw the item uses: its own id unless it shares another item's data (e.g. a
        second question on the same list).
    variants : tuple of Variant
        Other forms of a choice item; a term shows the item's own form or one of these.

    """

    id: str
    chapter: int
    kind: Kind
    prompt: str
    answer: Callable[[], float] | str
    rationale: str
    options: tuple[str, ...] = field(default=())
    decimals: int = 3
    outcomes: tuple[int, ...] = ()
    data: Callable[[np.random.Generator], Data] | None = None
    book_data: Data = field(default_factory=dict)
    data_key: str = ""
    variants: tuple[Variant, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(
                f'kind must be one of {KINDS}, got {self.kind!r} for {self.id}; e.g. kind="numeric"'
            )
        if self.kind == "numeric" and not callable(self.answer):
            raise TypeError(
                f"the answer of numeric question {self.id} must be a function that computes it "
                f"with the library, got {type(self.answer).__name__}; "
                "e.g. answer=lambda: ndcg.cg(...)"
            )
        if self.kind == "choice":
            letters = _LETTERS[: len(self.options)]
            if (
                len(self.options) < 2
                or not isinstance(self.answer, str)
                or self.answer not in letters
            ):
                raise ValueError(
                    f"choice question {self.id} needs two or more options and an answer among "
                    f"{tuple(letters)}, got {len(self.options)} options and answer {self.answer!r}"
                )
        if self.variants and self.kind != "choice":
            raise ValueError(f"only a choice item has variants; {self.id} is {self.kind}")
        for variant in self.variants:
            if len(variant.options) < 2 or variant.answer not in _LETTERS[: len(variant.options)]:
                raise ValueError(
                    f"a variant of {self.id} needs two or more options and an answer among "
                    f"them, got {len(variant.options)} options and answer {variant.answer!r}"
                )
            if not variant.rationale.strip() or not variant.prompt.strip():
                raise ValueError(f"a variant of {self.id} needs a prompt and a rationale")
        if self.kind == "short" and not (isinstance(self.answer, str) and self.answer.strip()):
            raise ValueError(f"short question {self.id} needs a model answer, got {self.answer!r}")
        if not self.rationale.strip():
            raise ValueError(f"question {self.id} needs a one-line rationale, got an empty one")
        if (self.data is None) != (not self.book_data):
            raise ValueError(
                f"question {self.id} needs both data (a draw for a term) and book_data (the "
                f"book's own), or neither; got data={self.data!r}, book_data={self.book_data!r}"
            )

    def values(self, term: Term = BOOK) -> Data:
        """Return the item's data for ``term``: the book's own, or drawn from the term's secret."""
        if self.data is None:
            return {}
        if term.is_book:
            return dict(self.book_data)
        drawn = self.data(term.rng(self.data_key or self.id))
        if set(drawn) != set(self.book_data):
            raise ValueError(
                f"the draw of {self.id} gave the values {sorted(drawn)}, but its book_data has "
                f"{sorted(self.book_data)}; a term's data must name the same values"
            )
        return drawn

    def _fill(self, text: str, term: Term) -> str:
        text = term.fill(text)
        for name, value in self.values(term).items():
            text = text.replace("{" + name + "}", _show(value))
        return text

    def form(self, term: Term = BOOK) -> Question:
        """The form of the item ``term`` shows: its own, or one of its ``variants``, drawn from
        the term's secret (the book's term shows its own)."""
        if term.is_book or not self.variants:
            return self
        pick = int(term.rng(f"{self.id}/form").integers(0, len(self.variants) + 1))
        if pick == 0:
            return self
        variant = self.variants[pick - 1]
        return replace(
            self,
            prompt=variant.prompt,
            answer=variant.answer,
            rationale=variant.rationale,
            options=variant.options,
            variants=(),
        )

    def text(self, term: Term = BOOK) -> str:
        """Return the prompt with ``term``'s grades and the item's data for ``term``.

        A numeric prompt ends with the precision it asks for (see ``decimals``).
        """
        text = self._fill(self.form(term).prompt, term)
        if self.kind != "numeric":
            return text
        if self.decimals == 0:
            return f"{text} Give a whole number."
        return f"{text} Give {self.decimals} decimal{'s' if self.decimals > 1 else ''}."

    def why(self, term: Term = BOOK) -> str:
        """Return the rationale with ``term``'s grades and the item's data for ``term``."""
        return self._fill(self.form(term).rationale, term)

    def order(self, term: Term = BOOK) -> tuple[int, ...]:
        """The options of the term's form (by index) in the order ``term`` shows them.

        The book's term keeps the bank's order; another term shows a permutation drawn from its
        secret, so a choice item's right letter moves from term to term.
        """
        count = len(self.form(term).options)
        if term.is_book or not count:
            return tuple(range(count))
        shuffled = term.rng(f"{self.id}/options").permutation(count)
        return tuple(int(index) for index in shuffled)

    def choices(self, term: Term = BOOK) -> tuple[str, ...]:
        """The options as ``term`` shows them, under the letters A, B, C, ..."""
        options = self.form(term).options
        return tuple(options[index] for index in self.order(term))

    def expected(self, term: Term = BOOK) -> float | str:
        """Return the answer for ``term``: the figure the library computes, the letter of the
        right option in the term's form and order, or the model answer."""
        if self.kind == "choice":
            right = _LETTERS.index(str(self.form(term).answer))
            return _LETTERS[self.order(term).index(right)]
        if callable(self.answer):
            token, values = _TERM.set(term), _VALUES.set(self.values(term))
            try:
                value = float(self.answer())
            finally:
                _VALUES.reset(values)
                _TERM.reset(token)
            if not math.isfinite(value):
                raise ValueError(
                    f"the answer of {self.id} computed to {value}, not a finite number"
                )
            return value
        return self.answer

    def tolerance(self, term: Term = BOOK) -> float:
        """How far a numeric answer for ``term`` may be from the key and still be right.

        What the book's answer boxes accept for a figure shown with ``decimals`` places (the
        rule of :func:`ndcg.teaching.exercises.judge`): half a unit of the last place asked
        for, plus the slack that forgives the last bits of a computed figure
        (:func:`ndcg.teaching.exercises.margin`). So the key rounded to ``decimals``, or to
        more, is accepted. Every export (GIFT, QTI, Moodle XML) accepts an answer within this
        distance of :meth:`expected`.
        """
        return exercises.margin(float(self.expected(term)), self.decimals)

    def answer_text(self, term: Term = BOOK) -> str:
        """Return the answer as the key prints it (a numeric answer rounded to ``decimals``)."""
        value = self.expected(term)
        if isinstance(value, float):
            return f"{value:.{self.decimals}f} (full precision: {value!r})"
        if self.kind == "choice":
            return f"{value}. {self.choices(term)[_LETTERS.index(value)]}"
        return value


_BANK: dict[int, tuple[Question, ...]] = {}


def register(chapter: int, items: Iterable[Question]) -> None:
    """Add a chapter's questions to the bank (replacing any the chapter had).

    Parameters
    ----------
    chapter : int
        Chapter number, at least 1.
    items : iterable of Question
        The questions; each ``id`` must start with ``q`` and the chapter's two digits.

    Raises
    ------
    ValueError
        If the chapter is not a positive int, or an id does not belong to the chapter or
        repeats.

    """
    if isinstance(chapter, bool) or not isinstance(chapter, int) or chapter < 1:
        raise ValueError(
            f"chapter must be a positive int, got {chapter!r}; e.g. register(14, [...])"
        )
    items = tuple(items)
    prefix = f"q{chapter:02d}-"
    ids = [item.id for item in items]
    for item in items:
        if not item.id.startswith(prefix) or item.chapter != chapter:
            raise ValueError(
                f"question {item.id} (chapter {item.chapter}) does not belong to chapter "
                f"{chapter}: its id must start with {prefix!r}"
            )
    if len(set(ids)) != len(ids):
        raise ValueError(f"question ids repeat in chapter {chapter}: {sorted(ids)}")
    _BANK[chapter] = items


def chapters() -> list[int]:
    """Return the chapter numbers that have questions, in order."""
    return sorted(_BANK)


def questions(chapter: int | None = None) -> list[Question]:
    """Return the questions of one chapter, or of every chapter in order.

    Raises
    ------
    KeyError
        If ``chapter`` has no questions.

    """
    if chapter is None:
        return [item for number in chapters() for item in _BANK[number]]
    if chapter not in _BANK:
        raise KeyError(
            f"no quiz questions for chapter {chapter!r}; chapters with questions: {chapters()}"
        )
    return list(_BANK[chapter])


def question(question_id: str) -> Question:
    """Return the question with this id, e.g. ``"q04-2"``.

    Raises
    ------
    KeyError
        If no question has that id.

    """
    for item in questions():
        if item.id == question_id:
            return item
    raise KeyError(
        f"no quiz question {question_id!r}; ids look like 'q04-2' (chapter 4, question 2)"
    )


def _prompt_lines(item: Question, term: Term) -> list[str]:
    lines = [f"**{item.id}** ({item.kind}). {item.text(term)}", ""]
    for letter, option in zip(_LETTERS, item.choices(term), strict=False):
        lines.append(f"- {letter}. {option}")
    if item.options:
        lines.append("")
    return lines


def example_text(term: Term = BOOK) -> str:
    """The D1-D6 example of ``term`` in one paragraph, as the sheets and exports open with it."""
    return " ".join(_term_lines(term)).strip()


def _term_lines(term: Term) -> list[str]:
    return [
        f"The D1-D6 example of these questions ({term.name}): D1 to D6 were retrieved in that "
        f"order with the grades {term.fill('{d}')}; D7 and D8 were judged but not retrieved, "
        f"with the grades {term.fill('{extra}')}.",
        "",
    ]


def student_markdown(titles: dict[int, str] | None = None, term: Term = BOOK) -> str:
    """Return every question for ``term``, without answers, as Markdown (a sheet to hand out)."""
    titles = titles or {}
    lines = ["# Quiz questions", "", *_term_lines(term)]
    for number in chapters():
        lines += [f"## Chapter {number}{': ' + titles[number] if number in titles else ''}", ""]
        for item in questions(number):
            lines += _prompt_lines(item, term)
    return "\n".join(lines)


def answer_key_markdown(titles: dict[int, str] | None = None, term: Term = BOOK) -> str:
    """Return every question for ``term`` with its answer and rationale (instructors only)."""
    titles = titles or {}
    lines = ["# Quiz answer key", "", "For instructors: not for distribution to students.", ""]
    lines += _term_lines(term)
    for number in chapters():
        lines += [f"## Chapter {number}{': ' + titles[number] if number in titles else ''}", ""]
        for item in questions(number):
            lines += _prompt_lines(item, term)
            lines += [f"- Answer: {item.answer_text(term)}", f"- Why: {item.why(term)}", ""]
    return "\n".join(lines)


def _gift_escape(text: str) -> str:
    # GIFT's special characters, escaped as Moodle's format page lists them; a line break
    # as "\n", since a blank line ends a question.
    for char in "\\~=#{}:":
        text = text.replace(char, "\\" + char)
    return "\\n".join(text.splitlines())


def _gift_number(value: float) -> str:
    """A number as GIFT reads it: digits and one ".", no exponent (Moodle's parser and
    gift-pegjs read ``5e-05`` as no number); the shortest text that reads back as ``value``."""
    return np.format_float_positional(float(value), unique=True, trim="-")


def gift(term: Term = BOOK) -> str:
    """Return every question for ``term`` in Moodle's GIFT format, answers included.

    Numeric questions accept an answer within the item's tolerance (:meth:`Question.tolerance`,
    written ``{#value:tolerance}``); choice questions mark the right option; short answers become
    essays, graded by hand, with the model answer in the general feedback (GIFT has no field for
    the grader alone, so students see it after they submit, as they see the rationales). Each
    question is in the category of its chapter, and its rationale is its general feedback.
    """
    blocks = []
    for number in chapters():
        blocks.append(f"$CATEGORY: ranking-measured/{term.name}/chapter-{number:02d}\n")
        # A description item (no answer): the example the chapter's items refer to.
        blocks.append(f"::example::{_gift_escape(example_text(term))}\n")
        for item in questions(number):
            head = f"::{item.id}::[markdown]{_gift_escape(item.text(term))}"
            why = _gift_escape(item.why(term))
            if item.kind == "numeric":
                value = _gift_number(item.expected(term))
                body = f"{{#{value}:{_gift_number(item.tolerance(term))}####{why}}}"
            elif item.kind == "choice":
                right = item.expected(term)
                options = [
                    ("=" if _LETTERS[i] == right else "~") + _gift_escape(option)
                    for i, option in enumerate(item.choices(term))
                ]
                body = "{\n" + "\n".join(options) + f"\n####{why}\n}}"
            else:
                model = _gift_escape(str(item.answer))
                body = f"{{####Model answer\\: {model} Why\\: {why}}}"
            blocks.append(f"{head} {body}\n")
    return "\n".join(blocks)


# ---------------------------------------------------------------------------------------------
# The bank. Data come from ndcg.teaching.examples; every numeric answer is a function.

# Items about the D1-D6 example read its grades through _d(), _pool() and _swapped(), so the
# same item gives the book's figures or a term's (see Term.draw) and its key follows.


def _d() -> tuple[int, ...]:
    return _TERM.get().retrieved


def _pool() -> tuple[int, ...]:
    return _TERM.get().pool


def _swapped() -> tuple[int, ...]:
    return _TERM.get().swapped


def _v(name: str):
    """One value of the data of the item being answered (see ``Question.data``)."""
    values = _VALUES.get() or {}
    if name not in values:
        raise KeyError(f"the item being answered has no value {name!r}; it has {sorted(values)}")
    return values[name]


def _grades(rng: np.random.Generator, size: int, top: int = 3) -> list[int]:
    return [int(grade) for grade in rng.integers(0, top + 1, size=size)]


def _hundredths(rng: np.random.Generator, size: int, low: float, high: float) -> list[float]:
    # Two decimals, so the prompt prints exactly the numbers the answer is computed from.
    return [round(float(value), 2) for value in rng.uniform(low, high, size=size)]


# The learning outcomes (the instructor guide's numbered list) each question assesses.
OUTCOMES: dict[str, tuple[int, ...]] = {
    **{f"q01-{n}": o for n, o in enumerate([(2,), (4,), (1,), (4,), (2,)], 1)},
    **{f"q02-{n}": o for n, o in enumerate([(1,), (1,), (1, 8), (1,), (2,)], 1)},
    **{f"q03-{n}": o for n, o in enumerate([(1,), (2,), (1,), (3,), (3,), (2,)], 1)},
    **{f"q04-{n}": o for n, o in enumerate([(1, 4), (1, 4), (4,), (1,), (4,)], 1)},
    **{f"q05-{n}": (5,) for n in range(1, 6)},
    **{f"q06-{n}": (6,) for n in range(1, 6)},
    **{f"q07-{n}": (7,) for n in range(1, 6)},
    **{f"q08-{n}": o for n, o in enumerate([(8,), (8,), (8,), (6, 8), (4, 8)], 1)},
    **{f"q09-{n}": o for n, o in enumerate([(4, 9), (3, 9), (9,), (3, 9), (9,)], 1)},
    **{f"q10-{n}": (10,) for n in range(1, 6)},
    **{f"q11-{n}": o for n, o in enumerate([(11,), (4, 11), (11,), (11,), (11,)], 1)},
    **{f"q12-{n}": (12,) for n in range(1, 6)},
    **{f"q13-{n}": o for n, o in enumerate([(1, 13), (13,), (13,), (13,), (13,)], 1)},
    **{f"q14-{n}": o for n, o in enumerate([(9,), (9,), (7,), (4,), (9,)], 1)},
}


def _q(
    chapter: int, number: int, kind: Kind, prompt: str, answer, rationale: str, **extra
) -> Question:
    qid = f"q{chapter:02d}-{number}"
    return Question(qid, chapter, kind, prompt, answer, rationale, outcomes=OUTCOMES[qid], **extra)


def _count_relevant(grades: Sequence[float]) -> float:
    return float(sum(1 for grade in grades if grade > 0))


def _ltr():
    from ndcg import ltr  # the learning-to-rank package, loaded only for chapter 13

    return ltr


# Each draw below gives a numeric item its data for a term, from a generator seeded by the
# term's secret and the item's id (Term.rng). A draw is repeated until it keeps what the item's
# wording relies on (a tie that matters, a list not already in its best order, ...).


def _draw_two_positions(rng: np.random.Generator) -> Data:
    i = int(rng.integers(1, 11))
    return {"i": i, "j": i + int(rng.integers(1, 31))}


def _draw_judged_pool(rng: np.random.Generator) -> Data:
    while True:
        n = int(rng.integers(8, 13))
        grades = _grades(rng, n)
        if 0 < _count_relevant(grades[:6]) < _count_relevant(grades):
            return {"n": n, "grades": grades}


_BOOK_TIES: Data = {
    "n": len(examples.RATINGS_TRUE),
    "scores": list(examples.RATINGS_ESTIMATE),
    "grades": list(examples.RATINGS_TRUE),
    "k": 10,
}


def _ties_ndcg(ties: str, values: Data | None = None) -> float:
    values = values or _VALUES.get() or {}
    return ndcg.ndcg_from_scores(
        values["grades"], values["scores"], k=values["k"], gain="exponential", ties=ties
    )


def _draw_ties(rng: np.random.Generator) -> Data:
    while True:
        n = 8
        # Scores in half steps from 0.5 to 4, so that some are tied.
        scores = [float(score) / 2 for score in rng.integers(1, 9, size=n)]
        values = {"n": n, "scores": scores, "grades": _grades(rng, n), "k": int(rng.integers(3, 7))}
        if _ties_ndcg("pessimistic", values) != _ties_ndcg("average", values):
            return values  # a tie inside the cutoff holds different grades


def _draw_short_user(rng: np.random.Generator) -> Data:
    while True:
        grades = [int(grade) for grade in rng.choice(np.arange(1, 6), size=3, replace=False)]
        scores = _hundredths(rng, 3, 0.5, 5.0)
        if len(set(scores)) == 3 and ndcg.ndcg_from_scores(grades, scores, k=10) < 1:
            return {"grades": grades, "scores": scores}


def _draw_first_relevant(rng: np.random.Generator) -> Data:
    lists = []
    for _ in range(3):
        first = int(rng.integers(1, 7))  # position of the first relevant document
        lists.append([0] * (first - 1) + [int(rng.integers(1, 4))] + _grades(rng, 6 - first))
    return dict(zip(("q1", "q2", "q3"), lists, strict=True))


def _draw_cutoffs(rng: np.random.Generator) -> Data:
    while True:
        grades = _grades(rng, 6)
        if grades[0] < max(grades):  # the list does not start with its best grade
            k = int(rng.integers(1, 4))
            return {"grades": grades, "k": k, "k2": k + int(rng.integers(1, 4))}


def _draw_swap_list(rng: np.random.Generator) -> Data:
    while True:
        grades = _grades(rng, 8, top=4)
        j = int(rng.integers(2, 9))
        if grades[0] != grades[j - 1] and sorted(grades, reverse=True) != grades:
            return {"grades": grades, "j": j}


def _draw_five_items(rng: np.random.Generator) -> Data:
    while True:
        grades = [int(grade) for grade in rng.permutation(rng.choice(6, size=5, replace=False))]
        if sorted(grades, reverse=True) != grades:
            return {"grades": grades}


def _draw_query_b(rng: np.random.Generator) -> Data:
    while True:
        b = _grades(rng, 4)
        if sum(b) > 0 and sorted(b, reverse=True) != b:
            return {"b": b}


def _row_weighted_mean_two_queries(b: Sequence[int]) -> float:
    # Query a: one judged row, its only document ranked first (NDCG 1). Query b: four judged
    # rows, ranked in the order given.
    import pandas as pd

    from ndcg.teaching import scale

    qrels = pd.DataFrame(
        {
            "query_id": ["a", "b", "b", "b", "b"],
            "doc_id": ["a1", "b1", "b2", "b3", "b4"],
            "relevance": [1, *b],
        }
    )
    run = qrels.assign(score=[1.0, 4.0, 3.0, 2.0, 1.0]).drop(columns="relevance")
    per_query = ndcg.evaluate(qrels, run, k=4).reset_index()
    return scale.row_weighted_mean(per_query, qrels, "ndcg@4")


register(
    1,
    [
        _q(
            1,
            1,
            "choice",
            (
                "Two systems retrieve the same six documents. A puts the grade-3 document first, "
                "B puts it sixth. Which statement is right?"
            ),
            "B",
            "Readers stop early, so the same documents in another order serve them differently.",
            options=(
                "They are equally good: they retrieved the same documents",
                "A serves a reader who stops early better, and a measure should be able to tell",
                "B is better: the best document is kept for last",
                "No measure can separate two lists of the same documents",
            ),
        ),
        _q(
            1,
            2,
            "numeric",
            (
                "Judges graded {n} documents for a query, D1 onwards: {grades}. The system "
                "retrieved D1-D6 only. What share of the documents judged relevant (grade above "
                "0) did it retrieve?"
            ),
            lambda: _count_relevant(_v("grades")[:6]) / _count_relevant(_v("grades")),
            (
                "Relevant among D1-D6, divided by relevant among all {n}: a judged document the "
                "system never retrieved still counts."
            ),
            data=_draw_judged_pool,
            book_data={"n": len(examples.D_POOL), "grades": list(examples.D_POOL)},
        ),
        _q(
            1,
            3,
            "choice",
            "What does a graded relevance judgment record?",
            "A",
            (
                "A grade is a judge's statement about one document for one query, not a system's "
                "output."
            ),
            options=(
                "How useful a judge found one document for one query, on a scale such as 0-3",
                "The score a system gave a document",
                "The position at which a document was shown",
                "Whether a user clicked the document",
            ),
        ),
        _q(
            1,
            4,
            "choice",
            "D7 was judged relevant but not retrieved. What is it to the evaluation?",
            "C",
            (
                "A judged, unretrieved document is invisible to the list but still part of what a "
                "perfect list could have shown."
            ),
            options=(
                "Nothing: only retrieved documents count",
                "An error in the judgments",
                "A document the system missed, which a perfect ranking would have shown",
                "An unjudged document",
            ),
        ),
        _q(
            1,
            5,
            "short",
            (
                "Why do people read a ranked list from the top, and what does that imply for "
                "measuring it?"
            ),
            (
                "Attention falls with position, so a measure should weight the top positions more "
                "than the lower ones."
            ),
            "The book's starting point: order matters because readers stop early.",
        ),
    ],
)

register(
    2,
    [
        _q(
            2,
            1,
            "numeric",
            "Compute CG of the D1-D6 list {d}.",
            lambda: ndcg.cg(_d()),
            "CG is the plain sum of the grades of {d}.",
            decimals=0,
        ),
        _q(
            2,
            2,
            "numeric",
            "Compute CG@3 of the same list.",
            lambda: ndcg.cg(_d(), k=3),
            "Only the first three grades count.",
            decimals=0,
        ),
        _q(
            2,
            3,
            "choice",
            (
                "A colleague's cg(relevance, k) returns sum(relevance[1:k + 1]). Which test case "
                "shows the bug?"
            ),
            "B",
            "Only a list whose first grade differs from its (k+1)-th separates the two sums.",
            options=(
                "cg([1, 1, 1, 1], k=2) == 2",
                "cg([3, 0, 0, 0], k=2) == 3",
                "cg([0, 0, 0, 0], k=2) == 0",
                "cg([2, 2, 2, 2], k=3) == 6",
            ),
        ),
        _q(
            2,
            4,
            "choice",
            "Which change can alter CG@3 of a list?",
            "B",
            "CG@k changes only when a document crosses the cutoff k.",
            options=(
                "Swapping the documents at positions 1 and 2",
                "Swapping the documents at positions 3 and 4",
                "Swapping the documents at positions 5 and 6",
                "None: CG@3 never changes",
            ),
            variants=(
                Variant(
                    "Which change can alter CG@2 of a list?",
                    "B",
                    "CG@k changes only when a document crosses the cutoff k.",
                    (
                        "Swapping the documents at positions 1 and 2",
                        "Swapping the documents at positions 2 and 3",
                        "Swapping the documents at positions 4 and 5",
                        "None: CG@2 never changes",
                    ),
                ),
            ),
        ),
        _q(
            2,
            5,
            "short",
            "Name one thing CG cannot see and give a reordering that shows it.",
            (
                "Order within the list: reversing D1-D6 leaves CG at the same value although the "
                "best documents move to the bottom."
            ),
            "CG sums grades without positions, so any permutation has the same CG.",
        ),
    ],
)

register(
    3,
    [
        _q(
            3,
            1,
            "numeric",
            "Compute DCG (linear gain, discount 1/log2(i+1)) of {d}.",
            lambda: ndcg.dcg(_d()),
            "Sum of grade / log2(position + 1) over the six positions.",
        ),
        _q(
            3,
            2,
            "choice",
            (
                "Predict before you compute: D3 and D4 of {d} are swapped, giving {swapped}. "
                "What happens to DCG?"
            ),
            "C",
            "D3's higher grade moves from position 3 to 4, where its discount is smaller.",
            options=(
                "It rises: the swap moves a document up",
                "It stays: the same grades are summed",
                "It falls: the higher grade moves to a smaller discount",
                "It depends on the grades of D5 and D6",
            ),
        ),
        _q(
            3,
            3,
            "numeric",
            (
                "With the discount 1/log2(i+1), how many times does a document at position {i} "
                "weigh as much as the same document at position {j}?"
            ),
            lambda: float(np.divide(*discount.discounts(_v("j"))[[_v("i") - 1, _v("j") - 1]])),
            "log2({j} + 1) / log2({i} + 1): the discount falls ever more slowly down the list.",
            data=_draw_two_positions,
            book_data={"i": 1, "j": 3},
        ),
        _q(
            3,
            4,
            "numeric",
            "Compute DCG of {d} with exponential gain 2^g - 1.",
            lambda: ndcg.dcg(_d(), gain="exponential"),
            "Each gain becomes 2^g - 1 before the same discounts apply.",
        ),
        _q(
            3,
            5,
            "choice",
            "For grades that are only 0 or 1, linear and exponential gain give",
            "A",
            "2^1 - 1 = 1 and 2^0 - 1 = 0, so the two gains coincide on binary grades.",
            options=(
                "the same DCG",
                "DCGs that differ by a factor of 2",
                "DCGs that differ by one",
                "incomparable numbers",
            ),
        ),
        _q(
            3,
            6,
            "short",
            (
                "State the two assumptions that DCG builds in, and which part of the formula "
                "encodes each."
            ),
            (
                "Highly relevant documents are worth more than marginal ones (the gain), and "
                "documents further down are less likely to be seen (the discount)."
            ),
            "Järvelin and Kekäläinen's two premises map to the numerator and the denominator.",
        ),
    ],
)

register(
    4,
    [
        _q(
            4,
            1,
            "numeric",
            (
                "Compute IDCG@6 for D1-D6 when the ideal is built from every judged document, D1 to"
                " D8."
            ),
            lambda: ndcg.idcg(_d(), k=6, pool=_pool()),
            "The ideal list is the six best judged grades, {ideal}, each discounted.",
        ),
        _q(
            4,
            2,
            "numeric",
            "Compute NDCG@6 of D1-D6 with that ideal.",
            lambda: ndcg.ndcg(_d(), k=6, pool=_pool()),
            "DCG@6 divided by the IDCG@6 from all eight judged documents.",
        ),
        _q(
            4,
            3,
            "numeric",
            "Compute NDCG@6 of D1-D6 if, wrongly, the ideal is the retrieved list re-sorted.",
            lambda: ndcg.ndcg(_d(), k=6),
            "Without D7 and D8 the yardstick is lower, so the score is inflated.",
        ),
        _q(
            4,
            4,
            "choice",
            "Changing the logarithm's base from 2 to e (for every position) changes NDCG by",
            "D",
            "Every discount is scaled by the same factor, which cancels between DCG and IDCG.",
            options=(
                "a factor of ln 2",
                "a factor of log2(e)",
                "an amount that depends on the list",
                "nothing",
            ),
            variants=(
                Variant(
                    (
                        "Changing the logarithm's base from 2 to 10 (for every position) "
                        "changes DCG by"
                    ),
                    "A",
                    (
                        "Each discount 1/log10(i+1) is log2(10) times 1/log2(i+1), so DCG is "
                        "scaled by log2(10); NDCG, a ratio of two DCGs, would not change."
                    ),
                    (
                        "a factor of log2(10)",
                        "a factor of log10(2)",
                        "an amount that depends on the list",
                        "nothing",
                    ),
                ),
            ),
        ),
        _q(
            4,
            5,
            "short",
            "Why can D1-D6 not reach NDCG@6 = 1 however you reorder it?",
            (
                "The ideal includes D7 and D8 ({extra}), which were not retrieved; no order of "
                "the retrieved six matches a list that contains them."
            ),
            (
                "A perfect score needs the best judged documents, and two of them are missing from "
                "the list."
            ),
        ),
    ],
)

register(
    5,
    [
        _q(
            5,
            1,
            "numeric",
            (
                "A system scores {n} items {scores}; their true grades are {grades}. NDCG@{k} "
                "(exponential gain), ties broken pessimistically?"
            ),
            lambda: _ties_ndcg("pessimistic"),
            "Inside each tie group the worst true grade goes first.",
            data=_draw_ties,
            book_data=_BOOK_TIES,
            data_key="q05",
        ),
        _q(
            5,
            2,
            "numeric",
            (
                "The same {n} items (scores {scores}, grades {grades}), with ties averaged (the "
                "library's default): NDCG@{k}, exponential gain?"
            ),
            lambda: _ties_ndcg("average"),
            "Averaging gives each tied item the mean discount of the positions its group occupies.",
            data=_draw_ties,
            book_data=_BOOK_TIES,
            data_key="q05",
        ),
        _q(
            5,
            3,
            "choice",
            (
                "Predict the direction: two items with the same score, of grades 3 and 0, share "
                "positions 2 and 3. Compared with breaking the tie pessimistically, averaging "
                "gives an NDCG@3 that is"
            ),
            "B",
            (
                "Averaging gives the grade-3 item the mean of the discounts at 2 and 3, more than "
                "the discount at 3 that the pessimistic order leaves it."
            ),
            options=(
                "lower",
                "higher",
                "the same",
                "higher or lower, depending on the other grades",
            ),
            variants=(
                Variant(
                    (
                        "Predict the direction: two items with the same score, of grades 3 and 0, "
                        "share positions 2 and 3. Compared with breaking the tie optimistically, "
                        "averaging gives an NDCG@3 that is"
                    ),
                    "A",
                    (
                        "Averaging gives the grade-3 item the mean of the discounts at 2 and 3, "
                        "less than the discount at 2 that the optimistic order gives it."
                    ),
                    (
                        "lower",
                        "higher",
                        "the same",
                        "higher or lower, depending on the other grades",
                    ),
                ),
            ),
        ),
        _q(
            5,
            4,
            "choice",
            "Why is averaging over tie orders the principled rule?",
            "B",
            (
                "The averaged score is the mean over every arrival order, so it does not depend on "
                "an accident."
            ),
            options=(
                "It is always the highest score",
                "It equals the mean NDCG over all orders in which the tied items could arrive",
                "It is what every library does",
                "It ignores tied items",
            ),
        ),
        _q(
            5,
            5,
            "short",
            (
                "A colleague's NDCG changes when the input rows are shuffled. What is the likely "
                "cause, and the fix?"
            ),
            (
                "Tied scores broken by input order (a stable sort); fix it by an explicit tie rule,"
                " ideally averaging."
            ),
            "Only ties make the ranking depend on the order of the input rows.",
        ),
    ],
)

register(
    6,
    [
        _q(
            6,
            1,
            "numeric",
            (
                "A user rated only three items: true ratings {grades}, estimates {scores}. "
                "NDCG@10 with the ideal from what exists (three items)?"
            ),
            lambda: ndcg.ndcg_from_scores(_v("grades"), _v("scores"), k=10),
            "With three items, NDCG@10 is NDCG@3: the ideal has only what the user rated.",
            data=_draw_short_user,
            book_data={
                "grades": list(examples.SHORT_USER_TRUE),
                "scores": list(examples.SHORT_USER_ESTIMATE),
            },
        ),
        _q(
            6,
            2,
            "numeric",
            (
                "Four queries have NDCG@10 of {values}; a fifth has no relevant document. What is "
                "the mean NDCG@10 over the five with the library's default (empty=0.0)?"
            ),
            lambda: float(np.mean([*_v("values"), ndcg.ndcg([0, 0, 0], k=10)])),
            (
                "The empty query counts as 0 and pulls the mean down; with empty=nan it would be "
                "skipped and the mean taken over four."
            ),
            data=lambda rng: {"values": _hundredths(rng, 4, 0.3, 1.0)},
            book_data={"values": [0.62, 0.81, 0.47, 0.9]},
        ),
        _q(
            6,
            3,
            "choice",
            "Which policy for unjudged documents is trec_eval's default?",
            "A",
            "trec_eval counts an unjudged document as grade 0 in its place; -J drops them.",
            options=(
                "Count it as grade 0 where it stands",
                "Drop it before the cutoff",
                "Raise an error",
                "Give it the mean grade",
            ),
        ),
        _q(
            6,
            4,
            "choice",
            "The library's ndcg(relevance, empty=...) accepts",
            "C",
            "empty is a number such as 0.0 or nan, or 'raise' for an error.",
            options=("only 0.0", "0.0 or 1.0", "a number or 'raise'", "True or False"),
        ),
        _q(
            6,
            5,
            "short",
            "Why is 0 not 'simply correct' for a query with no relevant documents?",
            (
                "NDCG there is 0/0, which has no value; 0, NaN (skip the query) and an error are "
                "conventions that change the mean differently."
            ),
            "An undefined ratio needs a stated choice, and the mean over queries depends on it.",
        ),
    ],
)

register(
    7,
    [
        _q(
            7,
            1,
            "choice",
            (
                "On 50 queries B's mean NDCG@10 is 0.02 above A's, but B loses to A on 30 of them. "
                "Which reading is right?"
            ),
            "D",
            "A mean can rise through a few large wins; only the paired differences show which.",
            options=(
                "Impossible: a higher mean means more wins",
                "B is better on most queries",
                "The means must have been computed on different queries",
                "Possible: a few large wins outweigh many small losses",
            ),
        ),
        _q(
            7,
            2,
            "numeric",
            (
                "Per-query NDCG of A is {a} and of B is {b}. What is the mean paired difference "
                "B - A?"
            ),
            lambda: stats.paired_differences(_v("b"), _v("a")).mean(),
            "The per-query differences B - A, averaged.",
            data=lambda rng: {
                "a": _hundredths(rng, 4, 0.2, 0.9),
                "b": _hundredths(rng, 4, 0.2, 0.9),
            },
            book_data={"a": [0.2, 0.5, 0.9], "b": [0.3, 0.6, 0.8]},
        ),
        _q(
            7,
            3,
            "choice",
            "Two systems are run on the same 50 queries. Which comparison is appropriate?",
            "B",
            (
                "Per-query scores vary more across queries than across systems; pairing removes "
                "that variation."
            ),
            options=(
                "Compare the two means only",
                "A paired test on per-query differences, with a confidence interval",
                "An unpaired t-test",
                "Count the queries where B wins",
            ),
        ),
        _q(
            7,
            4,
            "choice",
            "A p-value of 0.001 for B against A means",
            "D",
            "A p-value measures surprise under no difference, not the size of the difference.",
            options=(
                "B is much better than A",
                "B is better on 99.9% of queries",
                "the improvement is 0.001",
                "a difference this large would be rare if the systems were exchangeable",
            ),
            variants=(
                Variant(
                    "A p-value of 0.4 for B against A means",
                    "C",
                    (
                        "A large p-value says the data do not rule out no difference; it does "
                        "not show that the systems are equal."
                    ),
                    (
                        "A and B are equally good",
                        "B is worse than A",
                        "a difference this large would be common if the systems were exchangeable",
                        "there is a 40% chance that B is better",
                    ),
                ),
            ),
        ),
        _q(
            7,
            5,
            "short",
            "What does a 95% bootstrap interval for the mean difference add to a p-value?",
            (
                "A range of plausible sizes for the difference, so a reader can judge whether it "
                "matters, not just whether it is nonzero."
            ),
            "The interval speaks to size, the p-value only to surprise.",
        ),
    ],
)

register(
    8,
    [
        _q(
            8,
            1,
            "numeric",
            (
                "The 'industry' DCG (gain 2v - 1, return inside the loop) of the fractional list "
                "{scores}?"
            ),
            lambda: pitfalls.broken_industry_dcg(_v("scores"), k=6),
            "Only the first term, 2 times the first value minus 1, is ever summed.",
            data=lambda rng: {"scores": sorted(_hundredths(rng, 6, 0.5, 1.0), reverse=True)},
            book_data={"scores": list(examples.FRACTIONAL_SCORES)},
        ),
        _q(
            8,
            2,
            "numeric",
            (
                "DCG of D1-D6 with every term rounded to three decimals before summing: how far is "
                "it from the exact DCG (absolute difference), in thousandths (units of 0.001)?"
            ),
            lambda: 1000 * abs(pitfalls.broken_rounded_dcg(_d()) - ndcg.dcg(_d())),
            "Each rounded term loses up to half a unit in the last place and the errors add up.",
        ),
        _q(
            8,
            3,
            "choice",
            (
                "A function sorts documents with numpy.argsort(scores) and scores the result. What "
                "goes wrong?"
            ),
            "A",
            "argsort sorts ascending, so the worst-scored documents come first.",
            options=(
                "The lowest-scored document is ranked first",
                "Ties are averaged",
                "The ideal is wrong",
                "Nothing",
            ),
        ),
        _q(
            8,
            4,
            "choice",
            (
                "A scorer returns 0.0 when a list has a different length from the first one it saw."
                " Why is this dangerous?"
            ),
            "C",
            "An error disguised as a plausible score silently pulls the mean down.",
            options=(
                "0.0 is too high",
                "It is slow",
                "A bug looks like a bad but valid score",
                "It changes the gain",
            ),
        ),
        _q(
            8,
            5,
            "short",
            (
                "Write a known-answer test that would have caught the ideal built from the "
                "retrieved top k."
            ),
            (
                "Score D1-D6 with D7 and D8 in the pool and assert NDCG@6 equals the value computed"
                " with the full pool, which is below the retrieved-only value."
            ),
            "A case where a judged relevant document is not retrieved separates the two ideals.",
        ),
    ],
)

register(
    9,
    [
        _q(
            9,
            1,
            "choice",
            (
                "Given D1-D6's grades, scikit-learn's ndcg_score reports a higher NDCG@6 than "
                "chapter 4's. Why?"
            ),
            "B",
            "scikit-learn builds the ideal from y_true, which holds only the retrieved documents.",
            options=(
                "It uses the natural logarithm",
                "Its ideal is built from the six grades it is given, without D7 and D8",
                "It uses exponential gain",
                "It averages over tied scores",
            ),
        ),
        _q(
            9,
            2,
            "numeric",
            "NDCG@6 of D1-D6 with exponential gain and the ideal from all judged documents.",
            lambda: ndcg.ndcg(_d(), k=6, gain="exponential", pool=_pool()),
            "Same list and ideal as chapter 4, only the gain changes.",
        ),
        _q(
            9,
            3,
            "choice",
            "Two libraries report different NDCGs for the same ranking. The most likely reason is",
            "B",
            (
                "Gain, ideal, ties, empty ideal and averaging are choices each library makes "
                "differently."
            ),
            options=(
                "one of them has a bug",
                "they make different choices of gain, ideal, ties or empty queries",
                "floating-point error",
                "different logarithm bases",
            ),
        ),
        _q(
            9,
            4,
            "choice",
            "trec_eval's ndcg measure uses which gain by default?",
            "A",
            "trec_eval uses the judged grade itself as the gain unless given per-level gains.",
            options=(
                "The grade itself (linear)",
                "2^grade - 1",
                "1 for any relevant document",
                "The grade squared",
            ),
        ),
        _q(
            9,
            5,
            "short",
            "What must a paper report so that its NDCG can be reproduced?",
            (
                "The gain, the discount, the cutoff, how the ideal was built, the tie rule, the "
                "convention for empty ideals and unjudged documents, and how queries were averaged "
                "(or the tool and its options)."
            ),
            "Each of these choices changes the number.",
        ),
    ],
)

register(
    10,
    [
        _q(
            10,
            1,
            "numeric",
            (
                "Rank-biased precision of D1-D6 with persistence p = 0.8 (relevant means grade at "
                "least 1)."
            ),
            lambda: ndcg.rbp(_d(), p=0.8),
            "(1 - p) times the sum of p^(i-1) over the relevant positions.",
        ),
        _q(
            10,
            2,
            "numeric",
            "ERR of D1-D6 with maximum grade 3.",
            lambda: ndcg.err(_d(), max_grade=3),
            "A cascade reader stops at each position with probability (2^g - 1)/2^3 and gains 1/i.",
        ),
        _q(
            10,
            3,
            "numeric",
            "Mean reciprocal rank of three queries whose lists have the grades {q1}, {q2}, {q3}.",
            lambda: float(np.mean([ndcg.reciprocal_rank(_v(q)) for q in ("q1", "q2", "q3")])),
            "One over the position of each list's first relevant document, averaged.",
            data=_draw_first_relevant,
            book_data={"q1": [0, 0, 1, 2], "q2": [2, 0, 1], "q3": [0, 3, 0, 0]},
        ),
        _q(
            10,
            4,
            "choice",
            "Which reader model does rank-biased precision assume?",
            "B",
            "RBP's reader moves on to the next position with a fixed probability p.",
            options=(
                "A reader who reads exactly k documents",
                "A reader who continues with a fixed probability p",
                "A reader who stops at the first relevant document",
                "A reader whose patience grows",
            ),
        ),
        _q(
            10,
            5,
            "short",
            "Why can NDCG go up while ERR goes down for the same reordering?",
            (
                "ERR's cascade reader stops after a highly relevant document, so what follows "
                "barely counts; NDCG's log discount keeps rewarding relevant documents further "
                "down."
            ),
            "The two discounts encode different readers.",
        ),
    ],
)

register(
    11,
    [
        _q(
            11,
            1,
            "numeric",
            "Precision@{k} of the list of grades {grades} (relevant: grade at least 1).",
            lambda: ndcg.precision(_v("grades"), k=_v("k")),
            "The share of the first {k} grades that are 1 or more.",
            data=lambda rng: {"grades": _grades(rng, 10), "k": int(rng.integers(3, 11))},
            book_data={"grades": [*examples.D_RELEVANCE, 0, 0, 0, 0], "k": 5},
        ),
        _q(
            11,
            2,
            "numeric",
            (
                "Average precision of D1-D6 with every judged document (D1-D8) counted as possible "
                "relevant documents."
            ),
            lambda: ndcg.average_precision(_d(), pool=_pool()),
            (
                "Precision at each relevant position, summed, divided by every relevant judged "
                "document, D7 and D8 included."
            ),
        ),
        _q(
            11,
            3,
            "choice",
            (
                "A patent examiner must find every prior-art document in the list, however far "
                "down it is. Which metric matches this reader?"
            ),
            "C",
            "A reader who needs every relevant document is served by a recall-oriented metric.",
            options=(
                "Reciprocal rank",
                "Precision@3",
                "Average precision over every judged relevant document",
                "ERR",
            ),
        ),
        _q(
            11,
            4,
            "choice",
            "Kendall's tau between the system orderings of two metrics near 1 means",
            "A",
            "Tau compares orderings of systems, not the metrics' values.",
            options=(
                "the two metrics rank the systems almost the same way",
                "the two metrics give equal values",
                "both metrics are graded",
                "the systems are equally good",
            ),
        ),
        _q(
            11,
            5,
            "short",
            (
                "For a question-answering system where the user needs one correct answer, which "
                "metric fits, and why?"
            ),
            (
                "Reciprocal rank (or ERR): the user stops at the first good answer, so only its "
                "position matters."
            ),
            "Match the metric's reader to the task's reader.",
        ),
    ],
)

register(
    12,
    [
        _q(
            12,
            1,
            "numeric",
            "NDCG@{k} of the grades {grades} (ideal from the list).",
            lambda: ndcg.ndcg(_v("grades"), k=_v("k")),
            "Only the top {k} of the list and of its ideal count.",
            data=_draw_cutoffs,
            book_data={"grades": [0, 3, 2, 1], "k": 1, "k2": 2},
            data_key="q12",
        ),
        _q(
            12,
            2,
            "numeric",
            "NDCG@{k2} of the same list, {grades}.",
            lambda: ndcg.ndcg(_v("grades"), k=_v("k2")),
            "A longer cutoff lets more of the list, and of the ideal, count.",
            data=_draw_cutoffs,
            book_data={"grades": [0, 3, 2, 1], "k": 1, "k2": 2},
            data_key="q12",
        ),
        _q(
            12,
            3,
            "choice",
            (
                "Predict the direction: from NDCG@3 to NDCG@4, the list adds a grade-0 document at "
                "position 4 while its ideal adds a grade-2 one. NDCG"
            ),
            "B",
            "NDCG@k is not monotone in k: the ideal grows and the list does not.",
            options=(
                "rises",
                "falls",
                "stays the same",
                "cannot be predicted without the first three grades",
            ),
            variants=(
                Variant(
                    (
                        "Predict the direction: from NDCG@3 to NDCG@4, a list whose NDCG@3 is "
                        "below 1 adds a grade-2 document at position 4 while its ideal adds a "
                        "grade-1 one. NDCG"
                    ),
                    "A",
                    (
                        "The list gains more at position 4 than its ideal does, and it started "
                        "below its ideal, so the ratio rises."
                    ),
                    (
                        "rises",
                        "falls",
                        "stays the same",
                        "cannot be predicted without the first three grades",
                    ),
                ),
                Variant(
                    (
                        "Predict the direction: from NDCG@3 to NDCG@4, a list whose NDCG@3 is 1 "
                        "adds a grade-1 document at position 4 and so does its ideal. NDCG"
                    ),
                    "C",
                    ("The list equals its ideal down to position 4, so NDCG@4 is 1 as NDCG@3 was."),
                    (
                        "rises",
                        "falls",
                        "stays the same",
                        "cannot be predicted without the first three grades",
                    ),
                ),
            ),
        ),
        _q(
            12,
            4,
            "choice",
            "A system scores NDCG@10 = 1 on a query with one relevant document. This shows",
            "C",
            "An easy query gives a perfect score cheaply; it says little about the system.",
            options=(
                "the system is perfect",
                "the judgments are wrong",
                "little: any list with that document first scores 1",
                "that k is too small",
            ),
        ),
        _q(
            12,
            5,
            "short",
            "Give two things an offline NDCG cannot tell you about a system in production.",
            (
                "How users actually behave (clicks, abandonment) and whether documents nobody "
                "judged are good; also effects of presentation and of ranking many items beyond the"
                " sample."
            ),
            "Offline NDCG rests on judgments and a reader model, not on observed behaviour.",
        ),
    ],
)

register(
    13,
    [
        _q(
            13,
            1,
            "numeric",
            "NDCG@5 (exponential gain) of the ranking with grades {grades} in that order.",
            lambda: ndcg.ndcg(_v("grades"), k=5, gain="exponential"),
            "Only the top five count; the ideal is the list's grades sorted.",
            data=_draw_swap_list,
            book_data={"grades": list(optimising.GRADES), "j": 7},
            data_key="q13",
        ),
        _q(
            13,
            2,
            "numeric",
            (
                "By how much would NDCG@5 of {grades} change (absolute value) if the documents at "
                "positions 1 and {j} swapped?"
            ),
            lambda: float(
                abs(_ltr().swap_matrix(_v("grades"), k=5, gain="exponential")[0, _v("j") - 1])
            ),
            "The |delta NDCG| of one swap, the weight LambdaRank puts on that pair.",
            data=_draw_swap_list,
            book_data={"grades": list(optimising.GRADES), "j": 7},
            data_key="q13",
        ),
        _q(
            13,
            3,
            "numeric",
            "RankNet's pairwise loss (sigma = 1) for the grades [1, 0] with scores {scores}.",
            lambda: float(_ltr().ranknet([1, 0], _v("scores")).loss),
            "log(1 + e^-(s1 - s2)): ln 2 when the scores are equal, less when s1 leads.",
            data=lambda rng: {"scores": [round(float(x), 1) for x in rng.uniform(-2, 2, 2)]},
            book_data={"scores": [0.0, 0.0]},
        ),
        _q(
            13,
            4,
            "choice",
            "Why can NDCG not be optimised directly by gradient descent on the scores?",
            "B",
            "NDCG changes only when two scores cross, so its gradient is zero almost everywhere.",
            options=(
                "It is not differentiable anywhere",
                "It is a step function of the scores: flat between crossings",
                "It is not bounded",
                "It needs the ideal",
            ),
        ),
        _q(
            13,
            5,
            "short",
            "What does the lambda trick change with respect to RankNet?",
            (
                "It weights each pair's RankNet gradient by the |ΔNDCG| of swapping the pair, so "
                "the pairs that matter for NDCG at the top drive the learning."
            ),
            "LambdaRank keeps RankNet's smooth pair loss and borrows NDCG's sense of importance.",
        ),
    ],
)


register(
    14,
    [
        _q(
            14,
            1,
            "numeric",
            (
                "Five items with the grades {grades}, in the order given, exponential gain: what "
                "NDCG@5 does the graded definition give?"
            ),
            lambda: ndcg.ndcg(_v("grades"), gain="exponential"),
            "The gains 2^r - 1 of {grades} against their ideal, the grades sorted.",
            data=_draw_five_items,
            book_data={"grades": list(examples.FIVE_ITEMS_RELEVANCE)},
        ),
        _q(
            14,
            2,
            "choice",
            (
                "PySpark's RankingMetrics.ndcgAt(5), called from Python on five items that are "
                "all relevant, with the grades 4, 3, 5, 2, 1 in that order, returns:"
            ),
            "B",
            "The Python bridge passes only the relevant ids, so every relevant item counts as 1.",
            options=("The same figure as the graded NDCG", "1.0", "0.0", "An error"),
        ),
        _q(
            14,
            3,
            "numeric",
            (
                "Query a has one judged document, ranked first; query b has four judged "
                "documents (grades {b}) ranked in that order. Averaging NDCG@4 over the "
                "judgment rows instead of over the queries gives what?"
            ),
            lambda: _row_weighted_mean_two_queries(_v("b")),
            "Query b's NDCG counts four times and query a's perfect score once.",
            data=_draw_query_b,
            book_data={"b": [1, 0, 0, 3]},
        ),
        _q(
            14,
            4,
            "short",
            (
                "In the distributed job, where does each query's ideal DCG come from, and why "
                "not from the run?"
            ),
            (
                "From the judged side: the query's qrels sorted by grade, cut at k, then joined "
                "to the run's DCG by query. The run lacks the judged documents it did not "
                "retrieve, so an ideal from it would be too low and NDCG too high."
            ),
            "The same rule as chapter 4: the ideal is built from every judged document.",
        ),
        _q(
            14,
            5,
            "choice",
            "A few queries have far more rows than the rest. What goes wrong in the Spark job?",
            "C",
            "All of one query's rows are sorted in one task, which runs long after the others.",
            options=(
                "The mean NDCG changes",
                "Spark drops the largest queries",
                "One task holds a whole large query and finishes long after the others",
                "The ideal DCG is computed twice",
            ),
        ),
    ],
)
