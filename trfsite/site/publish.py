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

import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from trfsite.site import remover

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


# Events from which a build leaves a twin for the next (``publish_twin``): below, the
# next build's links cost less than 0.2 s.
TWIN_FROM_EVENTS = 100


def publish_twin(out: Path, keep: int, events: int) -> Path | None:
    """Publish a copy of the live build made of hard links, when it holds ``events``
    (at least ``TWIN_FROM_EVENTS``) and the next build would have no donor
    (``donor_build``); the copy's folder, or None.

    The first rebuild after a cold build had no older build to take its unchanged
    folders from, so it linked every file of the live build, one call each (an archive
    of 10,000 events: 17 s, 13 s of it in the kernel, against 2.5 s for the next
    rebuilds). The same links made once here, at the end of that cold build, leave
    the original build older than the live one: with ``keep`` 1, the next build
    takes its folders whole and removes the rest. Both builds are the same files, so
    a rollback to the original serves the same site. A copy that cannot be made is
    dropped: it only saves time.
    """
    live = live_folder(out)
    builds = builds_dir(out)
    if events < TWIN_FROM_EVENTS or keep < 1 or live is None:
        return None
    if live.parent.resolve() != builds.resolve():
        return None
    if donor_build(out, keep) is not None:
        return None
    # Named as an old build being removed: should this process be killed while it links,
    # the next build hands the half-made twin to a remover, not waiting for it.
    twin = Path(tempfile.mkdtemp(prefix=f"{_OLD_PREFIX}twin-", dir=builds))
    try:
        _link_tree(str(live), str(twin))
        twin.chmod(live.stat().st_mode & 0o777)
        published = publish(twin, out, keep)
    except OSError as exc:
        logger.debug("no linked copy of %s for the next build (%s)", live, exc)
        shutil.rmtree(twin, ignore_errors=True)
        return None
    logger.info(
        "%s published again as %s, linked: the next build takes from it", live.name, published.name
    )
    return published


def _link_tree(source: str, target: str) -> None:
    """``target`` made to hold ``source``'s files as hard links (links kept as links)."""
    shutil.copytree(source, target, symlinks=True, copy_function=os.link, dirs_exist_ok=True)


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


def remove_later(paths: list[Path]) -> subprocess.Popen[bytes] | None:
    """Remove ``paths`` in a process of their own, left running when this one ends.

    None when no such process can be started (the caller removes them then).
    """
    if not sys.executable:  # an embedded Python: no interpreter to start
        return None
    try:
        return subprocess.Popen(
            [sys.executable, "-I", "-S", remover.__file__, *map(str, paths)],
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

    With ``later``, old builds whose removal (``remove_later``) did not finish go to
    a new removing process rather than waited for; one whose removal is under way is
    left to it. So does the folder of a build that died (renamed as an old build
    first): a 3,000-event rebuild killed while it took the donor's folders left ~1,300
    of them there, and removing them held the next build for minutes (issue 46).
    """
    old = []
    for path in builds.iterdir():
        is_folder = not path.is_symlink() and path.is_dir()
        if later and path.name.startswith(_OLD_PREFIX) and is_folder:
            if not remover.being_removed(str(path)):
                old.append(path)
        elif later and path.name.startswith(_TMP_PREFIX) and is_folder:
            trash = builds / f"{_OLD_PREFIX}{path.name.removeprefix(_TMP_PREFIX)}"
            try:
                os.replace(path, trash)
                old.append(trash)
            except OSError:
                shutil.rmtree(path, ignore_errors=True)
        elif path.name.startswith(_TMP_PREFIX):
            if path.is_symlink() or path.is_file():
                path.unlink(missing_ok=True)
            else:
                shutil.rmtree(path, ignore_errors=True)
    if old and remove_later(old) is None:
        for path in old:
            shutil.rmtree(path, ignore_errors=True)
