"""Who may make which norm, the edition, the kind of event and the exemptions: FIDE B.01
(edition applied from 1 January 2024) 1.4.1, 1.4.3, spec/fide-title-norms.md sections
1, 2 and 4. Thresholds: GM Rp 2600 Ra 2380; IM Rp 2450 Ra 2230; WGM Rp 2400 Ra 2180
(level GM, IM, WGM); WIM Rp 2250 Ra 2030 (level GM, IM, WGM, WIM). Table 8.1(a):
dp(78) 220, dp(79) 230, dp(81) 251.
"""

from __future__ import annotations

import datetime as dt

import pytest

from trfsite.model import Color, Outcome, Player, RoundEntry
from trfsite.norms.settings import Competition, Exemption, NormSettings

from .build import Candidate, Opp, check, nine, norm_event, norm_of

SEVEN = "111111100"
FEDS = ("HUN", "FRA", "ESP") * 3


def _rows(titles: list[str], rating: int, feds: tuple[str, ...] = FEDS) -> list[Opp]:
    return [Opp(rating, t, f, r) for t, f, r in zip(titles, feds, SEVEN, strict=True)]


# 3 WGM + 2 FM + 4 untitled at 2200, 7 points: Ra 2200, Rp 2200 + 220 = 2420 (WGM: >= 2400,
# Ra >= 2180; titled 5 >= 5, GM/IM/WGM 3 >= 3). IM: Ra 2200 < 2230 and no GM/IM.
WGM_ROWS = _rows(["WGM", "WGM", "WGM", "FM", "FM", "", "", "", ""], 2200)
# 3 WIM + 2 WFM (titled: WFM counts) + 4 untitled at 2050: Ra 2050, Rp 2270 >= 2250.
WIM_ROWS = _rows(["WIM", "WIM", "WIM", "WFM", "WFM", "", "", "", ""], 2050)
# GMs and IMs at 2300: Rp 2520, an IM norm (and a WGM norm too).
IM_ROWS = _rows(["GM", "IM", "IM", "FM", "FM", "", "", "", ""], 2300)


@pytest.mark.parametrize(("sex", "expected"), [("w", "WGM"), ("f", "WGM"), ("m", "")])
def test_wgm_norm_for_women_only(sex: str, expected: str) -> None:
    assert norm_of(check(norm_event(WGM_ROWS, Candidate(2150, "", "GER", sex)))) == expected


def test_wim_norm_for_a_woman() -> None:
    assert norm_of(check(norm_event(WIM_ROWS, Candidate(2000, "WFM", "GER", "w")))) == "WIM"
    assert norm_of(check(norm_event(WIM_ROWS, Candidate(2000, "", "GER", "m")))) == ""


def test_a_woman_with_an_im_result_gets_the_im_norm() -> None:
    # Both an IM and a WGM norm are met; the IM title is the higher.
    assert norm_of(check(norm_event(IM_ROWS, Candidate(2200, "", "GER", "w")))) == "IM"


@pytest.mark.parametrize(
    ("title", "sex", "rows", "expected"),
    [
        ("IM", "m", IM_ROWS, ""),  # holds the IM title already
        ("GM", "m", nine(2380), ""),  # a GM result, but a GM gets no norm
        ("IM", "m", nine(2380), "GM"),  # an IM may still make a GM norm
        ("WGM", "w", IM_ROWS, "IM"),  # IM is above WGM
        ("WGM", "w", WGM_ROWS, ""),
        ("WIM", "w", WGM_ROWS, "WGM"),
        ("WIM", "w", WIM_ROWS, ""),
        ("FM", "w", WIM_ROWS, ""),  # B.01's order: GM, IM, WGM, FM, WIM, ...
        ("m", "m", IM_ROWS, ""),  # TRF16's letter for IM
    ],
)
def test_a_norm_only_below_the_title_held(
    title: str, sex: str, rows: list[Opp], expected: str
) -> None:
    assert norm_of(check(norm_event(rows, Candidate(2400, title, "GER", sex)))) == expected


@pytest.mark.parametrize(
    ("start", "edition", "checked"),
    [
        (dt.date(2023, 12, 31), "auto", False),  # before the 2024 edition
        (dt.date(2024, 1, 1), "auto", True),  # its first day
        (dt.date(2023, 12, 31), "2024", True),  # applied anyway by the setting
        (None, "auto", True),  # no start date: the newest edition
    ],
)
def test_the_edition_follows_the_start_date(
    start: dt.date | None, edition: str, checked: bool
) -> None:
    report = check(norm_event(nine(2380), start=start), NormSettings(edition=edition))
    assert (report.not_checked == "") is checked
    assert norm_of(report) == ("GM" if checked else "")


def test_team_championships_need_seven_games() -> None:
    # 7 GMs at 2380, 5.5 points: 78.57 % -> 79, Rp 2380 + 230 = 2610. For 7 games:
    # titled >= 4, GM >= 3, own <= 4, one federation <= 4 (HUN 3, FRA 2, ESP 2).
    rows = [Opp(2380, "GM", f, r) for f, r in zip(FEDS, "11111=0", strict=False)]
    assert norm_of(check(norm_event(rows))) == ""  # 7 < 9 games
    team = NormSettings(competition=Competition.TEAM_CHAMPIONSHIP)
    report = check(norm_event(rows), team)
    assert norm_of(report) == "GM"
    assert (report.norms[0].assessment.rp, report.norms[0].assessment.credited_games) == (2610, 7)


