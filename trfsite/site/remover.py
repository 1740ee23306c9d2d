"""Removes old builds' folders, run as a script of its own (``publish.remove_later``):
``python -I -S remover.py FOLDER...``.

A remover holds a lock on each folder it removes (``flock`` on the folder itself, let go
of when the process ends), and skips a folder another remover holds: removing an
archive's old build takes minutes, and every rebuild meanwhile used to start one more
remover on the same folder, all walking it at once (six seen after one rebuild in which
every event changed, on two cores). Without ``fcntl`` (Windows) folders are not locked.

It imports nothing of trfsite: run with ``-I -S``, it may not find the package.
"""

from __future__ import annotations

import os
import shutil
import sys

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


_UNLOCKED = -1  # ``take`` without ``fcntl``: nothing held


def take(folder: str) -> int | None:
    """A descriptor of ``folder`` holding its lock; None when another remover holds it
    or the folder is gone."""
    if fcntl is None:  # pragma: no cover - Windows
        return _UNLOCKED if os.path.isdir(folder) else None
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def being_removed(folder: str) -> bool:
    """A remover holds ``folder`` now (or it is gone): no other need be started for it."""
    fd = take(folder)
    if fd is None:
        return True
    if fd != _UNLOCKED:
        os.close(fd)  # lets go of the lock
    return False


def remove(folders: list[str]) -> None:
    held = []  # the locks, let go of when the process ends
    for folder in folders:
        fd = take(folder)
        if fd is not None:
            held.append(fd)
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    remove(sys.argv[1:])
