"""A page's figures load as they come near the screen (tools/lazy_images.py)."""

from __future__ import annotations

import re
from pathlib import Path

import lazy_images
import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"


def test_only_the_articles_images_become_lazy_and_a_stated_loading_stays() -> None:
    page = (
        '<header><img src="logo.svg"></header><article class="bd-article">'
        '<img src="a.png" alt="A"><img loading="eager" src="b.png"></article>'
    )
    assert lazy_images.lazy_images(page) == (
        '<header><img src="logo.svg"></header><article class="bd-article">'
        '<img loading="lazy" src="a.png" alt="A"><img loading="eager" src="b.png"></article>'
    )


@pytest.mark.skipif(not SITE.is_dir(), reason="needs the built site (make book)")
def test_a_chapters_figures_are_lazy_and_its_logo_is_not() -> None:
    page = (SITE / "notebooks" / "03_discounted_cumulative_gain.html").read_text()
    article = re.search(r"<article\b.*?</article>", page, flags=re.DOTALL)[0]
    images = re.findall(r"<img\b[^>]*>", article)
    assert len(images) >= 2 and all('loading="lazy"' in image for image in images), images
    assert 'loading="lazy"' not in page[: page.index("<article")]
