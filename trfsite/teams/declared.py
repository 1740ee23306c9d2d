"""Compare what the file declares (310 totals, 801/802 lines) with the computed matches."""

from __future__ import annotations

from trfsite.findings import Finding, Severity
from trfsite.model import Color, Span, TeamRoundSummary, TeamSummary, Tournament
from trfsite.progress import round_progress
from trfsite.results import N_, Note, join_notes
from trfsite.teams.data import TeamEventData
from trfsite.teams.index import finding
from trfsite.teams.summary import computed_summaries, round_kind_of_letters

# 310 columns of the match points and game points fields (TRF-2026).
MP_COLUMN = 55
GP_COLUMN = 62
_EPS = 1e-9


_NONE = N_("none")
# Language-neutral: the differences are translated one by one.
_DIFFERENCES_TEMPLATE = "{first}; {rest}"
_DECLARES = {
    "match points": N_(
        "team {id} ({name!r}) declares {declared} match points in its {record} record, "
        "but its matches give {total}"
    ),
    "game points": N_(
        "team {id} ({name!r}) declares {declared} game points in its {record} record, "
        "but its matches give {total}"
    ),
}
_DIFFERS = {
    "match points": N_("match points {value} (computed {expected})"),
    "game points": N_("game points {value} (computed {expected})"),
}


def fmt(value: float | None) -> str:
    return Note(_NONE) if value is None else f"{value:g}"


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
                    Note(
                        _DECLARES[what],
                        id=team.id,
                        name=team.name,
                        declared=fmt(declared),
                        record=team.record,
                        total=fmt(total),
                    ),
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
                    Note(
                        "record {record} names team {team}, which has no 310/013 record",
                        record=declared_line.record,
                        team=declared_line.team,
                    ),
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
                    Note(
                        "record {record} of team {team} disagrees with the matches computed "
                        "from the 001 cells: {problems}",
                        record=declared_line.record,
                        team=declared_line.team,
                        problems=join_notes(problems, _DIFFERENCES_TEMPLATE),
                    ),
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
            problems.append(Note(_DIFFERS[what], value=fmt(value), expected=fmt(expected)))
    by_round = {r.round: r for r in computed.rounds}
    for rs in declared.rounds:
        exp = by_round.get(rs.round)
        if exp is None:
            problems.append(Note("round {round} is beyond the rounds played", round=rs.round))
            continue
        problems.extend(_round_differences(declared.record, rs, exp))
    return problems


def _round_differences(record: str, rs: TeamRoundSummary, exp: TeamRoundSummary) -> list[str]:
    """Each difference of one round, as "round 3 shows ..." sentences."""
    out: list[str] = []
    n = rs.round
    bye = rs.bye.upper() or _bye_from_letters(rs)
    if exp.opponent is None:
        if rs.opponent is not None or (bye and bye != exp.bye):
            out.append(
                _shown(
                    rs,
                    bye,
                    _SHOWS_OPPONENT_NOT_BYE,
                    _SHOWS_BYE_NOT_BYE,
                    _SHOWS_NONE_NOT_BYE,
                    computed=exp.bye,
                )
            )
        elif not bye and record == "802":
            out.append(
                Note(
                    "round {round} shows no bye type (computed {computed})",
                    round=n,
                    computed=exp.bye,
                )
            )
    else:
        if rs.opponent != exp.opponent:
            out.append(
                _shown(rs, bye, _SHOWS_OPPONENT, _SHOWS_BYE, _SHOWS_NONE, computed=exp.opponent)
            )
        elif rs.color is not Color.NONE and rs.color is not exp.color:
            out.append(
                Note(
                    "round {round} colour {colour} (computed {computed})",
                    round=n,
                    colour=rs.color.value,
                    computed=exp.color.value,
                )
            )
    if record == "802" or rs.game_points is not None:
        if (
            rs.game_points is not None
            and exp.game_points is not None
            and (abs(rs.game_points - exp.game_points) > _EPS)
        ):
            out.append(
                Note(
                    "round {round} game points {value} (computed {computed})",
                    round=n,
                    value=fmt(rs.game_points),
                    computed=fmt(exp.game_points),
                )
            )
        if rs.forfeit != exp.forfeit and record == "802":
            template = _FORFEIT_SET if rs.forfeit else _FORFEIT_MISSING
            out.append(Note(template, round=n))
    if record == "801" and exp.opponent is not None:
        if rs.board_results.upper() != exp.board_results.upper():
            out.append(
                Note(
                    "round {round} board results {value!r} (computed {computed!r})",
                    round=n,
                    value=rs.board_results,
                    computed=exp.board_results,
                )
            )
        if _players(rs.board_players) != _players(exp.board_players):
            out.append(
                Note(
                    "round {round} board players {value!r} (computed {computed!r})",
                    round=n,
                    value=rs.board_players,
                    computed=exp.board_players,
                )
            )
    return out


_SHOWS_OPPONENT_NOT_BYE = N_("round {round} shows opponent {opponent} (computed {computed})")
_SHOWS_BYE_NOT_BYE = N_("round {round} shows {bye} (computed {computed})")
_SHOWS_NONE_NOT_BYE = N_("round {round} shows no opponent (computed {computed})")
_SHOWS_OPPONENT = N_("round {round} shows opponent {opponent} (computed opponent {computed})")
_SHOWS_BYE = N_("round {round} shows {bye} (computed opponent {computed})")
_SHOWS_NONE = N_("round {round} shows no opponent (computed opponent {computed})")
_FORFEIT_SET = N_("round {round} forfeit mark set")
_FORFEIT_MISSING = N_("round {round} forfeit mark missing")


def _shown(
    rs: TeamRoundSummary,
    bye: str,
    opponent: str,
    bye_shown: str,
    nothing: str,
    computed: str | int | None,
) -> str:
    """What a round of the record shows instead of the computed ``computed``."""
    value = "" if computed is None else computed
    if rs.opponent is not None:
        return Note(opponent, round=rs.round, opponent=rs.opponent, computed=value)
    if bye:
        return Note(bye_shown, round=rs.round, bye=bye, computed=value)
    return Note(nothing, round=rs.round, computed=value)


def _bye_from_letters(rs: TeamRoundSummary) -> str:
    if rs.opponent is not None:
        return ""
    kind = round_kind_of_letters(rs.board_results)
    return kind.acronym if kind is not None else ""


def _players(rids: str) -> str:
    """RIDs compared without case; all-empty (blank or zeros) means an absent team."""
    text = rids.strip().upper()
    return "" if set(text) <= {"0"} else text
