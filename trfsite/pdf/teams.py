"""Team matches board by board, as the bulletin shows them.

The matches come from the team engine (:func:`trfsite.teams.reconstruct_matches`);
this module only turns them into what a printed page needs: player objects
instead of ids, and each match seen from either team.
"""

from __future__ import annotations

from dataclasses import dataclass

from trfsite.model import ByeKind, Color, Outcome, Player, RoundEntry, Team, Tournament
from trfsite.results import N_


@dataclass(frozen=True, slots=True)
class BoardGame:
    """One board of a match, seen from the first team."""

    board: int
    player: Player | None  # None: the first team left this board empty
    opponent: Player | None  # None: the second team left this board empty
    color: Color  # the first team's player's pieces
    outcome: Outcome | None  # as written in the first team's player's cell
    opponent_outcome: Outcome | None  # as written in the opponent's own cell

    def flipped(self) -> BoardGame:
        """The same board seen from the second team."""
        return BoardGame(
            self.board,
            self.opponent,
            self.player,
            self.color.opposite,
            self.opponent_outcome,
            self.outcome,
        )


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """One team's match in one round; ``opponent`` is None for a bye."""

    round: int
    team: Team
    opponent: Team | None
    boards: tuple[BoardGame, ...]
    points: float  # game points of ``team``
    opponent_points: float
    match_points: float
    opponent_match_points: float
    bye: str = ""  # English message id of the kind of bye; "" for a match
    bye_code: str = ""  # PAB, FPB, HPB, ZPB; "" for a match or a round not paired

    def flipped(self) -> TeamMatch:
        if self.opponent is None:
            return self
        return TeamMatch(
            self.round,
            self.opponent,
            self.team,
            tuple(b.flipped() for b in self.boards),
            self.opponent_points,
            self.points,
            self.opponent_match_points,
            self.match_points,
        )

    def involves(self, team_id: int) -> bool:
        return self.team.id == team_id or (
            self.opponent is not None and self.opponent.id == team_id
        )


def sits_at_board(entry: RoundEntry | None) -> bool:
    """A player took a board: paired, or won by forfeit against an empty board.

    ``0000 - -`` is how TRF writes "not in this round's line-up", so an
    unpaired forfeit loss is not a board.
    """
    if entry is None:
        return False
    return entry.opponent is not None or entry.outcome is Outcome.FORFEIT_WIN


_BYE_LABEL = {
    ByeKind.PAIRING: (N_("Pairing-allocated bye"), "PAB"),
    ByeKind.FULL: (N_("Full-point bye"), "FPB"),
    ByeKind.HALF: (N_("Half-point bye"), "HPB"),
    ByeKind.ZERO: (N_("Zero-point bye"), "ZPB"),
}


def team_matches(t: Tournament) -> tuple[TeamMatch, ...]:
    """Every match and bye of the event, once each, in round order.

    The first team of a match is TRF-2026's white team (records 330, 801/802).
    """
    from trfsite.teams import reconstruct_matches

    data = reconstruct_matches(t)
    players = t.player_index()
    teams = t.team_index()
    found: list[TeamMatch] = []
    for m in data.matches:
        if m.white_team not in teams or m.black_team not in teams:
            continue  # the team engine reports these as findings
        boards = tuple(
            BoardGame(
                b.number,
                players.get(b.white_player) if b.white_player is not None else None,
                players.get(b.black_player) if b.black_player is not None else None,
                b.white_color,
                b.white_result,
                b.black_result,
            )
            for b in m.boards
        )
        found.append(
            TeamMatch(
                m.round,
                teams[m.white_team],
                teams[m.black_team],
                boards,
                m.white_game_points,
                m.black_game_points,
                m.white_match_points,
                m.black_match_points,
            )
        )
    for bye in data.byes:
        if bye.team not in teams:
            continue
        label, code = _BYE_LABEL[bye.kind] if bye.declared else ("Not paired", "")
        found.append(
            TeamMatch(
                bye.round,
                teams[bye.team],
                None,
                (),
                bye.game_points,
                0.0,
                bye.match_points,
                0.0,
                label,
                code,
            )
        )
    found.sort(key=lambda m: (m.round, m.opponent is None, m.team.id))
    return tuple(found)
