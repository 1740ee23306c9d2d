"""Titled opponents, the floor, unrated opponents and the federation mix: FIDE B.01
(edition applied from 1 January 2024) 1.4.3-1.4.7, spec/fide-title-norms.md sections
4-6. Each rule just met, then just missed.

Unless a test says otherwise: an IM norm (Rp >= 2450, Ra >= 2230, floor 2050, level
titles GM and IM) for the candidate (2350, GER) in 9 games scoring 7 (p = 7/9 = 77.78 %
-> 78, dp 220): with opponents rated 2300, Ra 2300 and Rp 2300 + 220 = 2520.
For 9 games (1.4.4, 1.4.5): titled >= ceil(9/2) = 5, level >= max(3, ceil(9/3)) = 3,
own federation <= floor(3 x 9/5) = 5, any one federation <= floor(2 x 9/3) = 6.
"""

from __future__ import annotations

from trfsite.norms.check import Requirement
from trfsite.norms.event import player_assessment
from trfsite.norms.settings import DEFAULT_SETTINGS, NormSettings

from .build import Opp, check, norm_event, norm_of

SEVEN = "111111100"
THREE_FEDS = ("HUN", "FRA", "ESP") * 3


def _rows(
    titles: list[str], feds: tuple[str, ...] = THREE_FEDS, rating: int = 2300, results: str = SEVEN
) -> list[Opp]:
    return [Opp(rating, t, f, r) for t, f, r in zip(titles, feds, results, strict=True)]


def _failed(rows: list[Opp], settings: NormSettings = DEFAULT_SETTINGS) -> set[Requirement]:
    found = player_assessment(norm_event(rows), 1, "IM", False, settings)
    assert found is not None
    return {c.requirement for c in found.failed}


def test_titled_share_just_met() -> None:
    # 3 IM + 2 FM = 5 titled (>= 5), 3 level (>= 3).
    rows = _rows(["IM", "IM", "IM", "FM", "FM", "", "", "", ""])
    assert _failed(rows) == set()
    assert norm_of(check(norm_event(rows))) == "IM"


def test_titled_share_just_missed_cm_does_not_count() -> None:
    # 3 IM + 1 FM + 1 CM: CM is no title for 1.4.5, so 4 titled < 5.
    rows = _rows(["IM", "IM", "IM", "FM", "CM", "", "", "", ""])
    assert _failed(rows) == {Requirement.TITLED}
    assert norm_of(check(norm_event(rows))) == ""


def test_level_share_just_missed_wgm_is_no_im_level() -> None:
    # 2 IM + 1 WGM + 2 FM: 5 titled, but GM/IM only 2 < 3.
    rows = _rows(["IM", "IM", "WGM", "FM", "FM", "", "", "", ""])
    assert _failed(rows) == {Requirement.LEVEL}


def test_floor_raises_only_the_single_lowest() -> None:
    # Seven IMs at 2300, one at 1900, one at 1950 (both under the IM floor 2050): only
    # 1900 is raised. 7 x 2300 + 2050 + 1950 = 20100, / 9 = 2233.3 -> Ra 2233 (>= 2230).
    # (Both raised: 20200 / 9 = 2244; neither: 19950 / 9 = 2216.7 -> 2217, short.)
    rows = [Opp(2300, "IM", f, r) for f, r in zip(THREE_FEDS[:7], SEVEN, strict=False)]
    rows += [Opp(1900, "", "ITA", "0"), Opp(1950, "", "POL", "0")]
    report = check(norm_event(rows))
    assert norm_of(report) == "IM"
    a = report.norms[0].assessment
    assert (a.ra, a.raised, a.ratings[7:]) == (2233, 8, (2050, 1950))
    assert a.rp == 2233 + 220


def test_floor_just_missed() -> None:
    # As above, with 1940 instead of 1950: 7 x 2300 + 2050 + 1940 = 20090, / 9 =
    # 2232.2 -> 2232 (met); 1910: 20060 / 9 = 2228.9 -> 2229 < 2230 (missed).
    base = [Opp(2300, "IM", f, r) for f, r in zip(THREE_FEDS[:7], SEVEN, strict=False)]
    met = [*base, Opp(1900, "", "ITA", "0"), Opp(1940, "", "POL", "0")]
    missed = [*base, Opp(1900, "", "ITA", "0"), Opp(1910, "", "POL", "0")]
    assert _failed(met) == set()
    assert _failed(missed) == {Requirement.AVERAGE, Requirement.PERFORMANCE}


