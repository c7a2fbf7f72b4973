"""Sphinx extension: an edited static or extra file reaches the built site on the next build.

Sphinx's HTML builder copies ``html_static_path`` and ``html_extra_path`` only while it writes
pages; when no page is out of date it stops early ("no targets are out of date.") and copies
nothing. An edited ``book/_static/site.css``, or the widget loader that
``tools/vendor_assets.py`` puts in ``_vendor/``, would then stay stale in ``_build/html`` until
some page changed. Here, when such a file is newer than the last build that wrote pages (its
``.buildinfo``), the root page is read again, so that build writes it and copies every asset;
the other pages are untouched, and the stylesheets are cut and joined at its end as always
(``tools/theme_css.py``, ``tools/css_bundle.py``).
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment


def newer_assets(app: Sphinx) -> list[Path]:
    """The static and extra files changed since the last build that wrote the HTML pages.

    Parameters
    ----------
    app
        The running Sphinx application.

    Returns
    -------
    list of Path
        Every file under ``html_static_path`` and ``html_extra_path`` modified after
        ``<outdir>/.buildinfo``; empty when the site has not been built yet.
    """
    stamp = Path(app.outdir) / ".buildinfo"
    if not stamp.exists():
        return []
    built = stamp.stat().st_mtime
    folders = [*app.config.html_static_path, *app.config.html_extra_path]
    newer = []
    for folder in folders:
        root = Path(app.confdir) / folder
        files = [root] if root.is_file() else root.rglob("*")
        newer += [f for f in files if f.is_file() and f.stat().st_mtime > built]
    return newer


def _reread_root(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    if app.builder.format != "html" or added or changed or removed or not newer_assets(app):
        return []
    return [app.config.root_doc]


def setup(app: Sphinx) -> dict[str, object]:
    """Register the check with Sphinx."""
    app.connect("env-get-outdated", _reread_root)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
