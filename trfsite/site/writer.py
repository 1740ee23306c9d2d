"""Writing the site: every path is checked to stay inside the output folder."""

from __future__ import annotations

import shutil
from pathlib import Path, PurePosixPath

import click


class UnsafePathError(click.ClickException):
    """A path built from input would leave the output folder."""


class SiteWriter:
    """Writes files below one root folder and counts them."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.written: list[str] = []

    def target(self, relative: str) -> Path:
        """The absolute path for ``relative``; refuses anything that would leave the root."""
        pure = PurePosixPath(relative)
        if (
            not relative
            or pure.is_absolute()
            or "\\" in relative
            or any(part in ("..", "") for part in relative.split("/"))
            or ":" in pure.parts[0]
        ):
            raise UnsafePathError(f"refusing to write {relative!r}: the path would leave the site")
        path = (self.root / pure).resolve()
        if not path.is_relative_to(self.root) or path == self.root:
            raise UnsafePathError(f"refusing to write {relative!r}: the path would leave the site")
        return path

    def write_bytes(self, relative: str, data: bytes) -> None:
        path = self.target(relative)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        self.written.append(relative)

    def write_text(self, relative: str, text: str) -> None:
        self.write_bytes(relative, text.encode("utf-8"))

    def copy_file(self, relative: str, source: Path) -> None:
        path = self.target(relative)
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, path)
        self.written.append(relative)
