"""Typed page contexts: one named tuple per page, no god dictionary.

Named tuples, not frozen dataclasses: a process imports some 80 of these and of their
rows, and a frozen slotted dataclass compiles six methods each at import (issue 39),
where a named tuple is made from one. Templates read only these. Everything here is
display-ready (strings, numbers, relative links) except ``BulletinData``, which hands
the PDF theme the model and the standings themselves.
"""

import datetime as dt
from typing import NamedTuple

from trfsite.awards.event import EventAwards
from trfsite.model import Tournament
from trfsite.norms.event import NormsReport
from trfsite.pages.card_values import GorCard, RatingCard
from trfsite.pages.grid import CrossGrid
from trfsite.pages.norm_rows import (
    ConditionRow,
    EventFacts,
    ForecastRow,
    NormView,
    SettingRow,
)
from trfsite.pages.rows import (
    BoardStat,
    ByeLine,
    ColumnHead,
    CountRow,
    CrossRow,
    EventSummary,
    ExplanationView,
    Fact,
    FindingView,
    Link,
    MatchView,
    PairingLine,
    PlayerRow,
    RecordLine,
    Ref,
    RosterLine,
    RoundStat,
    StandingLine,
)
from trfsite.render.charts import BarChart, LineChart
from trfsite.render.page_meta import PageMeta
from trfsite.results import Standings


class BulletinData(NamedTuple):
    """Everything the PDF bulletin (``trfsite.pdf.render_bulletin``) draws from."""

    tournament: Tournament
    standings: Standings  # final
    # After round 1, 2, ... N: their points only are printed (a bulletin made alone
    # ranks them without tie-breaks, see event_standings.compute_all).
    round_standings: tuple[Standings, ...]
    findings_count: int
    title: str
    build_date: str  # ISO date, from SOURCE_DATE_EPOCH when set
    notes_html: str  # already sanitised HTML from the event's markdown notes
    language: str  # "en", "de", ...
    awards: EventAwards | None = None  # rating changes, categories, prizes
    norms: NormsReport | None = None  # title norms (chess)
    games: tuple["BulletinGame", ...] = ()  # bulletin_games: printed with a diagram


class BulletinGame(NamedTuple):
    """A game the bulletin prints (``bulletin_games``): its final position and score."""

    round: int
    board: int
    white: str
    black: str
    result: str
    opening: str  # "C41 Philidor Defence", "" when untagged
    ranks: tuple[tuple[str, ...], ...]  # rank 8 first, files a-h: a piece's glyph or ""
    score: str  # the main line, numbered, with comments and variations
    stop: str  # the move the board stops before ("" when every move was played)
    placement: str  # FEN placement of the diagram


# --------------------------------------------------------------------------- shared parts
class EventHeader(NamedTuple):
    """What every page of an event shows at its top, and its navigation."""

    slug: str
    name: str
    city: str
    start_date: dt.date | None
    end_date: dt.date | None
    kind: str  # "individual", "team", "go"
    rounds: tuple[int, ...]  # rounds that have a page
    failed: bool  # only the validation page exists
    pdf: str  # file name of the bulletin beside index.html, "" when none
    errors: int
    warnings: int
    has_awards: bool = False  # an awards page (categories, prizes) exists
    # trfsite publish: when the results were saved (ISO date and time), shown on the
    # overview and the current standings (every page would change with it otherwise).
    updated: str = ""
    series: tuple[tuple[str, str], ...] = ()  # (page under the site root, title) it is in
    headline: str = ""  # "Round 7 of 9: leader A. Player on 6½" (pages/share), translated


# --------------------------------------------------------------------------- pages
class IndexPage(NamedTuple):
    meta: PageMeta
    events: tuple[EventSummary, ...]  # newest first
    kinds: tuple[str, ...]  # for the filter
    years: tuple[int, ...]
    notes_html: str
    series: tuple[tuple[str, str], ...] = ()  # (series page, title)
    # The events' cards (``event_card.html``), newest first: made once per event, kept
    # in the build state (``site.event_rows``)
    cards: tuple[str, ...] = ()


class LanguageChoicePage(NamedTuple):
    """OUT/index.html of a site built in several languages (``languages.html``)."""

    meta: PageMeta


class OverviewPage(NamedTuple):
    meta: PageMeta
    event: EventHeader
    federation: str
    tournament_type: str
    pairing_system: str  # "swiss", "round-robin", "mcmahon" or ""
    participants: int
    rated: int
    teams: int
    chief_arbiter: str
    deputy_arbiters: tuple[str, ...]
    time_control: str  # 122 as written
    time_control_decoded: str  # 222 decoded, "" when absent
    source_name: str
    source_format: str
    go_facts: tuple[Fact, ...]  # komi, handicap rule, class (label in English, for _())
    tiebreaks: tuple[ColumnHead, ...]
    rules: str
    standings_notes: tuple[str, ...]
    round_dates: tuple[tuple[int, dt.date | None], ...]
    leaders: tuple[StandingLine, ...]
    points_label: str
    notes_html: str
    failure: str  # why standings are missing, "" when they are not
    in_progress: int = 0  # the pending round being played (trfsite.progress), 0: none
    after_round: int = 0  # the round the standings are after
    games: int = 0  # games with a page (from the PGN files beside the tournament file)
    games_pgn: str = ""  # the event's games as one PGN, relative to its folder
    norms: int = -1  # title norms made; -1: no norms page (none made, none in reach)
    norm_chances: int = 0  # live event: players still in reach of a norm


