"""Link the entries of many events into people.

Rules, strongest first (issue 12):

1. Entries with the same FIDE id, EGD PIN or national id are one person; an
   entry carrying two of them links both. Two FIDE ids are never joined.
2. An entry without id joins the person whose folded name it shares, in the
   same federation (or one that person played for), with the same birth year
   (unknown on either side does not conflict). Two or more such people make the
   match ambiguous: the entry stays apart and a finding says so.
3. ``[people] merge`` joins keys by hand; ``[people] split`` gave an entry its
   own key already (see ``collect``).

A FIDE id seen with two birth years is a finding at the player's line; so is
every refused link. Nothing conflicting is ever merged silently.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import field, replace
from pathlib import PurePosixPath

from trfsite.findings import Finding, Severity
from trfsite.formats.numbers import is_whole
from trfsite.model.frozen import frozen_record
from trfsite.people.collect import link_stem
from trfsite.people.config import PeopleConfig
from trfsite.people.entries import EventEntries, KeyKind, PersonEntry

# EntryRef is named from here too (``identity_alone``, ``incremental``).
from trfsite.people.entry_refs import EntryRef as EntryRef
from trfsite.people.entry_refs import EntryRefs
from trfsite.people.key_union import Group, KeyUnion
from trfsite.people.own_keys import OwnKeys
from trfsite.results import Note

_PRIORITY = {
    KeyKind.FIDE: 0,
    KeyKind.EGD: 1,
    KeyKind.NATIONAL: 2,
    KeyKind.CONFIG: 3,
    KeyKind.NAME: 4,
}


@frozen_record
class Person:
    key: str  # what [people] settings and `trfsite people` name the person by
    name: str  # as written in the latest event
    fide_id: str
    egd_pin: str
    federation: str  # the latest one
    aliases: tuple[str, ...]  # other keys of this person's entries
    entries: Sequence[EntryRef]  # oldest event first (packed: ``EntryRefs``)
    name_matched: bool  # some entry joined by name only
    page: str = ""  # the page is people/<page>.html (``assign_pages``)
    redirects: tuple[str, ...] = ()  # other addresses that lead here (``assign_pages``)


@frozen_record
class Resolution:
    events: tuple[EventEntries, ...]
    people: tuple[Person, ...]  # by key
    key_of: dict[str, str] = field(hash=False)  # any entry's own key -> its person's key
    findings: tuple[Finding, ...] = ()
    problems: tuple[str, ...] = ()  # [people] settings that name nothing, or break a rule
    # An address event pages link to that several people share -> their keys
    namesakes: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)

    def entry(self, ref: EntryRef) -> tuple[EventEntries, PersonEntry]:
        event = self.events[ref.event]
        return event, event.entries[ref.entry]


def _where(event: EventEntries, entry: PersonEntry) -> str:
    return f"{event.file}:{entry.line}" if entry.line else event.file


def _finding(event: EventEntries, entry: PersonEntry, code: str, message: str) -> Finding:
    return Finding(Severity.WARNING, code, message, event.file, entry.line, 1 if entry.line else 0)


def resolve(
    events: Iterable[EventEntries], config: PeopleConfig | None = None, key_of: bool = True
) -> Resolution:
    """Every person of ``events`` (any order: the result is sorted by file); ``key_of``:
    whether the resolution maps each own key to its person (a cold build's does not
    need the map, 0.6 MiB per 1,000 events held to its end)."""
    config = config or PeopleConfig()
    ordered = tuple(sorted(events, key=lambda e: e.file))
    own = OwnKeys(ordered)
    findings: list[Finding] = []
    findings += _birth_conflicts(ordered, own)
    findings += _link_secondary_ids(ordered, own.union)
    name_matched = _match_names(ordered, own, findings)
    preferred: dict[str, int] = {}
    problems = _merge(config, own.union, preferred)
    problems += _unknown_splits(config, ordered)
    # Keys are named by number from here: the map of every key's number goes before
    # the people are made (the resolution's peak, issue 46).
    own.union.number.clear()
    people, keys = _people(ordered, own, preferred, name_matched, key_of)
    # The union and its maps are done with: freed before the pages are given (the
    # build process's peak, issue 46).
    del own, preferred, name_matched
    placed, namesakes = assign_pages(ordered, people)
    return Resolution(
        ordered,
        placed,
        keys,
        tuple(sorted(findings, key=finding_order)),
        tuple(problems),
        namesakes,
    )


def _birth_conflicts(events: tuple[EventEntries, ...], own: OwnKeys) -> list[Finding]:
    found = []
    for key in range(own.count):
        if own.kind(key) is not KeyKind.FIDE:
            continue
        first: tuple[int, str] | None = None
        for ref in own.refs(key):
            event = events[ref.event]
            entry = event.entries[ref.entry]
            if entry.birth_year is None:
                continue
            if first is None:
                first = (entry.birth_year, _where(event, entry))
            elif entry.birth_year != first[0]:
                found.append(
                    _finding(
                        event,
                        entry,
                        "person-birth-conflict",
                        Note(
                            # No year in it: the people pages publish it ([privacy]).
                            "FIDE id {fide_id} ({name!r}) has another birth year here "
                            "than at {event}; "
                            "expected one birth year per FIDE id (one of the files is wrong)",
                            fide_id=entry.fide_id,
                            name=entry.name,
                            event=first[1],
                        ),
                    )
                )
    return found


def _link_secondary_ids(events: tuple[EventEntries, ...], union: KeyUnion) -> list[Finding]:
    """An entry with a FIDE id and a national id (or EGD PIN) links both keys."""
    found = []
    number = union.number
    for event in events:
        for entry in event.entries:
            for other in linked_keys(entry):
                joined = union.add(other)
                if entry.key_kind is KeyKind.CONFIG:
                    continue  # a split entry keeps to itself
                key = number[entry.own_key]
                clash = union.fide_clash(key, joined)
                if clash:
                    found.append(
                        _finding(
                            event,
                            entry,
                            "person-id-conflict",
                            Note(
                                "{name!r}: {other!r} is also used with another FIDE id "
                                "({ids}); not merged (expected one FIDE id per person)",
                                name=entry.name,
                                other=other,
                                ids=", ".join(clash),
                            ),
                        )
                    )
                    continue
                union.join(key, joined)
    return found


def linked_keys(entry: PersonEntry) -> list[str]:
    """The keys besides its own that an entry's ids link it to (a national id, an
    EGD PIN beside a FIDE id), in the order they are joined."""
    others = [f"nat-{nid.lower()}" for nid in entry.national_ids]
    if entry.egd_pin and entry.key_kind is not KeyKind.EGD and is_whole(entry.egd_pin):
        others.append(f"egd-{int(entry.egd_pin)}")
    return [other for other in others if other != entry.own_key]


def _compatible(entry: PersonEntry, facts: Group) -> bool:
    if entry.folded_name not in facts.names:
        return False
    if entry.federation and facts.federations and entry.federation not in facts.federations:
        return False
    return entry.birth_year is None or not facts.years or entry.birth_year in facts.years


def _match_names(
    events: tuple[EventEntries, ...], own: OwnKeys, findings: list[Finding]
) -> set[int]:
    """Join entries without id to the one person they match; report ambiguous matches."""
    union = own.union
    keys = union.keys
    matched: set[int] = set()
    # Lists, not sets (216 bytes each, a name of the archive): each key comes once.
    by_name: dict[str, list[int]] = {}
    for key in range(own.count):
        for name in union.facts(union.root(key)).names:
            by_name.setdefault(name, []).append(key)
    name_keys = sorted(
        (k for k in range(own.count) if own.kind(k) is KeyKind.NAME), key=keys.__getitem__
    )
    # Spellings of one name (``Müller`` / ``Mueller``) give different keys but fold alike:
    # with the same federation and birth year they are one person by rule 2.
    alike: dict[tuple[str, str, int | None], int] = {}
    for key in name_keys:
        ref = own.first(key)
        sample = events[ref.event].entries[ref.entry]
        same = (sample.folded_name, sample.federation, sample.birth_year)
        if same in alike:
            union.join(alike[same], key)
            matched.add(key)
        else:
            alike[same] = key
    complete = [k for k in name_keys if _complete(events, own.first(k))]
    partial = [k for k in name_keys if not _complete(events, own.first(k))]
    for group, only_ids in ((complete, True), (partial, False)):
        for key in group:
            first = own.first(key)
            sample = events[first.event].entries[first.entry]
            root = union.root(key)
            roots = {union.root(k) for k in by_name.get(sample.folded_name, ())} - {root}
            candidates = sorted(
                (
                    r
                    for r in roots
                    if (not only_ids or union.facts(r).has_id)
                    and _compatible(sample, union.facts(r))
                ),
                key=keys.__getitem__,
            )
            if len(candidates) == 1:
                union.join(key, candidates[0])
                matched.add(key)
            elif len(candidates) > 1:
                for ref in own.refs(key):
                    event = events[ref.event]
                    entry = event.entries[ref.entry]
                    findings.append(
                        _finding(
                            event,
                            entry,
                            "person-ambiguous-name",
                            Note(
                                "{name!r} has no id and matches {count} people "
                                "({candidates}); kept "
                                "apart (expected an id, or a [people] merge naming the right one)",
                                name=entry.name,
                                count=len(candidates),
                                # Addresses, not keys: a name key ends in a birth year.
                                candidates=", ".join(
                                    sorted(_address(events, own, r) for r in candidates)
                                ),
                            ),
                        )
                    )
    return matched


def _address(events: tuple[EventEntries, ...], own: OwnKeys, key: int) -> str:
    """Where event pages link ``key``'s entries (``collect.link_stem``)."""
    if key >= own.count:  # joined from an entry's other id: no entry of its own
        return own.union.keys[key]
    ref = own.first(key)
    entry = events[ref.event].entries[ref.entry]
    return link_stem(entry.own_key, entry.key_kind, entry.birth_year, entry.name)


