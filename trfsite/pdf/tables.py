"""The bulletin's crosstable, split into parts that fit a landscape A4 page.

A crosstable of 20 rounds does not fit one page width at a readable size, so
the rounds are spread evenly over as few parts as needed; every part repeats
rank and name so each can be read on its own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from trfsite.model import EventKind, Game
from trfsite.pages.crosscells import player_cell
from trfsite.pdf.teams import TeamMatch
from trfsite.pdf.text import PointsFormat, color_letter, federation_text, rating_text, result_symbol
from trfsite.progress import known_entry
from trfsite.results import Standings

# Landscape A4 is 297 mm; the theme's margins (bulletin.css, @page wide) leave
# 273 mm. Rank 8, name 48, rating 11, federation 10 and points 10 mm
# (bulletin.css); each round cell needs 11.5 mm for a four-digit rank, a
# colour letter and a result at 7 pt condensed type.
PRINTABLE_WIDTH_MM = 273.0
FIXED_COLUMNS_MM = 8.0 + 48.0 + 11.0 + 10.0 + 10.0
ROUND_CELL_MM = 11.5


@dataclass(frozen=True, slots=True)
class CrossCell:
    """Printed as opponent, colour, a thin space, result.

    Go cells keep the site's notation whole (``3+/w0``: rank, result, colour,
    handicap) in ``result``, with ``opponent`` and ``color`` empty.
    """

    opponent: str  # the opponent's final rank, or empty for byes
    color: str  # "w", "b" or ""
    result: str  # "1", "½", "0", "+", "−", "F", "H", "U", "Z", or team game points


@dataclass(frozen=True, slots=True)
class CrossRow:
    rank: int
    name: str
    title: str
    rating: str
    federation: str
    points: str
    cells: tuple[CrossCell, ...]  # one per round of the whole event


@dataclass(frozen=True, slots=True)
class CrossPart:
    """Rounds ``first``..``last`` of the crosstable (1-based, inclusive)."""

    number: int
    first: int
    last: int
    rows: tuple[CrossPartRow, ...]

    @property
    def rounds(self) -> range:
        return range(self.first, self.last + 1)


@dataclass(frozen=True, slots=True)
class CrossPartRow:
    row: CrossRow
    cells: tuple[CrossCell, ...]  # only this part's rounds


def rounds_per_part(rounds: int, max_per_part: int | None = None) -> list[tuple[int, int]]:
    """Split rounds 1..n evenly into the fewest parts of at most ``max_per_part``."""
    if max_per_part is None:
        max_per_part = max(1, math.floor((PRINTABLE_WIDTH_MM - FIXED_COLUMNS_MM) / ROUND_CELL_MM))
    if rounds <= 0:
        return []
    parts = math.ceil(rounds / max_per_part)
    size = math.ceil(rounds / parts)
    return [(first, min(first + size - 1, rounds)) for first in range(1, rounds + 1, size)]


def crosstable_rows(
    standings: Standings, fmt: PointsFormat, matches: tuple[TeamMatch, ...] = ()
) -> list[CrossRow]:
    """One row per ranked participant, in standings order."""
    t = standings.tournament
    rank_of = {row.id: row.rank for row in standings.rows}
    if standings.kind is EventKind.TEAM:
        return _team_rows(standings, rank_of, matches, fmt)
    players = t.player_index()
    go = t.game is Game.GO
    rows: list[CrossRow] = []
    for row in standings.rows:
        player = players.get(row.id)
        cells: list[CrossCell] = []
        for round_no in range(1, t.rounds + 1):
            if go:
                text = player_cell(players, True, round_no, row.id, rank_of).text
                cells.append(CrossCell("", "", text))
                continue
            cell = known_entry(t, player, round_no) if player is not None else None
            if cell is None:
                cells.append(CrossCell("", "", ""))
                continue
            opponent = ""
            if cell.opponent is not None:
                opponent = str(rank_of.get(cell.opponent, cell.opponent))
            cells.append(
                CrossCell(opponent, color_letter(cell.color.value), result_symbol(cell.outcome))
            )
        rows.append(
            CrossRow(
                rank=row.rank,
                name=row.name,
                title=player.title if player is not None else "",
                rating=rating_text(player),
                federation=federation_text(player),
                points=fmt(row.points),
                cells=tuple(cells),
            )
        )
    return rows


def _team_rows(
    standings: Standings,
    rank_of: dict[int, int],
    matches: tuple[TeamMatch, ...],
    fmt: PointsFormat,
) -> list[CrossRow]:
    t = standings.tournament
    by_team: dict[tuple[int, int], TeamMatch] = {}
    for match in matches:
        by_team[(match.team.id, match.round)] = match
        if match.opponent is not None:
            by_team[(match.opponent.id, match.round)] = match.flipped()
    rows: list[CrossRow] = []
    for row in standings.rows:
        cells: list[CrossCell] = []
        for round_no in range(1, t.rounds + 1):
            played = by_team.get((row.id, round_no))
            if played is None:
                cells.append(CrossCell("", "", ""))
            elif played.opponent is None:
                cells.append(CrossCell("", "", played.bye_code or "–"))
            else:
                board_one = played.boards[0].color.value if played.boards else "-"
                cells.append(
                    CrossCell(
                        str(rank_of.get(played.opponent.id, played.opponent.id)),
                        color_letter(board_one),
                        fmt(played.points),
                    )
                )
        main = row.match_points if row.match_points is not None else row.points
        rows.append(CrossRow(row.rank, row.name, "", "", "", fmt(main), tuple(cells)))
    return rows


def crosstable_parts(rows: list[CrossRow], rounds: int) -> tuple[CrossPart, ...]:
    parts: list[CrossPart] = []
    for number, (first, last) in enumerate(rounds_per_part(rounds), start=1):
        part_rows = tuple(CrossPartRow(r, r.cells[first - 1 : last]) for r in rows)
        parts.append(CrossPart(number, first, last, part_rows))
    return tuple(parts)
