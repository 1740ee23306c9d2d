"""Rankings of federations and clubs from an individual event: the sum of each
one's best N scores (N from the config; all players when N is 0).

Order: the sum, then more players counted, then the best overall rank of a
counted player; the rank is shared only if all three are equal.
"""

import enum
from typing import NamedTuple

from trfsite.results import Standings


class GroupBy(enum.Enum):
    FEDERATION = "federation"
    CLUB = "club"


class GroupLine(NamedTuple):
    rank: int
    name: str
    total: float
    counted: tuple[tuple[int, float], ...]  # (player id, points), best first
    others: tuple[tuple[int, float], ...]  # players beyond the best N


def group_ranking(standings: Standings, by: GroupBy, best: int) -> tuple[GroupLine, ...]:
    players = standings.tournament.player_index()
    members: dict[str, list[tuple[int, float, int]]] = {}
    for row in standings.rows:  # overall order, so the best come first
        player = players.get(row.id)
        if player is None:
            continue
        name = player.federation.strip() if by is GroupBy.FEDERATION else player.club.strip()
        if name:
            members.setdefault(name, []).append((row.id, row.points, row.rank))
    unranked = []
    for name, found in members.items():
        ordered = sorted(found, key=lambda m: (-m[1], m[2]))
        keep = ordered[:best] if best > 0 else ordered
        total = sum(m[1] for m in keep)
        key = (-total, -len(keep), keep[0][2] if keep else 0)
        unranked.append((key, name, keep, ordered[len(keep) :]))
    unranked.sort(key=lambda item: (item[0], item[1].casefold()))
    lines: list[GroupLine] = []
    previous: tuple[float, int, int] | None = None
    for position, (key, name, keep, rest) in enumerate(unranked, start=1):
        rank = lines[-1].rank if previous == key and lines else position
        lines.append(
            GroupLine(
                rank,
                name,
                sum(m[1] for m in keep),
                tuple((m[0], m[1]) for m in keep),
                tuple((m[0], m[1]) for m in rest),
            )
        )
        previous = key
    return tuple(lines)
