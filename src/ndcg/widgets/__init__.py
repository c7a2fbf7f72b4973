"""Interactive widgets for Jupyter and the static book (anywidget: Python state, JS view).

Used from chapter 2 on: each chapter gives the ranking widget a task, its readouts and its
goals (:mod:`~ndcg.widgets.goals`); every chapter's exercises get answer boxes.
"""

from . import goals
from .answer import AnswerBox
from .ranking import RankingWidget
from .standalone import standalone_html
from .swap import SwapWidget

__all__ = ["AnswerBox", "RankingWidget", "SwapWidget", "goals", "standalone_html"]
