"""Prize sharing rules, by hand (the README's "Prizes" section has the same examples)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trfsite.awards.categories import CategoryLine, CategoryStandings, parse_category
from trfsite.awards.prizes import Prize, PrizeRule, award_prizes, find_prize_rule


def _ranking(code: str, rows: list[tuple[int, float]]) -> CategoryStandings:
    """rows: (player, points) in overall order; ranks by position (no shared ranks)."""
    lines = tuple(CategoryLine(k, k, pid, points) for k, (pid, points) in enumerate(rows, start=1))
    return CategoryStandings(parse_category(code), lines)


def _money(category: str, *amounts: int) -> list[Prize]:
    return [Prize(category, k, Decimal(a)) for k, a in enumerate(amounts, start=1)]


def test_one_prize_per_player_highest_first() -> None:
    # Overall: 1 (6), 2 (5.5), 3 (5, a woman), 4 (4.5), 5 (4), 6 (3.5, a woman).
    # Prizes, highest first: 1000 overall 1 -> 1; 600 overall 2 -> 2; 400 overall 3 -> 3
    # (her 400 beats the women's 300); 300 women 1 -> 6, the best woman left;
    # 150 women 2 -> nobody left.
    overall = _ranking("overall", [(1, 6), (2, 5.5), (3, 5), (4, 4.5), (5, 4), (6, 3.5)])
    women = _ranking("women", [(3, 5), (6, 3.5)])
    prizes = _money("overall", 1000, 600, 400) + _money("women", 300, 150)
    result = award_prizes(prizes, [overall, women], PrizeRule.ONE_PRIZE)
    got = [(a.prize.category, a.prize.place, a.player_id, a.amount) for a in result.awards]
    assert got == [
        ("overall", 1, 1, Decimal(1000)),
        ("overall", 2, 2, Decimal(600)),
        ("overall", 3, 3, Decimal(400)),
        ("women", 1, 6, Decimal(300)),
    ]
    assert [(p.category, p.place) for p in result.unawarded] == [("women", 2)]


def test_one_prize_a_higher_category_prize_wins() -> None:
    # Same players, women's first prize 500 > overall third 400: 3 takes 500
    # (women 1), so overall 3 (400) goes to 4, women 2 (150) to 6.
    overall = _ranking("overall", [(1, 6), (2, 5.5), (3, 5), (4, 4.5), (5, 4), (6, 3.5)])
    women = _ranking("women", [(3, 5), (6, 3.5)])
    prizes = _money("overall", 1000, 600, 400) + _money("women", 500, 150)
    result = award_prizes(prizes, [overall, women], PrizeRule.ONE_PRIZE)
    got = {(a.prize.category, a.prize.place): a.player_id for a in result.awards}
    assert got == {
        ("overall", 1): 1,
        ("overall", 2): 2,
        ("overall", 3): 4,
        ("women", 1): 3,
        ("women", 2): 6,
    }


def test_hort_shares_half_equally() -> None:
    # Overall prizes 1000, 600, 400. Points: 1: 6; 2, 3, 4: 5 each; 5: 4.
    # Players 2-4 hold places 2, 3, 4 worth 600 + 400 + 0 = 1000.
    # Half (500) is shared equally: 500 / 3 = 166.666...; the other half by place:
    #   2: 600 / 2 + 166.67 = 466.67;  3: 400 / 2 + 166.67 = 366.67;  4: 0 + 166.67
    # Player 1 is alone on 6 points: 1000.
    overall = _ranking("overall", [(1, 6), (2, 5), (3, 5), (4, 5), (5, 4)])
    result = award_prizes(_money("overall", 1000, 600, 400), [overall], PrizeRule.HORT)
    got = {a.player_id: a.amount for a in result.awards}
    assert got == {
        1: Decimal("1000"),
        2: Decimal("466.67"),
        3: Decimal("366.67"),
        4: Decimal("166.67"),
    }
    assert "500.00 / 3" in next(a.how for a in result.awards if a.player_id == 4)


def test_hort_two_tied_inside_the_prizes() -> None:
    # Prizes 500, 300. Players 1 and 2 on 5 points: places 1-2 worth 800;
    # 1: 250 + 400 / 2 = 450; 2: 150 + 200 = 350. Player 3 (4 points) gets nothing.
    overall = _ranking("overall", [(1, 5), (2, 5), (3, 4)])
    result = award_prizes(_money("overall", 500, 300), [overall], PrizeRule.HORT)
    assert {a.player_id: a.amount for a in result.awards} == {
        1: Decimal("450.00"),
        2: Decimal("350.00"),
    }


def test_named_prizes_are_not_shared() -> None:
    overall = _ranking("overall", [(1, 5), (2, 5)])
    prizes = [Prize("overall", 1, None, "Trophy"), Prize("overall", 2, None, "Book")]
    result = award_prizes(prizes, [overall], PrizeRule.HORT)
    assert [(a.player_id, a.prize.name, a.amount) for a in result.awards] == [
        (1, "Trophy", None),
        (2, "Book", None),
    ]


def test_unknown_rule_lists_the_known() -> None:
    with pytest.raises(ValueError, match="one-prize, hort"):
        find_prize_rule("split")
