"""Indexes the page builders ask for over and over, made once per event.

Pages look up players, teams, standings rows and boards per player and per
round; building those dictionaries on every call made a 2000-player event's
crosstable and player cards quadratic. The model objects are frozen, so an
index stays valid as long as its object lives; each cache keeps the object
itself (so its id cannot be reused) and only the last few objects, which
covers the one event a worker is building.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

from trfsite.model import Player, Team, Tournament
from trfsite.results import StandingRow, Standings

if TYPE_CHECKING:
    from trfsite.teams.data import TeamEventData

_K = TypeVar("_K")
_V = TypeVar("_V")
_KEEP = 32  # a final standings, one per round, an individual one, with room to spare


class ByIdentity(Generic[_K, _V]):
    """``make(obj)`` for the last few objects, by identity (the objects are immutable)."""

    def __init__(self, make: Callable[[_K], _V]) -> None:
        self._make = make
        self._found: OrderedDict[int, tuple[_K, _V]] = OrderedDict()
        self._lock = threading.Lock()  # Dask runs tasks in threads

    def __call__(self, obj: _K) -> _V:
        key = id(obj)
        with self._lock:
            hit = self._found.get(key)
            if hit is not None and hit[0] is obj:
                self._found.move_to_end(key)
                return hit[1]
        value = self._make(obj)
        with self._lock:
            self._found[key] = (obj, value)
            while len(self._found) > _KEEP:
                self._found.popitem(last=False)
        return value


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
