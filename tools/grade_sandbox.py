"""Run one submission's code in a bubblewrap sandbox and bring back what it returned.

The sandbox (``bwrap``, Debian's ``bubblewrap``) has its own PID, network, IPC, UTS and mount
namespaces: no network, a read-only system, a scratch home and ``/tmp`` of limited size, and
nothing of the host's file system but the Python interpreter, the packages the assignment
allows (bound one by one: never the repository, the instructor bundle, the hidden checks or,
unless the assignment allows it, the ``ndcg`` library), the runner (``grade_runner.py``) and
the job (the code cells and the hidden inputs, no expected value). The submission runs as an
unprivileged user (uid 65534) with limits on memory, CPU time, processes and file size.

The result comes back through a file this process opened and owns, handed to the sandbox as a
file descriptor: no pipe is shared, so nothing the submission leaves running can keep the
grader waiting. At the time limit the sandbox is killed, and with it its PID namespace: every
process the submission started ends, and :func:`run` returns only once they are all gone.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata, util
from pathlib import Path

BWRAP = "/usr/bin/bwrap"
RUNNER = Path(__file__).resolve().with_name("grade_runner.py")
RESULT_BYTES = 1 << 20  # the most the grader reads back: a submission's answers are far less
NOBODY = 65534
HOME = "/home/student"

# Stands in for Otter inside the sandbox: the student notebook's ``grader.check(...)`` cells
# run the public tests for the student; here they do nothing, and no Otter code runs.
OTTER_STUB = '''"""Otter's notebook API as a no-op: the grader marks outside this sandbox."""


class Notebook:
    def __init__(self, *args, **kwargs):
        pass

    def check(self, *args, **kwargs):
        return None

    def check_all(self, *args, **kwargs):
        return None

    def export(self, *args, **kwargs):
        return None
