"""Where the people pages' files go: hard-linked from the previous output when their
bytes are the same, else written (plain strings and ``os`` calls: thousands of pages)."""

from __future__ import annotations

import os
import shutil
import stat


def _same_as_before(previous: str | None, path: str, data: bytes) -> bool:
    if previous is None:
        return False
    try:
        with open(os.path.join(previous, path), "rb") as file:
            return file.read() == data
    except OSError:
        return False


def _folder_for(target: str, folders: set[str]) -> None:
    folder = os.path.dirname(target)
    if folder not in folders:  # thousands of pages go into a few folders
        os.makedirs(folder, exist_ok=True)
        folders.add(folder)


def reuse_page(previous: str | None, path: str, root: str, folders: set[str]) -> bool:
    """Hard-link (else copy) ``path`` from the previous output; False if it is gone.

    ``path`` is one of the people pages' own paths, made from ids or by ``name_key``
    (never a name as written), so the writer's per-file checks are not needed for
    these thousands of files; plain strings, not pathlib's objects (10 us a page less).
    """
    if previous is None:
        return False
    source = os.path.join(previous, path)
    try:
        if not stat.S_ISREG(os.lstat(source).st_mode):  # never a link planted there
            return False
    except OSError:
        return False
    target = os.path.join(root, path)
    _folder_for(target, folders)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)
    return True


def link_pages(previous: str, root: str, paths: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
    """``_reuse`` for each of ``paths``, on a worker; (linked, the paths not there)."""
    folders: set[str] = set()
    missing = tuple(path for path in paths if not reuse_page(previous, path, root, folders))
    return len(paths) - len(missing), missing


def place_page(root: str, previous: str | None, path: str, data: bytes, folders: set[str]) -> bool:
    """Write a rendered page under ``root``; True when it was linked instead, because
    the previous output has the same bytes (its inputs changed, not what it shows)."""
    if _same_as_before(previous, path, data) and reuse_page(previous, path, root, folders):
        return True
    target = os.path.join(root, path)
    _folder_for(target, folders)
    with open(target, "wb") as file:
        file.write(data)
    return False
