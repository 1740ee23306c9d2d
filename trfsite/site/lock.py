"""One process at a time per output folder: lock files held with flock(2).

The kernel releases a lock when its process ends, however it ends (a crash, SIGKILL),
so a lock is never left stale; the file itself is removed by its holder on the way out
(removed first, then unlocked; a process that locked a file removed meanwhile locks the
new one instead). A process that finds the lock held refuses at once (exit code 2),
naming the holder's process id. Two locks:

- ``holding(out, purpose)``: ``OUT.<purpose>.lock`` beside OUT, e.g. one
  ``trfsite publish`` per OUT;
- ``one_build_at_a_time(out, builds)``: ``OUT.builds/.trfsite-lock``, held by every
  build from before it makes its folder until its site is live. Two builds into one
  OUT (``serve`` rebuilding while a scheduled ``build`` runs) removed each other's
  unfinished folders, mixed their sites or destroyed the kept previous build. The
  build's workers end with it (``site/lifetime.py``).
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
except ImportError:  # pragma: no cover - Windows: no flock; nothing is serialised there
    fcntl = None  # type: ignore[assignment]


class LockedError(click.ClickException):
    """Another process holds the lock: a usage problem (exit 2), nothing was done."""

    exit_code = 2


class OutputBusy(LockedError):
    """Another build writes into the same OUT (usage error, exit 2)."""


def lock_path(out: Path, purpose: str) -> Path:
    """The lock file of ``purpose`` (e.g. "publish") for the output folder ``out``."""
    return out.absolute().with_name(f"{out.name}.{purpose}.lock")


@contextlib.contextmanager
def holding(out: Path, purpose: str) -> Iterator[Path]:
    """Hold ``purpose``'s lock on ``out`` while the block runs; refuses when it is held."""
    path = lock_path(out, purpose)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        handle = _locked(path)
    except _Held as held:
        raise LockedError(
            f"another trfsite {purpose}{held.holder} is running on {str(out)!r} "
            f"(lock {str(path)!r}); stop it first, or choose another output folder"
        ) from None
    except OSError as exc:
        raise LockedError(f"{path}: cannot be locked ({exc.strerror})") from None
    with _held(path, handle):
        yield path


@contextlib.contextmanager
def one_build_at_a_time(out: Path, builds: Path) -> Iterator[None]:
    """Hold the build lock of ``out`` (its builds folder is ``builds``) for the block."""
    if fcntl is None:  # pragma: no cover
        yield
        return
    path = builds / LOCK_NAME
    made = not builds.exists()
    try:
        builds.mkdir(parents=True, exist_ok=True)
        handle = _locked(path)
    except _Held as held:
        raise OutputBusy(
            f"-o {shown_name(out)!r}: another trfsite build is writing into it{held.holder}; "
            "expected one build per output folder at a time: wait until it ends, then "
            "build again"
        ) from None
    except OSError as exc:
        raise OutputBusy(
            f"-o {shown_name(out)!r}: cannot create its lock file in "
            f"{shown_name(builds)!r} ({exc.strerror or exc}); expected a writable folder"
        ) from None
    try:
        with _held(path, handle):
            yield
    finally:
        if made:  # a build refused before it began (OUT is a file...) leaves nothing
            with contextlib.suppress(OSError):
                builds.rmdir()


class _Held(Exception):
    def __init__(self, holder: str) -> None:
        super().__init__(holder)
        self.holder = holder  # " (process 1234)" or ""


def _locked(path: Path) -> int:
    """A descriptor of ``path`` holding its lock; _Held when another process holds it."""
    while True:
        handle = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            holder = _holder(handle)
            os.close(handle)
            if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
            raise _Held(holder) from None
        # The holder before us may have removed the file between our open and our lock:
        # then the lock is on a file nobody else sees, and it must be taken again.
        try:
            if os.path.samestat(os.fstat(handle), os.stat(path)):
                return handle
        except FileNotFoundError:
            pass
        os.close(handle)


@contextlib.contextmanager
def _held(path: Path, handle: int) -> Iterator[None]:
    try:
        os.ftruncate(handle, 0)
        os.write(handle, f"{os.getpid()}\n".encode())
        yield
    finally:
        # Removed while still held, so that no process locks a file about to go.
        with contextlib.suppress(OSError):
            os.unlink(path)
        os.close(handle)  # and the lock with it


def _holder(handle: int) -> str:
    """`` (process 1234)`` as the holder wrote it, "" when it says nothing readable."""
    try:
        text = os.pread(handle, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return f" (process {text})" if text.isdigit() else ""
