"""The format-neutral tournament model.

Every reader (TRF, EGF) produces these frozen dataclasses; every later layer
(scoring, standings, validation, the site) reads only these. Source locations
are kept on each object so that findings can point at the line they came from,
but they never take part in equality: a file re-read after a normalising
export compares equal to the original.
"""

from __future__ import annotations

import datetime as _dt
import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter

from trfsite.findings import Finding
from trfsite.memo import ByIdentity


def _slot_setters(cls: type, names: str) -> tuple[Callable[[object, object], None], ...]:
    """The slots' own setters, which a frozen instance's ``__init__`` may call directly."""
    return tuple(cls.__dict__[name].__set__ for name in names.split())


# The hot types (a 2,000-player open has 22,000 cells, each with its span) write their own
# ``__init__``: a frozen dataclass's generated one goes through object.__setattr__ per
# field, which takes twice as long. ``tests/test_model_init.py`` keeps the signatures
# equal to the fields.


# --------------------------------------------------------------------------- locations
@dataclass(frozen=True, slots=True, init=False)
class Span:
    """Where something came from: 1-based line, 1-based first and last column."""

    line: int
    column: int = 1
    end_column: int = 0

    def __init__(self, line: int, column: int = 1, end_column: int = 0) -> None:
        _set_line(self, line)
        _set_column(self, column)
        _set_end_column(self, end_column)


_set_line, _set_column, _set_end_column = _slot_setters(Span, "line column end_column")

NO_SPAN = Span(0, 0, 0)


def _span() -> Span:
    return field(default=NO_SPAN, compare=False, repr=False)  # type: ignore[return-value]


# --------------------------------------------------------------------------- enums
class SourceFormat(enum.Enum):
    TRF16 = "trf16"
    TRF26 = "trf26"
    EGF = "egf"


class EventKind(enum.Enum):
    INDIVIDUAL = "individual"
    TEAM = "team"


class Game(enum.Enum):
    """Which game the event is of."""

    CHESS = "chess"
    GO = "go"


class PairingSystem(enum.Enum):
    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    MCMAHON = "mcmahon"


class Color(enum.Enum):
    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    # Enum's __hash__ is Python code (the hash of the name), run for every lookup of a
    # member in a dict or set: 319,000 times in a 2000-player build. Members are
    # singletons, equal only to themselves, so the identity hash (in C) is exact.
    __hash__ = object.__hash__

    @property
    def opposite(self) -> Color:
        if self is Color.WHITE:
            return Color.BLACK
        if self is Color.BLACK:
            return Color.WHITE
        return Color.NONE


class Outcome(enum.Enum):
    """A round's result from one participant's point of view.

    Values are the TRF result letters (upper case) so that the TRF reader and
    writer need no second table. ``UNKNOWN`` is Go's ``?`` (not yet played or
    unknown); TRF has no cell code for it.
    """

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    WIN_UNRATED = "W"  # game lasted less than one move
    DRAW_UNRATED = "D"
    LOSS_UNRATED = "L"
    HALF_BYE = "H"
    FULL_BYE = "F"
    PAIRING_BYE = "U"
    ZERO_BYE = "Z"
    UNKNOWN = "?"

    __hash__ = object.__hash__  # as Color's

    @property
    def is_game(self) -> bool:
        """A game was started over the board (rated or not)."""
        return self in _OVER_THE_BOARD

    @property
    def is_forfeit(self) -> bool:
        return self in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)

    @property
    def is_bye(self) -> bool:
        return self in _BYES

    @property
    def is_rated(self) -> bool:
        return self in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)

    @property
    def score_letter(self) -> str:
        """The record-162 letter whose value this outcome scores (W D L A P X)."""
        return _SCORE_LETTER[self]

    @property
    def complement(self) -> Outcome:
        """The opponent's outcome for a paired game (1<->0, =, +<->-, W<->L, D)."""
        return _COMPLEMENT.get(self, self)


_OVER_THE_BOARD = frozenset(
    {
        Outcome.WIN,
        Outcome.DRAW,
        Outcome.LOSS,
        Outcome.WIN_UNRATED,
        Outcome.DRAW_UNRATED,
        Outcome.LOSS_UNRATED,
    }
)
_BYES = frozenset({Outcome.HALF_BYE, Outcome.FULL_BYE, Outcome.PAIRING_BYE, Outcome.ZERO_BYE})
_SCORE_LETTER = {
    Outcome.WIN: "W",
    Outcome.WIN_UNRATED: "W",
    Outcome.FORFEIT_WIN: "W",
    Outcome.FULL_BYE: "W",
    Outcome.DRAW: "D",
    Outcome.DRAW_UNRATED: "D",
    Outcome.HALF_BYE: "D",
    Outcome.LOSS: "L",
    Outcome.LOSS_UNRATED: "L",
    Outcome.FORFEIT_LOSS: "A",
    Outcome.ZERO_BYE: "A",
    Outcome.PAIRING_BYE: "P",
    Outcome.UNKNOWN: "X",
}
_COMPLEMENT = {
    Outcome.WIN: Outcome.LOSS,
    Outcome.LOSS: Outcome.WIN,
    Outcome.FORFEIT_WIN: Outcome.FORFEIT_LOSS,
    Outcome.FORFEIT_LOSS: Outcome.FORFEIT_WIN,
    Outcome.WIN_UNRATED: Outcome.LOSS_UNRATED,
    Outcome.LOSS_UNRATED: Outcome.WIN_UNRATED,
}


