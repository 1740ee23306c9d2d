"""Go standings and tie-breaks, every expected value worked out by hand.

Rules: OpenGotha's conventions as described in egf-format-notes.md ("Scores and
tie-breaks used in Go tournaments"); scale 1d = 30 (so 2d = 31, 2k = 28, 5k = 25).

hand-cup-latin1.h9, HA[h1], 3 rounds (row: grade, start MMS):
  1 Ahn 2D 31 | 2+/w0  3-/w2  5+/w5
  2 vdB 1D 30 | 1-/b0  5=/w4  4+/w4
  3 Mül 2k 28 | 4-/w2  1+/b2  0-
  4 Dup 5k 25 | 3+/b2  0=     2-/b4
  5 Ros 5K 25 | 0+     2=/b4  1-/b5
Points (NBW): 1: 1+0+1 = 2; 2: 0+½+1 = 1.5; 3: 0+1+0 = 1; 4: 1+½+0 = 1.5; 5: 1+½+0 = 1.5
MMS = start + NBW: 1: 33; 2: 31.5; 3: 29; 4: 26.5; 5: 26.5
"""

from __future__ import annotations

import click
import pytest
from egf_helpers import tournament

from trfsite.formats.egf.grades import parse_grade
from trfsite.results import Standings
from trfsite.scoring.go import GO_TIEBREAKS, find_go_tiebreak
from trfsite.standings.go import compute_go_standings, grade_start, infer_round_down
from trfsite.standings.options import StandingsOptions


def values(standings: Standings) -> dict[int, tuple[float, tuple[float | None, ...]]]:
    return {row.id: (row.points, row.tiebreaks) for row in standings.rows}


def ranks(standings: Standings) -> list[tuple[int, int]]:
    return [(row.rank, row.id) for row in standings.rows]


def hand_cup(*tiebreaks: str, **options: object) -> Standings:
    return compute_go_standings(
        tournament("hand-cup-latin1.h9"),
        StandingsOptions(tiebreaks=tiebreaks or None, **options),  # type: ignore[arg-type]
    )


def test_mcmahon_sos_adjusted_for_handicap() -> None:
    # SOS = sum of opponents' MMS, +h when the player was white, -h when black;
    # a round without opponent counts the player's own start MMS.
    #  1: 2 (w0) 31.5 + 3 (w2) 29+2 + 5 (w5) 26.5+5   = 31.5 + 31 + 31.5 = 94
    #  2: 1 (b0) 33   + 5 (w4) 26.5+4 + 4 (w4) 26.5+4 = 33 + 30.5 + 30.5 = 94
    #  3: 4 (w2) 26.5+2 + 1 (b2) 33-2 + none: 28      = 28.5 + 31 + 28   = 87.5
    #  4: 3 (b2) 29-2 + none: 25 + 2 (b4) 31.5-4      = 27 + 25 + 27.5   = 79.5
    #  5: none: 25 + 2 (b4) 31.5-4 + 1 (b5) 33-5      = 25 + 27.5 + 28   = 80.5
    standings = hand_cup("SOS")
    assert {i: v[1][0] for i, v in values(standings).items()} == {
        1: 94.0,
        2: 94.0,
        3: 87.5,
        4: 79.5,
        5: 80.5,
    }
    assert standings.rules == "egf" and standings.points_label == "MMS"
    assert {i: v[0] for i, v in values(standings).items()} == {
        1: 33.0,
        2: 31.5,
        3: 29.0,
        4: 26.5,
        5: 26.5,
    }
    # 4 and 5 tie on MMS 26.5; 5's SOS 80.5 beats 4's 79.5.
    assert ranks(standings) == [(1, 1), (2, 2), (3, 3), (4, 5), (5, 4)]


def test_sosos_counts_start_times_rounds_for_a_missing_opponent() -> None:
    # SOSOS = sum of the opponents' SOS (not adjusted); no opponent: start MMS x 3 rounds.
    #  1: SOS2 + SOS3 + SOS5 = 94 + 87.5 + 80.5 = 262
    #  2: SOS1 + SOS5 + SOS4 = 94 + 80.5 + 79.5 = 254
    #  3: SOS4 + SOS1 + 28x3 = 79.5 + 94 + 84  = 257.5
    #  4: SOS3 + 25x3 + SOS2 = 87.5 + 75 + 94  = 256.5
    #  5: 25x3 + SOS2 + SOS1 = 75 + 94 + 94    = 263
    got = {i: v[1][0] for i, v in values(hand_cup("SOSOS")).items()}
    assert got == {1: 262.0, 2: 254.0, 3: 257.5, 4: 256.5, 5: 263.0}


