"""The Swiss exemption from the federation rules, computed from the file (spec section 4).

A Swiss in which every round has at least 20 FIDE-rated players not from the host
federation (record 032), from at least 3 federations, at least 10 of them GM, IM,
WGM or WIM, is exempt from 1.4.3 and from the 3/5 and 2/3 limits of 1.4.4. A
player counts (in every round) when he misses at most one round; a
pairing-allocated bye is not a missed round, nor is a forfeit win.
"""

from typing import NamedTuple

from trfsite.model import Outcome, Player, Tournament
from trfsite.norms.rules import normal_title
from trfsite.results import Note

MIN_FOREIGN_PLAYERS = 20
MIN_FOREIGN_FEDERATIONS = 3
MIN_FOREIGN_TITLED = 10
FOREIGN_TITLES = frozenset({"GM", "IM", "WGM", "WIM"})
MOST_MISSED_ROUNDS = 1
_MISSED = frozenset({Outcome.HALF_BYE, Outcome.FULL_BYE, Outcome.ZERO_BYE, Outcome.FORFEIT_LOSS})


class SwissExemption(NamedTuple):
    """Whether the file shows the Swiss exemption, with the counts that decide it."""

    applies: bool
    host: str  # record 032, "" when the file has none
    players: int = 0  # rated players not from the host federation, missing at most 1 round
    federations: int = 0  # their federations
    titled: int = 0  # of them GM, IM, WGM or WIM
    why: str = ""  # why it cannot be decided ("" when it can)


def missed_rounds(player: Player, rounds: int) -> int:
    missed = 0
    for round_no in range(1, rounds + 1):
        cell = player.entry(round_no)
        if cell is None or cell.outcome in _MISSED:
            missed += 1
    return missed


def swiss_exemption(t: Tournament, rounds: int, round_robin: bool) -> SwissExemption:
    """The exemption over rounds 1..``rounds`` (all of them once the event is over)."""
    host = t.federation.strip().upper()
    if round_robin:
        return SwissExemption(False, host, why=Note("a round robin, not a Swiss"))
    if not host:
        return SwissExemption(False, host, why=Note("the file has no host federation (record 032)"))
    counted = [
        p
        for p in t.players
        if p.rating
        and p.federation.strip().upper() not in ("", host)
        and missed_rounds(p, rounds) <= MOST_MISSED_ROUNDS
    ]
    federations = len({p.federation.strip().upper() for p in counted})
    titled = sum(1 for p in counted if normal_title(p.title) in FOREIGN_TITLES)
    applies = (
        rounds > 0
        and len(counted) >= MIN_FOREIGN_PLAYERS
        and federations >= MIN_FOREIGN_FEDERATIONS
        and titled >= MIN_FOREIGN_TITLED
    )
    return SwissExemption(applies, host, len(counted), federations, titled)
