"""Rounds without a match: PAB (320), FPB/HPB/ZPB (240) or not paired, and 299 bonuses."""

from __future__ import annotations

from trfsite.findings import Finding, Severity
from trfsite.model import ByeKind, Color, Span, Tournament
from trfsite.results import N_, Note
from trfsite.teams.data import BYE_KIND_ROUND, Adjustment, RoundKind, TeamBye, TeamRound
from trfsite.teams.index import EventIndex, finding
from trfsite.teams.lineups import seated_players
from trfsite.teams.points import bye_points, draw_like_pab, pab_points, with_abnormal


def team_bye(
    ix: EventIndex, round_no: int, team: int, findings: list[Finding], allotted: bool = False
) -> TeamBye:
    """``allotted``: the file has no 320 record and this team alone had no match."""
    pab = ix.pairing_byes.get((round_no, team))
    if pab is not None:
        pts = pab_points(ix.t, pab.match_points, pab.game_points, ix.boards)
        return TeamBye(
            round_no,
            team,
            ByeKind.PAIRING,
            pts.match_points,
            pts.game_points,
            True,
            pab.source,
            "config" if pab.from_config else "",
        )
    record = ix.byes.get((round_no, team))
    if allotted and record is None:
        pts = draw_like_pab(ix.t, ix.boards)
        return TeamBye(
            round_no,
            team,
            ByeKind.PAIRING,
            pts.match_points,
            pts.game_points,
            True,
            Span(0),
            "default",
        )
    kind = record.kind if record is not None else ByeKind.ZERO
    std = bye_points(ix.t, BYE_KIND_ROUND[kind], ix.boards)
    pts = with_abnormal(ix.t, std, BYE_KIND_ROUND[kind], round_no, team, None)
    source = record.source if record is not None else Span(0)
    if record is None:
        _report_stray_games(ix, round_no, team, findings)
    return TeamBye(
        round_no, team, kind, pts.match_points, pts.game_points, record is not None, source
    )


def _report_stray_games(ix: EventIndex, round_no: int, team: int, findings: list[Finding]) -> None:
    seated = seated_players(ix, team, round_no)
    if seated:
        entry = ix.entry(seated[0], round_no)
        findings.append(
            finding(
                Severity.ERROR,
                "team-no-opponent",
                Note(
                    "round {round_no}: player {player} of team {team} has a result "
                    "({cell!r}) but no opponent team can be found "
                    "(no 300 or 330 record, no opponent in the cells); the team is counted absent",
                    round_no=round_no,
                    player=seated[0],
                    team=team,
                    cell=entry.raw.strip() if entry else "",
                ),
                entry.source if entry else Span(0),
            )
        )


def bye_round(ix: EventIndex, bye: TeamBye) -> TeamRound:
    kind = BYE_KIND_ROUND[bye.kind]
    per_board = bye.game_points / ix.boards if ix.boards else 0.0
    if kind is RoundKind.PAIRING_BYE:
        abnormal = False
    else:
        std = bye_points(ix.t, kind, ix.boards)
        abnormal = (std.match_points, std.game_points) != (bye.match_points, bye.game_points)
    return TeamRound(
        bye.round,
        bye.team,
        kind,
        None,
        Color.NONE,
        bye.match_points,
        bye.game_points,
        None,
        None,
        (per_board,) * ix.boards,
        (),
        abnormal,
    )


_PAIRING_BYE_AND_MATCH = N_(
    "round {round_no}: team {team} has a pairing-allocated bye (320) but also plays a match; "
    "the match is used"
)
_BYE_AND_MATCH = N_(
    "round {round_no}: team {team} has a bye (240) but also plays a match; the match is used"
)


def check_bye_conflicts(
    ix: EventIndex, round_no: int, in_match: set[int], findings: list[Finding]
) -> None:
    for team in sorted(in_match):
        for rec, what in (
            (ix.pairing_byes.get((round_no, team)), _PAIRING_BYE_AND_MATCH),
            (ix.byes.get((round_no, team)), _BYE_AND_MATCH),
        ):
            if rec is not None:
                findings.append(
                    finding(
                        Severity.ERROR,
                        "team-bye-and-match",
                        Note(what, round_no=round_no, team=team),
                        rec.source,
                    )
                )
    for team in sorted(set(ix.roster) - in_match):
        if ix.pairing_byes.get((round_no, team)) and ix.byes.get((round_no, team)):
            rec = ix.byes[(round_no, team)]
            findings.append(
                finding(
                    Severity.ERROR,
                    "team-bye-twice",
                    Note(
                        "round {round_no}: team {team} has both a pairing-allocated bye (320) "
                        "and a 240 bye; the pairing-allocated bye is used",
                        round_no=round_no,
                        team=team,
                    ),
                    rec.source,
                )
            )


def adjustments(t: Tournament) -> tuple[Adjustment, ...]:
    """299 records without a type add bonus or penalty points once to each team named."""
    found: list[Adjustment] = []
    for rec in t.abnormal_points:
        if rec.kind.strip():
            continue
        ids = [i for i in rec.ids if i] or [team.id for team in t.teams]
        for team in ids:
            found.append(
                Adjustment(
                    team, rec.round, rec.match_points or 0.0, rec.game_points or 0.0, rec.source
                )
            )
    return tuple(found)
