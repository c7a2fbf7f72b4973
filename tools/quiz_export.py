"""Export the quiz bank, with its answers, for learning platforms: QTI 1.2 and Moodle XML.

`make instructor` writes both into the instructor bundle next to the GIFT file and the
Markdown key (``tools/instructor.py``). They are built from the same bank and term, with the
standard library only (``xml.etree``, ``zipfile``), and offline:

- :func:`qti_zip`: a QTI 1.2 content package, the ``.zip`` Canvas imports (Settings, Import
  Course Content, "QTI .zip file"). One assessment per chapter, each a Canvas quiz. Numeric
  items are Canvas's ``numerical_question`` with the answer and a range of plus or minus the
  item's tolerance (what the book's answer boxes accept at the decimals the item asks for),
  which Canvas's importer reads as an exact answer with that margin; choice items
  ``multiple_choice_question``; short answers ``essay_question``, graded by hand. The
  rationale is each item's general feedback; an essay's model answer is in its general
  feedback too, because QTI 1.2 has no field for the grader alone (so students see it after
  they submit, as they see the rationales).
- :func:`moodle_xml`: Moodle's XML question format (Question bank, Import, "Moodle XML"), one
  category per chapter. Numeric items are ``numerical`` with the tolerance, choice items
  ``multichoice``, short answers ``essay`` with the model answer as grader information, which
  students never see.

Both show a choice item's options in the term's order (``Question.choices``, drawn from the
term's secret; the bank's own order for the book's term) and give every item one point.
"""

from __future__ import annotations

import html
import io
import xml.etree.ElementTree as ET
import zipfile
from types import ModuleType

import numpy as np

QTI_NS = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2"
MANIFEST_NS = "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1"


def _number(value: float) -> str:
    # The shortest text that reads back as the same float, without an exponent: as the GIFT
    # export writes it, and as Canvas's and Moodle's importers read a decimal.
    return np.format_float_positional(float(value), unique=True, trim="-")


def _html(text: str) -> str:
    """Plain text as one HTML paragraph (QTI's mattext and Moodle's text hold HTML)."""
    return f"<p>{html.escape(text)}</p>"


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrib: str) -> ET.Element:
    element = ET.SubElement(parent, tag, attrib)
    if text is not None:
        element.text = text
    return element


def _bytes(root: ET.Element) -> bytes:
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


# ------------------------------------------------------------------------------------ QTI 1.2


def _qti_field(metadata: ET.Element, label: str, entry: str) -> None:
    field = _sub(metadata, "qtimetadatafield")
    _sub(field, "fieldlabel", label)
    _sub(field, "fieldentry", entry)


def _qti_material(parent: ET.Element, text: str) -> None:
    material = _sub(parent, "material")
    _sub(material, "mattext", _html(text), texttype="text/html")


QTI_TYPES = {
    "numeric": "numerical_question",
    "choice": "multiple_choice_question",
    "short": "essay_question",
}


def _qti_item(section: ET.Element, item, term) -> None:
    """One question as a QTI 1.2 ``item``, in the dialect Canvas exports and imports."""
    element = _sub(section, "item", ident=item.id, title=item.id)
    metadata = _sub(_sub(element, "itemmetadata"), "qtimetadata")
    _qti_field(metadata, "question_type", QTI_TYPES[item.kind])
    _qti_field(metadata, "points_possible", "1.0")
    presentation = _sub(element, "presentation")
    _qti_material(presentation, item.text(term))
    processing = _sub(element, "resprocessing")
    outcomes = _sub(processing, "outcomes")
    _sub(outcomes, "decvar", maxvalue="100", minvalue="0", varname="SCORE", vartype="Decimal")
    # Show the general feedback whatever the response, then score it.
    shown = _sub(processing, "respcondition", **{"continue": "Yes"})
    _sub(_sub(shown, "conditionvar"), "other")
    _sub(shown, "displayfeedback", feedbacktype="Response", linkrefid="general_fb")
    feedback = item.why(term)
    if item.kind == "choice":
        response = _sub(presentation, "response_lid", ident="response1", rcardinality="Single")
        choices = _sub(response, "render_choice", shuffle="No")
        for letter, option in item.lettered(term):
            _qti_material(_sub(choices, "response_label", ident=letter), option)
        right = _sub(processing, "respcondition", **{"continue": "No"})
        _sub(_sub(right, "conditionvar"), "varequal", item.expected(term), respident="response1")
        _sub(right, "setvar", "100", action="Set", varname="SCORE")
    elif item.kind == "numeric":
        response = _sub(presentation, "response_str", ident="response1", rcardinality="Single")
        _sub(_sub(response, "render_fib", fibtype="Decimal"), "response_label", ident="answer1")
        value = float(item.expected(term))
        right = _sub(processing, "respcondition", **{"continue": "No"})
        either = _sub(_sub(right, "conditionvar"), "or")
        _sub(either, "varequal", _number(value), respident="response1")
        within = _sub(either, "and")
        tolerance = item.tolerance(term)
        _sub(within, "vargte", _number(value - tolerance), respident="response1")
        _sub(within, "varlte", _number(value + tolerance), respident="response1")
        _sub(right, "setvar", "100", action="Set", varname="SCORE")
    else:
        response = _sub(presentation, "response_str", ident="response1", rcardinality="Single")
        _sub(_sub(response, "render_fib"), "response_label", ident="answer1", rshuffle="No")
        feedback = f"Model answer: {item.answer} Why: {feedback}"
    general = _sub(element, "itemfeedback", ident="general_fb")
    _qti_material(_sub(general, "flow_mat"), feedback)


