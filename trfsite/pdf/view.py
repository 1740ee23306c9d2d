"""The bulletin's typed context: everything the template prints, worked out in Python.

The template only lays out; ordering, pairing reconstruction and number
formatting happen here, once, so the HTML stays lean for 2000-player events.
A round's pairings and board numbers come from the site's
:func:`trfsite.pages.pairings.round_cells`, so board 7 on paper is board 7 on
the web.
"""

from __future__ import annotations

import datetime as _dt
import importlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Protocol

from trfsite.awards.event import EventAwards
from trfsite.model import EventKind, Game, Outcome, Tournament
from trfsite.norms.event import NormsReport
from trfsite.pages.common import counts_points, spelled_short
from trfsite.pages.contexts import BulletinGame
from trfsite.pages.crossgrid import build_grid
from trfsite.pages.grid import CrossGrid
from trfsite.pages.pairings import cells_in_board_order, points_before, result_text
from trfsite.pdf.awards_view import AwardsPart, awards_part
from trfsite.pdf.line_views import LinesView
from trfsite.pdf.norms_view import NormsPart, norms_part
from trfsite.pdf.tables import CrossPart, crosstable_parts, crosstable_rows
from trfsite.pdf.team_view import MatchView, TeamPage, team_pages, team_rounds
from trfsite.pdf.teams import team_matches
from trfsite.pdf.text import Person, PointsFormat, game_result, number_text, person, points_text
from trfsite.progress import round_progress
from trfsite.render.i18n import load_catalog
from trfsite.results import N_, Standings, TiebreakColumn

logger = logging.getLogger(__name__)


class BulletinSource(Protocol):
    """The fields of the site's ``BulletinData`` that the bulletin reads."""

    @property
    def tournament(self) -> Tournament: ...
    @property
    def standings(self) -> Standings: ...
    @property
    def round_standings(self) -> tuple[Standings, ...]: ...
    @property
    def findings_count(self) -> int: ...
    @property
    def title(self) -> str: ...
    @property
    def build_date(self) -> str: ...
    @property
    def notes_html(self) -> str: ...
    @property
    def language(self) -> str: ...
    @property
    def awards(self) -> EventAwards | None: ...
    @property
    def norms(self) -> NormsReport | None: ...
    @property
    def games(self) -> tuple[BulletinGame, ...]: ...


# --------------------------------------------------------------------------- shapes
@dataclass(frozen=True, slots=True)
class Cover:
    event_name: str
    place: str
    federation: str
    dates: str
    chief_arbiter: str
    deputy_arbiters: tuple[str, ...]
    time_control: str
    time_control_decoded: str
    event_type: str
    rules: str
    tiebreaks: tuple[TiebreakColumn, ...]
    rounds: int
    participants: int
    teams: int
    build_date: str
    findings_count: int
    standings_notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GoCell:
    """A Go results-grid cell (``12+/w2``) and the row it leads to (0: no game)."""

    text: str
    target: int


@dataclass(frozen=True, slots=True)
class StandingsLine:
    rank: int
    person: Person
    points: str
    match_points: str
    game_points: str
    tiebreaks: tuple[str, ...]
    cells: tuple[GoCell, ...] = ()  # Go: one per round, as the EGF table writes it
    gor: str = ""  # Go: the estimated GoR change, a note (signed, one decimal)


@dataclass(frozen=True, slots=True)
class StandingsTable:
    after_round: int
    columns: tuple[TiebreakColumn, ...]
    lines: tuple[StandingsLine, ...]
    team: bool  # teams: match and game points instead of one points column
    points_label: str
    show_titles: bool
    rating_label: str  # English message id: "Rating", or "Grade" for Go
    federation_label: str  # "Fed", or "Club" for Go
    in_progress: bool = False  # a round is being played: these standings are not final
    rounds: tuple[int, ...] = ()  # Go: the results grid's rounds (its lines' cells)
    gor: bool = False  # Go: the GoR change column


@dataclass(frozen=True, slots=True)
class Pairing:
    board: int
    white: Person
    black: Person
    white_score: str  # points before the round
    black_score: str
    result: str  # chess "1 – 0"; Go in the site's notation ("B+", "W+", "jigo")
    handicap: str = ""  # Go: the stones the file gives ("" when it does not say)
    colours_known: bool = True  # False: the file gives no colours, "white" is listed first


