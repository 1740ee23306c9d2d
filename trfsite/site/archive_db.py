"""``data/archive.sqlite``: every event's open data in one SQLite file (Python's ``sqlite3``).

Made from the events' own data files (``EVENT/data/*.json``, see
``pages/data_files``), so it shows what they show and nothing more. It is
published data, apart from any build state. The same inputs give the same bytes:
a fresh file, rows inserted in a fixed order, no times, no ``VACUUM`` history.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import closing
from pathlib import Path

from trfsite.pages.data_files import DATA_FOLDER, DATA_VERSION
from trfsite.pages.rows import EventSummary
from trfsite.site.writer import SiteWriter

logger = logging.getLogger(__name__)

ARCHIVE = f"{DATA_FOLDER}/archive.sqlite"

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE events (
    slug TEXT PRIMARY KEY, name TEXT NOT NULL, city TEXT, federation TEXT,
    start_date TEXT, end_date TEXT, kind TEXT NOT NULL, participants INTEGER,
    rounds INTEGER, complete_rounds INTEGER, rules TEXT, url TEXT NOT NULL
);
CREATE TABLE people (
    key TEXT PRIMARY KEY, name TEXT NOT NULL, federation TEXT, fide_id TEXT, egd_pin TEXT
);
CREATE TABLE players (
    event TEXT NOT NULL REFERENCES events(slug), id INTEGER NOT NULL, name TEXT NOT NULL,
    title TEXT, federation TEXT, rating INTEGER, fide_id TEXT, grade TEXT, egd_pin TEXT,
    club TEXT, team INTEGER, person TEXT REFERENCES people(key),
    PRIMARY KEY (event, id)
);
CREATE TABLE standings (
    event TEXT NOT NULL REFERENCES events(slug), id INTEGER NOT NULL, name TEXT NOT NULL,
    rank INTEGER NOT NULL, points REAL NOT NULL, match_points REAL, game_points REAL,
    rating_change REAL, performance REAL, after_round INTEGER NOT NULL,
    PRIMARY KEY (event, id)
);
CREATE TABLE tiebreaks (
    event TEXT NOT NULL, id INTEGER NOT NULL, position INTEGER NOT NULL, code TEXT NOT NULL,
    value REAL,
    PRIMARY KEY (event, id, position),
    FOREIGN KEY (event, id) REFERENCES standings(event, id)
);
CREATE TABLE games (
    event TEXT NOT NULL REFERENCES events(slug), round INTEGER NOT NULL, board INTEGER,
    white INTEGER NOT NULL, black INTEGER, white_outcome TEXT NOT NULL, black_outcome TEXT,
    result TEXT, forfeit INTEGER NOT NULL, handicap INTEGER,
    FOREIGN KEY (event, white) REFERENCES players(event, id),
    FOREIGN KEY (event, black) REFERENCES players(event, id)
);
CREATE INDEX players_person ON players(person);
CREATE INDEX players_federation ON players(federation, rating);
CREATE INDEX standings_rank ON standings(event, rank);
CREATE INDEX tiebreaks_code ON tiebreaks(code);
CREATE INDEX games_white ON games(event, white);
CREATE INDEX games_black ON games(event, black);
CREATE INDEX events_start ON events(start_date);
"""


def person_key(fide_id: str, egd_pin: str) -> str | None:
    """The person page's key of a player with an id (``fide-4612345``, ``egd-10234567``)."""
    if fide_id:
        return f"fide-{fide_id}"
    return f"egd-{egd_pin}" if egd_pin else None


