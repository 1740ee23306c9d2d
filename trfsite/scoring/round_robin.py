"""Is an event a round robin? Inferred from its pairings when no record names the system.

C.07 15.2 (forfeits are games in pre-determined pairings) and the crosstable
grid both depend on the answer, so the standings engines ask here once and
every later layer reads ``Standings.round_robin``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from trfsite.model import Tournament


def meetings_per_pair(participants: Iterable[int], pairings: Iterable[tuple[int, int, int]]) -> int:
    """k >= 1 when every two participants met exactly k times, else 0.

    ``pairings`` holds (round, a, b), each game once or from both sides; an odd
    number of participants leaves one of them a rest round per round, which a
    round robin allows. Fewer than three participants is never a round robin:
    any two-player match would pass.
    """
    people = set(participants)
    if len(people) < 3:
        return 0
    met: Counter[tuple[int, int]] = Counter()
    # The round in the set makes a game seen from both sides one game.
    for _, (a, b) in {(r, (min(a, b), max(a, b))) for r, a, b in pairings if a != b}:
        if a not in people or b not in people:
            return 0
        met[(a, b)] += 1
    if len(met) != len(people) * (len(people) - 1) // 2:
        return 0
    counts = set(met.values())
    return counts.pop() if len(counts) == 1 else 0


def individual_pairings(t: Tournament) -> tuple[set[int], list[tuple[int, int, int]]]:
    """(players who were paired at least once, every paired round incl. forfeits)."""
    pairings = [
        (cell.round, player.id, cell.opponent)
        for player in t.players
        for cell in player.rounds
        if cell.opponent is not None
    ]
    return {a for _, a, _ in pairings} | {b for _, _, b in pairings}, pairings