'''


@dataclass(frozen=True)
class Limits:
    """What one sandboxed run may use."""

    seconds: float = 300.0
    memory: int = 2 << 30  # bytes of address space per process
    processes: int = 16  # tasks (processes and threads) of the sandbox's user
    file_size: int = 4 << 20  # bytes per file written, the result included
    scratch: int = 64 << 20  # bytes of each of the scratch home and /tmp
    uid: int = NOBODY  # runs side by side get a user each, so one's processes limit no other


@dataclass(frozen=True)
class Outcome:
    """What came back from one sandboxed run."""

    result: bytes  # the bytes the runner (or the submission) left in the result file
    timed_out: bool
    returncode: int
    seconds: float
    log: str  # the end of what the sandbox printed: for the grader's own debugging only


def available() -> str:
    """Why the sandbox cannot run here, or "" if it can."""
    if not os.access(BWRAP, os.X_OK):
        return f"{BWRAP} not found: install Debian's bubblewrap (apt-get install bubblewrap)"
    return ""


def _top_level(path: str) -> str:
    return Path(path).parts[0] if Path(path).parts else ""


def package_paths(modules: Sequence[str]) -> dict[str, Path]:
    """Name inside the sandbox -> host path of each importable ``modules`` and what they need.

    Follows the distributions' requirements (``Requires-Dist`` without extras), so pandas
    brings dateutil, pytz and tzdata; vendored libraries (``numpy.libs``) come along.
    """
    import_names: dict[str, set[str]] = {}  # distribution -> its import names
    for name, dists in metadata.packages_distributions().items():
        for dist in dists:
            import_names.setdefault(_normal(dist), set()).add(name)
    found: dict[str, Path] = {}
    todo, seen = list(modules), set()
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        spec = util.find_spec(module)
        if spec is None or spec.origin is None and not spec.submodule_search_locations:
            raise ModuleNotFoundError(f"the assignment needs {module}, not installed here")
        if spec.submodule_search_locations:
            path = Path(next(iter(spec.submodule_search_locations)))
        else:
            path = Path(str(spec.origin))
        found[path.name] = path
        for dist_name in metadata.packages_distributions().get(module, []):
            dist = metadata.distribution(dist_name)
            for file in dist.files or []:
                top = _top_level(str(file))
                if top.endswith(".libs"):
                    found[top] = Path(str(dist.locate_file(top)))
            for requirement in dist.requires or []:
                if "extra ==" in requirement:
                    continue
                wanted = re.match(r"[A-Za-z0-9._-]+", requirement)
                if wanted:
                    todo += sorted(import_names.get(_normal(wanted.group()), ()))
    return found


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _system_binds() -> list[str]:
    """The read-only system: /usr, the top-level links into it, the dynamic linker's cache,
    and the interpreter's own prefix when it lives elsewhere (pyenv, a CI tool cache)."""
    args = ["--ro-bind", "/usr", "/usr"]
    for top in ("bin", "lib", "lib32", "lib64", "sbin"):
        path = Path("/") / top
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    args += ["--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache"]
    prefix = Path(sys.base_prefix).resolve()
    if not str(prefix).startswith("/usr/"):
        args += ["--ro-bind", str(prefix), str(prefix)]
    return args


def _hidden_packages() -> list[str]:
    """Hide the packages installed into the system's Pythons and the interpreter's own prefix
    (``/usr/lib/python3/dist-packages``, ``/usr/local/lib/python3.X/site-packages``, ...):
    each becomes an empty read-only folder. The read-only system holds them, and a
    submission can put them on ``sys.path``: a ``sudo pip install ndcg`` or a Debian
    ``python3-sklearn`` would be there to borrow. What the assignment allows is bound under
    ``/packages`` from wherever it is installed."""
    tops = {Path("/usr/lib"), Path("/usr/local/lib"), Path(sys.base_prefix).resolve() / "lib"}
    found = sorted(
        {
            str(folder)
            for top in tops
            for folder in top.glob("python3*/*-packages")
            if folder.is_dir()
        }
    )
    args: list[str] = []
    for folder in found:
        args += ["--tmpfs", folder, "--remount-ro", folder]
    return args


def _interpreter() -> str:
    return str(Path(sys.executable).resolve())


def command(
    job_dir: Path, packages: dict[str, Path], limits: Limits, info_fd: int, result_fd: int
) -> list[str]:
    """The bwrap command line of one run."""
    args = [
        BWRAP,
        "--die-with-parent",
        "--new-session",
        # The submission's interpreter is the PID namespace's first process: no bwrap process
        # (whose command line names host paths) is visible inside, and when the interpreter
        # ends, so does every process it started.
        "--as-pid-1",
        "--unshare-pid",
        "--unshare-net",
        "--unshare-ipc",
        "--unshare-uts",
        "--unshare-cgroup-try",
        "--info-fd",
        str(info_fd),
    ]
    as_root = os.geteuid() == 0
    if not as_root:  # a user namespace maps uid 65534 to the grader's own (unprivileged) user
        args += ["--unshare-user", "--uid", str(NOBODY), "--gid", str(NOBODY), "--disable-userns"]
    # Folders bwrap would make for its mount points are root's alone (0700) when it runs as
    # root: make them readable by the sandbox's user first.
    for folder in ("/etc", "/home", "/grader", "/job", "/packages"):
        args += ["--perms", "0755", "--dir", folder]
    args += _system_binds()
    args += _hidden_packages()
    args += ["--proc", "/proc", "--dev", "/dev"]
    for scratch in ("/tmp", HOME):
        args += ["--perms", "1777", "--size", str(limits.scratch), "--tmpfs", scratch]
    args += ["--ro-bind", str(RUNNER), "/grader/runner.py", "--ro-bind", str(job_dir), "/job"]
    for name, path in sorted(packages.items()):
        args += ["--ro-bind", str(path), f"/packages/{name}"]
    args += ["--chdir", HOME, "--clearenv"]
    environment = {
        "HOME": HOME,
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "MPLBACKEND": "Agg",
        # One thread each: threads count against the process limit.
        "OMP_NUM_THREADS": "1",
        "OPENBLAS_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
    }
    for key, value in environment.items():
        args += ["--setenv", key, value]
    args.append("--")
    if as_root:  # root outside: drop to uid 65534 for real, so the process limit counts
        args += [
            "/usr/bin/setpriv",
            f"--reuid={limits.uid}",
            f"--regid={limits.uid}",
            "--clear-groups",
            "--inh-caps=-all",
            "--bounding-set=-all",
            "--no-new-privs",
            # A change of user clears the parent-death signal bwrap set: set it again.
            "--pdeathsig=KILL",
        ]
    cpu = max(1, int(limits.seconds) + 1)
    args += [_interpreter(), "-S", "-E", "-B", "-s", "/grader/runner.py", "/job/job.json"]
    args += [str(result_fd), str(limits.memory), str(cpu), str(limits.processes)]
    args.append(str(limits.file_size))
    return args


def _start_time(pid: int) -> str | None:
    """The start time of process ``pid`` (to tell it from a later one with its number), or
    None once it has exited (a zombie has: its PID namespace is already emptied)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return None if fields[0] in ("Z", "X") else fields[19]


def _end(pid: int, started: str | None) -> None:
    """Kill the sandbox's PID 1 if it is still there and wait until it has exited: by then the
    kernel has killed and reaped every other process of its PID namespace."""
    deadline = time.monotonic() + 10.0
    while started is not None and _start_time(pid) == started:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            return
        if time.monotonic() > deadline:
            raise RuntimeError(f"the sandbox's process {pid} did not end after SIGKILL")
        time.sleep(0.01)


def run(job: dict, packages: dict[str, Path], limits: Limits) -> Outcome:
    """Run ``job`` (see ``grade_runner.py``) in a fresh sandbox; return once it is all gone."""
    work = Path(tempfile.mkdtemp(prefix="grade-sandbox-"))
    try:
        job_dir = work / "job"
        stubs = job_dir / "stubs" / "otter"
        stubs.mkdir(parents=True)
        (stubs / "__init__.py").write_text(OTTER_STUB, encoding="utf-8")
        job = {**job, "path": ["/job/stubs", "/packages"]}
        (job_dir / "job.json").write_text(json.dumps(job), encoding="utf-8")
        for path in [job_dir, *job_dir.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        result_fd = os.open(work / "result", os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        info_fd = os.open(work / "info", os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        log = os.open(work / "log", os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            started = time.monotonic()
            process = subprocess.Popen(
                command(job_dir, packages, limits, info_fd, result_fd),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                pass_fds=(result_fd, info_fd),
                start_new_session=True,
            )
            timed_out = False
            try:
                returncode = process.wait(timeout=limits.seconds)
            except subprocess.TimeoutExpired:
                timed_out = True
                os.killpg(process.pid, signal.SIGKILL)
                returncode = process.wait()
            seconds = time.monotonic() - started
            info = os.pread(info_fd, 4096, 0).decode("utf-8", "replace")
            child = re.search(r'"child-pid":\s*(\d+)', info)
            if child:
                pid = int(child.group(1))
                _end(pid, _start_time(pid))
            result = os.pread(result_fd, RESULT_BYTES + 1, 0)
            size = os.fstat(log).st_size
            tail = os.pread(log, 4000, max(0, size - 4000)).decode("utf-8", "replace")
        finally:
            for fd in (result_fd, info_fd, log):
                try:
                    os.close(fd)
                except OSError:
                    pass
        return Outcome(result, timed_out, returncode, seconds, tail)
    finally:
        shutil.rmtree(work, ignore_errors=True)
