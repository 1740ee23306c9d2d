"""Reading a file that someone uploaded, without trusting it.

A results folder fed by hundreds of clubs may hold anything: a FIFO or a link to
``/dev/zero`` named ``open.trf`` (a plain ``read`` would wait, or read, forever),
a file nobody may read, a link to ``/etc/passwd``, a 50 MB upload, a name that is
not UTF-8. Every command opens its inputs through ``read_input``: a regular file,
within a size, inside the folder it was found in, or an ``InputRefused`` that the
caller reports as a finding for that file alone. ``shown_name`` turns any path
into text that can be printed, put into JSON or into a page.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

_KINDS = (
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)


class InputRefused(Exception):
    """The file is not read: ``code`` is the finding's code, ``reason`` says why (no path)."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def shown_name(path: Path | str) -> str:
    """The path as printable text: bytes that are not UTF-8 (``caf\\xe9.trf`` from a
    Latin-1 archive) and control characters become ``\\xNN``, so that the name
    survives stdout, JSON and HTML, and still tells the file apart."""
    text = os.fspath(path)
    if text.isprintable():
        return text
    raw = text.encode("utf-8", "surrogateescape")
    return "".join(map(_printable, raw.decode("utf-8", "backslashreplace")))


def _printable(char: str) -> str:
    if char.isprintable():
        return char
    return f"\\x{ord(char):02x}" if ord(char) < 256 else f"\\u{ord(char):04x}"


def _kind(mode: int) -> str:
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"


def outside(path: Path, root: Path) -> str | None:
    """Where ``path`` leads when that is outside ``root`` (through a symbolic link), else None."""
    try:
        real = Path(os.path.realpath(path))
        base = Path(os.path.realpath(root))
    except (OSError, ValueError):
        return None
    return None if real == base or real.is_relative_to(base) else shown_name(real)


def check_inside(path: Path, root: Path) -> None:
    """Raise InputRefused when ``path`` is a link leading out of ``root``."""
    target = outside(path, root)
    if target is not None:
        raise InputRefused(
            "file-outside-folder",
            f"is a symbolic link to {target!r}, outside {shown_name(root)!r}; expected a file "
            "inside the folder: it is not read",
        )


def read_input(path: Path, limit: int, root: Path | None = None) -> bytes:
    """The bytes of ``path``: a regular file of at most ``limit`` bytes (inside ``root``,
    links resolved, when given). Raises InputRefused, never waits on a FIFO or a device."""
    return _read(path, limit, root, cut=False)


def read_head(path: Path, size: int, root: Path | None = None) -> bytes:
    """The first ``size`` bytes of ``path``, under the same conditions as ``read_input``
    except the size (to sniff what a file is)."""
    return _read(path, size, root, cut=True)


def _read(path: Path, limit: int, root: Path | None, cut: bool) -> bytes:
    if root is not None:
        check_inside(path, root)
    try:
        before = os.stat(path)
        if not stat.S_ISREG(before.st_mode):
            raise _not_regular(before.st_mode)
        # O_NONBLOCK: should the file become a FIFO between stat and open, open returns.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | _NOCTTY)
    except OSError as exc:
        raise _unreadable(exc) from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise _not_regular(info.st_mode)
        if info.st_size > limit and not cut:
            raise _too_large(info.st_size, limit)
        with os.fdopen(descriptor, "rb", closefd=True) as handle:
            descriptor = -1
            data = handle.read(limit if cut else limit + 1)  # a growing file stops there too
    except OSError as exc:
        raise _unreadable(exc) from None
    finally:
        if descriptor >= 0:
            os.close(descriptor)
    if len(data) > limit:
        raise _too_large(len(data), limit)
    return data


_NOCTTY = getattr(os, "O_NOCTTY", 0)


def _not_regular(mode: int) -> InputRefused:
    return InputRefused(
        "file-not-regular",
        f"is {_kind(mode)}, not a regular file; expected a regular file: it is not read",
    )


def _too_large(size: int, limit: int) -> InputRefused:
    return InputRefused(
        "file-too-large",
        f"has {size:,} bytes or more; expected at most {limit:,} ({limit / 2**20:g} MiB): "
        "it is not read",
    )


def _unreadable(exc: OSError) -> InputRefused:
    if exc.errno == errno.ENAMETOOLONG:
        why = "its name is too long for the file system"
    else:
        why = exc.strerror or str(exc)
    return InputRefused("file-unreadable", f"cannot be read ({why}); expected a readable file")
