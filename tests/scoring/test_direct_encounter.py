"""Direct encounter (C.07 Art. 6; the same in 2023 and 2026): ranks inside a tied group."""

from __future__ import annotations

import pytest

from trfsite.model import PairingSystem, ScoringSystem, Tournament
from trfsite.scoring import direct_encounter
from trfsite.scoring.codes import parse_tiebreak
from trfsite.scoring.context import build_context
from trfsite.scoring.direct_encounter import direct_encounter_ranks

from .builders import event
from .events import round_robin_event


def ranks(
    t: Tournament, group: list[int], code: str = "DE", swiss: bool | None = None
) -> list[float]:
    if swiss is None:
        swiss = t.pairing_system is not PairingSystem.ROUND_ROBIN
    ctx = build_context(t, t.rounds, "2026", swiss, explain=True)
    found, why = direct_encounter_ranks(ctx, parse_tiebreak(code), [ctx.index[p] for p in group])
    assert why is not None and len(why) == len(group)
    return found


def test_6_2_all_met_then_reapplied_to_the_tied_pair() -> None:
    # 1 beat 2 and 3; 2-3 drew. Separate standings 1: 2, 2: ½, 3: ½ -> 1 first;
    # 2 and 3 reapply Art. 6 between themselves: ½ each, still tied.
    t = event({1: "2w1 3w1 U", 2: "1b0 U 3w=", 3: "U 1b0 2b="})
    assert ranks(t, [1, 2, 3]) == [1, 2, 2]


def test_6_2_reapplied_subset_breaks_the_tie() -> None:
    # 1 beat 2 and 3, 2 beat 3: separate standings 2, 1, 0 -> ranks 1, 2, 3.
    t = event({1: "2w1 3w1 U", 2: "1b0 U 3w1", 3: "U 1b0 2b0"})
    assert ranks(t, [1, 2, 3]) == [1, 2, 3]
    # Asked about 2 and 3 only, 2 is first.
    assert ranks(t, [3, 2]) == [2, 1]


def test_cycle_stays_tied() -> None:
    # 1 beat 2, 2 beat 3, 3 beat 1: one point each.
    t = event({1: "2w1 U 3b0", 2: "1b0 3w1 U", 3: "U 2b0 1w1"})
    assert ranks(t, [1, 2, 3]) == [1, 1, 1]


def test_6_1_2_repeated_games_use_the_average() -> None:
    # 1-2 met twice (1-0, ½-½): addends 0.75 and 0.25. 3 beat 1, 2 beat 3.
    # 1: 0.75 + 0 = 0.75; 2: 0.25 + 1 = 1.25; 3: 1 + 0 = 1.0 -> order 2, 3, 1.
    # (Summing both games instead would tie 1 and 2 at 1.5.)
    t = event(
        {
            1: "2w1 2b= 3b0 U",
            2: "1b0 1w= U 3w1",
            3: "U U 1w1 2b0",
        }
    )
    assert ranks(t, [1, 2, 3]) == [3, 1, 2]


def test_6_3_swiss_certainty_then_reapply() -> None:
    # 1 beat 2, 3 and 4; 2 beat 3 and 4; 3-4 never met. Scores 3, 2, 0, 0;
    # missing games: 3 and 4 one each. 1: 3 > max(2, 0+1, 0+1) -> first;
    # 2: 2 > max(0+1, 0+1) -> second; 3 and 4 have not met: still tied.
    t = event(
        {
            1: "2w1 3w1 4w1",
            2: "1b0 4w1 3w1",
            3: "U 1b0 2b0",
            4: "U 2b0 1b0",
        }
    )
    assert ranks(t, [1, 2, 3, 4]) == [1, 2, 3, 3]
    # Not a Swiss event: 6.3 does not apply, and not all have met: no decision.
    assert ranks(t, [1, 2, 3, 4], swiss=False) == [1, 1, 1, 1]


def test_6_3_no_certainty() -> None:
    # Only 1-2 was played (1 won); 3 met neither. 1's worst case 1 + 0 is not
    # more than 3's best case 0 + 2 missing wins, so nobody is certain: tied.
    t = event({1: "2w1 U", 2: "1b0 U", 3: "U U"})
    assert ranks(t, [1, 2, 3]) == [1, 1, 1]


def test_6_1_1_forfeits_excluded_in_swiss_unless_p() -> None:
    t = event({2: "3w+", 3: "2b-"})
    assert ranks(t, [2, 3]) == [1, 1]  # the forfeit does not count: never met
    assert ranks(t, [2, 3], "DE/P") == [1, 2]  # /P: forfeits as played


