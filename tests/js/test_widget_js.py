"""The widgets' JavaScript: small modules, homes for the arithmetic, one module shipped.

The browser computes in its arithmetic homes alone, each held to the Python by its own
tests: ``js/arith.js`` (the widgets' measures) and ``js/answers.js`` (the answer boxes' rule),
both by tests/browser/test_arith_parity.py,
``js/random.js`` and ``js/stats.js`` (the paired tests, tests/js/test_stats_js.py),
``js/practice/draw.js`` with ``steps.js``, ``kinds_dcg.js`` and ``kinds_other.js`` beside it
(the practice problems, tests/book/test_practice.py) and
``js/trec/*.js`` (trec_eval, tests/js/test_trec_js.py and tests/js/test_trec_kernels_js.py). The
homes touch no DOM (they run in the evaluation page's worker and in Node); every other
module, the widgets' views and ``js/evaluate_page/``, computes nothing and declares none of
the homes' exported names. Each widget ships one ES module with no imports, which esbuild
bundles from the sources (``tools/widget_bundles.py``, ``make widgets``); an import in a
clone refuses a bundle older than its sources.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import widget_bundles
from _js_functions import functions
from widget_bundles import WIDGETS, bundle_module

from ndcg.widgets import _display, _front_end
from ndcg.widgets._front_end import front_end

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "js"
ARITH = JS / "arith.js"
#: The arithmetic homes: no DOM, and the only modules that compute.
ANSWERS = JS / "answers.js"
HOMES = (
    ARITH,
    ANSWERS,
    JS / "decimals.js",
    JS / "practice" / "draw.js",
    JS / "practice" / "kinds_dcg.js",
    JS / "practice" / "kinds_other.js",
    JS / "practice" / "steps.js",
    JS / "random.js",
    JS / "stats.js",
    *sorted((JS / "trec").glob("*.js")),
)
#: What touching the DOM (or a page around a worker) looks like: the globals read (trec_eval
#: speaks of documents in prose and messages, so the word alone is no sign) and the calls.
DOM_USE = re.compile(
    r"\b(document|window|navigator)\s*[.\[]|\b(createElement|addEventListener|postMessage)\b"
)
MAX_LINES = 500
#: The longest function a reader should have to hold in mind at once.
MAX_FUNCTION_LINES = 150


def _project_js() -> list[Path]:
    """Every JavaScript file the project writes: the browser's code and the site's tools."""
    files = [
        *JS.rglob("*.js"),
        *(ROOT / "tools").glob("*.js"),
        *(ROOT / "tools").glob("*.mjs"),
        *(ROOT / "tests" / "js").glob("*.mjs"),
        *(ROOT / "book").rglob("*.js"),
    ]
    return sorted(p for p in files if "_build" not in p.parts and "vendor" not in p.parts)


def _views() -> list[Path]:
    """Every module that is not an arithmetic home: the widgets' views, the page's views."""
    return [p for p in JS.rglob("*.js") if p not in HOMES and p.name != "widget-loader.js"]


def test_no_javascript_file_is_over_500_lines() -> None:
    files = _project_js()
    assert ARITH in files and len(files) >= 12
    long = {
        p.relative_to(ROOT).as_posix(): n
        for p in files
        if (n := len(p.read_text("utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"split these into modules of one job each: {long}"


def test_no_javascript_function_is_over_150_lines() -> None:
    long = [
        f"{path.relative_to(ROOT).as_posix()}:{f.first} {f.name} ({f.lines} lines)"
        for path in _project_js()
        for f in functions(path.read_text("utf-8"))
        if f.lines > MAX_FUNCTION_LINES
    ]
    assert not long, f"split these into functions of one job each (build, draw, gestures): {long}"


def test_the_function_scan_finds_a_long_function_and_nothing_that_is_not_one() -> None:
    body = "\n".join(f"  total += {i};" for i in range(MAX_FUNCTION_LINES))
    text = (
        'const pattern = /[{]/g, text = "}{", template = `${a.b} }{ ${c}`;\n'
        f"export function render({{ model, el }}) {{\n{body}\n  return () => {{}};\n}}\n"
        "const view = { draw(x) { if (x) { return 1; } }, get y() { return 2; } };\n"
        "(function () {\n" + body + "\n})();\n"
        "const later = async (a, b) => {\n  for (const x of a) {}\n};\n"
    )
    found = {f.name: f.lines for f in functions(text)}
    assert found == {
        "render": MAX_FUNCTION_LINES + 3,
        "arrow function": 1,
        "draw": 1,
        "y": 1,
        "later": 3,
    }
    with pytest.raises(ValueError, match="never closed"):
        functions("function f() {\n")


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
        (path.relative_to(JS).as_posix(), what, line.strip())
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


@pytest.mark.parametrize("path", HOMES, ids=lambda p: p.relative_to(JS).as_posix())
def test_the_homes_touch_no_dom(path: Path) -> None:
    # They run in the page's worker (and in Node), where there is no document to touch.
    found = [m.group(0) for m in DOM_USE.finditer(path.read_text("utf-8"))]
    assert not found, found
    # The pattern can match: the page's views use the DOM.
    page = JS / "evaluate_page"
    assert DOM_USE.search("\n".join(p.read_text("utf-8") for p in page.glob("*.js")))


def test_the_arith_module_imports_nothing() -> None:
    # Every widget's module and the page's worker take it whole.
    assert "import " not in ARITH.read_text("utf-8")
    assert "import " not in ANSWERS.read_text("utf-8")


def test_readouts_is_one_literal_table_in_one_file() -> None:
    # The registry of measures is held equal to this table by searching the widgets' JS for it.
    homes = [p for p in _project_js() if "READOUTS = " in p.read_text("utf-8")]
    assert [p.relative_to(ROOT).as_posix() for p in homes] == ["js/words.js"]
    text = homes[0].read_text("utf-8")
    block = re.search(r"^export const READOUTS = \{\n(.*?)^\};", text, re.M | re.S)
    assert block, "READOUTS must stay one literal `export const READOUTS = { ... };` block"
    keys = re.findall(r"^  (\w+): \{", block.group(1), re.M)
    assert tuple(keys) == _display.READOUTS


@pytest.mark.parametrize("widget", WIDGETS)
def test_each_widget_ships_one_module_with_no_imports(widget: str) -> None:
    text = front_end(widget, "js")
    assert not re.search(r"(^|[;}])\s*import\b", text)
    assert text.rstrip().endswith("as default};")
    # Minified: the sources' comments and line breaks are gone.
    assert text.count("\n") < 5 and "// " not in text
    # The answer box judges with the answer rule; the other widgets compute with arith.
    sources = json.loads((_front_end.STATIC / "sources.json").read_text("utf-8"))[f"{widget}.js"]
    home = "answers" if widget == "answer" else "arith"
    assert {f"js/{home}.js", "js/dom.js", f"js/{widget}.js"} <= set(sources)
    assert not [s for s in sources if "/trec/" in s or "/evaluate_page/" in s]
    node = shutil.which("node")
    if node:  # the build machine has Node.js; the wheel's users need not
        check = subprocess.run(
            [node, "--input-type=module", "--check"], input=text, capture_output=True, text=True
        )
        assert check.returncode == 0, check.stderr


def test_each_widget_ships_its_stylesheet_after_the_shared_rules() -> None:
    for widget in WIDGETS:
        css = front_end(widget, "css")
        assert css.index(".ndcg-widget{") < css.index(f".ndcg-{widget[0]}")
        assert "@import" not in css and "/*" not in css


def test_the_arith_module_bundles_with_its_exports() -> None:
    assert "export {" in bundle_module(ARITH) and "ndcg," in bundle_module(ARITH)
    assert "verdict" in bundle_module(ANSWERS).split("export {")[1]


@pytest.fixture()
def clone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A clone's bundles and sources in ``tmp_path``, as an editable install finds them."""
    static = tmp_path / "src" / "ndcg" / "widgets" / "static"
    shutil.copytree(_front_end.STATIC, static)
    record = json.loads((static / "sources.json").read_text("utf-8"))
    # The sources the bundles were built from: those of the checkout ndcg is imported from,
    # which is not this test's when the shared editable install points at another one.
    for source in {s for sources in record.values() for s in sources}:
        (tmp_path / source).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(_front_end.ROOT / source, tmp_path / source)
    monkeypatch.setattr(_front_end, "STATIC", static)
    monkeypatch.setattr(_front_end, "ROOT", tmp_path)
    front_end.cache_clear()
    yield tmp_path
    front_end.cache_clear()


