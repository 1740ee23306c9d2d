"""Which games a norm may use: a dropped tail, a win left out, round robins, 8 games of
9, a forfeit loss, and the bound on the search. FIDE B.01 (edition applied from
1 January 2024) 1.4.1, spec/fide-title-norms.md sections 2 and 3 and its last section.

GM norm: Rp >= 2600, Ra >= 2380, floor 2200, level title GM; for 9 games titled >= 5,
GM >= 3. Table 8.1(a): dp(64) 102, dp(70) 149, dp(72) 166, dp(75) 193, dp(78) 220,
dp(80) 240, dp(81) 251.
"""

from __future__ import annotations

from itertools import product

import pytest

from trfsite.norms import event as norms_event
from trfsite.norms.check import Budget, _vectors, best_assessment
from trfsite.norms.games import count_games, opponents_of
from trfsite.norms.settings import NormSettings

from .build import Opp, check, nine, norm_event, norm_of

FEDS = ("HUN", "FRA", "ESP", "ITA", "POL", "NED", "CZE", "AUT", "SUI", "DEN", "SWE", "NOR", "FIN")


def test_a_swiss_may_stop_after_the_norm() -> None:
    # Rounds 1-9: nine GMs at 2380, 7 points: 78 %, Rp 2380 + 220 = 2600 (met). Rounds
    # 10-11: losses to GMs at 2380. All 11: 7/11 = 63.6 % -> 64, Rp 2380 + 102 = 2482;
    # 10: 70 %, 2529. The first 9 rounds make the GM norm; rounds 10 and 11 left out.
    rows = nine(2380, results="111111100") + [Opp(2380, "GM", "ITA", "0")] * 2
    report = check(norm_event(rows))
    assert norm_of(report) == "GM"
    a = report.norms[0].assessment
    assert (a.last_round, a.left_out, len(a.games), a.rp) == (9, (10, 11), 9, 2600)


def test_a_round_robin_uses_every_round() -> None:
    # The same games in a round robin: every round counts, Rp 2482: no GM norm; the IM
    # norm (Rp >= 2450, Ra 2380 >= 2230) is met with all 11 games.
    rows = nine(2380, results="111111100") + [Opp(2380, "GM", "ITA", "0")] * 2
    report = check(norm_event(rows), round_robin=True)
    assert norm_of(report) == "IM"
    a = report.norms[0].assessment
    assert (len(a.games), a.rp, a.left_out) == (11, 2482, ())


def test_a_win_left_out_lifts_ra() -> None:
    # Round 1: a win against an untitled 1500 (HUN); rounds 2-10: GMs at 2390, lost in
    # rounds 2 and 3, won in 4-10.
    # All 10: 1500 raised to the floor 2200: 9 x 2390 + 2200 = 23710, / 10 = Ra 2371 <
    # 2380. The first 9 rounds: 8 x 2390 + 2200 = 21320, / 9 = 2368.9 -> 2369 < 2380.
    # Leaving round 1's win out: Ra 2390, 7/9 = 78 %, Rp 2390 + 220 = 2610 -> GM norm.
    gms = [Opp(2390, "GM", fed, r) for fed, r in zip(FEDS, "001111111", strict=False)]
    report = check(norm_event([Opp(1500, "", "HUN", "1"), *gms]))
    assert norm_of(report) == "GM"
    a = report.norms[0].assessment
    assert (a.left_out, a.last_round, a.ra, a.rp, len(a.games)) == ((1,), 10, 2390, 2610, 9)
    assert a.credited_games == 9  # least score 7 (6.5/9 = 72 %: 2556), 7 - 7 = 0 extra


def test_a_round_robin_needs_a_mix_that_allows_a_norm() -> None:
    # IM norm, 10 opponents at 2300: 3 IMs, 3 FMs, 4 untitled; 8 points, one of the wins
    # against an untitled player. Ten games need 4 GM/IM (ceil(10/3)); there are 3.
    # A Swiss leaves that win out: 9 games, 7 points, titled 6 >= 5, IM 3 >= 3, Ra 2300,
    # Rp 2300 + 220 = 2520. A round robin may leave out wins only when the whole
    # event's mix allows a norm, which it does not: no norm.
    # The untitled players come first, the IMs last, so no first-N rounds have 3 IMs
    # but all 10 (rounds 1-4 untitled: 1 0 = =; 5-7 FMs: 1 1 1; 8-10 IMs: 1 1 1).
    # Leaving out an FM's win would do as well (titled 5 >= 5), but the set that keeps
    # more titled opponents is preferred: round 1's win is left out.
    titles = ["", "", "", "", "FM", "FM", "FM", "IM", "IM", "IM"]
    rows = [
        Opp(2300, t, FEDS[i % 3], r)
        for i, (t, r) in enumerate(zip(titles, "10==111111", strict=True))
    ]
    swiss = check(norm_event(rows))
    assert norm_of(swiss) == "IM"
    a = swiss.norms[0].assessment
    assert (a.rp, a.left_out, len(a.games)) == (2520, (1,), 9)
    assert norm_of(check(norm_event(rows), round_robin=True)) == ""


def _eight_of_nine(missing: str, results: str = "111111=0") -> list[Opp | str]:
    rows: list[Opp | str] = [Opp(2380, "GM", FEDS[i % 3], r) for i, r in enumerate(results)]
    rows.insert(4, missing if missing in "UHFZ" else Opp(2380, "GM", "ITA", missing))
    return rows


