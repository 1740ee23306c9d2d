"""The union-find that ``identity`` joins entries' own keys with, each root with the
facts of its keys (names, federations, birth years, FIDE ids).

Keys are numbered as they are added (``number``); the union and most facts are arrays
over those numbers (issue 46: a ``Group`` and two dict entries for each of a 1,000-event
archive's 15,441 own keys were most of identity's peak, ~9 MiB).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import TypeVar

_V = TypeVar("_V")

_NONE = 0  # no value in a facts array; a value's code is 1 + its index in ``_values``


@dataclass(slots=True)
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


def with_value(
    values: tuple[_V, ...], value: _V, shared: dict[_V, tuple[_V, ...]] | None = None
) -> tuple[_V, ...]:
    """``values`` with ``value``, each once; ``shared``: the one-value tuples made so far,
    one for each value (the federation and the year of most groups: thousands share each)."""
    if value in values:
        return values
    if not values and shared is not None:
        one = shared.get(value)
        if one is None:
            one = shared[value] = (value,)
        return one
    return (*values, value)


def joined(values: tuple[_V, ...], others: tuple[_V, ...]) -> tuple[_V, ...]:
    return values + tuple(value for value in others if value not in values)


class KeyUnion:
    """Own keys joined into people: each key's number and root, and each root's facts.

    A root whose facts are one value each (most: one name, federation, year, FIDE id)
    keeps them as codes in arrays; a ``Group`` is made only for a root with more (two
    names, or roots joined), in ``groups``.
    """

    def __init__(self) -> None:
        self.number: dict[str, int] = {}  # key -> its number
        self.keys: list[str] = []  # number -> key
        self.parent = array("I")  # a root is its own parent
        self.groups: dict[int, Group] = {}
        self._fide = array("I")
        self._name = array("I")
        self._federation = array("I")
        self._year = array("I")
        self._has_id = bytearray()
        self._values: list[object] = []  # the facts' values, each once
        self._codes: dict[object, int] = {}
        self._ones: dict[int, tuple[object, ...]] = {}  # a value's one-value tuple

    def __contains__(self, key: str) -> bool:
        return key in self.number

    def __len__(self) -> int:
        return len(self.keys)

    def add(self, key: str) -> int:
        """``key``'s number (a new key: a root without facts)."""
        number = self.number.get(key)
        if number is None:
            number = self.number[key] = len(self.keys)
            self.keys.append(key)
            self.parent.append(number)
            for facts in (self._fide, self._name, self._federation, self._year):
                facts.append(_NONE)
            self._has_id.append(0)
        return number

    def note(
        self, key: int, name: str, federation: str, year: int | None, fide: str, has_id: bool
    ) -> None:
        """An entry of root ``key`` (not joined yet) with these facts."""
        group = self.groups.get(key)
        if group is None:
            if (
                self._put(self._name, key, name)
                and self._put(self._federation, key, federation)
                and self._put(self._year, key, year)
                and self._put(self._fide, key, fide)
            ):
                self._has_id[key] |= has_id
                return
            group = self.groups[key] = self.facts(key)
        group.names = with_value(group.names, name)
        if federation:
            group.federations = with_value(group.federations, federation)
        if year is not None:
            group.years = with_value(group.years, year)
        if fide:
            group.fide = with_value(group.fide, fide)
        group.has_id = group.has_id or has_id

    def _put(self, facts: array[int], key: int, value: object) -> bool:
        """Whether ``key``'s one value of ``facts`` holds ``value`` now (False: a second
        value, for which the key needs a ``Group``)."""
        if value is None or value == "":
            return True
        code = self._codes.get(value)
        if code is None:
            self._values.append(value)
            code = self._codes[value] = len(self._values)
        if facts[key] == _NONE:
            facts[key] = code
            return True
        return facts[key] == code

    def _one(self, facts: array[int], key: int) -> tuple[object, ...]:
        code = facts[key]
        if code == _NONE:
            return ()
        one = self._ones.get(code)
        if one is None:
            one = self._ones[code] = (self._values[code - 1],)
        return one

    def facts(self, root: int) -> Group:
        """``root``'s facts (made from the arrays when it has no ``Group``: not kept)."""
        group = self.groups.get(root)
        if group is not None:
            return group
        return Group(
            self._one(self._fide, root),  # type: ignore[arg-type]
            self._one(self._name, root),  # type: ignore[arg-type]
            self._one(self._federation, root),  # type: ignore[arg-type]
            self._one(self._year, root),  # type: ignore[arg-type]
            bool(self._has_id[root]),
        )

    def names(self, root: int) -> tuple[str, ...]:
        group = self.groups.get(root)
        return self._one(self._name, root) if group is None else group.names  # type: ignore[return-value]

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
        facts, other = self.facts(keep), self.facts(gone)
        self.groups.pop(gone, None)
        self.groups[keep] = Group(
            joined(facts.fide, other.fide),
            joined(facts.names, other.names),
            joined(facts.federations, other.federations),
            joined(facts.years, other.years),
            facts.has_id or other.has_id,
        )
