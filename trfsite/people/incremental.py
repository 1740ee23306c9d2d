"""Resolve only the part of an archive that changed events touch (issue 46).

The rules of ``identity`` are global (a name matches whoever shares it), but they
only ever join entries that share a key (own or linked) or a folded name. So the
entries connected to a changed event's entries through keys, folded names and the
people they belonged to (the *part*, found by the build state's indexes) resolve
exactly as they would among the whole archive; every other entry keeps the person
the previous build gave it. ``[people]`` merges and splits are part of the part
(their keys are always in it); a changed ``[people]`` resolves everything again.
"""

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import NamedTuple

from trfsite.findings import Finding
from trfsite.people.config import PeopleConfig
from trfsite.people.entries import EventEntries
from trfsite.people.identity import (
    EntryRef,
    Person,
    Resolution,
    assign_pages,
    finding_order,
    places_in_time,
    resolve,
)


class KnownPerson(NamedTuple):
    """A person as the previous build resolved it (without its entries)."""

    key: str
    name: str
    fide_id: str
    egd_pin: str
    federation: str
    aliases: tuple[str, ...]
    name_matched: bool
    page: str  # as ``identity.assign_pages`` gave it then
    redirects: tuple[str, ...] = ()  # likewise

    def person(self, entries: Iterable[EntryRef], *, settled: bool) -> Person:
        """This person with these entries (oldest first); with the stored page and
        redirects when ``settled``, else none, for ``assign_pages`` to give again."""
        page, redirects = (self.page, self.redirects) if settled else ("", ())
        return Person(
            self.key,
            self.name,
            self.fide_id,
            self.egd_pin,
            self.federation,
            self.aliases,
            tuple(entries),
            self.name_matched,
            page,
            redirects,
        )


class Known(NamedTuple):
    """What the previous build resolved, for the entries outside the part."""

    people: Mapping[str, KnownPerson]  # by key
    person_of: Mapping[str, str]  # an entry's own key -> its person's key
    findings: tuple[Finding, ...]  # those about entries outside the part


class Stale(Exception):
    """An entry outside the part has no known person: resolve everything instead."""


def config_keys(config: PeopleConfig) -> set[str]:
    """The keys ``[people]`` names: always resolved with the part."""
    return {key for group in config.merges for key in group} | {k for _, _, k in config.splits}


def resolve_part(
    events: Iterable[EventEntries],
    part: Mapping[str, frozenset[int]],
    known: Known,
    config: PeopleConfig,
) -> Resolution:
    """Every person of ``events``: those of ``part`` (file -> positions of its entries
    in the part) resolved again, the others as ``known``; the same as ``resolve``
    on all of them when the part is closed (see the module's docstring).

    Raises Stale when an entry outside the part has no known person.
    """
    ordered = tuple(sorted(events, key=lambda e: e.file))
    cut, where = [], []
    for index, event in enumerate(ordered):
        positions = sorted(part.get(event.file, ()))
        if positions:
            cut.append(replace(event, entries=tuple(event.entries[i] for i in positions)))
            where.append((index, positions))
    inside = resolve(cut, config)
    people = [
        replace(
            person,
            entries=tuple(
                EntryRef(where[ref.event][0], where[ref.event][1][ref.entry])
                for ref in person.entries
            ),
        )
        for person in inside.people
    ]
    key_of = dict(inside.key_of)
    members: dict[str, list[EntryRef]] = {}
    for index, event in enumerate(ordered):
        taken = part.get(event.file, frozenset())
        for position, entry in enumerate(event.entries):
            if position in taken:
                continue
            person = known.person_of.get(entry.own_key)
            if person is None or person not in known.people:
                raise Stale(entry.own_key)
            key_of[entry.own_key] = person
            members.setdefault(person, []).append(EntryRef(index, position))
    order = places_in_time(ordered)
    for key, refs in members.items():
        was = known.people[key]
        refs.sort(key=lambda ref: (order[ref.event], ref.entry))
        people.append(was.person(refs, settled=False))
    people.sort(key=lambda p: p.key)
    # Pages are settled among everyone: a namesake in the part moves the others' pages.
    placed, namesakes = assign_pages(ordered, people)
    findings = sorted((*known.findings, *inside.findings), key=finding_order)
    return Resolution(ordered, placed, key_of, tuple(findings), inside.problems, namesakes)
