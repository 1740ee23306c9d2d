"""How many rounds an event has, and what becomes of cells beyond them.

A damaged line (lines run together, a program's padding) can carry hundreds of
round cells more than the event has. Read as rounds, they give every other
player hundreds of unplayed rounds, and pages, standings and explanations grow
with them. The event's rounds are what the file declares (142, or legacy XXR)
and what at least half of the player lines with cells (and one player line in ten) reach,
whichever is more; cells beyond that are one error at their column and are not scored.

A declared count is believed up to twice the rounds of a round robin of the
players (no pairing system plays more) or what most lines hold; before any
round is played (perhaps before all players are entered), while players x
rounds stays within budget:
"999 rounds" for 284 players is damage, and would make every player's unplayed
rounds cost more than the whole event.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import NamedTuple

from trfsite.formats.limits import MAX_PLAYER_ROUNDS
from trfsite.formats.trf.fields import Sink
from trfsite.formats.trf.round_cells import CELL_WIDTH, FIRST_CELL, is_written_cell
from trfsite.model import Player, RoundEntry, Span
from trfsite.results import Note


class RoundCount(NamedTuple):
    """The rounds of the event, and why so many."""

    rounds: int
    reason: str  # why: "record 142 says 9", "at least half of the player lines have 7 cells"


def cells_by_length(text: str) -> int:
    """The round cells a 001 line reaches, judged by its length alone (before reading)."""
    return max(0, (len(text) - FIRST_CELL + CELL_WIDTH) // CELL_WIDTH)


def reading_limit(cell_counts: list[int], declared: int | None) -> int:
    """Cells worth reading per line: generous, so that the exact cut happens after reading,
    but in proportion to the event, so that a stretched line is not read in full."""
    return max(2 * _majority(cell_counts) + 10, declared or 0)


def plausible_declared(
    cell_counts: list[int], declared: int | None, where: Span | None, sink: Sink
) -> int | None:
    """``declared``, or None (with an error) when no event of these players has so many.

    ``cell_counts`` has one entry per player line: its round cells.
    """
    if declared is None:
        return None
    players = len(cell_counts)
    majority = _majority(cell_counts)
    most = max(2 * (players - 1), majority)
    if declared <= most:
        return declared
    if majority == 0 and declared * players <= MAX_PLAYER_ROUNDS.limit:
        return declared  # no round played yet, perhaps not all players entered
    line, column = (where.line, 5) if where else (0, 0)  # the count starts at column 5
    sink.error(
        MAX_PLAYER_ROUNDS.code,
        line,
        column,
        Note(
            "the file declares {declared} rounds, but {players} players play at most "
            "{most} (a double round robin, or what most lines hold); expected at most "
            "{most}: the declared count is ignored and the rounds come from the player lines",
            declared=declared,
            players=players,
            most=most,
        ),
    )
    return None


def event_rounds(players: list[Player], declared: int | None) -> RoundCount:
    """The rounds of the event: the declared count or the majority of the lines, if more."""
    majority = _majority([len(p.rounds) for p in players])
    if declared is not None and declared >= majority:
        # The declared count stands whatever the lines' votes: the count of the readable
        # lines below weighs only when it is under ``majority``.
        readable = majority
    else:
        voters = _voters(players)
        # Garbage lines add no rounds; where they are the shorter, they decide as before
        # (each of their cells is scored either way: a count below theirs costs less).
        readable = (
            _majority([len(p.rounds) for p in voters]) if len(voters) < len(players) else majority
        )
    if declared is not None and declared >= min(majority, readable):
        return RoundCount(
            declared,
            Note("the file declares {declared} rounds (record 142 or XXR)", declared=declared),
        )
    if readable < majority:
        return RoundCount(
            readable,
            Note(
                "at least half of the player lines whose cells read as TRF writes them "
                "have {majority} round cells",
                majority=readable,
            ),
        )
    return RoundCount(
        majority,
        Note("at least half of the player lines have {majority} round cells", majority=majority),
    )


def _voters(players: list[Player]) -> list[Player]:
    """The lines most of whose cells read as TRF writes them ('  12 w 1'), or all lines.

    A line of garbage in the round columns adds no rounds to the event: 300 such lines
    of some 150 cells (a 450 KB file) made 3 rounds of 4 players 145 rounds of 304, and
    their build took 16 s of CPU. When no line reads so, every line votes.
    """
    voters = [p for p in players if _votes(p.rounds)]
    return voters or players


def _votes(cells: Sequence[RoundEntry]) -> bool:
    """At least half of the cells (one at least) read as TRF writes them: judged cell by
    cell only until the answer is known (a usual line of 11 cells: its first 6)."""
    needed = (len(cells) + 1) // 2
    if not needed:
        return False
    left = len(cells)
    for entry in cells:
        if is_written_cell(entry.raw):
            needed -= 1
            if not needed:
                return True
        left -= 1
        if left < needed:
            return False
    return False


def _majority(cell_counts: list[int]) -> int:
    """The most cells that at least half of the lines with cells have (the upper median),
    and that at least one line in ten reaches.

    Lines without cells (a late entry, an event before round 1) do not vote, but they
    count among the lines a round needs: in a real event nearly every line reaches the
    last round, and one stretched line among 500 cut before their cells made the event
    992 rounds long (input 13623 of the fuzz run of seed 2026: 61 s of CPU to build).
    """
    lengths = sorted((count for count in cell_counts if count), reverse=True)
    needed = max(1, -(-len(cell_counts) // 10))
    index = max((len(lengths) - 1) // 2, needed - 1)
    return lengths[index] if index < len(lengths) else 0


def cut_to_rounds(
    players: list[Player], count: RoundCount, sink: Sink, written: dict[int, int]
) -> None:
    """Drop, with an error each, the cells of any line beyond the event's rounds.

    ``written`` gives, by line number, the cells of lines cut before reading.
    """
    for index, player in enumerate(players):
        if len(player.rounds) <= count.rounds:
            continue
        first_extra = player.rounds[count.rounds].source
        cells = written.get(first_extra.line, len(player.rounds))
        sink.error(
            "round-cells-beyond-rounds",
            first_extra.line,
            first_extra.column,
            Note(
                "player {id} has {cells} round cells, but the event has "
                "{rounds} rounds ({reason}); expected at most {rounds} cells: "
                "the cells from column {column} on are not scored",
                id=player.id,
                cells=cells,
                rounds=count.rounds,
                reason=count.reason,
                column=first_extra.column,
            ),
        )
        players[index] = dataclasses.replace(player, rounds=player.rounds[: count.rounds])
