"""One entry point for the standings of any event: it picks the engine.

It sits above the three engines so that none of them imports another's caller
(the team engine reuses the individual engine's choices).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

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


def compute_round_standings(
    t: Tournament,
    options: StandingsOptions,
    rounds: Sequence[int],
    final: Standings | None = None,
) -> tuple[Standings, ...]:
    """The standings after each of ``rounds``, without explanations.

    Each equals ``compute_standings(t, options)`` with ``after_round=n`` and
    ``explain=False``, but an individual chess event makes its choices once for
    all rounds. ``final``, when given, is ``compute_standings(t, options)`` already
    made (with or without explanations): the round it is after is not ranked again.
    """
    asked = replace(options, after_round=None, explain=False)
    if final is not None and final.tournament is t:
        reused = {final.after_round: without_explanations(final)}
    else:
        reused = {}
    if t.game is Game.GO or (t.kind is EventKind.TEAM and not options.individual):
        ranked = [
            reused.get(n) or compute_standings(t, replace(asked, after_round=n)) for n in rounds
        ]
        return tuple(ranked)
    from trfsite.standings.individual import compute_individual_rounds

    missing = [n for n in rounds if n not in reused]
    made = dict(zip(missing, compute_individual_rounds(t, asked, missing), strict=True))
    return tuple(reused.get(n) or made[n] for n in rounds)


def without_explanations(standings: Standings) -> Standings:
    """The same standings as computed with ``explain=False``."""
    if not any(row.explanations for row in standings.rows):
        return standings
    return replace(standings, rows=tuple(replace(row, explanations=()) for row in standings.rows))
