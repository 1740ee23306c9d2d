"""Where an entry of the archive is, and a person's entries packed (issue 46)."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from trfsite.people.packed import PackedTuple


class EntryRef(NamedTuple):
    """An entry of the archive (a tuple: one per entry, made on every build)."""

    event: int  # index into Resolution.events
    entry: int  # index into that event's entries


class EntryRefs(PackedTuple[EntryRef]):
    """A person's entries as one array of numbers (event, entry, event, entry, ...).

    An ``EntryRef`` tuple each took ~70 bytes (a 1,000-event archive has 65,000
    entries, and its people are kept to the end of the build); here each takes 8,
    made again when read. Equal to (and pickled as) the tuple of its refs.
    """

    __slots__ = ("_numbers",)

    def __init__(self, refs: Iterable[EntryRef] = ()) -> None:
        numbers = array("I")
        for event, entry in refs:
            numbers.append(event)
            numbers.append(entry)
        self._numbers = numbers

    def __len__(self) -> int:
        return len(self._numbers) // 2

    def _item(self, index: int) -> EntryRef:
        return EntryRef(self._numbers[2 * index], self._numbers[2 * index + 1])

    def __iter__(self) -> Iterator[EntryRef]:
        numbers = self._numbers
        return (EntryRef(numbers[n], numbers[n + 1]) for n in range(0, len(numbers), 2))
