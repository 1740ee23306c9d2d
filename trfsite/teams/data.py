"""The matches of a team event, as reconstructed from a TRF file.

Vocabulary follows TRF-2026: in every match one team is *the white team*
(record 330's "team scheduled to play with White", 801/802's colour ``w``);
its players take the colours of record 352 board by board, the black team's
players the opposite ones. ``Board.white_player`` is therefore the white
team's player on that board, who holds the black pieces on a ``B`` board of
352; ``Board.white_color`` says which pieces that was.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from trfsite.findings import Finding
from trfsite.model import NO_SPAN, ByeKind, Color, MatchForfeit, Outcome, Span, Tournament


class RoundKind(enum.Enum):
    """What one round was for one team (C.07 16.2 sorts unplayed rounds by these)."""

    PLAYED = "played"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"  # also each side of a double forfeit
    PAIRING_BYE = "PAB"
    FULL_BYE = "FPB"
    HALF_BYE = "HPB"
    ZERO_BYE = "ZPB"  # also a round the team was not paired at all

    @property
    def is_played(self) -> bool:
        return self is RoundKind.PLAYED

    @property
    def is_forfeit(self) -> bool:
        return self in (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS)

    @property
    def is_bye(self) -> bool:
        return self in _BYE_KINDS

    @property
    def is_requested_bye(self) -> bool:
        """C.07 16.1.1: a half-point or zero-point bye."""
        return self in (RoundKind.HALF_BYE, RoundKind.ZERO_BYE)

    @property
    def acronym(self) -> str:
        """The 802 bye acronym (PAB FPB HPB ZPB), or "" for a match."""
        return self.value if self.is_bye else ""

    @property
    def board_letter(self) -> str:
        """The 801 board letter of a bye (U F H Z), or "" for a match."""
        return _BYE_LETTER.get(self, "")


_BYE_KINDS = frozenset(
    {RoundKind.PAIRING_BYE, RoundKind.FULL_BYE, RoundKind.HALF_BYE, RoundKind.ZERO_BYE}
)
_BYE_LETTER = {
    RoundKind.PAIRING_BYE: "U",
    RoundKind.FULL_BYE: "F",
    RoundKind.HALF_BYE: "H",
    RoundKind.ZERO_BYE: "Z",
}
BYE_KIND_ROUND = {
    ByeKind.FULL: RoundKind.FULL_BYE,
    ByeKind.HALF: RoundKind.HALF_BYE,
    ByeKind.ZERO: RoundKind.ZERO_BYE,
    ByeKind.PAIRING: RoundKind.PAIRING_BYE,
}


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a match. A side whose player is None left the board empty."""

    number: int  # 1-based
    white_color: Color  # the white team's player's pieces on this board (record 352)
    white_player: int | None  # the white team's player
    black_player: int | None  # the black team's player
    white_result: Outcome | None  # as written in the white team's player's own cell
    black_result: Outcome | None
    white_points: float
    black_points: float

    @property
    def white_empty(self) -> bool:
        return self.white_player is None

    @property
    def black_empty(self) -> bool:
        return self.black_player is None

    @property
    def forfeit(self) -> bool:
        """Not played over the board: an empty side or a forfeit result."""
        if self.white_player is None or self.black_player is None:
            return True
        return any(r is not None and r.is_forfeit for r in (self.white_result, self.black_result))


@dataclass(frozen=True, slots=True)
class Match:
    """One team match: the boards, and the match and game points of each side."""

    round: int
    white_team: int
    black_team: int
    boards: tuple[Board, ...]
    white_match_points: float
    black_match_points: float
    white_game_points: float
    black_game_points: float
    forfeit: MatchForfeit | None = None  # record 330 (or a no-show without one)
    source: Span = field(default=NO_SPAN, compare=False)

    def involves(self, team: int) -> bool:
        return team in (self.white_team, self.black_team)

    def opponent_of(self, team: int) -> int:
        return self.black_team if team == self.white_team else self.white_team


@dataclass(frozen=True, slots=True)
class TeamBye:
    """A round a team spent without a match: PAB (320), FPB/HPB/ZPB (240), or unpaired."""

    round: int
    team: int
    kind: ByeKind
    match_points: float
    game_points: float
    declared: bool = True  # False: no record says so; the team was simply not paired
    source: Span = field(default=NO_SPAN, compare=False)
    # How a pairing-allocated bye's points were chosen when record 320 does not give them:
    # "default" (draw-like, the file has no 320), "config" (trfsite.toml team_bye), "".
    valued_by: str = ""


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One team's round as the tie-breaks see it.

    ``board_points`` holds the game points per board (a bye's points spread
    evenly), ``opponent_*`` what the opponent scored in the same match.
    ``abnormal`` is set when a 299 record replaced the standard points.
    """

    round: int
    team: int
    kind: RoundKind
    opponent: int | None
    color: Color
    match_points: float
    game_points: float
    opponent_match_points: float | None
    opponent_game_points: float | None
    board_points: tuple[float, ...]
    players: tuple[int | None, ...] = ()  # board order; None: empty board
    abnormal: bool = False


@dataclass(frozen=True, slots=True)
class Adjustment:
    """A 299 record without a type: bonus or penalty points added to a team's totals."""

    team: int
    round: int  # 0: not tied to a round
    match_points: float
    game_points: float
    source: Span = field(default=NO_SPAN, compare=False)


