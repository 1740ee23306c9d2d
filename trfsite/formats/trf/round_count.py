"""How many rounds an event has, and what becomes of cells beyond them.

A damaged line (lines run together, a program's padding) can carry hundreds of
round cells more than the event has. Read as rounds, they give every other
player hundreds of unplayed rounds, and pages, standings and explanations grow
with them. The event's rounds are what the file declares (142, or legacy XXR)
and what at least half of the player lines with cells reach, whichever is more; cells
beyond that are one error at their column and are not scored.

A declared count is believed up to twice the rounds of a round robin of the
players (no pairing system plays more) or what most lines hold; before any
round is played (perhaps before all players are entered), while players x
rounds stays within budget:
"999 rounds" for 284 players is damage, and would make every player's unplayed
rounds cost more than the whole event.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from trfsite.formats.limits import MAX_PLAYER_ROUNDS
from trfsite.formats.trf.fields import Sink
from trfsite.model import Player, Span


@dataclass(frozen=True, slots=True)
class RoundCount:
    rounds: int
    reason: str  # why: "record 142 says 9", "at least half of the player lines have 7 cells"


def plausible_declared(
    players: list[Player], declared: int | None, where: Span | None, sink: Sink
) -> int | None:
    """``declared``, or None (with an error) when no event of these players has so many."""
    if declared is None:
        return None
    majority = _majority(players)
    most = max(2 * (len(players) - 1), majority)
    if declared <= most:
        return declared
    if majority == 0 and declared * len(players) <= MAX_PLAYER_ROUNDS.limit:
        return declared  # no round played yet, perhaps not all players entered
    line, column = (where.line, 5) if where else (0, 0)  # the count starts at column 5
    sink.error(
        MAX_PLAYER_ROUNDS.code,
        line,
        column,
        f"the file declares {declared} rounds, but {len(players)} players play at most "
        f"{most} (a double round robin, or what most lines hold); expected at most "
        f"{most}: the declared count is ignored and the rounds come from the player lines",
    )
    return None


def event_rounds(players: list[Player], declared: int | None) -> RoundCount:
    """The rounds of the event: the declared count or the majority of the lines, if more."""
    majority = _majority(players)
    if declared is not None and declared >= majority:
        return RoundCount(declared, f"the file declares {declared} rounds (record 142 or XXR)")
    return RoundCount(majority, f"at least half of the player lines have {majority} round cells")


def _majority(players: list[Player]) -> int:
    """The most cells that at least half of the lines with cells have (the upper median).

    Lines without cells (a late entry, an event before round 1) do not vote.
    """
    lengths = sorted((len(p.rounds) for p in players if p.rounds), reverse=True)
    return lengths[(len(lengths) - 1) // 2] if lengths else 0


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
