"""Reconstruct the matches of a team event from its TRF records.

Inputs: players' round cells (001), rosters (310 or the legacy 013), board
order (300), board colours (352), forfeited matches (330), byes (240, 320),
scoring (162, 362) and abnormal points (299). Every inconsistency becomes a
finding at the line it comes from; nothing here raises on bad input.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from trfsite.findings import Finding, Severity
from trfsite.memo import ByIdentity
from trfsite.model import Color, ForfeitedMatch, MatchForfeit, SourceFormat, Span, Tournament
from trfsite.results import N_, Note, join_notes
from trfsite.teams.boards import build_boards
from trfsite.teams.byes import adjustments, bye_round, check_bye_conflicts, team_bye
from trfsite.teams.data import (
    Board,
    Match,
    RoundKind,
    TeamBye,
    TeamEventData,
    TeamRound,
)
from trfsite.teams.declared import compare_declared
from trfsite.teams.index import EventIndex, build_index, finding
from trfsite.teams.lineups import (
    Lineup,
    align,
    align_both,
    claimed_opponent,
    lineup,
    report_unrostered,
    seated_players,
)
from trfsite.teams.points import (
    Points,
    match_result_letter,
    standard_match_points,
    with_abnormal,
)

__all__ = [
    "Board",
    "Match",
    "RoundKind",
    "TeamBye",
    "TeamEventData",
    "TeamRound",
    "reconstruct_matches",
]


def reconstruct_matches(t: Tournament) -> TeamEventData:
    """Every match and bye of every round, with the points of each team."""
    return _matches(t)


def _first_of_each_team(t: Tournament) -> Tournament:
    """The event with one team per number (validation reports the repeats).

    A 310 line repeated 500 times would otherwise make 500 teams of one number,
    each paired against the others' rounds: cost grows with the square.
    """
    unique = {team.id: team for team in reversed(t.teams)}
    if len(unique) == len(t.teams):
        return t
    first = tuple(team for team in t.teams if unique.get(team.id) is team)
    return dataclasses.replace(t, teams=first)


def _reconstruct(t: Tournament) -> TeamEventData:
    findings: list[Finding] = []
    ix = build_index(t, findings)
    report_unrostered(ix, findings)
    matches: list[Match] = []
    byes: list[TeamBye] = []
    rounds: dict[int, list[TeamRound]] = {team.id: [] for team in t.teams}
    for round_no in range(1, ix.rounds + 1):
        paired = _round_matches(ix, round_no, findings)
        for match in paired:
            matches.append(match)
            for side in (match.white_team, match.black_team):
                rounds.setdefault(side, []).append(_match_round(ix, match, side))
        in_match = {m.white_team for m in paired} | {m.black_team for m in paired}
        check_bye_conflicts(ix, round_no, in_match, findings)
        unpaired = [team.id for team in t.teams if team.id not in in_match]
        # TRF16 has no record 320: the one team left out of a round had the PAB.
        allotted = unpaired[0] if len(unpaired) == 1 and not t.pairing_byes else None
        for team in t.teams:
            if team.id in in_match:
                continue
            bye = team_bye(ix, round_no, team.id, findings, team.id == allotted)
            byes.append(bye)
            rounds[team.id].append(bye_round(ix, bye))
    # compare_declared (behind data.findings) looks up every team's match of every
    # round: a scan of all matches each time was quadratic in the teams.
    match_index = {(m.round, side): m for m in matches for side in (m.white_team, m.black_team)}
    return TeamEventData(
        boards=ix.boards,
        rounds=ix.rounds,
        team_ids=tuple(team.id for team in t.teams),
        matches=tuple(matches),
        byes=tuple(byes),
        adjustments=adjustments(t),
        reconstruction_findings=tuple(findings),
        by_team={team: tuple(sorted(rs, key=lambda r: r.round)) for team, rs in rounds.items()},
        player_team=dict(ix.player_team),
        match_index=match_index,
        tournament=t,
        declared_check=compare_declared,
    )


def _reconstruct_first_of_each_team(t: Tournament) -> TeamEventData:
    return _reconstruct(_first_of_each_team(t))


# The standings after every round, the validation checks and the team pages all ask
# for the same event's matches: rebuilt once per Tournament object (it is frozen).
# Remembered by the event as given: its copy with one team per number is a new object
# at each call, so an event with a repeated 310 line was rebuilt for every round
# (fuzz inputs 8,018 and 14,186: 16 times, a third of the build's CPU).
_matches: ByIdentity[Tournament, TeamEventData] = ByIdentity(
    _reconstruct_first_of_each_team, keep=4
)


# --------------------------------------------------------------------------- pairing
def _round_matches(ix: EventIndex, round_no: int, findings: list[Finding]) -> list[Match]:
    claims = {team.id: claimed_opponent(ix, team.id, round_no, findings) for team in ix.t.teams}
    done: set[int] = set()
    matches: list[Match] = []
    for team in ix.t.teams:
        other = claims[team.id]
        if other is None or team.id in done:
            continue
        if other not in claims:
            findings.append(
                finding(
                    Severity.ERROR,
                    "team-unknown-opponent",
                    Note(
                        "round {round_no}: team {id} is paired with team {other}, "
                        "which has no 310/013 record",
                        round_no=round_no,
                        id=team.id,
                        other=other,
                    ),
                    _team_span(ix, team.id, round_no),
                )
            )
            continue
        back = claims[other]
        if back not in (team.id, None):
            findings.append(
                finding(
                    Severity.ERROR,
                    "team-pairing-asymmetric",
                    Note(
                        "round {round_no}: team {id}'s records pair it with team {other}, "
                        "but team {other}'s records pair it with team {back}",
                        round_no=round_no,
                        id=team.id,
                        other=other,
                        back=back,
                    ),
                    _team_span(ix, team.id, round_no),
                )
            )
            continue
        done.update((team.id, other))
        matches.append(_build_match(ix, round_no, team.id, other, findings))
    return matches


def _team_span(ix: EventIndex, team: int, round_no: int) -> Span:
    """Where to point at a team's round: its first seated player's cell, else its 310 line."""
    for pid in seated_players(ix, team, round_no):
        entry = ix.entry(pid, round_no)
        if entry is not None:
            return entry.source
    for rec in ix.t.teams:
        if rec.id == team:
            return rec.source
    return Span(0)


def _white_team(ix: EventIndex, round_no: int, a: Lineup, b: Lineup) -> tuple[int, int, bool]:
    """(white team, black team, known): 330 first, then the colours in the cells."""
    forfeit = ix.forfeits.get((round_no, a.team))
    if forfeit is not None and {forfeit.white_team, forfeit.black_team} == {a.team, b.team}:
        return forfeit.white_team, forfeit.black_team, True
    votes: Counter[bool] = Counter()  # True: team a is the white team
    for side, is_a in ((a, True), (b, False)):
        for board, pid in enumerate(side.players, start=1):
            entry = ix.entry(pid, round_no) if pid is not None else None
            if entry is None or entry.color is Color.NONE:
                continue
            side_is_white = entry.color is ix.colors[board - 1]
            votes[side_is_white == is_a] += 1
    if not votes:
        low, high = sorted((a.team, b.team))
        return low, high, False
    a_white = votes[True] >= votes[False]
    return (a.team, b.team, True) if a_white else (b.team, a.team, True)


def _build_match(
    ix: EventIndex, round_no: int, team: int, other: int, findings: list[Finding]
) -> Match:
    first = lineup(ix, team, round_no, findings)
    second = lineup(ix, other, round_no, findings)
    white, black, known = _white_team(ix, round_no, first, second)
    if not known:
        findings.append(
            finding(
                Severity.WARNING,
                "team-colour-unknown",
                Note(
                    "round {round_no}: no cell or 330 record tells which of teams {white} and "
                    "{black} had White; team {white} assumed",
                    round_no=round_no,
                    white=white,
                    black=black,
                ),
                _team_span(ix, white, round_no),
            )
        )
    w_side, b_side = (first, second) if white == team else (second, first)
    record = ix.forfeits.get((round_no, white))
    if record is not None and (record.white_team, record.black_team) != (white, black):
        record = None
    w_side, b_side = _complete(ix, round_no, w_side, b_side, record is not None, findings)
    boards = build_boards(ix, round_no, w_side, b_side, findings)
    return _score_match(ix, round_no, white, black, boards, record, findings)


def _complete(
    ix: EventIndex,
    round_no: int,
    white: Lineup,
    black: Lineup,
    forfeited: bool,
    findings: list[Finding],
) -> tuple[Lineup, Lineup]:
    """Align short default line-ups to the other side and report the missing 300 record."""
    if not white.complete and not black.complete:
        white, black = align_both(white, black, ix, round_no)
        _report_short(ix, round_no, white, black, forfeited, findings)
        _report_short(ix, round_no, black, white, forfeited, findings)
        return white, black
    if not white.complete and (black.complete or white.present <= black.present):
        white = align(white, black, ix, round_no)
        _report_short(ix, round_no, white, black, forfeited, findings)
    if not black.complete:
        black = align(black, white, ix, round_no)
        _report_short(ix, round_no, black, white, forfeited, findings)
    return white, black


def _report_short(
    ix: EventIndex,
    round_no: int,
    side: Lineup,
    other: Lineup,
    forfeited: bool,
    findings: list[Finding],
) -> None:
    if side.present == 0 and forfeited:
        return  # the absent team of a 330 forfeit seats nobody
    if ix.t.source_format is SourceFormat.TRF16 and _forfeits_on_empty_boards(
        ix, round_no, side, other
    ):
        return  # TRF16 has no 300 record: '0000 - +' facing each empty board says it all
    findings.append(
        finding(
            Severity.WARNING,
            "team-board-missing",
            Note(
                "round {round_no}: team {team} seats {present} player(s) on "
                "{boards} boards but has no 300 record naming its empty boards; "
                "empty boards assumed where the opponents' cells show no opponent",
                round_no=round_no,
                team=side.team,
                present=side.present,
                boards=ix.boards,
            ),
            _team_span(ix, side.team, round_no),
        )
    )


def _forfeits_on_empty_boards(ix: EventIndex, round_no: int, side: Lineup, other: Lineup) -> bool:
    """Every empty board of ``side`` faces a forfeit win without opponent (``0000 - +``)."""
    for pid, facing in zip(side.players, other.players, strict=True):
        if pid is not None:
            continue
        entry = ix.entry(facing, round_no) if facing is not None else None
        if entry is None or entry.opponent is not None or not entry.outcome.is_forfeit:
            return False
    return True


# --------------------------------------------------------------------------- scoring
def _score_match(
    ix: EventIndex,
    round_no: int,
    white: int,
    black: int,
    boards: tuple[Board, ...],
    record: ForfeitedMatch | None,
    findings: list[Finding],
) -> Match:
    t = ix.t
    w_gp = sum(b.white_points for b in boards)
    b_gp = sum(b.black_points for b in boards)
    w_present = sum(1 for b in boards if b.white_player is not None)
    b_present = sum(1 for b in boards if b.black_player is not None)
    kind: MatchForfeit | None = record.kind if record is not None else None
    source = record.source if record is not None else _team_span(ix, white, round_no)
    if record is not None:
        _check_330(record, boards, w_present, b_present, findings)
    elif w_present == 0 or b_present == 0:
        kind = _inferred_forfeit(w_present, b_present)
        findings.append(
            finding(
                Severity.WARNING,
                "team-330-missing",
                Note(
                    "round {round_no}: team {absent} seated nobody "
                    "against team {present}, but there is no 330 "
                    "record; the match is scored as forfeited",
                    round_no=round_no,
                    absent=white if w_present == 0 else black,
                    present=black if w_present == 0 else white,
                ),
                source,
            )
        )
    if kind is None:
        w_kind = b_kind = RoundKind.PLAYED
        w_std = Points(standard_match_points(t, match_result_letter(w_gp, b_gp)), w_gp)
        b_std = Points(standard_match_points(t, match_result_letter(b_gp, w_gp)), b_gp)
    else:
        w_kind, b_kind, w_std, b_std = _forfeit_points(ix, kind, w_present, b_present)
    w_pts = with_abnormal(t, w_std, w_kind, round_no, white, b_std.game_points)
    b_pts = with_abnormal(t, b_std, b_kind, round_no, black, w_std.game_points)
    return Match(
        round_no,
        white,
        black,
        boards,
        w_pts.match_points,
        b_pts.match_points,
        w_pts.game_points,
        b_pts.game_points,
        kind,
        source,
    )


def _inferred_forfeit(white_present: int, black_present: int) -> MatchForfeit:
    if white_present == black_present == 0:
        return MatchForfeit.DOUBLE
    return MatchForfeit.WHITE_WINS if black_present == 0 else MatchForfeit.BLACK_WINS


def _forfeit_points(
    ix: EventIndex, kind: MatchForfeit, w_present: int, b_present: int
) -> tuple[RoundKind, RoundKind, Points, Points]:
    """Standard points of a forfeited match: TW and P×W to the winner, 0 and 0 to the loser."""
    win = ix.t.team_scoring.win
    per_board = ix.t.scoring.win
    loss = Points(0.0, 0.0)
    if kind is MatchForfeit.WHITE_WINS:
        return (
            RoundKind.FORFEIT_WIN,
            RoundKind.FORFEIT_LOSS,
            Points(win, w_present * per_board),
            loss,
        )
    if kind is MatchForfeit.BLACK_WINS:
        return (
            RoundKind.FORFEIT_LOSS,
            RoundKind.FORFEIT_WIN,
            loss,
            Points(win, b_present * per_board),
        )
    return RoundKind.FORFEIT_LOSS, RoundKind.FORFEIT_LOSS, loss, loss


def _check_330(
    record: ForfeitedMatch,
    boards: tuple[Board, ...],
    w_present: int,
    b_present: int,
    findings: list[Finding],
) -> None:
    problems: list[str] = []
    played = [b.number for b in boards if b.white_player is not None and b.black_player is not None]
    played = [
        n
        for n in played
        if not any(
            r is not None and r.is_forfeit
            for r in (boards[n - 1].white_result, boards[n - 1].black_result)
        )
    ]
    if played:
        problems.append(
            Note("board(s) {boards} show a game played", boards=", ".join(map(str, played)))
        )
    if record.kind is MatchForfeit.WHITE_WINS:
        if w_present == 0:
            problems.append(Note(_WINNER_ABSENT, team=record.white_team))
        if _has_wins(boards, white=False):
            problems.append(Note(_LOSER_SCORES, team=record.black_team))
    elif record.kind is MatchForfeit.BLACK_WINS:
        if b_present == 0:
            problems.append(Note(_WINNER_ABSENT, team=record.black_team))
        if _has_wins(boards, white=True):
            problems.append(Note(_LOSER_SCORES, team=record.white_team))
    elif _has_wins(boards, white=True) or _has_wins(boards, white=False):
        problems.append(Note("players score points in a double forfeit"))
    if problems:
        findings.append(
            finding(
                Severity.ERROR,
                "team-330-disagrees",
                Note(
                    "the 330 record ({kind} in round {round}, team {white} v {black}) "
                    "disagrees with the 001 cells: {problems}",
                    kind=record.kind.value,
                    round=record.round,
                    white=record.white_team,
                    black=record.black_team,
                    problems=join_notes(problems, _PROBLEMS_TEMPLATE),
                ),
                record.source,
            )
        )


_WINNER_ABSENT = N_("no player of team {team} (the winner) is present")
_LOSER_SCORES = N_("players of team {team} (the loser) score points")
# Language-neutral: the problems are translated one by one.
_PROBLEMS_TEMPLATE = "{first}; {rest}"


def _has_wins(boards: tuple[Board, ...], white: bool) -> bool:
    return any((b.white_points if white else b.black_points) > 0 for b in boards)


def _match_round(ix: EventIndex, match: Match, team: int) -> TeamRound:
    white = team == match.white_team
    own_gp = match.white_game_points if white else match.black_game_points
    other_gp = match.black_game_points if white else match.white_game_points
    own_mp = match.white_match_points if white else match.black_match_points
    other_mp = match.black_match_points if white else match.white_match_points
    if match.forfeit is None:
        kind = RoundKind.PLAYED
    elif match.forfeit is MatchForfeit.DOUBLE:
        kind = RoundKind.FORFEIT_LOSS
    else:
        won = (match.forfeit is MatchForfeit.WHITE_WINS) == white
        kind = RoundKind.FORFEIT_WIN if won else RoundKind.FORFEIT_LOSS
    boards = tuple(b.white_points if white else b.black_points for b in match.boards)
    players = tuple(b.white_player if white else b.black_player for b in match.boards)
    standard_gp = sum(boards)
    abnormal = kind is RoundKind.PLAYED and own_gp != standard_gp
    return TeamRound(
        match.round,
        team,
        kind,
        match.opponent_of(team),
        Color.WHITE if white else Color.BLACK,
        own_mp,
        own_gp,
        other_mp,
        other_gp,
        boards,
        players,
        abnormal or _is_abnormal(ix, match, team, kind),
    )


def _is_abnormal(ix: EventIndex, match: Match, team: int, kind: RoundKind) -> bool:
    from trfsite.teams.points import abnormal_type, find_abnormal

    white = team == match.white_team
    own = sum(b.white_points if white else b.black_points for b in match.boards)
    other = sum(b.black_points if white else b.white_points for b in match.boards)
    return find_abnormal(ix.t, abnormal_type(kind, own, other), match.round, team) is not None