def _load(folder: Path, name: str) -> dict[str, object] | None:
    try:
        data = json.loads((folder / DATA_FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        logger.warning("%s: %s.json not read for the archive (%s)", folder.name, name, exc)
        return None
    return data if isinstance(data, dict) else None


def _items(data: Mapping[str, object], key: str) -> list[dict[str, object]]:
    value = data.get(key)
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _event_rows(summary: EventSummary, folder: Path) -> Iterator[tuple[str, tuple[object, ...]]]:
    """(table, row) for one event, read from its data files."""
    standings = _load(folder, "standings")
    players = _load(folder, "players")
    rounds = _load(folder, "rounds")
    rules = str(standings.get("rules", "")) if standings else None
    yield (
        "events",
        (
            summary.slug,
            summary.name,
            summary.city,
            summary.federation,
            summary.start_date.isoformat() if summary.start_date else None,
            summary.end_date.isoformat() if summary.end_date else None,
            summary.kind,
            summary.participants,
            summary.rounds,
            summary.complete_rounds,
            rules,
            f"{summary.slug}/index.html",
        ),
    )
    for p in _items(players or {}, "players"):
        key = person_key(str(p["fide_id"]), str(p["egd_pin"]))
        yield (
            "players",
            (
                summary.slug,
                p["id"],
                p["name"],
                p["title"],
                p["federation"],
                p["rating"],
                p["fide_id"],
                p["grade"],
                p["egd_pin"],
                p["club"],
                p["team"],
                key,
            ),
        )
    after = standings.get("after_round") if standings else None
    for row in _items(standings or {}, "standings"):
        yield (
            "standings",
            (
                summary.slug,
                row["id"],
                row["name"],
                row["rank"],
                row["points"],
                row.get("match_points"),
                row.get("game_points"),
                row.get("rating_change"),
                row.get("performance"),
                after,
            ),
        )
        values = row.get("tiebreaks")
        if isinstance(values, dict):
            for position, (code, value) in enumerate(values.items(), start=1):
                yield "tiebreaks", (summary.slug, row["id"], position, code, value)
    for item in _items(rounds or {}, "rounds"):
        for g in _items(item, "games"):
            yield (
                "games",
                (
                    summary.slug,
                    item["round"],
                    g["board"],
                    g["white"],
                    g["black"],
                    g["white_outcome"],
                    g["black_outcome"],
                    g["result"],
                    int(bool(g["forfeit"])),
                    g["handicap"],
                ),
            )
        for bye in _items(item, "byes"):
            yield (
                "games",
                (
                    summary.slug,
                    item["round"],
                    None,
                    bye["player"],
                    None,
                    bye["outcome"],
                    None,
                    "",
                    0,
                    None,
                ),
            )


_INSERT = {
    "events": 12,
    "players": 12,
    "standings": 10,
    "tiebreaks": 5,
    "games": 10,
}


_PEOPLE = """
INSERT INTO people
SELECT person, name, federation, fide_id, egd_pin FROM (
    SELECT p.person, p.name, p.federation, p.fide_id, p.egd_pin, ROW_NUMBER() OVER (
        PARTITION BY p.person ORDER BY e.start_date DESC, e.slug DESC
    ) AS newest
    FROM players p JOIN events e ON e.slug = p.event
    WHERE p.person IS NOT NULL
) WHERE newest = 1 ORDER BY person
"""
_TABLES = ("tiebreaks", "standings", "games", "players", "events")  # each has an event column


def _kept(db: sqlite3.Connection, reused: frozenset[str]) -> bool:
    """The previous archive is this version's and holds every reused event."""
    try:
        version = db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
        slugs = {row[0] for row in db.execute("SELECT slug FROM events")}
    except sqlite3.DatabaseError:
        return False
    return version == (str(DATA_VERSION),) and reused <= slugs


def archive_bytes(
    events: Sequence[tuple[EventSummary, Path]],
    previous: bytes | None = None,
    reused: frozenset[str] = frozenset(),
) -> bytes:
    """The SQLite file of ``events`` (each summary with the folder its data files are in).

    With the ``previous`` build's file, the ``reused`` events' rows are kept from it and
    only the others are read and written again: a rebuild after one changed event reads
    one event, not the archive (2.7 s of CPU for 300 events). The same inputs after the
    same previous file give the same bytes.
    """
    with tempfile.TemporaryDirectory(prefix="trfsite-archive-") as scratch:
        path = Path(scratch) / "archive.sqlite"
        if previous is not None:
            path.write_bytes(previous)
            with closing(sqlite3.connect(path)) as db:
                if not _kept(db, reused):
                    previous = None
        if previous is None:
            path.unlink(missing_ok=True)
            reused = frozenset()
        with closing(sqlite3.connect(path)) as db:
            db.execute("PRAGMA journal_mode = OFF")
            if previous is None:
                db.executescript(SCHEMA)
                db.execute("INSERT INTO meta VALUES ('version', ?)", (str(DATA_VERSION),))
            else:
                slugs = [row[0] for row in db.execute("SELECT slug FROM events ORDER BY slug")]
                stale = [(slug,) for slug in slugs if slug not in reused]
                for table in _TABLES:
                    column = "slug" if table == "events" else "event"
                    db.executemany(f"DELETE FROM {table} WHERE {column} = ?", stale)
                db.execute("DELETE FROM people")
            _insert(db, [pair for pair in events if pair[0].slug not in reused])
            db.execute(_PEOPLE)
            db.commit()
        return path.read_bytes()


def _insert(db: sqlite3.Connection, events: Sequence[tuple[EventSummary, Path]]) -> None:
    rows: dict[str, list[tuple[object, ...]]] = {table: [] for table in _INSERT}
    for summary, folder in sorted(events, key=lambda pair: pair[0].slug):
        if not summary.failed:
            for table, row in _event_rows(summary, folder):
                rows[table].append(row)
    for table, count in _INSERT.items():
        marks = ", ".join("?" * count)
        db.executemany(f"INSERT INTO {table} VALUES ({marks})", rows[table])


def write_archive(
    writer: SiteWriter,
    events: Sequence[tuple[EventSummary, Path]],
    previous: Path | None = None,
    reused: frozenset[str] = frozenset(),
) -> None:
    """``data/archive.sqlite`` (see the README's "The archive as one SQLite file");
    ``previous``: the live build's, whose ``reused`` events' rows are kept."""
    old = None
    if previous is not None and reused:
        try:
            old = previous.read_bytes()
        except OSError:
            old = None
    writer.write_bytes(ARCHIVE, archive_bytes(events, old, reused))
