"""A rebuild after one renamed event reads the stored digests, and writes to the build
state's table of the build's page digests, of the pages it looked at again only (issue
46): the others stay as stored, and its stamp is a cold build's of the same pages.

At 3,000 events main wrote the 38,000 kept pages' digests again, hashed them all for the
stamp and compared them all at the save (~0.1 s of the people step's 0.34 s of CPU).
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest
from statetrace import traced_statements
from treedigest import tree_digest

from trfsite.site.build import BuildOptions, build_site
from trfsite.site.state import STAMP, state_path

_WRITE = "INSERT OR REPLACE INTO temp.made_pages"
_EVERY_DIGEST = "SELECT path, digest FROM pages"
_SOME_DIGESTS = "SELECT path, digest FROM pages WHERE path IN ("


def test_a_rebuild_writes_the_digests_of_the_pages_it_looked_at_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from generate_people import generate_people_archive

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    src = tmp_path / "src"
    files = generate_people_archive(src, 6, 300, seed=3)
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False, jobs=1))
    lines = files[2].read_text(encoding="utf-8").splitlines(keepends=True)
    lines[0] = "012 Corrected event name\n"
    files[2].write_text("".join(lines), encoding="utf-8")
    with sqlite3.connect(state_path(out)) as db:
        stored = db.execute("SELECT count(*) FROM pages").fetchone()[0]
    statements = traced_statements(monkeypatch)
    build_site(BuildOptions(src, out, pdf=False, jobs=1))
    monkeypatch.undo()
    written = sum(1 for s in statements if s.startswith(_WRITE))
    # The renamed event's people, their pages' and the listings' (106 here): main wrote
    # every page's digest again (337 of 337).
    assert stored > 300
    assert 0 < written < stored / 2
    # The stored digests read: those of the pages looked at again, not every one (main
    # read the whole table once).
    assert _EVERY_DIGEST not in statements
    read = sum(s.count("'people/") for s in statements if s.startswith(_SOME_DIGESTS))
    assert 0 < read < stored / 2
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False, jobs=1))
    assert tree_digest(out) == tree_digest(cold)
    assert (out / STAMP).read_text() == (cold / STAMP).read_text()
    with sqlite3.connect(state_path(out)) as db, sqlite3.connect(state_path(cold)) as whole:
        query = "SELECT path, digest FROM pages ORDER BY path"
        assert db.execute(query).fetchall() == whole.execute(query).fetchall()
