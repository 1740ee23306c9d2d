"""The union-find that ``identity`` joins entries' own keys with, each root with the
facts of its keys (names, federations, birth years, FIDE ids).

Keys are numbered as they are added (``number``); a root's facts are read from its
key's first entry unless it has more (issue 46: a ``Group`` and two dict entries for each
of a 1,000-event archive's 15,441 own keys were most of identity's peak, ~9 MiB).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import TypeVar

from trfsite.model.frozen import mutable_record

_V = TypeVar("_V")


@mutable_record
class Group:
    """A union-find root's facts (merged when roots merge), each value once.

    Tuples, not sets: most groups have one name, one federation, one year and at most
    one FIDE id, and an empty set takes 216 bytes where a one-value tuple takes 48.
    """

    fide: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    federations: tuple[str, ...] = ()
    years: tuple[int, ...] = ()
    has_id: bool = False


def joined(values: tuple[_V, ...], others: tuple[_V, ...]) -> tuple[_V, ...]:
    return values + tuple(value for value in others if value not in values)


class KeyUnion:
    """Own keys joined into people: each key's number and root, and each root's facts.

    A root's facts are those of its key's first entry (``sample``), found again when
    asked for; a ``Group`` is made only for a root with more (an entry of its key with
    other values, or a root joined that brought new ones), in ``groups``.
    """

    def __init__(self, sample: Callable[[int], Group] | None = None) -> None:
        self.number: dict[str, int] = {}  # key -> its number
        self.keys: list[str] = []  # number -> key
        self.parent = array("I")  # a root is its own parent
        self.groups: dict[int, Group] = {}
        # The facts of a key's first entry (a key joined from an entry's other id, or
        # with no sample, has none).
        self._sample = sample or (lambda key: Group())

    def __contains__(self, key: str) -> bool:
        return key in self.number

    def __len__(self) -> int:
        return len(self.keys)

    def add(self, key: str) -> int:
        """``key``'s number (a new key: a root with its sample's facts)."""
        number = self.number.get(key)
        if number is None:
            number = self.number[key] = len(self.keys)
            self.keys.append(key)
            self.parent.append(number)
        return number

    def note(self, key: int, facts: Group) -> None:
        """Another entry of root ``key`` (not joined yet), with ``facts``."""
        group = self.groups.get(key)
        if group is None:
            group = self._sample(key)
            if _within(facts, group):
                return
            self.groups[key] = group
        group.names = joined(group.names, facts.names)
        group.federations = joined(group.federations, facts.federations)
        group.years = joined(group.years, facts.years)
        group.fide = joined(group.fide, facts.fide)
        group.has_id = group.has_id or facts.has_id

    def facts(self, root: int) -> Group:
        """``root``'s facts (made from its sample when it has no ``Group``: not kept)."""
        group = self.groups.get(root)
        return self._sample(root) if group is None else group

    def root(self, key: int) -> int:
        parent = self.parent
        up = parent[key]
        while up != key:
            above = parent[up]
            parent[key] = above  # halved: the key's parent becomes its grandparent
            key, up = above, parent[above]
        return key

    def fide_clash(self, a: int, b: int) -> tuple[str, ...]:
        """The FIDE ids that joining ``a`` and ``b`` would put in one person (if two)."""
        fide = set(self.facts(self.root(a)).fide) | set(self.facts(self.root(b)).fide)
        return tuple(sorted(fide)) if len(fide) > 1 else ()

    def join(self, a: int, b: int) -> None:
        ra, rb = self.root(a), self.root(b)
        if ra == rb:
            return
        keys = self.keys
        # The root is the smaller key (the order a root's facts' values are joined in).
        keep, gone = (ra, rb) if keys[ra] < keys[rb] else (rb, ra)
        self.parent[gone] = keep
        other = self.groups.pop(gone, None) or self._sample(gone)
        self.note(keep, other)


def _within(facts: Group, group: Group) -> bool:
    """Whether ``group`` holds every fact of ``facts`` already."""
    return (
        all(name in group.names for name in facts.names)
        and all(federation in group.federations for federation in facts.federations)
        and all(year in group.years for year in facts.years)
        and all(fide in group.fide for fide in facts.fide)
        and (group.has_id or not facts.has_id)
    )
