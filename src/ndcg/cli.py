"""``ndcg.cli``: the command line's first name; it lives in :mod:`ndcg.trec.cli`.

Taught in chapter 9, "NDCG in the wild".

The same module object under both names (every name of it, private ones included, and a
patch on one is a patch on the other), imported only when asked for by this name: the
package itself loads it lazily.
"""

import sys

from ndcg.trec import cli as _home

sys.modules[__name__] = _home
