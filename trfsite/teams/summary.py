"""Each team's rounds as records 801/802 show them, computed from the matches.

The result is the model's own :class:`~trfsite.model.TeamSummary`, so the
declared 801/802 lines and the computed ones compare field by field, and
the TRF writer formats the computed ones.
"""

from __future__ import annotations

from trfsite.model import Color, Team, TeamRoundSummary, TeamSummary, Tournament
from trfsite.teams.data import Match, RoundKind, TeamEventData, TeamRound

_RID_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def registration_id(position: int | None) -> str:
    """801's RID: roster position 1-9, then A-Z for 10-35, ``*`` beyond; ``0`` for nobody."""
    if position is None or position <= 0:
        return "0"
    if position <= 9:
        return str(position)
    if position <= 35:
        return _RID_LETTERS[position - 10]
    return "*"


def computed_summaries(t: Tournament, data: TeamEventData) -> tuple[TeamSummary, ...]:
    """One summary per team, in team order (record 801's fields; 802 uses a subset)."""
    return tuple(_summary(t, data, team) for team in t.teams)


def _summary(t: Tournament, data: TeamEventData, team: Team) -> TeamSummary:
    rounds = tuple(_round(data, team, tr) for tr in data.team_rounds(team.id))
    return TeamSummary(
        "801",
        team.id,
        team.nickname,
        data.match_points(team.id),
        data.game_points(team.id),
        rounds,
    )


def _round(data: TeamEventData, team: Team, tr: TeamRound) -> TeamRoundSummary:
    if tr.kind.is_bye:
        return TeamRoundSummary(
            tr.round,
            None,
            tr.kind.acronym,
            Color.NONE,
            tr.game_points,
            False,
            tr.kind.board_letter * data.boards,
            "",
        )
    match = data.match_in(tr.round, team.id)
    letters, rids = _boards(match, team) if match is not None else ("", "")
    return TeamRoundSummary(
        tr.round,
        tr.opponent,
        "",
        tr.color,
        tr.game_points,
        tr.kind.is_forfeit,
        letters,
        rids,
    )


def _boards(match: Match, team: Team) -> tuple[str, str]:
    white = match.white_team == team.id
    letters = ""
    rids = ""
    for board in match.boards:
        pid = board.white_player if white else board.black_player
        result = board.white_result if white else board.black_result
        letters += result.value if result is not None and pid is not None else "-"
        rids += registration_id(team.roster.index(pid) + 1 if pid in team.roster else None)
    if set(rids) == {"0"}:
        rids = ""  # an absent team: 801 leaves its players blank
    return letters, rids


def round_kind_of_letters(letters: str) -> RoundKind | None:
    """The bye an 801 round shows through its board letters (FFFF, HHHH, ZZZZ, UUUU)."""
    found = {c.upper() for c in letters.strip()}
    if len(found) != 1:
        return None
    letter = found.pop()
    for kind in RoundKind:
        if kind.board_letter == letter:
            return kind
    return None