def _complete(events: tuple[EventEntries, ...], ref: EntryRef) -> bool:
    entry = events[ref.event].entries[ref.entry]
    return bool(entry.federation) and entry.birth_year is not None


def _merge(config: PeopleConfig, union: KeyUnion, preferred: dict[str, int]) -> list[str]:
    problems = []
    number = union.number
    for count, group in enumerate(config.merges):
        where = f"people.merge[{count}]"
        unknown = [key for key in group if key not in union]
        for key in unknown:
            problems.append(
                f"{where}: {key!r} is no entry's key; expected a key that `trfsite people` lists"
            )
        if unknown:
            continue
        clash: tuple[str, ...] = ()
        for key in group[1:]:
            clash = clash or union.fide_clash(number[group[0]], number[key])
        if clash:
            problems.append(
                f"{where}: would make one person of FIDE ids {', '.join(clash)}; "
                "expected at most one FIDE id per person"
            )
            continue
        for rank, key in enumerate(group):
            preferred.setdefault(key, rank)
            union.join(number[group[0]], number[key])
    return problems


def _unknown_splits(config: PeopleConfig, events: tuple[EventEntries, ...]) -> list[str]:
    if not config.splits:
        return []
    present = {
        (PurePosixPath(event.file).stem, entry.start_number)
        for event in events
        for entry in event.entries
    }
    return [
        f"people.split.{f'{stem}:{number}'!r}: no player {number} in a file named {stem!r}; "
        'expected "file stem:start number" of an existing entry'
        for stem, number, _ in config.splits
        if (stem, number) not in present
    ]


