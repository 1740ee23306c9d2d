"""Which pages of an event each part builds, when an event is split between workers."""

from __future__ import annotations

from collections.abc import Sequence

# Part 0 also lists the event's players (2000-player open: ~0.15 s), and as soon as
# it is in, the main process makes the people pages (~0.65 s) while the other parts
# still render. So part 0 hands a third of its last pages (player cards, alike; ~0.9 s)
# to the other parts, and the build's two cores end together.
_FIRST_PART_HANDS_ON = 3


def pages_of_part(count: int, part: int, parts: int) -> list[int]:
    """The indexes of the pages (of ``count``) that part ``part`` of ``parts`` builds.

    Pages are dealt in turn, so that every part gets its share of each kind; each
    page goes to exactly one part. Part 0, which lists the players too, hands
    some of its last pages on to the others. (A shared event: ``pages_by_kind``.)
    """
    if parts <= 1:
        return list(range(count))
    owners = [i % parts for i in range(count)]
    turns = range(0, count, parts)
    handed = len(turns) // _FIRST_PART_HANDS_ON
    for n, first in enumerate(turns[len(turns) - handed :]):
        owners[first] = 1 + n % (parts - 1)
    return [i for i, owner in enumerate(owners) if owner == part]


def pages_by_kind(templates: Sequence[str], part: int, parts: int) -> list[int]:
    """The indexes of the pages that part ``part`` of ``parts`` of a shared event builds.

    Each kind of page (by template) is cut into ``parts`` runs of consecutive pages,
    as even as they go; a kind's odd pages go one to each part in turn, carried on
    from kind to kind, so that single pages spread. Consecutive cards read the
    objects of consecutive players, which lie together in the memory the workers
    share after the fork: every other card in each worker made each of them copy
    nearly all of it (39,000 page faults per worker for a 2000-player open,
    33,000 this way).
    """
    kinds: dict[str, list[int]] = {}
    for index, template in enumerate(templates):
        kinds.setdefault(template, []).append(index)
    dealt: list[int] = []
    turn = 0  # the part that gets the next odd page
    for indexes in kinds.values():
        even, odd = divmod(len(indexes), parts)
        start = 0
        for owner in range(parts):
            size = even + ((owner - turn) % parts < odd)
            if owner == part:
                dealt += indexes[start : start + size]
            start += size
        turn = (turn + odd) % parts
    return sorted(dealt)
