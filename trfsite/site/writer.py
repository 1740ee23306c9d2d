"""Writing the site: every path is checked to stay inside the output folder."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable
from pathlib import Path

import click


class UnsafePathError(click.ClickException):
    """A path built from input would leave the output folder."""


class SiteWriter:
    """Writes files below one root folder and counts them."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.written: list[str] = []
        # Folders already checked and made, as text ending in a separator: a large event
        # writes thousands of pages into a few folders, and resolving every page's path
        # costs a system call per part; a page's path is then that text and its name (a
        # Path joined for each was 0.5 % of an archive's CPU).
        self._folders: dict[str, str] = {}

    def target(self, relative: str) -> Path:
        """The absolute path for ``relative``; refuses anything that would leave the root."""
        _refuse_unsafe(relative)
        path = (self.root / relative).resolve()
        if not path.is_relative_to(self.root) or path == self.root:
            raise UnsafePathError(f"refusing to write {relative!r}: the path would leave the site")
        return path

    def _file_path(self, relative: str) -> str:
        """The path of ``relative`` (a file's) in its checked and existing folder."""
        _refuse_unsafe(relative)
        folder, _, name = relative.rpartition("/")
        made = self._folders.get(folder)
        if made is None:
            resolved = (self.root / folder).resolve()
            if not resolved.is_relative_to(self.root):
                raise UnsafePathError(
                    f"refusing to write {relative!r}: the path would leave the site"
                )
            resolved.mkdir(parents=True, exist_ok=True)
            made = self._folders[folder] = os.path.join(resolved, "")
        return made + name

    def write_bytes(self, relative: str, data: bytes) -> None:
        write_file(self._file_path(relative), data)
        self.written.append(relative)

    def remove_folder(self, relative: str) -> None:
        """Deletes a folder below the root, and what it wrote there (e.g. to write it anew)."""
        shutil.rmtree(self.target(relative), ignore_errors=True)
        inside = relative.rstrip("/") + "/"
        for folder in [f for f in self._folders if f == relative or f.startswith(inside)]:
            del self._folders[folder]

    def write_text(self, relative: str, text: str) -> None:
        self.write_bytes(relative, text.encode("utf-8"))

    def write_pieces(self, relative: str, pieces: Iterable[str]) -> None:
        """The text of ``pieces``, joined, encoded and written a batch at a time: a large
        archive's home page or ``events.json`` (megabytes) is never whole in memory, as
        text and again as bytes, on top of the build's largest moment (issue 46)."""
        fd = os.open(self._file_path(relative), _CREATE, 0o666)
        try:
            batch: list[str] = []
            size = 0
            for piece in pieces:
                batch.append(piece)
                size += len(piece)
                if size >= _BATCH:
                    _write_all(fd, "".join(batch).encode("utf-8"))
                    batch, size = [], 0
            _write_all(fd, "".join(batch).encode("utf-8"))
        finally:
            os.close(fd)
        self.written.append(relative)

    def copy_file(self, relative: str, source: Path) -> None:
        path = self._file_path(relative)
        shutil.copyfile(source, path)
        self.written.append(relative)


# As ``open(path, "wb")`` opens a file (made with 0o666 less the umask; not inherited).
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0)
# Characters of ``write_pieces`` encoded and written at once: few system calls, little held.
_BATCH = 1 << 18


def write_file(path: Path | str, data: bytes) -> None:
    """Write ``data`` as the file ``path``, in three system calls (open, write, close).

    ``open(path, "wb")`` made a buffered file around each of a build's pages, and asked
    the system three things more of each (its size, whether it is a terminal, the
    position): some 130 files an event, all written whole at once.
    """
    fd = os.open(path, _CREATE, 0o666)
    try:
        _write_all(fd, data)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:  # a regular file takes it whole, save for a signal or a full disk
        view = view[os.write(fd, view) :]


def _refuse_unsafe(relative: str) -> None:
    """Refuses a path that is empty, absolute, climbs up or names a drive."""
    parts = relative.split("/")
    if (
        not relative
        or relative.startswith("/")
        or "\\" in relative
        or any(part in ("..", "") for part in parts)
        or ":" in parts[0]
    ):
        raise UnsafePathError(f"refusing to write {relative!r}: the path would leave the site")
