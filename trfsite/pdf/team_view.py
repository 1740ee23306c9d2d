"""Team events in the bulletin: each round's matches and one page per team.

Built from :mod:`trfsite.pdf.teams` (the team engine's matches); every number
is spelled here so that the template only lays out.
"""

from __future__ import annotations

from dataclasses import dataclass

from trfsite.model import Color, Team, Tournament
from trfsite.pdf.teams import BoardGame, TeamMatch, sits_at_board
from trfsite.pdf.text import Person, PointsFormat, game_result
from trfsite.results import Standings


@dataclass(frozen=True, slots=True)
class BoardLine:
    board: int
    player: Person | None
    opponent: Person | None
    color: str
    result: str  # from the team's side, e.g. "1 – 0"


@dataclass(frozen=True, slots=True)
class MatchView:
    table: int
    round: int
    team: str
    opponent: str  # empty for a bye
    points: str
    opponent_points: str
    boards: tuple[BoardLine, ...]
    bye: str  # English message id ("Pairing-allocated bye"), "" for a match

    @property
    def board_results(self) -> str:
        """The boards in one line, from the first team's side: ``1–0  ½–½  0–1``."""
        return "  ".join(b.result.replace(" ", "") for b in self.boards)


@dataclass(frozen=True, slots=True)
class MemberLine:
    board: int
    person: Person
    points: str
    games: int


@dataclass(frozen=True, slots=True)
class TeamPage:
    id: int
    anchor: str
    name: str
    rank: int | None
    match_points: str
    game_points: str
    members: tuple[MemberLine, ...]
    matches: tuple[MatchView, ...]


def board_line(t: Tournament, board: BoardGame, people: dict[int, Person]) -> BoardLine:
    mine = people.get(board.player.id) if board.player is not None else None
    theirs = people.get(board.opponent.id) if board.opponent is not None else None
    return BoardLine(
        board.board,
        mine,
        theirs,
        board.color.value if board.color is not Color.NONE else "",
        game_result(board.outcome, board.opponent_outcome),
    )


def match_view(
    t: Tournament, match: TeamMatch, table: int, people: dict[int, Person], fmt: PointsFormat
) -> MatchView:
    return MatchView(
        table=table,
        round=match.round,
        team=match.team.name,
        opponent=match.opponent.name if match.opponent is not None else "",
        points=fmt(match.points),
        opponent_points=fmt(match.opponent_points),
        boards=tuple(board_line(t, b, people) for b in match.boards),
        bye=match.bye,
    )


def team_rounds(
    t: Tournament,
    matches: tuple[TeamMatch, ...],
    people: dict[int, Person],
    fmt: PointsFormat,
) -> dict[int, tuple[MatchView, ...]]:
    """Each round's matches, ordered by the teams' match points before the round."""
    won = {team.id: 0.0 for team in t.teams}
    by_round: dict[int, tuple[MatchView, ...]] = {}
    for round_no in range(1, t.rounds + 1):
        this_round = [m for m in matches if m.round == round_no]

        def key(m: TeamMatch) -> tuple[float, float, int]:
            a = won.get(m.team.id, 0.0)
            b = won.get(m.opponent.id, 0.0) if m.opponent is not None else -1.0
            lowest = min(m.team.id, m.opponent.id if m.opponent is not None else m.team.id)
            return (-max(a, b), -(a + b), lowest if m.opponent is not None else 10**9)

        this_round.sort(key=key)
        by_round[round_no] = tuple(
            match_view(t, m, table, people, fmt) for table, m in enumerate(this_round, start=1)
        )
        for m in this_round:
            won[m.team.id] = won.get(m.team.id, 0.0) + m.match_points
            if m.opponent is not None:
                won[m.opponent.id] = won.get(m.opponent.id, 0.0) + m.opponent_match_points
    return by_round


def team_pages(
    t: Tournament,
    standings: Standings,
    matches: tuple[TeamMatch, ...],
    people: dict[int, Person],
    fmt: PointsFormat,
) -> tuple[TeamPage, ...]:
    """One page per team, in standings order: the roster, then each match board by board."""
    rows = {row.id: row for row in standings.rows}
    players = t.player_index()
    ordered: list[Team] = sorted(
        t.teams, key=lambda team: (rows[team.id].rank if team.id in rows else 10**9, team.id)
    )
    pages: list[TeamPage] = []
    for team in ordered:
        mine = tuple(
            m if m.team.id == team.id else m.flipped() for m in matches if m.involves(team.id)
        )
        members: list[MemberLine] = []
        for board, pid in enumerate(team.roster, start=1):
            player = players.get(pid)
            if player is None:
                continue
            played = [c for c in player.rounds if sits_at_board(c)]
            total = sum(t.scoring.points(c.outcome) for c in played)
            members.append(MemberLine(board, people[pid], fmt(total), len(played)))
        row = rows.get(team.id)
        pages.append(
            TeamPage(
                id=team.id,
                anchor=f"team-{team.id}",
                name=team.name,
                rank=row.rank if row is not None else None,
                match_points=fmt(row.match_points if row else None),
                game_points=fmt(row.game_points if row else None),
                members=tuple(members),
                matches=tuple(match_view(t, m, 0, people, fmt) for m in mine),
            )
        )
    return tuple(pages)