class ByeKind(enum.Enum):
    """Kinds of bye in record 240 (and 320 for the team PAB)."""

    FULL = "F"
    HALF = "H"
    ZERO = "Z"
    PAIRING = "P"


# --------------------------------------------------------------------------- scoring
@dataclass(frozen=True, slots=True)
class ScoringSystem:
    """Record 162: points per result letter. Defaults are FIDE's 1-½-0.

    ``pairing_bye`` and ``unknown`` are None when the file leaves them at their
    defaults, which follow ``win`` and ``draw`` respectively.
    """

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    absence: float = 0.0
    pairing_bye: float | None = None
    unknown: float | None = None

    def value(self, letter: str) -> float:
        """Points for a record-162 letter (W, D, L, A, P or X)."""
        if letter == "W":
            return self.win
        if letter == "D":
            return self.draw
        if letter == "L":
            return self.loss
        if letter == "A":
            return self.absence
        if letter == "P":
            return self.win if self.pairing_bye is None else self.pairing_bye
        if letter == "X":
            return self.draw if self.unknown is None else self.unknown
        raise ValueError(f"unknown scoring letter {letter!r}; expected one of W D L A P X")

    def points(self, outcome: Outcome) -> float:
        return self.value(outcome.score_letter)


@dataclass(frozen=True, slots=True)
class TeamScoring:
    """Record 362: match points for a team win, draw and loss (default 2-1-0)."""

    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0


# --------------------------------------------------------------------------- people
@dataclass(frozen=True, slots=True, init=False)
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


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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


# --------------------------------------------------------------------------- records
@dataclass(frozen=True, slots=True)
class StartingRankMethod:
    """Record 172: which rating orders the starting rank (NRS)."""

    federation: str
    method: str
    source: Span = _span()


@dataclass(frozen=True, slots=True)
class Acceleration:
    """Record 250: fictitious points for pairing only; never part of standings."""

    match_points: float | None
    game_points: float | None
    first_round: int
    last_round: int
    first_id: int
    last_id: int
    source: Span = _span()


@dataclass(frozen=True, slots=True)
class ProhibitedPairing:
    """Record 260: participants who may not meet in the given rounds."""

    first_round: int
    last_round: int
    ids: tuple[int, ...]
    source: Span = _span()


@dataclass(frozen=True, slots=True)
class ByeRecord:
    """Record 240: full-, half- or zero-point byes in one round."""

    kind: ByeKind
    round: int
    ids: tuple[int, ...]
    source: Span = _span()


@dataclass(frozen=True, slots=True)
class PairingByeRecord:
    """Record 320: the team pairing-allocated bye, one team (or None) per round."""

    match_points: float | None
    game_points: float | None
    teams: tuple[int | None, ...]
    source: Span = _span()
    # Not in the file: trfsite.toml's team_bye, applied to the byes the pairings show.
    from_config: bool = field(default=False, compare=False)


class MatchForfeit(enum.Enum):
    """Record 330 types."""

    WHITE_WINS = "+-"
    BLACK_WINS = "-+"
    DOUBLE = "--"


@dataclass(frozen=True, slots=True)
class ForfeitedMatch:
    """Record 330: a team match lost by forfeit."""

    kind: MatchForfeit
    round: int
    white_team: int
    black_team: int
    source: Span = _span()


@dataclass(frozen=True, slots=True)
class OutOfOrder:
    """Record 300: a team's board order in one round; None marks an empty board."""

    round: int
    team: int
    opponent: int | None
    boards: tuple[int | None, ...]
    source: Span = _span()


@dataclass(frozen=True, slots=True)
class AbnormalPoints:
    """Record 299: non-standard points for a kind of result, a round, or ids.

    ``kind`` is the TRF letter (W D L F H Z + -) or "" for a bonus/penalty.
    ``round`` 0 means every round; empty ``ids`` means everyone.
    """

    kind: str
    match_points: float | None
    game_points: float | None
    round: int
    ids: tuple[int, ...]
    source: Span = _span()


@dataclass(frozen=True, slots=True)
class TeamRoundSummary:
    """One round of an 801/802 record, as declared by the writing program.

    ``opponent`` is a team id, or None with ``bye`` set to PAB/FPB/HPB/ZPB
    (801 shows byes through its board results instead).
    """

    round: int
    opponent: int | None
    bye: str = ""
    color: Color = Color.NONE
    game_points: float | None = None
    forfeit: bool = False
    board_results: str = ""
    board_players: str = ""


@dataclass(frozen=True, slots=True)
class TeamSummary:
    """Record 801 or 802: a human-readable team line, checked against the matches."""

    record: str
    team: int
    nickname: str
    match_points: float | None
    game_points: float | None
    rounds: tuple[TeamRoundSummary, ...]
    source: Span = _span()


@dataclass(frozen=True, slots=True)
class RawRecord:
    """A line kept as written: comments, legacy XX? records, unknown records."""

    code: str
    text: str
    source: Span = _span()


@dataclass(frozen=True, slots=True)
class GoInfo:
    """EGF header tags."""

    handicap_rule: int | None = None  # N of HA[hN]; 9 means no handicap
    komi: float | None = None
    tournament_class: str = ""
    egd_code: str = ""
    place: str = ""
    adjusted_time: float | None = None
    comments: tuple[str, ...] = ()
    columns: tuple[str, ...] = ()  # the file's own score column names
    # Where handicap_rule came from: "HA" (the header, trusted), "suffix" (the .hN
    # file name, often just .h9 whatever the games say) or "" (none).
    handicap_rule_source: str = ""


# --------------------------------------------------------------------------- tournament
@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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
