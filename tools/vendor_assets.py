"""Copy the browser assets the static site serves itself into ``_vendor/vendor``.

Sources are the npm packages pinned in package.json (installed into node_modules by
``npm ci``) and the anywidget wheel installed in the build's virtual environment. The
folder is given to Sphinx as ``html_extra_path``, so it lands at ``_build/html/vendor``
without being scanned for scripts (Jupyter Book would otherwise inject every ``.js`` file
under ``html_static_path`` into every page, which breaks require.js).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NODE = ROOT / "node_modules"
OUT = ROOT / "_vendor" / "vendor"
# embed-amd.js asks for these beside itself (tools/widgets-config.js maps its module URL
# to vendor/html-manager/, which is what makes "beside itself" a path on the site).
FONT_SUFFIXES = {".woff", ".woff2", ".ttf", ".eot", ".svg"}


def _copy(src: Path, dst: Path) -> None:
    if not src.exists():
        sys.exit(f"vendor_assets: missing {src}; run `npm ci` and install requirements.txt first")
    dst.parent.mkdir(parents=True, exist_ok=True)
    if src.is_dir():
        shutil.copytree(src, dst, dirs_exist_ok=True)
    else:
        shutil.copy2(src, dst)


def main() -> None:
    if OUT.exists():
        shutil.rmtree(OUT)
    _copy(NODE / "requirejs" / "require.js", OUT / "require.js")
    html_manager = NODE / "@jupyter-widgets" / "html-manager" / "dist"
    for item in html_manager.iterdir():
        # embed-amd.js plus the font files it requests beside itself; the other bundles
        # (embed.js, libembed-amd.js, index.js) are alternatives the site does not load.
        if item.name == "embed-amd.js" or item.suffix in FONT_SUFFIXES:
            _copy(item, OUT / "html-manager" / item.name)
    _copy(NODE / "mathjax" / "es5", OUT / "mathjax")
    anywidget = Path(sys.prefix) / "share" / "jupyter" / "nbextensions" / "anywidget" / "index.js"
    _copy(anywidget, OUT / "anywidget" / "index.js")
    _copy(ROOT / "tools" / "widgets-config.js", OUT / "widgets-config.js")
    print(f"vendor_assets: wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
