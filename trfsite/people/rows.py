"""One row per person: what the listings (group pages, the search pieces) show of
each, and the groups and search pieces the person is in (pure: no disk).

The build state keeps these rows (``site.state_rows``), so a rebuild makes a row
again only for the people it resolved again and reads the others'.
"""

from collections.abc import Iterable
from typing import NamedTuple

from trfsite.people.contexts import PersonLine
from trfsite.people.identity import Person, Resolution
from trfsite.people.names import fold_name

Group = tuple[str, str]  # ("federation" or "club", its name as written)

_PIECE_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789"


class PersonRow(NamedTuple):
    """What a listing shows of one person, and where the person is listed."""

    key: str
    page: str  # people/<page>.html (``identity.assign_pages``)
    name: str
    folded: str  # the name folded, as the search matches it
    federation: str
    events: int
    last_year: int | None
    # Sorted tuples, not sets: a first build holds every person's row at once, and a
    # frozenset of one or two items took 216 bytes where a tuple takes 48 or 56.
    groups: tuple[Group, ...] = ()
    pieces: tuple[str, ...] = ()  # the search pieces the person is in

    def line(self, prefix: str) -> PersonLine:
        return PersonLine(
            self.name, f"{prefix}{self.page}.html", self.federation, self.events, self.last_year
        )


def piece_name(word: str) -> str:
    """``"mu"`` for ``"muller"``; letters outside a-z and 0-9 become ``_``."""
    return "".join(ch if ch in _PIECE_LETTERS else "_" for ch in word[:2]).ljust(2, "_")


def person_rows(resolution: Resolution, people: Iterable[Person]) -> list[PersonRow]:
    """The rows of ``people`` (a walk over their entries); the groups, their pairs and
    the piece names that many rows repeat are one object each, and a row's folded name
    and last year are those its entries hold already (a first build holds every row
    to the state's save: a text and a number of their own were ~100 bytes a person)."""
    events = resolution.events
    rows = []
    one_year: dict[int, int] = {}  # a date's year is a new int each time it is read
    one_group: dict[Group, Group] = {}
    group_sets: dict[tuple[Group, ...], tuple[Group, ...]] = {}
    piece_sets: dict[tuple[str, ...], tuple[str, ...]] = {}
    for person in people:
        groups = set()
        years = []
        folded = fold_name(person.name)
        for ref in person.entries:
            event = events[ref.event]
            entry = event.entries[ref.entry]
            if entry.federation:
                groups.add(("federation", entry.federation))
            if entry.club:
                groups.add(("club", entry.club))
            if event.date is not None:
                years.append(event.date.year)
            if entry.folded_name == folded:
                folded = entry.folded_name
        last = max(years) if years else None
        pieces = tuple(sorted({piece_name(word) for word in folded.split()}))
        found = tuple(sorted(one_group.setdefault(group, group) for group in groups))
        rows.append(
            PersonRow(
                person.key,
                person.page,
                person.name,
                folded,
                person.federation,
                len(person.entries),
                None if last is None else one_year.setdefault(last, last),
                group_sets.setdefault(found, found),
                piece_sets.setdefault(pieces, pieces),
            )
        )
    return rows
