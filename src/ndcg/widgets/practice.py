"""``PracticeBox`` and ``ProgressView``: endless practice in the page, and what it has kept.

A :class:`PracticeBox` asks one problem at a time for one skill of
:mod:`ndcg.teaching.practice`; the view (``js/practice.js``) draws each problem in the browser
with ``js/practice/draw.js`` (the same problems as :func:`ndcg.teaching.practice.problem`),
judges the answer by the book's rule and keeps the streak in the browser's local storage.
Nothing of a problem travels in the widget's state but the skill, so the page holds no
answers. A :class:`ProgressView` shows what the browser has kept, chapter by chapter, with a
button that clears it (``js/practice/progress_view.js``, in the same module).
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from ._front_end import front_end


class PracticeBox(anywidget.AnyWidget):
    """A practice box for one skill: a new problem on request, checked, with its solution.

    Parameters
    ----------
    skill
        The skill's record: ``key``, ``ident``, ``title`` and ``hint`` (a
        :class:`ndcg.teaching.practice.Skill` as a dict).
    series
        The series to draw from, or -1 (the default) for the reader's own, drawn at random
        the first time and kept in the browser.

    Examples
    --------
    >>> from ndcg.teaching import practice
    >>> practice.box("dcg").skill["title"]
    'DCG@k'

    """

    _esm = front_end("practice", "js")
    _css = front_end("practice", "css")

    skill = traitlets.Dict().tag(sync=True)
    series = traitlets.Int(-1).tag(sync=True)

    def __init__(self, skill: dict[str, Any], series: int = -1) -> None:
        missing = {"key", "ident", "title", "hint"} - set(skill)
        if missing:
            raise ValueError(f"skill needs the fields {sorted(missing)}; pass a Skill as a dict")
        if isinstance(series, bool) or not isinstance(series, int) or not -1 <= series < 2**32:
            raise ValueError(f"series must be -1 or a whole number below 2**32, got {series!r}")
        super().__init__(skill=dict(skill), series=series)


class ProgressView(anywidget.AnyWidget):
    """The reader's progress kept in the browser, chapter by chapter, and a button to clear it.

    Parameters
    ----------
    chapters
        One dict a chapter: ``number``, ``title``, ``href`` (the chapter's page, relative to
        the page showing the view), ``exercises`` (their keys) and ``skills`` (``key`` and
        ``title`` of each practice skill).

    """

    # practice.js draws both views: this one for a model with chapters.
    _esm = front_end("practice", "js")
    _css = front_end("practice", "css")

    chapters: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)

    def __init__(self, chapters: list[dict[str, Any]]) -> None:
        super().__init__(chapters=list(chapters))
