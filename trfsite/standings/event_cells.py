"""Issue 50: an event of more cells than ``MAX_EVENT_CELLS`` is explained for its last rounds.

A damaged file (every line stretched to hundreds of rounds) is read as an event of
players x rounds cells, and ``standings --explain`` printed a line per player, round and
tie-break: 284 players x 301 rounds made 22 MB of JSON. Beyond the budget the
explanations list the last rounds that fit (as the site's player cards do, from
``first_round_shown``); the earlier rounds are one line with their total, so that every
sum still adds up, and a note of the standings says what was left out and why.
"""

from __future__ import annotations

from dataclasses import replace

from trfsite.awards.performance import PlayerRatings
from trfsite.awards.rating_change import RatingChange
from trfsite.formats.limits import MAX_EVENT_CELLS
from trfsite.model import Tournament
from trfsite.results import Contribution, Explanation, Note, Standings

# MAX_EVENT_CELLS is read here at each call, so that a test may lower it in one place.
__all__ = [
    "MAX_EVENT_CELLS",
    "event_cells",
    "explained_within_budget",
    "first_round_shown",
    "shown_in_full",
]


def event_cells(t: Tournament) -> int:
    """The rows of every player's games over the cards, round pages and crosstable."""
    return len(t.players) * t.rounds


def shown_in_full(t: Tournament) -> bool:
    return event_cells(t) <= MAX_EVENT_CELLS.limit


def first_round_shown(t: Tournament) -> int:
    """The first round shown game by game: 1, or the first of the last rounds that fit."""
    if shown_in_full(t):
        return 1
    return max(t.rounds - max(MAX_EVENT_CELLS.limit // max(len(t.players), 1), 1) + 1, 1)


def explained_within_budget(
    s: Standings, ratings: dict[int, PlayerRatings]
) -> tuple[Standings, dict[int, PlayerRatings]]:
    """The standings and rating columns with explanations of the last rounds that fit.

    Within the budget both come back as they are.
    """
    t = s.tournament
    if shown_in_full(t):
        return s, ratings
    first = first_round_shown(t)
    rows = tuple(
        replace(row, explanations=tuple(_from_round(e, first) for e in row.explanations))
        for row in s.rows
    )
    note = Note(
        "the event has {players:,} players and {rounds:,} rounds, {cells:,} results in all; "
        "expected at most {limit:,} to explain in full: the explanations list rounds "
        "{first} to {rounds}, each earlier round is counted in one line",
        players=len(t.players),
        rounds=t.rounds,
        cells=event_cells(t),
        limit=MAX_EVENT_CELLS.limit,
        first=first,
    )
    shorter = {
        pid: PlayerRatings(
            _games_from_round(r.change, first),
            _from_round(r.performance, first),
            _from_round(r.average_opponent_rating, first),
        )
        for pid, r in ratings.items()
    }
    return replace(s, rows=rows, notes=(*s.notes, note)), shorter


def _games_from_round(change: RatingChange, first: int) -> RatingChange:
    games = tuple(g for g in change.games if g.round >= first)
    if len(games) == len(change.games):
        return change
    earlier = [g for g in change.games if g.round < first]
    note = Note(
        "games of rounds 1 to {last}, not listed one by one: W - We {delta:+.2f} in all",
        last=first - 1,
        delta=sum(g.score - g.expected for g in earlier),
    )
    return change._replace(games=games, notes=(note, *change.notes))


def _last_round(c: Contribution) -> int:
    return max(c.rounds) if c.rounds else c.round


def _from_round(e: Explanation, first: int) -> Explanation:
    """``e`` with the lines of rounds before ``first`` as one line of their total.

    Lines of no round (round 0: a note on the whole event) stay.
    """
    earlier = [c for c in e.contributions if 0 < _last_round(c) < first]
    if not earlier:
        return e
    counted = [c.value for c in earlier if not c.cut and c.value is not None]
    summary = Contribution(
        1,
        sum(counted) if counted else None,
        Note("earlier rounds, not listed one by one: {total:g} in all", total=sum(counted)),
        rounds=tuple(range(1, first)),
    )
    kept = [c for c in e.contributions if not 0 < _last_round(c) < first]
    return Explanation(e.code, e.value, (summary, *kept), e.notes)