def test_forfeits_count_in_round_robin_15_2() -> None:
    t = round_robin_event()
    # 2 beat 3 by forfeit in R1: a game in a round robin, so 2 is ahead.
    assert ranks(t, [2, 3]) == [1, 2]
    # 1 beat 2, 2 beat 3 (forfeit), 3 beat 1: one point each, tied.
    assert ranks(t, [1, 2, 3]) == [1, 1, 1]


def test_a_player_not_tied_gets_zero() -> None:
    # DE does not apply to a participant alone in their group: 0, as FIDE's reference
    # checker and Vega print it (C.07 2023 Art. 6 ranks only tied participants).
    t = event({1: "U"})
    assert ranks(t, [1]) == [0]


def test_a_large_unmet_group_names_its_first_and_last_players() -> None:
    # C.07 6.3 (Swiss): 20 players, 10 games 1-0 in one round, all 10 winners on 1 point
    # and none of them met: no one is certain to be first, the tie stands. The note names
    # at most 12 ids (the first 11 and the last): a one-round open of 9,000 players listed
    # 4,500 ids in each of its 4,500 winners' notes (189 MB of --explain JSON).
    rows = {}
    for board in range(10):
        white, black = 2 * board + 1, 2 * board + 2
        rows[white], rows[black] = f"{black}w1", f"{white}b0"
    winners = list(range(1, 21, 2)) + [21, 23]  # 12 ids: still listed in full
    rows[21], rows[22], rows[23], rows[24] = "22w1", "21b0", "24w1", "23b0"
    t = event(rows)
    ctx = build_context(t, t.rounds, "2026", True, explain=True)
    group = [ctx.index[p] for p in winners]
    found, why = direct_encounter_ranks(ctx, parse_tiebreak("DE"), group)
    assert found == [1.0] * 12 and why is not None
    assert "players 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23 have not all met" in str(
        why[0].notes[0]
    )
    rows[25], rows[26] = "26w1", "25b0"  # a 13th winner: the middle is left out
    t = event(rows)
    ctx = build_context(t, t.rounds, "2026", True, explain=True)
    group = [ctx.index[p] for p in [*winners, 25]]
    found, why = direct_encounter_ranks(ctx, parse_tiebreak("DE"), group)
    assert found == [1.0] * 13 and why is not None
    assert "players 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, \u2026, 25 have not all met" in str(
        why[0].notes[0]
    )


def test_a_tied_group_that_never_met_is_one_block_without_its_encounters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Issue 39: 2,039 of the 2,052 groups DE ranks in a 2,000-player open's standings after
    # each round met no one among them. One round: 1 beat 3, 2 beat 4, 5 drew with 6.
    # 1 and 2 never met (Swiss): each scored 0 among them and misses 1 game, 1's worst
    # case 0 + 0 x 1 is not above 2's best 0 + 1 x 1 (6.3), so both are 1. On main the
    # group's encounters were made and ordered (one ``_Encounters``) to find that.
    made: list[list[int]] = []
    real = direct_encounter._Encounters

    def counted(ctx, spec, group):  # type: ignore[no-untyped-def]
        made.append(group)
        return real(ctx, spec, group)

    monkeypatch.setattr(direct_encounter, "_Encounters", counted)
    rows = {1: "3w1", 2: "4w1", 3: "1b0", 4: "2b0", 5: "6w=", 6: "5b="}
    t = event(rows)
    ctx = build_context(t, t.rounds, "2026", True)
    de = parse_tiebreak("DE")
    assert direct_encounter_ranks(ctx, de, [ctx.index[1], ctx.index[2]]) == ([1.0, 1.0], None)
    assert made == []
    # 5 and 6 met (a draw, all met: 6.2 ties them): their encounters are read.
    assert direct_encounter_ranks(ctx, de, [ctx.index[5], ctx.index[6]]) == ([1.0, 1.0], None)
    assert made == [[ctx.index[5], ctx.index[6]]]
    # A loss worth more than a win (1-½-2, no FIDE event's): 1's worst case 0 + 2 x 1
    # beats 2's best 0 + 1 x 1, so 6.3 puts 1 alone on top: the group is ordered.
    t = event(rows, scoring=ScoringSystem(win=1.0, draw=0.5, loss=2.0))
    ctx = build_context(t, t.rounds, "2026", True)
    assert direct_encounter_ranks(ctx, de, [ctx.index[1], ctx.index[2]]) == ([1.0, 2.0], None)
    assert len(made) == 2
