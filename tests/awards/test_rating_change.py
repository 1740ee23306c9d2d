"""Rating change, FIDE Rating Regulations B.02 (rules of 1 January 2024), by hand.

8.3.1 games over the board against rated opponents, a difference over 400 counts
as 400; 8.3.2 We from table 8.1(b), change = K x sum(W - We); 8.3.3 K = 40 until
the end of the year of the 18th birthday while under 2300, 20 under 2400, 10 from
2400, K x n <= 700. Table 8.1(b) bands used below (higher-rated player's PD):
|D| 0-3: .50, 47-53: .57, 99-106: .64, 392-411: .92, 560-619: .98.
"""

from __future__ import annotations

import datetime as dt

import pytest

from trfsite.awards.rating_change import one_decimal, rating_change_for, rating_changes

from .build import rated_event


def test_junior_k40_under_2300() -> None:
    # Player 1: 1800, born 2010 -> under 18 until the end of 2028; event 2026 -> K = 40.
    # R1 beats 2 (1900): D = -100 -> We = 1 - .64 = .36, W - We = +.64
    # R2 draws 3 (1700): D = +100 -> We = .64, W - We = .5 - .64 = -.14
    # change = 40 x (.64 - .14) = 40 x .50 = +20.0
    t = rated_event(
        {1: (1800, "2010/00/00"), 2: (1900, ""), 3: (1700, "")},
        [(1, 1, 2, "1"), (2, 3, 1, "=")],
    )
    change = rating_change_for(t, 1)
    assert change is not None and change.k is not None
    assert change.k.value == 40
    assert [(g.expected, g.delta) for g in change.games] == [(0.36, 0.64), (0.64, -0.14)]
    assert change.value == pytest.approx(20.0)
    assert one_decimal(change.value) == "+20.0"


@pytest.mark.parametrize(
    ("birth", "k"),
    [
        ("2008/12/31", 40),  # 18 on 31 Dec 2026: K 40 to the end of 2026
        ("2008/00/00", 40),  # year only: same year of the 18th birthday
        ("2007/01/01", 20),  # 18 on 1 Jan 2025: junior K ended with 2025
        ("", 20),  # no birth date: the adult K
    ],
)
def test_k_at_the_18th_birthday_boundary(birth: str, k: int) -> None:
    # Player 1 (2000) beats 2 (2000): D = 0 -> We = .50; change = K x .50.
    t = rated_event({1: (2000, birth), 2: (2000, "")}, [(1, 1, 2, "1")])
    change = rating_change_for(t, 1)
    assert change is not None and change.k is not None
    assert change.k.value == k
    assert change.value == pytest.approx(k * 0.5)


def test_junior_at_2300_gets_20() -> None:
    # born 2012, event 2026: junior, but rating 2300 is not under 2300 -> K = 20.
    # Draw with 2300: We .50, W - We 0 -> change 20 x 0 = 0.0
    t = rated_event({1: (2300, "2012/03/04"), 2: (2300, "")}, [(1, 1, 2, "=")])
    change = rating_change_for(t, 1)
    assert change is not None and change.k is not None and change.k.value == 20
    assert one_decimal(change.value) == "0.0"


def test_k10_from_2400_and_the_400_point_rule() -> None:
    # 1 (2500) draws 2 (1900): D = 600 counts as 400 (8.3.1) -> We .92, not .98.
    #   player 1: K 10, .5 - .92 = -.42 -> -4.2
    #   player 2: K 20 (no birth date), We .08, .5 - .08 = +.42 -> +8.4
    # 1 (2500) beats 3 (2450): D = 50 -> We .57, 1 - .57 = +.43 -> 10 x .43 = +4.3
    # player 1 total: 10 x (-.42 + .43) = +0.1
    t = rated_event(
        {1: (2500, ""), 2: (1900, ""), 3: (2450, "")},
        [(1, 1, 2, "="), (2, 3, 1, "0")],
    )
    changes = rating_changes(t)
    one, two = changes[1], changes[2]
    assert one.k is not None and one.k.value == 10
    assert [g.difference for g in one.games] == [400, 50]
    assert [g.expected for g in one.games] == [0.92, 0.57]
    assert one.value == pytest.approx(0.1)
    assert two.k is not None and two.k.value == 20
    assert two.games[0].difference == -400 and two.games[0].expected == 0.08
    assert two.value == pytest.approx(8.4)


def test_config_override() -> None:
    # A new player's K 40 from the config, rating 2100, adult: beats 2 (2100):
    # We .50 -> 40 x .50 = +20.0 (the table's K would be 20 -> +10.0).
    t = rated_event({1: (2100, "1980/01/01"), 2: (2100, "")}, [(1, 1, 2, "1")])
    change = rating_change_for(t, 1, {1: 40})
    assert change is not None and change.k is not None and change.k.value == 40
    assert change.value == pytest.approx(20.0)
    assert rating_change_for(t, 1) is not None
    assert rating_change_for(t, 1).value == pytest.approx(10.0)  # type: ignore[union-attr]


def test_the_700_cap() -> None:
    # A junior (K 40) plays 18 rated games: 40 x 18 = 720 > 700 -> K = 700 // 18 = 38.
    # He beats 18 opponents rated like him: 18 x (1 - .50) = 9.0 -> 38 x 9 = +342.0
    players: dict[int, tuple[int | None, str]] = {1: (1500, "2015/00/00")}
    games = []
    for r in range(1, 19):
        players[r + 1] = (1500, "")
        games.append((r, 1, r + 1, "1"))
    t = rated_event(players, games)
    change = rating_change_for(t, 1)
    assert change is not None and change.k is not None
    assert change.k.value == 38
    assert "700" in change.k.reason
    assert change.value == pytest.approx(342.0)
    # 17 games: 40 x 17 = 680 <= 700, K stays 40.
    shorter = rating_change_for(t, 1, after_round=17)
    assert shorter is not None and shorter.k is not None and shorter.k.value == 40


def test_only_rated_games_against_rated_opponents_count() -> None:
    # Player 1 (2000, adult K 20): R1 forfeit win, R2 'W' (under one move), R3 half bye,
    # R4 beats unrated 4, R5 beats 5 (2000): only R5 counts: 20 x (1 - .50) = +10.0
    t = rated_event(
        {1: (2000, ""), 2: (2000, ""), 3: (2000, ""), 4: (None, ""), 5: (2000, "")},
        [(1, 1, 2, "+"), (2, 1, 3, "W"), (4, 1, 4, "1"), (5, 5, 1, "0")],
        byes=[(3, 1, "H")],
    )
    changes = rating_changes(t)
    assert [g.round for g in changes[1].games] == [5]
    assert changes[1].value == pytest.approx(10.0)
    # The unrated player gets no change (null), not zero.
    assert changes[4].value is None and changes[4].k is None


def test_event_year_from_the_end_date() -> None:
    # Born 2008: junior through 2026; an event dated 2027 gives the adult K 20.
    t = rated_event(
        {1: (2000, "2008/06/01"), 2: (2000, "")}, [(1, 1, 2, "1")], start=dt.date(2027, 1, 2)
    )
    change = rating_change_for(t, 1)
    assert change is not None and change.k is not None and change.k.value == 20


@pytest.mark.parametrize(
    ("value", "text"), [(14.25, "+14.3"), (-3.35, "-3.4"), (0.04, "0.0"), (None, "-")]
)
def test_one_decimal_rounds_half_up(value: float | None, text: str) -> None:
    assert one_decimal(value) == text
