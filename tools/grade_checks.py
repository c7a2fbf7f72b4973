"""The hidden checks of each assignment: what the sandbox runs, and how the answers are marked.

An assignment's checks say which sandboxed runs a submission gets (:class:`Run`: the functions
to call on which hidden inputs, the variables to read back, the reference helpers to put in
place of the submission's own) and mark what came back against answers computed here, by the
library, outside the sandbox. No expected value ever goes into a run.

Each question is marked on its own. Where a function calls the submission's other functions
(A1's ``idcg`` calls ``dcg``), its run puts reference helpers in their place, so a mistake
costs exactly its question. A run holds the helpers of its own question only: the run that
marks ``dcg`` has no reference ``dcg`` to borrow.

The inputs are drawn from the term's numbers, which ``tools/instructor.py`` writes into the
autograder (:data:`GRADING_FILE`); the book's own numbers are the defaults.
"""

from __future__ import annotations

import hashlib
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

#: The file ``tools/instructor.py`` adds to each autograder zip: the assignment and its numbers.
GRADING_FILE = "ranking-measured-grading.json"
TOLERANCE = 1e-12  # the library's own agreement with trec_eval; a right answer is within it
SHOWN = 120  # characters of an input or a value in feedback

# Reference helpers put in place of the submission's own, one source per function, so a run
# gets only the ones its question needs.
A1_HELPERS = {
    "dcg": (
        "import numpy as _np\n\n\n"
        "def dcg(relevance, k=None, gain='linear'):\n"
        "    grades = _np.asarray(relevance, dtype=float)[:k]\n"
        "    gains = grades if gain == 'linear' else 2.0**grades - 1.0\n"
        "    return float(_np.sum(gains / _np.log2(_np.arange(2, grades.size + 2))))\n"
    ),
    "idcg": (
        "def idcg(pool, k=None, gain='linear'):\n"
        "    return dcg(sorted(pool, reverse=True), k, gain)\n"
    ),
    "ndcg_at_k": (
        "def ndcg_at_k(relevance, pool, k=None, gain='linear'):\n"
        "    ideal = idcg(pool, k, gain)\n"
        "    return dcg(relevance, k, gain) / ideal if ideal > 0 else 0.0\n"
    ),
}


@dataclass(frozen=True)
class Call:
    """A submission function called on hidden inputs, for one question."""

    question: str
    function: str
    cases: list[list]
    inject: tuple[str, ...] = ()  # the submission's functions replaced by reference helpers


@dataclass(frozen=True)
class Run:
    """One sandboxed execution of a submission: its questions' calls and variables."""

    questions: tuple[str, ...]
    calls: tuple[Call, ...] = ()
    variables: tuple[str, ...] = ()

    def job(self, cells: Sequence[str], helpers: Mapping[str, str]) -> dict:
        """The runner's job: the code cells, then each call with its helpers' source."""
        return {
            "cells": list(cells),
            "calls": [
                {
                    "question": call.question,
                    "function": call.function,
                    "cases": call.cases,
                    "inject": {name: helpers[name] for name in call.inject},
                }
                for call in self.calls
            ],
            "variables": list(self.variables),
        }


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def _shown(value: float) -> str:
    """An expected value as feedback shows it: six significant digits, enough to see how far a
    wrong answer is, too few to pass the tolerance. Exact, the feedback of a notebook answering
    from a table would fill that table in a round per case: an answer key."""
    return f"{float(value):.6g}"


def _mismatch(got: float, want: float) -> str:
    """What a wrong number is said to be: beside the expected value, or, when the two agree to
    the six digits shown, that they part after them."""
    if _shown(got) == _shown(want):
        return f"returned {got!r}, off the expected value after six digits (1e-12 is allowed)"
    return f"returned {got!r}, expected {_shown(want)}"


