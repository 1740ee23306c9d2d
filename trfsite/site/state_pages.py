"""The people pages' digests of the build being made, in the build state as they are
made (issue 46), and how a save turns them into the state's ``pages`` table.

A first build of 1,000 events makes 15,000 people pages: their paths and digests,
held in a map to the state's save, were ~3.5 MiB of the build process, growing with
the archive. They go instead, a batch at a time, into a temporary table of the
state's connection (in a temporary file, with a small page cache in memory), which
the save compares with the stored digests in SQL. A temporary table is the
connection's own: a build killed before its save leaves nothing of it.

A rebuild that resolves a part alone keeps most pages as they are (38,000 of 40,000
at 3,000 events): those are not written again (``PageDigests.on_stored``), and the
build's id is a sum of one number per page, so that it is the stored sum with the
pages that changed taken out and put in (never every page hashed again, issue 46).
"""

from __future__ import annotations

import bisect
import hashlib
import sqlite3
from collections.abc import Collection, Iterator, Mapping, Sequence

from trfsite.site.state_batch import select_in

MADE = "temp.made_pages"
_CREATE = (
    f"CREATE TABLE IF NOT EXISTS {MADE} (path TEXT PRIMARY KEY, digest TEXT NOT NULL) WITHOUT ROWID"
)
BATCH = 2000  # digests held before they are written (one statement each batch)
# In ``meta``: "STAMP SUM", the sum of the stored pages' terms (see ``PageDigests.stamp``)
# and the stamp it makes; trusted only beside that stamp (a build by an older trfsite
# writes the stamp alone).
SUM = "pages_sum"
# A sum of hashes resists crafted pages only with a large modulus (Bellare and
# Micciancio's AdHash): at 256 bits, Wagner's generalized birthday attack can find pages
# whose terms sum alike, and pages come from organisers' files. Hence 2048 bits.
_TERM_BYTES = 256
_MODULUS = 1 << (8 * _TERM_BYTES)


def _term(path: str, digest: str) -> int:
    """One page's part of the build's id: SHAKE-256 of ``path NUL digest``, 2048 bits."""
    line = f"{path}\0{digest}".encode("utf-8", "surrogatepass")
    return int.from_bytes(hashlib.shake_256(line).digest(_TERM_BYTES), "big")


class PageDigests:
    """Each people page's digest (path -> digest of what made it), written to the state
    as set (``BuildState.made_pages``); a path set again keeps its last digest."""

    def __init__(self, db: sqlite3.Connection, batch: int = BATCH) -> None:
        self._db = db  # in its reading transaction: a write to temp tables takes no lock
        self._batch = batch
        self._held: dict[str, str] = {}
        self._looked_at: frozenset[str] | None = None  # None: the build sets every page
        self._total: int | None = None
        db.execute(_CREATE)
        # SQLite's default page cache (2 MiB) would hold 13,000 pages' digests in
        # memory: a small one, the rest in the temporary file (the OS caches it).
        db.execute("PRAGMA temp.cache_size = -256")
        db.execute(f"DELETE FROM {MADE}")  # a table left by an earlier build of this connection

    def on_stored(self, looked_at: Collection[str]) -> None:
        """The build's pages are the stored ones but for ``looked_at`` (stored pages it
        looked at again): each of those it does not set is gone, the others stay as
        stored, unwritten."""
        self._looked_at = frozenset(looked_at)

    def __setitem__(self, path: str, digest: str) -> None:
        self._total = None
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
        wrongly). The SHA-256 of the sum, modulo 2**2048, of each page's term (``_term``:
        SHAKE-256 of ``path NUL digest``, 2048 bits, as a big-endian number): a sum, so
        that a rebuild's id is the stored one with the changed pages' terms taken out
        and put in."""
        return hashlib.sha256(self.total().to_bytes(_TERM_BYTES, "big")).hexdigest()

    def total(self) -> int:
        """The sum of the build's pages' terms (see ``stamp``)."""
        if self._total is not None:
            return self._total
        self.flush()
        db = self._db
        if self._looked_at is None:
            rows = db.execute(f"SELECT path, digest FROM {MADE}")
            found = sum(_term(path, digest) for path, digest in rows)
        else:
            found = _stored_total(db)
            for path, digest, old in db.execute(
                f"SELECT m.path, m.digest, p.digest FROM {MADE} m LEFT JOIN main.pages p"
                " ON p.path = m.path"
            ):
                if digest != old:
                    found += _term(path, digest) - (0 if old is None else _term(path, old))
            found -= sum(_term(path, old) for path, old in self._gone())
        self._total = found % _MODULUS
        return self._total

    def dropped(self) -> list[str]:
        """The stored pages this build does not have, sorted."""
        self.flush()
        if self._looked_at is None:
            query = (
                f"SELECT path FROM main.pages WHERE NOT EXISTS (SELECT 1 FROM {MADE} m"
                " WHERE m.path = pages.path) ORDER BY path"
            )
            return [path for (path,) in self._db.execute(query)]
        return [path for path, _ in self._gone()]

    def _gone(self) -> list[tuple[str, str]]:
        """(path, stored digest) of the pages looked at and not set again, by path."""
        query = (
            "SELECT p.path, p.digest FROM main.pages p WHERE p.path IN ({keys}) AND NOT EXISTS"
            f" (SELECT 1 FROM {MADE} m WHERE m.path = p.path)"
        )
        return sorted(select_in(self._db, query, self._looked_at or ()))


def _stored_total(db: sqlite3.Connection) -> int:
    """The sum of the stored pages' terms: kept beside the stored stamp, else (a state
    saved by an older trfsite) summed again."""
    stamp = db.execute("SELECT value FROM meta WHERE name = 'stamp'").fetchone()
    kept = db.execute("SELECT value FROM meta WHERE name = ?", (SUM,)).fetchone()
    if stamp is not None and kept is not None:
        kept_stamp, _, total = kept[0].partition(" ")
        if kept_stamp == stamp[0]:
            return int(total, 16)
    return sum(_term(path, digest) for path, digest in db.execute("SELECT path, digest FROM pages"))


def save_pages(db: sqlite3.Connection, seq: int, made: PageDigests) -> list[str]:
    """The state's ``pages`` made those of the build (``made``, in a save's
    transaction): the pages gone are deleted, those new or changed written with build
    ``seq``; the paths gone, sorted."""
    dropped = made.dropped()
    total = made.total()  # before the stored pages change
    db.executemany("DELETE FROM pages WHERE path = ?", ((path,) for path in dropped))
    db.execute(
        "INSERT OR REPLACE INTO pages (path, digest, since) SELECT m.path, m.digest, ?"
        f" FROM {MADE} m LEFT JOIN pages p ON p.path = m.path"
        " WHERE p.digest IS NOT m.digest ORDER BY m.path",
        (seq,),
    )
    db.execute(
        "INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)",
        (SUM, f"{made.stamp()} {total:x}"),
    )
    return dropped


def paths_under(ordered: Sequence[str], prefix: str) -> Sequence[str]:
    """The paths of ``ordered`` (sorted) that start with ``prefix``: a slice, for they
    are side by side. A rebuild at 10,000 events holds 118,000 page paths, and a test
    of each in Python was most of what its people step did with them (issue 46)."""
    start = bisect.bisect_left(ordered, prefix)
    end = bisect.bisect_left(ordered, prefix[:-1] + chr(ord(prefix[-1]) + 1), start)
    return ordered[start:end]