def _people(
    events: tuple[EventEntries, ...],
    own: OwnKeys,
    preferred: dict[str, int],
    name_matched: set[int],
    mapped: bool = True,
) -> tuple[list[Person], dict[str, str]]:
    """The people, by key, and the person key of each own key (``mapped``: else an
    empty map); their pages not given."""
    union = own.union
    names = union.keys
    # The own keys by root (each person's, a run), in 8 bytes a key: a list of keys
    # for each root was alive beside the people made (issue 46).
    roots = array("I", map(union.root, range(own.count)))
    by_root = array("I", sorted(range(own.count), key=roots.__getitem__))
    people = []
    key_of: dict[str, str] = {}
    # Every person's refs, a run each, in one array (``EntryRefs.within``).
    numbers = array("I")
    stop = 0

    def rank(key: int) -> tuple[int, int, str]:
        name = names[key]
        return (_PRIORITY[own.kind(key)], preferred.get(name, 1 << 20), name)

    order = places_in_time(events)

    def when(ref: EntryRef) -> tuple[int, int]:
        return (order[ref.event], ref.entry)

    for keys in _runs(by_root, roots):
        if len(keys) > 1:
            keys.sort(key=rank)
        person_key = names[keys[0]]
        refs = sorted((ref for key in keys for ref in own.refs(key)), key=when)
        latest = [events[r.event].entries[r.entry] for r in refs]
        federations = [e.federation for e in latest if e.federation]
        pins = (
            Counter(e.egd_pin for e in latest if e.egd_pin)
            if any(e.egd_pin for e in latest)
            else Counter()
        )
        if mapped:
            for key in keys:
                key_of[names[key]] = person_key
        for ref in refs:
            numbers.extend(ref)
        # One int object for each boundary, shared with the next person as its start
        # (an int each for the start and the stop was 28 bytes a person more).
        start, stop = stop, len(numbers)
        people.append(
            Person(
                key=person_key,
                name=next(e.name for e in reversed(latest) if e.own_key == person_key),
                fide_id=next((e.fide_id for e in latest if e.fide_id), ""),
                egd_pin=pins.most_common(1)[0][0] if pins else "",
                federation=federations[-1] if federations else "",
                aliases=tuple(names[key] for key in keys[1:]),
                entries=EntryRefs.within(numbers, start, stop),
                name_matched=any(key in name_matched for key in keys),
            )
        )
    people.sort(key=lambda p: p.key)
    return people, key_of


