"""During a live event: what a player needs from the rounds still to play (spec
fide-title-norms.md, last section, step 4), under FIDE B.01 (edition applied from
1 January 2024). Table 8.1(a): dp(56) 43, dp(61) 80, dp(72) 166, dp(73) 175, dp(74) 184,
dp(75) 193, dp(76) 202, dp(78) 220.

The candidate (2350, GER) has played rounds 1-7 of 9; the opponents are GMs (who may
make no norm themselves).
"""

from __future__ import annotations

from trfsite.model import Player
from trfsite.norms.event import NormsReport

from .build import Opp, check, norm_event

FEDS = ("HUN", "FRA", "ESP") * 3


def _forecasts(report: NormsReport) -> dict[str, tuple[int, int, tuple[int, ...], int | None]]:
    """norm -> (half points needed, games left, rounds, assumed rating)."""
    return {
        f.rule.code: (f.half_points, f.games, (f.first_round, f.last_round), f.assumed_rating)
        for f in report.forecasts
        if f.player_id == 1
    }


def test_forecast_with_round_8_paired_and_round_9_unknown() -> None:
    # Rounds 1-7: GMs at 2400, 5 points. Round 8 paired with a GM at 2450, no result.
    # Round 9's opponent is not known: rated like the eight so far,
    # (7 x 2400 + 2450) / 8 = 2406.25 -> 2406. Ra = (19250 + 2406) / 9 = 2406.2 -> 2406.
    # GM: Rp >= 2600 needs dp >= 194, p >= 76 %: 7/9 = 77.8 -> 78 (6.5/9 = 72): 2 of 2.
    # IM: dp >= 44, p >= 57 %: 5.5/9 = 61.1 -> 61 (5/9 = 55.6 -> 56, dp 43): ½ of 2.
    rows = [Opp(2400, "GM", f, r) for f, r in zip(FEDS, "1111100", strict=False)]
    rows.append(Opp(2450, "GM", "ITA", "?"))
    report = check(norm_event(rows, rounds=9))
    assert (report.complete, report.live, report.norms) == (7, True, ())
    assert _forecasts(report) == {"GM": (4, 2, (8, 9), 2406), "IM": (1, 2, (8, 9), 2406)}
    gm = next(f for f in report.forecasts if f.rule.code == "GM")
    assert (gm.ra, gm.unknown, gm.titled_more) == (2406, 1, 0)


def test_forecast_assumes_the_least_average_that_reaches_the_minimum_ra() -> None:
    # Rounds 1-7: GMs at 2300, 6 points; rounds 8 and 9 unknown. Rated like those so far
    # (2300), Ra stays 2300 < 2380. The least average that reaches it:
    # (7 x 2300 + 2A) / 9 >= 2379.5 -> A >= 2657.75: 2658 gives 21416 / 9 = 2379.6 ->
    # 2380 (2657: 21414 / 9 = 2379.3 -> 2379). GM: dp >= 220, p >= 78: 7/9 -> 1 of 2.
    # The event has a 2700 player, so such opponents exist; with 2650 at the top, not.
    rows = [Opp(2300, "GM", f, r) for f, r in zip(FEDS, "1111110", strict=False)]
    strong = Player(50, "Strong", "m", "GM", 2700, "NOR")
    report = check(norm_event(rows, rounds=9, field=[strong]))
    assert _forecasts(report)["GM"] == (2, 2, (8, 9), 2658)
    weaker = Player(50, "Strong", "m", "GM", 2650, "NOR")
    assert "GM" not in _forecasts(check(norm_event(rows, rounds=9, field=[weaker])))


def test_forecast_counts_the_titled_opponents_still_needed() -> None:
    # IM norm: rounds 1-7 against 3 IMs and 4 untitled at 2400 (5 points): titled 3,
    # 9 games need 5 -> 2 more titled among the 2 unknown opponents; IM level 3 >= 3.
    # Ra 2400; dp >= 50, p >= 57: 5.5/9 = 61 -> ½ of 2. With only 2 IMs, 3 more titled
    # would be needed from 2 games: out of reach.
    titles = ["IM", "IM", "IM", "", "", "", ""]
    rows = [Opp(2400, t, f, r) for t, f, r in zip(titles, FEDS, "1111100", strict=False)]
    report = check(norm_event(rows, rounds=9))
    im = next(f for f in report.forecasts if f.rule.code == "IM")
    assert (im.half_points, im.titled_more, im.level_more, im.assumed_rating) == (1, 2, 0, 2400)
    rows[0] = Opp(2400, "", "HUN", "1")
    report = check(norm_event(rows, rounds=9))
    assert "IM" not in {f.rule.code for f in report.forecasts if f.player_id == 1}


def test_round_robin_forecast_uses_the_opponents_still_to_meet() -> None:
    # A 10-player round robin after 7 of 9 rounds: 7 GMs at 2400 met (5 points); still
    # to meet two GMs at 2500 (ITA, POL). Ra = (7 x 2400 + 2 x 2500) / 9 = 2422.2 ->
    # 2422, nothing assumed. GM: dp >= 178, p >= 74: 7/9 = 78 (6.5/9 = 72, dp 166):
    # 2 of 2. IM: dp >= 28: 5/9 = 55.6 -> 56, dp 43: Rp 2465 whatever the results: 0.
    rows = [Opp(2400, "GM", f, r) for f, r in zip(FEDS, "1111100", strict=False)]
    field = [Player(20, "Ita", "m", "GM", 2500, "ITA"), Player(21, "Pol", "m", "GM", 2500, "POL")]
    report = check(norm_event(rows, rounds=9, field=field), round_robin=True)
    assert _forecasts(report) == {"GM": (4, 2, (8, 9), None), "IM": (0, 2, (8, 9), None)}
    assert {f.ra for f in report.forecasts} == {2422}


def test_no_forecast_once_the_event_is_over() -> None:
    rows = [Opp(2400, "GM", f, r) for f, r in zip(FEDS, "111110000", strict=True)]
    report = check(norm_event(rows))
    assert (report.live, report.forecasts) == (False, ())


def test_forecast_with_no_game_so_far_searches_up_from_the_floor() -> None:
    # Round 1 lost by forfeit (not a game), round 2 a pairing bye; the event has played
    # round 1 only (round 2 holds no game yet), so the forecast spans rounds 2-11: the
    # bye and nine unknown opponents. None so far to rate them like: the
    # least rating that reaches the minimum Ra. Nine at A: Ra = 9A / 9 = A, so GM
    # (Ra >= 2380) assumes 2380 and IM (Ra >= 2230) 2230. Both need dp >= 220 over
    # Ra (Rp 2600 / 2450), p >= 78 %: 7/9 = 77.8 -> 78 (6.5/9 = 72): 14 half points.
    # This event once ended in a division by zero (fuzz input 2797 of seed 2026).
    rows: list[Opp | str] = [Opp(2400, "GM", "HUN", "-"), "U"]
    strong = Player(50, "Strong", "m", "GM", 2700, "NOR")
    report = check(norm_event(rows, rounds=11, field=[strong]))
    assert _forecasts(report) == {"GM": (14, 9, (2, 11), 2380), "IM": (14, 9, (2, 11), 2230)}
