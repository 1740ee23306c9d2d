"""Display-ready rows that page contexts are made of (named tuples, as the contexts: frozen,
picklable, no model objects)."""

import datetime as dt
from typing import NamedTuple

from trfsite.model.frozen import frozen_record
from trfsite.people.links import fide_profile
from trfsite.results import Contribution


class Link(NamedTuple):
    href: str  # relative to the page's event folder (or to the site root on the home page)
    label: str


class Ref(NamedTuple):
    """A participant (player or team) with the link to its card, relative to the event."""

    id: int
    name: str
    href: str = ""
    title: str = ""  # chess title (GM, IM...) or Go grade
    person: str = ""  # a player's page across events, relative to the site root


class Fact(NamedTuple):
    label: str
    value: str


class ColumnHead(NamedTuple):
    code: str  # as the user or the file spelled it
    short: str  # Handbook short form, e.g. "BH-C1"
    name: str  # full name, e.g. "Buchholz Cut 1"
    points: bool = False  # values are points (MPvGP, GPTS): spelled 33½ like the points column


class PlayerRow(NamedTuple):
    ref: Ref
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    sex: str = ""
    team: Ref | None = None
    grade: str = ""  # Go
    club: str = ""  # Go

    @property
    def fide_url(self) -> str:
        """The FIDE profile of the player's id ("" without a numeric one)."""
        return fide_profile(self.fide_id)


class StandingLine(NamedTuple):
    rank: int
    shared: bool  # tied with the line before or after (same rank)
    ref: Ref
    title: str
    rating: int | None
    federation: str
    points: float
    tiebreaks: tuple[float | None, ...]
    match_points: float | None = None
    game_points: float | None = None
    rating_change: float | None = None  # K x sum(W - We), B.02 8.3 (Go: the GoR change)
    performance: float | None = None  # TPR
    cells: tuple["CrossCell", ...] = ()  # Go: the results grid, one cell per round


class CrossCell(NamedTuple):
    round: int
    text: str  # e.g. "12w1", "+", "bye"
    css: str  # "win", "draw", "loss", "bye", "none"
    href: str = ""  # the opponent's card
    # Spelled out for a tooltip and screen readers: the opponent's name as written, or
    # a Note (a bye's kind), which the page translates.
    title: str = ""
    game: bool = False  # ``href`` is the game's page


class CrossRow(NamedTuple):
    rank: int
    ref: Ref
    rating: int | None
    federation: str
    cells: tuple[CrossCell, ...]
    points: float
    tiebreaks: tuple[float | None, ...]
    match_points: float | None = None
    game_points: float | None = None


class PairingLine(NamedTuple):
    board: int
    white: Ref
    white_rating: int | None
    white_before: float | None  # points before the round
    result: str  # "1–0", "½–½", "+–−", "–" (not played yet)
    black: Ref | None
    black_rating: int | None
    black_before: float | None
    handicap: int | None = None  # Go
    forfeit: bool = False
    game: str = ""  # the game's page, relative to the event folder


class ByeLine(NamedTuple):
    ref: Ref
    kind: str  # spelled out, e.g. "Half-point bye"
    points: float | None


class BoardLine(NamedTuple):
    board: int
    home: Ref | None  # None: empty board
    away: Ref | None
    result: str
    home_color: str = ""  # "w" or "b" for the home player


class MatchView(NamedTuple):
    round: int
    number: int  # match (table) number within the round
    home: Ref
    away: Ref | None  # None: bye
    home_points: float | None
    away_points: float | None
    result: str  # e.g. "2½–1½"
    boards: tuple[BoardLine, ...] = ()
    note: str = ""  # bye, forfeited match...


class RecordLine(NamedTuple):
    """One round of a player's card."""

    round: int
    opponent: Ref | None
    opponent_rating: int | None
    opponent_federation: str
    color: str  # "w", "b" or ""
    result: str  # "1", "½", "0", "+", "−", ...
    css: str  # "win", "draw", "loss", "bye", "none"
    note: str = ""  # bye kind, forfeit...
    points_after: float | None = None
    rank_after: int | None = None
    board: int | None = None  # team events
    handicap: int | None = None  # Go
    rating_change: float | None = None  # K x (W - We) of a rated game (Go: its share)
    game: str = ""  # the game's page, relative to the event folder


# The engines' explanation lines are display-ready as they are (round, label,
# value, cut, why): pages show them without a copy.
ContributionLine = Contribution


class ExplanationView(NamedTuple):
    code: str
    name: str
    value: float | None
    contributions: tuple[ContributionLine, ...]
    notes: tuple[str, ...]


class RosterLine(NamedTuple):
    board: int
    ref: Ref
    rating: int | None
    federation: str
    games: int
    points: float
    percent: float | None


class FindingView(NamedTuple):
    severity: str  # "error", "warning", "info"
    code: str
    line: int
    column: int
    message: str
    source_line: str  # the offending line as written, "" when none
    file: str = ""  # another file than the event's (a PGN file of its games), "" for its own


# A record, not a NamedTuple: its field ``count`` would hide tuple.count.
@frozen_record
class CountRow:
    label: str
    count: int
    share: float  # 0..1
    share_text: str = ""  # as printed: "12 %", "<1 %" (pages.stats.share_text)


class RoundStat(NamedTuple):
    round: int
    games: int
    white_wins: int
    draws: int
    black_wins: int
    forfeits: int
    byes: int


class BoardStat(NamedTuple):
    """Team events: how each board did, and its best individual result."""

    board: int
    games: int
    white_share: float | None  # points scored by White / games
    best: Ref | None
    best_points: float | None
    best_games: int


class EventSummary(NamedTuple):
    """One event on the home page."""

    slug: str
    name: str
    city: str
    federation: str
    start_date: dt.date | None
    end_date: dt.date | None
    kind: str  # "individual", "team", "go"
    participants: int
    rounds: int
    errors: int
    warnings: int
    failed: bool  # no standings could be made; only the validation page exists
    source_name: str
    search_text: str  # lower-case words the client-side search matches
    complete_rounds: int = 0  # the last complete round, the one the standings are after
    headline: str = ""  # "Round 7 of 9: leader A. Player on 6½" (pages/share), translated
    results_date: str = ""  # ISO date of the results shown (pages/share.results_date)
