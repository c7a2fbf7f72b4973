"""Each page's deferred scripts joined into one file (tools/script_bundle.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
import script_bundle

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
HEAD = """<html><head>
<script src="../_static/documentation_options.js?v=1"></script>
<script defer src="../_static/a.js?v=2"></script>
<script>let hint = 'inline';</script>
<script defer data-x-prefix="tab-" src="../_static/b.js?v=3"></script>
</head><body><script defer src="../_static/late.js"></script></body></html>"""


def test_the_heads_deferred_scripts_are_found_in_order_with_their_attributes() -> None:
    found = script_bundle.deferred_scripts(HEAD)
    assert [attrs["src"] for *_, attrs in found] == ["../_static/a.js?v=2", "../_static/b.js?v=3"]
    assert found[1][2]["data-x-prefix"] == "tab-"


def test_a_page_names_one_file_in_place_of_its_deferred_scripts(tmp_path: Path) -> None:
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "a.js").write_text('"use strict";\nvar fromA = 1;\n')
    (tmp_path / "_static" / "b.js").write_text("fromB = fromA + 1;\n")
    (tmp_path / "ch").mkdir()
    (tmp_path / "ch" / "page.html").write_text(HEAD)
    bundles = script_bundle.bundle_pages(tmp_path)
    [(name, parts)] = bundles.items()
    assert parts == ["_static/a.js", "_static/b.js"]
    page = (tmp_path / "ch" / "page.html").read_text()
    assert page.count("<script defer") == 2  # the joined one, and the one in the body
    assert f'<script defer src="../{name}" data-x-prefix="tab-"></script>' in page
    # Where the first stood: before the inline script, which runs first either way.
    assert page.index(name) < page.index("let hint") < page.index("late.js")
    assert "documentation_options.js" in page


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_a_parts_use_strict_does_not_reach_the_parts_after_it(tmp_path: Path) -> None:
    """b.js assigns an undeclared name, which strict mode refuses: it must run as it did alone."""
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "a.js").write_text('"use strict";\nvar fromA = 1;\n')
    (tmp_path / "_static" / "b.js").write_text("fromB = fromA + 1;\n")
    text = script_bundle.join_scripts(tmp_path, ["_static/a.js", "_static/b.js"])
    run = f"const vm = require('vm'); const c = {{}}; vm.runInNewContext({json.dumps(text)}, c);"
    out = subprocess.run(
        ["node", "-e", run + " console.log(c.fromB);"], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "2"
    assert script_bundle.parts_of(text) == ["_static/a.js", "_static/b.js"]


@pytest.mark.skipif(not SITE.is_dir(), reason="needs the built site (make book)")
def test_a_chapter_loads_one_deferred_script_holding_the_themes_and_extensions() -> None:
    page = (SITE / "notebooks" / "03_discounted_cumulative_gain.html").read_text()
    [(_, _, attrs)] = script_bundle.deferred_scripts(page)
    assert attrs["data-sd-tabs-storage-prefix"] == "sphinx-design-tab-id-"
    bundle = (SITE / "notebooks" / attrs["src"]).resolve().read_text()
    parts = script_bundle.parts_of(bundle)
    assert parts[0] == "_static/doctools.js"
    assert {"_static/copybutton.js", "_static/design-tabs.js", "_static/togglebutton.js"} <= set(
        parts
    )
    for part in parts:
        assert (SITE / part).read_text() in bundle