def test_sodos_sums_beaten_opponents_and_half_for_jigo() -> None:
    # Same per-round values as SOS, only for games won (jigo: half).
    #  1: beat 2 (31.5) and 5 (31.5)               = 63
    #  2: jigo 5: 30.5 / 2 = 15.25; beat 4: 30.5    = 45.75
    #  3: beat 1 (33 - 2)                           = 31
    #  4: beat 3 (29 - 2)                           = 27
    #  5: jigo 2: 27.5 / 2                          = 13.75 (the 0+ counts nothing)
    got = {i: v[1][0] for i, v in values(hand_cup("SODOS")).items()}
    assert got == {1: 63.0, 2: 45.75, 3: 31.0, 4: 27.0, 5: 13.75}


def test_sos_minus_drops_the_lowest_values() -> None:
    # Per-round SOS values (see above) without the lowest one / two:
    #  1: 31.5 31 31.5 -> 63   / 31.5
    #  2: 33 30.5 30.5 -> 63.5 / 33
    #  3: 28.5 31 28   -> 59.5 / 31
    #  4: 27 25 27.5   -> 54.5 / 27.5
    #  5: 25 27.5 28   -> 55.5 / 28
    got = {i: v[1] for i, v in values(hand_cup("SOS-1", "sos-2")).items()}
    assert got == {
        1: (63.0, 31.5),
        2: (63.5, 33.0),
        3: (59.5, 31.0),
        4: (54.5, 27.5),
        5: (55.5, 28.0),
    }


def test_cuss_sums_the_mms_after_each_round() -> None:
    #  1: 32 + 32 + 33 = 97;  2: 30 + 30.5 + 31.5 = 92;  3: 28 + 29 + 29 = 86
    #  4: 26 + 26.5 + 26.5 = 79;  5: 26 + 26.5 + 26.5 = 79
    got = {i: v[1][0] for i, v in values(hand_cup("CUSS")).items()}
    assert got == {1: 97.0, 2: 92.0, 3: 86.0, 4: 79.0, 5: 79.0}


def test_swiss_nbw_sos_and_direct_confrontation() -> None:
    # Swiss: rank by NBW; SOS sums the opponents' NBW, 0 for a round without one.
    # NBW: 1: 2; 2: 1.5; 3: 1; 4: 1.5; 5: 1.5. Tied at 1.5: rows 2, 4, 5.
    # DC among them: 2 drew 5 (½) and beat 4 (1) = 1.5; 4 lost to 2 = 0; 5 drew 2 = ½.
    # SOS: 1: 1.5+1+1.5 = 4; 2: 2+1.5+1.5 = 5; 3: 1.5+2+0 = 3.5; 4: 1+0+1.5 = 2.5;
    #      5: 0+1.5+2 = 3.5
    standings = hand_cup("DC", "SOS", system="swiss")
    assert standings.points_label == "NBW"
    assert values(standings) == {
        1: (2.0, (0.0, 4.0)),
        2: (1.5, (1.5, 5.0)),
        3: (1.0, (0.0, 3.5)),
        4: (1.5, (0.0, 2.5)),
        5: (1.5, (0.5, 3.5)),
    }
    assert ranks(standings) == [(1, 1), (2, 2), (3, 5), (4, 4), (5, 3)]


def test_after_round_keeps_the_start_scores() -> None:
    # After round 1: 1: 31+1 = 32; 2: 30; 3: 28; 4: 25+1 = 26; 5: 25+1 (0+) = 26.
    # SOS: 1: 30+0 = 30; 2: 32-0 = 32; 3: 26+2 = 28; 4: 28-2 = 26; 5: own start 25.
    standings = hand_cup("SOS", after_round=1)
    assert standings.after_round == 1
    assert values(standings) == {
        1: (32.0, (30.0,)),
        2: (30.0, (32.0,)),
        3: (28.0, (28.0,)),
        4: (26.0, (26.0,)),
        5: (26.0, (25.0,)),
    }


def test_round_down_is_inferred_from_the_mms_column() -> None:
    # Row 4 has one 0= (½): its MMS 26 = start 25 + 1 only if the ½ is rounded down
    # (26 - 1.5 = 24.5 is no start score). Row 5's 0+ is a whole point either way.
    t = tournament("hand-cup-round-down.h9")
    assert infer_round_down(t) is True
    assert infer_round_down(tournament("hand-cup-latin1.h9")) is False
    standings = compute_go_standings(t, StandingsOptions())
    assert {row.id: row.points for row in standings.rows}[4] == 26.0
    # SOS of row 2: 1 (b0) 33 + 5 (w4) 26.5+4 + 4 (w4) 26+4 = 33 + 30.5 + 30 = 93.5
    assert {row.id: row.tiebreaks[0] for row in standings.rows}[2] == 93.5


