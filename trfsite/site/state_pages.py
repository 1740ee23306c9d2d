"""The people pages' digests of the build being made, in the build state as they are
made (issue 46), and how a save turns them into the state's ``pages`` table.

A first build of 1,000 events makes 15,000 people pages: their paths and digests,
held in a map to the state's save, were ~3.5 MiB of the build process, growing with
the archive. They go instead, a batch at a time, into a temporary table of the
state's connection (in a temporary file, with a small page cache in memory), which
the save compares with the stored digests in SQL. A temporary table is the
connection's own: a build killed before its save leaves nothing of it.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator, Mapping

MADE = "temp.made_pages"
_CREATE = (
    f"CREATE TABLE IF NOT EXISTS {MADE} (path TEXT PRIMARY KEY, digest TEXT NOT NULL) WITHOUT ROWID"
)
BATCH = 2000  # digests held before they are written (one statement each batch)


class PageDigests:
    """Each people page's digest (path -> digest of what made it), written to the state
    as set (``BuildState.made_pages``); a path set again keeps its last digest."""

    def __init__(self, db: sqlite3.Connection, batch: int = BATCH) -> None:
        self._db = db  # in its reading transaction: a write to temp tables takes no lock
        self._batch = batch
        self._held: dict[str, str] = {}
        db.execute(_CREATE)
        # SQLite's default page cache (2 MiB) would hold 13,000 pages' digests in
        # memory: a small one, the rest in the temporary file (the OS caches it).
        db.execute("PRAGMA temp.cache_size = -256")
        db.execute(f"DELETE FROM {MADE}")  # a table left by an earlier build of this connection

    def __setitem__(self, path: str, digest: str) -> None:
        self._held[path] = digest
        if len(self._held) >= self._batch:
            self.flush()

    def update(self, digests: Mapping[str, str]) -> None:
        for path, digest in digests.items():
            self[path] = digest

    @property
    def held(self) -> int:
        """How many digests are in memory now (at most the batch)."""
        return len(self._held)

    def flush(self) -> None:
        """Write the digests held into the state's temporary table."""
        if not self._held:
            return
        rows = sorted(self._held.items())
        self._held = {}
        self._db.executemany(f"INSERT OR REPLACE INTO {MADE} (path, digest) VALUES (?, ?)", rows)

    def _ordered(self, query: str) -> Iterator[tuple[str, ...]]:
        self.flush()
        yield from self._db.execute(query)

    def __iter__(self) -> Iterator[str]:
        """The paths, sorted."""
        return (path for (path,) in self._ordered(f"SELECT path FROM {MADE} ORDER BY path"))

    def stamp(self) -> str:
        """The build's id from its people pages' digests: two builds with the same id
        have the same pages (so a folder's id is deterministic and never trusted
        wrongly). Lines ``path NUL digest LF`` by path (SQLite's order of UTF-8 text is
        Python's of its code points), hashed as they are read."""
        found = hashlib.sha256()
        for path, digest in self._ordered(f"SELECT path, digest FROM {MADE} ORDER BY path"):
            found.update(f"{path}\0{digest}\n".encode("utf-8", "surrogatepass"))
        return found.hexdigest()


def save_pages(db: sqlite3.Connection, seq: int) -> list[str]:
    """The state's ``pages`` made those of ``made_pages`` (a save's transaction): the
    pages gone are deleted, those new or changed written with build ``seq``; the paths
    gone, sorted."""
    dropped = [
        path
        for (path,) in db.execute(
            f"SELECT path FROM pages WHERE NOT EXISTS (SELECT 1 FROM {MADE} m"
            " WHERE m.path = pages.path) ORDER BY path"
        )
    ]
    db.executemany("DELETE FROM pages WHERE path = ?", ((path,) for path in dropped))
    db.execute(
        "INSERT OR REPLACE INTO pages (path, digest, since) SELECT m.path, m.digest, ?"
        f" FROM {MADE} m LEFT JOIN pages p ON p.path = m.path"
        " WHERE p.digest IS NOT m.digest ORDER BY m.path",
        (seq,),
    )
    return dropped