class PlayersPage(NamedTuple):
    meta: PageMeta
    event: EventHeader
    rows: tuple[PlayerRow, ...]  # by start number
    alphabetical: tuple[PlayerRow, ...]
    is_go: bool
    has_teams: bool
    has_fide_ids: bool
    has_birth: bool  # a column of years of birth (birth_is_year) or of age groups
    has_start_list: bool = False  # startlist.html: by rating, with K
    birth_is_year: bool = False  # [privacy] birth = "year"


class StandingsPage(NamedTuple):
    meta: PageMeta
    event: EventHeader
    after_round: int
    final: bool
    rules: str
    points_label: str
    columns: tuple[ColumnHead, ...]
    rows: tuple[StandingLine, ...]
    notes: tuple[str, ...]
    other_rounds: tuple[Link, ...]  # standings after each round
    is_team: bool
    is_go: bool
    board_stats: tuple[BoardStat, ...]
    in_progress: int = 0  # a round is being played: the latest standings are not final
    has_ratings: bool = False  # rating change and performance columns
    grid_rounds: tuple[int, ...] = ()  # Go: one cell per round in each line (``cells``)
    has_gor: bool = False  # Go: the estimated GoR change column


class CrosstablePage(NamedTuple):
    meta: PageMeta
    event: EventHeader
    rounds: tuple[int, ...]
    columns: tuple[ColumnHead, ...]
    rows: tuple[CrossRow, ...]
    points_label: str
    is_team: bool
    is_go: bool
    grid: CrossGrid | None = None  # round robins: every participant against every other


class RoundPage(NamedTuple):
    meta: PageMeta
    event: EventHeader
    number: int
    date: dt.date | None
    pairings: tuple[PairingLine, ...]
    byes: tuple[ByeLine, ...]
    absentees: tuple[Ref, ...]
    matches: tuple[MatchView, ...]  # team events
    previous: int | None
    next: int | None
    is_go: bool
    pending: bool = False  # results not all in yet (trfsite.progress)
    # The rounds the navigation links to: all, or for a long event those near this one.
    nav_rounds: tuple[int, ...] = ()
    games_pgn: str = ""  # the round's games as PGN, relative to the event folder


class PlayerCardPage(NamedTuple):
    meta: PageMeta
    event: EventHeader
    player: PlayerRow
    rank: int | None
    points: float | None
    points_label: str
    record: tuple[RecordLine, ...]
    rank_chart: LineChart | None
    score_chart: LineChart | None
    explanations: tuple[ExplanationView, ...]
    is_go: bool
    is_team: bool
    rating_card: RatingCard | None = None
    gor_card: GorCard | None = None  # Go: the estimated GoR change


class TeamCardPage(NamedTuple):
    meta: PageMeta
    event: EventHeader
    team: Ref
    nickname: str
    rank: int | None
    match_points: float | None
    game_points: float | None
    roster: tuple[RosterLine, ...]
    matches: tuple[MatchView, ...]
    explanations: tuple[ExplanationView, ...]


class ValidationPage(NamedTuple):
    meta: PageMeta
    event: EventHeader
    source_name: str
    source_format: str
    findings: tuple[FindingView, ...]
    errors: int
    warnings: int
    infos: int
    failure: str


class StatisticsPage(NamedTuple):
    meta: PageMeta
    event: EventHeader
    participants: int
    rated: int
    average_rating: float | None
    federations: tuple[CountRow, ...]
    titles: tuple[CountRow, ...]
    ratings: tuple[CountRow, ...]  # buckets, or Go grades
    games: int
    white_wins: int
    draws: int
    black_wins: int
    forfeits: int
    byes: int
    per_round: tuple[RoundStat, ...]
    board_stats: tuple[BoardStat, ...]
    results_chart: BarChart | None
    ratings_chart: BarChart | None
    federations_chart: BarChart | None
    is_go: bool


# --------------------------------------------------------------------------- awards
class StartLine(NamedTuple):
    number: int
    ref: Ref
    title: str
    rating: int | None
    federation: str
    fide_id: str
    k: int | None
    k_reason: str


class StartListPage(NamedTuple):
    meta: PageMeta
    event: EventHeader
    rows: tuple[StartLine, ...]  # by rating, then start number
    has_fide_ids: bool