def test_start_from_grade_with_bar_and_floor() -> None:
    # egd-download.txt has no MMS column: starts from the grades.
    # No bar/floor: 3d = 32, 1d = 30, 2k = 28, 15k = 15.
    #   MMS: 1: 32+2 = 34; 2: 30+½ = 30.5; 3: 28+1 = 29; 4: 15+½ = 15.5
    # Bar 1d (30), floor 10k (20): 3d -> 30, 15k -> 20.
    #   MMS: 1: 32; 2: 30.5; 3: 29; 4: 20.5
    t = tournament("egd-download.txt")
    plain = compute_go_standings(t, StandingsOptions())
    assert [row.points for row in plain.rows] == [34.0, 30.5, 29.0, 15.5]
    # SOS (even games): 1: 30.5 + 29 = 59.5; 2: 34 + 15.5 = 49.5; 3: 15.5 + 34 = 49.5;
    # 4: 29 + 30.5 = 59.5.
    assert [row.tiebreaks[0] for row in plain.rows] == [59.5, 49.5, 49.5, 59.5]
    barred = compute_go_standings(t, StandingsOptions(go_bar="1d", go_floor="10k"))
    assert [row.points for row in barred.rows] == [32.0, 30.5, 29.0, 20.5]


def test_grade_scale() -> None:
    assert [parse_grade(g).mms for g in ("1d", "1k", "30k", "9d", "3P")] == [30, 29, 0, 38, 38]  # type: ignore[union-attr]
    assert grade_start(parse_grade("5d"), parse_grade("2d"), None) == 31.0
    assert grade_start(None, None, parse_grade("20k")) == 10.0


def test_tiebreak_list_from_the_file_skips_what_trfsite_does_not_compute() -> None:
    standings = compute_go_standings(tournament("opengotha-ioct_20_02.h9"), StandingsOptions())
    # CAT, EXT, EXR are OpenGotha criteria trfsite does not compute; NBW is the primary.
    assert [c.code for c in standings.columns] == ["SOS", "SOSOS"]
    assert any("CAT, EXT, EXR" in note for note in standings.notes)


def test_unknown_tiebreak_and_bad_bar_are_user_errors() -> None:
    with pytest.raises(click.ClickException, match="known tie-breaks: MMS, NBW, SOS"):
        hand_cup("BH")
    with pytest.raises(click.ClickException, match="go_bar: unknown grade 'strong'"):
        hand_cup(go_bar="strong")
    assert find_go_tiebreak("ssos").short == "SOSOS"
    assert [t.short for t in GO_TIEBREAKS] == [
        "MMS",
        "NBW",
        "SOS",
        "SOS-1",
        "SOS-2",
        "SOSOS",
        "SODOS",
        "CUSS",
        "DC",
        "KO",
    ]


def test_explanations_mark_the_dropped_value() -> None:
    standings = hand_cup("SOS-1", explain=True)
    row = next(r for r in standings.rows if r.id == 3)
    (explanation,) = row.explanations
    assert [(c.round, c.value, c.cut) for c in explanation.contributions] == [
        (1, 28.5, False),
        (2, 31.0, False),
        (3, 28.0, True),
    ]


def test_other_programs_conventions() -> None:
    # Per-round SOS values as in test_mcmahon_sos_adjusted_for_handicap.
    # Without handicap adjustment (raw opponents' MMS):
    #  1: 31.5 + 29 + 26.5 = 87;  2: 33 + 26.5 + 26.5 = 86;  3: 26.5 + 33 + 28 = 87.5
    #  4: 29 + 25 + 31.5 = 85.5;  5: 25 + 31.5 + 33 = 89.5
    raw = hand_cup("SOS", go_handicap_adjusted_sos=False)
    assert {i: v[1][0] for i, v in values(raw).items()} == {
        1: 87.0,
        2: 86.0,
        3: 87.5,
        4: 85.5,
        5: 89.5,
    }
    # A round without opponent counting 0: 3: 28.5 + 31 + 0 = 59.5; 4: 27 + 0 + 27.5 = 54.5;
    # 5: 0 + 27.5 + 28 = 55.5. SOSOS of 3: SOS(4) 54.5 + SOS(1) 94 + 0 = 148.5.
    zero = hand_cup("SOS", "SOSOS", go_bye_in_sos="zero")
    assert {i: v[1] for i, v in values(zero).items()}[3] == (59.5, 148.5)
    assert {i: v[1][0] for i, v in values(zero).items()}[4] == 54.5
    assert {i: v[1][0] for i, v in values(zero).items()}[5] == 55.5
    # pairgoth's SOS-1 drops the highest value:
    #  1: 31.5 31 31.5 -> 62.5;  2: 33 30.5 30.5 -> 61;  3: 28.5 31 28 -> 56.5
    #  4: 27 25 27.5 -> 52;  5: 25 27.5 28 -> 52.5
    high = hand_cup("SOS-1", go_sos_cut_highest=True)
    assert {i: v[1][0] for i, v in values(high).items()} == {
        1: 62.5,
        2: 61.0,
        3: 56.5,
        4: 52.0,
        5: 52.5,
    }
    assert "SOS-1 and SOS-2 drop the highest values" in high.notes
