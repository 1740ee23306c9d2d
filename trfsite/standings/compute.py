"""One entry point for the standings of any event: it picks the engine.

It sits above the three engines so that none of them imports another's caller
(the team engine reuses the individual engine's choices).
"""

from __future__ import annotations

from trfsite.model import EventKind, Game, Tournament
from trfsite.results import Standings
from trfsite.standings.go import compute_go_standings
from trfsite.standings.individual import compute_individual_standings
from trfsite.standings.options import StandingsOptions
from trfsite.standings.team import compute_team_standings


def compute_standings(t: Tournament, options: StandingsOptions) -> Standings:
    """Standings of any event: Go, team, or individual chess."""
    if t.game is Game.GO:
        return compute_go_standings(t, options)
    if t.kind is EventKind.TEAM and not options.individual:
        return compute_team_standings(t, options)
    return compute_individual_standings(t, options)
