"""Where an entry of the archive is, and a person's entries packed (issue 46)."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple, overload


class EntryRef(NamedTuple):
    """An entry of the archive (a tuple: one per entry, made on every build)."""

    event: int  # index into Resolution.events
    entry: int  # index into that event's entries


class EntryRefs(Sequence[EntryRef]):
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

    def append(self, ref: EntryRef) -> None:
        """Only while ``identity`` collects an own key's entries (before any ``Person``
        holds them: a person's are never changed)."""
        self._numbers.append(ref.event)
        self._numbers.append(ref.entry)

    def __len__(self) -> int:
        return len(self._numbers) // 2

    @overload
    def __getitem__(self, index: int) -> EntryRef: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[EntryRef, ...]: ...

    def __getitem__(self, index: int | slice) -> EntryRef | tuple[EntryRef, ...]:
        if isinstance(index, slice):
            return tuple(self[n] for n in range(*index.indices(len(self))))
        count = len(self)
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError("entry index out of range")
        return EntryRef(self._numbers[2 * index], self._numbers[2 * index + 1])

    def __iter__(self) -> Iterator[EntryRef]:
        numbers = self._numbers
        return (EntryRef(numbers[n], numbers[n + 1]) for n in range(0, len(numbers), 2))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EntryRefs | tuple):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __reduce__(self) -> tuple[type[tuple[EntryRef, ...]], tuple[tuple[EntryRef, ...]]]:
        return (tuple, (tuple(self),))

    def __repr__(self) -> str:
        return repr(tuple(self))
