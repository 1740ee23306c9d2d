"""Issue 50: an event too large to show in full keeps its standings and leaves out detail.

A damaged file (every line stretched to hundreds of rounds) is read as an event of
players x rounds cells; each card explained its tie-breaks round by round and drew two
charts of as many points. Beyond ``MAX_EVENT_CELLS`` the cards list the games alone.
"""

from __future__ import annotations

from trfsite.findings import Finding, Severity
from trfsite.formats.limits import MAX_EVENT_CELLS
from trfsite.model import Tournament
from trfsite.results import Note


def event_cells(t: Tournament) -> int:
    """The rows of every player's games over the cards, round pages and crosstable."""
    return len(t.players) * t.rounds


def shown_in_full(t: Tournament) -> bool:
    return event_cells(t) <= MAX_EVENT_CELLS.limit


def detail_omitted(t: Tournament, source_name: str) -> Finding:
    """The one warning of an event beyond the budget: what was left out, and why."""
    return Finding(
        Severity.WARNING,
        MAX_EVENT_CELLS.code,
        Note(
            "the event has {players:,} players and {rounds:,} rounds, {cells:,} results in "
            "all; expected at most {limit:,} to show in full: the player pages list the "
            "games without the tie-break explanations and the charts",
            players=len(t.players),
            rounds=t.rounds,
            cells=event_cells(t),
            limit=MAX_EVENT_CELLS.limit,
        ),
        source_name,
    )
