"""A rebuild's people folder taken whole from the donor (the older build that
publishing this one removes, ``publish.donor_build``), not linked page by page.

Linking every unchanged person page (``os.link``, ~0.1 ms each) grew with the
archive: 30,000 people, 3 s of a rebuild. Instead (``PeopleTaking``):

1. ``plan``, before the people pages: the donor's people folders must bear the
   marks the state recorded when their build was saved (``state_history.FolderMark``:
   the same inode, and an mtime no entry changed since, so no page was added,
   deleted, renamed or replaced by a link; a folder replaced by a link is no
   folder). Then the pages not changed since that build are in the donor as the
   live build has them: the build leaves them out (``PageFiles``: ``in_place``)
   and makes, or links from the live build, only the others.
2. ``move_in``, once the build is complete (the donor stays whole until then):
   the donor's pages the build does not keep are moved aside in the donor, the
   build's own pages moved into the donor's folder, and that folder renamed into
   the build. Renames in proportion to what changed, and one for the folder.
3. ``give_back`` when publishing fails: the same renames undone.
4. ``mark``: the build's people folders' marks saved with its build number, so a
   later build can take them in turn.

A page is never written through (the live build may hold the same file). A build
killed during ``move_in`` leaves the donor's folder changed: its marks then fail
and the next build links page by page. The live build is never touched.
"""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Collection, Iterable
from itertools import chain
from pathlib import Path

from trfsite.people.report import PEOPLE_FOLDER
from trfsite.site.state_history import FolderMark, History
from trfsite.site.state_pages import paths_under

logger = logging.getLogger(__name__)

_ASIDE = ".trfsite-people-aside"  # in the donor: its pages the new build does not keep
_PREFIX = f"{PEOPLE_FOLDER}/"
_REFUSED = "people: %s is not as a build left it; its pages are linked from the live build"


def people_folders(pages: Iterable[str]) -> list[str]:
    """The folders under the build that hold the people pages among ``pages``."""
    found = {PEOPLE_FOLDER}
    # Paths under the build, "/" between parts: cut, not os.path.dirname (its checks
    # were most of the mark of a rebuild's 15,000 people pages); each folder once.
    for folder in {path.rpartition("/")[0] for path in pages}:
        if folder.startswith(_PREFIX):
            while folder not in found:  # and each folder between
                found.add(folder)
                folder = folder.rpartition("/")[0]
    return sorted(found)


