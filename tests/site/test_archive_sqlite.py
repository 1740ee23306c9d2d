"""``data/archive.sqlite`` (issue 43, item 2): the README's three queries, keys, same bytes.

Two events of four players with FIDE ids: the small round robin of 2024 (sitehelpers,
its scores by hand there: Anna 2.5, Bert 2, Gus 1.5, Dora 0) and one round of 2025 in
which Dora (1690) beats Anna (2010), the only win over a higher-rated player in either.
"""

from __future__ import annotations

import json
import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from sitehelpers import ROOT, player_line, small_round_robin

from trfsite.site.build import BuildOptions, build_site
from trfsite.site.state import state_path

pytestmark = pytest.mark.slow

IDS = {1: "4100010", 2: "4100026", 3: "4100034", 4: "4100018"}


def _with_id(line: str) -> str:
    """TRF16 001: the FIDE id in columns 58-68 (1-based), by the start number."""
    number = int(line[4:8])
    return line[:57] + f"{IDS[number]:>11}" + line[68:]


def _spring_2025() -> str:
    lines = [
        "012 Spring 2025",
        "042 2025/03/01",
        "052 2025/03/01",
        "092 Individual: Round Robin",
        player_line(1, "Alpha,Anna", 2010, [(4, "b", "0")], 0.0, 4),
        player_line(2, "Beta,Bert", 1890, [(3, "w", "=")], 0.5, 2, fed="AUT"),
        player_line(3, "Gamma,Gus", 1810, [(2, "b", "=")], 0.5, 3),
        player_line(4, "Delta,Dora", 1690, [(1, "w", "1")], 1.0, 1),
    ]
    return "\n".join(_with_id(line) if line.startswith("001") else line for line in lines) + "\n"


def _small_2024() -> str:
    lines = small_round_robin().splitlines()
    return "\n".join(_with_id(line) if line.startswith("001") else line for line in lines) + "\n"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    src = tmp_path_factory.mktemp("src")
    (src / "small-2024.trf").write_text(_small_2024(), encoding="utf-8")
    (src / "spring-2025.trf").write_text(_spring_2025(), encoding="utf-8")
    out = tmp_path_factory.mktemp("out")
    build_site(BuildOptions(src, out / "one", pdf=False))
    build_site(BuildOptions(src, out / "two", pdf=False, jobs=2))
    return out / "one", out / "two"


def _readme_queries() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### The archive as one SQLite file", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sql\n(.*?)```", section, re.DOTALL)


def _query(site: Path, sql: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(site / "data" / "archive.sqlite")) as db:
        return db.execute(sql).fetchall()


def test_the_readme_queries(built: tuple[Path, Path]) -> None:
    site, _ = built
    results, federation, upsets = _readme_queries()
    # Anna: 1st with 2.5 of 3 in 2024 (1+½+1), 4th with 0 in 2025.
    assert _query(site, results) == [
        ("2024-05-01", "Small Test Round Robin", 1, 2.5, 4),
        ("2025-03-01", "Spring 2025", 4, 0.0, 4),
    ]
    # GER players by their best rating: Anna 2010 (2025), Bert 1900 (2024, when he played
    # for GER), Gus 1810 (2025), Dora 1700 (2024).
    assert _query(site, federation) == [
        ("Alpha,Anna", 2010, 2),
        ("Beta,Bert", 1900, 1),
        ("Gamma,Gus", 1810, 2),
        ("Delta,Dora", 1700, 2),
    ]
    # The one upset: 2010 - 1690 = 320.
    assert _query(site, upsets) == [("Spring 2025", 1, "Delta,Dora", "Alpha,Anna", 320)]