def _number(outcome: dict | None) -> tuple[float | None, str]:
    """A returned number, or None and what came back instead."""
    if outcome is None or outcome.get("missing"):
        return None, "is not defined"
    if "error" in outcome:
        return None, f"raised {outcome['error']}"
    value = outcome.get("value")
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None, f"returned {_short(value)}, not a number"
    if not _fits(value):
        return None, f"returned an integer of {len(str(abs(value)))} digits, too large for a float"
    return float(value), ""


def _fits(value: int | float) -> bool:
    """Whether ``value`` converts to a float: JSON integers have no bound, floats do."""
    return isinstance(value, float) or abs(value) <= _LARGEST


_LARGEST = int(sys.float_info.max)


def _close(got: float, want: float) -> bool:
    return math.isfinite(got) and abs(got - want) < TOLERANCE


def _series(outcome: dict | None) -> tuple[tuple[list[str], list[float]] | None, str]:
    """A returned pandas Series as (index, values), or None and what came back instead."""
    if outcome is None or outcome.get("missing"):
        return None, "is not defined"
    if "error" in outcome:
        return None, f"raised {outcome['error']}"
    value = outcome.get("value")
    series = value.get("series") if isinstance(value, dict) else None
    if not isinstance(series, dict):
        return None, f"returned {_short(value)}, not a pandas Series"
    index, values = series.get("index"), series.get("values")
    if not isinstance(index, list) or not isinstance(values, list) or len(index) != len(values):
        return None, "returned a Series that could not be read"
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        return None, "returned a Series whose values are not all numbers"
    if not all(_fits(v) for v in values):
        return None, "returned a Series with an integer too large for a float"
    return ([str(i) for i in index], [float(v) for v in values]), ""


@dataclass
class Checks:
    """One assignment's hidden checks."""

    name: str
    modules: tuple[str, ...]  # what the sandbox may import besides the standard library
    helpers: dict[str, str] = field(default_factory=dict)

    def runs(self) -> list[Run]:
        raise NotImplementedError

    def prepare(self, run: Run, previous: dict) -> Run:
        """``run`` with the calls that depend on the previous run's result (none here)."""
        return run

    def mark(self, question: str, result: dict) -> str:
        """ "" if ``question`` is right in ``result`` (a run's parsed result), else why not."""
        raise NotImplementedError

    def declared_id(self, result: dict) -> str | None:
        """The student id the notebook names in ``result``, for assignments that draw data
        from it; None otherwise."""
        return None


# ------------------------------------------------------------------------------------- A1


