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
import operator
from collections.abc import Callable, Mapping, Sequence
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
    # Per kind of round without opponent (0+, 0=, ...): such rounds in rounds 1..k.
    byes_by: Mapping[str, tuple[int, ...]]

    def games(self, rounds: int) -> int:
        """The games in rounds 1..``rounds`` (rounds beyond the table have none)."""
        return self.games_by[min(rounds, len(self.games_by) - 1)]

    def shift(self, rounds: int) -> int:
        return self.shift_by[min(rounds, len(self.shift_by) - 1)]

    def byes(self, rounds: int) -> dict[str, int]:
        """The rounds without opponent in rounds 1..``rounds``, by kind."""
        found = {kind: by[min(rounds, len(by) - 1)] for kind, by in self.byes_by.items()}
        return {kind: count for kind, count in found.items() if count}


def prefixes(rounds: Sequence[tuple[int | None, float, int, str]]) -> Prefixes:
    """From (opponent or None, game points, handicap shift, kind of bye) of rounds 1, 2, ..."""
    games = [
        (opponent, points, shift) for opponent, points, shift, _ in rounds if opponent is not None
    ]
    played = [0 if opponent is None else 1 for opponent, _, _, _ in rounds]
    shifts = [0 if opponent is None else shift for opponent, _, shift, _ in rounds]
    kinds = sorted({kind for opponent, _, _, kind in rounds if opponent is None})
    byes_by = {
        kind: tuple(accumulate((o is None and k == kind for o, _, _, k in rounds), initial=0))
        for kind in kinds
    }
    return Prefixes(
        tuple(opponent for opponent, _, _ in games),
        tuple(shift for _, _, shift in games),
        tuple(points for _, points, _ in games),
        tuple(accumulate(played, initial=0)),
        tuple(accumulate(shifts, initial=0)),
        byes_by,
    )


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

    def sos(self, player: int, unplayed: Callable[[str], float]) -> float:
        """SOS; ``unplayed(kind)``: what a round without opponent of that kind adds."""
        row = self.rows[player]
        count = row.games(self.rounds)
        total = 0.0 + sum(map(self.scores.__getitem__, row.opponents[:count]))
        if self.adjusted:
            total += row.shift(self.rounds)
        return total + sum(n * unplayed(kind) for kind, n in row.byes(self.rounds).items())

    def sos_cut(
        self, player: int, unplayed: Callable[[str], float], drop: int, highest: bool
    ) -> float:
        """SOS without the ``drop`` lowest (or highest) per-round values."""
        values = self.opponent_scores(player)
        for kind, n in self.rows[player].byes(self.rounds).items():
            values += [unplayed(kind)] * n
        dropped = (heapq.nlargest if highest else heapq.nsmallest)(drop, values)
        return 0.0 + sum(values) - sum(dropped)

    def sosos(
        self, player: int, sos: Mapping[int, float], unplayed: Callable[[str], float]
    ) -> float:
        row = self.rows[player]
        count = row.games(self.rounds)
        total = 0.0 + sum(map(sos.__getitem__, row.opponents[:count]))
        return total + sum(n * unplayed(kind) for kind, n in row.byes(self.rounds).items())

    def sodos(self, player: int) -> float:
        row = self.rows[player]
        count = row.games(self.rounds)
        points = row.points[:count]
        scores = map(self.scores.__getitem__, row.opponents)
        total: float = 0.0 + sum(map(operator.mul, points, scores))
        if self.adjusted:
            total += sum(map(operator.mul, points, row.shifts))
        return total

    def ghost_sos(self) -> dict[str, float]:
        """Per kind of bye, the SOS of a ghost met in those rounds: its opponents' scores."""
        out: dict[str, float] = {}
        for player, row in self.rows.items():
            for kind, n in row.byes(self.rounds).items():
                out[kind] = out.get(kind, 0.0) + n * self.scores[player]
        return out