def test_a_bundle_older_than_its_sources_is_refused_with_the_command(clone: Path) -> None:
    assert "as default}" in front_end("ranking", "js")
    front_end.cache_clear()
    words = clone / "js" / "words.js"
    words.write_text(words.read_text("utf-8") + "\n// edited\n", encoding="utf-8")
    with pytest.raises(ImportError, match=r"older than its source js/words\.js.*make widgets"):
        front_end("ranking", "js")
    # The answer box does not import words.js: its bundle is still current.
    assert "as default}" in front_end("answer", "js")


def test_a_missing_bundle_names_the_command_that_builds_it(clone: Path) -> None:
    (_front_end.STATIC / "swap.js").unlink()
    with pytest.raises(ImportError, match=r"swap\.js is missing; run `make widgets`"):
        front_end("swap", "js")


def test_a_wheel_has_no_sources_to_compare_its_bundles_with(clone: Path) -> None:
    shutil.rmtree(clone / "js")
    (_front_end.STATIC / "sources.json").unlink()
    assert "as default}" in front_end("swap", "js")


def test_a_rebuild_of_unchanged_sources_rewrites_nothing(tmp_path: Path) -> None:
    # `make book` runs every notebook again when a file under src/ is newer than its cache.
    first = widget_bundles.build(tmp_path)
    assert set(first) == {f"{w}.{k}" for w in WIDGETS for k in ("js", "css")} | {"sources.json"}
    times = {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()}
    (tmp_path / "stray.js").write_text("// no widget makes this", encoding="utf-8")
    assert widget_bundles.build(tmp_path) == []
    assert {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()} == times


def test_each_widget_module_asks_to_be_compiled_whole_and_its_stylesheet_does_not() -> None:
    # V8 compiles every function of a module that opens with the hint as the module loads.
    for widget in WIDGETS:
        assert front_end(widget, "js").startswith(widget_bundles.COMPILE_HINT + "\n"), widget
        assert widget_bundles.COMPILE_HINT not in front_end(widget, "css"), widget
