"""The line-mode tables as the bulletin view holds them (built by ``pdf.lines``).

Below both ``view`` and ``lines``: the view carries them, the line builder reads
the view, and neither imports the other's caller.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LineTable:
    head: str
    bands: tuple[str, ...]  # BAND lines each (the last may have fewer)


@dataclass(frozen=True, slots=True)
class Chunk:
    """The part of a line table on one sheet: its head, then bands with their shading."""

    head: str
    bands: tuple[tuple[str, bool], ...]


Sheet = tuple[Chunk, ...]  # what one printed page holds of a section's tables (pdf.sheets)


@dataclass(frozen=True, slots=True)
class TeamLines:
    roster: LineTable
    matches: LineTable | None


@dataclass(frozen=True, slots=True)
class LinesView:
    """Line-mode tables, aligned with the rich view's sections (same order).

    The big sections come as sheets, a page each; the team cards and award
    categories, which flow one after another, as tables WeasyPrint breaks.
    """

    standings: tuple[Sheet, ...]
    crosstable: tuple[tuple[Sheet, ...], ...]  # one run of sheets per part
    rounds: tuple[tuple[Sheet, ...], ...]  # one per round, each starting a page
    teams: tuple[TeamLines, ...]
    categories: tuple[LineTable, ...] = ()  # one per award category, as in the view
    ratings: tuple[Sheet, ...] = ()  # rating change and performance
