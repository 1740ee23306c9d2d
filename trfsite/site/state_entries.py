"""The events' entries in the build state (``site.state``'s tables ``entries``,
``national_ids`` and ``linked_keys``), searched the way identity links them: by FIDE
id, EGD PIN, national id, folded name and linked key. A rebuild finds there the
part of the archive a changed event touches (``site.identity_part``,
``site.identity_alone``) without reading every entry."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from trfsite.site.state_batch import select_in
from trfsite.site.state_people import StoredPeople

# An entry reached (see ``StoredEntries.part``) with its own key, folded name and
# linked keys (a row for each, None if it has none).
_REACHED = (
    "SELECT e.event_key, e.position, e.own_key, e.folded_name, l.key FROM entries e"
    " LEFT JOIN linked_keys l ON l.event_key = e.event_key AND l.position = e.position"
    " WHERE {by}"
)
_REACHED_LINKED = (
    "SELECT e.event_key, e.position, e.own_key, e.folded_name, l.key FROM linked_keys k"
    " JOIN entries e ON e.event_key = k.event_key AND e.position = k.position"
    " LEFT JOIN linked_keys l ON l.event_key = e.event_key AND l.position = e.position"
    " WHERE k.key IN ({keys})"
)


class StoredEntries:
    """Searches of the stored entries (``BuildState.entries``)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def people_with(
        self,
        *,
        fide_id: str = "",
        egd_pin: str = "",
        national_id: str = "",
        folded_name: str = "",
    ) -> list[str]:
        """The keys of the resolved people one of whose entries carries the given id
        (or folded name), sorted: what a changed event's entry is matched against."""
        if fide_id:
            query, value = "SELECT own_key FROM entries WHERE fide_id = ?", fide_id
        elif egd_pin:
            query, value = "SELECT own_key FROM entries WHERE egd_pin = ?", egd_pin
        elif national_id:
            query = (
                "SELECT e.own_key FROM national_ids n JOIN entries e"
                " ON e.event_key = n.event_key AND e.position = n.position"
                " WHERE n.national_id = ?"
            )
            value = national_id
        elif folded_name:
            query, value = "SELECT own_key FROM entries WHERE folded_name = ?", folded_name
        else:
            return []
        keys = {key for (key,) in self._db.execute(query, (value,))}
        return sorted(set(StoredPeople(self._db).person_of(keys).values()))

    def part(
        self, keys: Iterable[str], names: Iterable[str], skip: set[str]
    ) -> dict[str, set[int]]:
        """The stored entries (event key -> positions) connected to ``keys`` and folded
        ``names``: through an own or linked key, a folded name, or the person they
        belonged to, again and again (``people.incremental``); ``skip``: events gone."""
        db = self._db
        found: dict[str, set[int]] = {}
        todo_keys, todo_names = set(keys), set(names)
        seen_keys: set[str] = set()
        seen_names: set[str] = set()
        # Breadth first: each round's keys and names asked in a few queries, each row
        # with what it leads to (its own key, folded name and linked keys).
        while todo_keys or todo_names:
            keys_now, names_now = todo_keys - seen_keys, todo_names - seen_names
            seen_keys |= keys_now
            seen_names |= names_now
            rows: list[tuple[str, int, str, str, str | None]] = [
                *select_in(db, _REACHED.format(by="e.own_key IN ({keys})"), keys_now),
                *select_in(db, _REACHED.format(by="e.folded_name IN ({keys})"), names_now),
                *select_in(db, _REACHED_LINKED, keys_now),
            ]
            todo_keys.update(
                other
                for (other,) in select_in(
                    db,
                    "SELECT b.own_key FROM person_keys a JOIN person_keys b"
                    " ON b.person = a.person WHERE a.own_key IN ({keys})",
                    keys_now,
                )
            )
            reached: set[tuple[str, int]] = set()
            for event_key, position, own, name, linked in rows:
                positions = found.setdefault(event_key, set())
                if event_key in skip:
                    continue
                if position not in positions:
                    positions.add(position)
                    reached.add((event_key, position))
                elif (event_key, position) not in reached:
                    continue  # reached in an earlier round: what it leads to is asked
                todo_keys.add(own)
                todo_names.add(name)
                if linked is not None:
                    todo_keys.add(linked)
            todo_keys -= seen_keys
            todo_names -= seen_names
        return {key: positions for key, positions in found.items() if positions}