class CategoryRow(NamedTuple):
    category_rank: int
    overall_rank: int
    ref: Ref
    title: str
    rating: int | None
    federation: str
    birth: str  # the year of birth or the age groups (pages.birth), never the date
    points: float


class CategoryView(NamedTuple):
    code: str
    label: str
    anchor: str
    rows: tuple[CategoryRow, ...]
    has_birth: bool = False  # the birth column tells something (not only this age group)


class PrizeLine(NamedTuple):
    category: str  # label
    place: int
    prize: str  # a note "1,000.00" (spelled in the page's language) or "Trophy"
    ref: Ref | None
    points: float | None
    amount: str  # what the player receives: a note of the amount, or the prize's name
    how: str


class GroupRow(NamedTuple):
    rank: int
    name: str
    total: float
    counted: tuple[tuple[Ref, float], ...]
    others: tuple[tuple[Ref, float], ...]


class AwardsPage(NamedTuple):
    meta: PageMeta
    event: EventHeader
    prize_rule: str  # "one-prize", "hort", "" when there are no prizes
    prizes: tuple[PrizeLine, ...]
    categories: tuple[CategoryView, ...]
    cutoff: dt.date | None
    ranking_best: int
    federations: tuple[GroupRow, ...]
    clubs: tuple[GroupRow, ...]
    birth_is_year: bool = False  # [privacy] birth = "year": years, else age groups


class BoardView(NamedTuple):
    """A position drawn on the server: what a reader without JavaScript sees."""

    fen: str  # the placement field of the FEN (its squares: ``game_pages.board_html``)
    white: tuple[tuple[str, str], ...]  # (piece letter, square) of the text alternative
    black: tuple[tuple[str, str], ...]


class GamePage(NamedTuple):
    meta: PageMeta
    event: EventHeader
    round: int
    board: int
    white: Ref
    black: Ref
    white_rating: int | None
    black_rating: int | None
    result: str  # "1-0", "0-1", "1/2-1/2", "*"
    eco: str
    opening: str
    date: str  # the Date tag as written, "" when unknown
    score: str  # the main line as HTML (``game_pages.score_html``), escaped there
    first: str  # the first move's number as the score writes it: "1.", "23..."
    last_move: str  # "17.Rd8#": the last move the board plays, "" when none
    final: BoardView
    squares: str  # its squares as HTML (``game_pages.board_html``)
    piece_names: dict[str, str]  # each piece letter's name, in the page's language
    white_pieces: str  # the final position's text alternative: "king e1, rook a3"
    black_pieces: str
    start: str  # placement of the starting position, for the viewer
    steps: str  # what each move does (``Replay.steps``), space-separated, for the viewer
    stop: str  # the move the board stops before ("23.Nf3"), "" when every move was played
    source: str  # the PGN file and line
    download: str  # the round's PGN, relative to the event folder
    previous: str  # the round's previous and next game pages, "" at the ends
    next: str


class DownloadFile(NamedTuple):
    """A file the site offers as it is (a PGN of games), written without a template."""

    text: str
    # Files made by the same work, written beside it: (path under OUT, text). The
    # event's PGN is its rounds' texts joined, each game exported once (issue 42).
    also: tuple[tuple[str, str], ...] = ()


# --------------------------------------------------------------------------- norms
class NormsPage(NamedTuple):
    """norms.html: who made a norm, with what; during a live event who still can."""

    meta: PageMeta
    event: EventHeader
    edition: str  # "2024", "" when none applies
    not_checked: str  # why the event was not checked (a Note), "" when it was
    complete: int  # rounds 1..complete were checked
    rounds: int
    round_robin: bool
    swiss_exemption: str  # a Note: the counts that lift the federation rules, "" when none
    norms: tuple[NormView, ...]
    forecasts: tuple[ForecastRow, ...]
    conditions: tuple[ConditionRow, ...]
    settings: tuple[SettingRow, ...]  # the open points and their values
    cut: bool  # some player's search reached its bound


class NormsReportPage(NamedTuple):
    """norms-report.html: the arbiter's report, one printable block per norm."""

    meta: PageMeta
    event: EventHeader
    facts: EventFacts
    edition: str
    norms: tuple[NormView, ...]
    conditions: tuple[ConditionRow, ...]


class NormsDataPage(NamedTuple):
    """norms.json: the arbiter's report as data (``trfsite norms --format json``)."""

    meta: PageMeta
    event: EventHeader
    text: str


PageContext = (
    IndexPage
    | OverviewPage
    | PlayersPage
    | StandingsPage
    | CrosstablePage
    | RoundPage
    | PlayerCardPage
    | TeamCardPage
    | ValidationPage
    | StatisticsPage
    | StartListPage
    | AwardsPage
    | GamePage
    | DownloadFile
    | NormsPage
    | NormsReportPage
    | NormsDataPage
)
