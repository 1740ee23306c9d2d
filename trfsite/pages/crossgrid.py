"""The round-robin crosstable as a grid: every participant against every other.

Arbiters expect a round robin printed the way Swiss-Manager, Vega and
chess-results print it: participants in final rank order down the side, the
same participants (by row number) across the top, each cell the row's
result(s) against the column. The site and the PDF bulletin both draw this
one grid; Swiss events and very large fields keep the round-by-round table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trfsite.model import EventKind, Game, RoundEntry, Tournament
from trfsite.pages.common import (
    COLOUR_LETTER,
    RESULT_SYMBOL,
    column_heads,
    display_title,
    outcome_css,
    player_refs,
    ref_in,
    team_ref,
)
from trfsite.pages.grid import CrossGrid, GridCell, GridColumn, GridGame, GridRow
from trfsite.pages.lookups import players_by_id
from trfsite.pages.rows import Ref
from trfsite.render.environment import format_points
from trfsite.results import Standings

if TYPE_CHECKING:
    from trfsite.teams.data import Match, TeamEventData

# Above this many participants a grid no longer fits a page or a screen; the
# round-by-round table (one column a round) stays.
MAX_GRID_PARTICIPANTS = 24


def build_grid(
    t: Tournament,
    standings: Standings,
    matches: TeamEventData | None = None,
) -> CrossGrid | None:
    """The grid of a round robin; None for a Swiss, a Go event or more than 24 participants.

    Whether the event is a round robin is the standings engine's own decision
    (``Standings.round_robin``). Team events read their reconstructed
    ``matches`` (rebuilt here when not given).
    """
    if t.game is Game.GO or not standings.rows:
        return None
    if len(standings.rows) > MAX_GRID_PARTICIPANTS:
        return None
    if not standings.round_robin:
        return None
    positions = {row.id: index for index, row in enumerate(standings.rows, start=1)}
    if len(positions) != len(standings.rows):
        return None  # an id ranked twice cannot head one column
    team = standings.kind is EventKind.TEAM
    if team:
        if matches is None:
            from trfsite.pages.teamview import team_event_data

            matches = team_event_data(t)
        if matches is None:
            return None
        games = _team_games(matches, positions, standings.after_round)
        refs = {tid: _team_ref(t, tid, standings) for tid in positions}
    else:
        games = _player_games(t, positions, standings.after_round)
        known = player_refs(t)
        refs = {pid: ref_in(known, pid) for pid in positions}
    size = len(positions)
    columns = tuple(GridColumn(n, refs[row.id]) for n, row in enumerate(standings.rows, 1))
    players = players_by_id(t)
    rows = []
    for position, row in enumerate(standings.rows, start=1):
        mine = games.get(row.id, {})
        cells = tuple(
            GridCell(column, tuple(sorted(mine.get(column, ()), key=lambda g: g.round)))
            if column != position
            else GridCell(column, (), diagonal=True)
            for column in range(1, size + 1)
        )
        player = None if team else players.get(row.id)
        rows.append(
            GridRow(
                position=position,
                rank=row.rank,
                ref=refs[row.id],
                title=display_title(player.title) if player else "",
                rating=(player.rating or None) if player else None,
                federation=player.federation.strip() if player else "",
                cells=cells,
                points=row.points,
                tiebreaks=row.tiebreaks,
                match_points=row.match_points,
                game_points=row.game_points,
            )
        )
    most = max((len(c.games) for r in rows for c in r.cells), default=0)
    return CrossGrid(
        columns=columns,
        rows=tuple(rows),
        heads=column_heads(standings),
        points_label=standings.points_label,
        is_team=team,
        games_per_pair=max(most, 1),
        shared_ranks=any(r.rank != r.position for r in rows),
    )


def _team_ref(t: Tournament, tid: int, standings: Standings) -> Ref:
    ref = team_ref(t, tid)
    if ref.href:
        return ref
    name = next((row.name for row in standings.rows if row.id == tid), ref.name)
    return Ref(tid, name)


# (row id) -> (column position) -> games
_Games = dict[int, dict[int, list[GridGame]]]


def _player_games(t: Tournament, positions: dict[int, int], last_round: int) -> _Games:
    found: _Games = {}
    for player in t.players:
        if player.id not in positions:
            continue
        mine: dict[int, list[GridGame]] = {}
        for entry in player.rounds:
            opponent = entry.opponent
            if (
                opponent is None
                or opponent == player.id
                or opponent not in positions
                or entry.outcome.is_bye  # byes have no column
                or (last_round > 0 and entry.round > last_round)
            ):
                continue
            mine.setdefault(positions[opponent], []).append(_player_game(entry))
        found[player.id] = mine
    return found


def _player_game(entry: RoundEntry) -> GridGame:
    # One symbol table for every page: the round-by-round cells and player cards use it too.
    return GridGame(
        round=entry.round,
        text=RESULT_SYMBOL[entry.outcome],
        css=outcome_css(entry.outcome),
        colour=COLOUR_LETTER.get(entry.color, ""),
        forfeit=entry.outcome.is_forfeit,
        unrated=entry.outcome.is_game and not entry.outcome.is_rated,
    )


def _team_games(matches: TeamEventData, positions: dict[int, int], last_round: int) -> _Games:
    found: _Games = {}
    for match in matches.matches:
        if last_round > 0 and match.round > last_round:
            continue
        if match.white_team not in positions or match.black_team not in positions:
            continue
        for team, white in ((match.white_team, True), (match.black_team, False)):
            opponent = match.opponent_of(team)
            game = _team_game(match, white)
            found.setdefault(team, {}).setdefault(positions[opponent], []).append(game)
    return found


def _team_game(match: Match, white: bool) -> GridGame:
    mine = match.white_match_points if white else match.black_match_points
    theirs = match.black_match_points if white else match.white_match_points
    points = match.white_game_points if white else match.black_game_points
    return GridGame(
        round=match.round,
        text=format_points(points),
        css="win" if mine > theirs else "loss" if mine < theirs else "draw",
        colour="w" if white else "b",
        forfeit=match.forfeit is not None,
    )
