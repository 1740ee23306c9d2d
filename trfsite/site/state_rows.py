"""The people's listing rows in the build state (``site.state``'s tables
``person_rows``, ``person_groups`` and ``person_pieces``): what a federation's or
club's page and a search piece show of each person, so a rebuild reads a group's
or a piece's rows instead of walking everyone's entries (``people.rows``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import TYPE_CHECKING

from trfsite.site.state_batch import select_in

if TYPE_CHECKING:
    # Imported where the rows are read or written: ``site.state`` imports this module,
    # and a build without people pages never does (the people pages' modules cost its start).
    from trfsite.people.rows import Group, PersonRow


def save_rows(
    db: sqlite3.Connection, rows: Iterable[PersonRow], gone: Iterable[str] | None
) -> None:
    """``rows`` in place of those of the people ``gone`` (None: of everyone)."""
    from trfsite.people.search import row_text

    if gone is None:
        db.execute("DELETE FROM person_rows")
        db.execute("DELETE FROM person_groups")
        db.execute("DELETE FROM person_pieces")
    else:
        old = sorted(gone)
        db.executemany("DELETE FROM person_rows WHERE key = ?", ((k,) for k in old))
        db.executemany("DELETE FROM person_groups WHERE person = ?", ((k,) for k in old))
        db.executemany("DELETE FROM person_pieces WHERE person = ?", ((k,) for k in old))
    for row in rows:
        db.execute("DELETE FROM person_groups WHERE person = ?", (row.key,))
        db.execute("DELETE FROM person_pieces WHERE person = ?", (row.key,))
        db.execute(
            "INSERT OR REPLACE INTO person_rows (key, page, name, folded, federation, events,"
            " last_year, shown) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                row.key,
                row.page,
                row.name,
                row.folded,
                row.federation,
                row.events,
                row.last_year,
                row_text(row),
            ),
        )
        db.executemany(
            "INSERT INTO person_pieces (piece, person) VALUES (?, ?)",
            ((piece, row.key) for piece in sorted(row.pieces)),
        )
        db.executemany(
            "INSERT INTO person_groups (kind, value, person) VALUES (?, ?, ?)",
            ((kind, value, row.key) for kind, value in sorted(row.groups)),
        )


_ROW = "r.key, r.page, r.name, r.folded, r.federation, r.events, r.last_year"


class StoredRows:
    """The rows the state keeps (``BuildState.rows``): read by group and by piece."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def group_counts(self) -> dict[Group, int]:
        return {
            (kind, value): count
            for kind, value, count in self._db.execute(
                "SELECT kind, value, count(*) FROM person_groups GROUP BY kind, value"
            )
        }

    def group_rows(self, group: Group) -> list[PersonRow]:
        from trfsite.people.rows import PersonRow

        return [
            PersonRow(*row)
            for row in self._db.execute(
                f"SELECT {_ROW} FROM person_groups g JOIN person_rows r ON r.key = g.person"
                " WHERE g.kind = ? AND g.value = ?",
                group,
            )
        ]

    def piece_rows(self, piece: str) -> list[tuple[str, str]]:
        """(person key, ``search.row_text``) of the people in ``piece``: stored texts,
        not rows made again (a rebuild's pieces hold thousands of people)."""
        return self._db.execute(
            "SELECT r.key, r.shown FROM person_pieces p JOIN person_rows r ON r.key = p.person"
            " WHERE p.piece = ?",
            (piece,),
        ).fetchall()

    def pieces(self) -> set[str]:
        return {piece for (piece,) in self._db.execute("SELECT DISTINCT piece FROM person_pieces")}

    def listed_in(self, keys: Iterable[str]) -> tuple[set[Group], set[str]]:
        """The groups and the search pieces the stored people ``keys`` are in."""
        keys = sorted(set(keys))  # read twice
        groups: set[Group] = set(
            select_in(
                self._db, "SELECT kind, value FROM person_groups WHERE person IN ({keys})", keys
            )
        )
        found = {
            piece
            for (piece,) in select_in(
                self._db, "SELECT piece FROM person_pieces WHERE person IN ({keys})", keys
            )
        }
        return groups, found

    def count(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM person_rows").fetchone()[0])

    def has(self, keys: Iterable[str]) -> set[str]:
        """Those of ``keys`` that have a row."""
        return {
            key
            for (key,) in select_in(
                self._db, "SELECT key FROM person_rows WHERE key IN ({keys})", keys
            )
        }

    def busiest(self, leaving: int) -> list[PersonRow]:
        """The rows of most events: enough that ``leaving`` of them replaced still
        leave every row the index could list (all rows of as many events as the
        ``listings.BUSIEST + leaving``-th one has, or more)."""
        from trfsite.people.listings import BUSIEST
        from trfsite.people.rows import PersonRow

        row = self._db.execute(
            "SELECT events FROM person_rows ORDER BY events DESC LIMIT 1 OFFSET ?",
            (BUSIEST + leaving - 1,),
        ).fetchone()
        least = 0 if row is None else int(row[0])
        return [
            PersonRow(*found)
            for found in self._db.execute(
                f"SELECT {_ROW} FROM person_rows r WHERE r.events >= ?", (least,)
            )
        ]