class A1(Checks):
    """Assignment 1: DCG, IDCG and NDCG written without the library, each marked alone."""

    FUNCTIONS = {
        "dcg": ("dcg", ()),
        "idcg": ("idcg", ("dcg",)),
        "ndcg": ("ndcg_at_k", ("dcg", "idcg")),
        "scores": ("ndcg_from_scores", ("dcg", "idcg", "ndcg_at_k")),
    }

    def __init__(self, numbers: Mapping[str, int]) -> None:
        super().__init__("a1-ndcg-from-scratch", ("numpy",), dict(A1_HELPERS))
        rng = np.random.default_rng(int(numbers["seed2"]))
        cases = []
        for _ in range(25):
            ranked = rng.integers(0, 4, size=int(rng.integers(1, 12))).tolist()
            unretrieved = rng.integers(0, 4, size=int(rng.integers(0, 5))).tolist()
            k = int(rng.integers(1, 14))
            scores = (rng.permutation(len(ranked)).astype(float) + 0.5).tolist()
            cases.append((ranked, ranked + unretrieved, k, scores))
        # The conventions the assignment states: no cutoff, and nothing relevant judged.
        cases += [
            ([2, 0, 3, 1], [2, 0, 3, 1, 3], None, [0.5, 3.5, 1.5, 2.5]),
            ([0, 0], [0, 0], 2, [1.5, 0.5]),
        ]
        self.cases = cases

    def _arguments(self, question: str) -> list[tuple[list, object]]:
        """(arguments, expected) of every hidden case of ``question``; expected by the library."""
        import ndcg as reference

        out = []
        for ranked, pool, k, scores in self.cases:
            for gain in ("linear", "exponential"):
                if question == "dcg":
                    args, want = [ranked, k, gain], reference.dcg(ranked, k=k, gain=gain)
                elif question == "idcg":
                    args, want = [pool, k, gain], reference.idcg(pool, k=k, gain=gain)
                elif question == "ndcg":
                    args = [ranked, pool, k, gain]
                    want = reference.ndcg(ranked, k=k, gain=gain, pool=pool, empty=0.0)
                else:  # marked on the ranking step: the normalisation is question 3's
                    best_first = np.asarray(ranked)[np.argsort(-np.asarray(scores))]
                    args = [ranked, scores, pool, k, gain]
                    want = reference.ndcg(best_first, k=k, gain=gain, pool=pool, empty=0.0)
                out.append((args, want))
        return out

    def runs(self) -> list[Run]:
        return [
            Run(
                (question,),
                (
                    Call(
                        question,
                        function,
                        [args for args, _ in self._arguments(question)],
                        inject,
                    ),
                ),
            )
            for question, (function, inject) in self.FUNCTIONS.items()
        ]

    CHAPTERS = {
        "dcg": "chapter 3 gives the discount 1/log2(i + 1) and the two gains",
        "idcg": "chapter 4 builds the ideal from every judged grade, best first",
        "ndcg": "chapter 4 divides by the ideal of every judged grade, and an ideal of 0 "
        "gives 0.0 (chapter 6)",
        "scores": "chapter 5 ranks by score, highest first",
    }

    def mark(self, question: str, result: dict) -> str:
        function = self.FUNCTIONS[question][0]
        outcomes = result.get("calls", {}).get(question)
        cases = self._arguments(question)
        if not isinstance(outcomes, list) or len(outcomes) != len(cases):
            return f"{function} was not marked: its run gave no answer for its cases"
        for (args, want), outcome in zip(cases, outcomes, strict=True):
            got, why = _number(outcome if isinstance(outcome, dict) else None)
            call = f"{function}({', '.join(_short(a) for a in args)})"
            if got is None:
                return f"{call} {why}; expected {_shown(want)}; {self.CHAPTERS[question]}"
            if not _close(got, want):
                return f"{call} {_mismatch(got, want)}; {self.CHAPTERS[question]}"
        return ""


# ------------------------------------------------------------------------------------- A2


def _responds(asked: object, other: object) -> bool:
    """Whether a per_query_ndcg outcome at k=10 with exponential gain differs from its outcome
    at k=3 with linear gain: a function that heeds its arguments gives other values."""
    first, _ = _series(asked if isinstance(asked, dict) else None)
    second, _ = _series(other if isinstance(other, dict) else None)
    return first is not None and second is not None and not _same_series(first, second)


def _an_id(value: object) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool)


def _same_series(got: tuple[list[str], list[float]], want: tuple[list[str], list[float]]) -> bool:
    return got[0] == want[0] and all(_close(g, w) for g, w in zip(got[1], want[1], strict=True))


def collection_number(student_id: object, class_number: int) -> int:
    """The number that draws a student's A2 collection: the notebook's own rule."""
    text = str(student_id).strip()
    if not text:
        return class_number
    return class_number + int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:8], 16)


A2_SIZE = {"n_queries": 40, "docs_per_query": 20, "difference": 0.5, "depth": 10}


def _frame(table) -> dict:
    """A DataFrame as a job input (the runner rebuilds it)."""
    return {
        "frame": {
            "columns": [str(c) for c in table.columns],
            "dtypes": {str(c): str(t) for c, t in table.dtypes.items()},
            "rows": table.to_numpy().tolist(),
        }
    }