def qti_assessment(bank: ModuleType, term, chapter: int, title: str) -> bytes:
    """The QTI 1.2 document (``questestinterop``) of one chapter's questions for ``term``."""
    root = ET.Element("questestinterop", xmlns=QTI_NS)
    ident = f"ranking-measured-{term.name}-chapter-{chapter:02d}"
    assessment = _sub(root, "assessment", ident=ident, title=title)
    metadata = _sub(_sub(assessment, "qtimetadata"), "qtimetadatafield")
    _sub(metadata, "fieldlabel", "cc_maxattempts")
    _sub(metadata, "fieldentry", "1")
    section = _sub(assessment, "section", ident="root_section")
    # The D1-D6 example the items refer to, as a text item with no answer.
    example = _sub(section, "item", ident=f"example-{chapter:02d}", title="The example")
    fields = _sub(_sub(example, "itemmetadata"), "qtimetadata")
    _qti_field(fields, "question_type", "text_only_question")
    _qti_field(fields, "points_possible", "0.0")
    _qti_material(_sub(example, "presentation"), bank.example_text(term))
    for item in bank.questions(chapter):
        _qti_item(section, item, term)
    return _bytes(root)


def qti_manifest(idents: list[str]) -> bytes:
    """The package's ``imsmanifest.xml``: one QTI 1.2 resource per assessment."""
    root = ET.Element("manifest", identifier="ranking-measured-quiz", xmlns=MANIFEST_NS)
    metadata = _sub(root, "metadata")  # as in the packages Canvas exports
    _sub(metadata, "schema", "IMS Content")
    _sub(metadata, "schemaversion", "1.1.3")
    _sub(root, "organizations")
    resources = _sub(root, "resources")
    for ident in idents:
        href = f"{ident}/{ident}.xml"  # a folder per assessment, as Canvas's own export has
        resource = _sub(resources, "resource", identifier=ident, type="imsqti_xmlv1p2", href=href)
        _sub(resource, "file", href=href)
    return _bytes(root)


def _write(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    # A fixed timestamp: the same term builds the same bytes, whenever it is built.
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)


def qti_zip(bank: ModuleType, term, titles: dict[int, str]) -> bytes:
    """The QTI 1.2 package of every chapter's questions for ``term``, as the bytes of a zip."""
    buffer = io.BytesIO()
    idents = []
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for chapter in bank.chapters():
            ident = f"ranking-measured-{term.name}-chapter-{chapter:02d}"
            title = f"Chapter {chapter}: {titles.get(chapter, '')} ({term.name})"
            _write(archive, f"{ident}/{ident}.xml", qti_assessment(bank, term, chapter, title))
            idents.append(ident)
        _write(archive, "imsmanifest.xml", qti_manifest(idents))
    return buffer.getvalue()


# --------------------------------------------------------------------------------- Moodle XML


def _moodle_text(parent: ET.Element, tag: str, text: str, **attrib: str) -> ET.Element:
    element = _sub(parent, tag, **({"format": "html"} | attrib))
    _sub(element, "text", _html(text))
    return element


def _moodle_question(quiz: ET.Element, kind: str, name: str, text: str) -> ET.Element:
    question = _sub(quiz, "question", type=kind)
    _sub(_sub(question, "name"), "text", name)
    _moodle_text(question, "questiontext", text)
    return question


def moodle_xml(bank: ModuleType, term) -> bytes:
    """Every question for ``term`` in Moodle's XML format, answers and tolerances included."""
    quiz = ET.Element("quiz")
    for chapter in bank.chapters():
        category = _sub(quiz, "question", type="category")
        path = f"$course$/top/ranking-measured/{term.name}/chapter-{chapter:02d}"
        _sub(_sub(category, "category"), "text", path)
        _moodle_question(quiz, "description", f"example-{chapter:02d}", bank.example_text(term))
        for item in bank.questions(chapter):
            kind = {"numeric": "numerical", "choice": "multichoice", "short": "essay"}[item.kind]
            question = _moodle_question(quiz, kind, item.id, item.text(term))
            _moodle_text(question, "generalfeedback", item.why(term))
            _sub(question, "defaultgrade", "1")
            if item.kind == "numeric":
                answer = _sub(question, "answer", fraction="100")
                _sub(answer, "text", _number(item.expected(term)))
                _sub(answer, "tolerance", _number(item.tolerance(term)))
            elif item.kind == "choice":
                _sub(question, "single", "true")
                _sub(question, "shuffleanswers", "false")
                _sub(question, "answernumbering", "ABCD")
                for letter, option in item.lettered(term):
                    fraction = "100" if letter == item.expected(term) else "0"
                    _moodle_text(question, "answer", option, fraction=fraction)
            else:
                _sub(question, "responseformat", "editor")
                _sub(question, "responsefieldlines", "5")
                _moodle_text(question, "graderinfo", str(item.answer))
    return _bytes(quiz)
