"""The small team events of the tests; each docstring gives the totals worked out by hand."""

from __future__ import annotations

from trfsite.model import TeamScoring, Tournament

from .builder import FOUR_TEAMS, EventBuilder


def basic() -> Tournament:
    """Four teams, two boards (WB), three rounds, every match played.

    R1: 1-2 "1=" (T1 1.5 GP, 2 MP; T2 0.5, 0)   3-4 "==" (1-1, 1 MP each)
    R2: 1-3 "10" (1-1, 1 MP each)                2-4 "11" (T2 2.0, 2 MP; T4 0)
    R3: 1-4 "=0" (T1 0.5, 0 MP; T4 1.5, 2 MP)    2-3 "1=" (T2 1.5, 2 MP; T3 0.5, 0)
    Totals: T1 3 MP 3.0 GP; T2 4 MP 4.0 GP; T3 2 MP 2.5 GP; T4 3 MP 2.5 GP.
    """
    b = EventBuilder(dict(FOUR_TEAMS))
    b.match(1, 1, 2, "1=").match(1, 3, 4, "==")
    b.match(2, 1, 3, "10").match(2, 2, 4, "11")
    b.match(3, 1, 4, "=0").match(3, 2, 3, "1=")
    return b.build()


def repeated() -> Tournament:
    """Teams 1 and 2 meet twice and split: equal in MP, GP and direct encounter.

    R1: 1-2 "1=" (T1 1.5, 2 MP)   3-4 "10" (1-1)
    R2: 1-3 "==" (1-1)            2-4 "01" (1-1)
    R3: 2-1 "1=" (T2 1.5, 2 MP)   3-4 "1=" (T3 1.5, 2 MP)
    Totals: T1 3 MP 3.0 GP; T2 3 MP 3.0 GP; T3 4 MP 3.5 GP; T4 2 MP 2.5 GP.
    Boards (Art. 12): T1 board 1 = 1 + 0.5 + 0 = 1.5, board 2 = 0.5 + 0.5 + 0.5 = 1.5;
    T2 board 1 = 0 + 0 + 1 = 1.0, board 2 = 0.5 + 1 + 0.5 = 2.0.
    """
    b = EventBuilder(dict(FOUR_TEAMS))
    b.match(1, 1, 2, "1=").match(1, 3, 4, "10")
    b.match(2, 1, 3, "==").match(2, 2, 4, "01")
    b.match(3, 2, 1, "1=").match(3, 3, 4, "1=")
    return b.build()


def forfeits_and_byes() -> Tournament:
    """A forfeited match, a PAB (320: 1 MP, 1.0 GP) and a half-point bye.

    R1: 1-2 "11" (T1 2.0, 2 MP)   3-4 forfeit +- (T3 2 MP, 2 present players: 2.0 GP)
    R2: 1-3 "=0" (T1 0.5, 0 MP; T3 1.5, 2 MP)   T2 PAB (1 MP, 1.0 GP)   T4 HPB (1 MP, 1.0 GP)
    R3: 1-4 "1=" (T1 1.5, 2 MP; T4 0.5, 0)      2-3 "==" (1-1)
    Totals: T1 4 MP 4.0 GP; T2 2 MP 2.0 GP; T3 5 MP 4.5 GP; T4 1 MP 1.5 GP.
    """
    b = EventBuilder(dict(FOUR_TEAMS))
    b.match(1, 1, 2, "11").forfeit(1, 3, 4, "+-")
    b.match(2, 1, 3, "=0").pab(2, 2, 1.0, 1.0).bye(2, 4, "H")
    b.match(3, 1, 4, "1=").match(3, 2, 3, "==")
    return b.build()


def three_one_zero() -> Tournament:
    """Match points 3-1-0 (record 362), a half-point bye and an unpaired round.

    R1: 1-2 "1=" (T1 1.5, 3 MP; T2 0.5, 0)   3-4 "==" (1 MP, 1.0 GP each)
    R2: T1 HPB (1 MP, 1.0 GP)   2-3 "=1" (T2 1.5, 3 MP; T3 0.5, 0)   T4 not paired (ZPB)
    R3: 1-4 "00" (T1 0; T4 2.0, 3 MP)        2-3 "==" (1 MP each)
    Totals: T1 4 MP 2.5 GP; T2 4 MP 3.0 GP; T3 2 MP 2.5 GP; T4 4 MP 3.0 GP.
    """
    b = EventBuilder(dict(FOUR_TEAMS), team_scoring=TeamScoring(3.0, 1.0, 0.0))
    b.match(1, 1, 2, "1=").match(1, 3, 4, "==")
    b.bye(2, 1, "H").match(2, 2, 3, "=1")
    b.match(3, 1, 4, "00").match(3, 2, 3, "==")
    return b.build()


def withdrawn() -> Tournament:
    """Two rounds; teams 2 and 4 miss the last one (16.2.5: count as draws for opponents).

    R1: 1-2 "11" (T1 2.0, 2 MP; T2 0)   3-4 "1=" (T3 1.5, 2 MP; T4 0.5, 0)
    R2: 1-3 "==" (1 MP, 1.0 GP each)    T2 not paired (ZPB)   T4 ZPB (240 Z)
    Totals: T1 3 MP 3.0 GP; T2 0 MP 0 GP; T3 3 MP 2.5 GP; T4 0 MP 0.5 GP.
    """
    b = EventBuilder(dict(FOUR_TEAMS), rounds=2)
    b.match(1, 1, 2, "11").match(1, 3, 4, "1=")
    b.match(2, 1, 3, "==").bye(2, 4, "Z")
    return b.build()


def two_pairs() -> Tournament:
    """Two rounds; two pairs of teams tie on match points.

    R1: 1-2 "1=" (T1 1.5, 2 MP; T2 0.5, 0)   3-4 "1=" (T3 1.5, 2 MP; T4 0.5, 0)
    R2: 1-3 "==" (1-1)                       2-4 "10" (1-1: T2 wins board 1, T4 board 2)
    Totals: T1 3 MP 2.5 GP; T2 1 MP 1.5 GP; T3 3 MP 2.5 GP; T4 1 MP 1.5 GP.
    """
    b = EventBuilder(dict(FOUR_TEAMS), rounds=2)
    b.match(1, 1, 2, "1=").match(1, 3, 4, "1=")
    b.match(2, 1, 3, "==").match(2, 2, 4, "10")
    return b.build()
