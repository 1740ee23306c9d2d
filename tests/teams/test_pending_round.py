"""A team event whose round 3 is paired but not played (tests/teams/events.basic, cut).

By hand, from events.basic (2 boards, match points 2-1-0, record 362's default):
  R1: 1-2 "1=" (T1 1.5 GP, 2 MP; T2 0.5, 0)   3-4 "==" (1-1, 1 MP each)
  R2: 1-3 "10" (1-1, 1 MP each)                2-4 "11" (T2 2.0, 2 MP; T4 0)
  R3: 1-4 and 2-3 paired, no result yet.
After round 2: T1 2+1 = 3 MP, 1.5+1 = 2.5 GP; T2 0+2 = 2 MP, 0.5+2 = 2.5 GP;
T3 1+1 = 2 MP, 1+1 = 2 GP; T4 1+0 = 1 MP, 1+0 = 1 GP.
"""

from __future__ import annotations

from trfsite.findings import Severity
from trfsite.model import ReadResult, SourceFormat
from trfsite.progress import PendingRound, round_progress
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions
from trfsite.validate import validate

from .builder import FOUR_TEAMS, EventBuilder

AFTER_ROUND_2 = {1: (3.0, 2.5), 2: (2.0, 2.5), 3: (2.0, 2.0), 4: (1.0, 1.0)}


def _event() -> ReadResult:
    b = EventBuilder(dict(FOUR_TEAMS))
    b.match(1, 1, 2, "1=").match(1, 3, 4, "==")
    b.match(2, 1, 3, "10").match(2, 2, 4, "11")
    b.match(3, 1, 4, "??").match(3, 2, 3, "??")
    b.declared = {team: (mp, gp, None) for team, (mp, gp) in AFTER_ROUND_2.items()}
    return ReadResult(b.build())


def test_team_standings_are_those_after_round_2() -> None:
    t = _event().tournament
    assert t is not None
    # Round 3: two matches of two boards, 4 games, none with a result.
    assert round_progress(t).pending == (PendingRound(3, 4, 4),)
    s = compute_standings(t, StandingsOptions())
    assert s.after_round == 2
    got = {row.id: (row.match_points, row.game_points) for row in s.rows}
    assert got == AFTER_ROUND_2


def test_declared_team_totals_are_checked_against_the_complete_rounds() -> None:
    result = _event()
    assert result.tournament is not None
    assert result.tournament.source_format is SourceFormat.TRF26
    found = validate(result, "team.trf")
    assert not [f for f in found if f.code.startswith("team-310")]
    assert [f.severity for f in found if f.code == "round-pending"] == [Severity.INFO]
