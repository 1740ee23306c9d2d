"""Issue 50: an event too large to show in full keeps its standings and leaves out detail.

A damaged file (every line stretched to hundreds of rounds) is read as an event of
players x rounds cells; each card explained its tie-breaks round by round and drew two
charts of as many points, and the standings after each round listed every player again.
Beyond ``MAX_EVENT_CELLS`` the cards list the games of the last rounds alone (as many as
fit the budget), and only the last round has a page of the standings after it; the
standings, the crosstable and the round pages stay whole.
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


def first_round_on_cards(t: Tournament) -> int:
    """The first round the player cards list: 1, or the first of the last rounds that fit."""
    if shown_in_full(t):
        return 1
    return max(t.rounds - max(MAX_EVENT_CELLS.limit // max(len(t.players), 1), 1) + 1, 1)


def detail_omitted(t: Tournament, source_name: str) -> Finding:
    """The one warning of an event beyond the budget: what was left out, and why."""
    return Finding(
        Severity.WARNING,
        MAX_EVENT_CELLS.code,
        Note(
            "the event has {players:,} players and {rounds:,} rounds, {cells:,} results in "
            "all; expected at most {limit:,} to show in full: the player pages list the "
            "games from round {first} on, without the tie-break explanations and the "
            "charts, and only the last round has a page of the standings after it",
            players=len(t.players),
            first=first_round_on_cards(t),
            rounds=t.rounds,
            cells=event_cells(t),
            limit=MAX_EVENT_CELLS.limit,
        ),
        source_name,
    )
