"""Declared ranks against ranked blocks: how many places differ, counted block by block.

A block is the ids of players that share a place (in ranked order); a declared rank is
reproduced when it lies among its block's places (ties broken by lot) or, as the
standings print a shared place, when it is the block's first. The declared-ranks search
(``declared_ranks``) breaks blocks one column at a time and gives a list up as soon as
its count reaches the best so far; the standings' note counts the printed rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from trfsite.results import StandingRow
from trfsite.standings.ranking import split_by


def count_differences(declared: dict[int, int], blocks: Iterable[Sequence[int]]) -> tuple[int, int]:
    """How many declared ranks are not among the places of their block of tied players
    (ties broken by lot), and how many are not the block's first place (as the standings
    print a shared place), in one pass.

    ``blocks``: ids in ranked order, one block per shared place. Places are counted among
    the ranked players only (an unranked player takes none).
    """
    lenient, shared, _ = _count_from(declared, blocks, 0)
    return lenient, shared


def _count_from(
    declared: dict[int, int], blocks: Iterable[Sequence[int]], position: int
) -> tuple[int, int, int]:
    """``count_differences`` of blocks whose first place follows ``position``, and the
    last place they take."""
    lenient = shared = 0
    get = declared.get
    for block in blocks:
        if len(block) == 1:
            rank = get(block[0])
            if rank is not None:
                position += 1
                if rank != position:
                    lenient += 1
                    shared += 1
            continue
        # Players the file does not rank take no place (declared ranks are never 0).
        ranks = list(filter(None, map(get, block)))
        first, last = position + 1, position + len(ranks)
        # The first place lies among the block's places: only another rank can be outside.
        for rank in ranks:
            if rank != first:
                shared += 1
                if not first <= rank <= last:
                    lenient += 1
        position = last
    return lenient, shared, position


class Split(NamedTuple):
    """The blocks after one more tie-break, and their ``count_differences``."""

    blocks: list[list[int]]
    lenient: int
    shared: int


def split_counting(
    declared: dict[int, int],
    blocks: Sequence[list[int]],
    column: Sequence[float | None],
    lower_is_better: bool,
    beaten: int,
    exact: bool = False,
    before: tuple[int, int] | None = None,
) -> Split | int:
    """The blocks (best first) broken by one column, as ``rank_players`` breaks them, and
    their differences from the declared ranks; or, as soon as the places that differ
    with ties by lot reach ``beaten`` (above 0), that count so far: no later tie-break
    brings it down (one only splits blocks), so the rest is neither sorted nor counted.

    A block's places do not depend on how the blocks before it split, so a block is
    sorted and counted in one step; most lists fail at their first column on a file
    ranked by something else (a 2,000-player open ranked by start number fails after
    three quarters of its players). ``exact``: the column ``is_exact`` (see ``split_by``).

    ``before``: ``count_differences`` of ``blocks``, when known (a later column of a
    list): then only what splitting each block adds is counted (a split never brings a
    place back within its block), from that count on. A list whose earlier columns
    already leave most places differing is given up after a few blocks, not after
    counting them all again (``ARO, BH`` on the open: 266 more places to reach 1,501).
    """
    if before is not None:
        return _split_adding(declared, blocks, column, lower_is_better, beaten, exact, before)
    found: list[list[int]] = []
    lenient = shared = position = 0
    for block in blocks:
        parts = [block] if len(block) == 1 else split_by(block, column, lower_is_better, exact)
        more, more_shared, position = _count_from(declared, parts, position)
        lenient += more
        shared += more_shared
        if lenient and lenient >= beaten:
            return lenient
        found.extend(parts)
    return Split(found, lenient, shared)


def _split_adding(
    declared: dict[int, int],
    blocks: Sequence[list[int]],
    column: Sequence[float | None],
    lower_is_better: bool,
    beaten: int,
    exact: bool,
    before: tuple[int, int],
) -> Split | int:
    """``split_counting`` from the count of ``blocks`` (``before``): each block's count
    after its split less its count as one block (the same places), a block of one
    player passed over."""
    found: list[list[int]] = []
    lenient, shared = before
    position = 0
    get = declared.get
    for block in blocks:
        if len(block) == 1:
            found.append(block)
            if get(block[0]) is not None:  # a ranked player takes a place
                position += 1
            continue
        parts = split_by(block, column, lower_is_better, exact)
        was, was_shared, _ = _count_from(declared, (block,), position)
        more, more_shared, position = _count_from(declared, parts, position)
        lenient += more - was
        shared += more_shared - was_shared
        if lenient and lenient >= beaten:
            return lenient
        found.extend(parts)
    return Split(found, lenient, shared)


def row_blocks(rows: Sequence[StandingRow]) -> list[list[int]]:
    """The ids of standings rows, one block per shared rank."""
    blocks: list[list[int]] = []
    last_rank = None
    for row in rows:
        if blocks and row.rank == last_rank:
            blocks[-1].append(row.id)
        else:
            blocks.append([row.id])
        last_rank = row.rank
    return blocks
