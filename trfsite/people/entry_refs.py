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
    """A person's entries as numbers (event, entry, event, entry, ...) in an array,
    their own or a run of one that several people share (``within``).

    An ``EntryRef`` tuple each took ~70 bytes (a 1,000-event archive has 65,000
    entries, and its people are kept to the end of the build); here each takes 8,
    made again when read. Equal to (and pickled as) the tuple of its refs.
    """

    __slots__ = ("_numbers", "_start", "_stop")

    def __init__(
        self,
        refs: Iterable[EntryRef] = (),
        numbers: array[int] | None = None,
        start: int = 0,
        stop: int = 0,
    ) -> None:
        """``refs`` in an array of their own, or (``numbers`` given) the refs at
        ``numbers[start:stop]``: see ``within``."""
        if numbers is None:
            numbers = array("I")
            for event, entry in refs:
                numbers.append(event)
                numbers.append(entry)
            stop = len(numbers)
        self._numbers = numbers
        self._start = start
        self._stop = stop

    @classmethod
    def within(cls, numbers: array[int], start: int, stop: int) -> EntryRefs:
        """The refs at ``numbers[start:stop]`` (an even run), read there, not copied:
        an array of its own cost each of the archive's people ~80 bytes more than its
        numbers (30,000 people at 3,000 events, kept to the end of the build)."""
        return cls((), numbers, start, stop)

    def __len__(self) -> int:
        return (self._stop - self._start) // 2

    def _item(self, index: int) -> EntryRef:
        at = self._start + 2 * index
        return EntryRef(self._numbers[at], self._numbers[at + 1])

    def __iter__(self) -> Iterator[EntryRef]:
        numbers = self._numbers
        return (EntryRef(numbers[n], numbers[n + 1]) for n in range(self._start, self._stop, 2))
