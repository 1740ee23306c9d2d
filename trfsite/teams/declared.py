"""Compare what the file declares (310 totals, 801/802 lines) with the computed matches."""

from __future__ import annotations

from trfsite.findings import Finding, Severity
from trfsite.model import Color, Span, TeamRoundSummary, TeamSummary, Tournament
from trfsite.progress import round_progress
from trfsite.teams.data import TeamEventData
from trfsite.teams.index import finding
from trfsite.teams.summary import computed_summaries, round_kind_of_letters

# 310 columns of the match points and game points fields (TRF-2026).
MP_COLUMN = 55
GP_COLUMN = 62
_EPS = 1e-9


def fmt(value: float | None) -> str:
    return "none" if value is None else f"{value:g}"


def compare_declared(t: Tournament, data: TeamEventData) -> list[Finding]:
    findings: list[Finding] = []
    # While a round is pending, the file declares the totals of the complete rounds.
    progress = round_progress(t)
    up_to = progress.complete if progress.pending else None
    for team in t.teams:
        line = team.source.line
        match_points = data.match_points(team.id, up_to)
        game_points = data.game_points(team.id, up_to)
        for declared, total, column, what in (
            (team.declared_match_points, match_points, MP_COLUMN, "match points"),
            (team.declared_game_points, game_points, GP_COLUMN, "game points"),
        ):
            if declared is None or abs(declared - total) <= _EPS:
                continue
            findings.append(
                finding(
                    Severity.ERROR,
                    "team-310-match-points" if column == MP_COLUMN else "team-310-game-points",
                    f"team {team.id} ({team.name!r}) declares {fmt(declared)} {what} in its "
                    f"{team.record} record, but its matches give {fmt(total)}",
                    Span(line, column if team.record == "310" else 0),
                )
            )
    computed = {s.team: s for s in computed_summaries(t, data)}
    for declared_line in t.team_summaries:
        expected = computed.get(declared_line.team)
        if expected is None:
            findings.append(
                finding(
                    Severity.ERROR,
                    f"team-{declared_line.record}-unknown-team",
                    f"record {declared_line.record} names team {declared_line.team}, "
                    "which has no 310/013 record",
                    declared_line.source,
                )
            )
            continue
        problems = summary_differences(declared_line, expected)
        if problems:
            # 801/802 are informative copies (TRF-2026: "not necessary ... recommended for
            # human readability"); the standings come from the 001 cells, so a stale copy
            # is worth a warning, not an error that fails the build.
            findings.append(
                finding(
                    Severity.WARNING,
                    f"team-{declared_line.record}-differs",
                    f"record {declared_line.record} of team {declared_line.team} disagrees with "
                    "the matches computed from the 001 cells: " + "; ".join(problems),
                    declared_line.source,
                )
            )
    return findings


def summary_differences(declared: TeamSummary, computed: TeamSummary) -> list[str]:
    """Human-readable differences, one per field and round."""
    problems: list[str] = []
    for value, expected, what in (
        (declared.match_points, computed.match_points, "match points"),
        (declared.game_points, computed.game_points, "game points"),
    ):
        if value is not None and expected is not None and abs(value - expected) > _EPS:
            problems.append(f"{what} {fmt(value)} (computed {fmt(expected)})")
    by_round = {r.round: r for r in computed.rounds}
    for rs in declared.rounds:
        exp = by_round.get(rs.round)
        if exp is None:
            problems.append(f"round {rs.round} is beyond the rounds played")
            continue
        problems.extend(
            f"round {rs.round} {text}" for text in _round_differences(declared.record, rs, exp)
        )
    return problems


def _round_differences(record: str, rs: TeamRoundSummary, exp: TeamRoundSummary) -> list[str]:
    out: list[str] = []
    bye = rs.bye.upper() or _bye_from_letters(rs)
    if exp.opponent is None:
        if rs.opponent is not None or (bye and bye != exp.bye):
            shown = f"opponent {rs.opponent}" if rs.opponent is not None else bye or "no opponent"
            out.append(f"shows {shown} (computed {exp.bye})")
        elif not bye and record == "802":
            out.append(f"shows no bye type (computed {exp.bye})")
    else:
        if rs.opponent != exp.opponent:
            shown = f"opponent {rs.opponent}" if rs.opponent is not None else bye or "no opponent"
            out.append(f"shows {shown} (computed opponent {exp.opponent})")
        elif rs.color is not Color.NONE and rs.color is not exp.color:
            out.append(f"colour {rs.color.value} (computed {exp.color.value})")
    if record == "802" or rs.game_points is not None:
        if (
            rs.game_points is not None
            and exp.game_points is not None
            and (abs(rs.game_points - exp.game_points) > _EPS)
        ):
            out.append(f"game points {fmt(rs.game_points)} (computed {fmt(exp.game_points)})")
        if rs.forfeit != exp.forfeit and record == "802":
            out.append("forfeit mark " + ("set" if rs.forfeit else "missing"))
    if record == "801" and exp.opponent is not None:
        if rs.board_results.upper() != exp.board_results.upper():
            out.append(f"board results {rs.board_results!r} (computed {exp.board_results!r})")
        if _players(rs.board_players) != _players(exp.board_players):
            out.append(f"board players {rs.board_players!r} (computed {exp.board_players!r})")
    return out


def _bye_from_letters(rs: TeamRoundSummary) -> str:
    if rs.opponent is not None:
        return ""
    kind = round_kind_of_letters(rs.board_results)
    return kind.acronym if kind is not None else ""


def _players(rids: str) -> str:
    """RIDs compared without case; all-empty (blank or zeros) means an absent team."""
    text = rids.strip().upper()
    return "" if set(text) <= {"0"} else text
