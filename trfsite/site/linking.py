"""A rebuild's unchanged event folders carried into the new build, not built again.

``Linking`` starts as soon as the reused events are known: on the local workers (or a
thread) each folder is hard-linked file by file from the live build (``link_unchanged``),
unless the donor (``publish.donor_build``, the older build that publishing this one
removes) holds it as the live build has it: then it is left there and renamed into the
new build by ``move_from_donor``. A file missing or not as listed marks its folder
damaged: that event is built again.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import stat
import threading
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import NamedTuple

from trfsite.model.frozen import frozen_record

logger = logging.getLogger(__name__)


@frozen_record
class Listing:
    """A folder's files as the cache keeps them, decoded only when walked.

    ``text`` is JSON, ``[[path under the folder, size], ...]``. A rebuild mostly moves
    an unchanged folder whole (``move_from_donor``) and needs its seal alone: decoding
    and sending to the workers the 110 files of each of 300 events was most of the
    cost of the cache's entries. So a listing the build state holds is not even read
    (``text`` None, 2.5 MB per 1,000 events read and sent to the workers): it is read
    from ``stored`` by the call that links its folder file by file (``link_unchanged``).
    """

    folder: str  # under the build, forward slashes
    text: str | None  # None: not read, the build state holds it (``stored``)
    seal: tuple[str, int]  # the file that stands for the folder (see ``_seal``), under it
    stored: tuple[str, str] | None = None  # (build state file, cache key) holding ``text``

    @classmethod
    def of(cls, folder: str, files: Iterable[tuple[str, int]]) -> Listing:
        """The listing of ``files`` (paths under the build, in ``folder``)."""
        prefix = f"{folder}/"
        inside = sorted((path.removeprefix(prefix), size) for path, size in files)
        sizes = dict(inside)
        if "index.html" in sizes:
            seal = ("index.html", sizes["index.html"])
        else:  # no file at all (never so): a seal none has, so that it is built again
            seal = inside[0] if inside else ("index.html", -1)
        text = json.dumps(
            [list(item) for item in inside], ensure_ascii=False, separators=(",", ":")
        )
        return cls(folder, text, seal)

    def within(self, prefix: str) -> Listing:
        """The same files, the folder under ``prefix`` (a language's part of the build;
        none: this listing, not a copy per unchanged event)."""
        if not prefix:
            return self
        return Listing(prefix + self.folder, self.text, self.seal, self.stored)

    def __iter__(self) -> Iterator[tuple[str, int]]:
        """(path under the build, size) of each file; raises ValueError for a damaged
        listing, or one not read (its folder is then built again)."""
        if self.text is None:
            raise ValueError(f"the files of {self.folder!r} were not read from the build state")
        for item in json.loads(self.text):
            if not (isinstance(item, list) and len(item) == 2):
                raise ValueError(f"file entry {item!r}; expected [path, size]")
            path, size = item
            if not isinstance(path, str) or not isinstance(size, int) or ".." in path.split("/"):
                raise ValueError(f"file entry {item!r}; expected [path, size]")
            yield f"{self.folder}/{path}", size


class Reused(NamedTuple):
    """An event folder of the live build that enters the new one unchanged."""

    folder: str  # under the build, forward slashes
    # (path under the build, size in bytes): all of them; a ``Listing`` decodes them
    # only when the folder is linked file by file.
    files: Iterable[tuple[str, int]]


def link_unchanged(
    live: Path, tmp: Path, folders: list[Reused], donor: Path | None = None
) -> tuple[list[str], list[str]]:
    """Reused event folders enter the new build as hard links (copies across devices);
    (the folders that do not hold their files as listed, those left in ``donor``).

    The previous build keeps its own names for them, so it can still be rolled back
    to. Each listed file must be a regular file of the listed size: a page deleted,
    truncated or replaced by a link in the live build makes its event's folder
    damaged (it is built again). Only listed files are taken, so nothing left there
    by hand comes along. Checking here, in the workers that link, not before the
    build: listing the 33,000 files of an archive's events was 0.12 s of a rebuild's
    critical path.

    ``donor`` is an older build that publishing this one removes (``publish.donor_build``).
    A folder it holds as the very same files (see ``_same_in_donor``: a few calls
    per folder, not per file) is left there, to be moved in whole by
    ``move_from_donor`` once the event folders are made: one rename instead of a link per
    file, which was most of a rebuild's kernel time (33,000 links: 0.45 s). So once
    a site has a build to give (the third build on), a rebuild's file work is that
    of the changed events and a rename per unchanged one.
    """
    damaged, movable, to_link = [], [], []
    for reused in folders:
        try:
            if donor is not None and _same_in_donor(live, donor, reused):
                movable.append(reused.folder)
            else:
                if donor is not None:  # why a folder is linked, not moved (rare)
                    logger.debug("%s: linked; %s does not hold it", reused.folder, donor)
                to_link.append(reused)
        except (OSError, ValueError, _Damaged) as exc:
            logger.info("%s: not reused from the previous build (%s)", reused.folder, exc)
            damaged.append(reused.folder)
    for reused in _listed(to_link):
        try:
            _link_folder(live, tmp, reused)
        except (OSError, ValueError, _Damaged) as exc:
            logger.info("%s: not reused from the previous build (%s)", reused.folder, exc)
            shutil.rmtree(tmp / reused.folder, ignore_errors=True)
            damaged.append(reused.folder)
    return damaged, movable


def _listed(folders: list[Reused]) -> list[Reused]:
    """``folders`` with the listings the build state holds read (one not found stays
    unread: its folder is built again)."""
    unread = [
        r.files.stored
        for r in folders
        if isinstance(r.files, Listing) and r.files.text is None and r.files.stored
    ]
    if not unread:
        return folders
    from trfsite.site.state_cache import stored_listings  # only when a folder is linked

    texts, found = stored_listings(unread), []
    for reused in folders:
        files = reused.files
        if isinstance(files, Listing) and files.text is None and files.stored in texts:
            files = Listing(files.folder, texts[files.stored], files.seal)
        found.append(Reused(reused.folder, files))
    return found


def _live_files(live: Path, reused: Reused) -> Iterator[tuple[str, os.stat_result, bool]]:
    """(path, its lstat, first in its folder) of each listed file of the live build;
    raises _Damaged for a file that is not as listed or a folder that is a link."""
    checked: set[str] = set()
    for path, size in reused.files:
        info = os.lstat(os.path.join(live, path))
        if not stat.S_ISREG(info.st_mode) or info.st_size != size:
            raise _Damaged(path)
        parent = os.path.dirname(path)
        first = parent not in checked
        if first:  # a folder, not a link planted in the live build
            if not stat.S_ISDIR(os.lstat(os.path.join(live, parent)).st_mode):
                raise _Damaged(parent)
            checked.add(parent)
        yield path, info, first


def _link_folder(live: Path, tmp: Path, reused: Reused) -> None:
    for path, _, first in _live_files(live, reused):
        source, target = os.path.join(live, path), os.path.join(tmp, path)
        if first:
            os.makedirs(os.path.dirname(target), exist_ok=True)
        try:
            os.link(source, target)
        except OSError:
            shutil.copyfile(source, target)


def _same_in_donor(live: Path, donor: Path, reused: Reused) -> bool:
    """``donor`` holds the live folder's files: its seal (see ``_seal``) is the very
    same inode in both builds, and a regular file of the listed size in the live one.

    Raises _Damaged for a live folder whose seal is not as listed (it is built again).
    Three ``lstat`` per folder, not two per file (the 33,000 files of 300 events were
    0.4 s of CPU per rebuild, 110 files per event): a folder is only ever carried
    into a build whole, so a build holds the same inode as its seal only when it
    took the folder from the other. A file changed in place or left there by hand
    within a published build is not looked for; one deleted in the live build is not
    carried on (the donor has its own name for it).
    """
    path, size = _seal(reused)
    info = os.lstat(os.path.join(live, path))
    if not stat.S_ISREG(info.st_mode) or info.st_size != size:
        raise _Damaged(path)
    try:
        if not stat.S_ISDIR(os.lstat(os.path.join(donor, reused.folder)).st_mode):
            return False
        there = os.lstat(os.path.join(donor, path))
    except OSError:
        return False
    return there.st_ino == info.st_ino and there.st_dev == info.st_dev


def _seal(reused: Reused) -> tuple[str, int]:
    """The file that stands for its folder: the event's home page, else the first listed."""
    if isinstance(reused.files, Listing):
        path, size = reused.files.seal
        return f"{reused.folder}/{path}", size
    home = f"{reused.folder}/index.html"
    listed = list(reused.files)
    for path, size in listed:
        if path == home:
            return path, size
    return listed[0]


