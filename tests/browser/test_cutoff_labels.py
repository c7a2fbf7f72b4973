"""Every NDCG a reader sees on a chapter page names its cutoff: the built site in Chromium.

"NDCG" alone leaves the reader to guess the depth: a figure at k = 6 and one over the whole
list differ (chapter 4's D1-D6 score 0.785 at k = 6 against an ideal that holds D7 and D8).
This test mounts every widget of every chapter from the saved state (``file://``, as a
reader who downloaded the site), then reads each readout, goal and title of the widgets and
each header and cell of the chapter's tables. A text that says NDCG must name a cutoff:
``@k`` right after it (``NDCG@6``, ``ndcg@10``, ``NDCG@k``), trec_eval's ``ndcg_cut_10`` or
``ndcg_cut.10``, or the words "no cutoff" in the same text.

The prose of a chapter is its authors' to phrase; its tables and the widgets are held here.
Code in a table (``ndcg_score``, ``ndcgAt``) names a function, not a figure, and is skipped.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'
# What a reader reads on a widget: readouts, goals and their verdicts, titles, legends.
WIDGET_TEXT = ", ".join(
    f".ndcg-{w}__{part}"
    for w in ("rw", "sw")
    for part in ("readout", "goal", "title", "legend", "dock-goal")
)
# Every NDCG (binary NDCG, ΔNDCG and ndcg in a column name included) ...
NDCG = re.compile(r"ndcg", re.IGNORECASE)
# ... is followed by its cutoff, or is trec_eval's measure at a cutoff.
CUT = re.compile(r"ndcg(?:@\w+|_cut[._]\d+)", re.IGNORECASE)

COLLECT = """([widgetText]) => {
  const seen = [];
  const squeeze = (words) => (words ?? "").replace(/\\s+/g, " ").trim();
  // On a widget, what shows: innerText leaves out the hidden texts that size a box.
  for (const el of document.querySelectorAll(widgetText)) {
    seen.push(["widget", squeeze(el.innerText)]);
  }
  for (const cell of document.querySelectorAll("article table th, article table td")) {
    if (cell.closest(".ndcg-widget")) continue;
    // Code is a name, not a figure: ndcg_score, ndcgAt and ndcg= name functions and arguments.
    const copy = cell.cloneNode(true);
    for (const code of copy.querySelectorAll("code, kbd, pre, .pre")) code.remove();
    seen.push(["table", squeeze(copy.textContent)]);
  }
  return seen;
}"""


def unnamed(text: str) -> bool:
    """Whether ``text`` says NDCG somewhere without its cutoff."""
    if "no cutoff" in text.lower():
        return False
    bare = len(NDCG.findall(text)) - len(CUT.findall(text))
    return bare > 0


def test_the_rule_reads_cutoffs_as_a_reader_would() -> None:
    assert not unnamed("NDCG@6") and not unnamed("binary NDCG@10 1.000")
    assert not unnamed("|ΔNDCG@5| = 0.562") and not unnamed("ndcg_cut_10")
    assert not unnamed("NDCG (no cutoff)") and not unnamed("test NDCG@10")
    assert unnamed("NDCG") and unnamed("NDCG@6 against NDCG") and unnamed("swap gains NDCG")


def chapter_pages(site: Path) -> list[Path]:
    return sorted((site / "notebooks").glob("[0-9][0-9]_*.html"))


def test_every_ndcg_on_a_chapter_page_names_its_cutoff(page, site: Path) -> None:
    pages = chapter_pages(site)
    assert len(pages) >= 14
    missing: list[tuple[str, str, str]] = []
    read = 0
    for path in pages:
        page.goto(path.resolve().as_uri())
        views = page.locator(VIEW).count()
        if views:
            # Every saved view mounted: each draws one widget root.
            page.wait_for_function(
                "(n) => document.querySelectorAll('.ndcg-widget').length >= n",
                arg=views,
                timeout=30_000,
            )
        seen = page.evaluate(COLLECT, [WIDGET_TEXT])
        read += len(seen)
        missing += [(path.name, kind, text) for kind, text in seen if unnamed(text)]
    assert read > 500  # not a test of empty pages
    lines = "\n".join(f"{name} [{kind}]: {text[:160]}" for name, kind, text in missing)
    assert not missing, f"{len(missing)} NDCG without a cutoff:\n{lines}"
