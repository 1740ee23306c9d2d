"""One entry point for the standings of any event: it picks the engine.

It sits above the three engines so that none of them imports another's caller
(the team engine reuses the individual engine's choices).
"""

from __future__ import annotations

from trfsite.model import EventKind, Game, Tournament
from trfsite.results import Standings
from trfsite.standings.options import StandingsOptions


def compute_standings(t: Tournament, options: StandingsOptions) -> Standings:
    """Standings of any event: Go, team, or individual chess."""
    # Each engine is imported when its kind of event comes: `trfsite standings` on a
    # chess file never loads the Go or team engines (issue 17: start-up counts).
    if t.game is Game.GO:
        from trfsite.standings.go import compute_go_standings

        return compute_go_standings(t, options)
    if t.kind is EventKind.TEAM and not options.individual:
        from trfsite.standings.team import compute_team_standings

        return compute_team_standings(t, options)
    from trfsite.standings.individual import compute_individual_standings

    return compute_individual_standings(t, options)
