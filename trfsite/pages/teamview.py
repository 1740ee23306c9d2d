"""Team matches for the pages, from ``trfsite.teams.reconstruct_matches``.

The reconstruction is computed once per event (``team_event_data``); if it is
missing or fails, team pages still show the standings, without match details.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from trfsite.model import ByeKind, Color, Outcome, Tournament
from trfsite.pages.common import COLOUR_LETTER, player_ref, team_ref, warn_part_failed
from trfsite.pages.lookups import players_by_id
from trfsite.pages.pairings import result_text
from trfsite.pages.rows import BoardLine, BoardStat, CrossCell, MatchView, Ref
from trfsite.results import N_, Note

if TYPE_CHECKING:
    from trfsite.pages.plan import EventData
    from trfsite.teams.data import Match, TeamEventData

logger = logging.getLogger(__name__)

BYE_KIND_NAMES = {
    ByeKind.PAIRING: N_("Pairing-allocated bye"),
    ByeKind.FULL: N_("Full-point bye"),
    ByeKind.HALF: N_("Half-point bye"),
    ByeKind.ZERO: N_("Zero-point bye"),
}


def team_event_data(t: Tournament) -> TeamEventData | None:
    try:
        from trfsite.teams.matches import reconstruct_matches

        return reconstruct_matches(t)
    except Exception as exc:  # a reconstruction bug must not lose the other pages
        warn_part_failed(logger, t.name, "team matches could not be reconstructed", exc)
        return None


def _game_points_text(value: float) -> str:
    from trfsite.render.environment import format_points

    return format_points(value)


def match_view(data: EventData, match: Match, number: int, team: int | None = None) -> MatchView:
    """One match; with ``team`` the match is seen from that team's side (it comes first)."""
    t = data.tournament
    players = players_by_id(t)
    flip = team is not None and team == match.black_team
    home, away = (
        (match.black_team, match.white_team) if flip else (match.white_team, match.black_team)
    )
    boards = []
    for board in match.boards:
        mine, theirs = board.white_player, board.black_player
        mine_result, theirs_result = board.white_result, board.black_result
        colour = board.white_color
        if flip:
            mine, theirs = theirs, mine
            mine_result, theirs_result = theirs_result, mine_result
            colour = colour.opposite
        mine_ref = player_ref(t, players, mine) if mine is not None else None
        theirs_ref = player_ref(t, players, theirs) if theirs is not None else None
        text = _board_result(
            mine_result, theirs_result, board.white_points, board.black_points, flip
        )
        boards.append(
            BoardLine(
                board.number,
                mine_ref,
                theirs_ref,
                text,
                COLOUR_LETTER.get(colour, ""),
            )
        )
    home_gp = match.black_game_points if flip else match.white_game_points
    away_gp = match.white_game_points if flip else match.black_game_points
    note = ""
    if match.forfeit is not None:
        note = N_("Match lost by forfeit") if match.forfeit.value != "--" else N_("Double forfeit")
    return MatchView(
        round=match.round,
        number=number,
        home=team_ref(t, home),
        away=team_ref(t, away),
        home_points=home_gp,
        away_points=away_gp,
        result=f"{_game_points_text(home_gp)}\u2013{_game_points_text(away_gp)}",
        boards=tuple(boards),
        note=note,
    )


def _board_result(
    mine: Outcome | None,
    theirs: Outcome | None,
    white_points: float,
    black_points: float,
    flip: bool,
) -> str:
    if mine is not None and theirs is not None:
        return result_text(mine, theirs)
    if mine is not None:
        return result_text(mine, mine.complement)
    if theirs is not None:
        return result_text(theirs.complement, theirs)
    a, b = (black_points, white_points) if flip else (white_points, black_points)
    return f"{_game_points_text(a)}\u2013{_game_points_text(b)}"


