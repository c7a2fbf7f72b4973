"""What a widget shows where widgets do not run: its starting state as text, and where it is live.

A notebook's widget output carries the view's MIME type and a ``text/plain`` stand-in; a
renderer with no widget manager (nbconvert's HTML without saved widget state, GitHub's viewer,
a notebook reopened after its kernel is gone) shows the stand-in. ipywidgets' own stand-in is
the object's repr (``<ndcg.widgets.ranking.RankingWidget object at 0x...>``), which tells a
reader nothing. :class:`StaticFallback` replaces it with the widget's starting state, as text
and as HTML, and one line on where the widget is live. Where widgets run, the view's MIME
type comes first, so nothing changes there (JupyterLab, Colab and the book's site render the
widget; myst-nb ranks the widget view above ``text/html``).
"""

from __future__ import annotations

import html
from typing import Any

#: Said under every widget's stand-in.
LIVE = (
    "This is an interactive widget: it runs in JupyterLab, Colab or on the book's website "
    "(run the chapter's cells there); here it shows its starting state only."
)


class StaticFallback:
    """Mixin for an ipywidgets widget: a readable ``text/plain`` and ``text/html`` stand-in.

    A widget class defines :meth:`_fallback_lines`: a title, then lines of its starting
    state. Nothing in them may be an exercise's answer (an answer box names its task only).
    """

    def _fallback_lines(self) -> list[str]:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        # anywidget answers (data, metadata); ipywidgets the data alone.
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, None)
        data = dict(data)
        title, *state = self._fallback_lines()
        data["text/plain"] = "\n".join([title, *(f"  {line}" for line in state), LIVE])
        items = "".join(f"<li>{html.escape(line)}</li>" for line in state)
        data["text/html"] = (
            f'<div class="ndcg-widget-fallback"><p><strong>{html.escape(title)}</strong></p>'
            + (f"<ul>{items}</ul>" if items else "")
            + f"<p><em>{html.escape(LIVE)}</em></p></div>"
        )
        return data if metadata is None else (data, metadata)
