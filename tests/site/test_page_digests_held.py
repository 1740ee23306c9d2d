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


def _term(path: str, digest: str) -> int:
    return int.from_bytes(hashlib.shake_256(f"{path}\0{digest}".encode()).digest(256), "big")


def _stamp(pages: dict[str, str]) -> str:
    total = sum(_term(path, digest) for path, digest in pages.items()) % 2**2048
    return hashlib.sha256(total.to_bytes(256, "big")).hexdigest()


def test_the_stamp_hashes_the_sum_of_each_path_and_its_last_digest(tmp_path: Path) -> None:
    with BuildState(tmp_path / "state.sqlite") as state:
        made = state.made_pages(batch=2)
        for path, digest in (("p/é", "5"), ("p/b", "2"), ("p/a", "1"), ("p/a", "9")):
            made[path] = digest
        # "p/a" with its last digest; the SHA-256 of the terms' sum (SHAKE-256, 2048
        # bits each), as 256 bytes.
        lines = ("p/a\x009", "p/b\x002", "p/é\x005")
        terms = [hashlib.shake_256(line.encode()).digest(256) for line in lines]
        total = sum(int.from_bytes(term, "big") for term in terms) % 2**2048
        assert made.stamp() == hashlib.sha256(total.to_bytes(256, "big")).hexdigest()


def test_a_build_on_the_stored_pages_writes_only_those_it_sets_and_stamps_them_all(
    tmp_path: Path,
) -> None:
    """A rebuild keeps the stored pages but for those it looked at: it writes the pages it
    sets (main wrote every page again), its stamp is a whole build's of the same pages, and
    the pages looked at and not set are gone."""
    path = tmp_path / "state.sqlite"
    with BuildState(path) as state:
        made = state.made_pages()
        made.update({"p/a": "1", "p/b": "2", "p/c": "3", "p/e": "5"})
        assert state.save(Changes({}, made, NOTHING_RESOLVED, made.stamp())) == 1
    with BuildState(path) as state:
        made = state.made_pages(batch=1)
        made.on_stored({"p/b", "p/c", "p/x"})  # "p/x": never stored
        made.update({"p/b": "7", "p/d": "4", "p/e": "5"})
        assert list(made) == ["p/b", "p/d", "p/e"]  # written: "p/a" is not
        stamp = made.stamp()
        assert stamp == _stamp({"p/a": "1", "p/b": "7", "p/d": "4", "p/e": "5"})
        assert state.save(Changes({}, made, NOTHING_RESOLVED, stamp)) == 2
        assert state.page_digests(stamp) == {"p/a": "1", "p/b": "7", "p/d": "4", "p/e": "5"}
    assert _stored(path) == [("p/a", "1", 1), ("p/b", "7", 2), ("p/d", "4", 2), ("p/e", "5", 1)]
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT path, seq FROM pages_gone").fetchall() == [("p/c", 2)]
    # The next rebuild starts from the sum kept beside the stamp, and one from a state
    # whose sum is not that stamp's (saved by an older trfsite) from the pages summed.
    for kept in (True, False):
        if not kept:
            with sqlite3.connect(path) as db:
                db.execute("UPDATE meta SET value = 'other 1' WHERE name = 'pages_sum'")
        with BuildState(path) as state:
            made = state.made_pages()
            made.on_stored({"p/a"})
            assert made.stamp() == _stamp({"p/b": "7", "p/d": "4", "p/e": "5"})


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
