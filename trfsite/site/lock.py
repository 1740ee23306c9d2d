"""One process at a time per output folder: a lock file beside OUT, held with flock(2).

The kernel releases the lock when its process ends, however it ends (a crash, SIGKILL),
so a lock is never left stale; the file itself is removed by its holder on the way out.
A process that finds the lock held refuses at once, naming the holder's process id.
"""

from __future__ import annotations

import errno
import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click


class LockedError(click.ClickException):
    """Another process holds the lock: a usage problem (exit 2), nothing was done."""

    exit_code = 2


def lock_path(out: Path, purpose: str) -> Path:
    """The lock file of ``purpose`` (e.g. "publish") for the output folder ``out``."""
    return out.absolute().with_name(f"{out.name}.{purpose}.lock")


@contextmanager
def holding(out: Path, purpose: str) -> Iterator[Path]:
    """Hold ``purpose``'s lock on ``out`` while the block runs; refuses when it is held."""
    path = lock_path(out, purpose)
    path.parent.mkdir(parents=True, exist_ok=True)
    while True:
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            holder = _holder(handle)
            os.close(handle)
            if exc.errno not in (errno.EWOULDBLOCK, errno.EACCES):
                raise LockedError(f"{path}: cannot be locked ({exc.strerror})") from None
            raise LockedError(
                f"another trfsite {purpose}{holder} is running on {str(out)!r} "
                f"(lock {str(path)!r}); stop it first, or choose another output folder"
            ) from None
        # The holder before us may have removed the file between our open and our lock:
        # then the lock is on a file nobody else sees, and it must be taken again.
        try:
            same = os.path.samestat(os.fstat(handle), os.stat(path))
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(handle)
    try:
        os.ftruncate(handle, 0)
        os.write(handle, f"{os.getpid()}\n".encode())
        yield path
    finally:
        # Removed while still held, so that no process locks a file about to go.
        path.unlink(missing_ok=True)
        os.close(handle)


def _holder(handle: int) -> str:
    """`` (process 1234)`` from the lock file, "" when it says nothing readable."""
    try:
        text = os.pread(handle, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return f" (process {text})" if text.isdigit() else ""
