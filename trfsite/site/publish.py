"""Publishing a finished build atomically: ``OUT`` is a symlink flipped in one step.

Each build is written into its own folder ``OUT.builds/<id>`` beside OUT. When
it is complete, a new symlink is made next to OUT and renamed over it
(``os.replace``), which is atomic for readers: a web server serving OUT sees
either the whole previous site or the whole new one, never a gap. The
previous builds stay for rollback (``keep``); older ones are removed after the
flip (by the command line in a process of their own, see ``remove_later``:
deleting 33,000 files of an old archive build took a third of a rebuild's
second). A build that dies at any moment leaves OUT pointing at the previous
build; its unfinished folder (``OUT.builds/.tmp-*``) is removed by the next
build.

Where symlinks are not available, the old two-rename swap is used instead.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

_TMP_PREFIX = ".tmp-"
_OLD_PREFIX = f"{_TMP_PREFIX}old-"  # a build being removed (see remove_later)
_ID_WIDTH = 6  # build-000001: names sort in build order


def builds_dir(out: Path) -> Path:
    """The folder holding OUT's builds: ``OUT.builds`` beside OUT."""
    return out.parent / f"{out.name}.builds"


def live_folder(out: Path) -> Path | None:
    """The folder OUT serves now (the symlink's target, or OUT itself), or None."""
    if out.is_symlink():
        target = out.resolve()
        return target if target.is_dir() else None
    return out if out.is_dir() else None


def make_build_folder(out: Path, *, prune_later: bool = False) -> Path:
    """A new, empty folder for one build, readable by a web server; raises OSError.

    Leftovers of dead builds are removed first (old builds with ``prune_later``
    by a process not waited for, see ``remove_later``).
    """
    builds = builds_dir(out)
    builds.mkdir(parents=True, exist_ok=True)
    _remove_stale(builds, later=prune_later)
    tmp = Path(tempfile.mkdtemp(prefix=_TMP_PREFIX, dir=builds))
    umask = os.umask(0)
    os.umask(umask)
    tmp.chmod(0o777 & ~umask)  # mkdtemp's 0700 would hide the site from a web server
    return tmp


@dataclass(frozen=True, slots=True)
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
        """The same files, the folder under ``prefix`` (a language's part of the build)."""
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


@dataclass(frozen=True, slots=True)
class Reused:
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

    ``donor`` is an older build that publishing this one removes (see ``donor_build``).
    A folder it holds as the very same files (see ``_same_in_donor``: a few calls
    per folder, not per file) is left there, to be moved in whole by
    ``move_from_donor`` once the build is complete: one rename instead of a link per
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


