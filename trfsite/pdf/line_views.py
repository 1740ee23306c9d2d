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
class RoundLines:
    pairings: LineTable | None
    unpaired: LineTable | None
    matches: LineTable | None


@dataclass(frozen=True, slots=True)
class TeamLines:
    roster: LineTable
    matches: LineTable | None


@dataclass(frozen=True, slots=True)
class LinesView:
    """Line-mode tables, aligned with the rich view's sections (same order)."""

    standings: LineTable
    crosstable: tuple[LineTable, ...]  # one per part
    rounds: tuple[RoundLines, ...]
    teams: tuple[TeamLines, ...]
    categories: tuple[LineTable, ...] = ()  # one per award category, as in the view
    ratings: LineTable | None = None  # rating change and performance
