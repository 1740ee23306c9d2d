"""Line mode: the big tables of a big event as aligned monospaced lines.

WeasyPrint spends about half a millisecond on every table cell, whatever it
holds. A 2000-player Swiss has some 140,000 cells in ordinary tables (minutes
of layout); as lines of DejaVu Sans Mono, five lines to a band, it has about
3,000 blocks. So above :data:`LINE_MODE_CELLS` the standings, crosstable, rounds,
team pages and the award tables of players (categories, rating changes: 18,000
cells for 2000 players) are printed as lines; the cover, contents, notes, prizes
and the federations' and clubs' sums stay as they are. The standings, rating
changes, crosstable and rounds are cut into pages here (:mod:`trfsite.pdf.sheets`),
so that their page count is known before they are laid out.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from trfsite.pdf import sheets
from trfsite.pdf.awards_view import AwardsPart, PdfCategory
from trfsite.pdf.line_views import LinesView, LineTable, Sheet, TeamLines
from trfsite.pdf.tables import CrossPart
from trfsite.pdf.team_view import MatchView, TeamPage
from trfsite.pdf.text import Person
from trfsite.pdf.view import BulletinView, RoundView, StandingsTable

# Above this many cells in ordinary tables, use lines. WeasyPrint as it comes takes
# 0.5-0.8 ms a cell: 15,000 cells are 8-12 s of layout. Rounds count their printed
# boards (view.TOP_BOARDS of a long one), so this is the size (about 330 players in
# 9 rounds) that counted 30,000 cells when every board was printed.
LINE_MODE_CELLS = 15_000
BAND = 5  # lines per table cell; page breaks fall between bands
SEPARATOR = "  "  # between columns
# Characters per line at 7 pt DejaVu Sans Mono (0.602 em = 1.49 mm a character)
# in the theme's text width: 182 mm portrait, 273 mm landscape, less cell padding.
PORTRAIT_CHARS = 118
LANDSCAPE_CHARS = 178

Translate = Callable[..., str]


@dataclass(frozen=True, slots=True)
class Column:
    label: str
    right: bool = False  # numbers align on the right
    cap: int = 0  # most characters; 0: as wide as the widest value
    flexible: bool = False  # names: shrunk first when the line is too long


# --------------------------------------------------------------------------- text
def text_width(text: str) -> int:
    """Monospaced columns a text takes: combining marks none, wide characters two."""
    if text.isascii():  # most names and every number: a column a character
        return len(text)
    return _wide_text_width(text)


@functools.lru_cache(maxsize=16_384)
def _wide_text_width(text: str) -> int:
    # cached: the same few results ("½", "1½") and names come back thousands of times
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def fit(text: str, width: int, right: bool = False) -> str:
    """The text cut (with an ellipsis) or padded to exactly ``width`` columns."""
    if text.isascii():  # already in NFC, a column a character: most cells
        if len(text) <= width:
            return text.rjust(width) if right else text.ljust(width)
    else:
        text = unicodedata.normalize("NFC", text)
    used = text_width(text)
    if used > width:
        kept = ""
        for char in text:
            if text_width(kept + char) > width - 1:
                break
            kept += char
        text = kept + "…"
        used = text_width(text)
    pad = " " * (width - used)
    return pad + text if right else text + pad


def _widths(columns: Sequence[Column], rows: Sequence[Sequence[str]], budget: int) -> list[int]:
    widths = []
    for index, column in enumerate(columns):
        widest = max((text_width(row[index]) for row in rows), default=0)
        widest = max(widest, text_width(column.label))
        widths.append(min(widest, column.cap) if column.cap else widest)
    over = sum(widths) + len(SEPARATOR) * (len(widths) - 1) - budget
    flexible = [i for i, c in enumerate(columns) if c.flexible]
    while over > 0 and flexible:
        # shrink the widest name column one character at a time, never below 12
        widest = max(flexible, key=lambda i: widths[i])
        if widths[widest] <= 12:
            break
        widths[widest] -= 1
        over -= 1
    return widths


def _line(columns: Sequence[Column], widths: Sequence[int], values: Sequence[str]) -> str:
    cells = (fit(v, w, c.right) for c, w, v in zip(columns, widths, values, strict=True))
    return SEPARATOR.join(cells).rstrip()


def line_table(
    columns: Sequence[Column], rows: Sequence[Sequence[str]], budget: int = PORTRAIT_CHARS
) -> LineTable:
    widths = _widths(columns, rows, budget)
    lines = [_line(columns, widths, row) for row in rows]
    bands = tuple("\n".join(lines[i : i + BAND]) for i in range(0, len(lines), BAND))
    return LineTable(_line(columns, widths, [c.label for c in columns]), bands)


def _name(p: Person) -> str:
    return f"{p.title} {p.name}" if p.title else p.name


# --------------------------------------------------------------------------- sections
def _standings(s: StandingsTable, _: Translate) -> LineTable:
    tiebreaks = [Column(c.short, right=True) for c in s.columns]
    if s.team:
        columns = [
            Column(_("Rk."), right=True),
            Column(_("Team"), cap=40, flexible=True),
            Column(_("MP"), right=True),
            Column(_("GP"), right=True),
            *tiebreaks,
        ]
        rows = [
            [str(x.rank), x.person.name, x.match_points, x.game_points, *x.tiebreaks]
            for x in s.lines
        ]
    else:
        columns = [
            Column(_("Rk."), right=True),
            Column(_("Name"), cap=40, flexible=True),
            Column(_(s.rating_label), right=True),
            Column(_(s.federation_label), cap=8),
            Column(_(s.points_label), right=True),
            *tiebreaks,
        ]
        rows = [
            [
                str(x.rank),
                _name(x.person),
                x.person.rating,
                x.person.federation,
                x.points,
                *x.tiebreaks,
            ]
            for x in s.lines
        ]
    return line_table(columns, rows)


def _crosstable(part: CrossPart, view: BulletinView, _: Translate) -> LineTable:
    team = view.is_team_event
    columns = [Column(_("Rk."), right=True), Column(_("Team") if team else _("Name"), cap=32)]
    if not team:
        columns += [
            Column(_(view.standings.rating_label), right=True),
            Column(_(view.standings.federation_label), cap=5),
        ]
    columns += [Column(str(r), right=True) for r in part.rounds]
    columns.append(Column(_("MP") if team else _(view.standings.points_label), right=True))
    rows = []
    for pr in part.rows:
        row = pr.row
        cells = [f"{c.opponent}{c.color}{' ' if c.opponent else ''}{c.result}" for c in pr.cells]
        extra = [] if team else [row.rating, row.federation]
        name = f"{row.title} {row.name}" if row.title else row.name
        rows.append([str(row.rank), name, *extra, *cells, row.points])
    return line_table(columns, rows, LANDSCAPE_CHARS)


def _round(r: RoundView, view: BulletinView, _: Translate) -> list[LineTable]:
    pairings = unpaired = matches = None
    if r.pairings:
        rating = _(view.standings.rating_label)
        white, black = r.colour_labels
        columns = [
            Column(_("Bd."), right=True),
            Column(_("No."), right=True),
            Column(_(white), cap=34, flexible=True),
            Column(rating, right=True),
            Column(_("Pts"), right=True),
            Column(_("Result")),
            Column(_("Pts"), right=True),
            Column(_("No."), right=True),
            Column(_(black), cap=34, flexible=True),
            Column(rating, right=True),
        ]
        if view.is_go:
            columns.append(Column(_("Handicap"), right=True))
        rows = [
            [
                str(p.board),
                str(p.white.id),
                _name(p.white),
                p.white.rating,
                p.white_score,
                _(p.result) if p.result == "jigo" else p.result,
                p.black_score,
                str(p.black.id),
                _name(p.black),
                p.black.rating,
                *((p.handicap,) if view.is_go else ()),
            ]
            for p in r.pairings
        ]
        pairings = line_table(columns, rows)
    if r.unpaired:
        columns = [
            Column(_("No."), right=True),
            Column(_("Not paired"), cap=40, flexible=True),
            Column(""),
            Column(_("Pts"), right=True),
        ]
        rows = [[str(u.person.id), u.person.name, _(u.label), u.points] for u in r.unpaired]
        unpaired = line_table(columns, rows)
    if r.matches:
        matches = _match_list(r.matches, _)
    return [table for table in (matches, pairings, unpaired) if table is not None]


def _match_list(found: Sequence[MatchView], _: Translate) -> LineTable:
    columns = [
        Column(_("No."), right=True),
        Column(_("Team"), cap=32, flexible=True),
        Column(_("Result")),
        Column(_("Team"), cap=32, flexible=True),
        Column(_("Boards")),
    ]
    rows = [
        [str(m.table), m.team, f"{m.points} – {m.opponent_points}", m.opponent, m.board_results]
        if m.opponent
        else [str(m.table), m.team, m.points, _(m.bye), ""]
        for m in found
    ]
    return line_table(columns, rows)


def _team(page: TeamPage, _: Translate) -> TeamLines:
    roster = line_table(
        [
            Column(_("Bd."), right=True),
            Column(_("No."), right=True),
            Column(_("Name"), cap=40, flexible=True),
            Column(_("Rating"), right=True),
            Column(_("Fed"), cap=5),
            Column(_("Pts"), right=True),
            Column(_("Games"), right=True),
        ],
        [
            [
                str(m.board),
                str(m.person.id),
                _name(m.person),
                m.person.rating,
                m.person.federation,
                m.points,
                str(m.games),
            ]
            for m in page.members
        ],
    )
    if not page.matches:
        return TeamLines(roster, None)
    columns = [
        Column(_("Bd."), right=True),
        Column(_("Player"), cap=36, flexible=True),
        Column(_("Rating"), right=True),
        Column(_("Result")),
        Column(_("Opponent"), cap=36, flexible=True),
        Column(_("Rating"), right=True),
    ]
    rows: list[list[str]] = []
    sizes: list[int] = []
    for m in page.matches:
        result = f"{m.points} – {m.opponent_points}" if m.opponent else m.points
        rows.append(["", f"{_('Round')} {m.round}", "", result, m.opponent or _(m.bye), ""])
        for b in m.boards:
            rows.append(
                [
                    f"{b.board} {b.color}".strip(),
                    b.player.name if b.player else "",
                    b.player.rating if b.player else "",
                    b.result,
                    b.opponent.name if b.opponent else "",
                    b.opponent.rating if b.opponent else "",
                ]
            )
        sizes.append(1 + len(m.boards))
    widths = _widths(columns, rows, PORTRAIT_CHARS)
    lines = [_line(columns, widths, row) for row in rows]
    bands: list[str] = []
    start = 0
    for size in sizes:  # one band a match, so a match never splits over pages
        bands.append("\n".join(lines[start : start + size]))
        start += size
    head = _line(columns, widths, [c.label for c in columns])
    return TeamLines(roster, LineTable(head, tuple(bands)))


def _category(category: PdfCategory, _: Translate) -> LineTable:
    columns = [
        Column(_("Rk."), right=True),
        Column(_("Overall"), right=True),
        Column(_("Name"), cap=40, flexible=True),
        Column(_("Rating"), right=True),
        Column(_("Pts"), right=True),
    ]
    rows = [
        [str(r.category_rank), str(r.overall_rank), r.name, r.rating, r.points]
        for r in category.rows
    ]
    return line_table(columns, rows)


def _ratings(awards: AwardsPart, _: Translate) -> LineTable:
    columns = [
        Column(_("Rk."), right=True),
        Column(_("Name"), cap=40, flexible=True),
        Column(_("Rating"), right=True),
        Column("K", right=True),
        Column("n", right=True),
        Column("Σ(W − We)", right=True),
        Column(_("Rtg ±"), right=True),
        Column(_("Perf."), right=True),
        Column("ARO", right=True),
    ]
    rows = [
        [
            str(r.rank),
            r.name,
            r.rating,
            r.k,
            str(r.games) if r.k else "",
            r.delta_sum,
            r.change,
            r.performance,
            r.average_opponent_rating,
        ]
        for r in awards.ratings
    ]
    return line_table(columns, rows)


def rich_cells(view: BulletinView) -> int:
    """How many table cells the ordinary (rich) bulletin would have."""
    cells = len(view.standings.lines) * (6 + len(view.standings.columns))
    cells += sum(len(part.rows) * (5 + len(part.rounds)) for part in view.crosstable)
    for r in view.rounds:
        pairing_cells = 11 if view.is_go else 10  # Go adds the handicap
        cells += pairing_cells * len(r.pairings) + 4 * len(r.unpaired) + 5 * len(r.matches)
    for team in view.teams:
        cells += 7 * len(team.members) + sum(6 * (1 + len(m.boards)) for m in team.matches)
    if view.awards:
        cells += 9 * len(view.awards.ratings)
        cells += sum(5 * len(c.rows) for c in view.awards.categories)
    return cells


def build_lines(view: BulletinView, translate: Translate) -> LinesView:
    awards = view.awards
    return LinesView(
        standings=_standings_sheets(view, translate),
        crosstable=_crosstable_sheets(view, translate),
        rounds=_round_sheets(view, translate),
        teams=tuple(_team(page, translate) for page in view.teams),
        categories=tuple(_category(c, translate) for c in awards.categories) if awards else (),
        ratings=_rating_sheets(awards, translate) if awards and awards.ratings else (),
    )


# --------------------------------------------------------------------------- sheets
# What precedes and follows each section's tables (the templates in
# themes/bulletin/templates/bulletin/), for pdf.sheets to leave room for it.
def _standings_sheets(view: BulletinView, _: Translate) -> tuple[Sheet, ...]:
    s = view.standings
    # tie-break names are notes: translated, they may run longer than in English
    spelled = " · ".join(f"{c.short} {c.name}" for c in s.columns)
    after = sheets.legend(spelled + " " * (len(spelled) // 3)) if s.columns else 0.0
    before = sheets.H1 + sheets.note(_("After round") + " 99")
    return sheets.paginate([_standings(s, _)], sheets.PORTRAIT, before, after)


def _rating_sheets(awards: AwardsPart, _: Translate) -> tuple[Sheet, ...]:
    before = sheets.H1 + sheets.note(_(RATING_NOTE))
    return sheets.paginate([_ratings(awards, _)], sheets.PORTRAIT, before)


def _crosstable_sheets(view: BulletinView, _: Translate) -> tuple[tuple[Sheet, ...], ...]:
    several = len(view.crosstable) > 1
    made = []
    for index, part in enumerate(view.crosstable):
        before = (sheets.H1 if index == 0 else 0.0) + (sheets.H2 if several else 0.0)
        last = index == len(view.crosstable) - 1
        longest = max((_(text) for text in CROSSTABLE_LEGENDS), key=len)
        after = sheets.legend(longest) if last else 0.0
        table = _crosstable(part, view, _)
        made.append(sheets.paginate([table], sheets.LANDSCAPE, before, after))
    return tuple(made)


def _round_sheets(view: BulletinView, _: Translate) -> tuple[tuple[Sheet, ...], ...]:
    made = []
    for index, r in enumerate(view.rounds):
        before = sheets.H2 + (sheets.note(r.date) if r.date else 0.0)
        if r.shortened:
            before += sheets.legend(_(SHORTENED_ROUND) + " 9999 9999")
        if index == 0:
            before += sheets.H1 + (sheets.note(view.komi) if view.komi else 0.0)
        made.append(sheets.paginate(_round(r, view, _), sheets.PORTRAIT, before))
    return tuple(made)


# The longest texts the templates print around the tables (the same message ids).
RATING_NOTE = (
    "Rating change = K × Σ(W − We) over the games played against rated opponents "
    "(FIDE B.02 8.3; We from table 8.1(b), a difference over 400 counts as 400)."
)
CROSSTABLE_LEGENDS = (
    "Each cell: the opponent's final rank, colour (w/b) and the game points scored.",
    "Each cell: the opponent's final rank, result (+ win, − loss, = jigo), colour and handicap.",
    "Each cell: the opponent's final rank, colour (w/b) and result; + and − are forfeits.",
)
SHORTENED_ROUND = (
    "Boards 1–{shown} of {boards}: every game and bye of the round is in the crosstable."
)
