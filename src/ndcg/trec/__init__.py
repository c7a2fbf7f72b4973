"""trec_eval in Python: TREC files, its measures, its report and its command line.

Taught in chapter 9, "NDCG in the wild" (TREC files and trec_eval's report); the measures
of one ranked list, :mod:`ndcg.trec.measures`, in chapters 11 and 12.

The modules match the browser's copy, ``js/trec/``, file for file:

* :mod:`~ndcg.trec.read` reads qrels and run files (``read.js``): a plain file with
  PyArrow's CSV reader (:mod:`~ndcg.trec.plain`), any other with the fields cut by
  :mod:`~ndcg.trec.scan`;
* :mod:`~ndcg.trec.rows` ranks each query's documents as trec_eval ranks them (``rows.js``);
* :mod:`~ndcg.trec.counts`, :mod:`~ndcg.trec.curves`, :mod:`~ndcg.trec.gains` and
  :mod:`~ndcg.trec.rbp` are trec_eval's measures as row kernels (``counts.js``, ...);
* :mod:`~ndcg.trec.report` combines the queries into the ``all`` line and prints the
  report (``report.js``, ``report_json.js``);
* :mod:`~ndcg.trec.options` reads ``-m``, ``-k`` and ``--gain`` (``options.js``), and
  :mod:`~ndcg.trec.nearest` finds what a mistyped measure meant (``nearest.js``);
* :mod:`~ndcg.trec.library` runs the library's measures (NDCG and its family) on those
  rows for the command line (``library.js``);
* :mod:`~ndcg.trec.cli` is ``python -m ndcg`` (``evaluate.js``), also importable as
  ``ndcg.cli``;
* :mod:`~ndcg.trec.measures` holds the same measures for one ranked list, also importable
  as ``ndcg.trec_measures``.

This package's own names are the readers: :func:`read_qrels`, :func:`read_run` and
:func:`ranked_lists`, which ranks a run into the lists that the measures of one ranked
list take (chapter 12 averages them).
"""

from ndcg.trec.read import PathLike, Source, TrecFormatError, read_qrels, read_run, read_run_and_id
from ndcg.trec.rows import ranked_lists

__all__ = [
    "PathLike",
    "Source",
    "TrecFormatError",
    "ranked_lists",
    "read_qrels",
    "read_run",
    "read_run_and_id",
]
