"""The people pages' digests go to the build state as they are made (issue 46).

A first build of 1,000 events makes 15,000 people pages; their digests, held in a
map to the state's save, grew the build process with the archive.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from trfsite.site.state import BuildState, Changes, Resolved

NOTHING_RESOLVED = Resolved((), None, (), "", {})


def _stored(path: Path) -> list[tuple[str, str, int]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT path, digest, since FROM pages ORDER BY path").fetchall()


def test_no_more_digests_are_held_than_a_batch(tmp_path: Path) -> None:
    with BuildState(tmp_path / "state.sqlite") as state:
        made = state.made_pages(batch=2)
        held = []
        for path, digest in (("p/b", "2"), ("p/a", "1"), ("p/c", "3"), ("p/a", "9"), ("p/d", "4")):
            made[path] = digest
            held.append(made.held)
        # Written at each second digest (main: a map held every one to the save).
        assert held == [1, 0, 1, 0, 1]
        assert list(made) == ["p/a", "p/b", "p/c", "p/d"]  # by path; "p/a" once


def test_the_stamp_hashes_each_path_and_its_last_digest_by_path(tmp_path: Path) -> None:
    with BuildState(tmp_path / "state.sqlite") as state:
        made = state.made_pages(batch=2)
        for path, digest in (("p/é", "5"), ("p/b", "2"), ("p/a", "1"), ("p/a", "9")):
            made[path] = digest
        # By code point: "é" (U+00E9) after "b"; "p/a" with its last digest.
        text = "p/a\x009\np/b\x002\np/é\x005\n"
        assert made.stamp() == hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_a_save_keeps_the_build_of_each_unchanged_page_and_drops_the_pages_gone(
    tmp_path: Path,
) -> None:
    path = tmp_path / "state.sqlite"
    with BuildState(path) as state:
        made = state.made_pages()
        made.update({"p/a": "1", "p/b": "2", "p/c": "3"})
        assert state.save(Changes({}, made, NOTHING_RESOLVED, made.stamp())) == 1
    assert _stored(path) == [("p/a", "1", 1), ("p/b", "2", 1), ("p/c", "3", 1)]
    with BuildState(path) as state:
        made = state.made_pages(batch=1)
        made.update({"p/a": "1", "p/b": "7", "p/d": "4"})
        stamp = made.stamp()
        assert state.save(Changes({}, made, NOTHING_RESOLVED, stamp)) == 2
        assert state.page_digests(stamp) == {"p/a": "1", "p/b": "7", "p/d": "4"}
        assert list(made) == ["p/a", "p/b", "p/d"]
    assert _stored(path) == [("p/a", "1", 1), ("p/b", "7", 2), ("p/d", "4", 2)]