DeclaredCheck = Callable[[Tournament, "TeamEventData"], list[Finding]]


@dataclass(frozen=True)
class TeamEventData:
    """Everything the team standings, checks and pages need about the matches."""

    boards: int
    rounds: int
    team_ids: tuple[int, ...]
    matches: tuple[Match, ...]
    byes: tuple[TeamBye, ...]
    adjustments: tuple[Adjustment, ...]
    reconstruction_findings: tuple[Finding, ...]
    by_team: dict[int, tuple[TeamRound, ...]] = field(hash=False)
    player_team: dict[int, int] = field(hash=False)  # player id -> team id (rosters)
    match_index: dict[tuple[int, int], Match] = field(
        default_factory=dict, hash=False, compare=False, repr=False
    )  # (round, team) -> match; filled by reconstruct_matches
    tournament: Tournament | None = field(default=None, hash=False, compare=False, repr=False)
    # The check of the file's declared totals (teams.declared) reads these matches, so it
    # lives above this module: reconstruct_matches hands it in.
    declared_check: DeclaredCheck | None = field(
        default=None, hash=False, compare=False, repr=False
    )

    @cached_property
    def findings(self) -> tuple[Finding, ...]:
        """The reconstruction's findings, then the file's declared totals (310, 801/802)
        against the matches. Computed on first use: standings never need them."""
        if self.tournament is None or self.declared_check is None:
            return self.reconstruction_findings
        declared = self.declared_check(self.tournament, self)
        return self.reconstruction_findings + tuple(declared)

    def team_rounds(self, team: int, up_to: int | None = None) -> tuple[TeamRound, ...]:
        """The team's rounds in order, up to round ``up_to`` (all when None)."""
        rounds = self.by_team.get(team, ())
        if up_to is None:
            return rounds
        return tuple(r for r in rounds if r.round <= up_to)

    def match_points(self, team: int, up_to: int | None = None) -> float:
        total = sum(r.match_points for r in self.team_rounds(team, up_to))
        return total + sum(a.match_points for a in self._adjustments(team, up_to))

    def game_points(self, team: int, up_to: int | None = None) -> float:
        total = sum(r.game_points for r in self.team_rounds(team, up_to))
        return total + sum(a.game_points for a in self._adjustments(team, up_to))

    def match_in(self, round_no: int, team: int) -> Match | None:
        if self.match_index:
            return self.match_index.get((round_no, team))
        for match in self.matches:
            if match.round == round_no and match.involves(team):
                return match
        return None

    def bye_in(self, round_no: int, team: int) -> TeamBye | None:
        """The team's bye of the round, if it had one (the first, as a scan would find)."""
        return self._bye_index.get((round_no, team))

    def matches_of_round(self, round_no: int) -> tuple[Match, ...]:
        return self._by_round[0].get(round_no, ())

    def byes_of_round(self, round_no: int) -> tuple[TeamBye, ...]:
        return self._by_round[1].get(round_no, ())

    @cached_property
    def _by_round(self) -> tuple[dict[int, tuple[Match, ...]], dict[int, tuple[TeamBye, ...]]]:
        matches: dict[int, list[Match]] = {}
        byes: dict[int, list[TeamBye]] = {}
        for match in self.matches:
            matches.setdefault(match.round, []).append(match)
        for bye in self.byes:
            byes.setdefault(bye.round, []).append(bye)
        return (
            {r: tuple(found) for r, found in matches.items()},
            {r: tuple(found) for r, found in byes.items()},
        )

    @cached_property
    def _bye_index(self) -> dict[tuple[int, int], TeamBye]:
        # The team pages ask per team and round: a scan of every bye each time was
        # quadratic (a 320 record of 999 rounds: 24 s for a 12 KB file).
        found: dict[tuple[int, int], TeamBye] = {}
        for bye in self.byes:
            found.setdefault((bye.round, bye.team), bye)
        return found

    def _adjustments(self, team: int, up_to: int | None) -> list[Adjustment]:
        return [
            a for a in self.adjustments if a.team == team and (up_to is None or a.round <= up_to)
        ]
