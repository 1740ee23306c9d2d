"""Tie-break codes: Handbook (BH-C1) and TRF-2026 (BH/C1/P) spellings, any case."""

from __future__ import annotations

import pytest

from trfsite.scoring.codes import (
    TiebreakCodeError,
    UnknownTiebreakError,
    parse_tiebreak,
    split_tiebreak_list,
    strip_pts,
)
from trfsite.scoring.registry import find_tiebreak, resolve


@pytest.mark.parametrize("code", ["BH-C1", "bh/c1", "Bh/C1", " BH - C1 "])
def test_both_spellings_give_buchholz_cut_1(code: str) -> None:
    spec = parse_tiebreak(code)
    assert (spec.name, spec.cut, spec.median) == ("BH", 1, 0)
    assert spec.short == "BH-C1"


def test_code_echoes_the_spelling_without_surrounding_blanks() -> None:
    assert parse_tiebreak(" bh/c1 ").code == "bh/c1"


def test_every_trf_modifier() -> None:
    spec = parse_tiebreak("BH:MP/C2/P/F/R")
    assert spec.score == "MP" and spec.cut == 2
    assert spec.forfeits_played and spec.fore and spec.reverse
    assert spec.modifiers == frozenset({"C", "P", "F", "R"})


def test_median_and_koya_limit_in_half_points() -> None:
    assert parse_tiebreak("BH-M2").median == 2
    assert parse_tiebreak("BH/M1").low_cuts == 1 and parse_tiebreak("BH/M1").high_cuts == 1
    assert parse_tiebreak("KS/L+1").limit == 1
    assert parse_tiebreak("ks-l-2").limit == -2
    assert parse_tiebreak("SSSC/K4").k == 4.0


def test_rep_is_ge() -> None:
    spec, tb = resolve("REP")
    assert spec.name == "GE" and tb.acronym == "GE"
    assert spec.code == "REP" and spec.short == "REP"


def test_unknown_name_lists_the_known_codes() -> None:
    with pytest.raises(UnknownTiebreakError) as caught:
        resolve("XYZ", "--tiebreaks")
    message = caught.value.format_message()
    assert "'XYZ'" in message and "--tiebreaks" in message
    for known in ("BH", "SB", "DE", "ARO", "STD", "TPN", "RTNG", "REP"):
        assert known in message


def test_find_tiebreak_fails_listing_names() -> None:
    with pytest.raises(UnknownTiebreakError, match="known tie-breaks: DE, WIN"):
        find_tiebreak("BUCH")


def test_modifier_a_tiebreak_does_not_take_is_an_error() -> None:
    with pytest.raises(UnknownTiebreakError, match="WIN takes no cut"):
        resolve("WIN-C1")
    with pytest.raises(UnknownTiebreakError, match="KS takes no"):
        resolve("KS/F")


@pytest.mark.parametrize("bad", ["", "/C1", "BH/C3", "BH/X", "BH-C1-C1", "BH/C1/M1"])
def test_unreadable_codes(bad: str) -> None:
    with pytest.raises(TiebreakCodeError):
        parse_tiebreak(bad)


def test_lists_and_pts() -> None:
    assert split_tiebreak_list("BH-C1, BH,,SB ") == ["BH-C1", "BH", "SB"]
    # TRF-2026: "212 PTS,..." is the same as "202 ...".
    assert strip_pts(["PTS", "BH/C1"]) == ["BH/C1"]
    assert strip_pts(["BH"]) == ["BH"]
