"""The rounds of the players of the events built now, kept on disk until the build
state takes them (issue 46).

An entry's packed rounds (``PersonEntry.record_text``) are a third of what the build
process kept of each event built until the people step, and only the pages made read
them (``site.people``'s ``_with_rounds``) and the state stores them. They wait in a
private temporary SQLite database (deleted when closed), the entries without them.
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace

from trfsite.people.entries import EventEntries


class BuiltRounds:
    """Each built event's rounds by (cache key, entry position)."""

    def __init__(self) -> None:
        # "": a private temporary on-disk database, deleted by SQLite when closed.
        self._db = sqlite3.connect("", isolation_level=None, check_same_thread=False)
        # SQLite's default page cache (2 MiB) would hold 300 events' rounds in memory:
        # a small one, the rest read back from the file (the OS caches it).
        self._db.execute("PRAGMA cache_size = -256")
        self._db.execute(
            "CREATE TABLE rounds (key TEXT NOT NULL, position INTEGER NOT NULL,"
            " record_text TEXT NOT NULL, PRIMARY KEY (key, position)) WITHOUT ROWID"
        )
        self._db.execute("BEGIN")  # never committed: nothing here outlives the build

    def take(self, key: str, event: EventEntries) -> EventEntries:
        """``event`` without its rounds, which are kept here under ``key``."""
        self._db.executemany(
            "INSERT OR REPLACE INTO rounds (key, position, record_text) VALUES (?, ?, ?)",
            ((key, n, e.record_text) for n, e in enumerate(event.entries) if e.record_text),
        )
        return replace(event, entries=tuple(e._replace(record_text="") for e in event.entries))

    def record(self, key: str, position: int) -> str | None:
        """The rounds of entry ``position`` of event ``key`` (None: not an event built now)."""
        row = self._db.execute(
            "SELECT record_text FROM rounds WHERE key = ? AND position = ?", (key, position)
        ).fetchone()
        return None if row is None else str(row[0])

    def of(self, key: str, count: int) -> list[str]:
        """The rounds of event ``key``'s ``count`` entries, in order ('' for none)."""
        found = dict(
            self._db.execute("SELECT position, record_text FROM rounds WHERE key = ?", (key,))
        )
        return [found.get(n, "") for n in range(count)]

    def close(self) -> None:
        self._db.close()
