"""The quiz's exports for learning platforms (tools/quiz_export.py): QTI 1.2 for Canvas and
Moodle XML, read back as a platform would, without a schema: well-formed, every question
present with its answer, numeric answers with their tolerance, and none of it in anything a
student downloads."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import instructor
import pytest
import quiz_export
from _course_secrets import secrets

ROOT = Path(__file__).resolve().parents[2]


bank = instructor.load_bank()
TERM = bank.Term.draw("2027-spring", "5e" * 32)  # a fixed secret: the same term every run
QTI = "{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}"
MANIFEST = "{http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1}"


def _text(element: ET.Element) -> str:
    """The plain text of an HTML mattext or Moodle text (the exports write one <p>)."""
    import html

    raw = element.text or ""
    assert raw.startswith("<p>") and raw.endswith("</p>"), raw
    return html.unescape(raw[3:-4])


@pytest.fixture(scope="module")
def qti_items() -> dict[str, ET.Element]:
    """Every item of the QTI package, read through its manifest as Canvas reads it."""
    archive = zipfile.ZipFile(io.BytesIO(quiz_export.qti_zip(bank, TERM, {})))
    manifest = ET.fromstring(archive.read("imsmanifest.xml"))
    resources = manifest.findall(f"{MANIFEST}resources/{MANIFEST}resource")
    assert len(resources) == len(bank.chapters())
    items = {}
    for resource in resources:
        assert resource.get("type") == "imsqti_xmlv1p2"
        root = ET.fromstring(archive.read(resource.get("href")))  # well-formed, or it raises
        assert root.tag == f"{QTI}questestinterop"
        for item in root.iter(f"{QTI}item"):
            assert item.get("ident") not in items, item.get("ident")
            items[item.get("ident")] = item
    return items


def _qti_type(item: ET.Element) -> str:
    for field in item.iter(f"{QTI}qtimetadatafield"):
        if field.findtext(f"{QTI}fieldlabel") == "question_type":
            return field.findtext(f"{QTI}fieldentry")
    raise AssertionError(f"no question_type in {item.get('ident')}")


def test_qti_holds_every_question_with_its_answer(qti_items):
    assert {ident for ident in qti_items if ident.startswith("q")} == {
        item.id for item in bank.questions()
    }
    for item in bank.questions():
        element = qti_items[item.id]
        prompt = element.find(f"{QTI}presentation/{QTI}material/{QTI}mattext")
        assert _text(prompt) == item.text(TERM)
        feedback = _text(element.find(f".//{QTI}itemfeedback//{QTI}mattext"))
        assert item.why(TERM) in feedback, item.id
        scored = [
            condition
            for condition in element.iter(f"{QTI}respcondition")
            if condition.find(f"{QTI}setvar") is not None
        ]
        assert len(scored) <= 1, item.id
        if item.kind == "choice":
            assert _qti_type(element) == "multiple_choice_question"
            labels = element.findall(f".//{QTI}response_label")
            assert [_text(label.find(f".//{QTI}mattext")) for label in labels] == list(
                item.choices(TERM)
            )
            assert scored[0].findtext(f".//{QTI}varequal") == item.expected(TERM), item.id
        elif item.kind == "numeric":
            assert _qti_type(element) == "numerical_question"
            value = item.expected(TERM)
            condition = scored[0]
            assert float(condition.findtext(f".//{QTI}varequal")) == value, item.id
            low = float(condition.findtext(f".//{QTI}vargte"))
            high = float(condition.findtext(f".//{QTI}varlte"))
            # The item's tolerance either side (0.5 for a whole number, 0.0005 for 3 places).
            assert low == pytest.approx(value - item.tolerance(TERM), abs=1e-12), item.id
            assert high == pytest.approx(value + item.tolerance(TERM), abs=1e-12), item.id
        else:
            assert _qti_type(element) == "essay_question" and not scored
            assert f"Model answer: {item.answer}" in feedback, item.id


def test_qti_opens_each_chapter_with_the_terms_example(qti_items):
    for chapter in bank.chapters():
        example = qti_items[f"example-{chapter:02d}"]
        assert _qti_type(example) == "text_only_question"
        assert _text(example.find(f".//{QTI}mattext")) == bank.example_text(TERM)


def test_moodle_xml_holds_every_question_with_its_answer():
    quiz = ET.fromstring(quiz_export.moodle_xml(bank, TERM))  # well-formed, or it raises
    assert quiz.tag == "quiz"
    questions = quiz.findall("question")
    categories = [q.findtext("category/text") for q in questions if q.get("type") == "category"]
    assert categories == [
        f"$course$/top/ranking-measured/2027-spring/chapter-{n:02d}" for n in bank.chapters()
    ]
    found = {q.findtext("name/text"): q for q in questions if q.get("type") != "category"}
    assert {name for name in found if name.startswith("q")} == {
        item.id for item in bank.questions()
    }
    for item in bank.questions():
        question = found[item.id]
        assert _text(question.find("questiontext/text")) == item.text(TERM)
        assert _text(question.find("generalfeedback/text")) == item.why(TERM)
        answers = question.findall("answer")
        if item.kind == "numeric":
            assert question.get("type") == "numerical" and len(answers) == 1
            assert float(answers[0].findtext("text")) == item.expected(TERM), item.id
            assert float(answers[0].findtext("tolerance")) == item.tolerance(TERM), item.id
        elif item.kind == "choice":
            assert question.get("type") == "multichoice"
            assert [_text(a.find("text")) for a in answers] == list(item.choices(TERM))
            right = [a.get("fraction") == "100" for a in answers]
            assert right == [letter == item.expected(TERM) for letter in "ABCDEFGH"[: len(answers)]]
        else:
            assert question.get("type") == "essay" and not answers
            assert _text(question.find("graderinfo/text")) == item.answer


def test_the_exports_are_in_the_bundle_and_marked_as_secrets(tmp_path):
    instructor.write_quiz(tmp_path, TERM)
    qti = (tmp_path / "quiz.qti.zip").read_bytes()
    moodle = (tmp_path / "quiz.moodle.xml").read_text("utf-8")
    assert qti == quiz_export.qti_zip(bank, TERM, instructor.chapter_titles())
    texts = [moodle, (tmp_path / "quiz.gift.txt").read_text("utf-8")]
    with zipfile.ZipFile(io.BytesIO(qti)) as archive:
        texts += [archive.read(name).decode("utf-8") for name in archive.namelist()]
    # The downloads' leak test (test_downloads_secrecy.py) finds each export by these marks.
    for text in texts:
        if "imsmanifest" in text or "<manifest" in text:
            continue
        collapsed = " ".join(text.split())
        assert any(secret in collapsed for secret in secrets()), text[:200]
