"""Standings as plain tuples, to hand from one process to another.

The standings after the first rounds of a large event are ranked by a forked
process while the building one does other work (``site.ahead``). Pickled as
they are, 20,000 frozen rows cost more than ranking them (each row's state goes
through Python); as tuples of plain values they go through pickle's C code, and
the tournament, which the receiver already has, does not travel at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from trfsite.model import EventKind, Tournament
from trfsite.results import StandingRow, Standings, TiebreakColumn, new_individual_row

# rank, id, name, points, tie-breaks, match points, game points, extra, start points
_Row = tuple[
    int,
    int,
    str,
    float,
    tuple[float | None, ...],
    float | None,
    float | None,
    tuple[tuple[str, str], ...],
    float,
]


@dataclass(frozen=True, slots=True)
class PackedStandings:
    """One ``Standings`` without its tournament, its rows as tuples."""

    rules: str
    columns: tuple[TiebreakColumn, ...]
    after_round: int
    rows: tuple[_Row, ...]
    kind: EventKind
    notes: tuple[str, ...]
    points_label: str
    round_robin: bool


def pack(standings: Standings, tournament: Tournament) -> PackedStandings:
    """``standings``, ranked from ``tournament`` itself, as plain values.

    Only standings without explanations travel, and only those whose tournament
    is the one given: ``unpack`` puts that one back (a Go engine's standings carry
    a tournament of its own making).
    """
    if standings.tournament is not tournament:
        raise ValueError("standings of another tournament object are not packed")
    if any(row.explanations for row in standings.rows):
        raise ValueError("standings with explanations are not packed; expected none")
    return PackedStandings(
        rules=standings.rules,
        columns=standings.columns,
        after_round=standings.after_round,
        rows=tuple(
            (
                r.rank,
                r.id,
                r.name,
                r.points,
                r.tiebreaks,
                r.match_points,
                r.game_points,
                r.extra,
                r.start_points,
            )
            for r in standings.rows
        ),
        kind=standings.kind,
        notes=standings.notes,
        points_label=standings.points_label,
        round_robin=standings.round_robin,
    )


def unpack(packed: PackedStandings, tournament: Tournament) -> Standings:
    """The standings ``pack`` was given, for ``tournament`` (the one they were ranked from)."""
    rows: list[StandingRow] = []
    for rank, pid, name, points, tiebreaks, match, game, extra, start in packed.rows:
        if match is None and game is None and start == 0.0:
            rows.append(
                new_individual_row(
                    rank=rank,
                    id=pid,
                    name=name,
                    points=points,
                    tiebreaks=tiebreaks,
                    explanations=(),
                    extra=extra,
                )
            )
        else:
            rows.append(
                StandingRow(rank, pid, name, points, tiebreaks, match, game, (), extra, start)
            )
    return Standings(
        tournament=tournament,
        rules=packed.rules,
        columns=packed.columns,
        after_round=packed.after_round,
        rows=tuple(rows),
        kind=packed.kind,
        notes=packed.notes,
        points_label=packed.points_label,
        round_robin=packed.round_robin,
    )
