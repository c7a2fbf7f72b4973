"""Sphinx extension: the figures in a page's text load as they come near the screen.

A chapter's figures (plots from its notebook, diagrams) are mostly screens below its top, yet
the browser asks for every image as soon as it reads the page, and each request costs the
page's main thread time before the first frame; on the phone profile of ``bench/site.py``
the DCG chapter's four figures cost about 0.015 s of the time to its widget. Once the pages
are written, each image in a page's article gets ``loading="lazy"`` (unless it says
otherwise): the browser then fetches it when it comes near the window. The printed book
(``tools/print_book.py``) takes the attribute off again.
"""

from __future__ import annotations

import re
from typing import Any

import built_pages
from sphinx.application import Sphinx

IMAGE = re.compile(r"<img\b(?![^>]*\bloading=)")
ARTICLE = re.compile(r"<article\b.*?</article>", flags=re.DOTALL)


def lazy_images(html: str) -> str:
    """``html`` with ``loading="lazy"`` on each image of its article that sets no loading."""
    return ARTICLE.sub(lambda m: IMAGE.sub('<img loading="lazy"', m[0]), html)


def _on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    built_pages.rewrite_pages(app, exception, lazy_images)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the extension."""
    app.connect("build-finished", _on_build_finished, priority=960)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