def test_keys_hold_and_builds_agree_byte_for_byte(built: tuple[Path, Path]) -> None:
    one, two = built
    assert _query(one, "PRAGMA foreign_key_check") == []
    assert _query(one, "PRAGMA integrity_check") == [("ok",)]
    tables = {row[0] for row in _query(one, "SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"events", "players", "standings", "tiebreaks", "games", "people"} <= tables
    indexes = _query(one, "SELECT name FROM sqlite_master WHERE type='index' AND sql IS NOT NULL")
    # For the questions across events; an event's games and tie-breaks go by their keys.
    assert sorted(name for (name,) in indexes) == [
        "events_start",
        "players_federation",
        "players_person",
        "standings_rank",
    ]
    assert _query(one, "SELECT count(*) FROM people") == [(4,)]
    assert (one / "data" / "archive.sqlite").read_bytes() == (
        two / "data" / "archive.sqlite"
    ).read_bytes()


def test_a_players_games_and_tie_breaks_go_by_the_event_key(built: tuple[Path, Path]) -> None:
    """Without indexes of their own, a player's games in an event and an event's
    tie-breaks are searched by the key's first column (the event), not scanned."""
    site, _ = built
    games = "SELECT * FROM games WHERE event = 'spring-2025' AND (white = 4 OR black = 4)"
    codes = "SELECT * FROM tiebreaks WHERE event = 'spring-2025' AND code = 'SB'"
    for sql in (games, codes):
        plan = " ".join(str(row[-1]) for row in _query(site, "EXPLAIN QUERY PLAN " + sql))
        assert "USING PRIMARY KEY (event=?)" in plan, plan
    # Dora (4) played one game in 2025: white against Anna, a win.
    assert [(w, b, o) for (_, _, _, _, w, b, o, *_) in _query(site, games)] == [(4, 1, "win")]


def test_standings_are_the_events_own(built: tuple[Path, Path]) -> None:
    site, _ = built
    for slug in ("small-2024", "spring-2025"):
        published = json.loads((site / slug / "data" / "standings.json").read_text())
        rows = _query(
            site,
            f"SELECT rank, id, name, points FROM standings WHERE event = '{slug}' "
            "ORDER BY rank, id",
        )
        expected = [(r["rank"], r["id"], r["name"], r["points"]) for r in published["standings"]]
        assert rows == expected
        values = _query(
            site,
            f"SELECT id, code, value FROM tiebreaks WHERE event = '{slug}' ORDER BY id, position",
        )
        assert values == [
            (r["id"], code, value)
            for r in sorted(published["standings"], key=lambda r: r["id"])
            for code, value in r["tiebreaks"].items()
        ]
    # Small 2024 by hand: Bert 2nd with ½+½+1 = 2.
    assert _query(site, "SELECT rank, points FROM standings WHERE event='small-2024' AND id=2") == [
        (2, 2.0)
    ]


def test_a_rebuild_keeps_the_unchanged_events_rows(
    built: tuple[Path, Path], tmp_path: Path
) -> None:
    """One event changed: its rows are new, the other's kept, persons as before."""

    one, _ = built
    src = tmp_path / "src"
    src.mkdir()
    (src / "small-2024.trf").write_text(_small_2024(), encoding="utf-8")
    (src / "spring-2025.trf").write_text(_spring_2025(), encoding="utf-8")
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    # Spring 2025 renamed: a corrected file.
    (src / "spring-2025.trf").write_text(
        _spring_2025().replace("Spring 2025", "Spring Cup 2025"), encoding="utf-8"
    )
    report = build_site(BuildOptions(src, out, pdf=False))
    assert report.reused == 1
    names = _query(out, "SELECT slug, name FROM events ORDER BY slug")
    assert names == [("small-2024", "Small Test Round Robin"), ("spring-2025", "Spring Cup 2025")]
    assert _query(out, "SELECT count(*) FROM players") == [(8,)]
    assert _query(out, "SELECT count(*) FROM people") == [(4,)]
    assert _query(out, "PRAGMA foreign_key_check") == []
    assert _query(out, "SELECT count(*) FROM standings") == _query(
        one, "SELECT count(*) FROM standings"
    )
    # The same bytes as a build from scratch of the corrected files (issue 46: incremental
    # builds are byte-identical to cold ones), though the rows' history differs.
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False))
    assert (out / "data" / "archive.sqlite").read_bytes() == (
        cold / "data" / "archive.sqlite"
    ).read_bytes()


def _two_events(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    (src / "small-2024.trf").write_text(_small_2024(), encoding="utf-8")
    (src / "spring-2025.trf").write_text(_spring_2025(), encoding="utf-8")
    return src


def _same_as_cold(src: Path, out: Path, tmp_path: Path) -> None:
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False))
    assert (out / "data" / "archive.sqlite").read_bytes() == (
        cold / "data" / "archive.sqlite"
    ).read_bytes()


def _work(out: Path) -> tuple[Path, Path]:
    """The archive's working copy and its keys (site/archive_work.py), beside the builds."""
    builds = out.parent / f"{out.name}.builds"
    return builds / ".trfsite-archive.sqlite", builds / ".trfsite-archive-keys.sqlite"


