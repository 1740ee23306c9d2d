"""The events a rebuild needs for a few of their people only, loaded with those.

A rebuild after a corrected event (``identity_alone``) makes the pages of that
event's people again, and a person page shows each of its events (the event's
head, the person's entry) and its opponents there (their names and pages). It
loaded every event those people played in whole, with all their people: thousands
of entries decoded and their persons read, and more of them the larger the
archive. Here each such event brings only those people's entries and their
opponents'. What a page's inputs say of the event's other people (a change of one
of them makes the page again: ``people.pages._Archive.people_at``) is the digest
the state kept when the event was last loaded whole (``Changes.people_at``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from trfsite.model.frozen import frozen_record
from trfsite.people.entries import EventEntries, unpack_record
from trfsite.people.incremental import Stale
from trfsite.site.state import BuildState


@frozen_record
class CutEvents:
    """Events loaded with some of their entries."""

    events: dict[str, EventEntries]  # event key -> the event with those entries only
    positions: dict[str, tuple[int, ...]]  # event key -> each entry's place in the whole event
    people_at: dict[str, str]  # event key -> the digest of the whole event's people


def load_cut(state: BuildState, wanted: Mapping[str, Mapping[int, str]]) -> CutEvents:
    """The events under ``wanted``'s keys with the entries at its positions (given
    their packed rounds, which the events' stored form leaves out) and those of their
    opponents (without theirs); raises Stale when the state lacks an event or the
    digest of its people."""
    digests = state.people_at(wanted)
    if len(digests) != len(wanted):
        raise Stale("an event without the digest of its people")
    found = state.events_with(
        {
            key: (
                mine,
                {
                    game.opponent
                    for record in mine.values()
                    for game in unpack_record(record)
                    if game.opponent is not None
                },
            )
            for key, mine in wanted.items()
        }
    )
    if len(found) != len(wanted):
        raise Stale("a stored event gone")
    events: dict[str, EventEntries] = {}
    positions: dict[str, tuple[int, ...]] = {}
    for key, (event, taken) in found.items():
        mine = wanted[key]
        entries = tuple(
            entry._replace(record_text=mine[position]) if position in mine else entry
            for position, entry in zip(taken, event.entries, strict=True)
        )
        events[key] = replace(event, entries=entries)
        positions[key] = taken
    return CutEvents(events, positions, digests)
