"""Every measure's "where taught" link on the evaluation page opens a section that teaches it.

Each record of ``ndcg.measures`` names a page and a section (``chapter``); the page's
``chapterHref`` (``js/evaluate_page/measures.js``) turns it into the link it shows. Here
that link, as the page's own function makes it, is followed in the built site: the page
exists, the anchor exists, and the section it opens names the measure, by one of its
trec_eval names or its label. A measure no chapter teaches is sent to chapter 9's table of
trec_eval's measures (``measures.TREC_TABLE``), whose line for it must be there.
"""

from __future__ import annotations

import json
import posixpath
import re
from functools import cache
from pathlib import Path

from _node import needs_node, run_module
from bs4 import BeautifulSoup

from ndcg import measures

MEASURES_JS = Path(__file__).resolve().parents[2] / "js/evaluate_page/measures.js"
#: The evaluation page, from which the links are relative.
PAGE = "book/evaluate.html"

pytestmark = needs_node


def chapter_hrefs(chapters: list[str], tmp_path: Path) -> list[str]:
    """The page's links for ``chapters``, made by measures.js' ``chapterHref`` in Node."""
    script = tmp_path / "hrefs.mjs"
    script.write_text(
        f'import {{ chapterHref }} from "{MEASURES_JS.as_uri()}";\n'
        'import { readFileSync } from "node:fs";\n'
        'const chapters = JSON.parse(readFileSync(0, "utf8"));\n'
        "process.stdout.write(JSON.stringify(chapters.map(chapterHref)));\n",
        encoding="utf-8",
    )
    return json.loads(run_module(script, stdin=json.dumps(chapters)))


def names_of(record: measures.Measure) -> list[str]:
    """What a section must say to name the measure: a trec_eval name or the label."""
    return [form.name for form in record.trec] + [record.label]


def says(text: str, name: str) -> bool:
    """Whether ``text`` has ``name`` as a word (``P`` in "P@10", not in "map" or "set_P")."""
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


@cache
def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def test_the_link_names_the_page_and_its_section(tmp_path):
    chapters = [
        "notebooks/11_the_family#the-binary-metrics",
        "notebooks/09_ndcg_in_the_wild#every-measure-trec-eval-prints",
        "notebooks/04_ideal_dcg_and_ndcg",  # a chapter without a section: its top
    ]
    assert chapter_hrefs(chapters, tmp_path) == [
        "../notebooks/11_the_family.html#the-binary-metrics",
        "../notebooks/09_ndcg_in_the_wild.html#every-measure-trec-eval-prints",
        "../notebooks/04_ideal_dcg_and_ndcg.html",
    ]


def test_the_word_rule_finds_a_name_only_as_a_word():
    # The rule below would hold every record if it matched inside other words.
    assert says("trec_eval prints P@10 and set_P", "P")
    assert not says("map and set_P", "P")
    assert not says("num_rel_ret", "num_rel")
    assert says("bpref and infAP", "infAP")


def test_every_record_s_link_opens_a_section_that_names_it(site, tmp_path):
    records = list(measures.REGISTRY)
    hrefs = chapter_hrefs([record.chapter for record in records], tmp_path)
    wrong = []
    for record, href in zip(records, hrefs, strict=True):
        target, _, anchor = href.partition("#")
        page = site / posixpath.normpath(posixpath.join(posixpath.dirname(PAGE), target))
        if not anchor:
            wrong.append(f"{record.name}: {href} opens the chapter's top, not a section")
            continue
        if not page.is_file():
            wrong.append(f"{record.name}: {href}: no page {page.relative_to(site)}")
            continue
        found = _soup(page).find(id=anchor)
        if found is None:
            wrong.append(f"{record.name}: {href}: no element with id {anchor!r}")
            continue
        section = found if found.name == "section" else found.find_parent("section")
        text = section.get_text(" ") if section is not None else ""
        if not any(says(text, name) for name in names_of(record)):
            wrong.append(f"{record.name}: the section {href} never names {names_of(record)}")
        if record.chapter == measures.TREC_TABLE:
            # Taught in its line of the table: each of its trec_eval names starts one.
            lines = text.splitlines()
            for form in record.trec:
                if not any(re.match(rf"{re.escape(form.name)}\s", line) for line in lines):
                    wrong.append(f"{record.name}: no line of {href} for {form.name}")
    assert not wrong, "\n".join(wrong)
