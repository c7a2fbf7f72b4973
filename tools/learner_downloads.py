"""What a reader takes away from the site: the library, chapters that run elsewhere, and the
student notebooks.

A Sphinx extension (``_config.yml``, ``local_extensions``) and a command. After the HTML is
written, it writes each chapter as a learner reads it outside the book
(``tools/learner_notebooks.py``: CommonMark, the figures filled in from this build, no raw
MyST) into ``<build>/learner/``: ``lab/`` with the solutions folded (what ``make lab`` opens),
``student/`` without them. Then it adds to the site, under ``downloads/``:

- the library ``ndcg`` as a wheel (``ndcg-<version>-py3-none-any.whl``), built from ``src/``
  without network access, so a chapter can run in any Jupyter (Colab, a fresh venv);
- ``student-notebooks.zip``: the student copies, answer checks and answer boxes kept, and the
  wheel beside them.

The page's ``.ipynb`` button serves the learner's copy (solutions folded) in place of
Sphinx's copy of the source. Every copy that leaves the book starts with a code cell, which
the book itself never shows, that checks that what the chapter imports is installed and,
when it is not, says exactly how to get it (the wheel's ``%pip install`` line, or the clone
and ``make lab``) instead of a traceback. Where myst-nb (the book's build tool) is missing it
puts in a stand-in for ``myst_nb.glue``, which in a notebook only shows a figure that the
book's text would quote.

The preface links the downloads through the substitutions ``{{ ndcg_wheel }}`` (the wheel's
file name) and ``{{ ndcg_wheel_link }}`` (a link to it).

As a command, ``python tools/learner_downloads.py OUTDIR`` writes the wheel and the zip of the
last build's student copies to ``OUTDIR`` (``make student``, which builds the book first).
"""

from __future__ import annotations

import ast
import copy
import functools
import importlib.metadata
import json
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import widget_bundles

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
DOWNLOADS = "downloads"
STUDENT_ZIP = "student-notebooks.zip"
STUDENT_DIR = "ranking-measured-student-notebooks"
PREAMBLE_ID = "ndcg-elsewhere"
# What a chapter never asks for: the library itself (named as the wheel), the book's build tool
# (stood in for by the preamble) and IPython (there in every Jupyter).
SKIP = {"ndcg", "myst_nb", "IPython"}
# The library's extras a chapter needs, by the part of the library it imports.
EXTRAS = {"ndcg.ltr": "ltr", "ndcg.spark": "spark"}
SOLUTION_START = "```{solution-start}"
SOLUTION_END = "```{solution-end}"
# The chapters as a learner reads them outside the book, written by each build (see
# tools/learner_notebooks.py): lab/ with solutions folded (``make lab`` and the page's .ipynb
# button), student/ without solutions (the student zip).
LEARNER = ROOT / "_build" / "learner"


def chapters(folder: Path = NOTEBOOKS) -> list[Path]:
    """The chapter notebooks, ``NN_name.ipynb``, in order."""
    return sorted(folder.glob("[0-9][0-9]_*.ipynb"))


def version(root: Path = ROOT) -> str:
    """The library's version: ``__version__`` in ``src/ndcg/__init__.py``, where
    ``pyproject.toml`` has setuptools read it (read here as text, without importing)."""
    source = (root / "src" / "ndcg" / "__init__.py").read_text(encoding="utf-8")
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == [
            "__version__"
        ]:
            return str(ast.literal_eval(node.value))
    raise LookupError(f"no __version__ = '...' in {root / 'src' / 'ndcg' / '__init__.py'}")