class _Damaged(Exception):
    def __str__(self) -> str:
        return f"{self.args[0]!r} is not the file the previous build wrote"


_LINK_TASKS = 8  # calls the folders are dealt into, for an even share between workers

# A folder as sent to a worker: its name, and its ``Listing``'s fields (``folder``,
# ``text``, ``seal``, ``stored``) or, for files listed otherwise, those files.
_ListingFields = tuple[str, str | None, tuple[str, int], tuple[str, str] | None]
_Sent = tuple[str, _ListingFields | None, Iterable[tuple[str, int]] | None]


def _sent(reused: Reused) -> _Sent:
    """``reused`` as plain tuples: a ``Listing`` (a slotted dataclass) in a ``Reused``
    was pickled by Python calls, 3 us a folder, 10 ms of a 3,000-event rebuild in the
    build process's feeder thread, which holds the interpreter lock the build needs
    on its way to the archive's start (issue 46); tuples of strings, 0.4 us."""
    files = reused.files
    if isinstance(files, Listing):
        return reused.folder, (files.folder, files.text, files.seal, files.stored), None
    return reused.folder, None, files


def _received(sent: list[_Sent]) -> list[Reused]:
    """The folders ``_sent`` made into tuples, as they were (in a worker)."""
    return [
        Reused(folder, Listing(*fields) if fields is not None else files or ())
        for folder, fields, files in sent
    ]


