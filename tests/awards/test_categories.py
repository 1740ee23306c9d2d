"""Categories at their boundaries (event in 2026; ages by birth year as FIDE youth and
senior events count them, or at a cut-off date from the config) and ranks inside them."""

from __future__ import annotations

import datetime as dt

import pytest

from trfsite.awards.categories import (
    belongs,
    category_standings,
    default_categories,
    parse_category,
)
from trfsite.model import Player
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions

from .build import rated_event


def _player(birth: str = "", rating: int | None = 2000, sex: str = "m") -> Player:
    return Player(id=1, name="X", birth_date=birth, rating=rating, sex=sex)


@pytest.mark.parametrize(
    ("code", "birth", "inside"),
    [
        # U18 in 2026: born 2026 - 18 = 2008 or later
        ("U18", "2008/01/01", True),
        ("U18", "2007/12/31", False),
        ("U18", "2008/00/00", True),  # a year is enough
        # S65 in 2026: born 2026 - 65 = 1961 or earlier
        ("S65", "1961/12/31", True),
        ("S65", "1962/01/01", False),
        ("U8", "2018/01/01", True),
        ("U8", "2017/12/31", False),
        ("U18", "", False),  # no birth date: in no age group
    ],
)
def test_age_groups_by_birth_year(code: str, birth: str, inside: bool) -> None:
    assert belongs(parse_category(code), _player(birth), 2026) is inside


@pytest.mark.parametrize(
    ("code", "birth", "inside"),
    [
        # cut-off 2026-07-01: U18 born on or after 2008-07-01, S65 on or before 1961-07-01
        ("U18", "2008/07/01", True),
        ("U18", "2008/06/30", False),
        ("S65", "1961/07/01", True),
        ("S65", "1961/07/02", False),
        ("U18", "2008/00/00", True),  # partial date: by the year of the cut-off
    ],
)
def test_age_groups_at_a_cutoff_date(code: str, birth: str, inside: bool) -> None:
    cutoff = dt.date(2026, 7, 1)
    assert belongs(parse_category(code), _player(birth), 2026, cutoff) is inside


def test_ratings_sex_federation() -> None:
    under = parse_category("U2000")
    assert belongs(under, _player(rating=1999), 2026)
    assert not belongs(under, _player(rating=2000), 2026)
    assert belongs(under, _player(rating=None), 2026)  # unrated count as the lowest
    band = parse_category("1800-1999")
    assert belongs(band, _player(rating=1800), 2026)
    assert not belongs(band, _player(rating=1799), 2026)
    women = parse_category("women")
    assert belongs(women, _player(sex="w"), 2026) and belongs(women, _player(sex="f"), 2026)
    assert not belongs(women, _player(sex="m"), 2026)
    fed = parse_category("fed:GER")
    assert belongs(fed, Player(id=1, name="X", federation="GER"), 2026)


def test_bad_category_names_the_value() -> None:
    with pytest.raises(ValueError, match="'juniors' is not a category"):
        parse_category("juniors")


def test_category_and_overall_ranks() -> None:
    # R1: 1 beats 2, 4 beats 3; R2: 1 beats 3, 2 beats 4. Points 1: 2, 2: 1, 4: 1, 3: 0.
    # 2 and 4 tie on points; BH-C1 (C.07 2023, 8.1 with cut 1): 2's opponents 1 (2) and
    # 4 (1), lowest cut -> 2; 4's opponents 3 (0) and 2 (1) -> 1. Overall: 1, 2, 4, 3.
    # U18 (born 2008 or later): players 2 and 4 -> category ranks 1, 2; overall 2, 3.
    t = rated_event(
        {
            1: (2100, "1990/01/01"),
            2: (2000, "2009/05/05"),
            3: (1900, "1975/00/00"),
            4: (1800, "2010/00/00"),
        },
        [(1, 1, 2, "1"), (1, 3, 4, "0"), (2, 3, 1, "0"), (2, 2, 4, "1")],
    )
    standings = compute_standings(t, StandingsOptions(tiebreaks=("BH-C1",)))
    (u18,) = category_standings(standings, [parse_category("U18")], 2026)
    assert [(x.player_id, x.category_rank, x.overall_rank) for x in u18.lines] == [
        (2, 1, 2),
        (4, 2, 3),
    ]
    # Defaults: the age groups someone is in: 2 (2009) U18 U20, 4 (2010) U16 U18 U20,
    # 3 (1975) S50; nobody U8-U14 or S65 (born 1961 or earlier), and no woman.
    assert [c.code for c in default_categories(t, 2026)] == ["U16", "U18", "U20", "S50"]
