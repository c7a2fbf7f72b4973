"""The quiz exports as the platforms read them: the GIFT file through a real GIFT parser
(gift-pegjs, in Node), the QTI package and the Moodle XML through the rules of Canvas's and
Moodle's importers, and every numeric item of two terms graded as each platform grades it.

No XML schema is used: the QTI 1.2 XSD (ims_qtiasiv1p2p1.xsd) is not to be had offline, and
Moodle's XML format has none. The rules below are the importers' own, each with its source:

- Canvas, ``gems/plugins/qti_exporter/lib/qti/numeric_interaction.rb``: a numerical item whose
  condition is ``varequal`` or (``vargte`` and ``varlte``) becomes an exact answer with the
  margin ``varlte - varequal``, worked out in BigDecimal; an answer is right within that margin.
  (A lower bound written ``vargt`` whose digits end in 5 is read as a "precision" answer
  instead: the exports write ``vargte``.)
- Moodle, ``question/type/numerical/question.php`` (``qtype_numerical_answer``): an answer is
  right within ``tolerance`` of the answer (Moodle adds 1e-14 relative, which only widens it).
  GIFT's ``{#value:tolerance}`` is imported as that answer and tolerance.
- The QTI 1.2 ASI binding orders an item's children ``itemmetadata``, ``presentation``,
  ``resprocessing``, ``itemfeedback``, and a ``respcondition``'s ``conditionvar``,
  ``setvar``, ``displayfeedback``; ``resprocessing`` opens with ``outcomes``.
"""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
import zipfile
from decimal import Decimal
from pathlib import Path

import instructor
import pytest
import quiz_export
from _node import needs_node, run_module

ROOT = Path(__file__).resolve().parents[2]


bank = instructor.load_bank()
TERMS = [bank.Term.draw("2027-spring", "5e" * 32), bank.Term.draw("2027-autumn", "a7" * 32)]
NUMERIC = [item for item in bank.questions() if item.kind == "numeric"]
GIFT_PARSE = ROOT / "tests/js/gift_parse.mjs"
QTI = "{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}"
MANIFEST = "{http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1}"
# A decimal as PHP's is_numeric and Ruby's BigDecimal read it, with no exponent (GIFT has none).
DECIMAL = re.compile(r"-?\d+(\.\d+)?")


def answers_to_try(item, term) -> tuple[list[Decimal], list[Decimal]]:
    """What a student types: the key to 3 decimals (and to the item's own), and wrong answers.

    Wrong: two units off in the last decimal asked for, and ten (a slip of a digit).
    """
    key = item.expected(term)
    right = [Decimal(f"{key:.3f}"), Decimal(f"{key:.{item.decimals}f}")]
    unit = Decimal(1).scaleb(-item.decimals)
    exact = Decimal(repr(key))
    wrong = [exact + 2 * unit, exact - 2 * unit, exact + 10 * unit]
    return right, wrong


# ------------------------------------------------------------------------------ the precision


def test_every_numeric_item_states_the_decimals_it_grades():
    assert NUMERIC, "the bank has numeric items"
    for item in NUMERIC:
        # No item needs more than the book's three decimals to be answered right.
        assert 0 <= item.decimals <= 3, item.id
        asked = "a whole number" if item.decimals == 0 else f"{item.decimals} decimal"
        for term in TERMS:
            assert item.text(term).endswith(f"Give {asked}{'s' if item.decimals > 1 else ''}."), (
                item.id,
                item.text(term),
            )


def test_the_tolerance_is_what_the_answer_boxes_accept():
    """An answer to the item's decimals, or more, that the website's box calls right is inside
    the tolerance, and the tolerance is no wider than half a unit of the last decimal asked."""
    from ndcg.teaching import exercises

    for term in TERMS:
        for item in NUMERIC:
            key, tolerance = item.expected(term), item.tolerance(term)
            assert 0.5 * 10.0**-item.decimals <= tolerance < 0.5 * 10.0**-item.decimals * 1.001
            for places in range(item.decimals, 7):
                typed = exercises.read("number", f"{key:.{places}f}")
                verdict = exercises.judge(typed, key, "hint", item.decimals)
                assert verdict.correct, (item.id, places, verdict.message)
                assert abs(typed.value - key) <= tolerance, (item.id, places)


# ---------------------------------------------------------------------------------------- GIFT


def parse_gift(text: str) -> list[dict]:
    out = json.loads(run_module(GIFT_PARSE, stdin=text))
    assert "error" not in out, (
        f"gift-pegjs rejects the GIFT file at line {out['line']}, column {out['column']}: "
        f"{out['error']}: {text.splitlines()[out['line'] - 1][:300]!r}"
    )
    return out["questions"]


