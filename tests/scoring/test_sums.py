"""PS (C.07 7.5), KS (9.2, 14.5), AOB (8.2), repeated pairings (4.4), round robins (15.2)."""

from __future__ import annotations

import pytest

from trfsite.model import PairingSystem, ScoringSystem, Tournament
from trfsite.scoring.context import build_context
from trfsite.scoring.registry import resolve

from .builders import event
from .events import forfeit_event, round_robin_event


def values(
    code: str, t: Tournament, rules: str = "2023", rounds: int | None = None
) -> list[float | None]:
    swiss = t.pairing_system is not PairingSystem.ROUND_ROBIN
    ctx = build_context(t, rounds or t.rounds, rules, swiss, explain=True)
    spec, tb = resolve(code)
    assert tb.compute is not None
    return tb.compute(ctx, spec).values


def test_progressive_scores_and_cuts() -> None:
    t = forfeit_event()
    # Running scores: 1: 1, 1.5, 1.5, 2.5 = 6.5; 4: 0, 1, 2, 3 = 6; 5: 0, .5, .5, 1.5 = 2.5.
    ps = values("PS", t)
    assert (ps[0], ps[3], ps[4]) == (6.5, 6.0, 2.5)
    # PS-C1 leaves out the score after round 1 (14.1.1 c): 1: 5.5; 4: 6.0; 5: 2.5.
    c1 = values("PS-C1", t)
    assert (c1[0], c1[3], c1[4]) == (5.5, 6.0, 2.5)
    # PS-C2: also round 2: 1: 1.5 + 2.5 = 4.0. PS-M1: rounds 2 and 3: 1: 1.5 + 1.5 = 3.0.
    assert values("PS-C2", t)[0] == 4.0
    assert values("PS-M1", t)[0] == 3.0


def test_koya_and_its_limit() -> None:
    t = round_robin_event()  # scores 2, 2, 2, 0; 3 rounds, at most 3 points
    # Limit 50% of 3 = 1.5: players 1, 2, 3 qualify. Points against them:
    # 1: beat 2 (1) + lost to 3 = 1; 2: beat 3 by forfeit (a game in a round
    # robin, 15.2) = 1; 3: beat 1 = 1; 4: 0.
    assert values("KS", t) == [1, 1, 1, 0]
    # /L+1 raises the limit by half a point to 2.0: the same three qualify.
    assert values("KS/L+1", t) == [1, 1, 1, 0]
    # /L+2: limit 2.5, nobody qualifies.
    assert values("KS/L+2", t) == [0, 0, 0, 0]
    # /L-4: limit 1.5 - 2 = -0.5, everyone qualifies: the points of every game (2, 2, 2, 0).
    assert values("KS-L-4", t) == [2, 2, 2, 0]


def test_koya_counts_forfeit_wins_in_swiss_too() -> None:
    # C.07 (2023) 9.2: "points achieved against" participants with at least 50%, not
    # games played (contrast 7.2 WON, 10.1 ARO); FIDE's reference counts forfeit wins.
    t = event({2: "3w+ U", 3: "2b- U"})  # limit: 50% of 2 rounds = 1; 2 has 2, 3 has 1
    assert values("KS", t) == [1, 0]  # 2's forfeit win against 3 (1 >= 1)
    assert values("KS/P", t) == [1, 0]  # /P changes nothing for KS


def test_koya_maximum_ignores_the_rest_round_of_an_odd_round_robin() -> None:
    # 3 players, 3 rounds, each rests once (zero-point bye): at most 2 points,
    # limit 1. 1 beat 2 and 3 (2 points), 2 beat 3 (1), 3 has 0.
    t = event(
        {1: "2w1 3b1 Z", 2: "1b0 Z 3w1", 3: "Z 1w0 2b0"},
        system=PairingSystem.ROUND_ROBIN,
    )
    # KS: points against 1 and 2 (scores >= 1): 1: beat 2 = 1; 2: 0 (lost to 1); 3: 0.
    assert values("KS", t) == [1, 0, 0]


def test_sonneborn_berger_and_buchholz_in_a_round_robin() -> None:
    t = round_robin_event()
    # 15.2: forfeits are games, no dummy. SB 1: beat 4 (0) + beat 2 (2) = 2;
    # 2: beat 3 by forfeit (2) + beat 4 (0) = 2; 3: beat 4 (0) + beat 1 (2) = 2; 4: 0.
    assert values("SB", t) == [2, 2, 2, 0]
    # BH: 1: 0 + 2 + 2 = 4; 2: 2 + 2 + 0 = 4; 3: 2 + 0 + 2 = 4; 4: 2 + 2 + 2 = 6.
    assert values("BH", t, "2026") == [4, 4, 4, 6]


