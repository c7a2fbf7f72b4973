"""The library's optional parts, and the message when one is used without its extra.

``pip install ndcg`` installs what ``import ndcg`` needs (numpy and pandas). The widgets and
the book's teaching code need the ``book`` extra, learning to rank ``ltr``, Spark ``spark``:
a part imported without its packages says which extra brings them, not only which module
is missing.
"""

from __future__ import annotations

import importlib.util


def require(extra: str, part: str, *modules: str) -> None:
    """Raise ImportError naming the extra to install when any of ``modules`` is missing.

    Examples
    --------
    >>> require("book", "ndcg.widgets", "json")
    >>> require("book", "ndcg.widgets", "no_such_module_here")
    Traceback (most recent call last):
    ...
    ImportError: ndcg.widgets needs no_such_module_here, which the library's 'book' extra installs: pip install "ndcg[book]"

    """  # noqa: E501
    missing = [name for name in modules if importlib.util.find_spec(name) is None]
    if missing:
        raise ImportError(
            f"{part} needs {', '.join(missing)}, which the library's {extra!r} extra "
            f'installs: pip install "ndcg[{extra}]"',
            name=missing[0],
        )
