"""Interactive widgets for Jupyter and the static book (anywidget: Python state, JS view).

Used from chapter 2 on: each chapter gives the widget a task.
"""

from .ranking import RankingWidget
from .standalone import standalone_html
from .swap import SwapWidget

__all__ = ["RankingWidget", "SwapWidget", "standalone_html"]