def wheel_name(root: Path = ROOT) -> str:
    """The wheel's file name (PEP 427: ``name-version-py3-none-any``)."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return f"{project['name'].replace('-', '_')}-{version(root)}-py3-none-any.whl"


def build_wheel(out: Path, root: Path = ROOT) -> Path:
    """Build the library's wheel into ``out`` (kept when it is newer than every source file).

    The build runs on a copy of the sources, so nothing (``build/``, ``*.egg-info``) is left
    in the repository, with the environment's setuptools (``--no-build-isolation``) and no
    package index: it needs no network. The widgets' bundles are built first
    (``tools/widget_bundles.py``): the wheel ships them, and none of ``js/``'s sources.

    Raises
    ------
    RuntimeError
        If a widget's bundle is missing from ``root``'s sources (a copy other than this one is
        not bundled here), or esbuild fails.
    """
    if root == ROOT:
        widget_bundles.build()
    static = root / "src" / "ndcg" / "widgets" / "static"
    missing = [
        name
        for widget in widget_bundles.WIDGETS
        for name in (f"{widget}.js", f"{widget}.css")
        if not (static / name).is_file()
    ]
    if missing:
        raise RuntimeError(f"build_wheel: {static} lacks {missing}; run `make widgets` first")
    out.mkdir(parents=True, exist_ok=True)
    target = out / wheel_name(root)
    sources = [root / "pyproject.toml", root / "README.md", *(root / "src").rglob("*")]
    newest = max(p.stat().st_mtime for p in sources if p.is_file() and "__pycache__" not in p.parts)
    if target.exists() and target.stat().st_mtime > newest:
        return target
    with tempfile.TemporaryDirectory() as tmp:
        copy_root = Path(tmp) / "src-copy"
        copy_root.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(root / name, copy_root / name)
        ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
        shutil.copytree(root / "src", copy_root / "src", ignore=ignore)
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-index",
             "--no-build-isolation", "--wheel-dir", str(Path(tmp) / "dist"), str(copy_root)],
            check=True,
        )  # fmt: skip
        built = Path(tmp) / "dist" / target.name
        if not built.exists():
            found = sorted(p.name for p in (Path(tmp) / "dist").iterdir())
            raise RuntimeError(f"expected the wheel {target.name}, pip built {found}")
        shutil.copy2(built, target)
    return target


def _source(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _imports(notebook: dict) -> set[str]:
    """Modules the notebook's code imports, dotted (``from ndcg import ltr`` gives ``ndcg``
    and ``ndcg.ltr``); IPython magics and shell lines are skipped."""
    modules: set[str] = set()
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        lines = _source(cell).splitlines()
        code = "\n".join(line for line in lines if not line.lstrip().startswith(("%", "!")))
        for node in ast.walk(ast.parse(code)):
            if isinstance(node, ast.Import):
                modules.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules.add(node.module)
                modules.update(f"{node.module}.{alias.name}" for alias in node.names)
    return modules


@functools.cache
def _distributions() -> dict[str, list[str]]:
    """Which installed distribution provides each top-level module (slow: read once)."""
    return dict(importlib.metadata.packages_distributions())


def _canonical(name: str) -> str:
    from packaging.utils import canonicalize_name

    return canonicalize_name(name)


@functools.cache
def declared(root: Path = ROOT) -> dict[str, tuple[str, str]]:
    """The library's own requirements: distribution -> (requirement, extra or "" for core).

    ``numpy>=2`` (core), ``matplotlib>=3.8`` (``book``), ``lightgbm>=4.7`` (``ltr``), ...:
    ranges, from ``pyproject.toml``, that installing the wheel with the extra satisfies.
    """
    from packaging.requirements import Requirement

    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    groups = {"": project["dependencies"], **project.get("optional-dependencies", {})}
    found: dict[str, tuple[str, str]] = {}
    for extra, lines in groups.items():
        for line in lines:
            requirement = Requirement(line)
            found.setdefault(_canonical(requirement.name), (str(requirement), extra))
    return found


# The oldest release with what a chapter calls, for packages the library does not declare:
# scikit-learn's dcg_score and ndcg_score with ignore_ties (0.24; 1.0 the first of its major).
FLOORS = {"scikit-learn": "1.0"}


def _range(dist: str) -> str:
    """A range for a package the library does not declare, never an exact pin (which would
    fight the version a Colab-like Python already has): from its floor (:data:`FLOORS`, else
    the version the book was built with) to the next major version (``scikit-learn>=1.0,<2``)."""
    from packaging.version import Version

    version = Version(importlib.metadata.version(dist))
    return f"{dist}>={FLOORS.get(dist, f'{version.major}.{version.minor}')},<{version.major + 1}"


def extras(notebook: dict) -> list[str]:
    """The library's extras the notebook needs: ``book`` always, ``ltr`` and ``spark`` by use."""
    imported = _imports(notebook)
    used = {
        extra
        for module, extra in EXTRAS.items()
        if any(name == module or name.startswith(f"{module}.") for name in imported)
    }
    return ["book", *sorted(used)]


