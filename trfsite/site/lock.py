"""One build per output folder at a time.

Two builds into one OUT (``serve`` rebuilding while a scheduled ``build`` runs)
removed each other's unfinished folders, mixed their sites or destroyed the
kept previous build. Each build holds an exclusive ``flock`` on
``OUT.builds/.trfsite-lock`` from before it makes its folder until its site is
live, and removes the file then. The kernel releases the lock when the process
ends, however it ends (a killed build leaves the file, never a lock held), and
the build's workers end with it
(``site/lifetime.py``). A second build does not wait: it stops with exit code 2
and says which process holds the folder.
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterator
from pathlib import Path

import click

from trfsite.input_files import shown_name

LOCK_NAME = ".trfsite-lock"

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no flock; builds are not serialised there
    fcntl = None  # type: ignore[assignment]


class OutputBusy(click.ClickException):
    """Another build writes into the same OUT (usage error, exit 2)."""

    exit_code = 2


@contextlib.contextmanager
def one_build_at_a_time(out: Path, builds: Path) -> Iterator[None]:
    """Hold the lock of ``out`` (its builds folder is ``builds``) for the ``with`` block.

    The lock file is removed when the build ends (removed first, then unlocked); a build
    that finds the file it locked removed meanwhile locks the new one instead.
    """
    if fcntl is None:  # pragma: no cover
        yield
        return
    path = builds / LOCK_NAME
    made = not builds.exists()
    handle = _locked(out, builds, path)
    try:
        os.ftruncate(handle, 0)
        os.write(handle, f"{os.getpid()}\n".encode())
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(path)
        os.close(handle)  # and the lock with it
        if made:  # a build refused before it began (OUT is a file...) leaves nothing
            with contextlib.suppress(OSError):
                builds.rmdir()


def _locked(out: Path, builds: Path, path: Path) -> int:
    """A descriptor of ``path`` holding its lock; OutputBusy when another build holds it."""
    while True:
        try:
            builds.mkdir(parents=True, exist_ok=True)
            handle = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            raise OutputBusy(
                f"-o {shown_name(out)!r}: cannot create its lock file in "
                f"{shown_name(builds)!r} ({exc.strerror or exc}); expected a writable folder"
            ) from None
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            holder = _holder(handle)
            os.close(handle)
            if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
            raise OutputBusy(
                f"-o {shown_name(out)!r}: another trfsite build is writing into it{holder}; "
                "expected one build per output folder at a time: wait until it ends, then "
                "build again"
            ) from None
        try:
            if os.stat(path).st_ino == os.fstat(handle).st_ino:
                return handle
        except FileNotFoundError:
            pass
        os.close(handle)  # the build before removed it as this one locked it: again


def _holder(handle: int) -> str:
    """`` (process 1234)`` as the holder wrote it, or "" when unknown."""
    try:
        text = os.pread(handle, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return f" (process {text})" if text.isdigit() else ""