@dataclass(frozen=True, slots=True)
class Unpaired:
    person: Person
    label: str  # an English message id, translated by the template
    points: str


@dataclass(frozen=True, slots=True)
class RoundView:
    number: int
    date: str
    pairings: tuple[Pairing, ...]  # a long round: its top boards only (see TOP_BOARDS)
    unpaired: tuple[Unpaired, ...]
    matches: tuple[MatchView, ...]  # team events
    # English message ids heading the two name columns; a round whose file
    # gives no colours at all is not printed as White against Black
    colour_labels: tuple[str, str] = ("White", "Black")
    boards: int = 0  # the round's boards, printed or not

    @property
    def shortened(self) -> bool:
        return len(self.pairings) < self.boards


# What a printed bulletin holds of a round. A round of more than FULL_ROUND_BOARDS
# boards (an open of over 200 players) prints its first TOP_BOARDS, the top of the
# event, which fill one page; the other boards and the byes are in the crosstable,
# which records every game (opponent, colour, result), and on the site's round page.
# For the 2000-player open of benchmarks/ that is 11 pages of rounds instead of 154.
FULL_ROUND_BOARDS = 100
TOP_BOARDS = 50


# The bulletin's sections, in print order (the templates' names for them).
SECTIONS = (
    "cover",
    "contents",
    "notes",
    "standings",
    "awards",
    "ratings",
    "crosstable",
    "rounds",
    "teams",
    "norms",
    "games",
)


@dataclass(frozen=True, slots=True)
class PartView:
    """What one document of the bulletin holds, and how its pages are numbered.

    The whole bulletin in one document: every section, numbered by WeasyPrint.
    One of several (:mod:`trfsite.pdf.documents`): some sections, the number of
    its first page, the bulletin's page count and the contents' page numbers.
    """

    sections: tuple[str, ...] = SECTIONS
    first_page: int = 1
    total_pages: int = 0  # 0: one document, which counts its pages itself
    contents_pages: dict[str, int] = field(default_factory=dict)  # anchor -> page number
    elsewhere: tuple[str, ...] = ()  # anchors in other documents the contents links to


@dataclass(frozen=True, slots=True)
class BulletinView:
    """The bulletin template's only context (as ``page``)."""

    title: str
    language: str
    build_date: str
    cover: Cover
    notes_html: str
    standings: StandingsTable
    crosstable: tuple[CrossPart, ...]
    rounds: tuple[RoundView, ...]
    teams: tuple[TeamPage, ...]
    is_team_event: bool
    compact_rounds: bool  # small rounds share pages instead of one page each
    lines: LinesView | None = None  # big events: the tables as aligned lines
    grid: CrossGrid | None = None  # round robins: the crosstable as a grid instead
    is_go: bool = False  # rounds add a handicap column; results in Go notation
    komi: str = ""  # Go: the event's komi (header KM[...]), "" when the file has none
    awards: AwardsPart | None = None  # prizes, categories, rating changes (chess)
    norms: NormsPart | None = None  # title norms (chess)
    games: tuple[BulletinGame, ...] = ()  # the games bulletin_games chose, last
    part: PartView = PartView()  # the document being drawn: all of it, or some sections

    def sections(self) -> tuple[str, ...]:
        """The sections this bulletin prints, in order."""
        present = {
            "cover": True,
            "contents": True,
            "notes": bool(self.notes_html),
            "standings": True,
            "awards": self.awards is not None and self.awards.has_awards,
            "ratings": self.awards is not None and bool(self.awards.ratings),
            "crosstable": True,
            "rounds": bool(self.rounds),
            "teams": bool(self.teams),
            "norms": self.norms is not None,
            "games": bool(self.games),
        }
        return tuple(name for name in SECTIONS if present[name])


# --------------------------------------------------------------------------- builders
def _date(value: _dt.date | None, language: str) -> str:
    """A date as the site spells it in ``language`` (``28. Juli 2005``, ``28 July 2005``)."""
    from trfsite.render.environment import format_date  # the site's spelling; render imports Jinja

    return format_date(value, load_catalog(language or "en"))


def _decoded_time_control(code: str) -> str:
    if not code:
        return ""
    try:
        module = importlib.import_module("trfsite.formats.trf.timecontrol")
    except ImportError:  # the TRF reader's decoder is optional for the bulletin
        return ""
    decode: Callable[[str], str] = module.decode_time_control
    try:
        return decode(code)
    except ValueError as error:
        logger.warning("time control %r not decoded: %s", code, error)
        return ""