def requirements(notebook: dict, wheel: str) -> dict[str, str]:
    """What the notebook needs installed: ``{module: pip requirement}``, every module it imports.

    ``ndcg`` is the wheel with its extras (``book`` for the widgets and figures, ``ltr`` when
    the chapter uses ``ndcg.ltr``, ``spark`` for ``ndcg.spark``), quoted so that no shell reads
    the brackets as a pattern. Every other third-party module the chapter imports (numpy and
    matplotlib as much as scipy) is named with a range: the library's own where it declares
    the package (``matplotlib>=3.8``), else from the built version to the next major one.
    """
    chosen = extras(notebook)
    needs = {"ndcg": f'"{wheel}[{",".join(chosen)}]"'}
    modules = {name.split(".")[0] for name in _imports(notebook)}
    distributions = _distributions()
    library = declared()
    for extra in chosen:
        # What the extra brings (the book's plots and widgets need matplotlib and anywidget
        # whatever the chapter imports itself), named in case ndcg is there but not the extra.
        for dist, (_, group) in library.items():
            if group == extra:
                modules.add(_module_of(dist))
    for module in sorted(modules - SKIP - set(sys.stdlib_module_names)):
        dist = distributions.get(module, [module])[0]
        requirement, _ = library.get(_canonical(dist), ("", ""))
        needs[module] = requirement or _range(dist)
    return needs


def _module_of(dist: str) -> str:
    """The top-level module an installed distribution provides (``scikit-learn`` -> sklearn)."""
    named = dist.replace("-", "_")
    provided = sorted(
        module
        for module, dists in _distributions().items()
        if any(_canonical(d) == dist for d in dists) and not module.startswith("_")
    )
    # matplotlib also provides pylab and mpl_toolkits: the module of its own name first.
    return named if named in provided or not provided else provided[0]


def brought_by_wheel(notebook: dict, needs: dict[str, str]) -> list[str]:
    """The modules of ``needs`` that installing the wheel with the notebook's extras brings."""
    groups = {"", *extras(notebook)}
    library = declared()
    distributions = _distributions()
    brought = []
    for module in needs:
        dist = _canonical(distributions.get(module, [module])[0])
        if module != "ndcg" and library.get(dist, ("", None))[1] in groups:
            brought.append(module)
    return sorted(brought)


PREAMBLE = """\
# This cell is for a copy of the chapter run outside the book's own environment (Colab, your
# own Jupyter): it checks that everything the chapter imports is installed, and says how to get
# what is missing. With the book's environment (`make lab` in a clone of the book) it does
# nothing.
import importlib.util
import sys

_needs = {needs}
_brought = {brought}
_missing = [module for module in _needs if importlib.util.find_spec(module) is None]
if importlib.util.find_spec("myst_nb") is None:
    # myst-nb builds the book; in a notebook its glue() only shows the figure it is given.
    import types

    from IPython.display import display as _display

    def _glue(name, variable, display=True):
        if display:
            _display(variable)

    sys.modules["myst_nb"] = types.ModuleType("myst_nb")
    sys.modules["myst_nb"].glue = _glue
if _missing:

    class NotInstalled(Exception):
        def _render_traceback_(self):  # IPython shows this message, not a traceback
            return [str(self)]

    # With the wheel, its extras bring their own packages: one line installs everything.
    # Each requirement quoted: %pip goes through a shell, which reads < and > as redirections.
    _line = [
        '"' + _needs[module].strip('"') + '"'
        for module in _missing
        if not ("ndcg" in _missing and module in _brought)
    ]
    _wheel = (
        "\\n\\nThe book's library is the file {wheel}: download it from the book's\\n"
        "website (the preface links it, under 'Run a chapter anywhere'; it is\\n"
        "{downloads}/{wheel} on the site, and {student} holds it\\n"
        "beside every chapter), and put it in this notebook's folder (on Colab: Files, Upload)."
        if "ndcg" in _missing
        else ""
    )
    raise NotInstalled(
        "This chapter imports " + ", ".join(_missing) + ", which this Python does not have.\\n"
        "Install "
        + ("it" if len(_missing) == 1 else "them")
        + " by running this line in a cell, then run this cell again:\\n\\n"
        "    %pip install " + " ".join(_line) + _wheel + "\\n\\n"
        "Or clone the book's repository and run `make lab` in it: JupyterLab opens on the\\n"
        "chapters, with the library and everything else installed."
    )
"""


