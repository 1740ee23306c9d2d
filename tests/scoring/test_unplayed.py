"""Unplayed rounds: C.07 16.2 categories, 16.3 opponents' view, 16.4 dummies, 16.5 cuts."""

from __future__ import annotations

import random

import pytest

from trfsite.scoring.codes import parse_tiebreak
from trfsite.scoring.modifiers import choose_cuts, cut_sum
from trfsite.scoring.registry import resolve
from trfsite.scoring.unplayed import dummy_score

from .events import bye_event, context, forfeit_event


def value(code: str, rules: str, pid: int, t_factory=forfeit_event, rounds: int | None = None):  # type: ignore[no-untyped-def]
    ctx = context(t_factory(), rules, rounds)
    spec, tb = resolve(code)
    assert tb.compute is not None
    return tb.compute(ctx, spec).values[ctx.index[pid]]


def test_categories_16_2() -> None:
    ctx = context(forfeit_event())
    by_id = {pid: ctx.category[ctx.index[pid]] for pid in ctx.ids}
    assert by_id[1] == [0, 0, 4, 0]  # R3 forfeit loss (double forfeit)
    assert by_id[2] == [2, 0, 0, 0]  # R1 forfeit win
    assert by_id[3] == [0, 0, 4, 5]  # R4: withdrawn, no available-to-play round after
    assert by_id[5] == [4, 3, 0, 1]  # R2 half-point bye followed by a game; R4 bye
    assert by_id[6] == [0, 1, 0, 0]


def test_adjusted_scores_16_3() -> None:
    ctx = context(forfeit_event())
    # 16.3.2: only player 3's withdrawal round counts as a draw: 0.5 + 0.5 = 1.0.
    assert [ctx.adjusted[ctx.index[p]] for p in range(1, 7)] == [2.5, 2.5, 1.0, 3.0, 1.5, 1.5]
    assert ctx.score[ctx.index[3]] == 0.5


def test_half_point_bye_is_a_draw_for_a_withdrawn_player_too() -> None:
    # Player 5 after round 2 only: the R2 half-point bye has no later round in
    # the standings, so it is 16.2.5; as a draw it still counts ½ (16.3.2).
    ctx = context(forfeit_event(), "2026", rounds=2)
    assert ctx.category[ctx.index[5]] == [4, 5]
    assert ctx.adjusted[ctx.index[5]] == 0.5


@pytest.mark.parametrize(
    ("rules", "pid", "rnd", "expected"),
    [
        # 2023 16.4: the dummy has the participant's own score.
        ("2023", 1, 3, 2.5),
        ("2023", 2, 1, 2.5),
        ("2023", 5, 2, 1.5),
        # 2026 16.4.1: forfeits, capped at the scheduled opponent's adjusted score.
        ("2026", 1, 3, 1.0),  # min(2.5, player 3 adjusted 1.0)
        ("2026", 3, 3, 0.5),  # double forfeit: min(0.5, player 1's 2.5)
        ("2026", 2, 1, 1.5),  # forfeit win: min(2.5, player 5's 1.5)
        # 2026 16.4.2: byes, capped at draw x rounds = 0.5 x 4 = 2.0.
        ("2026", 5, 2, 1.5),  # min(1.5, 2.0)
        ("2026", 3, 4, 0.5),  # min(0.5, 2.0)
    ],
)
def test_dummy_scores_16_4(rules: str, pid: int, rnd: int, expected: float) -> None:
    ctx = context(forfeit_event(), rules)
    assert dummy_score(ctx, ctx.index[pid], rnd - 1) == expected


def test_checked_example_half_point_bye_cap_2026() -> None:
    """The kind of case of tiebreak-rule-versions.md: HPB in round 2, cap 0.5 x 5 = 2.5.

    Player 1 (3.5 points) met 4 (1.0), 5 (0.5), 2 (3.5), 3 (3.5).
    BH 2023: 1 + 0.5 + 3.5 + 3.5 + dummy 3.5 = 12.0; 2026: dummy 2.5 -> 11.0.
    SB 2023: 1.0x1 + 3.5x½ + 0.5x1 + 3.5x½ + 3.5x½ = 1 + 1.75 + 0.5 + 1.75 + 1.75
    = 6.75; 2026: the bye gives 2.5x½ = 1.25 -> 6.25.
    FB (Fore scores 4: 1.5, 5: 1.0, 2: 3.0, 3: 3.5, own 3.5) 2023: 1.5 + 1.0 +
    3.0 + 3.5 + 3.5 = 12.5; 2026: dummy min(3.5, 2.5) -> 11.5.
    """
    for code, old, new in (("BH", 12.0, 11.0), ("SB", 6.75, 6.25), ("FB", 12.5, 11.5)):
        assert value(code, "2023", 1, bye_event) == old
        assert value(code, "2026", 1, bye_event) == new


