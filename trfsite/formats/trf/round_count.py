"""How many rounds an event has, and what becomes of cells beyond them.

A damaged line (lines run together, a program's padding) can carry hundreds of
round cells more than the event has. Read as rounds, they give every other
player hundreds of unplayed rounds, and pages, standings and explanations grow
with them. The event's rounds are what the file declares (142, or legacy XXR)
and what at least half of the player lines with cells reach, whichever is more; cells
beyond that are one error at their column and are not scored.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from trfsite.formats.trf.fields import Sink
from trfsite.model import Player


@dataclass(frozen=True, slots=True)
class RoundCount:
    rounds: int
    reason: str  # why: "record 142 says 9", "at least half of the player lines have 7 cells"


def event_rounds(players: list[Player], declared: int | None) -> RoundCount:
    """The rounds of the event: the declared count or the majority of the lines, if more."""
    # Lines without cells (a late entry, an event before round 1) do not vote. The upper
    # median: the most cells that at least half of the voting lines have.
    lengths = sorted((len(p.rounds) for p in players if p.rounds), reverse=True)
    majority = lengths[(len(lengths) - 1) // 2] if lengths else 0
    if declared is not None and declared >= majority:
        return RoundCount(declared, f"the file declares {declared} rounds (record 142 or XXR)")
    return RoundCount(majority, f"at least half of the player lines have {majority} round cells")


def cut_to_rounds(players: list[Player], count: RoundCount, sink: Sink) -> None:
    """Drop, with an error each, the cells of any line beyond the event's rounds."""
    for index, player in enumerate(players):
        if len(player.rounds) <= count.rounds:
            continue
        first_extra = player.rounds[count.rounds].source
        sink.error(
            "round-cells-beyond-rounds",
            first_extra.line,
            first_extra.column,
            f"player {player.id} has {len(player.rounds)} round cells, but the event has "
            f"{count.rounds} rounds ({count.reason}); expected at most {count.rounds} cells: "
            f"the cells from column {first_extra.column} on are not scored",
        )
        players[index] = dataclasses.replace(player, rounds=player.rounds[: count.rounds])
