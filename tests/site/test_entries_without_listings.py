"""A rebuild reads the live build's cache entries without the files' listings.

Issue 46: each event's row in the build state held its entry (~630 bytes at 3,000
events) and its files' listing (~2,500 bytes) together, so reading the 3,000 entries
read 3,500 pages of the state (29 ms of CPU before any event was built); a rebuild
needs a listing only for a folder linked file by file. The listings are a table apart.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from sitehelpers import small_round_robin

from trfsite.site.build import BuildOptions, build_site
from trfsite.site.cache import CACHE_ID
from trfsite.site.state import state_path
from trfsite.site.state_cache import StoredCache, stored_listings

pytestmark = pytest.mark.slow


def _columns_read(db: sqlite3.Connection, build: str) -> set[tuple[str, str]]:
    """(table, column) of every value ``live_entries`` reads, by SQLite's authorizer."""
    read: set[tuple[str, str]] = set()

    def note(action: int, table: str | None, column: str | None, *_: object) -> int:
        if action == sqlite3.SQLITE_READ and table and column:
            read.add((table, column))
        return sqlite3.SQLITE_OK

    db.set_authorizer(note)
    rows = StoredCache(db).live_entries(build)
    db.set_authorizer(None)
    assert [slug for slug, _, _ in rows] == ["a-2024", "b-2025"]
    return read


def test_the_live_entries_are_read_from_rows_without_listings(tmp_path: Path) -> None:
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "a-2024.trf").write_text(small_round_robin(), encoding="utf-8")
    (src / "b-2025.trf").write_text(small_round_robin().replace("2024", "2025"), "utf-8")
    build_site(BuildOptions(src, out, pdf=False, jobs=1))
    build = (out / CACHE_ID).read_text(encoding="ascii").strip()
    state = state_path(out)
    with closing(sqlite3.connect(state)) as db:
        read = _columns_read(db, build)
        tables = {table for table, _ in read}
        columns = {
            table: {row[1] for row in db.execute(f"PRAGMA table_info({table})")} for table in tables
        }
        keys = [key for (key,) in db.execute("SELECT key FROM cache_live ORDER BY slug")]
    # The entries' rows hold no listing (main: cache_entries held ``files`` too).
    assert tables == {"meta", "cache_live", "cache_entries"}
    assert all("files" not in names for names in columns.values())
    # The listings are still there for a folder linked file by file.
    listings = stored_listings([(str(state), key) for key in keys])
    assert sorted(listings) == sorted((str(state), key) for key in keys)
    assert all("index.html" in text for text in listings.values())
