"""Own-record tie-breaks (C.07 Art. 7) and the 2026 additions STD, TPN, RTNG."""

from __future__ import annotations

import pytest

from trfsite.model import ScoringSystem
from trfsite.scoring.registry import resolve

from .builders import event
from .events import context, forfeit_event, round_robin_event


def values(  # type: ignore[no-untyped-def]
    code: str, rules: str = "2023", t=None, unrated: int | None = None
) -> list[float | None]:
    from trfsite.model import PairingSystem
    from trfsite.scoring.context import build_context

    t = t or forfeit_event()
    swiss = t.pairing_system is not PairingSystem.ROUND_ROBIN
    ctx = build_context(t, t.rounds, rules, swiss, unrated, explain=True)
    spec, tb = resolve(code)
    assert tb.compute is not None
    return tb.compute(ctx, spec).values


# forfeit_event, players 1..6 (see events.py).
@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # 7.1 WIN: rounds with a win's points, played or not (2's forfeit win,
        # 5's and 6's byes count).
        ("WIN", [2, 2, 0, 3, 1, 1]),
        # 7.2 WON: over the board only (Swiss: forfeits excluded, 6.1.1/16).
        ("WON", [2, 1, 0, 3, 0, 0]),
        ("WON/P", [2, 2, 0, 3, 0, 0]),
        # 7.3 BPG: 1 R2; 2 R4; 3 R3 was a forfeit; 4 R1, R2; 5 R3 (R1 forfeit); 6 R1, R3, R4.
        ("BPG", [1, 1, 0, 2, 1, 3]),
        ("BPG/P", [1, 1, 1, 2, 2, 3]),
        # 7.4 BWG: only 4 won with black (R2).
        ("BWG", [0, 0, 0, 1, 0, 0]),
        # 7.6 GE: 4 rounds minus HPB, ZPB and forfeit losses:
        # 1: 4-1; 2: 4; 3: 4-2 (forfeit loss, withdrawal); 4: 4; 5: 4-2 (forfeit loss, HPB); 6: 4.
        ("GE", [3, 4, 2, 4, 2, 4]),
        ("REP", [3, 4, 2, 4, 2, 4]),
        ("GE/P", [4, 4, 3, 4, 3, 4]),
        # STD (2026): 1: 1 + ½ + 0 (double forfeit: no game, 0 < a draw) + 1 = 2.5;
        # 2: 1 (forfeit win > a draw) + ½ + 1 + 0 = 2.5; 3: ½ + 0 + 0 + 0 = 0.5;
        # 4: 0 + 1 + 1 + 1 = 3; 5: 0 + ½ (HPB = a draw) + 0 + 1 (bye) = 1.5;
        # 6: ½ + 1 + 0 + 0 = 1.5.
        ("STD", [2.5, 2.5, 0.5, 3.0, 1.5, 1.5]),
        # TPN: the pairing number; RTNG: the rating (2000 - 10 x id in the builder).
        ("TPN", [1, 2, 3, 4, 5, 6]),
        ("RTNG", [1990, 1980, 1970, 1960, 1950, 1940]),
    ],
)
def test_swiss_counts(code: str, expected: list[float]) -> None:
    assert values(code) == expected


def test_round_robin_forfeits_15_2_both_rule_sets() -> None:
    t = round_robin_event()
    # 2023, 15.2: the forfeit is a regular game. 3 played R1 (forfeit loss) and
    # R2 with black: BPG 2; 4 played R1 and R3 with black: 2.
    assert values("BPG", "2023", t) == [1, 1, 2, 2]
    # 2026: a forfeit loss stays unplayed for Art. 7, so 3 has only R2.
    assert values("BPG", "2026", t) == [1, 1, 1, 2]
    # WON: 2's forfeit win is a game won in a round robin under both rule sets.
    assert values("WON", "2023", t) == [2, 2, 2, 0]
    assert values("WON", "2026", t) == [2, 2, 2, 0]
    # GE: 2023 the forfeit loss is a game (3 rounds); 2026 it is not elected (3 - 1).
    assert values("GE", "2023", t) == [3, 3, 3, 3]
    assert values("GE", "2026", t) == [3, 3, 2, 3]


def test_scoring_3_1_0() -> None:
    t = event(
        {1: "2w1 3b=", 2: "1b0 H", 3: "U 1w="},
        scoring=ScoringSystem(win=3.0, draw=1.0, loss=0.0),
    )
    # WIN counts rounds worth 3 points: 1 R1; 3 R1 bye (pairing bye = a win).
    assert values("WIN", t=t) == [1, 0, 1]
    # STD counts 1-½-0 whatever the scoring: 1: 1 + ½; 2: 0 + ½ (HPB worth a
    # draw's 1 point); 3: 1 (bye 3 > 1) + ½.
    assert values("STD", t=t) == [1.5, 0.5, 1.5]


def test_unrated_rating_for_rtng() -> None:
    t = event({1: "2w1", 2: "1b0"}, ratings={1: 2100, 2: None})
    assert values("RTNG", t=t) == [2100, None]
    assert values("RTNG", t=t, unrated=1400) == [2100, 1400]


def test_tpn_is_lower_is_better_and_reverse_flips() -> None:
    assert resolve("TPN")[1].lower_is_better
    assert resolve("DE")[1].lower_is_better
    assert not resolve("RTNG")[1].lower_is_better
    assert resolve("RTNG/R")[0].reverse


def test_context_sanity() -> None:
    ctx = context(forfeit_event())
    assert ctx.score == [2.5, 2.5, 0.5, 3.0, 1.5, 1.5]