def test_scoring_3_1_0_sonneborn_berger() -> None:
    t = round_robin_event()
    t = Tournament(
        source_format=t.source_format,
        players=t.players,
        pairing_system=t.pairing_system,
        scoring=ScoringSystem(win=3.0, draw=1.0, loss=0.0),
    )
    # Scores 6, 6, 6, 0; SB 1: 0 x 3 + 6 x 3 = 18 (points scored in the event's scoring).
    assert values("SB", t) == [18, 18, 18, 0]


def test_repeated_pairing_counts_twice_4_4() -> None:
    # 1 and 2 met twice (1-0, ½-½); 3 had byes. Scores 1: 1.5, 2: 0.5, 3: 2 (U, U).
    t = event({1: "2w1 2b=", 2: "1b0 1w=", 3: "U U"})
    # BH 1: 2's 0.5 twice = 1.0; 2: 1.5 twice = 3.0 (C.07 4.4).
    bh = values("BH", t)
    assert (bh[0], bh[1]) == (1.0, 3.0)
    # SB 1: 0.5 x 1 + 0.5 x ½ = 0.75.
    assert values("SB", t)[0] == 0.75


@pytest.mark.parametrize(
    ("rules", "expected_4", "expected_1"),
    [
        # 2023 BH: 1 9.5, 2 9.5, 3 5.5, 5 7.5, 6 7.5.
        # AOB 4 (opponents 1, 3, 5, 2): (9.5 + 5.5 + 7.5 + 9.5) / 4 = 8.0;
        # AOB 1 (games against 4, 2, 6; R3 was a forfeit): (7.5 + 9.5 + 7.5) / 3 = 8.1666..
        ("2023", 8.0, 8.166667),
        # 2026 BH: 1 8.0, 2 8.5, 3 5.5, 4 7.5, 5 7.5, 6 7.5.
        # AOB 4: (8.0 + 5.5 + 7.5 + 8.5) / 4 = 7.375; AOB 1: (7.5 + 8.5 + 7.5) / 3 = 7.8333..
        ("2026", 7.375, 7.833333),
    ],
)
def test_average_of_opponents_buchholz(rules: str, expected_4: float, expected_1: float) -> None:
    found = values("AOB", forfeit_event(), rules)
    assert found[3] == expected_4
    assert found[0] == pytest.approx(expected_1, abs=1e-6)


def test_aob_over_fore_buchholz() -> None:
    # 2026 FB (Fore scores 1: 2.0, 2: 3.0, 3: 0.5/adj 1.0, 4: 2.5, 5: 1.5, 6: 2.0):
    # FB 1 8.5 (see test_unplayed); FB 3: 6 2.0 + 4 2.5 + forfeit min(0.5, 2.0) +
    # withdrawal min(0.5, 2.0) = 5.5; FB 5: forfeit min(1.5, 3.0) + bye 1.5 + 4 2.5
    # + bye 1.5 = 7.0; FB 2 8.0.
    # AOB/F 4 (opponents 1, 3, 5, 2): (8.5 + 5.5 + 7.0 + 8.0) / 4 = 7.25.
    assert values("AOB/F", forfeit_event(), "2026")[3] == 7.25


def test_sb_accounts_of_one_opponent_follow_each_players_points() -> None:
    # C.07 9.1 (2023): SB = sum of opponent's score x points scored against them.
    # R1: 1-3 1-0, 2-4 1-0; R2: 1-4 1-0, 3-2 ½-½. Scores 1: 2, 2: 1½, 3: ½, 4: 0.
    # 1 and 2 both met 3 (score ½) with different results, so their accounts differ:
    # 1: ½ x 1 + 0 x 1 = 0.5; 2: 0 x 1 + ½ x ½ = 0.25.
    t = event({1: "3w1 4w1", 2: "4w1 3b=", 3: "1b0 2w=", 4: "2b0 1b0"})
    spec, tb = resolve("SB")
    assert tb.compute is not None
    found = tb.compute(build_context(t, 2, "2023", True, explain=True), spec)
    assert found.values[:2] == [0.5, 0.25]
    assert found.explanations is not None
    first, second = found.explanations[0], found.explanations[1]
    assert first.contributions[0].label == "opponent 3 Player 3: score 0.5; x points scored 1 = 0.5"
    assert second.contributions[1].label == (
        "opponent 3 Player 3: score 0.5; x points scored 0.5 = 0.25"
    )
