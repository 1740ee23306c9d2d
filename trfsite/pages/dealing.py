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


def pages_by_kind(pages: Sequence[tuple[str, int]], part: int, parts: int) -> list[int]:
    """The indexes of the pages that part ``part`` of ``parts`` of a shared event builds.

    ``pages`` gives each page's kind (its template) and weight (``PagePlan.weight``).
    Each kind of page is cut into ``parts`` runs of consecutive pages. Consecutive
    cards read the objects of consecutive players, which lie together in the memory
    the workers share after the fork: every other card in each worker made each of
    them copy nearly all of it (39,000 page faults per worker for a 2000-player open,
    33,000 this way).

    The kind with the most pages (the cards) is dealt last, in runs that bring each
    part's weight as near the mean as they can; the other kinds' runs are as even in
    number as they go, their odd pages going to the lightest parts so far. Runs even
    in number left part 0 of the open 0.18 s of CPU more than part 1 (its crosstable,
    its final standings, one round more), and the build waited for it.
    """
    kinds: dict[str, list[int]] = {}
    for index, (kind, _) in enumerate(pages):
        kinds.setdefault(kind, []).append(index)
    if not kinds:
        return []
    filler = max(kinds.values(), key=len)  # the first of the most numerous kinds
    loads = [0] * parts
    dealt: list[int] = []

    def give(owner: int, run: list[int]) -> None:
        loads[owner] += sum(pages[i][1] for i in run)
        if owner == part:
            dealt.extend(run)

    for indexes in kinds.values():
        if indexes is filler:
            continue
        even, odd = divmod(len(indexes), parts)
        lightest = sorted(range(parts), key=lambda owner: (loads[owner], owner))[:odd]
        start = 0
        for owner in range(parts):
            size = even + (owner in lightest)
            give(owner, indexes[start : start + size])
            start += size
    mean = (sum(loads) + sum(pages[i][1] for i in filler)) / parts
    start = 0
    for owner in range(parts):
        end, load, last = start, loads[owner], owner == parts - 1
        # A page goes to this part when it brings the part nearer the mean; the last
        # part takes what is left.
        while end < len(filler) and (last or load + pages[filler[end]][1] / 2 <= mean):
            load += pages[filler[end]][1]
            end += 1
        give(owner, filler[start:end])
        start = end
    return sorted(dealt)