@needs_node
@pytest.mark.parametrize("term", TERMS, ids=lambda term: term.name)
def test_gift_passes_gift_pegjs_with_every_answer(term):
    assert (ROOT / "node_modules/gift-pegjs").is_dir(), (
        "gift-pegjs is missing from node_modules: run npm ci (make node_modules/.stamp)"
    )
    read = parse_gift(bank.gift(term))
    categories = [q["title"] for q in read if q["type"] == "Category"]
    assert categories == [f"ranking-measured/{term.name}/chapter-{n:02d}" for n in bank.chapters()]
    examples = [q for q in read if q["type"] == "Description"]
    assert [q["stem"]["text"] for q in examples] == [bank.example_text(term)] * len(bank.chapters())
    found = {q["title"]: q for q in read if q["type"] not in ("Category", "Description")}
    assert set(found) == {item.id for item in bank.questions()}
    for item in bank.questions():
        question = found[item.id]
        assert question["stem"]["text"] == item.text(term), item.id
        feedback = question["globalFeedback"]["text"]
        assert item.why(term) in feedback, item.id
        if item.kind == "choice":
            assert question["type"] == "MC", item.id
            assert [c["text"]["text"] for c in question["choices"]] == list(item.choices(term))
            right = [c["isCorrect"] for c in question["choices"]]
            key = item.expected(term)
            assert right == [letter == key for letter in "ABCDEFGH"[: len(right)]]
        elif item.kind == "numeric":
            assert question["type"] == "Numerical", item.id
            # One answer: gift-pegjs gives it alone, not in a list.
            choice = question["choices"]
            assert choice["type"] == "range", item.id
            assert choice["number"] == item.expected(term), item.id
            assert choice["range"] == item.tolerance(term), item.id
            # Moodle's rule for {#value:tolerance}.
            right, wrong = answers_to_try(item, term)
            number, margin = Decimal(repr(choice["number"])), Decimal(repr(choice["range"]))
            assert all(abs(typed - number) <= margin for typed in right), (item.id, right)
            assert not any(abs(typed - number) <= margin for typed in wrong), (item.id, wrong)
        else:
            assert question["type"] == "Essay", item.id
            # The model answer survives, for the grader.
            assert f"Model answer: {item.expected(term)}" in feedback, item.id


@needs_node
def test_gift_pegjs_rejects_what_moodle_rejects():
    """The parser is strict where Moodle is: an exponent is no GIFT number, an unescaped ":"
    in a text breaks it. So the test above can fail."""
    numeric = "::n::What is 1/20000? {#0.00005:5e-05}\n"
    with pytest.raises(AssertionError, match="gift-pegjs rejects"):
        parse_gift(numeric)
    assert parse_gift(numeric.replace("5e-05", "0.00005"))[0]["type"] == "Numerical"
    with pytest.raises(AssertionError, match="gift-pegjs rejects"):
        parse_gift("::e::Explain. {####Model answer: a}\n")


# ------------------------------------------------------------------------------------ QTI 1.2


@pytest.fixture(scope="module", params=TERMS, ids=lambda term: term.name)
def qti(request):
    """The term and every item of its QTI package, read through the manifest."""
    term = request.param
    archive = zipfile.ZipFile(io.BytesIO(quiz_export.qti_zip(bank, term, {})))
    manifest = ET.fromstring(archive.read("imsmanifest.xml"))
    items: dict[str, ET.Element] = {}
    idents = set()
    for resource in manifest.iter(f"{MANIFEST}resource"):
        href = resource.get("href")
        assert href in archive.namelist(), href
        assert [f.get("href") for f in resource.findall(f"{MANIFEST}file")] == [href]
        root = ET.fromstring(archive.read(href))
        for element in root.iter():
            ident = element.get("ident")
            if element.tag in (f"{QTI}assessment", f"{QTI}item"):
                # Canvas keys assessments and items by ident across the package (each
                # assessment's one section is "root_section", as in Canvas's own export).
                assert ident and (element.tag, ident) not in idents, ident
                idents.add((element.tag, ident))
        items |= {item.get("ident"): item for item in root.iter(f"{QTI}item")}
    return term, items


def _children(element: ET.Element) -> list[str]:
    return [child.tag.removeprefix(QTI) for child in element]


