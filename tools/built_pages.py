"""The built site's pages, for the Sphinx extensions that rewrite them once they are written."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from sphinx.application import Sphinx

# Folders of the output that hold assets, sources and vendored files, not the book's pages.
NOT_PAGES = ("_static", "_sources", "vendor")


def site_pages(outdir: Path) -> Iterator[Path]:
    """Every page of the built site, in a stable order."""
    for page in sorted(outdir.rglob("*.html")):
        if page.relative_to(outdir).parts[0] not in NOT_PAGES:
            yield page


def rewrite_pages(app: Sphinx, exception: Exception | None, change: Callable[[str], str]) -> None:
    """After a successful HTML build, replace each page's text with ``change(text)``.

    A page whose text does not change is not written again.
    """
    if exception is not None or app.builder.format != "html":
        return
    for page in site_pages(Path(app.outdir)):
        text = page.read_text(encoding="utf-8")
        changed = change(text)
        if changed != text:
            page.write_text(changed, encoding="utf-8")