def test_pairing_allocated_bye_dummy() -> None:
    # Player 6: 3 (3.5), U, 2 (3.5), 4 (1.0), 5 (0.5). 2023: dummy 3.5 -> 12.0;
    # 2026: min(3.5, 2.5) -> 11.0 (C.07 16.4.2).
    assert value("BH", "2023", 6, bye_event) == 12.0
    assert value("BH", "2026", 6, bye_event) == 11.0
    # Cut-1: a pairing-allocated bye is not cut first (16.5 names forfeit losses
    # and requested byes only): the lowest, player 5's 0.5, goes.
    assert value("BH-C1", "2023", 6, bye_event) == 11.5
    assert value("BH-C1", "2026", 6, bye_event) == 10.5


def test_cut_exception_16_5_requested_bye() -> None:
    # Player 1: values 1.0, bye 3.5 (2023) / 2.5 (2026), 0.5, 3.5, 3.5.
    # 16.5: the bye's contribution (>= the least significant 0.5) is cut instead.
    assert value("BH-C1", "2023", 1, bye_event) == 12.0 - 3.5
    assert value("BH-C1", "2026", 1, bye_event) == 11.0 - 2.5


@pytest.mark.parametrize(
    ("code", "rules", "pid", "expected"),
    [
        # Player 1: 4 (3.0), 2 (2.5), R3 forfeit loss (2023 2.5; 2026 1.0), 6 (1.5).
        ("BH", "2023", 1, 9.5),
        ("BH", "2026", 1, 8.0),
        ("BH-C1", "2023", 1, 7.0),  # 16.5: forfeit loss 2.5 cut, not the 1.5
        ("BH-C1", "2026", 1, 7.0),  # 16.5: the forfeit loss (1.0) is also the lowest
        # Player 2: forfeit win (2023 2.5; 2026 1.5), 1 (2.5), 6 (1.5), 4 (3.0).
        ("BH", "2023", 2, 9.5),
        ("BH", "2026", 2, 8.5),
        ("BH-C1", "2023", 2, 8.0),  # a forfeit win is no exception: cut 1.5
        ("BH-C1", "2026", 2, 7.0),
        # Player 3: 6 (1.5), 4 (3.0), forfeit loss 0.5, withdrawal 0.5 (both rules).
        ("BH", "2023", 3, 5.5),
        ("BH-C1", "2023", 3, 5.0),
        ("BH-C2", "2026", 3, 4.5),
        # Player 5: forfeit loss 1.5, half-point bye 1.5, 4 (3.0), bye 1.5.
        ("BH", "2026", 5, 7.5),
        ("BH-C1", "2023", 5, 6.0),
        ("BH-M1", "2023", 5, 3.0),  # 7.5 - 1.5 (forfeit loss, 16.5) - 3.0 (highest)
        # Player 6: 3 counts 1.0 (16.3.2), bye 1.5, 2 (2.5), 1 (2.5).
        ("BH", "2023", 6, 7.5),
        ("BH-C1", "2026", 6, 6.5),
        # Player 4 has no unplayed round: 1 (2.5), 3 (1.0), 5 (1.5), 2 (2.5).
        ("BH", "2026", 4, 7.5),
        ("BH-C1", "2026", 4, 6.5),
        ("BH-C2", "2026", 4, 5.0),
        ("BH-M1", "2026", 4, 4.0),
    ],
)
def test_buchholz_with_forfeits_and_withdrawals(
    code: str, rules: str, pid: int, expected: float
) -> None:
    assert value(code, rules, pid) == expected


def test_forfeits_as_played_modifier() -> None:
    # BH/P: forfeits are games. Player 1's R3 opponent 3 counts 1.0 (adjusted):
    # 3.0 + 2.5 + 1.0 + 1.5 = 8.0 under both rule sets.
    assert value("BH/P", "2023", 1) == 8.0
    # Player 2's forfeit win counts player 5's 1.5: 1.5 + 2.5 + 1.5 + 3.0 = 8.5.
    assert value("BH/P", "2023", 2) == 8.5
    # With /P a forfeit loss is no longer cut first: player 1 BH/P-C1 = 8.0 - 1.0.
    assert value("BH/C1/P", "2023", 1) == 7.0


