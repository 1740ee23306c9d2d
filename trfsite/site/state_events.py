"""The stored events of the build state (``site.state``'s tables ``events``, ``entries``,
``national_ids`` and ``linked_keys``): each event's entries as one JSON text, each
entry on its own too, so that a rebuild reads a few entries of an event without
decoding it whole (``site.identity_cut``)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import replace

from trfsite.people.codec import entries_from_json, entries_to_json
from trfsite.people.entries import EventEntries, SharedValues
from trfsite.site.state_batch import select_in


def events(
    db: sqlite3.Connection, keys: Iterable[str], shared: SharedValues | None = None
) -> dict[str, EventEntries]:
    """The entries of the events under ``keys`` that ``db`` holds, without their rounds.

    One JSON text per event, not a row per entry: reading 23 columns of every
    entry through ``sqlite3`` cost four times as much as decoding them.
    """
    return {
        key: entries_from_json(json.loads(data), shared)
        for key, data in select_in(db, "SELECT key, data FROM events WHERE key IN ({keys})", keys)
    }


def events_with(
    db: sqlite3.Connection, wanted: Mapping[str, tuple[Collection[int], Collection[int]]]
) -> dict[str, tuple[EventEntries, tuple[int, ...]]]:
    """Event key -> the event (without rounds) with only its entries at the given
    positions or with the given start numbers, and their positions in the event."""
    heads = dict(select_in(db, "SELECT key, head FROM events WHERE key IN ({keys})", wanted))
    found = {}
    for key in sorted(heads):
        positions, numbers = (sorted(set(values)) for values in wanted[key])
        rows = db.execute(
            "SELECT position, data FROM entries WHERE event_key = ? AND (position IN"
            f" ({', '.join('?' * len(positions))}) OR start_number IN"
            f" ({', '.join('?' * len(numbers))})) ORDER BY position",
            (key, *positions, *numbers),
        ).fetchall()
        data = json.loads(heads[key])
        data["entries"] = [json.loads(entry) for _, entry in rows]
        found[key] = (entries_from_json(data), tuple(position for position, _ in rows))
    return found


def put_events(
    db: sqlite3.Connection,
    known: set[str],
    events: Mapping[str, EventEntries],
    kept: frozenset[str],
    rounds: Callable[[str, int], list[str]] | None,
) -> None:
    """``events`` in the state beside the ``kept`` ones of the ``known``; the others dropped."""
    gone = known - set(events) - kept
    db.executemany("DELETE FROM events WHERE key = ?", ((key,) for key in sorted(gone)))
    for key in sorted(set(events) - known):
        insert_event(db, key, events[key], rounds)


def insert_event(
    db: sqlite3.Connection,
    key: str,
    event: EventEntries,
    rounds: Callable[[str, int], list[str]] | None = None,
) -> None:
    from trfsite.people.identity import linked_keys

    # The rounds stay in their own column until a page that shows them is made
    # (``record``): most of an entry's bytes, and few pages are made in a rebuild.
    apart = rounds(key, len(event.entries)) if rounds is not None else None
    records = [
        e.record_text or (apart[n] if apart is not None else "")
        for n, e in enumerate(event.entries)
    ]
    bare = replace(event, entries=tuple(e._replace(record_text="") for e in event.entries))
    whole = entries_to_json(bare)
    data = json.dumps(whole, ensure_ascii=False, separators=(",", ":"))
    # Each entry on its own as well, and the event without them: a rebuild that needs
    # a few entries of an event reads those (``events_with``).
    entries: list[object] = whole.pop("entries")  # type: ignore[assignment]
    head = json.dumps(whole, ensure_ascii=False, separators=(",", ":"))
    db.execute(
        "INSERT INTO events (key, file, slug, data, head) VALUES (?, ?, ?, ?, ?)",
        (key, event.file, event.slug, data, head),
    )
    db.executemany(
        "INSERT INTO entries (event_key, position, own_key, folded_name, fide_id, egd_pin,"
        " record_text, start_number, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            (
                key,
                n,
                e.own_key,
                e.folded_name,
                e.fide_id,
                e.egd_pin,
                records[n],
                e.start_number,
                json.dumps(shown, ensure_ascii=False, separators=(",", ":")),
            )
            for n, (e, shown) in enumerate(zip(event.entries, entries, strict=True))
        ),
    )
    db.executemany(
        "INSERT INTO national_ids (national_id, event_key, position) VALUES (?, ?, ?)",
        ((nid, key, n) for n, e in enumerate(event.entries) for nid in sorted(set(e.national_ids))),
    )
    db.executemany(
        "INSERT OR IGNORE INTO linked_keys (event_key, position, key) VALUES (?, ?, ?)",
        ((key, n, other) for n, e in enumerate(event.entries) for other in linked_keys(e)),
    )
