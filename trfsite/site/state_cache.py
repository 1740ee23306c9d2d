"""The content-hash cache and the source files' signatures, as tables of the build state.

``cache_entries`` holds what each built event contributes (``site.cache.CacheEntry``,
its JSON), by the event's cache key, and ``cache_files`` its files' listing (apart: a
rebuild reads every entry, 4x smaller than a listing, and few listings); both are
content-addressed, so a row committed by a build killed later is still right for its
key. ``cache_live`` says which key each event folder of one build holds, and
``meta.cache_build`` which build that is: the id it wrote into its folder
(``site.cache.CACHE_ID``). A rebuild reuses an entry only when the live build bears that
id, or the id of the build that was live when it was written (``meta.cache_before``):
``cache_undo`` holds that build's keys where they differ (its slug with the key '' where
it had no such folder). So a build killed after its commit but before its folder was
published leaves the state describing the live build still; any other build live (one
rolled back by hand, one killed twice), every event is built again. A build writes the
rows of the events whose key changed and deletes those of the events gone: the entries
of the others are there.

``sources``: each source file's (device, inode, mode, size, mtime_ns, ctime_ns) as it
was when a build last read it, with its digest and whether it looked like a
tournament. A file whose signature is still that is taken with them, unread
(``site.discover``), as git's index does; anything else is read.

``event_rows``: what the home page, ``events.json`` and the feed show of each event
(``site.event_rows``), by its cache key, kept and dropped with its ``cache_entries`` row.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import NamedTuple

from trfsite.model.frozen import frozen_record, mutable_record
from trfsite.site.event_rows import EventRow, FlatRow
from trfsite.site.state_batch import select_in

SCHEMA = """
CREATE TABLE cache_entries (key TEXT PRIMARY KEY, slug TEXT NOT NULL, entry TEXT NOT NULL)
    WITHOUT ROWID;
