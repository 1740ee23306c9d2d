"""Small hand-checked events shared by the tie-break tests.

Every score below is worked out by hand; the tests derive their expected
tie-break values from these numbers in comments.
"""

from __future__ import annotations

from trfsite.model import PairingSystem, Tournament
from trfsite.scoring.context import EventContext, build_context

from .builders import event


def bye_event() -> Tournament:
    """Swiss, 6 players, 5 rounds; player 1 takes a half-point bye in round 2.

    Final scores: 1: 1+½+1+½+½ = 3.5 (H in round 2, category 16.2.3);
    2: 1+0+1+½+1 = 3.5; 3: ½+1+½+1+½ = 3.5; 4: 0+½+½+0+0 = 1.0;
    5: 0+½+0+0+0 = 0.5; 6: ½+1(U)+0+1+1 = 3.5 (pairing-allocated bye, 16.2.1).
    Nobody has a 16.2.5 round, so 16.3-adjusted scores equal the scores.
    Fore view (8.3, last round paired games drawn): 1-3 stays ½-½, 2-4 and
    6-5 become draws, so 1: 3.5, 2: 3.0, 3: 3.5, 4: 1.5, 5: 1.0, 6: 3.0.
    """
    return event(
        {
            1: "4w1 H 5w1 2b= 3w=",
            2: "5w1 3w0 6w1 1w= 4w1",
            3: "6w= 2b1 4w= 5w1 1b=",
            4: "1b0 5w= 3b= 6w0 2b0",
            5: "2b0 4b= 1b0 3b0 6w0",
            6: "3b= U 2b0 4b1 5b1",
        }
    )


def forfeit_event() -> Tournament:
    """Swiss, 6 players, 4 rounds: forfeits both ways, a double forfeit, a withdrawal.

    R1: 1-4 1-0, 2-5 +/- (2 wins by forfeit), 3-6 ½-½.
    R2: 2-1 ½-½, 3-4 0-1, 5 half-point bye, 6 pairing-allocated bye.
    R3: 1-3 double forfeit, 2-6 1-0, 4-5 1-0.
    R4: 1-6 1-0, 4-2 1-0, 5 pairing-allocated bye, 3 withdrawn (no cell: zero-point bye).

    Scores: 1: 1+½+0+1 = 2.5; 2: 1+½+1+0 = 2.5; 3: ½+0+0+0 = 0.5;
    4: 0+1+1+1 = 3.0; 5: 0+½+0+1 = 1.5; 6: ½+1+0+0 = 1.5.
    16.2 categories: 1 R3 forfeit loss (4); 2 R1 forfeit win (2); 3 R3 forfeit
    loss (4) and R4 zero-point bye with no later round (5); 5 R1 forfeit loss
    (4), R2 half-point bye followed by a game (3), R4 bye (1); 6 R2 bye (1).
    16.3 adjusted: only 3 changes, R4 counts as a draw: 0.5 + 0.5 = 1.0.
    """
    return event(
        {
            1: "4w1 2b= 3w- 6w1",
            2: "5w+ 1w= 6w1 4b0",
            3: "6w= 4w0 1b- .",
            4: "1b0 3b1 5w1 2w1",
            5: "2b- H 4b0 U",
            6: "3b= U 2b0 1b0",
        }
    )


def round_robin_event() -> Tournament:
    """Round robin, 4 players, 3 rounds, one forfeit between tied players.

    R1: 1-4 1-0, 2-3 +/- (3 did not come). R2: 4-3 0-1, 1-2 1-0.
    R3: 2-4 1-0, 3-1 1-0. Scores: 1: 1+1+0 = 2; 2: 1+0+1 = 2;
    3: 0+1+1 = 2; 4: 0. Colours with black: 1 R3; 2 R2; 3 R1 (forfeit) and
    R2; 4 R1 and R3. Ratings (builder default 2000 - 10 x id): 1990, 1980, 1970, 1960.
    """
    return event(
        {
            1: "4w1 2w1 3b0",
            2: "3w+ 1b0 4w1",
            3: "2b- 4b1 1w1",
            4: "1b0 3w0 2b0",
        },
        system=PairingSystem.ROUND_ROBIN,
    )


def rated_event() -> Tournament:
    """Swiss, 4 players, 3 rounds, for the rating tie-breaks.

    R1: 1-2 1-0, 3-4 1-0. R2: 1-3 1-0, 2-4 ½-½. R3: 4-1 1-0, 2-3 0-1.
    Ratings: 1: 2050, 2: 2100, 3: 2000, 4: 1900.
    Scores: 1: W W L = 2; 2: L D L = 0.5; 3: W L W = 2; 4: L D W = 1.5.
    """
    return event(
        {
            1: "2w1 3w1 4b0",
            2: "1b0 4w= 3w0",
            3: "4w1 1b0 2b1",
            4: "3b0 2b= 1w1",
        },
        ratings={1: 2050, 2: 2100, 3: 2000, 4: 1900},
    )


def context(t: Tournament, rules: str = "2023", rounds: int | None = None) -> EventContext:
    swiss = t.pairing_system is not PairingSystem.ROUND_ROBIN
    return build_context(t, rounds or t.rounds, rules, swiss, explain=True)
