"""``python -m ndcg``: see :mod:`ndcg.trec.cli`."""

import sys

from ndcg.trec.cli import main

sys.exit(main())
