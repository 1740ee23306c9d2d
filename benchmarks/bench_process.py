"""How ``bench.py`` runs and measures one command: its process tree's wall and CPU time,
peak memory polled from /proc, a probe of the machine's speed before it, and a quiet
disk first; the scratch folders the runs write to (``--scratch``)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Run:
    wall: float
    cpu: float
    max_rss_mib: float  # the largest single process
    sum_rss_mib: float  # the largest sum over the process tree
    probe: float = 0.0  # CPU seconds of the machine probe just before the run (see probe)
    # Instructions the process tree ran in user mode (``perf stat -e instructions:u``),
    # with ``run(..., count=True)`` where the machine has the counter; else None.
    instructions: int | None = None


def _tree_rss_kib(root: int) -> int:
    """Resident memory of the descendants of ``root`` (the timing wrapper), from /proc.

    Polled every 20 ms while a build runs on every core, so it must cost next to
    nothing: it follows the tree through each thread's ``children`` file (a handful
    of reads), where scanning every process of the machine took 2.3 ms a poll.
    """
    page_kib = os.sysconf("SC_PAGE_SIZE") // 1024
    if not _HAS_CHILDREN_FILES:
        return _scanned_tree_rss_kib(root, page_kib)
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
            if pid != root:
                with open(f"/proc/{pid}/statm", encoding="ascii") as handle:
                    total += int(handle.read().split()[1]) * page_kib
            for task in tasks:
                with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as handle:
                    stack.extend(int(child) for child in handle.read().split())
        except (OSError, IndexError, ValueError):  # gone meanwhile, or no children file
            continue
    return total


_HAS_CHILDREN_FILES = os.path.exists(f"/proc/self/task/{os.getpid()}/children")


def _scanned_tree_rss_kib(root: int, page_kib: int) -> int:
    """The same, where the kernel keeps no children files: every process is read."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/statm", encoding="ascii") as handle:
                pages = int(handle.read().split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
        rss[int(entry)] = pages * page_kib
    total, stack = -rss.get(root, 0), [root]
    while stack:
        pid = stack.pop()
        total += rss.get(pid, 0)
        stack.extend(children.get(pid, ()))
    return total


# An installed package has its bytecode compiled; a shell with PYTHONDONTWRITEBYTECODE
# set would make every measured run compile trfsite from source (about 50 ms a process).
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _io_pressure() -> float | None:
    """The share of the last 10 s some task waited for the disk (Linux PSI), or None."""
    try:
        first = Path("/proc/pressure/io").read_text(encoding="ascii").splitlines()[0]
    except (OSError, IndexError):
        return None
    fields = dict(part.split("=", 1) for part in first.split()[1:])
    return float(fields.get("avg10", "0"))


_SCRATCH: list[tempfile.TemporaryDirectory[str]] = []
# Where the scratch folder goes (--scratch); None: the system's temporary folder.
SCRATCH_ROOT: list[str | None] = [None]


def default_scratch_root() -> str | None:
    """RAM (/dev/shm) where there is one: see ``--scratch``."""
    shm = "/dev/shm"
    return shm if os.path.isdir(shm) and os.access(shm, os.W_OK) else None


def file_system(path: str) -> str:
    """The type of the file system ``path`` is on (/proc/mounts), e.g. ``tmpfs``."""
    found, longest = "unknown", -1
    try:
        mounts = Path("/proc/mounts").read_text(encoding="ascii", errors="replace")
    except OSError:
        return found
    real = os.path.realpath(path)
    for line in mounts.splitlines():
        fields = line.split()
        if (
            len(fields) > 2
            and (real == fields[1] or real.startswith(fields[1].rstrip("/") + "/"))
            and len(fields[1]) > longest
        ):
            found, longest = fields[2], len(fields[1])
    return found


def scratch(prefix: str) -> Path:
    """A new folder for one group's files, all removed when the benchmark ends.

    Not after each group: ext4 skips an inode deleted in the last 60-300 s when it
    picks one for a new file (``recently_deleted`` in its allocator). Right after a
    benchmark's 33,000 files were removed, creating files cost 5-15 s more of kernel
    time in a cold archive build (``perf``: ext4_create -> find_inode_bit ->
    recently_deleted), for minutes, whatever the disk was doing.
    """
    if not _SCRATCH:
        _SCRATCH.append(tempfile.TemporaryDirectory(prefix="trfsite-bench-", dir=SCRATCH_ROOT[0]))
    return Path(tempfile.mkdtemp(prefix=prefix, dir=_SCRATCH[0].name))


def _disk_activity() -> tuple[int, ...] | None:
    """Every block device's write and discard counters (/proc/diskstats), or None."""
    try:
        lines = Path("/proc/diskstats").read_text(encoding="ascii").splitlines()
    except OSError:
        return None
    counters: list[int] = []
    for line in lines:
        fields = line.split()
        # name, then: reads (4), writes completed/merged/sectors/ms (4), in flight, ms,
        # weighted ms, discards completed/merged/sectors/ms (kernel 4.18+)
        if len(fields) >= 18 and not fields[2].startswith(("loop", "ram")):
            counters += [int(fields[7]), int(fields[14]), int(fields[16])]
    return tuple(counters)


def settle(limit_s: float = 90.0) -> None:
    """Wait until the disk is idle: what earlier runs deleted is still being freed.

    The root file system here is mounted with ``discard``: deleting a finished
    build's 33,000 files (a benchmark's temporary folder, or the old build that
    ``trfsite build`` removes in the background) keeps the disk busy for seconds
    after ``rm`` returns, and a build timed meanwhile paid 1-4 s of it in slower
    file creation (a cold archive build 10 s more of CPU, all of it in the kernel).
    Each timed command starts from a quiet disk, as a user's next build does
    (minutes apart, not back to back): no task waiting for it (Linux PSI), and no
    write or discard done for two seconds (/proc/diskstats).
    """
    os.sync()
    deadline = time.monotonic() + limit_s
    quiet = 0
    before = _disk_activity()
    while time.monotonic() < deadline:
        time.sleep(1)
        now = _disk_activity()
        pressure = _io_pressure()
        quiet = quiet + 1 if now == before and (pressure is None or pressure < 1.0) else 0
        if quiet >= 2:
            return
        before = now


def probe() -> float:
    """CPU seconds of a fixed 1M-step loop here, now: how fast the machine is at this run.

    This machine's speed drifts by minutes (the same loop took 0.19 to 0.58 s within
    one session, and a standings run 0.16 s, then 0.26 s ten minutes later): each run
    carries the speed it was measured at, and ``report`` prints their range, so a
    slow figure from a slow moment shows as such.
    """
    started = time.process_time()
    total = 0
    for i in range(1_000_000):
        total += i
    return time.process_time() - started


# perf stat's event: instructions retired in user mode by the command and every process
# it starts (perf counts children unless told not to). A count, not a sample: the
# counter runs in the CPU, perf reads it at the end, so the command runs as fast.
PERF_EVENT = "instructions:u"


def _perf_command(output: Path) -> list[str]:
    return ["perf", "stat", "-e", PERF_EVENT, "-x", ",", "-o", str(output), "--"]


def _read_perf(output: Path) -> int | None:
    """The count in perf stat's CSV output (``value,unit,event,...``); None when perf
    wrote ``<not supported>`` or ``<not counted>`` (no hardware counter: a VM)."""
    try:
        lines = output.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    for line in lines:
        fields = line.split(",")
        if len(fields) > 2 and fields[2].startswith(PERF_EVENT.split(":")[0]):
            return int(fields[0]) if fields[0].isdigit() else None
    return None


def instruction_counter() -> str:
    """ "" when ``perf stat`` counts instructions here, else why not (one line)."""
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "perf.csv"
        try:
            done = subprocess.run(
                [*_perf_command(output), sys.executable, "-c", "pass"],
                capture_output=True, check=False,
            )  # fmt: skip
        except OSError as exc:
            return f"no perf ({exc.strerror})"
        if done.returncode == 0 and _read_perf(output) is not None:
            return ""
        shown = output.read_text(encoding="utf-8").strip() if output.exists() else ""
        said = shown.splitlines()[-1] if shown else done.stderr.decode().strip()[:120]
        return f"perf stat -e {PERF_EVENT} counts nothing here ({said})"


def run(
    command: list[str], cwd: Path | None = None, settle_s: float = 90.0, count: bool = False
) -> Run:
    """Run one command to completion; fail loudly if it fails (a benchmark of an error is void).

    The disk is left to settle first (see ``settle``), and the machine's speed is
    probed just before (see ``probe``). ``settle_s``: the longest wait for the disk.
    ``count``: also count the instructions of the command's process tree (``perf``;
    see ``instruction_counter``), run inside the timing wrapper around the command.
    """
    settle(settle_s)
    speed = probe()
    counted: Path | None = None
    if count:
        counted = Path(tempfile.mkdtemp(prefix="bench-perf-")) / "perf.csv"
        command = [*_perf_command(counted), *command]
    wrapper = [
        sys.executable,
        "-c",
        "import resource, subprocess, sys, time\n"
        "start = time.perf_counter()\n"
        "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode\n"
        "wall = time.perf_counter() - start\n"
        "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(wall, u.ru_utime + u.ru_stime, u.ru_maxrss)\n"
        "sys.exit(code)\n",
        *command,
    ]
    peak = [0]
    process = subprocess.Popen(
        wrapper, cwd=cwd, env=CHILD_ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )

    def poll() -> None:
        while process.poll() is None:
            peak[0] = max(peak[0], _tree_rss_kib(process.pid))
            time.sleep(0.02)

    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    out, err = process.communicate()
    poller.join()
    # 1: the file has findings and the output is still made; but an uncaught error also
    # exits with 1, and a benchmark of a crash is void too.
    if process.returncode not in (0, 1) or b"Traceback (most recent call last)" in err:
        message = f"{' '.join(command)} failed ({process.returncode}):\n{err.decode()}"
        # On stdout too: SystemExit's text goes to stderr alone, and a log of stdout then
        # showed the benchmark ending with code 1 and no word why (issue 46's last stop).
        print(message, flush=True)
        raise SystemExit(message)
    # The wall time is taken inside the wrapper, around trfsite's own process: the
    # wrapper's interpreter start-up (about 40 ms here) is not trfsite's.
    wall, cpu, max_kib = out.decode().split()
    instructions = None
    if counted is not None:
        instructions = _read_perf(counted)
        counted.unlink(missing_ok=True)
        counted.parent.rmdir()
    return Run(float(wall), float(cpu), int(max_kib) / 1024, peak[0] / 1024, speed, instructions)


# A fixed pure-Python workload and the cost of a page fault, each in a fresh process:
# the machines these figures come from differ, and one machine's speed drifts from
# minute to minute (a shared host: the same loop took 1.4-2.5 s within a minute).
_LOOP = (
    "import time\ns = time.process_time()\nx = 0\n"
    "for i in range(5_000_000): x += i\n"
    "print(time.process_time() - s)"
)
_FAULTS = (
    "import mmap, time\nsize = 256 << 20\nm = mmap.mmap(-1, size)\ns = time.process_time()\n"
    "for offset in range(0, size, 4096): m[offset] = 1\n"
    "print((time.process_time() - s) / (size // 4096))"
)


def machine_speed() -> str:
    """How fast this machine is now: the workload's CPU seconds, a page fault's cost, and
    the interpreter's start-up (every command pays it: a system Python whose
    site-packages run hooks may take 40-60 ms where the README's venv takes 10)."""
    loops = [float(subprocess.check_output([sys.executable, "-c", _LOOP])) for _ in range(5)]
    faults = [float(subprocess.check_output([sys.executable, "-c", _FAULTS])) for _ in range(3)]
    starts = []
    for _ in range(5):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True, env=CHILD_ENV)
        starts.append(time.perf_counter() - started)
    return (
        f"machine: a 5M-step Python loop {min(loops):.3f} s best, "
        f"{statistics.median(loops):.3f} s median; a page fault {min(faults) * 1e6:.1f} us; "
        f"{sys.executable} starts in {min(starts) * 1000:.0f} ms"
    )
