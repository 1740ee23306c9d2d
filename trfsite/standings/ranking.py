"""Ranking by points, then the tie-break list in order (FIDE C.07 4.2).

Shared by the individual engine and the search for the order a file declares
(``standings.declared_ranks``), which ranks one event under several lists.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain

from trfsite.results import Explanation
from trfsite.scoring.codes import TiebreakSpec
from trfsite.scoring.context import EventContext
from trfsite.scoring.direct_encounter import fill_direct_encounter
from trfsite.scoring.registry import Tiebreak


def sort_keys(
    column: Sequence[float | None], players: Iterable[int], lower_is_better: bool
) -> dict[int, tuple[int, float]]:
    """Each player's sort key for one column: (0, value), best first, or (1, 0.0) when the
    value is undefined (after every defined one). Written out here, not a call per player.
    """
    # A multiple of 1/64 (0.015625) has at most six decimals, so rounding gives it back:
    # points and most tie-breaks are quarters or halves, and round() converts to decimal.
    if lower_is_better:
        return {
            i: (1, 0.0) if (v := column[i]) is None else (0, round(v, 9) if v * 64 % 1 else v)
            for i in players
        }
    return {
        i: (1, 0.0) if (v := column[i]) is None else (0, -(round(v, 9) if v * 64 % 1 else v))
        for i in players
    }


def split_block(group: list[int], key: dict[int, tuple[int, float]]) -> list[list[int]]:
    """The players of ``group`` ordered by ``key`` (see ``sort_keys``), one block per key."""
    ordered = sorted(group, key=key.__getitem__)
    blocks: list[list[int]] = []
    for i in ordered:
        if blocks and key[blocks[-1][0]] == key[i]:
            blocks[-1].append(i)
        else:
            blocks.append([i])
    return blocks


def rank_players(
    ctx: EventContext,
    columns: list[tuple[TiebreakSpec, Tiebreak]],
    values: list[list[float | None]],
    explanations: list[list[Explanation] | None],
    groups: list[list[int]] | None = None,
) -> list[list[int]]:
    """Blocks of still-tied players, best first (C.07 4.2). Fills DE columns in place.

    ``groups``: the blocks to break, best first, every player in one (default: by points).
    """
    if groups is None:
        groups = split_block(list(range(ctx.size)), sort_keys(ctx.score, range(ctx.size), False))
    for col, (spec, tb) in enumerate(columns):
        lower = tb.lower_is_better != spec.reverse
        if tb.per_group:
            fill_direct_encounter(ctx, spec, groups, values[col], explanations[col])
        if len(groups) == ctx.size:  # no one is tied any more
            continue
        tied = chain.from_iterable(group for group in groups if len(group) > 1)
        key = sort_keys(values[col], tied, lower)
        next_groups: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                next_groups.append(group)
            else:
                next_groups.extend(split_block(group, key))
        groups = next_groups
    by_id = ctx.ids.__getitem__
    return [group if len(group) == 1 else sorted(group, key=by_id) for group in groups]
