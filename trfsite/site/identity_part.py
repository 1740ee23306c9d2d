"""Who is who in a build: only the part of the archive that the changed events touch
is resolved again (``people.incremental``), found by the build state's indexes.

Everything is resolved again on a first build, after a change of ``[people]``, when
the state is not the previous build's, or when the part is most of the archive.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from trfsite.model.frozen import frozen_record
from trfsite.people.config import PeopleConfig
from trfsite.people.entries import EventEntries
from trfsite.people.identity import Person, Resolution, linked_keys, resolve
from trfsite.people.incremental import Known, Stale, config_keys, resolve_part
from trfsite.site.state import BuildState, Resolved

logger = logging.getLogger(__name__)

# Past this share of the archive's entries, resolving everyone again is cheaper.
MOST = 0.5


def mostly_new(new: int, events: int) -> bool:
    """``new`` of the archive's ``events`` are most of it (another trfsite or theme makes
    every key new): everyone is resolved again, as in a cold build, with nothing of the
    state held beside them (held, a rebuild in which every event changed peaked at 2.2x
    a cold build's memory at 3,000 events, issue 46)."""
    return new > MOST * events


@frozen_record
class Touched:
    """What a rebuild's part may have changed: the pages to look at again."""

    people: frozenset[str]  # see ``_touched``


@frozen_record
class _Part:
    positions: dict[str, frozenset[int]]  # file -> entries resolved again
    gone: frozenset[str]  # the previous people these entries belonged to
    changed_files: frozenset[str]


def resolve_people(
    state: BuildState,
    found: list[tuple[str, EventEntries]],
    config: PeopleConfig,
    incremental: bool,
) -> tuple[Resolution, Resolved, Touched | None]:
    """The build's people, from ``found`` (cache key, entries) of every event, what
    of them the state keeps, and the people in an event with someone resolved again
    (None: everyone); ``incremental``: the state may be the previous build's."""
    text = repr(config)
    known = None
    if incremental:
        held = state.known_events()
        new = sum(1 for key, _ in found if key not in held)
        if mostly_new(new, len(found)):
            logger.info("people: resolving everyone again (%d of %d events new)", new, len(found))
        else:
            known = state.known(text)
    if known is not None:
        try:
            return _resolve_part(state, found, config, known, text)
        except Stale as exc:
            logger.info("people: resolving everyone again (%s)", exc)
        known = None  # everyone stored is not held while everyone is resolved
    # Nothing reads the own keys' map of everyone resolved (a part's is read above).
    resolution = resolve((entries for _, entries in found), config, key_of=False)
    resolved = Resolved(resolution.people, None, resolution.findings, text, resolution.namesakes)
    return resolution, resolved, None


def _resolve_part(
    state: BuildState,
    found: list[tuple[str, EventEntries]],
    config: PeopleConfig,
    known: Known,
    text: str,
) -> tuple[Resolution, Resolved, Touched]:
    part = _part(state, dict(found), config, known)
    lines = {
        (file, entry.line)
        for _, event in found
        for file in (event.file,)
        for position, entry in enumerate(event.entries)
        if position in part.positions.get(file, ())
    }
    outside = tuple(
        finding
        for finding in known.findings
        if finding.file not in part.changed_files and (finding.file, finding.line) not in lines
    )
    resolution = resolve_part(
        (entries for _, entries in found), part.positions, known._replace(findings=outside), config
    )
    mine = {
        resolution.key_of[event.entries[position].own_key]
        for _, event in found
        for position in part.positions.get(event.file, ())
    }
    people = [person for person in resolution.people if person.key in mine]
    logger.info("people: %d person(s) resolved again", len(people))
    # An address's holders are all in the part or all outside it (see identity_alone).
    namesakes = {a: keys for a, keys in resolution.namesakes.items() if keys[0] in mine}
    return (
        resolution,
        Resolved(people, part.gone, resolution.findings, text, namesakes),
        _touched(resolution, found, part, known, people),
    )


def _touched(
    resolution: Resolution,
    found: list[tuple[str, EventEntries]],
    part: _Part,
    known: Known,
    people: list[Person],
) -> Touched:
    """The people of the part, and those in an event where someone of the part is
    now another person or named otherwise (a person page shows its opponents)."""
    names = {person.key: person.name for person in people}
    # A namesake come or gone moves the pages of those who share the address: all of
    # the part (the folded name is the same), and their opponents link to them.
    pages = {person.key: person.page for person in people}
    moved = set()
    for _, event in found:
        for position in part.positions.get(event.file, ()):
            own = event.entries[position].own_key
            now, before = resolution.key_of[own], known.person_of.get(own)
            was = known.people.get(before) if before is not None else None
            if was is None or before != now or (was.name, was.page) != (names[now], pages[now]):
                moved.add(event.file)
                break
    events = resolution.events
    touched = frozenset(names) | frozenset(
        person.key
        for person in resolution.people
        if any(events[ref.event].file in moved for ref in person.entries)
    )
    return Touched(touched)


class ChangedEvents(NamedTuple):
    """What the events added and removed since the state touch: where a part starts."""

    added: list[str]
    removed: set[str]
    changed: list[EventEntries]  # the added events and the removed ones, as stored
    keys: set[str]  # their entries' own and linked keys, and those of [people]
    names: set[str]  # their entries' folded names


def changed_events(
    state: BuildState,
    current: Iterable[str],
    new: Mapping[str, EventEntries],
    config: PeopleConfig,
) -> ChangedEvents:
    """The events added (read from ``new``) and removed since the state, and what
    their entries touch."""
    before = state.known_events()
    now = list(current)
    removed = before - set(now)
    added = [key for key in now if key not in before]
    changed = [new[key] for key in added] + list(state.events(removed).values())
    keys, names = config_keys(config), set()
    for event in changed:
        for entry in event.entries:
            keys.add(entry.own_key)
            keys.update(linked_keys(entry))
            names.add(entry.folded_name)
    return ChangedEvents(added, removed, changed, keys, names)


def _part(
    state: BuildState, current: dict[str, EventEntries], config: PeopleConfig, known: Known
) -> _Part:
    """The entries the changed events touch; raises Stale when resolving everything
    is as cheap, or an entry of the part has no line (findings are told apart by it)."""
    added, removed, changed, keys, names = changed_events(state, current, current, config)
    positions: dict[str, set[int]] = {
        current[key].file: set(range(len(current[key].entries))) for key in added
    }
    for key, stored in state.entries.part(keys, names, removed).items():
        if key in current:
            positions.setdefault(current[key].file, set()).update(stored)
    size = sum(len(p) for p in positions.values())
    if size > MOST * sum(len(event.entries) for event in current.values()):
        raise Stale(f"{size} entries touched")
    by_file = {event.file: event for event in current.values()}
    own_keys = set(keys)
    for file, wanted in positions.items():
        entries = by_file[file].entries
        for position in wanted:
            if not entries[position].line:
                raise Stale(f"{file}: an entry without a line")
            own_keys.add(entries[position].own_key)
    gone = frozenset(known.person_of[key] for key in own_keys if key in known.person_of)
    return _Part(
        {file: frozenset(p) for file, p in positions.items()},
        gone,
        frozenset(event.file for event in changed),
    )
