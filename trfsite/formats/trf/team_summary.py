"""Records 801 and 802 written from the computed matches (TRF-2026, informative records).

801 is variable-width; its widths follow the TRF-2026 parameters:
``$T`` digits of the highest team number, ``$M`` digits of rounds × TW (two
more when match points have decimals), ``$G`` digits of rounds × boards
plus two (for the decimals; two fewer when game points never have any),
``$B`` boards (record 352). Team numbers are padded with blanks, as FIDE's
own team sample writes them. 802 is fixed-width.
"""

from __future__ import annotations

from trfsite.model import Color, TeamSummary, Tournament
from trfsite.teams.data import TeamEventData
from trfsite.teams.summary import computed_summaries

_COLOUR = {Color.WHITE: "w", Color.BLACK: "b", Color.NONE: " "}


def team_summary_records(t: Tournament, data: TeamEventData) -> list[str]:
    """Every team's 801 line, then every team's 802 line (team order of 310/013)."""
    summaries = computed_summaries(t, data)
    widths = _widths(t, data, summaries)
    lines = [_line_801(s, widths) for s in summaries]
    lines += [_line_802(s) for s in summaries]
    return lines


def _digits(value: float) -> int:
    return len(str(int(abs(value)))) if value >= 1 else 1


def _has_decimals(values: list[float]) -> bool:
    return any(abs(v - round(v)) > 1e-9 for v in values)


def _widths(
    t: Tournament, data: TeamEventData, summaries: tuple[TeamSummary, ...]
) -> tuple[int, int, int, int, bool, bool]:
    """($T, $M, $G, $B, match points with decimals, game points with decimals)."""
    team_width = _digits(max((team.id for team in t.teams), default=1))
    rounds = data.rounds
    ts, sc = t.team_scoring, t.scoring
    mp_values = [ts.win, ts.draw, ts.loss] + [s.match_points or 0.0 for s in summaries]
    mp_values += [b.match_points for b in data.byes]
    gp_values = [sc.win, sc.draw, sc.loss] + [s.game_points or 0.0 for s in summaries]
    mp_decimals = _has_decimals(mp_values)
    gp_decimals = _has_decimals(gp_values)
    mp_width = _digits(rounds * max(ts.win, ts.draw, ts.loss)) + (2 if mp_decimals else 0)
    gp_width = _digits(rounds * data.boards * sc.win) + (2 if gp_decimals else 0)
    return team_width, mp_width, gp_width, data.boards, mp_decimals, gp_decimals


def _number(value: float | None, width: int, decimals: bool) -> str:
    value = value or 0.0
    text = f"{value:.1f}" if decimals else f"{value:.0f}"
    return text.rjust(width)


def _line_801(s: TeamSummary, widths: tuple[int, int, int, int, bool, bool]) -> str:
    team_w, mp_w, gp_w, boards, mp_dec, gp_dec = widths
    head = (
        f"801 {s.team:>{team_w}}  {s.nickname[:5]:<5} {_number(s.match_points, mp_w, mp_dec)} "
        f"{_number(s.game_points, gp_w, gp_dec)}  "
    )
    blocks = []
    for r in s.rounds:
        opponent = "" if r.opponent is None else str(r.opponent)
        blocks.append(
            f"{opponent:>{team_w}} {_COLOUR[r.color]} {r.board_results:<{boards}} "
            f"{r.board_players:<{boards}}  "
        )
    return (head + "".join(blocks)).rstrip()


def _line_802(s: TeamSummary) -> str:
    head = (
        f"802 {s.team:>3} {s.nickname[:5]:<5} {_number(s.match_points, 6, True)} "
        f"{_number(s.game_points, 6, True)} "
    )
    blocks = []
    for r in s.rounds:
        opponent = r.bye or ("" if r.opponent is None else str(r.opponent))
        forfeit = "f" if r.forfeit else " "
        blocks.append(
            f"{opponent:>3} {_COLOUR[r.color]} {_number(r.game_points, 4, True)}{forfeit}  "
        )
    return (head + "".join(blocks)).rstrip()
