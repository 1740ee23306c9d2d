"""The archive's own keys, numbered, with their kinds, entries and facts: what
``identity`` resolves from (issue 46: arrays over key numbers, not a dict of objects
for each of the archive's own keys)."""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence

from trfsite.people.entries import EventEntries, KeyKind
from trfsite.people.entry_refs import EntryRef
from trfsite.people.key_union import KeyUnion

_KINDS = tuple(KeyKind)


class OwnKeys:
    """Each own key's kind and entries (by number: ``union.number``, 0 to ``count``-1,
    in the order the keys first appear), and the union of the keys, each its own root
    with the facts of its entries. Keys joined later (``union.add``) have no entries.
    """

    __slots__ = ("_kinds", "_refs", "_starts", "count", "union")

    def __init__(self, events: Sequence[EventEntries]) -> None:
        union = self.union = KeyUnion()
        kinds = self._kinds = bytearray()
        key_at = array("I")  # each entry's key, events in turn
        sizes = array("I")  # each key's entries
        for event in events:
            for entry in event.entries:
                key = union.add(entry.own_key)
                if key == len(kinds):
                    kinds.append(_KINDS.index(entry.key_kind))
                    sizes.append(0)
                key_at.append(key)
                sizes[key] += 1
                if entry.key_kind is KeyKind.CONFIG:
                    continue  # a split entry is nobody else's name match
                union.note(
                    key,
                    entry.folded_name,
                    entry.federation,
                    entry.birth_year,
                    entry.fide_id,
                    entry.key_kind is not KeyKind.NAME,
                )
        self.count = len(kinds)
        # Each key's entries, in the order they came, as (event, entry) pairs at
        # ``2 * starts[key]`` to ``2 * starts[key + 1]`` (one array, 8 bytes an entry).
        starts = self._starts = array("I", [0])
        for size in sizes:
            starts.append(starts[-1] + size)
        places = array("I", starts[:-1])
        refs = self._refs = array("I", bytes(8 * len(key_at)))
        at = 0
        for e, event in enumerate(events):
            for i in range(len(event.entries)):
                key = key_at[at]
                place = 2 * places[key]
                refs[place] = e
                refs[place + 1] = i
                places[key] += 1
                at += 1

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