class PeopleTaking:
    """One language's people folder, from the donor into the build in ``root``."""

    def __init__(self, donor: Path | None, root: Path, live: Path, state_file: Path) -> None:
        self._donor, self._root, self._live, self._state_file = donor, root, live, state_file
        self._from: int | None = None  # the build the donor's folder is, when taken
        self._marks: list[FolderMark] = []
        self._changed: set[str] = set()  # people pages changed since that build
        self._in_place: frozenset[str] = frozenset()
        self._kept: frozenset[str] = frozenset()
        self._pages: list[str] = []  # the build's people pages, when the donor's are taken
        self._folders: list[str] = []  # the folders of the build's people pages
        self._saved: int | None = None  # this build's number in the state
        self._moves: list[tuple[str, str]] = []  # renames done, for give_back

    def plan(self, history: History, old_pages: Collection[str]) -> frozenset[str]:
        """The pages the donor holds as the live build has them (``old_pages``, the
        state's pages of the live build, in order), to leave out of the build; none when
        the donor's folders are not as recorded."""
        donor = self._donor
        if donor is None or not old_pages:
            return frozenset()
        top = FolderMark.of(str(donor), PEOPLE_FOLDER)
        serving = FolderMark.of(str(self._live), PEOPLE_FOLDER)
        built = None if top is None else history.build_of(top)
        # Never through a link (it might lead to the live build's folder).
        if os.path.islink(donor) or top is None or _same_folder(top, serving) or built is None:
            logger.info(_REFUSED, donor / PEOPLE_FOLDER)
            return frozenset()
        marks = history.marks_of(built)
        if not self._as_recorded(marks):
            return frozenset()
        self._from, self._marks = built, marks
        self._changed = {p for p in history.changed_since(built) if p.startswith(_PREFIX)}
        # Set operations on the stored pages under the folder, not a test a page.
        people = paths_under(list(old_pages), _PREFIX)
        self._in_place = frozenset(people).difference(self._changed)
        return self._in_place

    def made(self, saved: int, pages: Iterable[str], kept: Iterable[str]) -> None:
        """The build is number ``saved`` in the state; its people ``pages``, of which
        ``kept`` were left in the donor."""
        self._saved = saved
        self._kept = frozenset(kept)
        if self._from is None:
            # No donor's folder taken: no page moves, so only the folders are kept
            # for ``mark``; every person page's path, held to the build's end, was
            # ~2 MiB at 3,000 events (issue 46).
            self._folders = people_folders(pages)
            return
        # Those the build placed itself: most of its pages are kept in the donor's folder.
        kept = self._kept
        self._pages = [p for p in pages if p not in kept and p.startswith(_PREFIX)]
        self._folders = people_folders(chain(self._pages, kept))

    def move_in(self) -> None:
        """Take the donor's folder into the complete build; raises OSError."""
        if self._from is None or self._donor is None:
            return
        donor, root = self._donor, self._root
        if not self._as_recorded(self._marks):  # changed during the build: link after all
            for path in sorted(self._kept):
                _link(os.path.join(self._live, path), os.path.join(root, path))
            return
        aside = donor / _ASIDE
        for path in sorted((self._in_place - self._kept) | self._changed):
            source = os.path.join(donor, path)
            if os.path.lexists(source):  # dropped or changed since: not the build's
                self._rename(source, os.path.join(aside, path))
        for path in sorted(set(self._pages)):  # a few: most are kept
            self._rename(os.path.join(root, path), os.path.join(donor, path))
        if os.path.lexists(root / PEOPLE_FOLDER):
            shutil.rmtree(root / PEOPLE_FOLDER)  # empty folders now
        self._rename(str(donor / PEOPLE_FOLDER), str(root / PEOPLE_FOLDER))
        logger.info(
            "people: %s taken from %s, %d page(s) in place",
            PEOPLE_FOLDER,
            donor.name,
            len(self._kept),
        )

    def give_back(self) -> None:
        """Publishing failed: the donor's folder and pages go back as they were."""
        for source, target in reversed(self._moves):
            try:
                os.makedirs(os.path.dirname(source), exist_ok=True)
                os.rename(target, source)
            except OSError as exc:
                logger.debug("%s: not moved back (%s)", target, exc)
        self._moves = []
        if self._donor is not None:
            shutil.rmtree(self._donor / _ASIDE, ignore_errors=True)

    def mark(self) -> None:
        """Save the build's people folders' marks (after ``move_in``: they are final)."""
        if self._saved is None:
            return
        from trfsite.site.state import BuildState  # not imported by a build without people

        found = (FolderMark.of(str(self._root), f) for f in self._folders)
        with BuildState(self._state_file) as state:
            state.save_marks(self._saved, [m for m in found if m is not None])

    def mark_twin(self, built: Path, twin: Path) -> None:
        """The build made in ``built`` was published again as ``twin`` (``publish_twin``):
        save its people folders' marks too, so the build after next takes them whole."""
        if self._saved is None:
            return
        from trfsite.site.state import BuildState

        root = str(twin / self._root.relative_to(built))
        found = (FolderMark.of(root, f) for f in self._folders)
        with BuildState(self._state_file) as state:
            state.save_twin_marks([m for m in found if m is not None])

    def _as_recorded(self, marks: list[FolderMark]) -> bool:
        donor = str(self._donor)
        for mark in marks:
            if FolderMark.of(donor, mark.folder) != mark:
                logger.info(_REFUSED, os.path.join(donor, mark.folder))
                return False
        return bool(marks)

    def _rename(self, source: str, target: str) -> None:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        os.rename(source, target)
        self._moves.append((source, target))


def _link(source: str, target: str) -> None:
    from trfsite.site.people_files import link_or_copy, regular_file

    os.makedirs(os.path.dirname(target), exist_ok=True)
    if not regular_file(source):  # never a link planted there
        raise OSError(f"{source!r} is not the page the previous build wrote")
    link_or_copy(source, target)


def _same_folder(one: FolderMark, other: FolderMark | None) -> bool:
    return other is not None and (one.device, one.inode) == (other.device, other.inode)
