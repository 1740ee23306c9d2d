"""Indexes the page builders ask for over and over, made once per event.

Pages look up players, teams, standings rows and boards per player and per
round; building those dictionaries on every call made a 2000-player event's
crosstable and player cards quadratic. The model objects are frozen, so an
index stays valid as long as its object lives (``trfsite.memo.ByIdentity``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trfsite.memo import ByIdentity
from trfsite.model import Player, Team, Tournament
from trfsite.results import StandingRow, Standings

if TYPE_CHECKING:
    from trfsite.teams.data import TeamEventData


def _players(t: Tournament) -> dict[int, Player]:
    return {p.id: p for p in t.players}


def _teams(t: Tournament) -> dict[int, Team]:
    return {team.id: team for team in t.teams}


def _team_of_players(t: Tournament) -> dict[int, int]:
    found: dict[int, int] = {}
    for team in t.teams:
        for pid in team.roster:
            found.setdefault(pid, team.id)
    return found


def _rows(standings: Standings) -> dict[int, StandingRow]:
    found: dict[int, StandingRow] = {}
    for row in standings.rows:
        found.setdefault(row.id, row)  # the first row of an id, as a scan would find it
    return found


def _boards(teams: TeamEventData) -> dict[tuple[int, int], int]:
    found: dict[tuple[int, int], int] = {}
    for match in teams.matches:
        for board in match.boards:
            for pid in (board.white_player, board.black_player):
                if pid is not None:
                    found.setdefault((match.round, pid), board.number)
    return found


players_by_id: ByIdentity[Tournament, dict[int, Player]] = ByIdentity(_players)
teams_by_id: ByIdentity[Tournament, dict[int, Team]] = ByIdentity(_teams)
team_of_player: ByIdentity[Tournament, dict[int, int]] = ByIdentity(_team_of_players)
rows_by_id: ByIdentity[Standings, dict[int, StandingRow]] = ByIdentity(_rows)
board_of_player: ByIdentity[TeamEventData, dict[tuple[int, int], int]] = ByIdentity(_boards)