def _cover(data: BulletinSource, participants: int) -> Cover:
    t = data.tournament
    language = data.language
    dates = " – ".join(d for d in (_date(t.start_date, language), _date(t.end_date, language)) if d)
    if t.start_date is not None and t.start_date == t.end_date:
        dates = _date(t.start_date, language)
    return Cover(
        event_name=t.name or data.title,
        place=t.city,
        federation=t.federation,
        dates=dates,
        chief_arbiter=t.chief_arbiter,
        deputy_arbiters=t.deputy_arbiters,
        time_control=t.time_control.strip(),
        time_control_decoded=_decoded_time_control(t.time_control_code),
        event_type=t.tournament_type,
        rules=data.standings.rules,
        tiebreaks=data.standings.columns,
        rounds=t.rounds,
        participants=participants,
        teams=len(t.teams),
        build_date=data.build_date,
        findings_count=data.findings_count,
        standings_notes=data.standings.notes,
    )


def _standings(standings: Standings, fmt: PointsFormat, number: PointsFormat) -> StandingsTable:
    players = standings.tournament.player_index()
    team = standings.kind is EventKind.TEAM
    # MPvGP and the like are points: 33½ as in the GP column, not 33.5 (finding 11)
    spell = tuple(fmt if counts_points(c) else number for c in standings.columns)
    lines: list[StandingsLine] = []
    for row in standings.rows:
        player = None if team else players.get(row.id)
        shown = person(player) if player is not None else Person(row.id, row.name)
        lines.append(
            StandingsLine(
                rank=row.rank,
                person=shown,
                points=fmt(row.points),
                match_points=fmt(row.match_points),
                game_points=fmt(row.game_points),
                tiebreaks=tuple(
                    number(v) if v is None else how(v)
                    for how, v in zip(spell, row.tiebreaks, strict=True)
                ),
            )
        )
    go = standings.tournament.game is Game.GO
    if go and not team:
        lines = _go_grid(standings, lines)
    return StandingsTable(
        rounds=tuple(range(1, standings.after_round + 1)) if go and not team else (),
        gor=go and any(line.gor for line in lines),
        in_progress=round_progress(standings.tournament).in_progress is not None,
        after_round=standings.after_round,
        columns=tuple(c._replace(short=spelled_short(c)) for c in standings.columns),
        lines=tuple(lines),
        team=team,
        points_label=standings.points_label,
        show_titles=any(line.person.title for line in lines),
        rating_label="Grade" if go else "Rating",
        # a Go player's country (DE, FR) fills the column; the club only when it is missing
        federation_label="Country" if go else "Fed",
    )


def _go_grid(standings: Standings, lines: list[StandingsLine]) -> list[StandingsLine]:
    """The lines with the site's results-grid cells and the estimated GoR change."""
    from trfsite.awards.gor import gor_changes
    from trfsite.awards.rating_change import signed_note
    from trfsite.pages.go_view import grid_cell

    t = standings.tournament
    players = t.player_index()
    ranks = {row.id: row.rank for row in standings.rows}
    changes = gor_changes(t, standings.after_round)
    out = []
    for line, row in zip(lines, standings.rows, strict=True):
        player = players.get(row.id)
        cells: tuple[GoCell, ...] = ()
        if player is not None:
            found = (
                grid_cell(player, r, ranks, players) for r in range(1, standings.after_round + 1)
            )
            cells = tuple(GoCell(c.text, int(c.href[2:]) if c.href else 0) for c in found)
        change = changes.get(row.id)
        gor = signed_note(change.value) if change is not None and change.value is not None else ""
        out.append(replace(line, cells=cells, gor=gor))
    return out


_UNPAIRED_LABEL = {
    Outcome.FULL_BYE: N_("Full-point bye"),
    Outcome.HALF_BYE: N_("Half-point bye"),
    Outcome.ZERO_BYE: N_("Zero-point bye"),
    Outcome.PAIRING_BYE: N_("Pairing-allocated bye"),
    Outcome.FORFEIT_WIN: "Forfeit win",
    Outcome.FORFEIT_LOSS: "Not paired",
}


