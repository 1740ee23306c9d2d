"""The format-neutral tournament model.

Every reader (TRF, EGF) produces these frozen dataclasses; every later layer
(scoring, standings, validation, the site) reads only these. Source locations
are kept on each object so that findings can point at the line they came from,
but they never take part in equality: a file re-read after a normalising
export compares equal to the original.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import field
from itertools import chain
from operator import attrgetter

from trfsite.findings import Finding
from trfsite.memo import ByIdentity
from trfsite.model.frozen import frozen_record
from trfsite.model.records import (
    AbnormalPoints,
    Acceleration,
    ByeRecord,
    ForfeitedMatch,
    GoInfo,
    MatchForfeit,
    OutOfOrder,
    PairingByeRecord,
    ProhibitedPairing,
    RawRecord,
    StartingRankMethod,
    TeamRoundSummary,
    TeamSummary,
)
from trfsite.model.values import (
    NO_SPAN,
    ByeKind,
    Color,
    EventKind,
    Game,
    Outcome,
    PairingSystem,
    ScoringSystem,
    SourceFormat,
    Span,
    TeamScoring,
    _slot_setters,
    _span,
)


# --------------------------------------------------------------------------- people
@frozen_record
class RoundEntry:
    """One participant's cell for one round (a TRF 001 round cell, an EGF token).

    ``opponent`` is the opponent's id (start number or EGF row number), or
    None for byes and unpaired rounds. ``raw`` is the cell as written.
    """

    round: int
    opponent: int | None
    color: Color
    outcome: Outcome
    handicap: int | None = None
    raw: str = field(default="", compare=False)
    source: Span = _span()

    def __init__(
        self,
        round: int,
        opponent: int | None,
        color: Color,
        outcome: Outcome,
        handicap: int | None = None,
        raw: str = "",
        source: Span = NO_SPAN,
    ) -> None:
        _entry_round(self, round)
        _entry_opponent(self, opponent)
        _entry_color(self, color)
        _entry_outcome(self, outcome)
        _entry_handicap(self, handicap)
        _entry_raw(self, raw)
        _entry_source(self, source)


(
    _entry_round,
    _entry_opponent,
    _entry_color,
    _entry_outcome,
    _entry_handicap,
    _entry_raw,
    _entry_source,
) = _slot_setters(RoundEntry, "round opponent color outcome handicap raw source")


# Everything is imported from ``trfsite.model``; the submodules only keep it readable.
__all__ = [
    "AbnormalPoints",
    "Acceleration",
    "ByeKind",
    "ByeRecord",
    "Color",
    "EventKind",
    "ForfeitedMatch",
    "Game",
    "GoInfo",
    "MatchForfeit",
    "NO_SPAN",
    "NationalRating",
    "OutOfOrder",
    "Outcome",
    "PairingByeRecord",
    "PairingSystem",
    "Player",
    "ProhibitedPairing",
    "RawRecord",
    "ReadResult",
    "RoundEntry",
    "ScoringSystem",
    "SourceFormat",
    "Span",
    "StartingRankMethod",
    "Team",
    "TeamRoundSummary",
    "TeamScoring",
    "TeamSummary",
    "Tournament",
]


@frozen_record
class NationalRating:
    """A National Rating Support line: a 3-letter federation code in columns 1-3."""

    federation: str
    player_id: int
    sex: str = ""
    classification: str = ""
    name: str = ""
    rating: int | None = None
    origin: str = ""
    number: str = ""
    birth_date: str = ""
    source: Span = _span()


@frozen_record
class Player:
    """One participant of an individual event, or one team member.

    ``id`` is the TRF starting rank or the EGF row number. ``birth_date`` is
    kept as written (normalised to YYYY/MM/DD when readable), because partial
    dates such as ``1987/00/00`` are common and meaningful.
    """

    id: int
    name: str
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    declared_points: float | None = None
    declared_rank: int | None = None
    rounds: tuple[RoundEntry, ...] = ()
    # Go: grade as written (``2d``, ``15k``), club, and the file's own score columns.
    grade: str = ""
    club: str = ""
    declared_scores: tuple[tuple[str, float | None], ...] = ()
    egd_pin: str = ""
    source: Span = _span()

    def entry(self, round_no: int) -> RoundEntry | None:
        rounds = self.rounds
        # Cells are nearly always stored in round order from round 1.
        if 0 < round_no <= len(rounds) and rounds[round_no - 1].round == round_no:
            return rounds[round_no - 1]
        for cell in rounds:
            if cell.round == round_no:
                return cell
        return None


@frozen_record
class Team:
    """A team from record 310 (or legacy 013). ``roster`` lists player ids in board order."""

    id: int
    name: str
    roster: tuple[int, ...] = ()
    nickname: str = ""
    strength: float | None = None
    declared_match_points: float | None = None
    declared_game_points: float | None = None
    declared_rank: int | None = None
    record: str = field(default="310", compare=False)  # "310" or legacy "013"
    source: Span = _span()


# --------------------------------------------------------------------------- tournament
@frozen_record
class Tournament:
    """A whole event as read from one file."""

    # Where the event came from, not what it is: a TRF16 file exported as TRF-2026
    # is the same tournament, so neither field takes part in equality.
    source_format: SourceFormat = field(compare=False)
    name: str = ""
    game: Game = Game.CHESS
    city: str = ""
    federation: str = ""
    start_date: _dt.date | None = None
    end_date: _dt.date | None = None
    declared_players: int | None = None
    # 062 written "129 (88)" by Swiss-Manager: the players who took part in a game.
    declared_active_players: int | None = field(default=None, compare=False)
    declared_rated_players: int | None = None
    declared_teams: int | None = None
    tournament_type: str = ""  # 092, free text
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""  # 122, free text
    round_dates: tuple[_dt.date | None, ...] = ()  # 132, index 0 is round 1
    declared_rounds: int | None = None  # 142 (or legacy XXR)
    initial_color: Color = Color.NONE  # 152
    scoring: ScoringSystem = ScoringSystem()  # 162
    starting_rank_methods: tuple[StartingRankMethod, ...] = ()  # 172
    pairing_controller: str = ""  # 182
    type_code: str = ""  # 192
    tiebreaks: tuple[str, ...] = ()  # 202/212, as written (212 without its PTS)
    tiebreak_record: str = ""  # "202", "212" or ""
    time_control_code: str = ""  # 222
    board_colors: str = ""  # 352
    team_scoring: TeamScoring = TeamScoring()  # 362
    players: tuple[Player, ...] = ()
    # Lines named like a bye ("spielfrei") with no games: the bye's slot, not players
    # (formats/trf/bye_lines.py); kept for the 062 count and for writing the file back.
    bye_placeholders: tuple[Player, ...] = field(default=(), compare=False)
    # Start numbers shown as "Anonymous" ([privacy] anonymise, people/privacy.py): their
    # names and ids are gone from ``players``; the people pages leave them out.
    anonymised: tuple[int, ...] = ()
    national_ratings: tuple[NationalRating, ...] = ()
    teams: tuple[Team, ...] = ()
    accelerations: tuple[Acceleration, ...] = ()
    prohibited_pairings: tuple[ProhibitedPairing, ...] = ()
    byes: tuple[ByeRecord, ...] = ()
    pairing_byes: tuple[PairingByeRecord, ...] = ()
    forfeited_matches: tuple[ForfeitedMatch, ...] = ()
    out_of_order: tuple[OutOfOrder, ...] = ()
    abnormal_points: tuple[AbnormalPoints, ...] = ()
    team_summaries: tuple[TeamSummary, ...] = ()
    legacy_records: tuple[RawRecord, ...] = ()  # XXR, XXC, XX?
    unknown_records: tuple[RawRecord, ...] = ()
    comments: tuple[RawRecord, ...] = field(default=(), compare=False)
    go: GoInfo | None = None
    pairing_system: PairingSystem | None = None  # a reader's hint; standings may override
    # Where each tournament-section record (012...362) was read, for findings: (code, span).
    record_spans: tuple[tuple[str, Span], ...] = field(default=(), compare=False, repr=False)

    @property
    def kind(self) -> EventKind:
        return EventKind.TEAM if self.teams else EventKind.INDIVIDUAL

    @property
    def rounds(self) -> int:
        """Number of rounds: the most of 142/XXR, the round cells and round dates."""
        # Read for every page and check; counting every cell each time cost seconds
        # on large files, so it is counted once per (immutable) tournament.
        return _round_count(self)

    def player_index(self) -> dict[int, Player]:
        return {p.id: p for p in self.players}

    def team_index(self) -> dict[int, Team]:
        return {t.id: t for t in self.teams}


@frozen_record
class ReadResult:
    """What every reader returns: the model (None if unreadable) and its findings."""

    tournament: Tournament | None
    findings: tuple[Finding, ...] = ()


def _count_rounds(t: Tournament) -> int:
    most = max((len(p.rounds) for p in t.players), default=0)
    # One max() over the 22,000 cells of a large open, walked in C (map, attrgetter, chain),
    # not one per player: with any cell, ``most`` is at least 1, so the 0 an empty row
    # gave the per-player maximum changes nothing.
    last = max(map(_round_of, chain.from_iterable(map(_rounds_of, t.players))), default=0)
    return max(most, last, t.declared_rounds or 0)


_round_of = attrgetter("round")
_rounds_of = attrgetter("rounds")


_round_count: ByIdentity[Tournament, int] = ByIdentity(_count_rounds, keep=16)
