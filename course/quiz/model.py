"""The quiz's model: a term and its secret draws, a question, its forms and its answer.

A :class:`Term` is a course's variant of the D1-D6 example with the secret every draw of the
term comes from; a :class:`Question` computes its answer for a term with the library (numeric),
or names the right option (choice) or gives a model answer (short). The bank
(:mod:`bank`) holds the questions by chapter.
"""

from __future__ import annotations

import hashlib
import hmac
import math
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Literal

import numpy as np

from ndcg.teaching import examples, exercises

__all__ = [
    "BOOK",
    "KINDS",
    "LETTERS",
    "SECRET_BYTES",
    "Data",
    "Kind",
    "Question",
    "Term",
    "Variant",
    "current_term",
    "current_values",
    "parse_secret",
    "show",
]

Kind = Literal["numeric", "choice", "short"]
KINDS: tuple[str, ...] = ("numeric", "choice", "short")
#: The letters a choice item's options are shown under, in order; every export uses them.
LETTERS = "ABCDEFGH"


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


def current_term() -> Term:
    """The term whose answer is being computed (the book's outside :meth:`Question.expected`)."""
    return _TERM.get()


def current_values() -> Data:
    """The data of the item whose answer is being computed (empty outside it)."""
    return _VALUES.get() or {}


def show(value: object) -> str:
    """A value as a prompt prints it: lists in brackets, floats without trailing zeros."""
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show(item) for item in value) + "]"
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
        them with ``items.value``.
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
            letters = LETTERS[: len(self.options)]
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
            if len(variant.options) < 2 or variant.answer not in LETTERS[: len(variant.options)]:
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
            text = text.replace("{" + name + "}", show(value))
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

    def lettered(self, term: Term = BOOK) -> tuple[tuple[str, str], ...]:
        """The options as ``term`` shows them, each with its letter: ``(("A", ...), ...)``."""
        return tuple(zip(LETTERS, self.choices(term), strict=False))

    def expected(self, term: Term = BOOK) -> float | str:
        """Return the answer for ``term``: the figure the library computes, the letter of the
        right option in the term's form and order, or the model answer."""
        if self.kind == "choice":
            right = LETTERS.index(str(self.form(term).answer))
            return LETTERS[self.order(term).index(right)]
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
            return f"{value}. {self.choices(term)[LETTERS.index(value)]}"
        return value