def test_sonneborn_berger_cut_where_16_5_does_not_apply() -> None:
    # Player 1 2023: 4 3.0x1, 2 2.5x½, forfeit loss dummy 2.5x0, 6 1.5x1
    # = 3 + 1.25 + 0 + 1.5 = 5.75.
    assert value("SB", "2023", 1) == 5.75
    # SB-C1: the least significant is the lowest opponent score (6, 1.5 -> 1.5);
    # the forfeit loss contributes 0, lower than 1.5, so no exception (16.5):
    # the least significant value is cut: 5.75 - 1.5 = 4.25.
    assert value("SB-C1", "2023", 1) == 4.25
    # 2026: the forfeit loss dummy scores 1.0, the lowest opponent score, so it
    # is the least significant value itself and is cut: 5.75 - 0 = 5.75.
    assert value("SB", "2026", 1) == 5.75
    assert value("SB-C1", "2026", 1) == 5.75
    # Player 2: forfeit win dummy (2023 2.5x1; 2026 1.5x1) + 2.5x½ + 1.5x1 + 3.0x0.
    assert value("SB", "2023", 2) == 2.5 + 1.25 + 1.5
    assert value("SB", "2026", 2) == 1.5 + 1.25 + 1.5
    # Player 5: 1.5x0 + 1.5x½ + 3.0x0 + 1.5x1 = 2.25 (both rule sets).
    assert value("SB", "2026", 5) == 2.25


def test_fore_buchholz_with_forfeits() -> None:
    # Fore scores: 1: 2.0, 2: 3.0, 3: 0.5 (adjusted 1.0), 4: 2.5, 5: 1.5, 6: 2.0.
    # Player 1: 4 2.5 + 2 3.0 + forfeit loss (2023 own 2.0; 2026 min(2.0, 1.0)) + 6 2.0.
    assert value("FB", "2023", 1) == 9.5
    assert value("FB", "2026", 1) == 8.5
    assert value("BH/F", "2026", 1) == 8.5
    # Player 2: forfeit win (2023 own 3.0; 2026 min(3.0, 5's 1.5)) + 1 2.0 + 6 2.0 + 4 2.5.
    assert value("FB", "2023", 2) == 9.5
    assert value("FB", "2026", 2) == 8.0


def test_rounds_covered_cap_for_intermediate_standings() -> None:
    # After round 2 (16.4.2 "number of rounds" = 2, cap 0.5 x 2 = 1.0).
    # Player 6: 3 (0.5 after two rounds) + bye: 2023 own 1.5 -> 2.0; 2026 min(1.5, 1.0) -> 1.5.
    assert value("BH", "2023", 6, rounds=2) == 2.0
    assert value("BH", "2026", 6, rounds=2) == 1.5
    # Player 2: forfeit win against 5 (0.5 after round 2) + 1 (1.5):
    # 2023 own 1.5 + 1.5 = 3.0; 2026 min(1.5, 0.5) + 1.5 = 2.0.
    assert value("BH", "2023", 2, rounds=2) == 3.0
    assert value("BH", "2026", 2, rounds=2) == 2.0


def test_choose_cuts_directly() -> None:
    # Values 1, 4, 2 (unplayed), 3: Cut-2 removes the unplayed 2 (16.5), then 1.
    cuts = choose_cuts([1.0, 4.0, 2.0, 3.0], 2, 0, None, [False, False, True, False])
    assert [c.position for c in cuts] == [2, 0]
    assert "16.5" in cuts[0].why and "14.1" in cuts[1].why
    # Median-1 without unplayed rounds: lowest then highest.
    assert [c.position for c in choose_cuts([1.0, 4.0, 2.0], 1, 1)] == [0, 1]
    assert choose_cuts([5.0], 2, 2) and len(choose_cuts([5.0], 2, 2)) == 1


def test_explanations_name_cut_and_cap() -> None:
    ctx = context(bye_event(), "2026")
    spec, tb = resolve("BH-C1")
    assert tb.compute is not None
    found = tb.compute(ctx, spec).explanations
    assert found is not None
    mine = found[ctx.index[1]]
    bye = [c for c in mine.contributions if c.round == 2][0]
    assert bye.value == 2.5 and bye.cut and "16.5" in bye.why
    assert "min(own score 3.5, draw 0.5 x 5 rounds = 2.5)" in bye.label
    assert sum(c.value or 0 for c in mine.contributions if not c.cut) == mine.value == 8.5
    assert parse_tiebreak("BH-C1").short == "BH-C1"


@pytest.mark.parametrize("seed", range(20))
def test_cut_sum_totals_what_choose_cuts_cuts(seed: int) -> None:
    # cut_sum takes shortcuts (sorted ends; Cut-1 with a 16.5 candidate): the same values
    # cut. Quarters add up exactly, whichever way the total is summed.
    rng = random.Random(seed)
    for _ in range(200):
        n = rng.randint(1, 12)
        values = [rng.randint(0, 40) / 4 for _ in range(n)]
        cut_first = [rng.random() < 0.3 for _ in range(n)] if rng.random() < 0.8 else None
        low, high = rng.choice([(1, 0), (2, 0), (1, 1), (0, 1), (0, 0), (3, 2)])
        keys = list(zip(values, values, strict=True)) if rng.random() < 0.2 else None
        cuts = choose_cuts(values, low, high, keys, cut_first, reasons=False)
        expected = sum(values) - sum(values[c.position] for c in cuts)
        assert cut_sum(values, low, high, keys, cut_first) == expected
