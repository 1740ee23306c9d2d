"""The union-find that ``identity`` joins entries' own keys with, each root with the
facts of its keys (names, federations, birth years, FIDE ids)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

_V = TypeVar("_V")


@dataclass(slots=True)
class Group:
    """A union-find root's facts (merged when roots merge), each value once.

    Tuples, not sets: an archive has a group for every own key (20,000 at 1,000
    events), most with one name, one federation, one year and at most one FIDE id,
    and an empty set takes 216 bytes where a one-value tuple takes 48.
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
    """Own keys joined into people: each key's root, and each root's facts."""

    def __init__(self) -> None:
        # The parent of each key joined under another; a root is in ``facts`` alone (a
        # parent for every own key, 15,441 at 1,000 events, most their own, was a dict
        # of ~0.6 MiB at identity's peak: issue 46).
        self.parent: dict[str, str] = {}
        self.facts: dict[str, Group] = {}

    def __contains__(self, key: str) -> bool:
        return key in self.facts or key in self.parent

    def add(self, key: str) -> None:
        if key not in self:
            self.facts[key] = Group()

    def root(self, key: str) -> str:
        parent = self.parent
        up = parent.get(key)
        while up is not None:
            above = parent.get(up)
            if above is not None:  # halved: the key's parent becomes its grandparent
                parent[key] = above
                up = above
            key, up = up, parent.get(up)
        return key

    def fide_clash(self, a: str, b: str) -> tuple[str, ...]:
        """The FIDE ids that joining ``a`` and ``b`` would put in one person (if two)."""
        fide = set(self.facts[self.root(a)].fide) | set(self.facts[self.root(b)].fide)
        return tuple(sorted(fide)) if len(fide) > 1 else ()

    def join(self, a: str, b: str) -> None:
        ra, rb = self.root(a), self.root(b)
        if ra == rb:
            return
        keep, gone = sorted((ra, rb))
        self.parent[gone] = keep
        facts, other = self.facts[keep], self.facts.pop(gone)
        facts.fide = joined(facts.fide, other.fide)
        facts.names = joined(facts.names, other.names)
        facts.federations = joined(facts.federations, other.federations)
        facts.years = joined(facts.years, other.years)
        facts.has_id = facts.has_id or other.has_id
