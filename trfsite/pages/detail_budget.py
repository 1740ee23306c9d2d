"""Issue 50: an event too large to show in full keeps its standings and leaves out detail.

A damaged file (every line stretched to hundreds of rounds) is read as an event of
players x rounds cells; each card explained its tie-breaks round by round and drew two
charts of as many points, and the standings after each round listed every player again.
Beyond ``MAX_EVENT_CELLS`` the cards list the games of the last rounds alone (as many as
fit the budget), and only the last round has a page of the standings after it; the
standings, the crosstable and the round pages stay whole. The arithmetic is
``standings/event_cells.py``'s, which ``standings --explain`` follows too.
"""

from __future__ import annotations

from trfsite.findings import Finding, Severity
from trfsite.model import Tournament
from trfsite.results import Note
from trfsite.standings import event_cells as budget
from trfsite.standings.event_cells import first_round_shown


def detail_omitted(t: Tournament, source_name: str) -> Finding:
    """The one warning of an event beyond the budget: what was left out, and why."""
    return Finding(
        Severity.WARNING,
        budget.MAX_EVENT_CELLS.code,
        Note(
            "the event has {players:,} players and {rounds:,} rounds, {cells:,} results in "
            "all; expected at most {limit:,} to show in full: the player pages list the "
            "games from round {first} on, without the tie-break explanations and the "
            "charts, and only the last round has a page of the standings after it",
            players=len(t.players),
            first=first_round_shown(t),
            rounds=t.rounds,
            cells=budget.event_cells(t),
            limit=budget.MAX_EVENT_CELLS.limit,
        ),
        source_name,
    )