def _link_sent(
    live: Path, tmp: Path, sent: list[_Sent], donor: Path | None
) -> tuple[list[str], list[str]]:
    """``link_unchanged`` of the folders ``sent`` (see ``_sent``), in a worker."""
    return link_unchanged(live, tmp, _received(sent), donor)


def _move_in(
    live: Path, tmp: Path, folders: list[Reused], donor: Path | None
) -> tuple[list[str], list[str]]:
    """Rename ``folders`` from ``donor`` into ``tmp`` (one that cannot be renamed is
    linked from the live build instead); (those moved, those neither moved nor linked)."""
    donor_root, root = str(donor), str(tmp)
    parents: set[str] = set()  # made: one per language, not a call per folder
    moved, lost = [], []
    for reused in folders:
        target = os.path.join(root, reused.folder)
        parent = os.path.dirname(target)
        if parent not in parents:
            os.makedirs(parent, exist_ok=True)
            parents.add(parent)
        try:
            os.rename(os.path.join(donor_root, reused.folder), target)
            moved.append(reused.folder)
        except OSError as exc:
            logger.debug("%s: not moved from %s (%s); linked", reused.folder, donor, exc)
            shutil.rmtree(target, ignore_errors=True)
            damaged, _ = link_unchanged(live, tmp, [reused])
            lost += damaged
    return moved, lost


def _move_sent(
    live: Path, tmp: Path, sent: list[_Sent], donor: Path | None
) -> tuple[list[str], list[str]]:
    """``_move_in`` of the folders ``sent`` (see ``_sent``), in a worker."""
    return _move_in(live, tmp, _received(sent), donor)


_MOVE_TASKS = 2  # the pool's other worker takes them; the archive's, once it is done


