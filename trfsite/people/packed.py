"""A tuple's behaviour for a sequence kept packed in numbers (issue 46)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar, overload

_T = TypeVar("_T")


class PackedTuple(Sequence[_T]):
    """Read, compared, hashed and pickled as the tuple of its items, which a subclass
    makes again from its numbers when one is read (``_item``).

    The people step holds an archive's entries to the end of the build; a tuple per
    item cost several times the numbers it is made from.
    """

    __slots__ = ()

    def __len__(self) -> int:
        raise NotImplementedError

    def _item(self, index: int) -> _T:
        """The item at ``index``, 0 <= index < len(self)."""
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> _T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[_T, ...]: ...

    def __getitem__(self, index: int | slice) -> _T | tuple[_T, ...]:
        if isinstance(index, slice):
            return tuple(map(self._item, range(*index.indices(len(self)))))
        count = len(self)
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError(f"index {index!r} out of range for {count} items")
        return self._item(index)

    def __iter__(self) -> Iterator[_T]:
        return map(self._item, range(len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PackedTuple | tuple):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __reduce__(self) -> tuple[type[tuple[_T, ...]], tuple[tuple[_T, ...]]]:
        return (tuple, (tuple(self),))  # a copy sent elsewhere needs no table

    def __repr__(self) -> str:
        return repr(tuple(self))
