"""``python -m ndcg``: see :mod:`ndcg.cli`."""

import sys

from ndcg.cli import main

sys.exit(main())
