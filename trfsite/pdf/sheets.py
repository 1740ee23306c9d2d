"""Line mode's big tables cut into printed pages by trfsite: sheets of a known size.

A sheet is what one page holds of a section's line tables: each table's part on
it (a chunk) starts with the table's head line, so the head repeats on every
page. Every sheet starts a new page and is sized to fit one with room to spare,
so a section laid out from sheets takes exactly as many pages as it has sheets,
known before WeasyPrint lays it out. That is what lets the bulletin be laid out
as separate documents that still number their pages "N of M"
(:mod:`trfsite.pdf.documents`).

The sizes below are those of ``themes/bulletin/static/bulletin.css`` (line mode,
page margins, headings), in points; a sheet keeps ``SLACK`` free for rounding
and fonts that set a line a little taller. A sheet that did not fit after all
would only cost time: the documents are laid out again with the pages counted.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from trfsite.pdf.line_views import Chunk, LineTable, Sheet

MM = 72 / 25.4
LINE = 7 * 1.3  # a line of 7 pt DejaVu Sans Mono at line-height 1.3
HEAD = LINE + 0.6  # a chunk's head line and its rule
GAP = 3 * MM  # below each table
SLACK = 2 * LINE
PORTRAIT = (297 - 18 - 17) * MM - SLACK  # A4, margins 18 mm and 17 mm
LANDSCAPE = (210 - 15 - 14) * MM - SLACK  # the crosstable's pages (@page wide)

# Headings and notes, each with the margins around it (upper bounds: margins
# between blocks collapse, which only leaves more room).
H1 = 15 * 1.2 + 1.5 * MM + 0.6 + 3 * MM
H2 = 11 * 1.2 + 4 * MM + 2 * MM
NOTE_LINE = 9 * 1.35  # .section-note, 9 pt
NOTE_CHARS = 80  # characters of a 9 pt line of text, fewer than the 182 mm hold
LEGEND_LINE = 7.5 * 1.35  # .legend, 7.5 pt, 2 mm above and below
LEGEND_CHARS = 100


def note(text: str) -> float:
    """The height of a section note (9 pt), wrapped at a cautious guess."""
    return max(1, math.ceil(len(text) / NOTE_CHARS)) * NOTE_LINE + 2 * MM


def legend(text: str) -> float:
    """The height of a legend (7.5 pt) below a table."""
    return max(1, math.ceil(len(text) / LEGEND_CHARS)) * LEGEND_LINE + 4 * MM


@dataclass(slots=True)
class _Filling:
    sheets: list[Sheet]
    chunks: list[Chunk]
    used: float  # points of the current sheet already taken

    def close(self) -> None:
        self.sheets.append(tuple(self.chunks))
        self.chunks = []
        self.used = 0.0


def _lines(band: str) -> int:
    return band.count("\n") + 1


def paginate(
    tables: Sequence[LineTable], room: float, before: float = 0.0, after: float = 0.0
) -> tuple[Sheet, ...]:
    """The tables, one after another, as sheets of ``room`` points each.

    ``before``: what precedes the tables on the first sheet (headings);
    ``after``: what follows them on the last (a legend). A sheet may be empty:
    a page of headings only, or of the legend.
    """
    filling = _Filling([], [], before)
    for table in tables:
        start = 0
        while start < len(table.bands):
            used = filling.used + HEAD + GAP
            end = start
            while end < len(table.bands) and used + _lines(table.bands[end]) * LINE <= room:
                used += _lines(table.bands[end]) * LINE
                end += 1
            if end == start:
                if filling.used > 0:  # not one band fits under what is there: a new page
                    filling.close()
                    continue
                used += _lines(table.bands[start]) * LINE  # taller than a page: alone
                end = start + 1
            filling.chunks.append(Chunk(table.head, _shaded(table.bands, start, end)))
            filling.used = used
            start = end
            if start < len(table.bands):
                filling.close()
    if filling.used + after > room:  # the legend goes over: the last band with it
        last = filling.chunks.pop() if filling.chunks else None
        if last is not None and len(last.bands) > 1:
            filling.chunks.append(Chunk(last.head, last.bands[:-1]))
            filling.close()
            filling.chunks.append(Chunk(last.head, last.bands[-1:]))
        else:
            if last is not None:
                filling.chunks.append(last)
            filling.close()
    filling.close()
    return tuple(filling.sheets)


def _shaded(bands: Sequence[str], start: int, end: int) -> tuple[tuple[str, bool], ...]:
    """Bands ``start`` to ``end`` with their shading: every other band of a table, across
    its pages, as zebra rows."""
    return tuple((bands[index], index % 2 == 1) for index in range(start, end))
