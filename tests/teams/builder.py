"""Build small team events as model objects, match by match, for hand-worked tests.

Results are written from the white team's side, one character per board
('1', '=', '0', '+', '-', 'W', 'D', 'L'); colours follow record 352, so the
white team's player on a ``B`` board of 352 holds the black pieces.
Each player cell gets a source line (1000 + player id) so findings can be
located in assertions.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace

from trfsite.model import (
    AbnormalPoints,
    ByeKind,
    ByeRecord,
    Color,
    ForfeitedMatch,
    MatchForfeit,
    Outcome,
    OutOfOrder,
    PairingByeRecord,
    Player,
    RoundEntry,
    ScoringSystem,
    SourceFormat,
    Span,
    Team,
    TeamScoring,
    TeamSummary,
    Tournament,
)

_OUTCOME = {
    "1": Outcome.WIN,
    "=": Outcome.DRAW,
    "0": Outcome.LOSS,
    "+": Outcome.FORFEIT_WIN,
    "-": Outcome.FORFEIT_LOSS,
    "W": Outcome.WIN_UNRATED,
    "D": Outcome.DRAW_UNRATED,
    "L": Outcome.LOSS_UNRATED,
    "?": Outcome.UNKNOWN,  # paired, no result yet (a pending round)
}


def player_line(pid: int) -> int:
    return 1000 + pid


def team_line(team: int) -> int:
    return 100 + team


@dataclass
class EventBuilder:
    rosters: dict[int, list[int]]
    boards: str = "WB"
    rounds: int = 3
    start: dt.date = dt.date(2025, 5, 1)
    team_scoring: TeamScoring = TeamScoring()
    scoring: ScoringSystem = ScoringSystem()
    tiebreaks: tuple[str, ...] = ()
    type_code: str = "TEAM_SWISS"
    ratings: dict[int, int] = field(default_factory=dict)
    cells: dict[int, dict[int, RoundEntry]] = field(default_factory=dict)
    out_of_order: list[OutOfOrder] = field(default_factory=list)
    forfeits: list[ForfeitedMatch] = field(default_factory=list)
    byes: list[ByeRecord] = field(default_factory=list)
    pabs: dict[int, int] = field(default_factory=dict)
    pab_points: tuple[float | None, float | None] = (None, None)
    abnormal: list[AbnormalPoints] = field(default_factory=list)
    declared: dict[int, tuple[float | None, float | None, int | None]] = field(default_factory=dict)
    summaries: list[TeamSummary] = field(default_factory=list)
    unrostered: list[int] = field(default_factory=list)  # players on no team's roster

    def _set(self, pid: int, cell: RoundEntry) -> None:
        col = 92 + 10 * (cell.round - 1)
        self.cells.setdefault(pid, {})[cell.round] = replace(
            cell, source=Span(player_line(pid), col, col + 7)
        )

    def lineup(self, team: int) -> list[int | None]:
        return list(self.rosters[team][: len(self.boards)])

    def match(
        self,
        round_no: int,
        white: int,
        black: int,
        results: str,
        white_players: list[int | None] | None = None,
        black_players: list[int | None] | None = None,
        write_300: bool = True,
    ) -> EventBuilder:
        """A match; a line-up other than the roster's first players gets a 300 record."""
        wp = white_players if white_players is not None else self.lineup(white)
        bp = black_players if black_players is not None else self.lineup(black)
        for team, opp, players in ((white, black, wp), (black, white, bp)):
            if write_300 and players != self.lineup(team):
                self.out_of_order.append(
                    OutOfOrder(round_no, team, opp, tuple(players), Span(500 + round_no))
                )
        for board, result in enumerate(results, start=1):
            colour = Color.WHITE if self.boards[board - 1] == "W" else Color.BLACK
            w, b = wp[board - 1], bp[board - 1]
            outcome = _OUTCOME[result]
            if w is not None:
                self._set(w, RoundEntry(round_no, b, colour if b else Color.NONE, outcome))
            if b is not None:
                back = outcome.complement
                self._set(b, RoundEntry(round_no, w, colour.opposite if w else Color.NONE, back))
        return self

    def forfeit(
        self, round_no: int, white: int, black: int, kind: str = "+-", present: int | None = None
    ) -> EventBuilder:
        """A 330 forfeit; the winner's first ``present`` players get ``0000 - +``."""
        self.forfeits.append(
            ForfeitedMatch(MatchForfeit(kind), round_no, white, black, Span(600 + round_no))
        )
        winner = {"+-": white, "-+": black}.get(kind)
        if winner is not None:
            count = len(self.boards) if present is None else present
            for pid in self.rosters[winner][:count]:
                self._set(pid, RoundEntry(round_no, None, Color.NONE, Outcome.FORFEIT_WIN))
        return self

    def bye(self, round_no: int, team: int, kind: str) -> EventBuilder:
        self.byes.append(ByeRecord(ByeKind(kind), round_no, (team,), Span(700 + round_no)))
        return self

    def pab(self, round_no: int, team: int, mp: float | None, gp: float | None) -> EventBuilder:
        self.pabs[round_no] = team
        self.pab_points = (mp, gp)
        return self

    def build(self) -> Tournament:
        players = []
        everyone = [pid for _, roster in sorted(self.rosters.items()) for pid in roster]
        for pid in everyone + self.unrostered:
            rounds = []
            for r in range(1, self.rounds + 1):
                cell = self.cells.get(pid, {}).get(r)
                if cell is None:  # a reserve: how exporters write "not in the line-up"
                    cell = RoundEntry(
                        r, None, Color.NONE, Outcome.FORFEIT_LOSS,
                        source=Span(player_line(pid), 92 + 10 * (r - 1)),
                    )  # fmt: skip
                rounds.append(cell)
            players.append(
                Player(
                    pid,
                    f"Player {pid}",
                    rating=self.ratings.get(pid),
                    rounds=tuple(rounds),
                    source=Span(player_line(pid)),
                )
            )
        teams = []
        for team, roster in sorted(self.rosters.items()):
            mp, gp, rank = self.declared.get(team, (None, None, None))
            teams.append(
                Team(
                    team,
                    f"Team {team}",
                    tuple(roster),
                    f"T{team}",
                    None,
                    mp,
                    gp,
                    rank,
                    source=Span(team_line(team)),
                )  # fmt: skip
            )
        pabs: tuple[PairingByeRecord, ...] = ()
        if self.pabs:
            pabs = (
                PairingByeRecord(
                    self.pab_points[0],
                    self.pab_points[1],
                    tuple(self.pabs.get(r) for r in range(1, self.rounds + 1)),
                    Span(800),
                ),
            )
        return Tournament(
            SourceFormat.TRF26,
            name="Hand-built",
            start_date=self.start,
            declared_rounds=self.rounds,
            scoring=self.scoring,
            team_scoring=self.team_scoring,
            board_colors=self.boards,
            type_code=self.type_code,
            tiebreaks=self.tiebreaks,
            tiebreak_record="202" if self.tiebreaks else "",
            players=tuple(players),
            teams=tuple(teams),
            byes=tuple(self.byes),
            pairing_byes=pabs,
            forfeited_matches=tuple(self.forfeits),
            out_of_order=tuple(self.out_of_order),
            abnormal_points=tuple(self.abnormal),
            team_summaries=tuple(self.summaries),
        )


FOUR_TEAMS = {1: [1, 2, 3], 2: [4, 5, 6], 3: [7, 8, 9], 4: [10, 11, 12]}