def reference_per_query(qrels, run, k: int, gain: str):
    """Each query's NDCG@k by the library: unjudged documents count 0, the ideal from every
    judged document."""
    import pandas as pd

    import ndcg as reference

    judged = qrels.groupby("query_id")
    values = {}
    for query, docs in run.groupby("query_id"):
        docs = docs.sort_values("score", ascending=False)
        grades = judged.get_group(query).set_index("doc_id")["relevance"]
        ranked = grades.reindex(docs["doc_id"]).fillna(0).to_numpy()
        values[query] = reference.ndcg(ranked, k=k, gain=gain, pool=grades.to_numpy())
    return pd.Series(values).sort_index()


def with_unjudged(collection, seed: int):
    """``collection``'s runs with some retrieved documents that nobody judged: in every other
    query, two of each run's top three documents get ids the judgments do not hold. Leaving
    them out of the ranking (instead of counting them 0) moves the others up: a mistake."""
    rng = np.random.default_rng(seed)
    runs = []
    for run in (collection.run_a, collection.run_b):
        run = run.sort_values(["query_id", "score"], ascending=[True, False]).reset_index(drop=True)
        for number, (query, rows) in enumerate(run.groupby("query_id", sort=True)):
            if number % 2 == 0:
                for position in sorted(rng.choice(3, size=2, replace=False)):
                    run.loc[rows.index[position], "doc_id"] = f"{query}-unjudged-{position}"
        runs.append(run)
    return collection.qrels, runs[0], runs[1]


