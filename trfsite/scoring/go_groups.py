"""Who is ahead within a group of Go players: direct wins without cycles, knock-out places."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol


class GoRound(Protocol):
    """What these functions read of a player's round (trfsite.scoring.go.GoRound)."""

    @property
    def round(self) -> int: ...

    @property
    def opponent(self) -> int | None: ...

    @property
    def game_points(self) -> float: ...


def cyclic_wins(
    history: Mapping[int, Sequence[GoRound]], tied: frozenset[int]
) -> set[tuple[int, int]]:
    """The wins (winner, loser) among ``tied`` that lie on a cycle of wins.

    A win lies on a cycle when its loser reaches its winner again through other wins.
    """
    beats: dict[int, set[int]] = {p: set() for p in tied}
    for p in tied:
        for e in history[p]:
            if e.opponent in tied and e.opponent != p and e.game_points == 1:
                beats[p].add(e.opponent)
    if len(tied) < 3:
        return set()
    cyclic: set[tuple[int, int]] = set()
    for winner, losers in beats.items():
        for loser in losers:
            seen, stack = {loser}, [loser]
            while stack:
                for nxt in beats[stack.pop()]:
                    if nxt not in seen:
                        seen.add(nxt)
                        stack.append(nxt)
            if winner in seen:
                cyclic.add((winner, loser))
    return cyclic


def knockout_places(
    history: Mapping[int, Sequence[GoRound]], first: int, last: int
) -> dict[int, int]:
    """Places of a knock-out in rounds ``first``..``last``: 1, 2, 3, 5, 9, ... by the round lost.

    Losing in the k-th of K knock-out rounds gives 2^(K-k) + 1; players who took no part
    share 2^K + 1; players who lost no knock-out game (the winner) are 1.
    """
    stages = max(0, last - first + 1)
    places: dict[int, int] = {}
    for player, rounds in history.items():
        played = [e for e in rounds[first - 1 : last] if e.opponent is not None]
        if not played:
            places[player] = 2**stages + 1
            continue
        lost = next((e.round for e in played if e.game_points < 1), None)
        places[player] = 1 if lost is None else 2 ** (last - lost) + 1
    return places
