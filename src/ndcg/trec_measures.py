"""``ndcg.trec_measures``: one ranked list's measures; see :mod:`ndcg.trec.measures`.

Taught in chapters 11 and 12.

The same module object under both names (the book's ``from ndcg import trec_measures``),
imported only when asked for by this name: the package itself loads it lazily.
"""

import sys
from typing import TYPE_CHECKING

from ndcg.trec import measures as _home

if TYPE_CHECKING:  # what a type checker reads here: the names of the module this one is
    from ndcg.trec.measures import *  # noqa: F403

sys.modules[__name__] = _home