def preamble_cell(notebook: dict, wheel: str) -> dict:
    """The first code cell of a chapter taken away from the site (see the module's notes)."""
    needs = requirements(notebook, wheel)
    source = PREAMBLE.format(
        needs=repr(needs),
        brought=repr(brought_by_wheel(notebook, needs)),
        wheel=wheel,
        downloads=DOWNLOADS,
        student=f"{DOWNLOADS}/{STUDENT_ZIP}",
    )
    cell = {
        "cell_type": "code",
        "execution_count": None,
        "metadata": {"tags": ["remove-cell"]},
        "outputs": [],
        "source": source,
    }
    if (notebook.get("nbformat"), notebook.get("nbformat_minor", 0)) >= (4, 5):
        cell["id"] = PREAMBLE_ID
    return cell


def for_download(notebook: dict, wheel: str) -> dict:
    """The chapter with the preamble as its first code cell."""
    result = copy.deepcopy(notebook)
    cells = result["cells"]
    first = next(i for i, cell in enumerate(cells) if cell["cell_type"] == "code")
    cells.insert(first, preamble_cell(notebook, wheel))
    return result


def is_solution_start(cell: dict) -> bool:
    """Whether the cell opens an exercise's solution (a ``solution-start`` directive)."""
    return cell["cell_type"] == "markdown" and _source(cell).lstrip().startswith(SOLUTION_START)


def is_solution_end(cell: dict) -> bool:
    """Whether the cell closes an exercise's solution (a ``solution-end`` directive)."""
    return cell["cell_type"] == "markdown" and _source(cell).lstrip().startswith(SOLUTION_END)


def without_solutions(notebook: dict) -> dict:
    """The chapter with every solution removed, from ``solution-start`` to ``solution-end``."""
    result = copy.deepcopy(notebook)
    kept, inside = [], False
    for index, cell in enumerate(result["cells"]):
        if is_solution_start(cell):
            if inside:
                raise ValueError(f"cell {index}: a solution starts inside another")
            inside = True
        elif is_solution_end(cell):
            if not inside:
                raise ValueError(f"cell {index}: a solution ends that never started")
            inside = False
        elif not inside:
            kept.append(cell)
    if inside:
        raise ValueError("a solution never ends (no solution-end cell)")
    result["cells"] = kept
    return result


def install_lines(notebooks: dict[str, dict], wheel: str) -> list[tuple[list[str], str]]:
    """The ``%pip install`` lines that give the notebooks everything they import.

    One line for every chapter that needs no more than the ``book`` and ``ltr`` extras, and
    one for each chapter that needs more (Spark, hundreds of megabytes): ``[(names, line)]``,
    the names of the chapters each line is for.
    """
    common: dict[str, str] = {}
    common_extras: set[str] = set()
    names: list[str] = []
    lines: list[tuple[list[str], str]] = []
    for name, notebook in sorted(notebooks.items()):
        needs = requirements(notebook, wheel)
        chosen = extras(notebook)
        brought = set(brought_by_wheel(notebook, needs))
        own = {m: r for m, r in needs.items() if m != "ndcg" and m not in brought}
        if set(chosen) <= {"book", "ltr"}:
            names.append(name)
            common_extras.update(chosen)
            common.update(own)
        else:
            lines.append(([name], _line(wheel, chosen, own)))
    order = ["book", "ltr"]
    everyone = _line(wheel, [e for e in order if e in common_extras], common)
    return [(names, everyone), *lines]