def test_qti_items_follow_the_asi_order_and_canvas_types(qti):
    _, items = qti
    kinds = {"numerical_question", "multiple_choice_question", "essay_question"}
    for ident, item in items.items():
        order = _children(item)
        expected = ["itemmetadata", "presentation", "resprocessing", "itemfeedback"]
        assert order == [tag for tag in expected if tag in order], (ident, order)
        fields = {
            f.findtext(f"{QTI}fieldlabel"): f.findtext(f"{QTI}fieldentry")
            for f in item.iter(f"{QTI}qtimetadatafield")
        }
        assert fields["question_type"] in kinds | {"text_only_question"}, ident
        assert float(fields["points_possible"]) >= 0
        for processing in item.findall(f"{QTI}resprocessing"):
            assert _children(processing)[0] == "outcomes", ident
            for condition in processing.findall(f"{QTI}respcondition"):
                tags = _children(condition)
                assert tags == sorted(
                    tags, key=["conditionvar", "setvar", "displayfeedback"].index
                ), (ident, tags)
        # Every displayfeedback names an itemfeedback of its item.
        feedback = {f.get("ident") for f in item.findall(f"{QTI}itemfeedback")}
        for shown in item.iter(f"{QTI}displayfeedback"):
            assert shown.get("linkrefid") in feedback, ident


def test_qti_numeric_items_grade_as_canvas_does(qti):
    term, items = qti
    for item in NUMERIC:
        element = items[item.id]
        (condition,) = [
            c for c in element.iter(f"{QTI}respcondition") if c.find(f"{QTI}setvar") is not None
        ]
        texts = {
            tag: condition.findtext(f".//{QTI}{tag}") for tag in ("varequal", "vargte", "varlte")
        }
        assert condition.find(f".//{QTI}vargt") is None, item.id  # not a "precision" answer
        assert all(DECIMAL.fullmatch(text) for text in texts.values()), (item.id, texts)
        exact = Decimal(texts["varequal"])
        margin = Decimal(texts["varlte"]) - exact  # numeric_interaction.rb, in BigDecimal
        assert exact - Decimal(texts["vargte"]) == pytest.approx(margin, abs=Decimal("1e-15"))
        right, wrong = answers_to_try(item, term)
        assert all(abs(typed - exact) <= margin for typed in right), (item.id, right, margin)
        assert not any(abs(typed - exact) <= margin for typed in wrong), (item.id, wrong)
        # And by the QTI 1.2 conditions themselves: varequal, or vargte and varlte.
        low, high = Decimal(texts["vargte"]), Decimal(texts["varlte"])
        assert all(low <= typed <= high for typed in right), item.id
        assert not any(low <= typed <= high or typed == exact for typed in wrong), item.id


# --------------------------------------------------------------------------------- Moodle XML

# Moodle's grade choices for an answer (question_bank::fraction_options_full), in percent.
MOODLE_FRACTIONS = {"100", "0", "90", "83.33333", "80", "75", "70", "66.66667", "60", "50"}


@pytest.mark.parametrize("term", TERMS, ids=lambda term: term.name)
def test_moodle_xml_meets_the_importers_rules_and_grades_right(term):
    quiz = ET.fromstring(quiz_export.moodle_xml(bank, term))
    items = {item.id: item for item in bank.questions()}
    for question in quiz.findall("question"):
        kind = question.get("type")
        assert kind in {"category", "description", "numerical", "multichoice", "essay"}, kind
        if kind == "category":
            assert question.findtext("category/text").startswith("$course$/top/")
            continue
        # qformat_xml::import_headers: a name and a question text with a format.
        assert question.findtext("name/text").strip()
        assert question.find("questiontext").get("format") in {"html", "moodle_auto_format"}
        assert question.findtext("questiontext/text").strip()
        if kind == "description":
            continue
        item = items[question.findtext("name/text")]
        assert float(question.findtext("defaultgrade")) > 0
        answers = question.findall("answer")
        assert all(a.get("fraction") in MOODLE_FRACTIONS for a in answers), item.id
        if kind == "numerical":
            (answer,) = answers
            value, tolerance = answer.findtext("text"), answer.findtext("tolerance")
            assert DECIMAL.fullmatch(value) and DECIMAL.fullmatch(tolerance), (value, tolerance)
            assert answer.get("fraction") == "100"
            right, wrong = answers_to_try(item, term)
            number, margin = Decimal(value), Decimal(tolerance)
            assert all(abs(typed - number) <= margin for typed in right), (item.id, right)
            assert not any(abs(typed - number) <= margin for typed in wrong), (item.id, wrong)
        elif kind == "multichoice":
            assert question.findtext("single") == "true"
            assert [a.get("fraction") for a in answers].count("100") == 1, item.id
        else:
            assert not answers and question.findtext("responseformat") == "editor"
            assert question.findtext("graderinfo/text").strip(), item.id
