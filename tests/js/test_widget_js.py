"""The widgets' JavaScript: small modules, homes for the arithmetic, one module shipped.

The browser computes in its arithmetic homes alone, each held to the Python by its own
tests: ``js/arith.js`` (the widgets' measures) and ``js/answers.js`` (the answer boxes' rule),
both by tests/browser/test_arith_parity.py,
``js/random.js`` and ``js/stats.js`` (the paired tests, tests/js/test_stats_js.py),
``js/practice/draw.js`` (the practice problems, tests/book/test_practice.py) and
``js/trec/*.js`` (trec_eval, tests/js/test_trec_js.py and tests/js/test_trec_kernels_js.py). The
homes touch no DOM (they run in the evaluation page's worker and in Node); every other
module, the widgets' views and ``js/evaluate_page/``, computes nothing and declares none of
the homes' exported names. Each widget ships one ES module with no imports, which
``ndcg.widgets._assets.bundle`` joins from the sources; here its checks are shown to fail
where they must.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ndcg.widgets import _assets, _display
from ndcg.widgets._assets import WIDGETS, bundle, front_end

ROOT = Path(__file__).resolve().parents[2]
WIDGET_DIR = ROOT / "src" / "ndcg" / "widgets"
ARITH = WIDGET_DIR / "js" / "arith.js"
#: The arithmetic homes: no DOM, and the only modules that compute.
ANSWERS = WIDGET_DIR / "js" / "answers.js"
HOMES = (
    ARITH,
    ANSWERS,
    WIDGET_DIR / "js" / "decimals.js",
    WIDGET_DIR / "js" / "practice" / "draw.js",
    WIDGET_DIR / "js" / "random.js",
    WIDGET_DIR / "js" / "stats.js",
    *sorted((WIDGET_DIR / "js" / "trec").glob("*.js")),
)
#: What touching the DOM (or a page around a worker) looks like: the globals read (trec_eval
#: speaks of documents in prose and messages, so the word alone is no sign) and the calls.
DOM_USE = re.compile(
    r"\b(document|window|navigator)\s*[.\[]|\b(createElement|addEventListener|postMessage)\b"
)
MAX_LINES = 500


def _project_js() -> list[Path]:
    """Every JavaScript file the project writes: the widgets' sources and the site's tools."""
    files = [
        *WIDGET_DIR.rglob("*.js"),
        *(ROOT / "tools").glob("*.js"),
        *(ROOT / "book").rglob("*.js"),
    ]
    return sorted(p for p in files if "_build" not in p.parts and "vendor" not in p.parts)


def _views() -> list[Path]:
    """Every module that is not an arithmetic home: the widgets' views, the page's views."""
    return [p for p in WIDGET_DIR.rglob("*.js") if p not in HOMES]


def test_no_javascript_file_is_over_500_lines() -> None:
    files = _project_js()
    assert ARITH in files and len(files) >= 12
    long = {
        p.relative_to(ROOT).as_posix(): n
        for p in files
        if (n := len(p.read_text("utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"split these into modules of one job each: {long}"


# What computing a measure looks like in JavaScript: logarithms, powers and exponentials
# (discounts, exponential gains, ERR, RBP's persistence) and a table of gains.
ARITHMETIC = {
    "a logarithm": re.compile(r"Math\.log"),
    "an exponential": re.compile(r"Math\.(exp|pow|expm1)\b"),
    "a power": re.compile(r"\*\*"),
    "a gain table": re.compile(
        r"""["']exponential["']\s*\)?\s*(\?|return|:)|2\s*\*\*\s*\w+\s*-\s*1"""
    ),
    "a division by a rank": re.compile(r"/\s*\(?\s*(i|position|rank)\s*\+\s*[12]\b"),
}


def test_no_arithmetic_outside_the_homes() -> None:
    views = _views()
    assert any(p.parent.name == "evaluate_page" for p in views), "the page's views are checked"
    found = [
        (path.relative_to(WIDGET_DIR).as_posix(), what, line.strip())
        for path in views
        for line in path.read_text("utf-8").splitlines()
        if not line.lstrip().startswith(("//", "*", "/*"))
        for what, pattern in ARITHMETIC.items()
        if pattern.search(line)
    ]
    assert not found, f"compute in an arithmetic home (js/arith.js, ...) and import it: {found}"
    # The homes hold every one of them: the patterns can match.
    text = "\n".join(p.read_text("utf-8") for p in HOMES)
    missing = [what for what, pattern in ARITHMETIC.items() if not pattern.search(text)]
    assert not missing, missing


def _exported(path: Path) -> set[str]:
    return set(re.findall(r"^export (?:const|function) (\w+)", path.read_text("utf-8"), re.M))


def test_no_view_declares_a_name_of_a_home() -> None:
    # A view with its own gainOf or runningSum would be a second copy, free to drift.
    exported = set().union(*map(_exported, HOMES))
    assert {"gainOf", "dcg", "ndcg", "swapMatrix", "pairedRandomizationTest", "columnValue"} <= (
        exported
    )
    copies = {
        (path.name, name)
        for path in _views()
        for name in re.findall(
            r"^(?:export )?(?:function\*?\s+|const |let )(\w+)\b", path.read_text("utf-8"), re.M
        )
        if name in exported
    }
    assert not copies, copies