def test_the_working_copy_is_private_and_only_the_changed_event_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 46: a rebuild reads the data files of the changed event only, not the
    archive's; the copy and its keys stay beside the builds, never in the site."""
    from trfsite.site import archive_db

    src = _two_events(tmp_path)
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    copy, keys = _work(out)
    assert copy.is_file() and keys.is_file()
    published = [p.name for p in out.resolve().rglob("*.sqlite")]
    assert published == ["archive.sqlite"]
    read: list[str] = []
    real = archive_db._event_rows

    def counted(summary: object, folder: Path) -> object:
        read.append(folder.name)
        return real(summary, folder)  # type: ignore[arg-type]

    monkeypatch.setattr(archive_db, "_event_rows", counted)
    (src / "spring-2025.trf").write_text(
        _spring_2025().replace("Spring 2025", "Spring Cup 2025"), encoding="utf-8"
    )
    build_site(BuildOptions(src, out, pdf=False))
    assert read == ["spring-2025"]
    build_site(BuildOptions(src, out, pdf=False))  # nothing changed: nothing read
    assert read == ["spring-2025"]
    monkeypatch.undo()
    _same_as_cold(src, out, tmp_path)


def test_rows_without_their_key_are_made_again(tmp_path: Path) -> None:
    """A build killed after the copy's rows changed but before their key was written
    back: the rows are not trusted, the next build equals a cold one."""
    src = _two_events(tmp_path)
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    copy, keys = _work(out)
    with closing(sqlite3.connect(copy)) as db, db:
        db.execute("UPDATE events SET name = 'Left by a killed build' WHERE slug = 'small-2024'")
        db.execute("DELETE FROM players WHERE event = 'small-2024' AND id = 4")
    with closing(sqlite3.connect(keys)) as db, db:
        db.execute("DELETE FROM rows WHERE slug = 'small-2024'")
    build_site(BuildOptions(src, out, pdf=False))
    assert _query(out, "SELECT name FROM events WHERE slug = 'small-2024'") == [
        ("Small Test Round Robin",)
    ]
    _same_as_cold(src, out, tmp_path)


def test_a_damaged_or_foreign_copy_is_made_afresh(tmp_path: Path) -> None:
    src = _two_events(tmp_path)
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    copy, keys = _work(out)
    copy.write_bytes(b"not a database" * 100)
    build_site(BuildOptions(src, out, pdf=False))
    _same_as_cold(src, out, tmp_path)
    with closing(sqlite3.connect(keys)) as db, db:  # made by another schema
        db.execute("UPDATE meta SET value = 'older' WHERE name = 'made_by'")
    with closing(sqlite3.connect(copy)) as db, db:
        db.execute("DELETE FROM games")
    build_site(BuildOptions(src, out, pdf=False))
    assert _query(out, "SELECT count(*) FROM games") != [(0,)]
    _same_as_cold(src, out, tmp_path)


def test_rows_are_inserted_an_event_at_a_time(built: tuple[Path, Path]) -> None:
    """Issue 46: a cold build held every event's rows at once before inserting any (the
    3,000-event build's largest process, 829 MiB); now one event's rows at a time, each
    table still in the events' order. Counted: no insert holds rows of two events."""
    from trfsite.site import archive_db, cache

    one, _ = built
    previous = cache.load_entries(one, state_path(one))
    summaries = sorted((entry.summary for entry in previous.entries.values()), key=lambda s: s.slug)
    assert [s.slug for s in summaries] == ["small-2024", "spring-2025"]
    inserts: list[tuple[str, set[str]]] = []

    class Recorder:
        def executemany(self, statement: str, rows: list[tuple[object, ...]]) -> None:
            # Each table's rows start with their event's slug.
            inserts.append((statement.split()[4], {str(row[0]) for row in rows}))

    archive_db.insert_rows(Recorder(), [(s, one / s.slug) for s in summaries])  # type: ignore[arg-type]
    assert all(len(events) <= 1 for _, events in inserts)
    # Both events have rows in each of the five tables: 2 x 5 inserts, in slug order.
    assert [(table, events) for table, events in inserts if events] == [
        (table, {slug}) for slug in ("small-2024", "spring-2025") for table in archive_db._INSERT
    ]


def _commits(path: Path) -> int:
    """The file change counter of a SQLite file (its header's bytes 24-27): one per
    transaction that changed it, each of which synced the file."""
    return int.from_bytes(path.read_bytes()[24:28], "big")


def test_a_cold_build_makes_the_working_copy_in_one_commit_and_its_keys_in_one(
    tmp_path: Path,
) -> None:
    """Each commit syncs its file (four calls): a cold build's copy is its schema with its
    rows, its keys their tables with the made_by mark and the rows' keys (seven commits
    before: the copy's schema, then its rows; each table of the keys, emptied, marked,
    then the keys)."""
    out = tmp_path / "out"
    build_site(BuildOptions(_two_events(tmp_path), out, pdf=False))
    copy, keys = _work(out)
    assert (_commits(copy), _commits(keys)) == (1, 1)
    assert len(_query(out, "SELECT slug FROM events")) == 2