def test_unrated_opponents_count_1400_and_one_may_be_raised() -> None:
    # Seven IMs at 2400 and two unrated: 1400 each (1.4.6, 2024), the first raised to
    # the floor 2050. 7 x 2400 + 2050 + 1400 = 20250, / 9 = Ra 2250; Rp 2250 + 220 = 2470.
    # (At 1000, the 2017-2021 value: 19850 / 9 = 2206, short of 2230.)
    rows = [Opp(2400, "IM", f, r) for f, r in zip(THREE_FEDS[:7], SEVEN, strict=False)]
    rows += [Opp(None, "", "ITA", "0"), Opp(None, "", "POL", "0")]
    report = check(norm_event(rows))
    assert norm_of(report) == "IM"
    a = report.norms[0].assessment
    assert (a.ra, a.rp, a.ratings[7:], a.raised) == (2250, 2470, (2050, 1400), 8)


def test_own_federation_at_most_five_of_nine() -> None:
    # Five GER opponents (the candidate's own) and four from HUN, FRA: 5 <= 5.
    feds = ("GER",) * 5 + ("HUN", "FRA", "HUN", "FRA")
    assert _failed(_rows(["IM"] * 9, feds)) == set()
    # Six GER: 6 > 5.
    feds = ("GER",) * 6 + ("HUN", "FRA", "HUN")
    assert _failed(_rows(["IM"] * 9, feds)) == {Requirement.OWN_FEDERATION}


def test_one_federation_at_most_six_of_nine() -> None:
    # Six HUN: 6 <= 6; seven HUN: 7 > 6 (the two others from FRA, ESP).
    feds = ("HUN",) * 6 + ("FRA", "ESP", "FRA")
    assert _failed(_rows(["IM"] * 9, feds)) == set()
    feds = ("HUN",) * 7 + ("FRA", "ESP")
    assert _failed(_rows(["IM"] * 9, feds)) == {Requirement.ONE_FEDERATION}


def test_at_least_two_other_federations() -> None:
    # Five GER and four HUN: one other federation < 2. Five GER, three HUN, one FRA: 2.
    feds = ("GER",) * 5 + ("HUN",) * 4
    assert _failed(_rows(["IM"] * 9, feds)) == {Requirement.OTHER_FEDERATIONS}
    feds = ("GER",) * 5 + ("HUN",) * 3 + ("FRA",)
    assert _failed(_rows(["IM"] * 9, feds)) == set()


def test_fide_flag_is_a_game_but_no_federation_by_default() -> None:
    # Five GER, three HUN, one FID: 9 games; other federations HUN only (FID is none for
    # the mix, open point, default) -> 1 < 2. With fid_is_federation = true: 2.
    feds = ("GER",) * 5 + ("HUN",) * 3 + ("FID",)
    rows = _rows(["IM"] * 9, feds)
    assert _failed(rows) == {Requirement.OTHER_FEDERATIONS}
    assert _failed(rows, NormSettings(fid_is_federation=True)) == set()


def test_games_of_less_than_one_move_are_not_counted_by_default() -> None:
    # Round 9 is a W (won in less than one move): 8 games counted, not 9 (open point,
    # default); the 8-of-9 rule covers a forfeit win or a pairing bye only. Counted
    # (short_games = "counted"): 9 games, 7.5 points, 83.3 % -> 83, dp 273:
    # Rp 2300 + 273 = 2573 -> IM norm.
    rows = _rows(["IM"] * 9, results="1111110=W")
    assert norm_of(check(norm_event(rows))) == ""
    counted = NormSettings(count_short_games=True)
    assert norm_of(check(norm_event(rows), counted)) == "IM"


def test_an_opponent_without_federation_is_not_counted() -> None:
    # The file gives opponent 9 no federation: 8 games only, no norm.
    rows = _rows(["IM"] * 9)
    rows[8] = Opp(2300, "IM", "", "0")
    report = check(norm_event(rows))
    assert norm_of(report) == ""
    found = player_assessment(norm_event(rows), 1, "IM", False, NormSettings())
    assert found is not None and len(found.games) == 8