def _runs(keys: array[int], roots: array[int]) -> Iterator[list[int]]:
    """The runs of ``keys`` that share a root, each in the order of ``keys``."""
    start = 0
    while start < len(keys):
        root = roots[keys[start]]
        end = start + 1
        while end < len(keys) and roots[keys[end]] == root:
            end += 1
        yield keys[start:end].tolist()
        start = end


NUMBERED = "--"  # a namesake's page: ``<address>--2``; no key or address holds "--"


def assign_pages(
    events: tuple[EventEntries, ...], people: list[Person]
) -> tuple[tuple[Person, ...], dict[str, tuple[str, ...]]]:
    """Each person's page and redirects, and the addresses that namesakes share.

    Event pages link a player to ``collect.link_stem`` of their own key: a name key
    without its birth year, so that no address shows one. A person whose own address
    is theirs alone gets it as their page; namesakes (same name and federation, other
    birth years) get ``<address>--1``, ``--2``, ... in key order, and the shared
    address becomes a page listing them. Any other address of a person's keys
    redirects to their page. Settled from the people of ``events`` alone.

    ``people`` is given up: each is replaced in it by the person placed (two copies of
    everyone were the resolution's peak, issue 46).
    """
    # address -> the key of the one person it leads to, or the keys of several (a
    # list only then: most have one, and a list took 64 bytes an address)
    holders: dict[str, str | list[str]] = {}
    own: dict[str, str] = {}  # person key -> the address of that key, if not the key
    for person in people:
        addresses = {key: key for key in (person.key, *person.aliases)}
        named: set[str] = set()  # a key's entries share its address: one each
        for ref in person.entries:
            entry = events[ref.event].entries[ref.entry]
            if entry.key_kind is KeyKind.NAME and entry.own_key not in named:
                named.add(entry.own_key)
                addresses[entry.own_key] = link_stem(
                    entry.own_key, entry.key_kind, entry.birth_year, entry.name
                )
        for address in dict.fromkeys(addresses.values()):
            held = holders.setdefault(address, person.key)
            if held != person.key:
                if isinstance(held, str):
                    holders[address] = [held, person.key]
                else:
                    held.append(person.key)
        if addresses[person.key] != person.key:
            own[person.key] = addresses[person.key]
    numbered: dict[str, str] = {}  # a namesake's key -> their page
    redirects: dict[str, list[str]] = {}
    namesakes: dict[str, tuple[str, ...]] = {}
    for address in sorted(holders):
        held = holders[address]
        if not isinstance(held, str):
            keys = sorted(held)
            namesakes[address] = tuple(keys)
            mine = [key for key in keys if own.get(key, key) == address]
            for number, key in enumerate(mine, 1):
                numbered[key] = f"{address}{NUMBERED}{number}"
        elif own.get(held, held) != address:
            redirects.setdefault(held, []).append(address)
    del holders
    for at, p in enumerate(people):
        # A person's own address is their page, unless namesakes share it.
        page = numbered.get(p.key) or own.get(p.key, p.key)
        people[at] = replace(p, page=page, redirects=tuple(redirects.get(p.key, ())))
    return tuple(people), namesakes


def finding_order(finding: Finding) -> tuple[str, int, str, str]:
    """How the findings are listed: by place, then code and text (two findings at one
    place are then in the same order whichever part of the archive made them)."""
    return (finding.file, finding.line, finding.code, finding.message)


def places_in_time(events: Sequence[EventEntries]) -> list[int]:
    """Each event's place when ordered by date, then as given (``events`` are by file):
    what orders a person's entries, oldest first."""
    by_date = sorted(range(len(events)), key=lambda e: _ordinal(events[e]))
    order = [0] * len(events)
    for place, index in enumerate(by_date):
        order[index] = place
    return order


def _ordinal(event: EventEntries) -> int:
    return event.date.toordinal() if event.date else 0
