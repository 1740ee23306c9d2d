"""Issue 46: ``data/archive.sqlite`` made from the working copy (``VACUUM INTO``) reads
the copy through a memory map and does not sync the file it makes.

At 3,000 events the copy (164 MB) was read by 40,000 ``pread`` calls and the published
file (145 MB) synced six times before the build could go on. Counted here on a copy of
1,000 pages of 4 KiB: the read calls of this process (Linux's ``/proc/self/io``) and the
statements of the connection that vacuums. The published bytes are those of a plain
``VACUUM INTO`` (the rebuild-equals-cold tests check them against a cold build).
"""

from __future__ import annotations

import sqlite3
import sys
from contextlib import closing
from pathlib import Path

import pytest

from trfsite.site import archive_work

_PAGES = 1000  # pages of the copy: a plain VACUUM INTO reads each with a call of its own


def _read_calls() -> int:
    with open("/proc/self/io", encoding="ascii") as io:
        return next(int(line.split()[1]) for line in io if line.startswith("syscr:"))


def _copy(path: Path) -> None:
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v BLOB) WITHOUT ROWID")
        # One row of ~3.5 KiB a page: the copy is about _PAGES pages.
        db.executemany("INSERT INTO t VALUES (?, ?)", ((k, bytes(3500)) for k in range(_PAGES)))
    assert path.stat().st_size >= _PAGES * 4096


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts by /proc/self/io")
def test_the_copy_is_read_mapped_not_page_by_page(tmp_path: Path) -> None:
    copy, mapped, plain = tmp_path / "copy.sqlite", tmp_path / "mapped.sqlite", tmp_path / "plain"
    _copy(copy)
    before = _read_calls()
    archive_work.publish_copy(copy, mapped)
    calls = _read_calls() - before
    # Read page by page (main) it took a call per page, over 1,000; mapped, a handful
    # (the header, the schema) whatever the size.
    assert calls < _PAGES // 10, calls
    with closing(sqlite3.connect(copy)) as db:
        db.execute("VACUUM INTO ?", (str(plain),))
    assert mapped.read_bytes() == plain.read_bytes()


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