CREATE TABLE cache_files (key TEXT PRIMARY KEY, files TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE cache_live (slug TEXT PRIMARY KEY, key TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE cache_undo (slug TEXT PRIMARY KEY, key TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE event_rows (
    key TEXT PRIMARY KEY, start INTEGER NOT NULL, name TEXT NOT NULL, slug TEXT NOT NULL,
    kind TEXT NOT NULL, year INTEGER NOT NULL, updated TEXT NOT NULL, card TEXT NOT NULL,
    item TEXT NOT NULL, entry TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE sources (
    path BLOB PRIMARY KEY, device INTEGER NOT NULL, inode INTEGER NOT NULL,
    mode INTEGER NOT NULL, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
    ctime_ns INTEGER NOT NULL, digest TEXT NOT NULL, tournament INTEGER NOT NULL
) WITHOUT ROWID;
"""

Signature = tuple[int, int, int, int, int, int]  # device, inode, mode, size, mtime_ns, ctime_ns

# A file changed within this time before a build began is not stored: the file
# system's clock runs behind the real one by up to a tick (a jiffy; a second or two
# on some file systems), and a change after the file was read must give it another
# ctime than the stored one (git's "racily clean" entries).
SETTLING_NS = 2_000_000_000


def signature(info: os.stat_result) -> Signature:
    return (
        info.st_dev,
        info.st_ino,
        info.st_mode,
        info.st_size,
        info.st_mtime_ns,
        info.st_ctime_ns,
    )


class KnownSource(NamedTuple):
    """A file as it was when last read: its digest ('' when it was only sniffed)."""

    signature: Signature
    digest: str
    tournament: bool


@mutable_record
class SourceStore:
    """The stored files by path under SRC (``os.fsencode``: however SRC is spelled on
    the command line), and what this build found anew; written with the cache (``save``)."""

    known: dict[bytes, KnownSource]
    started_ns: int = field(default_factory=time.time_ns)
    found: dict[bytes, KnownSource] = field(default_factory=dict)
    seen: set[bytes] | None = None  # the files this build walked (None: keep every row)
    prefix: bytes = b""  # SRC as walked, with a final slash: taken off each path

    def _key(self, path: Path) -> bytes:
        raw = os.fsencode(path)
        return raw[len(self.prefix) :] if raw.startswith(self.prefix) else raw

    def get(self, path: Path, info: os.stat_result) -> KnownSource | None:
        """What is stored of ``path`` when its signature is still ``info``'s, else None."""
        known = self.known.get(self._key(path))
        return known if known is not None and known.signature == signature(info) else None

    def put(self, path: Path, known: KnownSource) -> None:
        """Remember ``known`` for the next build, unless the file changed too lately
        to tell a later change from it (see ``SETTLING_NS``)."""
        if max(known.signature[4], known.signature[5]) < self.started_ns - SETTLING_NS:
            self.found[self._key(path)] = known

    def walked(self, paths: Iterable[Path]) -> None:
        self.seen = {self._key(path) for path in paths}

    def saved(self) -> None:
        """Its changes are in the state: the files found anew are not held to the end of
        the build (a cold build's 3,000 files: ~1.5 MB of its largest process, issue 46);
        those it knew stay, for the next language's PGN files."""
        self.found, self.seen = {}, None

    def changes(self) -> tuple[list[bytes], list[tuple[bytes, KnownSource]]]:
        """(paths gone, rows new or changed) since the store was read."""
        gone = [] if self.seen is None else sorted(p for p in self.known if p not in self.seen)
        new = sorted((p, k) for p, k in self.found.items() if self.known.get(p) != k)
        return gone, new


_ROW_COLUMNS = "key, start, name, slug, kind, year, updated, card, item, entry"
_FLAT_COLUMNS = "start, name, slug, kind, year, updated, card, item, entry, key"  # FlatRow's


@frozen_record
class CacheChanges:
    """What one build writes of the cache, in one transaction."""

    build: str  # the id the build wrote into its folder
    keys: Mapping[str, str]  # slug -> key of every event of the build
    built: Collection[str]  # the slugs built now (their rows are written again)
    # (entry, files) of a slug of the build, as stored; files None: the state holds the
    # listing (an entry read from it, or built and its listing written as it came).
    entry: Callable[[str], tuple[str, str | None]]
    live: Mapping[str, str] | None  # slug -> key of the live build's folders (None: unknown)
    live_build: str = ""  # the live build's id
    sources: SourceStore | None = None
    rows: Sequence[EventRow] = ()  # the events' rows the state lacks (those built now)


class StoredCache:
    """The cache's rows (``BuildState.cache``)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def live_entries(self, build: str) -> list[tuple[str, str, str]]:
        """(slug, key, entry) of each event folder of the build ``build``; none when the
        state does not describe that build. Their files are read apart, by the calls
        that link a folder file by file (``stored_listings``)."""
        meta = dict(
            self._db.execute(
                "SELECT name, value FROM meta WHERE name IN ('cache_build', 'cache_before')"
            )
        )
        if not build or build not in (meta.get("cache_build"), meta.get("cache_before")):
            return []
        # Read whole and joined here: ``cache_entries`` holds the entries of the live build
        # and of the one before it alone, and SQLite's join, a look-up per key, cost half
        # as much again (issue 46).
        entries = dict(self._db.execute("SELECT key, entry FROM cache_entries"))
        if build == meta.get("cache_build"):
            return self._joined("cache_live", entries)
        undo = dict(self._db.execute("SELECT slug, key FROM cache_undo"))
        live = self._joined("cache_live", entries)
        return [row for row in live if row[0] not in undo] + self._joined("cache_undo", entries)

    def _joined(self, table: str, entries: dict[str, str]) -> list[tuple[str, str, str]]:
        """(slug, key, entry) of each row of ``table`` (``cache_live`` or ``cache_undo``)
        whose key ``entries`` holds."""
        return [
            (slug, key, entries[key])
            for slug, key in self._db.execute(f"SELECT slug, key FROM {table}")
            if key in entries
        ]

    def rows(self, keys: Collection[str]) -> list[FlatRow]:
        """The stored rows of the events under ``keys`` (those it has), in no order, as
        stored (``event_rows.FlatRow``: the key last).

        The table is read whole: it holds the rows of the live build and of the one
        before it (``cache_undo``) alone, and one scan costs half what a look-up per
        key does (3,000 events: 14 against 28 ms, issue 46).
        """
        wanted = keys if isinstance(keys, (set, frozenset)) else set(keys)
        query = f"SELECT {_FLAT_COLUMNS} FROM event_rows"
        return [row for row in self._db.execute(query) if row[-1] in wanted]

    def sources(self) -> dict[bytes, KnownSource]:
        return {
            bytes(path): KnownSource((dev, ino, mode, size, mtime, ctime), digest, bool(flag))
            for path, dev, ino, mode, size, mtime, ctime, digest, flag in self._db.execute(
                "SELECT * FROM sources"
            )
        }


def stored_listings(wanted: Iterable[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """The files' listings (``linking.Listing``'s text) of the entries ``wanted``, each
    (build state file, cache key), by them: those the files hold, one query per file.
    Read-only, beside a build that may be writing the state; none from a file that
    cannot be read."""
    keys: dict[str, list[str]] = {}
    for state_file, key in wanted:
        keys.setdefault(state_file, []).append(key)
    found: dict[tuple[str, str], str] = {}
    for state_file, asked in keys.items():
        try:
            db = sqlite3.connect(f"{Path(state_file).resolve().as_uri()}?mode=ro", uri=True)
        except sqlite3.Error:
            continue
        try:
            query = "SELECT key, files FROM cache_files WHERE key IN ({keys})"
            found.update(((state_file, key), text) for key, text in select_in(db, query, asked))
        except sqlite3.Error:
            pass  # those folders are built again
        finally:
            db.close()
    return found


def put_listings(db: sqlite3.Connection, listings: Iterable[tuple[str, str]]) -> None:
    """Built events' listings, (key, text), in the open transaction ``db``, before their
    entries (``save``): content-addressed, right for their key whatever comes next."""
    db.executemany("INSERT OR REPLACE INTO cache_files (key, files) VALUES (?, ?)", listings)


def save(db: sqlite3.Connection, changes: CacheChanges) -> None:
    """Write ``changes`` in the open transaction ``db``: the rows of the events whose
    key changed or that were built, the events gone deleted, the way back to the live
    build (``cache_undo``), and the build's id."""
    now, live = changes.keys, changes.live
    stored = dict(db.execute("SELECT slug, key FROM cache_live"))
    changed = {slug for slug, key in now.items() if stored.get(slug) != key}
    gone = sorted(slug for slug in stored if slug not in now)
    undo: dict[str, str] = {}
    if live is not None:
        undo = {s: live.get(s, "") for s in {*now, *live} if live.get(s, "") != now.get(s, "")}
    kept = {*now.values(), *undo.values()}
    old = {stored[slug] for slug in (*changed, *gone) if slug in stored}
    old.update(key for (key,) in db.execute("SELECT key FROM cache_undo"))
    for table in ("cache_entries", "cache_files"):
        db.executemany(f"DELETE FROM {table} WHERE key = ?", ((key,) for key in sorted(old - kept)))
    db.executemany("DELETE FROM event_rows WHERE key = ?", ((key,) for key in sorted(old - kept)))
    db.executemany(
        f"INSERT OR REPLACE INTO event_rows ({_ROW_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            (r.key, *r.order, r.kind, r.year, r.updated, r.card, r.item, r.entry)
            for r in sorted(changes.rows, key=lambda row: row.key)
            if r.key in kept
        ),
    )
    written = [
        (now[slug], slug, *changes.entry(slug)) for slug in sorted(changed | set(changes.built))
    ]
    db.executemany(
        "INSERT OR REPLACE INTO cache_entries (key, slug, entry) VALUES (?, ?, ?)",
        (row[:3] for row in written if row[3] is not None),
    )
    # Files None: read from the state, or built and its listing written already
    # (``put_listings``); a key's row never changes, so one the state has is kept.
    db.executemany(
        "INSERT OR IGNORE INTO cache_entries (key, slug, entry) VALUES (?, ?, ?)",
        (row[:3] for row in written if row[3] is None),
    )
    db.executemany(
        "INSERT OR REPLACE INTO cache_files (key, files) VALUES (?, ?)",
        ((row[0], row[3]) for row in written if row[3] is not None),
    )
    # Listings written ahead by a build killed before its save name no entry: dropped
    # here, or they would stay for good once their event's key changes.
    db.execute("DELETE FROM cache_files WHERE key NOT IN (SELECT key FROM cache_entries)")
    db.executemany("DELETE FROM cache_live WHERE slug = ?", ((slug,) for slug in gone))
    db.executemany(
        "INSERT OR REPLACE INTO cache_live (slug, key) VALUES (?, ?)",
        ((slug, now[slug]) for slug in sorted(changed)),
    )
    db.execute("DELETE FROM cache_undo")
    db.executemany("INSERT INTO cache_undo (slug, key) VALUES (?, ?)", sorted(undo.items()))
    db.executemany(
        "INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)",
        (("cache_build", changes.build), ("cache_before", changes.live_build)),
    )
    if changes.sources is not None:
        save_sources(db, changes.sources)


def save_sources(db: sqlite3.Connection, store: SourceStore) -> None:
    """Write what ``store`` found anew and forgot (``changes``) in the open transaction
    ``db``; then the store holds no change of its own (``saved``)."""
    gone_paths, new = store.changes()
    db.executemany("DELETE FROM sources WHERE path = ?", ((p,) for p in gone_paths))
    db.executemany(
        "INSERT OR REPLACE INTO sources VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ((p, *k.signature, k.digest, int(k.tournament)) for p, k in new),
    )
    store.saved()
