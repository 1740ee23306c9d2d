"""Issue 50, items 13, 14, 15 and 21: the build's processes, its lock, full disks.

Workers end with the process that made them; one build at a time writes into an
output folder; a full disk, a broken theme template or a full cache folder end in
one clear message, the previous site left as it was.
"""

from __future__ import annotations

import fcntl
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from treedigest import tree_digest

from trfsite.cli import cli

from .data import CLEAN, DATA

SAMPLES = DATA / "samples"


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as listed:
                found |= {int(word) for word in listed.read().split()}
    except OSError:
        pass
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux's /proc")
def test_workers_end_when_the_build_is_killed(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    for name in ("fide-example1-trf16.trf", "fide-grandmommys-cup-trf26-team.trf"):
        (src / name).write_bytes((SAMPLES / name).read_bytes())
    env = {**os.environ, "TRFSITE_CACHE_DIR": ""}
    build = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "trfsite",
            "-q",
            "build",
            str(src),
            "-o",
            str(tmp_path / "out"),
            "--jobs",
            "2",
        ],  # fmt: skip
        env=env,
    )
    workers: set[int] = set()
    for _ in range(2400):  # the pool's workers appear within a few seconds
        workers |= _children(build.pid)
        if len(workers) >= 2 or build.poll() is not None:
            break
        time.sleep(0.05)
    assert build.poll() is None and len(workers) >= 2, "the build ended before its workers"
    os.kill(build.pid, signal.SIGKILL)  # the main process alone, as a service manager may
    build.wait()
    left = set(workers)
    for _ in range(600):  # the kernel ends them at once; wait up to a minute
        left = {pid for pid in left if _alive(pid)}
        if not left:
            break
        time.sleep(0.1)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, f"workers {sorted(left)} outlived their build"


def test_a_second_build_into_the_same_folder_stops_with_exit_2(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "clean.trf").write_text(CLEAN, encoding="utf-8")
    out = tmp_path / "out"
    runner = CliRunner()
    assert runner.invoke(cli, ["build", str(src), "-o", str(out), "--no-pdf"]).exit_code == 0
    before = tree_digest(out)
    # Another build holds the output folder's lock (what a running build does).
    with open(tmp_path / "out.builds" / ".trfsite-lock", "a+b") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        lock.truncate(0)
        lock.write(b"4321\n")
        lock.flush()
        done = runner.invoke(cli, ["build", str(src), "-o", str(out), "--no-pdf"])
    assert done.exit_code == 2, done.output
    assert "another trfsite build is writing into it (process 4321)" in done.output
    assert tree_digest(out) == before
    # The lock went with its holder: the next build runs.
    assert runner.invoke(cli, ["build", str(src), "-o", str(out), "--no-pdf"]).exit_code == 0


def _no_room() -> None:  # runs in the child: writes beyond 40 KB fail, as on a full disk
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (40_000, 40_000))


def test_a_full_disk_is_one_clear_error_and_the_site_stays(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "open.trf").write_bytes((SAMPLES / "fide-example1-trf16.trf").read_bytes())
    out = tmp_path / "out"
    env = {**os.environ, "TRFSITE_CACHE_DIR": ""}
    command = [sys.executable, "-m", "trfsite", "build", str(src), "-o", str(out), "--no-pdf"]
    assert subprocess.run(command, env=env, capture_output=True, check=False).returncode == 0
    before = tree_digest(out)
    (src / "open.trf").write_bytes((SAMPLES / "fide-example1-trf16.trf").read_bytes() + b"\n")
    done = subprocess.run(
        [*command, "-j", "1"], env=env, capture_output=True, text=True, preexec_fn=_no_room,
        timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "the build stopped: no room to write" in done.stderr
    assert "(File too large)" in done.stderr
    assert tree_digest(out) == before


def test_a_broken_theme_template_names_its_file_and_line(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "clean.trf").write_text(CLEAN, encoding="utf-8")
    theme = tmp_path / "theme"
    (theme / "templates").mkdir(parents=True)
    (theme / "theme.toml").write_text('extends = "default"\n', encoding="utf-8")
    (theme / "templates" / "overview.html").write_text(
        '{% extends "event.html" %}\n{% block body %}\n<p>{{ 1/0 }}</p>\n{% endblock %}\n',
        encoding="utf-8",
    )
    done = CliRunner().invoke(
        cli, ["build", str(src), "-o", str(tmp_path / "out"), "--no-pdf", "--theme", str(theme)]
    )
    assert done.exit_code == 2, done.output
    assert done.exception is None or isinstance(done.exception, SystemExit)
    assert f"{theme / 'templates' / 'overview.html'}:3: the theme's template fails" in done.output
    assert "ZeroDivisionError: division by zero" in done.output


# A cache folder on a full disk: Jinja's writes of compiled templates fail with ENOSPC.
_FULL_CACHE = """
import errno, sys
import jinja2.bccache
def full(self, stream):
    raise OSError(errno.ENOSPC, "No space left on device")
jinja2.bccache.Bucket.write_bytecode = full
sys.argv = ["trfsite", *sys.argv[1:]]
from trfsite.cli import main
main()
"""


def test_a_full_template_cache_folder_does_not_fail_the_build(tmp_path: Path) -> None:
    # In a process of its own: a process keeps its templates' environment (and cache).
    src = tmp_path / "src"
    src.mkdir()
    (src / "clean.trf").write_text(CLEAN, encoding="utf-8")
    out = tmp_path / "out"
    env = {**os.environ, "TRFSITE_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run(
        [sys.executable, "-c", _FULL_CACHE, "build", str(src), "-o", str(out), "--no-pdf",
         "-j", "1"],  # fmt: skip
        env=env, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (out / "clean" / "index.html").is_file()
    assert (tmp_path / "cache").is_dir()  # the cache was there to be written to


# A worker killed by the system (memory ran out): here it ends itself at its first event.
_KILLED_WORKER = """
import os, sys
import trfsite.site.event_build as event_build
def killed(*args, **kwargs):
    os._exit(9)
event_build.build_event = killed
sys.argv = ["trfsite", *sys.argv[1:]]
from trfsite.cli import main
main()
"""


def test_a_worker_killed_by_the_system_is_one_clear_error(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    for name in ("fide-example1-trf16.trf", "fide-grandmommys-cup-trf26-team.trf"):
        (src / name).write_bytes((SAMPLES / name).read_bytes())
    out = tmp_path / "out"
    env = {**os.environ, "TRFSITE_CACHE_DIR": ""}
    done = subprocess.run(
        [sys.executable, "-c", _KILLED_WORKER, "build", str(src), "-o", str(out), "--no-pdf",
         "--jobs", "2"],  # fmt: skip
        env=env, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "a worker process ended abruptly" in done.stderr
    assert not out.exists()
