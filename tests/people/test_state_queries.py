"""A rebuild looks people up in the build state a chunk of keys at a time, not key
by key (issue 46): its queries do not grow with the people it touches."""

from __future__ import annotations

import logging
import re
import sqlite3
import sys
from pathlib import Path

import pytest
from statetrace import traced_statements
from treedigest import tree_digest

from trfsite.site import identity_part
from trfsite.site.build import BuildOptions, build_site
from trfsite.site.state import BuildState
from trfsite.site.state_batch import select_in

# Looked up once per entry shown on a page made (its rounds) and once per listing
# made again (a search piece, a federation's rows): they follow the pages, not the
# lookups of the people the rebuild resolves.
PER_PAGE = re.compile(r"SELECT record_text |WHERE p\.piece = |WHERE g\.kind = ")


def test_a_rebuild_looks_people_up_by_chunks_of_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Six generated events from a pool of 800 people; one renamed. Looking up its
    players, the people they are and those they met one query each (as before) takes
    more queries than it has players; by chunks of keys, fewer."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from generate_people import generate_people_archive

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    monkeypatch.setattr(identity_part, "MOST", 0.5)  # the default: a part, not everyone
    src, out = tmp_path / "src", tmp_path / "out"
    files = generate_people_archive(src, 6, 800, seed=5)
    build_site(BuildOptions(src, out, pdf=False))
    text = files[2].read_text(encoding="utf-8").splitlines(keepends=True)
    text[0] = "012 Corrected event name\n"
    files[2].write_text("".join(text), encoding="utf-8")
    players = sum(1 for line in text if line.startswith("001 "))

    opened = BuildState._open  # put back once the rebuild is traced
    statements = traced_statements(monkeypatch)
    # Its own logger: an earlier CLI test may have stopped ``trfsite`` propagating.
    people_log = logging.getLogger("trfsite.site.people")
    level = people_log.level
    people_log.addHandler(caplog.handler)
    people_log.setLevel(logging.INFO)
    try:
        build_site(BuildOptions(src, out, pdf=False))
    finally:
        people_log.removeHandler(caplog.handler)
        people_log.setLevel(level)
    monkeypatch.setattr(BuildState, "_open", opened)
    assert any("the part alone" in r.getMessage() for r in caplog.records), caplog.text
    lookups = [s for s in statements if s.startswith("SELECT") and not PER_PAGE.search(s)]
    assert players >= 20, players  # else the bound below says little
    assert 0 < len(lookups) < players, (players, len(lookups))
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False))
    assert tree_digest(out) == tree_digest(cold)


def test_keys_past_one_chunk_are_all_found_in_one_query_a_chunk() -> None:
    """1,201 keys asked (1,200 stored, one not, and a repeat): three chunks of 500 at
    most, three queries, every stored key found once."""
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE t (key TEXT PRIMARY KEY, value INTEGER)")
    db.executemany("INSERT INTO t VALUES (?, ?)", ((f"k{n:04d}", n) for n in range(1200)))
    statements: list[str] = []
    db.set_trace_callback(statements.append)
    asked = [f"k{n:04d}" for n in range(1200)] + ["missing", "k0007"]
    found = dict(select_in(db, "SELECT key, value FROM t WHERE key IN ({keys})", asked))
    assert found == {f"k{n:04d}": n for n in range(1200)}
    assert len(statements) == 3
    found_after = list(
        select_in(db, "SELECT value FROM t WHERE value < ? AND key IN ({keys})", asked, (2,))
    )
    assert sorted(found_after) == [(0,), (1,)]


def _reads() -> int:
    """This process's read calls so far (each page SQLite reads is one)."""
    for line in Path("/proc/self/io").read_text(encoding="ascii").splitlines():
        if line.startswith("syscr:"):
            return int(line.split()[1])
    raise AssertionError("no syscr in /proc/self/io")


@pytest.mark.skipif(not Path("/proc/self/io").is_file(), reason="counts reads by /proc")
def test_an_events_head_is_read_without_its_data(tmp_path: Path) -> None:
    """A rebuild reads the heads of the events its people played in (1,800 of 3,000):
    each event's stored data is ~9 KB, on overflow pages. Looking 200 heads up read
    each compared event's data too (a table without rowid compares whole payloads) and
    the data before the head; here less than a page a head."""
    path = tmp_path / "state.sqlite"
    BuildState(path).close()  # the state's tables
    keys = [f"{n:064x}" for n in range(400)]
    with sqlite3.connect(path) as db:
        db.executemany(
            "INSERT INTO events (key, file, slug, head, data) VALUES (?, ?, ?, ?, ?)",
            [(key, f"{n}.trf", f"e{n}", "{}", "x" * 9000) for n, key in enumerate(keys)],
        )
    wanted = keys[::2]
    db = sqlite3.connect(path)  # an empty page cache
    try:
        before = _reads()
        heads = dict(select_in(db, "SELECT key, head FROM events WHERE key IN ({keys})", wanted))
        reads = _reads() - before
    finally:
        db.close()
    assert heads == dict.fromkeys(wanted, "{}")
    assert reads < len(wanted), reads  # 116 here; 909 without rowids, the data first
