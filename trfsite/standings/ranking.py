"""Ranking by points, then the tie-break list in order (FIDE C.07 4.2).

Shared by the individual engine and the search for the order a file declares
(``standings.declared_ranks``), which ranks one event under several lists.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from itertools import groupby, repeat
from operator import mul
from typing import cast

from trfsite.results import Explanation
from trfsite.scoring.codes import TiebreakSpec
from trfsite.scoring.context import EventContext
from trfsite.scoring.direct_encounter import fill_direct_encounter
from trfsite.scoring.registry import Tiebreak


def sort_keys(
    column: Sequence[float | None], players: Iterable[int], lower_is_better: bool
) -> dict[int, float]:
    """Each player's sort key for one column, best first: the value (negated when higher is
    better), or infinity when undefined (after every defined one: values are finite).
    Floats alone, so that sorting compares them in C; written out here, not a call per
    player.
    """
    # A multiple of 1/64 (0.015625) has at most six decimals, so rounding gives it back:
    # points and most tie-breaks are quarters or halves, and round() converts to decimal.
    if lower_is_better:
        return {
            i: _UNDEFINED if (v := column[i]) is None else (round(v, 9) if v * 64 % 1 else v)
            for i in players
        }
    return {
        i: _UNDEFINED if (v := column[i]) is None else -(round(v, 9) if v * 64 % 1 else v)
        for i in players
    }


_UNDEFINED = math.inf


def split_block(group: list[int], key: dict[int, float]) -> list[list[int]]:
    """The players of ``group`` ordered by ``key`` (see ``sort_keys``), one block per key."""
    by_key = key.__getitem__
    return [list(block) for _, block in groupby(sorted(group, key=by_key), by_key)]


def is_exact(column: Sequence[float | None]) -> bool:
    """Every value defined and a multiple of 1/64 (points, Buchholz, Sonneborn-Berger...):
    each is its own sort key, as ``sort_keys`` would make it. Checked in C."""
    return None not in column and all(map(float.is_integer, map(mul, column, repeat(64.0))))


def split_by(
    group: list[int], column: Sequence[float | None], lower_is_better: bool, exact: bool
) -> list[list[int]]:
    """``split_block(group, sort_keys(column, group, lower_is_better))``; a column
    ``is_exact`` is sorted by its values, without making a key per player (a third of
    the declared-ranks search's time in sorting on a large open). A reverse sort keeps
    equal values in their order, as sorting the negated values does."""
    if not exact:
        return split_block(group, sort_keys(column, group, lower_is_better))
    if len(group) == 2:
        # A pair, compared, not sorted and grouped: each round's standings of a 2,000-player
        # open split ~900 groups, four in ten of them pairs (the last columns meet mostly those).
        first, second = group
        values = cast("Sequence[float]", column)  # none undefined: exact
        ahead, behind = values[first], values[second]
        if ahead == behind:
            return [[first, second]]
        if (ahead < behind) if lower_is_better else (ahead > behind):
            return [[first], [second]]
        return [[second], [first]]
    by_value = cast("Callable[[int], float]", column.__getitem__)  # none undefined: exact
    ordered = sorted(group, key=by_value, reverse=not lower_is_better)
    return [list(block) for _, block in groupby(ordered, by_value)]


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
        groups = split_by(list(range(ctx.size)), ctx.score, False, is_exact(ctx.score))
    for col, (spec, tb) in enumerate(columns):
        lower = tb.lower_is_better != spec.reverse
        if tb.per_group:
            fill_direct_encounter(ctx, spec, groups, values[col], explanations[col])
        if len(groups) == ctx.size:  # no one is tied any more
            continue
        column = values[col]
        exact = is_exact(column)
        next_groups: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                next_groups.append(group)
            else:
                next_groups.extend(split_by(group, column, lower, exact))
        groups = next_groups
    by_id = ctx.ids.__getitem__
    return [group if len(group) == 1 else sorted(group, key=by_id) for group in groups]