@pytest.mark.parametrize("path", HOMES, ids=lambda p: p.relative_to(WIDGET_DIR / "js").as_posix())
def test_the_homes_touch_no_dom(path: Path) -> None:
    # They run in the page's worker (and in Node), where there is no document to touch.
    found = [m.group(0) for m in DOM_USE.finditer(path.read_text("utf-8"))]
    assert not found, found
    # The pattern can match: the page's views use the DOM.
    page = WIDGET_DIR / "js" / "evaluate_page"
    assert DOM_USE.search("\n".join(p.read_text("utf-8") for p in page.glob("*.js")))


def test_the_arith_module_imports_nothing() -> None:
    # It is joined into every widget's one module ahead of the views.
    assert "import " not in ARITH.read_text("utf-8")
    assert "import " not in ANSWERS.read_text("utf-8")


def test_readouts_is_one_literal_table_in_one_file() -> None:
    # The registry of measures is held equal to this table by searching the widgets' JS for it.
    homes = [p for p in _project_js() if "READOUTS = " in p.read_text("utf-8")]
    assert [p.relative_to(WIDGET_DIR).as_posix() for p in homes] == ["js/words.js"]
    text = homes[0].read_text("utf-8")
    block = re.search(r"^export const READOUTS = \{\n(.*?)^\};", text, re.M | re.S)
    assert block, "READOUTS must stay one literal `export const READOUTS = { ... };` block"
    keys = re.findall(r"^  (\w+): \{", block.group(1), re.M)
    assert tuple(keys) == _display.READOUTS


@pytest.mark.parametrize("widget", WIDGETS)
def test_each_widget_ships_one_module_with_no_imports(widget: str) -> None:
    text = front_end(widget, "js")
    assert not re.search(r"^\s*import\b", text, re.M)
    assert text.count("export default") == 1
    # The answer box judges with the answer rule; the other widgets compute with arith.
    home = "answers" if widget == "answer" else "arith"
    assert f"// ---- js/{home}.js" in text and "// ---- js/dom.js" in text
    # Only the entry's own exports stay exports: the parts are plain declarations.
    assert "export function gainOf" not in text
    node = shutil.which("node")
    if node:  # the build machine has Node.js; the wheel's users need not
        check = subprocess.run(
            [node, "--input-type=module", "--check"], input=text, capture_output=True, text=True
        )
        assert check.returncode == 0, check.stderr


def test_the_arith_module_bundles_with_its_exports() -> None:
    assert "export function ndcg(" in bundle("js/arith")
    assert "export function verdict(" in bundle("js/answers")


@pytest.fixture()
def sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(_assets, "_HERE", tmp_path)
    bundle.cache_clear()
    yield tmp_path
    bundle.cache_clear()


def _write(folder: Path, **files: str) -> None:
    for name, text in files.items():
        (folder / f"{name}.js").write_text(text, encoding="utf-8")


def test_the_bundle_puts_each_module_after_what_it_imports(sources: Path) -> None:
    _write(
        sources,
        a='import { b } from "./b.js";\nimport { c } from "./c.js";\n'
        "export function a() { return b() + c(); }\nexport default { a };\n",
        b='import { c } from "./c.js";\nexport function b() { return c(); }\n',
        c="export const c = () => 1;\n",
    )
    text = bundle("a")
    assert text.index("// ---- c.js") < text.index("// ---- b.js") < text.index("// ---- a.js")
    assert text.count("// ---- c.js") == 1 and "export const c" not in text
    assert "export function a()" in text and "import" not in text.split("\n", 1)[1]


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (
            {"a": 'import { x } from "./b.js";\n', "b": "export const y = 1;\n"},
            r"imports \['x'\] from b.js",
        ),
        (
            {"a": 'import { y } from "./b.js";\nconst y = 2;\n', "b": "export const y = 1;\n"},
            "'y' is declared in b.js and in a.js",
        ),
        (
            {
                "a": 'import { y } from "./b.js";\n',
                "b": 'import { a } from "./a.js";\nexport const y = 1;\n',
            },
            "import cycle: a.js -> b.js -> a.js",
        ),
        ({"a": 'import b from "./b.js";\n', "b": ""}, "only `import { a, b }"),
        (
            {"a": 'import { y as z } from "./b.js";\n', "b": "export const y = 1;\n"},
            "one namespace",
        ),
        ({"a": 'import { y } from "./nowhere.js";\n'}, "which does not exist"),
        (
            {
                "a": 'import { y } from "./b.js";\n',
                "b": "export const y = 1;\nexport default { y };\n",
            },
            "only the entry module",
        ),
        ({"a": "const y = 1;\nexport { y };\n"}, "export only declarations"),
    ],
)
def test_the_bundle_refuses_what_a_bundler_refuses(
    sources: Path, files: dict[str, str], message: str
) -> None:
    _write(sources, **files)
    with pytest.raises(ValueError, match=message):
        bundle("a")
