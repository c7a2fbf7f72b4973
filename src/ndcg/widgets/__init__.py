"""Interactive widgets for Jupyter and the static book (anywidget: Python state, JS view).

Used from chapter 2 on: each chapter gives the ranking widget a task, its readouts and its
goals (:mod:`~ndcg.widgets.goals`); every chapter's exercises get answer boxes.
"""

from ndcg._extras import require

# Before the widgets' own imports, so that a missing package names the extra that brings it.
require("book", "ndcg.widgets", "anywidget", "ipywidgets", "traitlets")

from . import goals  # noqa: E402
from .answer import AnswerBox  # noqa: E402
from .practice import PracticeBox, ProgressView  # noqa: E402
from .ranking import RankingWidget  # noqa: E402
from .standalone import standalone_html  # noqa: E402
from .swap import SwapWidget  # noqa: E402

__all__ = [
    "AnswerBox",
    "PracticeBox",
    "ProgressView",
    "RankingWidget",
    "SwapWidget",
    "goals",
    "standalone_html",
]
