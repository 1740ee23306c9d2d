"""The content-hash cache and the source files' signatures, as tables of the build state.

``cache_entries`` holds what each built event contributes (``site.cache.CacheEntry``,
its JSON), by the event's cache key: content-addressed, so a row committed by a build
killed later is still right for its key. ``cache_live`` says which key each event
folder of one build holds, and ``meta.cache_build`` which build that is: the id it
wrote into its folder (``site.cache.CACHE_ID``). A rebuild reuses an entry only when
the live build bears that id; a build killed after its commit but before its folder
was published leaves another id live, and then every event is built again. A build
writes the rows of the events it built and deletes those of the events gone: the
entries of the others are already there.

``sources``: each source file's (device, inode, mode, size, mtime_ns, ctime_ns) as it
was when a build last read it, with its digest and whether it looked like a
tournament. A file whose signature is still that is taken with them, unread
(``site.discover``), as git's index does; anything else is read.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

SCHEMA = """
CREATE TABLE cache_entries (
    key TEXT PRIMARY KEY, slug TEXT NOT NULL, entry TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE cache_live (slug TEXT PRIMARY KEY, key TEXT NOT NULL) WITHOUT ROWID;
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


@dataclass(frozen=True, slots=True)
class KnownSource:
    """A file as it was when last read: its digest ('' when it was only sniffed)."""

    signature: Signature
    digest: str
    tournament: bool


@dataclass(slots=True)
class SourceStore:
    """The stored files by path (``os.fsencode`` of the path as walked), and what this
    build found anew; written with the cache (``save``)."""

    known: dict[bytes, KnownSource]
    started_ns: int = field(default_factory=time.time_ns)
    found: dict[bytes, KnownSource] = field(default_factory=dict)
    seen: set[bytes] | None = None  # the files this build walked (None: keep every row)

    def get(self, path: Path, info: os.stat_result) -> KnownSource | None:
        """What is stored of ``path`` when its signature is still ``info``'s, else None."""
        known = self.known.get(os.fsencode(path))
        return known if known is not None and known.signature == signature(info) else None

    def put(self, path: Path, known: KnownSource) -> None:
        """Remember ``known`` for the next build, unless the file changed too lately
        to tell a later change from it (see ``SETTLING_NS``)."""
        if max(known.signature[4], known.signature[5]) < self.started_ns - SETTLING_NS:
            self.found[os.fsencode(path)] = known

    def walked(self, paths: Iterable[Path]) -> None:
        self.seen = {os.fsencode(path) for path in paths}

    def changes(self) -> tuple[list[bytes], list[tuple[bytes, KnownSource]]]:
        """(paths gone, rows new or changed) since the store was read."""
        gone = [] if self.seen is None else sorted(p for p in self.known if p not in self.seen)
        new = sorted((p, k) for p, k in self.found.items() if self.known.get(p) != k)
        return gone, new


@dataclass(frozen=True, slots=True)
class CacheChanges:
    """What one build writes of the cache, in one transaction."""

    build: str  # the id the build wrote into its folder
    written: Sequence[tuple[str, str, str]]  # (key, slug, entry) of the events built now
    slugs: Collection[str]  # every event of the build
    sources: SourceStore | None = None


class StoredCache:
    """The cache's rows (``BuildState.cache``)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def live_entries(self, build: str) -> list[tuple[str, str, str]]:
        """(slug, key, entry) of each event folder of the build ``build``; none when
        the state does not describe that build."""
        row = self._db.execute("SELECT value FROM meta WHERE name = 'cache_build'").fetchone()
        if not build or row is None or row[0] != build:
            return []
        return list(
            self._db.execute(
                "SELECT l.slug, l.key, c.entry FROM cache_live l"
                " JOIN cache_entries c ON c.key = l.key AND c.slug = l.slug"
            )
        )

    def sources(self) -> dict[bytes, KnownSource]:
        return {
            bytes(path): KnownSource((dev, ino, mode, size, mtime, ctime), digest, bool(flag))
            for path, dev, ino, mode, size, mtime, ctime, digest, flag in self._db.execute(
                "SELECT * FROM sources"
            )
        }


def save(db: sqlite3.Connection, changes: CacheChanges) -> None:
    """Write ``changes`` in the open transaction ``db``: the rows of the events built,
    the events gone deleted, and the build's id."""
    written = {slug for _, slug, _ in changes.written}
    gone = [slug for (slug,) in db.execute("SELECT slug FROM cache_live")]
    gone = [slug for slug in gone if slug not in changes.slugs]
    replaced = [(slug,) for slug in sorted(written | set(gone))]
    db.executemany(
        "DELETE FROM cache_entries WHERE key IN (SELECT key FROM cache_live WHERE slug = ?)",
        replaced,
    )
    db.executemany("DELETE FROM cache_live WHERE slug = ?", replaced)
    db.executemany(
        "INSERT OR REPLACE INTO cache_entries (key, slug, entry) VALUES (?, ?, ?)",
        sorted(changes.written),
    )
    db.executemany(
        "INSERT INTO cache_live (slug, key) VALUES (?, ?)",
        sorted((slug, key) for key, slug, _ in changes.written),
    )
    db.execute(
        "INSERT OR REPLACE INTO meta (name, value) VALUES ('cache_build', ?)", (changes.build,)
    )
    if changes.sources is not None:
        gone_paths, new = changes.sources.changes()
        db.executemany("DELETE FROM sources WHERE path = ?", ((p,) for p in gone_paths))
        db.executemany(
            "INSERT OR REPLACE INTO sources VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            ((p, *k.signature, k.digest, int(k.tournament)) for p, k in new),
        )
