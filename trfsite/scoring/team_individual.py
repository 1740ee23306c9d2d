"""Individual results inside a team event: score, games, performance, board prizes.

* Score is TRF's "standard score" of a team player (001 columns 81-84):
  points scored over the board and in forfeit wins, by record 162.
* Performance is the tournament performance rating over the rated games
  (1, =, 0) against rated opponents: the opponents' average rating rounded
  half up, plus dp of FIDE table 8.1(a) for the fractional score (C.07 10.2).
* A player's board is the board they played most often; a tie goes to the
  top-most of those boards (Olympiad practice for board prizes).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from trfsite.model import Outcome, Tournament
from trfsite.scoring.rating_tables import percent, rating_difference
from trfsite.teams.data import TeamEventData

_STANDARD = frozenset(
    {
        Outcome.WIN,
        Outcome.DRAW,
        Outcome.LOSS,
        Outcome.WIN_UNRATED,
        Outcome.DRAW_UNRATED,
        Outcome.LOSS_UNRATED,
        Outcome.FORFEIT_WIN,
        Outcome.FORFEIT_LOSS,
    }
)


@dataclass(frozen=True, slots=True)
class PlayerTeamResult:
    player: int
    name: str
    team: int
    rating: int | None
    score: float  # over the board and forfeit wins (standard score)
    games: int  # games started over the board
    game_score: float  # points in those games
    seated: int  # rounds on a board (games and forfeits)
    board: int | None  # the board played most often
    boards: tuple[tuple[int, int], ...]  # (round, board) for every round on a board
    rated_games: int
    average_opponent_rating: int | None
    performance: int | None

    @property
    def percentage(self) -> float | None:
        """Score in games over the board, as a share of the games (0-100)."""
        return 100.0 * self.game_score / self.games if self.games else None


@dataclass(frozen=True, slots=True)
class BoardResults:
    """Players classified on one board, best first."""

    board: int
    players: tuple[PlayerTeamResult, ...]


@dataclass
class _Tally:
    score: float = 0.0
    games: int = 0
    game_score: float = 0.0
    seated: int = 0
    rated_points: float = 0.0
    rated_opponents: list[int] | None = None


def individual_results(t: Tournament, data: TeamEventData) -> tuple[PlayerTeamResult, ...]:
    """Every rostered player's results, in team then roster order."""
    players = t.player_index()
    tallies: dict[int, _Tally] = {}
    boards: dict[int, list[tuple[int, int]]] = {}
    for match in data.matches:
        for board in match.boards:
            for pid, result, opp in (
                (board.white_player, board.white_result, board.black_player),
                (board.black_player, board.black_result, board.white_player),
            ):
                if pid is None or result is None:
                    continue
                tally = tallies.setdefault(pid, _Tally(rated_opponents=[]))
                boards.setdefault(pid, []).append((match.round, board.number))
                tally.seated += 1
                points = t.scoring.points(result)
                if result in _STANDARD:
                    tally.score += points
                if result.is_game and opp is not None:
                    tally.games += 1
                    tally.game_score += points
                    opp_rating = players[opp].rating if opp in players else None
                    if result.is_rated and opp_rating and tally.rated_opponents is not None:
                        tally.rated_opponents.append(opp_rating)
                        tally.rated_points += points
    found: list[PlayerTeamResult] = []
    for team in t.teams:
        for pid in team.roster:
            player = players.get(pid)
            if player is None:
                continue
            tally = tallies.get(pid, _Tally(rated_opponents=[]))
            found.append(_result(pid, player.name, team.id, player.rating, tally, boards))
    return tuple(found)


def _result(
    pid: int,
    name: str,
    team: int,
    rating: int | None,
    tally: _Tally,
    boards: dict[int, list[tuple[int, int]]],
) -> PlayerTeamResult:
    mine = tuple(sorted(boards.get(pid, [])))
    counts = Counter(board for _, board in mine)
    board = min(counts, key=lambda b: (-counts[b], b)) if counts else None
    opponents = tally.rated_opponents or []
    aro = performance = None
    if opponents:
        aro = (2 * sum(opponents) + len(opponents)) // (2 * len(opponents))
        dp = rating_difference(percent(tally.rated_points, len(opponents)))
        performance = aro + dp
    return PlayerTeamResult(
        pid,
        name,
        team,
        rating,
        tally.score,
        tally.games,
        tally.game_score,
        tally.seated,
        board,
        mine,
        len(opponents),
        aro,
        performance,
    )


def best_by_board(
    results: tuple[PlayerTeamResult, ...], boards: int, min_games: int = 1
) -> tuple[BoardResults, ...]:
    """For each board, its players with at least ``min_games`` games, best first:
    performance, then percentage, then games (undefined performances last)."""
    out: list[BoardResults] = []
    for number in range(1, boards + 1):
        eligible = [r for r in results if r.board == number and r.games >= min_games]
        eligible.sort(
            key=lambda r: (
                r.performance is None,
                -(r.performance or 0),
                -(r.percentage or 0.0),
                -r.games,
                r.player,
            )
        )
        out.append(BoardResults(number, tuple(eligible)))
    return tuple(out)
