"""Interactive widgets for Jupyter and the static book (anywidget: Python state, JS view)."""

from .ranking import RankingWidget
from .standalone import standalone_html

__all__ = ["RankingWidget", "standalone_html"]