def _unpaired(
    t: Tournament, round_no: int, byes: tuple[tuple[int, Outcome], ...], absent: tuple[int, ...]
) -> list[tuple[int, Outcome]]:
    """Byes and absentees together, in the file's player order, with their outcome."""
    players = t.player_index()
    outcomes = dict(byes)
    for pid in absent:
        cell = players[pid].entry(round_no)
        outcomes[pid] = cell.outcome if cell is not None else Outcome.FORFEIT_LOSS
    return [(p.id, outcomes[p.id]) for p in t.players if p.id in outcomes]


def _round_view(
    data: BulletinSource,
    round_no: int,
    date: str,
    people: dict[int, Person],
    fmt: PointsFormat,
) -> RoundView:
    t = data.tournament
    go = t.game is Game.GO
    before = points_before(data.round_standings, round_no)
    cells = cells_in_board_order(t, data.round_standings, round_no)
    # as on the site's round page: no score column when the standings before are missing
    scored = bool(before) or round_no == 1
    pairings: list[Pairing] = []
    for board, pair in enumerate(cells.pairings, start=1):
        if go:
            result = result_text(pair.white_outcome, pair.black_outcome, True, pair.colours_known)
        else:
            result = game_result(pair.white_outcome, pair.black_outcome)
        pairings.append(
            Pairing(
                board=board,
                white=people[pair.white],
                black=people[pair.black],
                white_score=fmt(before.get(pair.white, 0.0)) if scored else "",
                black_score=fmt(before.get(pair.black, 0.0)) if scored else "",
                result=result,
                handicap="" if pair.handicap is None else str(pair.handicap),
                colours_known=pair.colours_known,
            )
        )
    unpaired = tuple(
        Unpaired(
            people[pid], _UNPAIRED_LABEL.get(outcome, "Not paired"), fmt(t.scoring.points(outcome))
        )
        for pid, outcome in _unpaired(t, round_no, cells.byes, cells.absent)
    )
    coloured = not pairings or any(p.colours_known for p in pairings)
    labels = ("White", "Black") if coloured else ("Player", "Opponent")
    boards = len(pairings)
    if boards > FULL_ROUND_BOARDS:
        pairings, unpaired = pairings[:TOP_BOARDS], ()
    return RoundView(round_no, date, tuple(pairings), unpaired, (), labels, boards)


def build_view(
    data: BulletinSource, fmt: PointsFormat = points_text, number: PointsFormat = number_text
) -> BulletinView:
    """Everything the bulletin prints, in print order.

    ``fmt`` spells points (``6½``), ``number`` tie-break values (``14.5``); the
    site's ``points`` and ``number`` filters, so that PDF and pages agree.
    """
    t = data.tournament
    people = {p.id: person(p) for p in t.players}
    team_event = data.standings.kind is EventKind.TEAM
    matches = team_matches(t) if t.teams else ()
    matches_by_round = team_rounds(t, matches, people, fmt) if team_event else {}
    rounds: list[RoundView] = []
    for round_no in range(1, t.rounds + 1):
        date = (
            _date(t.round_dates[round_no - 1], data.language)
            if round_no <= len(t.round_dates)
            else ""
        )
        if team_event:
            rounds.append(RoundView(round_no, date, (), (), matches_by_round.get(round_no, ())))
        else:
            rounds.append(_round_view(data, round_no, date, people, fmt))
    participants = len(t.teams) if team_event else len(t.players)
    cross = crosstable_parts(crosstable_rows(data.standings, fmt, matches), t.rounds)
    go = t.game is Game.GO
    komi = t.go.komi if go and t.go is not None else None
    return BulletinView(
        title=data.title or t.name,
        language=data.language or "en",
        build_date=data.build_date,
        cover=_cover(data, participants),
        notes_html=data.notes_html,
        standings=_standings(data.standings, fmt, number),
        crosstable=cross,
        rounds=tuple(rounds),
        teams=team_pages(data.tournament, data.standings, matches, people, fmt)
        if team_event
        else (),
        is_team_event=team_event,
        compact_rounds=max((_round_rows(r) for r in rounds), default=0) <= COMPACT_ROUND_ROWS,
        grid=build_grid(t, data.standings),
        is_go=go,
        komi=number(komi) if komi is not None else "",
        awards=awards_part(data.awards, t, data.standings, fmt),
        norms=norms_part(data.norms, t, fmt),
        games=data.games,
    )


# A round of up to this many table rows shares its page with the next rounds.
COMPACT_ROUND_ROWS = 24


def _round_rows(r: RoundView) -> int:
    return len(r.pairings) + len(r.unpaired) + sum(1 + len(m.boards) for m in r.matches)
