"""Write a practice sheet for a term: problems of every skill, and a key with worked answers.

`make instructor` calls :func:`write_practice_sheet` (``tools/instructor.py``), which writes
``practice/sheet.md`` (the problems, to hand out) and ``practice/answers.md`` (the answers
and worked solutions, for the instructor) into the bundle. The problems are those of
:func:`ndcg.teaching.practice.problem` for the term's series (drawn from the term's secret
in a bundle, as the quiz's data are; from the name when run alone), so a student can draw
the same problems in a notebook to practise, and the page's practice box shows them for that
series too. Run alone::

    python tools/practice_sheet.py --term 2027-spring --count 3 -o sheet-folder
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

from ndcg.teaching import practice

#: The series of a bundle built without a term.
BOOK_SERIES = 2026


def term_series(term: object | None) -> int:
    """Return the series of ``term``'s sheet, below 2**32: drawn from its secret for a term of
    the quiz bank (``bank.Term``), from the sha256 of its name for a plain label."""
    if term is None:
        return BOOK_SERIES
    if hasattr(term, "seed"):
        return int(term.seed("practice"))
    return int.from_bytes(hashlib.sha256(f"{term}/practice".encode()).digest()[:4], "big")


def sheet_texts(series: int, count: int = 2) -> tuple[str, str]:
    """Return the sheet and its key as Markdown: ``count`` problems of every skill."""
    sheet = [f"# Practice sheet (series {series})", ""]
    key = [
        f"# Practice sheet: answers and worked solutions (series {series})",
        "",
        "For practice, not for marks: the series is printed on the sheet, and anyone can draw",
        "these problems with their answers from it, in a notebook or in the book's practice boxes.",
        "",
    ]
    number = 0
    for skill in practice.SKILLS.values():
        sheet += [f"## Chapter {skill.chapter}: {skill.title}", ""]
        key += [f"## Chapter {skill.chapter}: {skill.title}", ""]
        for p in practice.problems(skill.key, series, count):
            number += 1
            given = [f"   - {label}: {text}" for label, text in p.given]
            sheet += [f"{number}. {p.question}?", *given, ""]
            answer = f"{p.answer:.{p.decimals}f}" if p.decimals else f"{p.answer:g}"
            steps = [f"   - {step}" for step in p.steps]
            exact = f" (exact value {p.exact})" if p.exact and p.exact != answer else ""
            key += [f"{number}. **{answer}**{exact}. {p.question}.", *steps, ""]
    footer = (
        "In a notebook, `practice.problem(skill, "
        f"{series}, n)` from `ndcg.teaching` draws problem n + 1 of a skill again."
    )
    return "\n".join([*sheet, footer, ""]), "\n".join([*key, footer, ""])


def write_practice_sheet(out: Path, term: object | None = None, count: int = 2) -> int:
    """Write ``out/sheet.md`` and ``out/answers.md`` for ``term``; return the problem count."""
    out.mkdir(parents=True, exist_ok=True)
    sheet, key = sheet_texts(term_series(term), count)
    (out / "sheet.md").write_text(sheet, encoding="utf-8")
    (out / "answers.md").write_text(key, encoding="utf-8")
    return count * len(practice.SKILLS)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write a practice sheet and its answers.")
    parser.add_argument("--term", help="draw the problems from this term's name")
    parser.add_argument("--count", type=int, default=2, help="problems a skill (default 2)")
    parser.add_argument("-o", "--output", type=Path, default=Path("_build/instructor/practice"))
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error(f"--count must be 1 or more, got {args.count}")
    n = write_practice_sheet(args.output, args.term, args.count)
    print(f"practice sheet: {n} problems in {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