def _line(wheel: str, chosen: list[str], own: dict[str, str]) -> str:
    quoted = [f'"{wheel}[{",".join(chosen)}]"', *(f'"{own[m]}"' for m in sorted(own))]
    return "%pip install " + " ".join(quoted)


STUDENT_README = """\
Ranking, Measured: the chapters as student notebooks

Every chapter of the book, without the solutions to its exercises. Each exercise keeps its
answer check: replace None with your answer and run the cell, or type it in the answer box
below it.

To run them, either:
- in any Jupyter (Colab, your own): keep the wheel {wheel} beside the
  chapters (on Colab: Files, Upload both), and install what the chapters need by running
  this line in a cell of the first chapter you open:

{lines}

  A chapter's first cell checks that everything it imports is installed, and if not, says
  what is missing and the line to install it.
- or in a clone of the book: `make lab`, and open these files from JupyterLab.
"""


def student_readme(notebooks: dict[str, dict], wheel: str) -> str:
    """The student zip's README, its install lines worked out from the chapters' imports."""
    parts = []
    for index, (names, line) in enumerate(install_lines(notebooks, wheel)):
        if index:
            chapters_named = ", ".join(name.removesuffix(".ipynb") for name in names)
            parts.append(f"  {chapters_named} also needs (a large download):\n")
        parts.append(f"      {line}\n")
    return STUDENT_README.format(wheel=wheel, lines="\n".join(parts).rstrip("\n"))


def _dump(notebook: dict) -> str:
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def build_student_zip(out: Path, wheel: Path, folder: Path) -> Path:
    """Write ``student-notebooks.zip``: the student notebooks in ``folder``, and the wheel."""
    out.mkdir(parents=True, exist_ok=True)
    target = out / STUDENT_ZIP
    partial = target.with_suffix(".zip.part")
    notebooks = chapters(folder)
    if not notebooks:
        raise FileNotFoundError(f"no student notebooks in {folder}: run `make book` first")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in notebooks:
            archive.write(path, f"{STUDENT_DIR}/{path.name}")
        archive.write(wheel, f"{STUDENT_DIR}/{wheel.name}")
        loaded = {path.name: json.loads(path.read_text("utf-8")) for path in notebooks}
        archive.writestr(f"{STUDENT_DIR}/README.txt", student_readme(loaded, wheel.name))
    partial.replace(target)
    return target


def write_downloads(out: Path, learner: Path = LEARNER) -> tuple[Path, Path]:
    """The wheel and the last build's student notebooks (``learner/student``), in ``out``."""
    wheel = build_wheel(out)
    return wheel, build_student_zip(out, wheel, learner / "student")


# ----- Sphinx --------------------------------------------------------------------------------


def _substitutions(app: Any, config: Any) -> None:
    wheel = wheel_name()
    link = f'<a href="../{DOWNLOADS}/{wheel}" download>{wheel}</a>'
    student = f'<a href="../{DOWNLOADS}/{STUDENT_ZIP}" download>{STUDENT_ZIP}</a>'
    sources = {path.name: json.loads(path.read_text("utf-8")) for path in chapters()}
    (_, line), *more = install_lines(sources, wheel)
    config.myst_substitutions = {
        **config.myst_substitutions,
        # As inline code: MyST does not substitute inside a code span or block.
        "ndcg_install": f"`{line}`",
        "ndcg_install_more": "; ".join(f"`{extra}`" for _, extra in more),
        "ndcg_wheel": wheel,
        "ndcg_wheel_link": link,
        "student_zip_link": student,
    }


def _bibliography(app: Any) -> dict[str, tuple[str, str, str]]:
    """Citation key -> (author label, year, full entry in markdown), from the book's .bib files."""
    import pybtex.database
    from pybtex.richtext import Text
    from pybtex.style.formatting.plain import Style

    entries: dict[str, Any] = {}
    for name in app.config.bibtex_bibfiles:
        entries.update(pybtex.database.parse_file(Path(app.srcdir) / name).entries)
    formatted = {
        e.key: e.text.render_as("markdown") for e in Style().format_entries(entries.values())
    }
    result = {}
    for key, entry in entries.items():
        people = entry.persons.get("author") or entry.persons.get("editor") or []
        names = [Text.from_latex(" ".join(p.prelast_names + p.last_names)).render_as("text")
                 for p in people]  # fmt: skip
        if not names:
            label = Text.from_latex(entry.fields.get("title", key)).render_as("text")
        elif len(names) == 1:
            label = names[0]
        elif len(names) == 2:
            label = f"{names[0]} and {names[1]}"
        else:
            label = f"{names[0]} et al."
        full = " ".join(formatted[key].split())
        result[key] = (label, entry.fields.get("year", "n.d."), full)
    return result


