"""The archive's own keys, numbered, with their kinds, entries and facts: what
``identity`` resolves from (issue 46: arrays over key numbers, not a dict of objects
for each of the archive's own keys)."""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence

from trfsite.people.entries import EventEntries, KeyKind, PersonEntry
from trfsite.people.entry_refs import EntryRef
from trfsite.people.key_union import Group, KeyUnion

_KINDS = tuple(KeyKind)
_CONFIG = _KINDS.index(KeyKind.CONFIG)


class _KeyEntries:
    """Each own key's kind and entries (by number), read by ``OwnKeys`` and by its
    union (the facts of a key's first entry). Apart from ``OwnKeys``, which holds the
    union: a bound method of ``OwnKeys`` in its union made a cycle, and a cycle is
    freed only by the collector, which the people step pauses: the union, its maps
    and every event's entries (16 MiB at 3,000 events) were kept to the step's end,
    long after both were let go of (issue 46)."""

    __slots__ = ("events", "kinds", "refs", "starts")

    def __init__(self, events: Sequence[EventEntries]) -> None:
        self.events = events
        self.kinds = bytearray()
        # Until the entries are sorted by key, ``refs`` holds each key's first entry
        # (event, entry) at ``2 * key`` (what ``first`` reads: ``starts[key]`` is key).
        self.refs = array("I")
        self.starts = array("I")

    def sample(self, key: int) -> Group:
        """The facts of ``key``'s first entry (none for a split, or a key without entry)."""
        if key >= len(self.kinds) or self.kinds[key] == _CONFIG:
            return Group()
        ref = self.first(key)
        return facts_of(self.events[ref.event].entries[ref.entry])

    def first(self, key: int) -> EntryRef:
        at = 2 * self.starts[key]
        return EntryRef(self.refs[at], self.refs[at + 1])


class OwnKeys:
    """Each own key's kind and entries (by number: ``union.number``, 0 to ``count``-1,
    in the order the keys first appear), and the union of the keys, each its own root
    with the facts of its entries. Keys joined later (``union.add``) have no entries.
    """

    __slots__ = ("_at", "count", "union")

    def __init__(self, events: Sequence[EventEntries]) -> None:
        at = self._at = _KeyEntries(events)
        union = self.union = KeyUnion(at.sample)
        kinds, firsts = at.kinds, at.refs
        key_at = array("I")  # each entry's key, events in turn
        sizes = array("I")  # each key's entries
        for e, event in enumerate(events):
            for i, entry in enumerate(event.entries):
                key = union.add(entry.own_key)
                key_at.append(key)
                if key == len(kinds):
                    kinds.append(_KINDS.index(entry.key_kind))
                    sizes.append(1)
                    firsts.append(e)
                    firsts.append(i)
                    at.starts.append(key)
                    continue
                sizes[key] += 1
                if entry.key_kind is not KeyKind.CONFIG:
                    union.note(key, facts_of(entry))
        self.count = len(kinds)
        # Each key's entries, in the order they came, as (event, entry) pairs at
        # ``2 * starts[key]`` to ``2 * starts[key + 1]`` (one array, 8 bytes an entry).
        starts = array("I", [0])
        for size in sizes:
            starts.append(starts[-1] + size)
        places = array("I", starts[:-1])
        refs = array("I", bytes(8 * len(key_at)))
        place_of = 0
        for e, event in enumerate(events):
            for i in range(len(event.entries)):
                key = key_at[place_of]
                place = 2 * places[key]
                refs[place] = e
                refs[place + 1] = i
                places[key] += 1
                place_of += 1
        at.refs, at.starts = refs, starts

    def kind(self, key: int) -> KeyKind:
        return _KINDS[self._at.kinds[key]]

    def refs(self, key: int) -> Iterator[EntryRef]:
        """``key``'s entries, in the order of the events (none for a key joined later)."""
        if key >= self.count:
            return
        refs, starts = self._at.refs, self._at.starts
        for at in range(2 * starts[key], 2 * starts[key + 1], 2):
            yield EntryRef(refs[at], refs[at + 1])

    def first(self, key: int) -> EntryRef:
        return self._at.first(key)


def facts_of(entry: PersonEntry) -> Group:
    """What an entry tells identity about its person (a split's entry: see ``_sample``)."""
    return Group(
        (entry.fide_id,) if entry.fide_id else (),
        (entry.folded_name,),
        (entry.federation,) if entry.federation else (),
        () if entry.birth_year is None else (entry.birth_year,),
        entry.key_kind is not KeyKind.NAME,
    )
