"""Wording rules the reader-facing text must follow, shared by the tests that enforce them."""

from __future__ import annotations

import re

# "Seed" in the sense of the texts the book's examples come from: "seed 001", "the seed's",
# "seed document", "as the seed did". A random seed (`seed=1`, "take a seed", "the same
# seed") is another word and stays allowed.
SOURCE_SENSE_OF_SEED = re.compile(
    r"\bseeds?\s*#?\s*\d{3}\b"
    r"|\bseed['’]s\b"
    r"|\bseeds?\s+(?:documents?|examples?|notebooks?|posts?|tables?|lists?|figures?|texts?"
    r"|sources?|files?|data)\b"
    r"|\b(?:the|this|that|each|every|our|its)\s+seeds?(?:['’]s)?\b(?!\s*(?:=|of the random|value))"
    r"|\bseeds\b",
    re.IGNORECASE,
)


def source_sense_of_seed(text: str) -> list[str]:
    """Return every phrase of ``text`` that uses "seed" for a source text."""
    return [match.group(0) for match in SOURCE_SENSE_OF_SEED.finditer(text)]
