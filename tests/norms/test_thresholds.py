"""Ra, p and Rp against the thresholds: FIDE B.01 (edition applied from 1 January 2024)
1.4.6-1.4.9 and section 1 of spec/fide-title-norms.md; dp from B.02 table 8.1(a).

The candidate (2350, GER, no title) meets nine opponents; unless a test says otherwise
they are GMs from HUN, FRA and ESP (three each), so titles and federations are met:
titled 9 >= 5, GM 9 >= 3, 2 other federations at least, own 0 <= 5, one 3 <= 6.
Table 8.1(a) values used: dp(50) 0, dp(67) 125, dp(72) 166, dp(78) 220, dp(35) -110,
dp(34) -117, dp(71) 158, dp(70) 149, dp(39) -80, dp(79) 230.
IM: Rp >= 2450, Ra >= 2230; WGM: Rp >= 2400, Ra >= 2180; WIM: Rp >= 2250, Ra >= 2030.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from trfsite.norms.check import Requirement
from trfsite.norms.event import player_assessment
from trfsite.norms.rules import average_rating, round_half_up, score_percent
from trfsite.norms.settings import NormSettings

from .build import Candidate, Opp, check, nine, norm_event, norm_of


def _failed(rows: list[Opp], code: str) -> set[Requirement]:
    found = player_assessment(norm_event(rows), 1, code, False, NormSettings())
    assert found is not None
    return {c.requirement for c in found.failed}


# The spec's own check (section 7): a GM norm in 9 games needs Ra of at least 2380 with
# 7 points, 2434 with 6½, 2475 with 6, 2600 with 4½.
@pytest.mark.parametrize(
    ("ra", "results"),
    [
        (2380, "111111100"),  # 7/9 = 77.78 % -> 78, dp 220: 2380 + 220 = 2600
        (2434, "111111=00"),  # 6.5/9 = 72.22 % -> 72, dp 166: 2434 + 166 = 2600
        (2475, "111111000"),  # 6/9 = 66.67 % -> 67, dp 125: 2475 + 125 = 2600
        (2600, "1111=0000"),  # 4.5/9 = 50 %, dp 0: 2600 + 0 = 2600
    ],
)
def test_gm_table_just_met_and_one_point_of_ra_short(ra: int, results: str) -> None:
    met = check(norm_event(nine(ra, results=results)))
    assert norm_of(met) == "GM"
    assert (met.norms[0].assessment.ra, met.norms[0].assessment.rp) == (ra, 2600)
    # One rating point less on every opponent: Ra - 1, Rp 2599 < 2600. The IM norm
    # (Rp >= 2450, Ra >= 2230) is then the highest the player made.
    short = nine(ra - 1, results=results)
    assert Requirement.PERFORMANCE in _failed(short, "GM")
    assert norm_of(check(norm_event(short))) == "IM"


def test_ra_and_p_round_half_up_exactly() -> None:
    # 1.4.7, 1.4.8: .5 up, computed exactly (1/8 = 12.5 % gives 13, not 12).
    assert score_percent(2, 8) == 13  # 1 point of 8: 12.5 % -> 13
    assert score_percent(1, 8) == 6  # 0.5 of 8: 6.25 % -> 6
    assert average_rating(20065, 9) == 2229  # 2229.44 -> 2229
    assert average_rating(4459, 2) == 2230  # 2229.5 -> 2230
    # The integer formula against exact fractions, over every p of 1-30 games.
    for games in range(1, 31):
        for half_points in range(2 * games + 1):
            exact = Fraction(100 * half_points, 2 * games) + Fraction(1, 2)
            assert score_percent(half_points, games) == exact.numerator // exact.denominator
    assert round_half_up(-1, 2) == 0  # -0.5 -> 0 (half up)


def test_ra_rounded_up_to_the_im_minimum() -> None:
    # IM: Ra >= 2230, Rp >= 2450. Eight IMs at 2230 and one at 2234:
    # sum 8 x 2230 + 2234 = 20074, / 9 = 2230.44 -> 2230 (met). With 2229s and one
    # at 2233: 20065 / 9 = 2229.44 -> 2229 (missed). 7/9 = 78 %: Rp 2230 + 220 = 2450.
    feds = ("HUN", "FRA", "ESP") * 3
    met = [
        Opp(2234 if i == 0 else 2230, "IM", f, r)
        for i, (f, r) in enumerate(zip(feds, "111111100", strict=True))
    ]
    report = check(norm_event(met))
    assert norm_of(report) == "IM"
    assert (report.norms[0].assessment.ra, report.norms[0].assessment.rp) == (2230, 2450)
    short = [
        Opp(2233 if i == 0 else 2229, "IM", f, r)
        for i, (f, r) in enumerate(zip(feds, "111111100", strict=True))
    ]
    assert _failed(short, "IM") == {Requirement.AVERAGE, Requirement.PERFORMANCE}


def test_35_percent_just_met_with_thirteen_games() -> None:
    # 13 GMs at 2710, 4.5 points: 4.5/13 = 34.6 % -> 35 (met); Rp 2710 - 110 = 2600.
    feds = ("HUN", "FRA", "ESP", "ITA") * 4
    rows = [Opp(2710, "GM", f, r) for f, r in zip(feds, "1111=00000000", strict=False)]
    report = check(norm_event(rows))
    assert norm_of(report) == "GM"
    a = report.norms[0].assessment
    assert (a.percent, a.rp, len(a.games)) == (35, 2600, 13)


def test_35_percent_just_missed_with_sixteen_games() -> None:
    # 16 GMs at 2800: 10 losses, a draw, then 5 wins: 5.5/16 = 34.4 % -> 34 < 35, though
    # Rp = 2800 - 117 = 2683 >= 2600. Every earlier stop scores less (15 rounds:
    # 4.5/15 = 30 %), and leaving a win out lowers p: no norm of any kind.
    feds = ("HUN", "FRA", "ESP", "ITA") * 4
    rows = [Opp(2800, "GM", f, r) for f, r in zip(feds, "0000000000=11111", strict=True)]
    assert _failed(rows, "GM") == {Requirement.SCORE}
    assert norm_of(check(norm_event(rows))) == ""


def test_credited_games_count_whole_points_above_the_least_score() -> None:
    # Section 8: GM, Ra 2380, 9 games: the least score is 7 (78 %, Rp 2600; 6.5 gives
    # 72 %, 2546). 8 points: one full point more -> 9 + 1 = 10 games. 7.5 points: half a
    # point never adds -> 9.
    eight = check(norm_event(nine(2380, results="111111110")))
    assert eight.norms[0].assessment.least_half_points == 14
    assert eight.norms[0].assessment.credited_games == 10
    seven_half = check(norm_event(nine(2380, results="1111111=0")))
    assert seven_half.norms[0].assessment.credited_games == 9


def test_fewer_than_nine_games_make_no_norm() -> None:
    # 1.4.1a: at least 9 games. Eight GM opponents at 2600, 8/8: no norm.
    rows = nine(2600, results="111111110")[:8]
    assert Requirement.GAMES in _failed(rows, "GM")
    assert norm_of(check(norm_event(rows))) == ""


# Section 1, the other three norms: each just met and just missed, on Ra and on Rp.
# Each minimum Ra plus dp(78) = 220 is the norm's Rp (2230 + 220 = 2450, 2180 + 220 =
# 2400, 2030 + 220 = 2250), so nine opponents of the norm's level title at the minimum
# Ra, 7 points (78 %), meet both exactly. One point lower: Ra and Rp 1 short. 6½ points
# (72 %, dp 166): Ra met, Rp 54 short (2230 + 166 = 2396 < 2450; 2346 < 2400;
# 2196 < 2250).
@pytest.mark.parametrize(
    ("code", "title", "sex", "ra", "rp", "below"),
    [
        ("IM", "IM", "m", 2230, 2450, ""),  # a man: no WGM or WIM norm below it
        ("WGM", "WGM", "w", 2180, 2400, "WIM"),  # 2179: WIM (Ra >= 2030, Rp 2399 >= 2250)
        ("WIM", "WIM", "w", 2030, 2250, ""),
    ],
)
def test_im_wgm_wim_thresholds_just_met_and_just_missed(
    code: str, title: str, sex: str, ra: int, rp: int, below: str
) -> None:
    candidate = Candidate(2000, "", "GER", sex)

    def failed(rows: list[Opp]) -> set[Requirement]:
        found = player_assessment(norm_event(rows, candidate), 1, code, False, NormSettings())
        assert found is not None
        return {c.requirement for c in found.failed}

    met = check(norm_event(nine(ra, title), candidate))
    assert norm_of(met) == code
    assert (met.norms[0].assessment.ra, met.norms[0].assessment.rp) == (ra, rp)
    short = nine(ra - 1, title)
    assert failed(short) == {Requirement.AVERAGE, Requirement.PERFORMANCE}
    assert norm_of(check(norm_event(short, candidate))) == below
    low_score = nine(ra, title, results="111111=00")
    assert failed(low_score) == {Requirement.PERFORMANCE}


def test_more_than_thirteen_rounds_count_as_thirteen_games() -> None:
    # Section 8: a round robin of 14 rounds, 14 GMs at 2380 (HUN, FRA, ESP, ITA), 11
    # points: 11/14 = 78.57 % -> 79, dp 230: Rp 2610. Least score: p >= 78 needs
    # 100 h / 28 >= 77.5, h >= 21.7 -> 22 half points (11): no full point above it.
    # Shares on 14 games: titled 14 >= 7, GM 14 >= 5, one federation 4 <= 9.
    # Counted as 13 games, not 14.
    feds = ("HUN", "FRA", "ESP", "ITA") * 4
    rows = [Opp(2380, "GM", f, r) for f, r in zip(feds, "11111111111000", strict=False)]
    report = check(norm_event(rows), round_robin=True)
    assert norm_of(report) == "GM"
    a = report.norms[0].assessment
    assert (len(a.games), a.rp, a.least_half_points, a.credited_games) == (14, 2610, 22, 13)
