"""The resolved people in the build state (``site.state``'s tables ``people``,
``person_keys``, ``namesakes`` and ``findings``): written by the rows that changed,
and read by the people asked for (a few queries for many), so a rebuild that resolves a part alone
(``site.identity_alone``) never reads everyone."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from trfsite.findings import Finding, Severity
from trfsite.site.state_batch import select_in

if TYPE_CHECKING:
    # Imported where the people are read: ``site.state`` imports this module, and a build
    # without people pages never reads them (the people pages' modules cost its start).
    from trfsite.people.contexts import PeopleFinding
    from trfsite.people.identity import Person
    from trfsite.people.incremental import KnownPerson

_PERSON = "key, name, fide_id, egd_pin, federation, aliases, name_matched, page, redirects"


class StoredFinding(NamedTuple):
    """An identity finding as the previous build showed it (with its links)."""

    finding: Finding
    shown: PeopleFinding


_Row = tuple[str, str, str, str, str, str, int, str, str]


def known_person(row: _Row) -> KnownPerson:
    return known_people([row])[row[0]]


def known_people(rows: Iterable[_Row]) -> dict[str, KnownPerson]:
    """The people of ``rows`` (``_PERSON``'s columns), by key."""
    # Imported once a read, not once a row (~0.5 µs each: 15 ms for a3000's 30,000 people).
    from trfsite.people.incremental import KnownPerson

    return {
        key: KnownPerson(
            key, name, fide, egd, federation, _texts(aliases), bool(by), page, _texts(redirects)
        )
        for key, name, fide, egd, federation, aliases, by, page, redirects in rows
    }


def _texts(stored: str) -> tuple[str, ...]:
    """A stored list of texts (aliases, redirects); most people have none, and a rebuild
    after a corrected event reads ~2,000 of them at 3,000 events: "[]" is not decoded."""
    return () if stored == "[]" else tuple(json.loads(stored))


class StoredPeople:
    """Lookups on the people the previous build resolved (``BuildState.people``)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def config(self) -> str | None:
        """The ``[people]`` settings they were resolved with (their repr), if any."""
        row = self._db.execute("SELECT value FROM meta WHERE name = 'people'").fetchone()
        return None if row is None else str(row[0])

    def every(self) -> dict[str, KnownPerson]:
        return known_people(self._db.execute(f"SELECT {_PERSON} FROM people"))

    def these(self, keys: Iterable[str]) -> dict[str, KnownPerson]:
        found = known_people(
            select_in(self._db, f"SELECT {_PERSON} FROM people WHERE key IN ({{keys}})", keys)
        )
        return {key: found[key] for key in sorted(found)}

    def person_of(self, own_keys: Iterable[str]) -> dict[str, str]:
        """An entry's own key -> its person's key, for ``own_keys`` the state knows."""
        found = dict(
            select_in(
                self._db,
                "SELECT own_key, person FROM person_keys WHERE own_key IN ({keys})",
                own_keys,
            )
        )
        return {key: str(found[key]) for key in sorted(found)}

    def entries_of(self, people: Iterable[str]) -> dict[str, list[tuple[str, int, str]]]:
        """Each person's entries (event key, position, packed rounds), as the state
        holds them."""
        wanted = sorted(set(people))
        found: dict[str, list[tuple[str, int, str]]] = {person: [] for person in wanted}
        for person, event_key, position, record in select_in(
            self._db,
            "SELECT k.person, e.event_key, e.position, e.record_text FROM person_keys k"
            " JOIN entries e ON e.own_key = k.own_key WHERE k.person IN ({keys})",
            wanted,
        ):
            found[person].append((event_key, position, record))
        return found

    def namesakes_of(self, people: Iterable[str]) -> set[str]:
        """The shared addresses (``Resolution.namesakes``) any of ``people`` held."""
        return {
            address
            for (address,) in select_in(
                self._db, "SELECT address FROM namesakes WHERE person IN ({keys})", people
            )
        }

    def findings(self) -> list[StoredFinding]:
        from trfsite.people.contexts import PeopleFinding

        return [
            StoredFinding(
                Finding(Severity(severity), code, message, file, line, column),
                PeopleFinding(file, line, code, message, href, person_href),
            )
            for file, line, column, severity, code, message, href, person_href in self._db.execute(
                "SELECT file, line, column, severity, code, message, href, person_href"
                " FROM findings ORDER BY rowid"
            )
        ]

    def entry_count(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM entries").fetchone()[0])


def save_people(
    db: sqlite3.Connection,
    people: Iterable[Person],
    gone: frozenset[str] | None,
    namesakes: dict[str, tuple[str, ...]],
) -> None:
    """``people`` (with their keys and the addresses they share) in place of those
    ``gone`` (None: of everyone)."""
    if gone is None:
        for table in ("people", "person_keys", "namesakes"):
            db.execute(f"DELETE FROM {table}")
    else:
        old = sorted(gone)
        db.executemany("DELETE FROM people WHERE key = ?", ((k,) for k in old))
        db.executemany("DELETE FROM person_keys WHERE person = ?", ((k,) for k in old))
        db.executemany("DELETE FROM namesakes WHERE person = ?", ((k,) for k in old))
    for person in people:
        db.execute(
            f"INSERT OR REPLACE INTO people ({_PERSON}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                person.key,
                person.name,
                person.fide_id,
                person.egd_pin,
                person.federation,
                json.dumps(person.aliases, ensure_ascii=False),
                int(person.name_matched),
                person.page,
                json.dumps(person.redirects, ensure_ascii=False),
            ),
        )
        db.executemany(
            "INSERT OR REPLACE INTO person_keys (own_key, person) VALUES (?, ?)",
            ((key, person.key) for key in (person.key, *person.aliases)),
        )
    db.executemany(
        "INSERT OR REPLACE INTO namesakes (address, person) VALUES (?, ?)",
        ((address, key) for address in sorted(namesakes) for key in namesakes[address]),
    )


def save_findings(
    db: sqlite3.Connection, findings: Sequence[Finding], shown: Sequence[PeopleFinding]
) -> None:
    """Every identity finding of the build, with its links as shown (``shown``: the
    same findings, in the same order; empty when they were not shown)."""
    db.execute("DELETE FROM findings")
    links = [(f.href, f.person_href) for f in shown] if shown else [("", "")] * len(findings)
    db.executemany(
        "INSERT INTO findings (file, line, column, severity, code, message, href, person_href)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            (f.file, f.line, f.column, f.severity.value, f.code, f.message, *link)
            for f, link in zip(findings, links, strict=True)
        ),
    )
