"""A rebuild's people without the rest of the archive: the part a changed event
touches (``people.incremental``) is resolved again, and only the events its
people and the people who met them played in are read from the build state.

The part is closed over keys, folded names and the people they belonged to, so
every holder of a part person's address is in the part: the other people keep
their page and redirects as stored, and their pages are linked from the
previous build by path (``site.people``), not made again from ``Person`` objects.
The resolution returned holds the loaded events and their people only: those of
the part and those ``touched`` whole, the others with their entries in these
events (enough for the opponents a page links to).

A changed event that only replaces a stored one of the same file, with the same
people (its results or name corrected: ``_who``), resolves nothing again: its
people are taken as stored (``_as_before``), and no part is closed over their
folded names, which reached every namesake (a third of the part's people at 300
events, more the larger the archive).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import field, replace
from itertools import chain

from trfsite.model.frozen import frozen_record
from trfsite.people.config import PeopleConfig
from trfsite.people.contexts import PeopleFinding
from trfsite.people.entries import EventEntries, PersonEntry
from trfsite.people.identity import (
    EntryRef,
    Person,
    Resolution,
    finding_order,
    places_in_time,
    resolve,
)
from trfsite.people.incremental import KnownPerson, Stale
from trfsite.people.listings import BUSIEST
from trfsite.people.pages import ArchiveSummary
from trfsite.people.report import PEOPLE_FOLDER
from trfsite.people.rows import PersonRow, person_rows
from trfsite.site import identity_part
from trfsite.site.identity_cut import load_cut
from trfsite.site.state import BuildState, Resolved
from trfsite.site.state_pages import paths_under
from trfsite.site.state_people import StoredPeople


@frozen_record
class Alone:
    """The people of a rebuild that resolved a part of the archive alone."""

    resolution: Resolution  # the loaded events and their people (see the module)
    resolved: Resolved
    touched: frozenset[str]  # the people whose pages are planned again
    owned: frozenset[str]  # the previous build's paths of the people the part replaced
    summary: ArchiveSummary  # what the index shows of the whole archive
    rows: list[PersonRow]  # the listing rows of the part's people
    kept: frozenset[str]  # the events the state holds and keeps (not read)
    event_keys: dict[str, str]  # the loaded events' files -> their cache keys
    # The events loaded with some of their entries (``site.identity_cut``), by key:
    # the digest of their people, and each loaded entry's place in the whole event.
    people_at: dict[str, str] = field(default_factory=dict)
    positions: dict[str, tuple[int, ...]] = field(default_factory=dict)


@frozen_record
class _Part:
    loaded: dict[str, EventEntries]  # event key -> entries: the part's events
    positions: dict[str, frozenset[int]]  # event key -> its entries in the part
    own_keys: frozenset[str]  # keys whose previous person the part replaces
    changed_files: frozenset[str]


def resolve_alone(
    state: BuildState,
    current: Sequence[str],
    new: Mapping[str, EventEntries],
    config: PeopleConfig,
    text: str,
) -> Alone:
    """The people of a build of the events ``current`` (cache keys), ``new`` those the
    state does not hold; raises Stale when the part cannot be resolved alone."""
    stored = state.people
    if stored.config() != text:
        raise Stale("another [people]")
    replaced = _replaced_alike(state, current, new)
    if replaced:
        return _as_before(state, current, new, replaced, text)
    part = _part(state, current, new, config)
    was_of = stored.person_of(part.own_keys)
    # A person's key is one of its own keys: found even if the state lost a key's row.
    gone = frozenset(was_of.values()) | frozenset(stored.these(part.own_keys))
    before = stored.these(gone)
    keys = sorted(part.positions, key=lambda k: part.loaded[k].file)
    kept_positions = [sorted(part.positions[k]) for k in keys]
    cut = [
        replace(part.loaded[k], entries=tuple(part.loaded[k].entries[i] for i in wanted))
        for k, wanted in zip(keys, kept_positions, strict=True)
    ]
    inside = resolve(cut, config)
    mine = {person.key: person for person in inside.people}
    moved = set()
    for event in cut:
        for entry in event.entries:
            now, earlier = mine[inside.key_of[entry.own_key]], was_of.get(entry.own_key)
            was = before.get(earlier) if earlier is not None else None
            if was is None or earlier != now.key or (was.name, was.page) != (now.name, now.page):
                moved.add(event.file)
                break
    loaded = dict(part.loaded)
    # Those who played in an event where someone of the part is now another person
    # or named otherwise: their pages show that person (as an opponent).
    outside_keys = {
        entry.own_key
        for key in keys
        if part.loaded[key].file in moved
        for position, entry in enumerate(part.loaded[key].entries)
        if position not in part.positions[key]
    }
    outside_of = stored.person_of(outside_keys)
    if len(outside_of) != len(outside_keys):
        raise Stale("an entry without a stored person")
    whole = set(outside_of.values())
    entries_of = stored.entries_of(whole)
    wanted = {event_key for found in entries_of.values() for event_key, _, _ in found}
    if not wanted <= set(current):
        raise Stale("a stored entry of an event gone")
    # Their other events hold nobody of the part: loaded cut, their digests as stored.
    others = load_cut(state, _played(entries_of, set(loaded)))
    loaded.update(others.events)
    resolution = _resolution(stored, loaded, part, inside, keys, kept_positions)
    counts = {p.key: len(p.entries) for p in resolution.people}
    if any(counts.get(person) != len(found) for person, found in entries_of.items()):
        raise Stale("a person's entries not all read")
    people = [person for person in resolution.people if person.key in mine]
    lines = {
        (event.file, event.entries[position].line)
        for key in keys
        for event in (part.loaded[key],)
        for position in part.positions[key]
    }
    outside = [
        found
        for found in stored.findings()
        if found.finding.file not in part.changed_files
        and (found.finding.file, found.finding.line) not in lines
    ]
    findings = sorted((*(f.finding for f in outside), *inside.findings), key=finding_order)
    rows = person_rows(resolution, people)
    owned = {f"{PEOPLE_FOLDER}/{address}.html" for address in stored.namesakes_of(gone)}
    for was in before.values():
        owned.update(f"{PEOPLE_FOLDER}/{address}.html" for address in (was.page, *was.redirects))
    return Alone(
        resolution,
        Resolved(people, gone, tuple(findings), text, dict(inside.namesakes)),
        frozenset(mine) | frozenset(whole),
        frozenset(owned),
        _summary(state, rows, gone, len(current), tuple(f.shown for f in outside)),
        rows,
        frozenset(key for key in current if key not in new),
        {event.file: key for key, event in loaded.items()},
        others.people_at,
        others.positions,
    )


def _played(
    entries_of: Mapping[str, list[tuple[str, int, str]]], skip: set[str]
) -> dict[str, dict[int, str]]:
    """Event key -> position -> packed rounds of the entries ``entries_of`` lists, but
    in the events ``skip`` (loaded whole)."""
    played: dict[str, dict[int, str]] = {}
    for found in entries_of.values():
        for key, position, record in found:
            if key not in skip:
                played.setdefault(key, {})[position] = record
    return played


# The fields of an entry that neither identity (``people.identity``) nor a listing
# row (``people.rows``) reads: an event changed in these only (and in its name,
# rounds or teams) leaves every person as they were.
_RESULTS = frozenset(
    {
        "title",
        "rating",
        "grade",
        "points",
        "rank",
        "games",
        "performance",
        "rating_change",
        "record_text",
        "team",
        "game_pages",
    }
)
_WHO = tuple(n for n, name in enumerate(PersonEntry._fields) if name not in _RESULTS)


def _who(event: EventEntries) -> tuple[object, ...]:
    """What of ``event`` the people depend on (see ``_RESULTS``)."""
    entries = tuple(tuple(entry[n] for n in _WHO) for entry in event.entries)
    return (event.file, event.slug, event.date, event.game, event.kind, entries)


def _replaced_alike(
    state: BuildState, current: Sequence[str], new: Mapping[str, EventEntries]
) -> dict[str, str]:
    """Each new event's key -> the stored event of its file that it replaces, when
    every change is such a replacement and leaves the people as they were (a result
    or the event's name corrected); else empty. Raises Stale when most events are new."""
    held = state.known_events()
    added = [key for key in current if key not in held]
    if identity_part.mostly_new(len(added), len(current)):  # alike or not
        raise Stale(f"{len(added)} of {len(current)} events new")
    removed = held - set(current)
    if not added or len(added) != len(removed):
        return {}
    before = state.events(removed)
    by_file = {event.file: key for key, event in before.items()}
    replaced = {}
    for key in added:
        old = by_file.get(new[key].file)
        if old is None or _who(new[key]) != _who(before[old]):
            return {}
        replaced[key] = old
    return replaced


def _as_before(
    state: BuildState,
    current: Sequence[str],
    new: Mapping[str, EventEntries],
    replaced: Mapping[str, str],
    text: str,
) -> Alone:
    """The changed events' people, as the state holds them, with the events they
    played in: nothing is resolved again, so the part is not closed over their
    folded names (that reached every namesake and grew with the archive). Only their
    pages are planned again; their listing rows, addresses and the findings stay."""
    stored = state.people
    own_keys = {entry.own_key for key in replaced for entry in new[key].entries}
    person_of = stored.person_of(own_keys)
    if len(person_of) != len(own_keys):
        raise Stale("an entry without a stored person")
    people = set(person_of.values())
    entries_of = stored.entries_of(people)
    now_key = {old: key for key, old in replaced.items()}
    wanted = {now_key.get(key, key) for found in entries_of.values() for key, _, _ in found}
    if not wanted <= set(current):
        raise Stale("a stored entry of an event gone")
    loaded = {key: new[key] for key in replaced}
    # Their other events with their entries and opponents only (``site.identity_cut``).
    cut = load_cut(state, _played(entries_of, set(replaced.values())))
    loaded.update(cut.events)
    nothing = _Part(loaded, {}, frozenset(), frozenset())
    resolution = _resolution(stored, loaded, nothing, Resolution((), (), {}), [], [])
    counts = {p.key: len(p.entries) for p in resolution.people}
    if any(counts.get(person) != len(found) for person, found in entries_of.items()):
        raise Stale("a person's entries not all read")
    found = stored.findings()
    findings = tuple(sorted((f.finding for f in found), key=finding_order))
    return Alone(
        resolution,
        Resolved((), frozenset(), findings, text, {}),
        frozenset(people),
        frozenset(),
        _summary(state, [], frozenset(), len(current), tuple(f.shown for f in found)),
        [],
        frozenset(key for key in current if key not in new),
        {event.file: key for key, event in loaded.items()},
        cut.people_at,
        cut.positions,
    )


def _part(
    state: BuildState, current: Sequence[str], new: Mapping[str, EventEntries], config: PeopleConfig
) -> _Part:
    """The entries the changed events touch (as ``identity_part`` finds them), with
    their events read; raises Stale when resolving everyone is as cheap, or an entry
    of the part has no line (findings are told apart by it)."""
    now = set(current)
    added, removed, changed, keys, names = identity_part.changed_events(state, current, new, config)
    positions: dict[str, set[int]] = {key: set(range(len(new[key].entries))) for key in added}
    for key, found in state.entries.part(keys, names, removed).items():
        if key in now:
            positions.setdefault(key, set()).update(found)
    size = sum(len(p) for p in positions.values())
    total = state.people.entry_count() + sum(len(new[key].entries) for key in added)
    if size > identity_part.MOST * total:
        raise Stale(f"{size} entries touched")
    loaded = {key: new[key] for key in added}
    loaded.update(state.events(sorted(set(positions) - set(loaded))))
    own_keys = set(keys)
    for key, wanted in positions.items():
        entries = loaded[key].entries
        for position in wanted:
            if not entries[position].line:
                raise Stale(f"{loaded[key].file}: an entry without a line")
            own_keys.add(entries[position].own_key)
    return _Part(
        loaded,
        {key: frozenset(p) for key, p in positions.items()},
        frozenset(own_keys),
        frozenset(event.file for event in changed),
    )


def _resolution(
    stored: StoredPeople,
    loaded: dict[str, EventEntries],
    part: _Part,
    inside: Resolution,
    keys: list[str],
    kept_positions: list[list[int]],
) -> Resolution:
    """The loaded events and their people: the part's as resolved, the others as
    stored, with their entries in these events."""
    order_keys = sorted(loaded, key=lambda k: loaded[k].file)
    ordered = tuple(loaded[k] for k in order_keys)
    index_of = {key: n for n, key in enumerate(order_keys)}
    order = places_in_time(ordered)
    people: list[Person] = [
        replace(
            person,
            entries=tuple(
                EntryRef(index_of[keys[ref.event]], kept_positions[ref.event][ref.entry])
                for ref in person.entries
            ),
        )
        for person in inside.people
    ]
    key_of = dict(inside.key_of)
    others: dict[str, list[EntryRef]] = {}
    own_keys = {
        entry.own_key
        for key in order_keys
        for position, entry in enumerate(loaded[key].entries)
        if position not in part.positions.get(key, ())
    }
    person_of = stored.person_of(own_keys)
    for key in order_keys:
        taken = part.positions.get(key, frozenset())
        for position, entry in enumerate(loaded[key].entries):
            if position in taken:
                continue
            person = person_of.get(entry.own_key)
            if person is None:
                raise Stale(entry.own_key)
            key_of[entry.own_key] = person
            others.setdefault(person, []).append(EntryRef(index_of[key], position))
    known = stored.these(others)
    for key, refs in others.items():
        was: KnownPerson | None = known.get(key)
        if was is None:
            raise Stale(key)
        refs.sort(key=lambda ref: (order[ref.event], ref.entry))
        people.append(was.person(refs, settled=True))
    people.sort(key=lambda p: p.key)
    return Resolution(
        ordered, tuple(people), key_of, inside.findings, inside.problems, dict(inside.namesakes)
    )


def _summary(
    state: BuildState,
    fresh: list[PersonRow],
    gone: frozenset[str],
    events: int,
    findings: tuple[PeopleFinding, ...],
) -> ArchiveSummary:
    """The index's counts and busiest people: the state's rows, the part's in place
    of those it replaced."""
    stored = state.rows
    replaced = set(gone) | {row.key for row in fresh}
    count = stored.count() - len(stored.has(replaced)) + len(fresh)
    rows = [row for row in stored.busiest(len(replaced)) if row.key not in replaced] + fresh
    rows.sort(key=lambda row: (-row.events, row.name.casefold(), row.key))
    return ArchiveSummary(count, events, tuple(row.line("") for row in rows[:BUSIEST]), findings)


def paths_to_link(
    alone: Alone, old_pages: Collection[str], listed: Sequence[str]
) -> tuple[list[str], set[str]]:
    """(the previous build's people pages (``old_pages``, in order: a map or set, looked
    up) that stay as they are, sorted: those of the people outside the part that
    nothing touched (``listed``: the listings' folders and pages, looked at apart); the
    other stored pages, which the build looks at again). Raises Stale when a path of
    the part was someone else's (the part would not be closed)."""
    mine = {person.key for person in alone.resolved.people}
    part = {f"{PEOPLE_FOLDER}/{address}.html" for address in alone.resolution.namesakes}
    planned: set[str] = set()
    for person in alone.resolution.people:
        if person.key in alone.touched:
            paths = {f"{PEOPLE_FOLDER}/{a}.html" for a in (person.page, *person.redirects)}
            (part if person.key in mine else planned).update(paths)
    prefix, apart, owned = f"{PEOPLE_FOLDER}/", tuple(listed), alone.owned
    clash = [p for p in part if p in old_pages and not p.startswith(apart) and p not in owned]
    if clash:
        raise Stale(f"{min(clash)}: a path of the part was someone else's")
    # Every people page of the archive (118,000 at 10,000 events) is looked up once: the
    # pages under the folder and the listings' are slices of the sorted paths.
    ordered = sorted(old_pages)
    people = paths_under(ordered, prefix)
    again = {p for p in chain(owned, planned) if p in old_pages}
    again.update(p for start in apart for p in paths_under(people, start))
    links = [p for p in people if p not in again]
    if len(people) < len(ordered):  # pages outside the folder: looked at again
        again.update(p for p in ordered if not p.startswith(prefix))
    return links, again
