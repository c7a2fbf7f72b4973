"""``ndcg.trec_measures``: one ranked list's measures; see :mod:`ndcg.trec.measures`.

Taught in chapters 11 and 12.

The same module object under both names (the book's ``from ndcg import trec_measures``),
imported only when asked for by this name: the package itself loads it lazily.
"""

import sys

from ndcg.trec import measures as _home

sys.modules[__name__] = _home
