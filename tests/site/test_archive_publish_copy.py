"""Issue 46: ``data/archive.sqlite`` made from the working copy (``VACUUM INTO``) does
not sync the file it makes.

At 3,000 events the published file (145 MB) was synced six times (``fdatasync``,
SQLite's default ``synchronous = FULL``) while the build waited; no other file of a
build folder is synced. Counted here: the statements of the connection that vacuums.
The bytes are those of a plain ``VACUUM INTO`` (and the rebuild-equals-cold tests
check them against a cold build).
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from trfsite.site import archive_work

_PAGES = 1000  # pages of 4 KiB in the copy


def _copy(path: Path) -> None:
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v BLOB) WITHOUT ROWID")
        # One row of ~3.5 KiB a page: the copy is about _PAGES pages.
        db.executemany("INSERT INTO t VALUES (?, ?)", ((k, bytes(3500)) for k in range(_PAGES)))
    assert path.stat().st_size >= _PAGES * 4096


def test_the_same_bytes_as_a_plain_vacuum(tmp_path: Path) -> None:
    copy, published, plain = (tmp_path / name for name in ("copy", "published", "plain"))
    _copy(copy)
    archive_work.publish_copy(copy, published)
    with closing(sqlite3.connect(copy)) as db:
        db.execute("VACUUM INTO ?", (str(plain),))
    assert published.read_bytes() == plain.read_bytes()


def test_the_published_file_is_not_synced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "copy.sqlite"
    _copy(copy)
    statements: list[str] = []
    opened = sqlite3.connect

    def traced(*args: object, **kwargs: object) -> sqlite3.Connection:
        db = opened(*args, **kwargs)  # type: ignore[arg-type]
        db.set_trace_callback(statements.append)
        return db

    monkeypatch.setattr(sqlite3, "connect", traced)
    archive_work.publish_copy(copy, tmp_path / "published.sqlite")
    # The connection that vacuums says so before it does (SQLite's default, FULL, synced
    # the new file several times).
    assert statements[-1].startswith("VACUUM INTO")
    assert "PRAGMA synchronous = OFF" in statements[:-1]


def test_the_published_file_has_pages_of_16_kib(tmp_path: Path) -> None:
    """Each rebuild copies the archive whole (``VACUUM INTO`` keeps the copy's page size):
    pages of 16 KiB make a quarter of the reads and writes of SQLite's default 4 KiB."""
    made = tmp_path / "made.sqlite"
    with closing(sqlite3.connect(made, isolation_level=None)) as db:
        db.executescript(f"BEGIN;{archive_work.SCHEMA}COMMIT;")
    published = tmp_path / "published.sqlite"
    archive_work.publish_copy(made, published)
    with closing(sqlite3.connect(published)) as db:
        assert db.execute("PRAGMA page_size").fetchone() == (16384,)
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    assert {"events", "players", "games", "tiebreaks"} <= tables
