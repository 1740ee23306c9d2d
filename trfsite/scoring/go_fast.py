"""Go tie-break values without explanations, as sums over slices made in C.

The pages rank a Go table after every round. Each ranking from scratch walked
every earlier round of every player in Python: a 16-player table of 999 rounds
took 86 s. Here each player's games are laid out once for the whole table
(``Prefixes``: opponents, handicap shifts and game points in round order, and
counts by round), and the standings after round k slice them: the sums then
run in C (``map``, ``sum``, ``heapq``). The values equal those of
``trfsite.scoring.go`` with ``explain=False``: every value is a multiple of ½
(or of ¼ for SODOS), so the order of the additions changes nothing.
"""

from __future__ import annotations

import heapq
import math
import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate


@dataclass(frozen=True, slots=True)
class Prefixes:
    """One player's games over the whole table, with running counts by round."""

    opponents: tuple[int, ...]  # each game's opponent, in round order
    shifts: tuple[int, ...]  # each game's handicap shift (+h white, -h black)
    points: tuple[float, ...]  # each game's game points (1, ½ or 0)
    games_by: tuple[int, ...]  # games_by[k]: the games in rounds 1..k (k from 0)
    shift_by: tuple[int, ...]  # shift_by[k]: their shifts' sum

    def games(self, rounds: int) -> int:
        """The games in rounds 1..``rounds`` (rounds beyond the table have none)."""
        return self.games_by[min(rounds, len(self.games_by) - 1)]

    def shift(self, rounds: int) -> int:
        return self.shift_by[min(rounds, len(self.shift_by) - 1)]


def prefixes(rounds: Sequence[tuple[int | None, float, int]]) -> Prefixes:
    """From (opponent or None, game points, handicap shift) of rounds 1, 2, ..."""
    games = [
        (opponent, points, shift) for opponent, points, shift in rounds if opponent is not None
    ]
    played = [0 if opponent is None else 1 for opponent, _, _ in rounds]
    shifts = [0 if opponent is None else shift for opponent, _, shift in rounds]
    return Prefixes(
        tuple(opponent for opponent, _, _ in games),
        tuple(shift for _, _, shift in games),
        tuple(points for _, points, _ in games),
        tuple(accumulate(played, initial=0)),
        tuple(accumulate(shifts, initial=0)),
    )


def cumulative_points(rounds: Sequence[tuple[float, float]], round_down: bool) -> tuple[float, ...]:
    """NBW after each round from (game points, free-round points), as
    ``trfsite.scoring.go.cumulative_nbw`` makes it."""
    games = tuple(accumulate(points for points, _ in rounds))
    free = tuple(accumulate(points for _, points in rounds))
    if round_down:
        return tuple(g + math.floor(f) for g, f in zip(games, free, strict=True))
    return tuple(map(operator.add, games, free))


@dataclass(frozen=True, slots=True)
class FastValues:
    """What the values after ``rounds`` need: each player's games, everyone's score."""

    rounds: int
    rows: Mapping[int, Prefixes]
    scores: Mapping[int, float]  # the primary score (MMS or NBW) after ``rounds``
    adjusted: bool  # McMahon with handicap adjustment: the shifts count

    def opponent_scores(self, player: int) -> list[float]:
        """The (adjusted) score of each game's opponent, in round order."""
        row = self.rows[player]
        count = row.games(self.rounds)
        found = list(map(self.scores.__getitem__, row.opponents[:count]))
        if self.adjusted:
            return list(map(operator.add, found, row.shifts[:count]))
        return found

    def sos(self, player: int, unplayed: float) -> float:
        row = self.rows[player]
        count = row.games(self.rounds)
        total = 0.0 + sum(map(self.scores.__getitem__, row.opponents[:count]))
        if self.adjusted:
            total += row.shift(self.rounds)
        return total + (self.rounds - count) * unplayed

    def sos_cut(self, player: int, unplayed: float, drop: int, highest: bool) -> float:
        """SOS without the ``drop`` lowest (or highest) per-round values."""
        values = self.opponent_scores(player)
        values += [unplayed] * (self.rounds - len(values))
        dropped = (heapq.nlargest if highest else heapq.nsmallest)(drop, values)
        return 0.0 + sum(values) - sum(dropped)

    def sosos(self, player: int, sos: Mapping[int, float], unplayed: float) -> float:
        row = self.rows[player]
        count = row.games(self.rounds)
        total = 0.0 + sum(map(sos.__getitem__, row.opponents[:count]))
        return total + (self.rounds - count) * unplayed

    def sodos(self, player: int) -> float:
        row = self.rows[player]
        count = row.games(self.rounds)
        points = row.points[:count]
        scores = map(self.scores.__getitem__, row.opponents)
        total: float = 0.0 + sum(map(operator.mul, points, scores))
        if self.adjusted:
            total += sum(map(operator.mul, points, row.shifts))
        return total
