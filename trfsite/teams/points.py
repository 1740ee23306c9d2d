"""Match and game points of one team round: 362, 162, the bye records and 299.

TRF-2026 record 299 lists the standard points it replaces (N boards, P
present players, W/D from 162, TW/TD from 362): a match won, drawn or lost
on the boards gives TW/TD/TL and the sum of the boards; FPB gives TW and
N×W; HPB gives TD and N×D; ZPB and a forfeit loss give 0 and 0; a forfeit
win gives TW and P×W. A 299 field left empty counts as zero, as the record's
text says.
"""

from __future__ import annotations

from dataclasses import dataclass

from trfsite.model import AbnormalPoints, Tournament
from trfsite.teams.data import RoundKind


@dataclass(frozen=True, slots=True)
class Points:
    match_points: float
    game_points: float
    abnormal: bool = False


def match_result_letter(own_game_points: float, other_game_points: float) -> str:
    """The 299 type of a match decided on the boards: W, D or L."""
    if own_game_points > other_game_points:
        return "W"
    if own_game_points < other_game_points:
        return "L"
    return "D"


def standard_match_points(t: Tournament, letter: str) -> float:
    scoring = t.team_scoring
    return {"W": scoring.win, "D": scoring.draw, "L": scoring.loss}[letter]


def bye_points(t: Tournament, kind: RoundKind, boards: int) -> Points:
    """Standard points of a team bye (the PAB's come from record 320, see pab_points)."""
    if kind is RoundKind.FULL_BYE:
        return Points(t.team_scoring.win, boards * t.scoring.win)
    if kind is RoundKind.HALF_BYE:
        return Points(t.team_scoring.draw, boards * t.scoring.draw)
    return Points(0.0, 0.0)


def pab_points(
    t: Tournament, match_points: float | None, game_points: float | None, boards: int
) -> Points:
    """Record 320's points; a field left empty falls back to a win (162's P)."""
    mp = t.team_scoring.win if match_points is None else match_points
    gp = boards * t.scoring.value("P") if game_points is None else game_points
    return Points(mp, gp)


def draw_like_pab(t: Tournament, boards: int) -> Points:
    """A PAB the file does not value: a drawn match (362) and half the boards' points,
    as FIDE's own 320 example (``320 01.0 02.0`` for 4 boards) and Olympiad rules."""
    return Points(t.team_scoring.draw, boards * t.scoring.win / 2)


def abnormal_type(kind: RoundKind, own: float, other: float | None) -> str:
    """The 299 type (AAT) that a team round falls under, or "" (a PAB has none)."""
    if kind is RoundKind.PLAYED:
        return match_result_letter(own, other or 0.0)
    return {
        RoundKind.FORFEIT_WIN: "+",
        RoundKind.FORFEIT_LOSS: "-",
        RoundKind.FULL_BYE: "F",
        RoundKind.HALF_BYE: "H",
        RoundKind.ZERO_BYE: "Z",
    }.get(kind, "")


def find_abnormal(t: Tournament, aat: str, round_no: int, team: int) -> AbnormalPoints | None:
    """The last 299 record of this type that covers the round and the team."""
    chosen = None
    if not aat:
        return None
    for rec in t.abnormal_points:
        if rec.kind != aat or rec.round not in (0, round_no):
            continue
        ids = [i for i in rec.ids if i]
        if ids and team not in ids:
            continue
        chosen = rec
    return chosen


def with_abnormal(
    t: Tournament, standard: Points, kind: RoundKind, round_no: int, team: int, other: float | None
) -> Points:
    """Replace standard points by a 299 record's when one applies."""
    rec = find_abnormal(t, abnormal_type(kind, standard.game_points, other), round_no, team)
    if rec is None:
        return standard
    return Points(rec.match_points or 0.0, rec.game_points or 0.0, True)
