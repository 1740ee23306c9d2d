"""What a rebuild after one changed event does per unchanged event (issue 46): the
people pages' digests read once, the unchanged event folders' file lists not loaded."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest
from treedigest import tree_digest

from trfsite.site.build import BuildOptions, build_site
from trfsite.site.state import BuildState

_PAGES_READ = "SELECT path, digest FROM pages"


def _archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, list[Path]]:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from generate_people import generate_people_archive

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    src = tmp_path / "src"
    return src, generate_people_archive(src, 6, 300, seed=3)


def _rename(path: Path, name: str) -> None:
    text = path.read_text(encoding="utf-8").splitlines(keepends=True)
    text[0] = f"012 {name}\n"
    path.write_text("".join(text), encoding="utf-8")


def _traced(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The SQL statements of every build state opened from now on."""
    statements: list[str] = []
    opened = BuildState._open

    def traced(self: BuildState, fresh: bool) -> sqlite3.Connection:
        db = opened(self, fresh)
        db.set_trace_callback(statements.append)
        return db

    monkeypatch.setattr(BuildState, "_open", traced)
    return statements


def test_a_rebuild_reads_the_people_pages_digests_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The people step reads the state's page digests to know what to make again; saving
    the build compares the new digests with those, not with a second read of every one
    (main: twice, 2 x the people pages' rows)."""
    src, files = _archive(tmp_path, monkeypatch)
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    _rename(files[2], "Corrected event name")
    statements = _traced(monkeypatch)
    build_site(BuildOptions(src, out, pdf=False))
    monkeypatch.undo()
    assert sum(1 for s in statements if s.startswith(_PAGES_READ)) == 1
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    build_site(BuildOptions(src, tmp_path / "cold", pdf=False))
    assert tree_digest(out) == tree_digest(tmp_path / "cold")
