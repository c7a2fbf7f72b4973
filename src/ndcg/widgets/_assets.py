"""The text of each widget's front end: one ES module with no imports, and its stylesheet.

A widget's ES module is loaded from its own source text (anywidget in JupyterLab;
``tools/widget-loader.js`` from the state saved in a static page; the pages of
:func:`~ndcg.widgets.standalone_html`), so it can import nothing. Its sources are small
modules that do import each other (``js/arith.js``, the browser's arithmetic, and the views
beside it): :func:`bundle` joins a module and everything it imports, dependencies first,
into one module, as a bundler would, and checks what a bundler checks (every imported name
is exported, no two modules declare the same name). It needs no Node.js, so the wheel
ships the sources and the joining happens at import time.

The stylesheet is ``_shared.css`` (the rules every widget's root follows, under the class
``ndcg-widget``) followed by the widget's own.
"""

from __future__ import annotations

import functools
import pathlib
import re

_HERE = pathlib.Path(__file__).parent
WIDGETS = ("answer", "practice", "ranking", "swap")
KINDS = ("js", "css")

# The one form of import the sources use: named imports of a relative module, on one line.
_IMPORT = re.compile(r'^import \{([^}]*)\} from "(\.{1,2}/[\w./-]+\.js)";[ \t]*\n?', re.M)
_ANY_IMPORT = re.compile(r"^import\b.*$", re.M)
# A top-level declaration starts a line: the project's style, which the check relies on.
_DECLARATION = re.compile(r"^(export )?(?:async )?(?:function\*? ?|const |let |class )(\w+)", re.M)
_EXPORT_KEYWORD = re.compile(r"^export (?=(?:async )?(?:function|const |let |class ))", re.M)
_OTHER_EXPORT = re.compile(r"^export (?!(?:async )?(?:function|const |let |class |default ))", re.M)


class _Module:
    """One source file: its text, the names it imports from where, and what it declares."""

    def __init__(self, path: pathlib.Path) -> None:
        self.path = path
        self.text = path.read_text(encoding="utf-8")
        self.imports: list[tuple[pathlib.Path, list[str]]] = []
        for names, target in _IMPORT.findall(self.text):
            wanted = [name.strip() for name in names.split(",") if name.strip()]
            renamed = [name for name in wanted if " as " in name]
            if renamed:
                raise ValueError(
                    f"{self.name}: import {renamed[0]!r}: the bundle has one namespace, "
                    "import names as they are"
                )
            self.imports.append(((path.parent / target).resolve(), wanted))
        others = _ANY_IMPORT.findall(_IMPORT.sub("", self.text))
        if others:
            raise ValueError(
                f'{self.name}: {others[0]!r}: only `import {{ a, b }} from "./x.js";` is bundled'
            )
        if _OTHER_EXPORT.search(self.text):
            raise ValueError(
                f"{self.name}: export only declarations (export function, export const)"
            )
        found = _DECLARATION.findall(self.text)
        self.declared = [name for _, name in found]
        self.exported = {name for keyword, name in found if keyword}

    @property
    def name(self) -> str:
        return self.path.relative_to(_HERE).as_posix()

    def body(self, entry: bool) -> str:
        """Return the text without its imports; a dependency's exports become declarations."""
        text = _IMPORT.sub("", self.text)
        if not entry:
            if "export default" in text:
                raise ValueError(f"{self.name}: only the entry module has a default export")
            text = _EXPORT_KEYWORD.sub("", text)
        return f"// ---- {self.name}\n{text.strip()}\n"


def _ordered(entry: pathlib.Path) -> list[_Module]:
    """Every module ``entry`` reaches, each after the modules it imports; a cycle is an error."""
    done: dict[pathlib.Path, _Module] = {}
    visiting: list[pathlib.Path] = []

    def visit(path: pathlib.Path) -> None:
        if path in done:
            return
        if path in visiting:
            cycle = " -> ".join(p.name for p in [*visiting[visiting.index(path) :], path])
            raise ValueError(f"import cycle: {cycle}")
        if not path.is_file():
            where = visiting[-1].name if visiting else entry.name
            raise ValueError(f"{where} imports {path}, which does not exist")
        visiting.append(path)
        module = _Module(path)
        for target, names in module.imports:
            visit(target)
            missing = sorted(set(names) - done[target].exported)
            if missing:
                raise ValueError(
                    f"{module.name} imports {missing} from {done[target].name}, "
                    "which does not export them"
                )
        visiting.pop()
        done[path] = module

    visit(entry.resolve())
    return list(done.values())


@functools.cache
def bundle(name: str) -> str:
    r"""Return the module ``<name>.js`` and every module it imports as one ES module.

    Parameters
    ----------
    name
        A path under ``ndcg/widgets`` without ``.js``: ``"ranking"``, ``"js/arith"``.

    Returns
    -------
    str
        The modules, dependencies first, without their imports; only the entry module's
        exports stay exports.

    Raises
    ------
    ValueError
        If a module imports a name its target does not export, two modules declare the
        same top-level name, the imports form a cycle, or a module uses another form of
        import or export.

    Examples
    --------
    >>> text = bundle("js/arith")
    >>> "export function ndcg(" in text and "\nimport " not in text
    True

    """
    modules = _ordered(_HERE / f"{name}.js")
    owner: dict[str, str] = {}
    for module in modules:
        for declared in module.declared:
            if declared in owner and owner[declared] != module.name:
                raise ValueError(
                    f"{declared!r} is declared in {owner[declared]} and in {module.name}: "
                    "rename one"
                )
            owner[declared] = module.name
    entry = modules[-1]
    parts = [module.body(module is entry) for module in modules]
    return (
        f"// {entry.name} with {', '.join(m.name for m in modules[:-1]) or 'no imports'}\n"
        + "\n".join(parts)
    )


@functools.cache
def front_end(widget: str, kind: str) -> str:
    """Return the ES module (``kind="js"``) or the stylesheet (``"css"``) of ``widget``.

    Parameters
    ----------
    widget
        One of :data:`WIDGETS`: ``"answer"``, ``"practice"``, ``"ranking"``, ``"swap"``.
    kind
        ``"js"`` or ``"css"``.

    Returns
    -------
    str
        For ``"js"``, :func:`bundle` of ``<widget>.js``: one module with no imports. For
        ``"css"``, ``_shared.css`` then ``<widget>.css``.

    Examples
    --------
    >>> "function h(" in front_end("swap", "js") and "export default" in front_end("swap", "js")
    True

    """
    if widget not in WIDGETS:
        raise ValueError(f"widget must be one of {list(WIDGETS)}, got {widget!r}")
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {list(KINDS)}, got {kind!r}")
    if kind == "js":
        return bundle(widget)
    names = ("_shared", widget)
    return "\n".join((_HERE / f"{name}.css").read_text(encoding="utf-8") for name in names)
