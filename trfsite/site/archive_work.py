"""``data/archive.sqlite`` kept up to date between builds, by the events that changed.

A working copy of the published file lives beside the builds (like the build state,
never in a build folder), with a second small database saying which cache key each
event's rows came from. A build deletes the rows of the events gone or changed,
inserts those of the events built now (or whose rows the copy lacks), recomputes the
people of those events only, and publishes the copy with ``VACUUM INTO``: a rebuild
after one changed event reads one event's data files, not the archive (before, every
kept row was copied into a fresh file: 5-12 s of a 1,000-event rebuild).

The published bytes are those of a build from nothing: every table is ordered by its
key (``WITHOUT ROWID``), ``VACUUM INTO`` writes the rows in that order whatever their
history, and the copy's schema is only ever made by the one script (its schema
cookie, which ``VACUUM INTO`` carries over, is the same as a fresh file's).

A build killed at any moment leaves both files correct for the next one: an event's
key is removed before its rows change (in one transaction) and written back after,
so rows without a key are replaced, never trusted.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import closing
from pathlib import Path
from typing import NamedTuple

from trfsite.pages.data_files import DATA_VERSION
from trfsite.site.archive_db import (
    ARCHIVE,
    PEOPLE,
    SCHEMA,
    TABLES,
    ArchiveEvent,
    insert_rows,
)
from trfsite.site.writer import SiteWriter

logger = logging.getLogger(__name__)

# What the copy was made by: another schema or data version makes it afresh.
_MADE_BY = hashlib.sha256(f"{DATA_VERSION}\n{SCHEMA}".encode()).hexdigest()
_KEYS_SCHEMA = """
CREATE TABLE rows (slug TEXT PRIMARY KEY, key TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
"""


class KeptEvent(NamedTuple):
    """An event whose rows the working copy holds under ``key`` (``held_keys``), sent to
    the worker without its summary: pickling 3,000 summaries there, then unpickling
    them, took 0.05 s before the copy could begin."""

    key: str
    slug: str


def slug_of(event: ArchiveEvent | KeptEvent) -> str:
    return event.slug if isinstance(event, KeptEvent) else event.summary.slug


def held_keys(state_file: Path) -> dict[str, str]:
    """The cache key of each event (by slug) whose rows the working copy beside the build
    state ``state_file`` holds, read only; none when the copy is not ``_MADE_BY``'s or
    cannot be read (a worker that finds otherwise says so: ``write_archive``)."""
    _, keys_file = work_paths(state_file)
    if not keys_file.is_file():
        return {}
    try:
        with closing(sqlite3.connect(f"{keys_file.resolve().as_uri()}?mode=ro", uri=True)) as keys:
            made_by = keys.execute("SELECT value FROM meta WHERE name = 'made_by'").fetchone()
            if made_by != (_MADE_BY,):
                return {}
            return dict(keys.execute("SELECT slug, key FROM rows"))
    except sqlite3.Error:
        return {}


def work_paths(state_file: Path) -> tuple[Path, Path]:
    """The working copy and its keys, beside the build state ``state_file``."""
    stem = state_file.name.removesuffix(".sqlite").replace("-state", "-archive")
    return state_file.with_name(f"{stem}.sqlite"), state_file.with_name(f"{stem}-keys.sqlite")


def write_archive(
    writer: SiteWriter,
    events: Sequence[ArchiveEvent | KeptEvent],
    work: Path,
    fresh: bool = False,
) -> bool:
    """Bring the working copy ``work`` (see ``work_paths``) up to ``events`` and publish
    it as ``data/archive.sqlite``; ``fresh``: forget what the copy held. False, nothing
    published, when the copy lacks the rows of a ``KeptEvent`` (then call again with
    every event's summary)."""
    copy, keys_file = work_paths(work)
    copy.parent.mkdir(parents=True, exist_ok=True)
    if fresh:
        _remove(copy, keys_file)
    try:
        with _opened(copy, keys_file) as (db, keys, made):
            complete = _update(db, keys, events, made)
    except sqlite3.DatabaseError as exc:  # a damaged copy is a cache: made again
        logger.info("%s: archive copy unreadable (%s); made afresh", copy, exc)
        _remove(copy, keys_file)
        with _opened(copy, keys_file) as (db, keys, made):
            complete = _update(db, keys, events, made)
    if not complete:
        return False
    target = writer.target(ARCHIVE)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.unlink(missing_ok=True)
    publish_copy(copy, target)
    writer.written.append(ARCHIVE)
    return True


def publish_copy(copy: Path, target: Path) -> None:
    """``VACUUM INTO`` ``target`` from the working copy ``copy`` (the same bytes as a
    fresh file's), not synced.

    The target is a file of the build folder like its pages, none of which is synced
    (publishing swaps the folder in; a killed build leaves the page cache whole): with
    SQLite's default (``synchronous = FULL``) it was synced six times, 145 MB written
    through to the disk at 3,000 events while the build waited. This connection only
    reads the copy, which keeps its own setting. (Read through a memory map, the copy
    took ~5 % less CPU, but its pages counted in the worker's resident memory, the
    largest process of a build: 164 MB more at 3,000 events.)
    """
    with closing(sqlite3.connect(copy)) as db:
        db.execute("PRAGMA synchronous = OFF")
        db.execute("VACUUM INTO ?", (str(target),))


def write_archive_at(
    root: Path, events: Sequence[ArchiveEvent | KeptEvent], work: Path, fresh: bool
) -> bool:
    """``write_archive`` into the site at ``root``, in a worker process."""
    return write_archive(SiteWriter(root), events, work, fresh)


def _remove(*paths: Path) -> None:
    for path in paths:
        for suffix in ("", "-journal"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


@contextlib.contextmanager
def _opened(
    copy: Path, keys_file: Path
) -> Iterator[tuple[sqlite3.Connection, sqlite3.Connection, bool]]:
    """Both databases, and whether they are ``_MADE_BY``'s; if not, both files are
    removed and ``_update`` makes them with their first rows."""
    made = _made_by_us(keys_file)
    if not made:
        _remove(copy, keys_file)
    with (
        closing(sqlite3.connect(copy, isolation_level=None)) as db,
        closing(sqlite3.connect(keys_file, isolation_level=None)) as keys,
    ):
        yield db, keys, made


def _made_by_us(keys_file: Path) -> bool:
    if not keys_file.is_file():
        return False
    try:
        with closing(sqlite3.connect(keys_file)) as keys:
            made_by = keys.execute("SELECT value FROM meta WHERE name = 'made_by'").fetchone()
    except sqlite3.Error:  # an empty or damaged file
        return False
    return bool(made_by == (_MADE_BY,))


def _update(
    db: sqlite3.Connection,
    keys: sqlite3.Connection,
    events: Sequence[ArchiveEvent | KeptEvent],
    made: bool,
) -> bool:
    """False, nothing changed, when a ``KeptEvent``'s rows are not the copy's. ``made``:
    the files are ``_MADE_BY``'s; if not (empty), each gets its tables in the
    transaction of its rows.

    Each commit syncs its file (four calls, 5-40 ms each on a busy disk), and every cold
    build makes the pair: two commits, the copy's then the keys' (a kill between the two
    leaves a copy without keys, made again by the next build). There were seven: 28
    syncs on the open's end.
    """
    if made:
        had = dict(keys.execute("SELECT slug, key FROM rows"))
        present = {slug for (slug,) in db.execute("SELECT slug FROM events")}
    else:
        had, present = {}, set()
    kept = {slug_of(e) for e in events if had.get(slug_of(e)) == e.key}
    new = [e for e in events if not isinstance(e, KeptEvent) and e.summary.slug not in kept]
    if len(kept) + len(new) < len(events):
        return False
    old = sorted((present | set(had)) - kept)
    if made:
        if not new and not old:
            return True
        keys.execute("BEGIN")
        redo = sorted(set(old) | {e.summary.slug for e in new})
        keys.executemany("DELETE FROM rows WHERE slug = ?", ((slug,) for slug in redo))
        keys.execute("COMMIT")
    db.executescript(
        "BEGIN;"
        if made
        else f"BEGIN;{SCHEMA}INSERT INTO meta VALUES ('version', '{DATA_VERSION}');"
    )
    try:
        db.execute("CREATE TEMP TABLE IF NOT EXISTS touched (key TEXT PRIMARY KEY)")
        db.execute("DELETE FROM temp.touched")
        db.execute("CREATE TEMP TABLE IF NOT EXISTS gone (slug TEXT PRIMARY KEY)")
        db.execute("DELETE FROM temp.gone")
        db.executemany("INSERT INTO temp.gone VALUES (?)", ((slug,) for slug in old))
        # Their persons' rows are made again from what is left and what comes.
        db.execute(
            "INSERT OR IGNORE INTO temp.touched SELECT person FROM players"
            " WHERE person IS NOT NULL AND event IN (SELECT slug FROM temp.gone)"
        )
        for table in TABLES:  # the tables that refer to events first
            column = "slug" if table == "events" else "event"
            db.execute(f"DELETE FROM {table} WHERE {column} IN (SELECT slug FROM temp.gone)")
        insert_rows(db, [(e.summary, e.folder) for e in new])
        db.executemany(
            "INSERT OR IGNORE INTO temp.touched SELECT person FROM players"
            " WHERE person IS NOT NULL AND event = ?",
            ((e.summary.slug,) for e in new),
        )
        db.execute("DELETE FROM people WHERE key IN (SELECT key FROM temp.touched)")
        db.execute(PEOPLE.format(only=" AND p.person IN (SELECT key FROM temp.touched)"))
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    keys.executescript(
        "BEGIN;"
        if made
        else f"BEGIN;{_KEYS_SCHEMA}INSERT INTO meta VALUES ('made_by', '{_MADE_BY}');"
    )
    keys.executemany(
        "INSERT OR REPLACE INTO rows (slug, key) VALUES (?, ?)",
        ((e.summary.slug, e.key) for e in new),
    )
    keys.execute("COMMIT")
    return True