class Linking:
    """``link_unchanged`` beside the build, started as soon as the reused events are known.

    Linking the 33,000 files of 299 unchanged events is kernel work (0.4 s). Given
    local workers, they link the folders (dealt into a few calls), idle as they
    are in a rebuild but for the changed event; else a thread here does, which
    gets less done beside this busy process (it waits for the interpreter lock).
    ``join`` before publishing (before those workers stop), and on failure; then
    ``move_from_donor`` once every event is built (the pool's other worker moves them
    while the first makes ``data/archive.sqlite``, which reads the live build's folders,
    not the donor's; ``moves_done`` waits for them), and ``return_to_donor`` if the build
    fails after all.
    """

    def __init__(
        self,
        live: Path,
        tmp: Path,
        folders: list[Reused],
        workers: Executor | None = None,
        donor: Path | None = None,
    ) -> None:
        self._live, self._tmp, self._donor = live, tmp, donor
        self._by_name = {reused.folder: reused for reused in folders}
        self._error: BaseException | None = None
        self._done: list[tuple[list[str], list[str]]] = []
        self._calls: list[Future[tuple[list[str], list[str]]]] = []
        self._movable: list[str] = []
        self._moved: list[str] = []  # moved in from the donor by move_from_donor
        self._moves: list[Future[tuple[list[str], list[str]]]] = []  # those on the workers
        if workers is not None:
            sent = [_sent(reused) for reused in folders]
            for part in range(min(_LINK_TASKS, len(folders))):
                share = sent[part::_LINK_TASKS]
                self._calls.append(workers.submit(_link_sent, live, tmp, share, donor))
            self._thread = None
            return
        self._thread = threading.Thread(
            target=self._run, args=(folders,), name="trfsite-link", daemon=True
        )
        self._thread.start()

    def _run(self, folders: list[Reused]) -> None:
        try:
            self._done.append(link_unchanged(self._live, self._tmp, folders, self._donor))
        except BaseException as exc:  # re-raised in the building thread by join()
            self._error = exc

    def join(self) -> list[str]:
        """Wait for the links; the damaged folders (see ``link_unchanged``), sorted.

        Raises what linking raised.
        """
        if self._thread is not None:
            self._thread.join()
        done = list(self._done) + [call.result() for call in self._calls]
        if self._error is not None:
            raise self._error
        self._movable = sorted(folder for _, movable in done for folder in movable)
        return sorted(folder for damaged, _ in done for folder in damaged)

    def move_from_donor(self, workers: Executor | None = None) -> None:
        """Move the folders left in the donor into the new build (after ``join``, once no
        event is built again: the donor stays whole until then); raises OSError.

        Given ``workers`` (the local pool, its first worker making the archive), they
        are moved there, beside the build's people step, and ``moves_done`` waits for
        them (issue 46: 3,000 renames were 0.1 s of CPU of a rebuild's build process,
        its longest path, while the pool's other worker was idle).
        """
        movable, self._movable = self._movable, []
        if workers is None:
            listed = [self._by_name[folder] for folder in movable]
            self._carried(_move_in(self._live, self._tmp, listed, self._donor))
            return
        sent = [_sent(self._by_name[folder]) for folder in movable]
        for part in range(min(_MOVE_TASKS, len(sent))):
            share = sent[part::_MOVE_TASKS]
            call = workers.submit(_move_sent, self._live, self._tmp, share, self._donor)
            self._moves.append(call)

    def moves_done(self) -> None:
        """Wait for the moves started on the workers (``move_from_donor``); raises OSError."""
        lost: list[str] = []
        while self._moves:  # a call that raises is left to return_to_donor
            moved, not_carried = self._moves[0].result()
            self._moves.pop(0)
            self._moved += moved
            lost += not_carried
        self._carried(([], lost))

    def _carried(self, carried: tuple[list[str], list[str]]) -> None:
        moved, lost = carried
        self._moved += moved
        if lost:
            raise OSError(f"{lost[0]!r}: cannot carry it into the new build")

    def return_to_donor(self) -> None:
        """The build failed after all (publishing it): the moved folders go back."""
        for call in self._moves:  # those moved by the workers, once they are
            with contextlib.suppress(BaseException):
                self._moved += call.result()[0]
        self._moves = []
        for folder in reversed(self._moved):
            try:
                os.rename(self._tmp / folder, self._donor / folder)  # type: ignore[operator]
            except OSError as exc:
                logger.debug("%s: not moved back to %s (%s)", folder, self._donor, exc)
        self._moved = []
