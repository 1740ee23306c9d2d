"""Event entries to and from JSON-ready lists (the build cache keeps them per event).

Positional lists, not objects: an archive of thousands of events keeps
hundreds of thousands of entries, and the cache is read on every rebuild.
"""

from __future__ import annotations

import datetime as dt

from trfsite.people.entries import EventEntries, KeyKind, PersonEntry, SharedValues, TeamPlace

_ENTRY_FIELDS = PersonEntry._fields
_KIND = _ENTRY_FIELDS.index("key_kind")
_NATIONAL = _ENTRY_FIELDS.index("national_ids")
_RECORD = _ENTRY_FIELDS.index("record_text")
_KINDS = {kind.value: kind for kind in KeyKind}


def _entry_json(entry: PersonEntry) -> list[object]:
    values: list[object] = list(entry)
    values[_KIND] = entry.key_kind.value
    values[_NATIONAL] = list(entry.national_ids)
    return values


def _entry_from(data: list[object]) -> PersonEntry:
    if len(data) != len(_ENTRY_FIELDS):
        raise ValueError(f"entry has {len(data)} values; expected {len(_ENTRY_FIELDS)}")
    values = list(data)
    values[_KIND] = _KINDS[values[_KIND]]  # type: ignore[index]
    values[_NATIONAL] = tuple(values[_NATIONAL])  # type: ignore[arg-type]
    if not isinstance(values[_RECORD], str):
        raise TypeError(f"record is {values[_RECORD]!r}; expected packed rounds")
    return PersonEntry._make(values)


def entries_to_json(event: EventEntries) -> dict[str, object]:
    return {
        "file": event.file,
        "slug": event.slug,
        "event": event.event,
        "date": event.date.isoformat() if event.date else None,
        "game": event.game,
        "kind": event.kind,
        "participants": event.participants,
        "rounds": event.rounds,
        "entries": [_entry_json(e) for e in event.entries],
        "after_round": event.after_round,
        "teams": [list(team) for team in event.teams],
    }


def entries_from_json(data: dict[str, object], shared: SharedValues | None = None) -> EventEntries:
    """Raises ValueError, KeyError or TypeError for anything but what ``entries_to_json`` made;
    ``shared``: the entries packed, the values they repeat numbered in that table."""
    date = data["date"]
    after = data["after_round"]
    entries = tuple(_entry_from(e) for e in data["entries"])  # type: ignore[attr-defined]
    return EventEntries(
        file=str(data["file"]),
        slug=str(data["slug"]),
        event=str(data["event"]),
        date=dt.date.fromisoformat(date) if isinstance(date, str) else None,
        game=str(data["game"]),
        kind=str(data["kind"]),
        participants=int(data["participants"]),  # type: ignore[call-overload]
        rounds=int(data["rounds"]),  # type: ignore[call-overload]
        entries=entries if shared is None else shared.pack(entries),
        after_round=None if after is None else int(after),  # type: ignore[call-overload]
        teams=tuple(
            TeamPlace(str(name), int(rank), float(points))
            for name, rank, points in data["teams"]  # type: ignore[attr-defined]
        ),
    )
