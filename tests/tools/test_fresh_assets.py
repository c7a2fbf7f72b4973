"""An edited static or extra file reaches the built site (tools/fresh_assets.py), on a small site.

Sphinx alone leaves both files stale in the second build below: it finds no page out of date
and copies nothing.
"""

from __future__ import annotations

import os
from pathlib import Path

from sphinx.cmd.build import build_main

# fresh_assets is found on pytest's pythonpath (tools/, pyproject.toml), as Sphinx imports it
# in this process.
CONF = """
extensions = ["fresh_assets"]
html_static_path = ["static"]
html_extra_path = ["extra"]
"""


def _write(path: Path, text: str, age: float = 0) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    when = path.stat().st_mtime - age
    os.utime(path, (when, when))


def _build(source: Path, out: Path) -> None:
    assert build_main(["-q", "-b", "html", str(source), str(out)]) == 0


def test_an_edited_asset_is_copied_when_no_page_changed(tmp_path: Path) -> None:
    source, out = tmp_path / "src", tmp_path / "out"
    _write(source / "conf.py", CONF, age=60)
    _write(source / "index.rst", "Title\n=====\n\nText.\n", age=60)
    _write(source / "static" / "site.css", ".a { color: red }", age=60)
    _write(source / "extra" / "vendor" / "loader.js", "// first", age=60)
    _build(source, out)
    assert (out / "_static" / "site.css").read_text() == ".a { color: red }"
    page = (out / "index.html").stat().st_mtime_ns

    _write(source / "static" / "site.css", ".a { color: blue }")
    _write(source / "extra" / "vendor" / "loader.js", "// second")
    _build(source, out)
    assert (out / "_static" / "site.css").read_text() == ".a { color: blue }"
    assert (out / "vendor" / "loader.js").read_text() == "// second"
    assert (out / "index.html").stat().st_mtime_ns > page  # the root page, written again

    # Nothing newer now: the next build writes no page.
    written = (out / "index.html").stat().st_mtime_ns
    _build(source, out)
    assert (out / "index.html").stat().st_mtime_ns == written