class Linking:
    """``link_unchanged`` beside the build, started as soon as the reused events are known.

    Linking the 33,000 files of 299 unchanged events is kernel work (0.4 s). Given
    local workers, they link the folders (dealt into a few calls), idle as they
    are in a rebuild but for the changed event; else a thread here does, which
    gets less done beside this busy process (it waits for the interpreter lock).
    ``join`` before publishing (before those workers stop), and on failure; then
    ``move_from_donor`` once the build is complete.
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
        if workers is not None:
            for part in range(min(_LINK_TASKS, len(folders))):
                share = folders[part::_LINK_TASKS]
                self._calls.append(workers.submit(link_unchanged, live, tmp, share, donor))
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

    def move_from_donor(self) -> None:
        """Move the folders left in the donor into the new build (after ``join``, once
        the build is complete: the donor stays whole until then); raises OSError."""
        donor, tmp = str(self._donor), str(self._tmp)
        parents: set[str] = set()  # made: one per language, not a call per folder
        for folder in self._movable:
            target = os.path.join(tmp, folder)
            parent = os.path.dirname(target)
            if parent not in parents:
                os.makedirs(parent, exist_ok=True)
                parents.add(parent)
            try:
                os.rename(os.path.join(donor, folder), target)
                self._moved.append(folder)
            except OSError as exc:
                logger.debug("%s: not moved from %s (%s); linked", folder, self._donor, exc)
                shutil.rmtree(target, ignore_errors=True)
                damaged, _ = link_unchanged(self._live, self._tmp, [self._by_name[folder]])
                if damaged:
                    raise OSError(f"{folder!r}: cannot carry it into the new build") from exc
        self._movable = []

    def return_to_donor(self) -> None:
        """The build failed after all (publishing it): the moved folders go back."""
        for folder in reversed(self._moved):
            try:
                os.rename(self._tmp / folder, self._donor / folder)  # type: ignore[operator]
            except OSError as exc:
                logger.debug("%s: not moved back to %s (%s)", folder, self._donor, exc)
        self._moved = []


def donor_build(out: Path, keep: int) -> Path | None:
    """The newest build that publishing the next one removes (never the live one):
    its unchanged event folders can be moved into the next build, not linked."""
    builds = builds_dir(out)
    live = live_folder(out)
    if live is None or not builds.is_dir() or live.parent.resolve() != builds.resolve():
        return None
    published = [name for name in _build_ids(builds) if name < live.name]
    # As _prune will decide once the next build is live: ``keep`` of these and the
    # live one stay.
    doomed = published[: max(0, len(published) + 1 - keep)]
    return builds / doomed[-1] if doomed else None


def publish(tmp: Path, out: Path, keep: int, *, prune_later: bool = False) -> Path:
    """Make the complete build in ``tmp`` the one OUT serves; returns its folder.

    ``keep`` previous builds are kept for rollback; older ones are removed, with
    ``prune_later`` by a process of their own that this one does not wait for.
    """
    builds = builds_dir(out)
    if out.exists() and not out.is_symlink():
        _adopt_folder(out, builds)
    previous = live_folder(out)
    final = builds / _next_id(builds)
    os.replace(tmp, final)
    link = builds / f"{_TMP_PREFIX}link-{final.name}"
    try:
        os.symlink(os.path.relpath(final, out.parent), link, target_is_directory=True)
    except OSError:
        # No symlinks here (some Windows setups): fall back to two renames.
        logger.debug("symlinks unavailable; replacing %s by renames", out)
        _swap_by_rename(final, out)
        return out
    try:
        os.replace(link, out)
    except OSError:
        link.unlink(missing_ok=True)
        try:  # back where the caller cleans up (and takes back what it moved in)
            os.replace(final, tmp)
        except OSError:
            shutil.rmtree(final, ignore_errors=True)
        raise
    _prune(builds, final, previous, keep, later=prune_later)
    return final


def _adopt_folder(out: Path, builds: Path) -> None:
    """A real OUT folder from an older trfsite becomes a build; the only non-atomic moment."""
    os.replace(out, builds / _next_id(builds))


def _swap_by_rename(final: Path, out: Path) -> None:
    old = None
    if out.exists():
        old = out.parent / f".{out.name}.old-{final.name}"
        os.replace(out, old)
    os.replace(final, out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _build_ids(builds: Path) -> list[str]:
    return sorted(p.name for p in builds.iterdir() if p.name.startswith("build-") and p.is_dir())


def _next_id(builds: Path) -> str:
    numbers = [
        int(name[6:]) for name in _build_ids(builds) if name[6:].isascii() and name[6:].isdigit()
    ]
    return f"build-{(max(numbers) + 1) if numbers else 1:0{_ID_WIDTH}d}"


def _prune(
    builds: Path, live: Path, previous: Path | None, keep: int, later: bool = False
) -> subprocess.Popen[bytes] | None:
    """Keep ``keep`` builds that were live before; drop older ones and unpublished ones.

    A build newer than the previous live one but older than this one was never
    published (its build died between writing and flipping). With ``later``,
    each doomed build is first renamed as an unfinished one (``.tmp-old-*``: gone
    from the build list at once, and removed by the next build should the
    removing process not finish), then removed by ``remove_later``.
    """
    inside = previous is not None and previous.parent.resolve() == builds.resolve()
    last = previous.name if previous is not None and inside else ""
    older = [n for n in _build_ids(builds) if n < live.name and (not last or n <= last)]
    doomed = [n for n in _build_ids(builds) if n not in older and n != live.name]
    doomed += older[: max(0, len(older) - keep)]
    paths = [builds / name for name in doomed]
    if later and paths:
        moved = []
        for path in paths:
            trash = builds / f"{_OLD_PREFIX}{path.name}"
            try:
                os.replace(path, trash)
                moved.append(trash)
            except OSError:
                moved.append(path)
        remover = remove_later(moved)
        if remover is not None:
            return remover
        paths = moved
    for path in paths:
        shutil.rmtree(path, ignore_errors=True)
    return None


_REMOVE = "import shutil, sys\nfor path in sys.argv[1:]: shutil.rmtree(path, ignore_errors=True)"


def remove_later(paths: list[Path]) -> subprocess.Popen[bytes] | None:
    """Remove ``paths`` in a process of their own, left running when this one ends.

    None when no such process can be started (the caller removes them then).
    """
    if not sys.executable:  # an embedded Python: no interpreter to start
        return None
    try:
        return subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", _REMOVE, *map(str, paths)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # not stopped by the terminal's Ctrl-C meant for us
        )
    except OSError as exc:
        logger.debug("cannot remove %s in the background (%s)", paths, exc)
        return None


def _remove_stale(builds: Path, later: bool = False) -> None:
    """Folders and links of builds that died before they were published.

    With ``later``, old builds whose removal (``remove_later``) did not finish,
    or is still under way, go to a new removing process rather than waited for.
    """
    old = []
    for path in builds.iterdir():
        is_folder = not path.is_symlink() and path.is_dir()
        if later and path.name.startswith(_OLD_PREFIX) and is_folder:
            old.append(path)
        elif path.name.startswith(_TMP_PREFIX):
            if path.is_symlink() or path.is_file():
                path.unlink(missing_ok=True)
            else:
                shutil.rmtree(path, ignore_errors=True)
    if old and remove_later(old) is None:
        for path in old:
            shutil.rmtree(path, ignore_errors=True)
