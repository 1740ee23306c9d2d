"""The people pages on disk: what made a page (its digest), and taking an unchanged
page from the previous output instead of writing it again."""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from trfsite.pages.people_pages import PeoplePage, PeoplePlanner, PersonPlan


@dataclass(frozen=True, slots=True)
class PeopleJob:
    """What makes and places the people pages of one build (forked workers inherit it)."""

    planner: PeoplePlanner
    fingerprint: str  # of the theme and trfsite's code
    site_text: str
    old_pages: Mapping[str, str]  # path -> digest, from the previous build
    theme_paths: tuple[Path, ...]
    language: str
    root: Path  # where the pages go
    previous: Path | None  # the previous output, for unchanged pages


def digest(*parts: str) -> str:
    found = hashlib.sha256()
    for part in parts:
        encoded = part.encode("utf-8", "surrogatepass")
        found.update(len(encoded).to_bytes(8, "big") + encoded)
    return found.hexdigest()


def page_digest(fingerprint: str, site_text: str, item: PeoplePage | PersonPlan) -> str:
    """What a page is made from: a person page's inputs in short, another's context."""
    if isinstance(item, PersonPlan):
        return digest(fingerprint, site_text, item.inputs)
    return digest(fingerprint, item.template, repr(item.context))


def _same_as_before(previous: Path | None, path: str, data: bytes) -> bool:
    if previous is None:
        return False
    try:
        return (previous / path).read_bytes() == data
    except OSError:
        return False


# Folders made by this process since ``forget_folders`` (thousands of files each); the
# set is emptied at the start of each step, since a folder may be removed in between
# (an event rebuilt whole, see people_step).
_MADE: set[str] = set()


def forget_folders() -> None:
    _MADE.clear()


def _folder_for(target: str) -> None:
    # Plain strings: an archive writes tens of thousands of these pages, and pathlib's
    # objects (joining, parent, open) cost 10 us a page more (20 ms of 2000 pages).
    folder = os.path.dirname(target)
    if folder not in _MADE:
        os.makedirs(folder, exist_ok=True)
        _MADE.add(folder)


def reuse(previous: Path | None, path: str, root: Path) -> bool:
    """Hard-link (else copy) ``path`` from the previous output; False if it is gone.

    ``path`` is one of the people pages' own paths, made from ids or by
    ``name_key`` (never a name as written), so the writer's per-file checks are
    not needed for these thousands of files.
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
    _folder_for(target)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)
    return True


def place(root: Path, previous: Path | None, path: str, data: bytes) -> bool:
    """Write a rendered page under ``root``; True when it was linked instead, because
    the previous output has the same bytes (its inputs changed, not what it shows)."""
    if _same_as_before(previous, path, data) and reuse(previous, path, root):
        return True
    target = os.path.join(root, path)
    _folder_for(target)
    with open(target, "wb") as file:
        file.write(data)
    return False
