"""trfsite.toml's ``team_bye``: the value of pairing-allocated byes a file does not state."""

from __future__ import annotations

from dataclasses import replace

from trfsite.model import PairingByeRecord, Tournament
from trfsite.teams.matches import reconstruct_matches


def apply_team_bye(t: Tournament, match_points: float, game_points: float | None) -> Tournament:
    """The event with trfsite.toml's ``team_bye`` for the PABs its pairings show.

    Only a file without record 320 is changed (a 320 record values its own byes);
    ``game_points`` None means half the boards' points.
    """
    if t.pairing_byes or not t.teams:
        return t
    data = reconstruct_matches(t)
    allotted = {bye.round: bye.team for bye in data.byes if bye.valued_by == "default"}
    if not allotted:
        return t
    teams = tuple(allotted.get(r) for r in range(1, data.rounds + 1))
    gp = data.boards * t.scoring.win / 2 if game_points is None else game_points
    record = PairingByeRecord(match_points, gp, teams, from_config=True)
    return replace(t, pairing_byes=(record,))
