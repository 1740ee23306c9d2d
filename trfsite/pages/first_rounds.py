"""What a large chess event's preparation hands to a fork: its validation and the
standings after its first rounds (``gather.prepare_event``'s ``meanwhile``).

Before a split event's page workers fork, the building process reads, validates
and ranks the event one step after the other, while the second core waits. Here
the checks and the first rounds' standings go to a fork of it (``site.ahead``)
as soon as the file is read, while this process ranks the final standings, makes
the awards, lists the players (a site with people pages) and ranks the last rounds;
the standings come back as plain tuples (``standings.transfer``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from trfsite.findings import Finding
from trfsite.model import Game, Tournament
from trfsite.progress import default_after_round
from trfsite.results import Standings
from trfsite.standings.transfer import PackedStandings, pack, unpack

_T = TypeVar("_T")

# Of an event's rounds, the share ranked by the fork: with the checks, about as long
# as what this process does meanwhile: the final standings, the awards, the rest of
# the rounds, and the players' list when the site has people pages (the last
# round's standings are the final ones). Timed on the open of benchmarks/ (wall
# time this process waited for the fork): without the players' list, 0.8 (8 of its
# 10 rounds) left it 0.19-0.23 s waiting, 0.6 0.02-0.16 s, 0.5 0-0.11 s, 0.4 0-0.02 s.
SHARE_LISTING = 0.8
SHARE = 0.4
MIN_PLAYERS = 300  # below this, a fork costs more than it saves


class Meanwhile(Protocol):
    """Starts ``work`` elsewhere; the call returned waits for its result (call it once)."""

    def __call__(self, work: Callable[[], _T], /) -> Callable[[], _T]: ...


# The findings, and the first rounds' standings (None: their ranking failed there).
_Handed = tuple[list[Finding], list[PackedStandings] | None]


@dataclass(slots=True)
class FirstRounds:
    """The checks and the first rounds' standings, under way elsewhere."""

    last: int  # the round the final standings are expected to be after
    ahead: int  # rounds 1 to ``ahead`` are ranked elsewhere
    rank: Callable[[range], tuple[Standings, ...]]
    collect: Callable[[], _Handed]
    _handed: _Handed | None = field(default=None, init=False)

    def _result(self) -> _Handed:
        if self._handed is None:
            self._handed = self.collect()
        return self._handed

    def findings(self) -> list[Finding]:
        """The file's findings (waits for them)."""
        return self._result()[0]

    def left_here(self, final: Standings) -> range | None:
        """The rounds to rank here; None for all of them (the final standings are
        after another round than expected: those ranked elsewhere may not fit)."""
        if final.after_round != self.last:
            return None
        return range(self.ahead + 1, self.last + 1)

    def ranked(self, t: Tournament) -> tuple[Standings, ...]:
        """The first rounds' standings (waits for them). Ranked here when that failed
        elsewhere, so that the error, if any, is told as any ranking error is."""
        packed = self._result()[1]
        if packed is None:
            return self.rank(range(1, self.ahead + 1))
        return tuple(unpack(p, t) for p in packed)


def start(
    t: Tournament,
    meanwhile: Meanwhile | None,
    validate: Callable[[], list[Finding]],
    rank: Callable[[range], tuple[Standings, ...]],
    lists_players: bool = True,
) -> FirstRounds | None:
    """Hand ``validate`` and the first rounds' ``rank`` to ``meanwhile``; None when not
    worth it (a small event, few rounds, not chess: a Go engine ranks a tournament of
    its own making, which ``pack`` refuses). ``lists_players``: this process lists the
    players for the people pages meanwhile."""
    if meanwhile is None or t.game is not Game.CHESS or len(t.players) < MIN_PLAYERS:
        return None
    last = default_after_round(t, t.rounds)
    ahead = int((last - 1) * (SHARE_LISTING if lists_players else SHARE))
    if ahead < 2:
        return None

    def work() -> _Handed:
        findings = validate()
        try:
            packed: list[PackedStandings] | None = [pack(s, t) for s in rank(range(1, ahead + 1))]
        except Exception:  # ranked again by the caller, who tells the error
            packed = None
        return findings, packed

    return FirstRounds(last, ahead, rank, meanwhile(work))
