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


class OwnKeys:
    """Each own key's kind and entries (by number: ``union.number``, 0 to ``count``-1,
    in the order the keys first appear), and the union of the keys, each its own root
    with the facts of its entries. Keys joined later (``union.add``) have no entries.
    """

    __slots__ = ("_events", "_kinds", "_refs", "_starts", "count", "union")

    def __init__(self, events: Sequence[EventEntries]) -> None:
        self._events = events
        union = self.union = KeyUnion(self._sample)
        kinds = self._kinds = bytearray()
        key_at = array("I")  # each entry's key, events in turn
        sizes = array("I")  # each key's entries
        # Until the entries are sorted by key, ``_refs`` holds each key's first entry
        # (event, entry) at ``2 * key`` (what ``first`` reads: ``_starts[key]`` is key).
        self._refs = firsts = array("I")
        self._starts = array("I")
        for e, event in enumerate(events):
            for i, entry in enumerate(event.entries):
                key = union.add(entry.own_key)
                key_at.append(key)
                if key == len(kinds):
                    kinds.append(_KINDS.index(entry.key_kind))
                    sizes.append(1)
                    firsts.append(e)
                    firsts.append(i)
                    self._starts.append(key)
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
        at = 0
        for e, event in enumerate(events):
            for i in range(len(event.entries)):
                key = key_at[at]
                place = 2 * places[key]
                refs[place] = e
                refs[place + 1] = i
                places[key] += 1
                at += 1
        self._refs, self._starts = refs, starts

    def _sample(self, key: int) -> Group:
        """The facts of ``key``'s first entry (none for a split, or a key without entry)."""
        if key >= len(self._kinds) or self._kinds[key] == _CONFIG:
            return Group()
        ref = self.first(key)
        return facts_of(self._events[ref.event].entries[ref.entry])

    def kind(self, key: int) -> KeyKind:
        return _KINDS[self._kinds[key]]

    def refs(self, key: int) -> Iterator[EntryRef]:
        """``key``'s entries, in the order of the events (none for a key joined later)."""
        if key >= self.count:
            return
        refs = self._refs
        for at in range(2 * self._starts[key], 2 * self._starts[key + 1], 2):
            yield EntryRef(refs[at], refs[at + 1])

    def first(self, key: int) -> EntryRef:
        at = 2 * self._starts[key]
        return EntryRef(self._refs[at], self._refs[at + 1])


def facts_of(entry: PersonEntry) -> Group:
    """What an entry tells identity about its person (a split's entry: see ``_sample``)."""
    return Group(
        (entry.fide_id,) if entry.fide_id else (),
        (entry.folded_name,),
        (entry.federation,) if entry.federation else (),
        () if entry.birth_year is None else (entry.birth_year,),
        entry.key_kind is not KeyKind.NAME,
    )
