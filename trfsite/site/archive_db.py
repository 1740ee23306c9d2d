"""``data/archive.sqlite``: every event's open data in one SQLite file (Python's ``sqlite3``).

Made from the events' own data files (``EVENT/data/*.json``, see
``pages/data_files``), so it shows what they show and nothing more. It is
published data, apart from any build state: the schema and the rows of one event
are here; keeping them up to date between builds is ``site/archive_work``'s.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

from trfsite.pages.data_files import DATA_FOLDER
from trfsite.pages.rows import EventSummary

logger = logging.getLogger(__name__)

ARCHIVE = f"{DATA_FOLDER}/archive.sqlite"


class ArchiveEvent(NamedTuple):
    """One event of ``data/archive.sqlite``."""

    key: str  # the event's cache key: its rows are kept while it is the same
    summary: EventSummary
    # The build its files are in now (a reused event's: the live one). Joined with the
    # slug only for the events whose rows are read: at 10,000 events a path made for
    # each was 0.1 s of a rebuild's one core (issue 46).
    build: Path

    @property
    def folder(self) -> Path:
        """Where its data files are now."""
        return self.build / self.summary.slug


# Pages of 16 KiB, not SQLite's 4: each rebuild copies the file whole (``VACUUM INTO``,
# the one way to the bytes of a cold build), and a copy by larger pages makes a quarter
# of the reads and writes: 1.0-1.2 -> 0.6-0.7 s of CPU at 10,000 events (318 MB), the
# file 0.5 % smaller. Set before the first table, in the one script that makes the file.
SCHEMA = """
PRAGMA page_size = 16384;
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE events (
    slug TEXT PRIMARY KEY, name TEXT NOT NULL, city TEXT, federation TEXT,
    start_date TEXT, end_date TEXT, kind TEXT NOT NULL, participants INTEGER,
    rounds INTEGER, complete_rounds INTEGER, rules TEXT, url TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE people (
    key TEXT PRIMARY KEY, name TEXT NOT NULL, federation TEXT, fide_id TEXT, egd_pin TEXT
) WITHOUT ROWID;
CREATE TABLE players (
    event TEXT NOT NULL REFERENCES events(slug), id INTEGER NOT NULL, name TEXT NOT NULL,
    title TEXT, federation TEXT, rating INTEGER, fide_id TEXT, grade TEXT, egd_pin TEXT,
    club TEXT, team INTEGER, person TEXT REFERENCES people(key),
    PRIMARY KEY (event, id)
) WITHOUT ROWID;
CREATE TABLE standings (
    event TEXT NOT NULL REFERENCES events(slug), id INTEGER NOT NULL, name TEXT NOT NULL,
    rank INTEGER NOT NULL, points REAL NOT NULL, match_points REAL, game_points REAL,
    rating_change REAL, performance REAL, after_round INTEGER NOT NULL,
    PRIMARY KEY (event, id)
) WITHOUT ROWID;
CREATE TABLE tiebreaks (
    event TEXT NOT NULL, id INTEGER NOT NULL, position INTEGER NOT NULL, code TEXT NOT NULL,
    value REAL,
    PRIMARY KEY (event, id, position),
    FOREIGN KEY (event, id) REFERENCES standings(event, id)
) WITHOUT ROWID;
CREATE TABLE games (
    event TEXT NOT NULL REFERENCES events(slug), line INTEGER NOT NULL,
    round INTEGER NOT NULL, board INTEGER,
    white INTEGER NOT NULL, black INTEGER, white_outcome TEXT NOT NULL, black_outcome TEXT,
    result TEXT, forfeit INTEGER NOT NULL, handicap INTEGER,
    -- the key's columns come first: SQLite 3.40's integrity_check misreads the others
    PRIMARY KEY (event, line),
    FOREIGN KEY (event, white) REFERENCES players(event, id),
    FOREIGN KEY (event, black) REFERENCES players(event, id)
) WITHOUT ROWID;
-- Indexes for the questions across events (a person's results, a federation's players,
-- an event's ranking, events by date). An event's games and tie-breaks are found by
-- their keys, event first: indexes on games' players and tie-breaks' codes made the
-- file 138 -> 90 MB at 3,000 events, and each rebuild copies it whole (VACUUM INTO:
-- 0.47 -> 0.28 s), for no question the README asks.
CREATE INDEX players_person ON players(person);
CREATE INDEX players_federation ON players(federation, rating);
CREATE INDEX standings_rank ON standings(event, rank);
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
    line = 0  # the game's or bye's place in rounds.json: the key of a games row
    for item in _items(rounds or {}, "rounds"):
        for g in _items(item, "games"):
            line += 1
            yield (
                "games",
                (
                    summary.slug,
                    line,
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
            line += 1
            yield (
                "games",
                (
                    summary.slug,
                    line,
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
    "games": 11,
}


# A person's row is their newest entry's; ``{only}`` narrows it to some persons.
PEOPLE = """
INSERT INTO people
SELECT person, name, federation, fide_id, egd_pin FROM (
    SELECT p.person, p.name, p.federation, p.fide_id, p.egd_pin, ROW_NUMBER() OVER (
        PARTITION BY p.person ORDER BY e.start_date DESC, e.slug DESC
    ) AS newest
    FROM players p JOIN events e ON e.slug = p.event
    WHERE p.person IS NOT NULL{only}
) WHERE newest = 1 ORDER BY person
"""
TABLES = ("tiebreaks", "standings", "games", "players", "events")  # each has an event column


def insert_rows(db: sqlite3.Connection, events: Sequence[tuple[EventSummary, Path]]) -> None:
    """Each event's rows, inserted an event at a time: a cold build of 3,000 events held
    every event's rows at once (the build's largest process, 829 MiB). Each table gets
    its rows in the same order either way (events by slug), so the file is the same."""
    statements = {
        table: f"INSERT OR IGNORE INTO {table} VALUES ({', '.join('?' * count)})"
        for table, count in _INSERT.items()
    }
    for summary, folder in sorted(events, key=lambda pair: pair[0].slug):
        if summary.failed:
            continue
        rows: dict[str, list[tuple[object, ...]]] = {table: [] for table in _INSERT}
        for table, row in _event_rows(summary, folder):
            rows[table].append(row)
        for table, statement in statements.items():
            # A damaged file may give two players one start number: the first row is kept
            # (the pages show the same player), never an IntegrityError that ends the build.
            db.executemany(statement, rows[table])