class A2(Checks):
    """Assignment 2: two systems on this term's collection."""

    def __init__(self, numbers: Mapping[str, int]) -> None:
        super().__init__("a2-two-systems", ("numpy", "pandas", "ndcg"))
        from ndcg.teaching.synthetic import make_collection

        self.class_number = int(numbers["seed"])
        hidden = int(numbers["seed2"])
        other = make_collection(
            n_queries=12, docs_per_query=15, difference=0.2, depth=6, seed=hidden
        )
        qrels, run_a, run_b = with_unjudged(other, hidden)
        self.per_query_cases = [
            (qrels, run, k, gain)
            for k in (3, 10)
            for gain in ("linear", "exponential")
            for run in (run_a, run_b)
        ]
        rng = np.random.default_rng(hidden)
        intervals = []
        for low, high in ((0.01, 0.08), (-0.08, -0.01), (-0.03, 0.05)):
            for _ in range(2):
                shift = float(rng.uniform(0.0, 0.004))
                intervals.append([low + shift, high + shift])
        intervals += [[0.0, 0.05], [-0.05, 0.0]]  # an interval that reaches 0 includes it
        order = rng.permutation(len(intervals))
        self.intervals = [intervals[i] for i in order]

    VARIABLES = (
        "STUDENT_ID",
        "scores_a",
        "scores_b",
        "mean_a",
        "mean_b",
        "mean_difference",
        "p_value",
        "ci_low",
        "ci_high",
    )

    def runs(self) -> list[Run]:
        # No reference helper goes in: the first run marks three questions. The second marks
        # the scores, with the student's per_query_ndcg called on this term's collection for
        # the STUDENT_ID the first run read (:meth:`prepare`).
        per_query = Call(
            "per_query",
            "per_query_ndcg",
            [[_frame(q), _frame(r), k, gain] for q, r, k, gain in self.per_query_cases],
        )
        verdict = Call("verdict", "verdict_of", [list(pair) for pair in self.intervals])
        return [
            Run(("per_query", "paired", "verdict"), (per_query, verdict), self.VARIABLES),
            Run(("scores",), (), self.VARIABLES),
        ]

    def prepare(self, run: Run, previous: dict) -> Run:
        variables = previous.get("variables")
        student_id = self._value(variables if isinstance(variables, dict) else {}, "STUDENT_ID")
        if run.questions != ("scores",) or not _an_id(student_id):
            return run
        collection = self.term_collection(student_id)
        qrels = _frame(collection.qrels)
        # Both runs at the question's k and gain, then at another k and gain: a function that
        # answers the same whatever it is asked (a stub) cannot vouch for the scores.
        cases = [
            [qrels, _frame(r), k, gain]
            for k, gain in ((10, "exponential"), (3, "linear"))
            for r in (collection.run_a, collection.run_b)
        ]
        return Run(run.questions, (Call("scores", "per_query_ndcg", cases),), run.variables)

    def declared_id(self, result: dict) -> str | None:
        variables = result.get("variables")
        value = self._value(variables if isinstance(variables, dict) else {}, "STUDENT_ID")
        return str(value) if _an_id(value) else None

    def term_collection(self, student_id: object):
        from ndcg.teaching.synthetic import make_collection

        return make_collection(**A2_SIZE, seed=collection_number(student_id, self.class_number))

    def mark(self, question: str, result: dict) -> str:
        variables = result.get("variables", {})
        if question == "per_query":
            return self._mark_per_query(result.get("calls", {}).get("per_query"))
        if question == "scores":
            return self._mark_scores(variables, result.get("calls", {}).get("scores"))
        if question == "paired":
            return self._mark_paired(variables)
        return self._mark_verdict(result.get("calls", {}).get("verdict"))

    def _mark_per_query(self, outcomes) -> str:
        if not isinstance(outcomes, list) or len(outcomes) != len(self.per_query_cases):
            return "per_query_ndcg was not marked: its run gave no answer for its cases"
        for (qrels, run, k, gain), outcome in zip(self.per_query_cases, outcomes, strict=True):
            got, why = _series(outcome if isinstance(outcome, dict) else None)
            call = f"per_query_ndcg(k={k}, gain={gain!r})"
            if got is None:
                return f"{call} {why}"
            want = reference_per_query(qrels, run, k, gain)
            index = [str(i) for i in want.index]
            if got[0] != index:
                return (
                    f"{call} must give one value per query, sorted by query id: got "
                    f"{got[0][:5]}..., expected {index[:5]}..."
                )
            for query, value, expected in zip(index, got[1], want.to_numpy(), strict=True):
                if not _close(value, float(expected)):
                    return (
                        f"{call}: query {query!r} {_mismatch(value, float(expected))}; "
                        "chapter 4 builds the ideal from every judged document of the query, "
                        "retrieved or not, and a retrieved document nobody judged counts 0 "
                        "where it was ranked"
                    )
        return ""

    def _value(self, variables: Mapping, name: str):
        outcome = variables.get(name)
        return outcome.get("value") if isinstance(outcome, dict) else None

    def _mark_scores(self, variables: Mapping, own: object) -> str:
        """Right when ``scores_a`` and ``scores_b`` are NDCG@10 with exponential gain on this
        term's collection for STUDENT_ID: by the library, or by the student's own
        per_query_ndcg (so a mistake of question 1 is not counted twice) when that function
        answers otherwise at another k and gain (a stub that ignores them vouches for nothing)."""
        student_id = self._value(variables, "STUDENT_ID")
        if not _an_id(student_id):
            return "STUDENT_ID must be the student id your instructor gave (a string)"
        collection = self.term_collection(student_id)
        own = own if isinstance(own, list) and len(own) == 4 else [None] * 4
        own = [
            theirs if _responds(theirs, other) else None
            for theirs, other in zip(own[:2], own[2:], strict=True)
        ]
        for name, run, mean, theirs in (
            ("scores_a", collection.run_a, "mean_a", own[0]),
            ("scores_b", collection.run_b, "mean_b", own[1]),
        ):
            got, why = _series(variables.get(name))
            if got is None:
                return f"{name} {why}"
            want = reference_per_query(collection.qrels, run, 10, "exponential")
            wanted = [([str(i) for i in want.index], [float(w) for w in want.to_numpy()])]
            mine, _ = _series(theirs if isinstance(theirs, dict) else None)
            if mine is not None:
                wanted.append(mine)
            if not any(_same_series(got, other) for other in wanted):
                return (
                    f"{name} should be per_query_ndcg(qrels, run, k=10, gain='exponential') "
                    f"on this term's collection for STUDENT_ID = {str(student_id)!r}: its mean "
                    f"is {float(np.mean(got[1])) if got[1] else float('nan')!r}, expected "
                    f"{_shown(want.mean())}; exhibit 6 of chapter 8 shows two reports that differ "
                    "only by their gain"
                )
            value, why = _number(variables.get(mean))
            if value is None or not _close(value, float(np.mean(got[1]))):
                return f"{mean} should be {name}.mean(): {why or 'got ' + repr(value)}"
        return ""

    def _mark_paired(self, variables: Mapping) -> str:
        from ndcg import stats

        a, why_a = _series(variables.get("scores_a"))
        b, why_b = _series(variables.get("scores_b"))
        if a is None or b is None or len(a[1]) != len(b[1]) or not a[1]:
            return "the comparison needs scores_a and scores_b (question 2), one per query each"
        # Marked on the student's own scores: a mistake of question 2 is not counted twice.
        scores_a, scores_b = np.asarray(a[1]), np.asarray(b[1])
        try:
            test = stats.paired_randomization_test(scores_b, scores_a, seed=0)
            interval = stats.paired_bootstrap_ci(scores_b, scores_a, seed=0)
        except ValueError as error:
            return f"scores_a and scores_b cannot be compared: {error}"
        want = {
            "mean_difference": float(np.mean(scores_b - scores_a)),
            "p_value": test.p_value,
            "ci_low": interval.low,
            "ci_high": interval.high,
        }
        for name, expected in want.items():
            got, why = _number(variables.get(name))
            if got is None or not _close(got, expected):
                return (
                    f"{name} {why or 'is ' + repr(got)}, expected {_shown(expected)} from "
                    "stats.paired_randomization_test and stats.paired_bootstrap_ci on "
                    "scores_b and scores_a with seed=0 (chapter 7)"
                )
        return ""

    def _mark_verdict(self, outcomes) -> str:
        if not isinstance(outcomes, list) or len(outcomes) != len(self.intervals):
            return "verdict_of was not marked: its run gave no answer for its cases"
        for (low, high), outcome in zip(self.intervals, outcomes, strict=True):
            want = "B" if low > 0 else "A" if high < 0 else "neither"
            got = outcome.get("value") if isinstance(outcome, dict) else None
            if isinstance(outcome, dict) and "error" in outcome:
                got = f"an error ({outcome['error']})"
            if got != want:
                return (
                    f"verdict_of({low!r}, {high!r}) gave {_short(got)}, expected {want!r}: "
                    "an interval that includes 0 shows neither system better (chapter 7)"
                )
        return ""


#: Assignment name -> its checks, built from the term's numbers.
ASSIGNMENTS: dict[str, Callable[[Mapping[str, int]], Checks]] = {
    "a1-ndcg-from-scratch": A1,
    "a2-two-systems": A2,
}

#: The book's own numbers (a bundle built without a term).
BOOK_NUMBERS = {
    "a1-ndcg-from-scratch": {"seed2": 1601},
    "a2-two-systems": {"seed": 2026, "seed2": 77},
}


def checks_for(name: str, numbers: Mapping[str, int] | None = None) -> Checks:
    """The checks of assignment ``name`` with the term's ``numbers`` (the book's if None)."""
    if name not in ASSIGNMENTS:
        raise ValueError(
            f"no hidden checks for the assignment {name!r}; known: {sorted(ASSIGNMENTS)}"
        )
    return ASSIGNMENTS[name](numbers if numbers is not None else BOOK_NUMBERS[name])