def _contexts(app: Any) -> Any:
    """A function giving each chapter its :class:`learner_notebooks.Context`."""
    import learner_notebooks

    env = app.env
    executed = Path(app.outdir).parent / "jupyter_execute"

    @functools.cache
    def glue(docname: str) -> dict[str, Any]:
        path = executed / f"{docname}.glue.json"
        if not path.exists():
            return {}
        return {key: value["data"] for key, value in json.loads(path.read_text("utf-8")).items()}

    docs = {name: title.astext() for name, title in env.titles.items()}
    std = env.domaindata["std"]
    # A label before a heading has the section's title; one before a cell or a paragraph
    # (an "anonymous" label) has none, and its references give their own text.
    labels = {label: (doc, "") for label, (doc, _) in std["anonlabels"].items()}
    labels.update({label: (doc, str(title)) for label, (doc, _, title) in std["labels"].items()})
    labels = {label: target for label, target in labels.items() if target[0] in env.found_docs}
    glossary = next(
        (Path(env.doc2path(d)) for d in sorted(env.found_docs) if d.endswith("glossary")), None
    )
    terms = learner_notebooks.glossary_terms(glossary.read_text("utf-8")) if glossary else {}
    citations = _bibliography(app)

    def context(docname: str) -> Any:
        numbers = env.toc_secnumbers.get(docname, {}).get("", ())
        return learner_notebooks.Context(
            glue=glue(docname),
            chapter=".".join(map(str, numbers)) or docname.rsplit("/", 1)[-1][:2].lstrip("0"),
            docs=docs,
            labels=labels,
            terms=terms,
            citations=citations,
            docname=docname,
            other_glue=lambda other, key: glue(other)[key],
        )

    return context


def write_learner_notebooks(app: Any, wheel: str, learner: Path) -> dict[str, dict]:
    """Each chapter in CommonMark, solutions folded (``lab/``) and removed (``student/``).

    Returns the folded notebooks by document name: the page's .ipynb button serves them.
    """
    import learner_notebooks

    context = _contexts(app)
    lab: dict[str, dict] = {}
    for kind in ("lab", "student"):
        folder = learner / kind
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
    for docname in sorted(app.env.found_docs):
        source = Path(app.srcdir) / f"{docname}.ipynb"
        if source.parent.resolve() != NOTEBOOKS.resolve() or source not in chapters(source.parent):
            continue
        notebook = json.loads(source.read_text(encoding="utf-8"))
        for kind, solutions in (("lab", "fold"), ("student", "remove")):
            converted = learner_notebooks.convert(notebook, context(docname), solutions)
            learner_copy = for_download(converted, wheel)
            (learner / kind / source.name).write_text(_dump(learner_copy), encoding="utf-8")
            if kind == "lab":
                lab[docname] = learner_copy
    return lab


def _finish(app: Any, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    learner = outdir.parent / "learner"
    wheel = build_wheel(outdir / DOWNLOADS)
    lab = write_learner_notebooks(app, wheel.name, learner)
    build_student_zip(outdir / DOWNLOADS, wheel, learner / "student")
    # The page's .ipynb button serves Sphinx's copy of the source: the learner's copy instead.
    for docname, notebook in lab.items():
        served = outdir / "_sources" / f"{docname}.ipynb"
        if served.exists():
            served.write_text(_dump(notebook), encoding="utf-8")


def setup(app: Any) -> dict[str, Any]:
    """Register the downloads (see the module's notes)."""
    app.connect("config-inited", _substitutions)
    app.connect("build-finished", _finish)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python tools/learner_downloads.py OUTDIR")
    for path in write_downloads(Path(sys.argv[1])):
        print(path)