@pytest.mark.parametrize("missing", ["+", "U"])
def test_eight_games_of_nine_after_a_forfeit_win_or_a_pairing_bye(missing: str) -> None:
    # Round 5 is a forfeit win (or a pairing-allocated bye); 8 games against GMs at
    # 2380, 6.5 points: 81.25 % -> 81, Rp 2380 + 251 = 2631. Shares on 8 games (open
    # point, default): titled 8 >= 4, GM 8 >= 3. Counted as 9 games.
    report = check(norm_event(_eight_of_nine(missing)))
    assert norm_of(report) == "GM"
    a = report.norms[0].assessment
    assert (a.eight_of_nine, len(a.games), a.rp, a.credited_games) == (True, 8, 2631, 9)


@pytest.mark.parametrize("missing", ["H", "Z"])
def test_a_requested_bye_is_not_made_up(missing: str) -> None:
    # A half-point or zero-point bye asked for: 8 games are not enough.
    assert norm_of(check(norm_event(_eight_of_nine(missing)))) == ""


def test_a_forfeit_loss_cannot_be_made_up() -> None:
    # Round 5 lost by forfeit, the 8 games all won (8/8, Rp 2380 + 800): still no norm
    # (QC 2023: a round lost by forfeit is never made up by extra points).
    assert norm_of(check(norm_event(_eight_of_nine("-", "11111111")))) == ""


def test_eight_of_nine_shares_on_nine_games() -> None:
    # 8 games with a forfeit win: 3 GMs, 1 FM, 4 untitled, all 2400; 6.5 points: Rp
    # 2400 + 251 = 2651. On 8 games titled 4 >= 4 (met); on 9 games (the other reading
    # of the open point) titled 4 < 5: no GM norm, and the IM norm fails the same share.
    titles = ["GM", "GM", "GM", "FM", "", "", "", ""]
    rows: list[Opp | str] = [
        Opp(2400, t, FEDS[i % 3], r)
        for i, (t, r) in enumerate(zip(titles, "111111=0", strict=True))
    ]
    rows.insert(4, "U")
    assert norm_of(check(norm_event(rows))) == "GM"
    on_nine = NormSettings(eight_of_nine_shares=9)
    assert norm_of(check(norm_event(rows), on_nine)) == ""


def test_the_search_is_bounded() -> None:
    # 13 rounds, 13 wins: one GM at 2400 (HUN), twelve untitled at 1500, each from its
    # own federation, so each win is a group of its own. Ra never reaches 2380, so the
    # search tries every set: first N = 9..13 rounds, with up to N - 9 wins left out:
    # 1 + (1 + 10) + (1 + 11 + 55) + (1 + 12 + 66 + 220) + (1 + 13 + 78 + 286 + 715)
    # = 1 + 11 + 67 + 299 + 1093 = 1471 sets, under the bound of 4096.
    rows = [Opp(2400, "GM", "HUN", "1")] + [Opp(1500, "", FEDS[i], "1") for i in range(12)]
    rows[1] = Opp(1500, "GM", "FRA", "1")
    rows[2] = Opp(1500, "GM", "ESP", "1")
    t = norm_event(rows)
    pg = count_games(t.players[0], 13, opponents_of(t), False)
    ctx = norms_event.norm_context(
        norms_event.find_norm("GM"),
        norms_event.find_edition("2024"),
        t.players[0],
        t,
        13,
        False,
        False,
        NormSettings(),
        False,
        False,
    )
    budget = Budget()
    assert best_assessment(pg, ctx, budget) is None
    assert (4096 - budget.left, budget.cut) == (1471, False)
    small = Budget(100)
    assert best_assessment(pg, ctx, small) is None
    assert small.cut


def test_a_search_that_reaches_its_bound_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    # 11 rounds, 9 wins: the whole event is a set, and each win left out another; a
    # bound of one set stops the search before the second.
    rows = nine(2380, results="111111100") + [Opp(2380, "GM", "ITA", "1")] * 2
    monkeypatch.setattr(norms_event, "MAX_SETS", 1)
    report = check(norm_event(rows))
    assert report.cut == (1,)


def test_sets_of_wins_are_enumerated_once_each_fewest_first() -> None:
    # Groups of 2, 1 and 3 alike wins, 2 left out: every split of 2, the first group's
    # count rising slowest; the same as counting them all out.
    assert list(_vectors([2, 1, 3], 2)) == [(0, 0, 2), (0, 1, 1), (1, 0, 1), (1, 1, 0), (2, 0, 0)]
    every = [c for c in product(range(3), range(2), range(4)) if sum(c) == 4]
    assert list(_vectors([2, 1, 3], 4)) == every
    assert list(_vectors([1] * 500, 1))[-1] == (1,) + (0,) * 499  # no recursion limit


def test_a_long_event_reaches_the_bound_and_says_so() -> None:
    # 200 rounds, 200 wins against GMs at 2400: the whole event makes the GM norm
    # (100 %, Rp 3200), and the search for a better set stops at its bound of 4096 sets.
    rows = [Opp(2400, "GM", FEDS[i % 3], "1") for i in range(200)]
    report = check(norm_event(rows))
    assert norm_of(report) == "GM"
    assert report.cut == (1,)
    assert len(report.norms[0].assessment.games) == 200