def test_world_cup_eight_games_count_as_nine() -> None:
    # 8 GMs at 2380, 6.5 points: 81.25 % -> 81, Rp 2631; shares on 8 games.
    rows = [Opp(2380, "GM", f, r) for f, r in zip(FEDS, "111111=0", strict=False)]
    report = check(norm_event(rows), NormSettings(competition=Competition.WORLD_CUP))
    assert norm_of(report) == "GM"
    assert report.norms[0].assessment.credited_games == 9


# The federation exemptions. The candidate (GER) meets seven GER IMs and two HUN IMs at
# 2300 (7 points: Rp 2520): own 7 > 5, one other federation < 2, so no norm unless the
# federation rules are lifted.
HOME = _rows(["IM"] * 9, 2300, ("GER",) * 7 + ("HUN",) * 2)


def _field(
    count: int,
    titled: int,
    missing: int = 0,
    absent_rounds: int = 2,
    feds: tuple[str, ...] = ("HUN", "FRA", "ESP"),
) -> list[Player]:
    """``count`` rated players from ``feds`` (``titled`` of them IMs) who draw with each
    other every round; ``missing`` of them miss rounds 1..``absent_rounds`` (their
    partners get pairing-allocated byes then, which are no missed rounds)."""
    players = []
    for i in range(count + count % 2):
        pid = 100 + i
        partner = pid + 1 if i % 2 == 0 else pid - 1
        absent = i < 2 * missing and i % 2 == 0
        excused = i < 2 * missing and i % 2 == 1
        cells = []
        for r in range(1, 10):
            if r <= absent_rounds and absent:
                cells.append(RoundEntry(r, None, Color.NONE, Outcome.ZERO_BYE, raw="0000 - Z"))
            elif r <= absent_rounds and excused:
                cells.append(RoundEntry(r, None, Color.NONE, Outcome.PAIRING_BYE))
            else:
                cells.append(RoundEntry(r, partner, Color.WHITE, Outcome.DRAW))
        rated = 2000 if i < count else None  # an odd count's partner is unrated
        players.append(
            Player(
                pid,
                f"Field {pid}",
                "m",
                "IM" if i < titled else "",
                rated,
                feds[i % len(feds)],
                rounds=tuple(cells),
            )
        )
    return players


@pytest.mark.parametrize(
    ("count", "titled", "missing", "absent_rounds", "feds", "expected"),
    [
        (20, 10, 0, 0, ("HUN", "FRA", "ESP"), "IM"),  # 20 foreign rated, 3 feds, 10 IMs
        (19, 10, 0, 0, ("HUN", "FRA", "ESP"), ""),  # 19 < 20
        (20, 9, 0, 0, ("HUN", "FRA", "ESP"), ""),  # 9 titled < 10
        (20, 10, 0, 0, ("HUN", "FRA"), ""),  # 2 federations < 3
        (20, 10, 1, 1, ("HUN", "FRA", "ESP"), "IM"),  # one misses one round: 20 count
        (20, 10, 1, 2, ("HUN", "FRA", "ESP"), ""),  # one misses two rounds: 19 count
    ],
)
def test_swiss_exemption_from_the_file(
    count: int,
    titled: int,
    missing: int,
    absent_rounds: int,
    feds: tuple[str, ...],
    expected: str,
) -> None:
    field = _field(count, titled, missing, absent_rounds, feds)
    t = norm_event(HOME, host="GER", field=field)
    report = check(t)
    assert norm_of(report) == expected
    assert report.swiss.applies is (expected == "IM")


def test_zonal_exemption_lifts_the_limits_by_default() -> None:
    t = norm_event(HOME)
    assert norm_of(check(t)) == ""
    assert norm_of(check(t, NormSettings(exemption=Exemption.ZONAL))) == "IM"
    # The open point read the other way: 1.4.3 lifted, but own 7 > 5 still counts.
    strict = NormSettings(exemption=Exemption.ZONAL, other_exemptions_lift_limits=False)
    assert norm_of(check(t, strict)) == ""


def test_national_championship_exempts_players_of_that_federation() -> None:
    national = NormSettings(exemption=Exemption.NATIONAL_CHAMPIONSHIP)
    assert norm_of(check(norm_event(HOME, host="GER"), national)) == "IM"
    assert norm_of(check(norm_event(HOME, host="AUT"), national)) == ""


def test_round_robin_unrated_opponent_without_points_against_rated() -> None:
    # Eight IMs at 2300 (6 points) and an unrated player, beaten (round 9). Swiss:
    # counted at 1400, raised to the floor 2050: 8 x 2300 + 2050 = 20450, / 9 = 2272.2
    # -> Ra 2272; 7/9 = 78 %, Rp 2492: IM norm. Round robin: the unrated player scored
    # nothing against rated players, the game does not count: 8 games, no norm.
    rows = _rows(["IM"] * 8 + [""], 2300)[:8] + [Opp(None, "", "ITA", "1")]
    rows[6] = Opp(2300, "IM", "HUN", "0")
    swiss = check(norm_event(rows))
    assert norm_of(swiss) == "IM"
    assert (swiss.norms[0].assessment.ra, swiss.norms[0].assessment.rp) == (2272, 2492)
    assert norm_of(check(norm_event(rows), round_robin=True)) == ""