def round_matches(data: EventData, round_no: int) -> tuple[MatchView, ...]:
    """The matches of a round (best teams first), then the byes."""
    teams = data.team_data
    if teams is None:
        return ()
    before: dict[int, float] = {}
    if round_no >= 2 and len(data.after_round) >= round_no - 1:
        before = {row.id: row.points for row in data.after_round[round_no - 2].rows}
    matches = list(teams.matches_of_round(round_no))
    matches.sort(
        key=lambda m: (
            -max(before.get(m.white_team, 0.0), before.get(m.black_team, 0.0)),
            -min(before.get(m.white_team, 0.0), before.get(m.black_team, 0.0)),
            min(m.white_team, m.black_team),
        )
    )
    views = [match_view(data, m, i) for i, m in enumerate(matches, start=1)]
    for bye in sorted(teams.byes_of_round(round_no), key=lambda b: b.team):
        views.append(
            MatchView(
                round_no,
                0,
                team_ref(data.tournament, bye.team),
                None,
                bye.game_points,
                None,
                _game_points_text(bye.game_points),
                note=BYE_KIND_NAMES[bye.kind] if bye.declared else "Not paired",
            )
        )
    return tuple(views)


def team_matches(data: EventData, team: int) -> tuple[MatchView, ...]:
    teams = data.team_data
    if teams is None:
        return ()
    views = []
    for round_no in range(1, teams.rounds + 1):
        match = teams.match_in(round_no, team)
        if match is not None:
            views.append(match_view(data, match, 0, team))
            continue
        bye = teams.bye_in(round_no, team)
        if bye is not None:
            views.append(
                MatchView(
                    round_no,
                    0,
                    team_ref(data.tournament, team),
                    None,
                    bye.game_points,
                    None,
                    _game_points_text(bye.game_points),
                    note=BYE_KIND_NAMES[bye.kind] if bye.declared else "Not paired",
                )
            )
    return tuple(views)


def team_round_cell(data: EventData, round_no: int, team: int, ranks: dict[int, int]) -> CrossCell:
    """A team crosstable cell: opponent's rank, colour, game points."""
    teams = data.team_data
    if teams is None:
        return CrossCell(round_no, "", "none")
    match = teams.match_in(round_no, team)
    if match is None:
        bye = teams.bye_in(round_no, team)
        if bye is not None:
            kind = Note(BYE_KIND_NAMES[bye.kind] if bye.declared else N_("Not paired"))
            text = _game_points_text(bye.game_points) if bye.declared else "\u2013"
            return CrossCell(round_no, text, "bye" if bye.declared else "none", "", kind)
        return CrossCell(round_no, "", "none")
    white = team == match.white_team
    opponent = match.opponent_of(team)
    mine_mp = match.white_match_points if white else match.black_match_points
    theirs_mp = match.black_match_points if white else match.white_match_points
    gp = match.white_game_points if white else match.black_game_points
    css = "win" if mine_mp > theirs_mp else "loss" if mine_mp < theirs_mp else "draw"
    colour = "w" if white else "b"
    name = team_ref(data.tournament, opponent).name
    return CrossCell(
        round_no,
        f"{ranks.get(opponent, opponent)}{colour}\u00a0{_game_points_text(gp)}",
        css,
        f"teams/{opponent}.html",
        name,
    )


def board_stats(data: EventData) -> tuple[BoardStat, ...]:
    """Per board: games, White's share of the points, and the best scorer."""
    teams = data.team_data
    if teams is None:
        return ()
    t = data.tournament
    players = players_by_id(t)
    # One pass over every board of every match (a pass per board number was quadratic
    # in the boards: a damaged 352 record of thousands of boards took 90 s).
    games = [0] * (teams.boards + 1)
    white_points = [0.0] * (teams.boards + 1)
    scores: list[dict[int, tuple[float, int]]] = [{} for _ in range(teams.boards + 1)]
    for match in teams.matches:
        for board in match.boards:
            number = board.number
            if not 1 <= number <= teams.boards or board.forfeit:
                continue
            games[number] += 1
            white_points[number] += (
                board.white_points if board.white_color is Color.WHITE else (board.black_points)
            )
            for pid, pts in (
                (board.white_player, board.white_points),
                (board.black_player, board.black_points),
            ):
                if pid is not None:
                    total, played = scores[number].get(pid, (0.0, 0))
                    scores[number][pid] = (total + pts, played + 1)
    stats = []
    for number in range(1, teams.boards + 1):
        best: Ref | None = None
        best_points: float | None = None
        best_games = 0
        if scores[number]:
            pid, (points, played) = min(
                scores[number].items(), key=lambda kv: (-kv[1][0], kv[1][1], kv[0])
            )
            best, best_points, best_games = player_ref(t, players, pid), points, played
        stats.append(
            BoardStat(
                number,
                games[number],
                white_points[number] / games[number] if games[number] else None,
                best,
                best_points,
                best_games,
            )
        )
    return tuple(stats)
