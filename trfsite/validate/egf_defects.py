"""Two defects of Go tables that need more than one column to see.

A player taken out after pairing, whose line is commented out but whose numbers still
count in other rows; and two places swapped against the table's own order.
"""

from __future__ import annotations

from dataclasses import dataclass

from trfsite.findings import Finding, Severity
from trfsite.formats.egf.lines import parse_player_line
from trfsite.formats.egf.tokens import parse_score, parse_token
from trfsite.model import Tournament
from trfsite.results import Note, StandingRow, Standings

_EPSILON = 1e-9


@dataclass(frozen=True, slots=True)
class CommentedRow:
    line: int
    name: str


def commented_rows(t: Tournament, value: float) -> CommentedRow | None:
    """A commented-out player line holding ``value`` among its score numbers."""
    for comment in t.comments:
        if "[" in comment.text:
            continue  # a header tag, not a player
        parsed, _ = parse_player_line(comment.text, comment.source.line, 0, None, "")
        if parsed is None:
            continue
        numbers = [parse_score(w.text) for w in parsed.rest if parse_token(w.text) is None]
        if any(n is not None and abs(n - value) < _EPSILON for n in numbers):
            return CommentedRow(comment.source.line, parsed.name)
    return None


@dataclass(frozen=True, slots=True)
class Swap:
    """Two rows whose places stand the wrong way round, and the value that tells."""

    ahead: StandingRow  # the row the computation puts first
    behind: StandingRow
    ahead_place: int
    behind_place: int
    code: str  # the criterion that separates them
    ahead_value: float
    behind_value: float


def find_swap(t: Tournament, standings: Standings, wrong: list[StandingRow]) -> Swap | None:
    """Exactly two rows with each other's places: the one swap that explains them."""
    if len(wrong) != 2:
        return None
    index = t.player_index()
    first, second = sorted(wrong, key=lambda row: row.rank)
    first_place, second_place = index[first.id].declared_rank, index[second.id].declared_rank
    if first_place is None or second_place is None or first_place <= second_place:
        return None
    labels = [standings.points_label] + [c.code for c in standings.columns]
    values_first = [first.points, *first.tiebreaks]
    values_second = [second.points, *second.tiebreaks]
    for code, a, b in zip(labels, values_first, values_second, strict=True):
        if a != b and a is not None and b is not None:
            return Swap(first, second, second_place, first_place, code, a, b)
    return None


def swap_finding(swap: Swap, order: str, name: str, line: int) -> Finding:
    def number(value: float) -> str:
        return str(int(value)) if float(value).is_integer() else f"{value:g}"

    return Finding(
        Severity.WARNING,
        "egf-places",
        Note(
            "places {behind_place} and {ahead_place} look swapped: row {ahead} ({ahead_name}) "
            "has {code} {ahead_value} and row {behind} ({behind_name}) {behind_value}, so by "
            "the table's own order ({order}) row {ahead} is ahead",
            behind_place=swap.ahead_place,
            ahead_place=swap.behind_place,
            ahead=swap.ahead.id,
            ahead_name=swap.ahead.name,
            code=swap.code,
            ahead_value=number(swap.ahead_value),
            behind=swap.behind.id,
            behind_name=swap.behind.name,
            behind_value=number(swap.behind_value),
            order=order,
        ),
        name,
        line,
    )
