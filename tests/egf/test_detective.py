"""Issue 40: a Go table's own numbers decide its system, columns, order, byes and rounds.

One hand-made table per class of the issue (none copied from a real table). Every
expected value is worked out by hand below, by the conventions of
egf-format-notes.md ("Scores and tie-breaks used in Go tournaments") and the
EGF's table description: NBW = wins (a ``0+`` 1, a ``0=`` ½), MMS = start + NBW,
SOS = the opponents' final scores (MMS in McMahon, NBW in Swiss), SOSOS = the
opponents' SOS, SODOS = the scores of the opponents beaten.
"""

from __future__ import annotations

import pytest

from trfsite.findings import Finding, Severity
from trfsite.formats.egf import read_egf
from trfsite.model import Tournament
from trfsite.results import Standings
from trfsite.standings.go import compute_go_standings
from trfsite.standings.options import StandingsOptions
from trfsite.validate.egf_checks import check_egf


def table(text: str) -> Tournament:
    result = read_egf(text, "t.h9")
    assert result.tournament is not None
    return result.tournament


def ranked(t: Tournament) -> Standings:
    return compute_go_standings(t, StandingsOptions())


def ranks(s: Standings) -> dict[int, int]:
    return {row.id: row.rank for row in s.rows}


def warnings(t: Tournament) -> list[Finding]:
    return [f for f in check_egf(t, "t.h9") if f.severity is not Severity.INFO]


# --------------------------------------------------------------------------- rounds lost
# A McMahon round robin of 4 (bands: 1d and up start 1, kyu 0), written with numbers on
# both sides of the cells: the start score before them, MMS and SOS after.
#   R1: Aoki (1) beat Berg (2), Cruz (3) beat Dahl (4); R2: Aoki beat Dahl, Berg beat
#   Cruz; R3: Cruz beat Aoki, Berg beat Dahl. Wins: Aoki 2, Berg 2, Cruz 2, Dahl 0.
#   MMS = start + wins: Aoki 1+2 = 3, Berg 1+2 = 3, Cruz 0+2 = 2, Dahl 0+0 = 0 (total 8).
#   SOS in a round robin = the others' MMS: Aoki 8-3 = 5, Berg 5, Cruz 8-2 = 6, Dahl 8.
#   Places: Aoki and Berg level on MMS 3 and SOS 5 share place 1; Cruz 3, Dahl 4.
BOTH_SIDES = """\
1 Aoki Ken   3d JP xxxx  1   2+ 4+ 3-   3 5
1 Berg Eva   1d DE xxxx  1   1- 3+ 4+   3 5
3 Cruz Ana   5k ES xxxx  0   4+ 2- 1+   2 6
4 Dahl Ole   2k SE xxxx  0   3- 1- 2-   0 8
"""


def test_cells_with_numbers_on_both_sides_keep_every_round() -> None:
    t = table(BOTH_SIDES)
    assert t.rounds == 3
    assert [e.raw for e in t.player_index()[1].rounds] == ["2+", "4+", "3-"]
    assert t.player_index()[3].declared_scores == (("#1", 0.0), ("#2", 2.0), ("#3", 6.0))
    s = ranked(t)
    said = list(s.notes)
    assert "column #1 read as Start: 4 of 4 rows match" in said
    assert "column #2 read as MMS: 4 of 4 rows match" in said
    assert "column #3 read as SOS: 4 of 4 rows match" in said
    assert {row.id: row.points for row in s.rows} == {1: 3, 2: 3, 3: 2, 4: 0}
    assert ranks(s) == {1: 1, 2: 1, 3: 3, 4: 4}
    assert warnings(t) == []


def test_a_pin_after_the_bar_in_the_header_is_no_score_column() -> None:
    header = "; Pl Name Rk Co Club Start 1 2 3 MMS SOS | PIN\n"
    text = header + "".join(
        line + f" |{1000 + k}\n" for k, line in enumerate(BOTH_SIDES.splitlines(), 1)
    )
    t = table(text)
    assert t.rounds == 3
    assert t.go is not None and t.go.columns == ("Start", "MMS", "SOS")
    assert t.player_index()[4].egd_pin == "1004"
    assert warnings(t) == []


# --------------------------------------------------------------------------- class 1
# McMahon, 6 players, 2 rounds; bands: 4d and up start 1, the others 0.
#   R1: Xu (1) beat Park (2), Quinn (3) beat Yilmaz (5), Zorn (4) beat Weiss (6).
#   R2: Park beat Zorn, Quinn beat Weiss, Xu beat Yilmaz.
#   Wins: Xu 2, Park 1, Quinn 2, Zorn 1, Yilmaz 0, Weiss 0.
#   MMS: Xu 1+2 = 3, Park 1+1 = 2, Quinn 0+2 = 2, Zorn 1, Yilmaz 0, Weiss 0.
#   SOS: Xu = Park 2 + Yilmaz 0 = 2; Park = Xu 3 + Zorn 1 = 4; Quinn = Yilmaz 0 + Weiss 0
#   = 0; Zorn = Weiss 0 + Park 2 = 2; Yilmaz = Quinn 2 + Xu 3 = 5; Weiss = Zorn 1 +
#   Quinn 2 = 3.
#   SOSOS: Xu = SOS(Park) 4 + SOS(Yilmaz) 5 = 9; Park = 2 + 2 = 4; Quinn = 5 + 3 = 8;
#   Zorn = 3 + 4 = 7; Yilmaz = 0 + 2 = 2; Weiss = 2 + 0 = 2.
#   SODOS: Xu = Park 2 + Yilmaz 0 = 2; Park = Zorn 1; Quinn = 0 + 0; Zorn = Weiss 0; 0; 0.
# By MMS, SOS, SOSOS: Xu; Park (SOS 4) before Quinn (SOS 0); Zorn; Yilmaz (SOS 5) before
# Weiss (SOS 3): places 1-6 in row order. By the columns' order (MMS, Wins, SOS) Quinn
# (2 wins) would come before Park (1 win): the wins column is shown, not a tie-break.
ROWS = [
    "1 Xu Lan      5d CN xxxx  {}  2+ 5+",
    "2 Park Min    4d KR xxxx  {}  1- 4+",
    "3 Quinn Tom   3k IE xxxx  {}  5+ 6+",
    "4 Zorn Eva    6k DE xxxx  {}  6+ 2-",
    "5 Yilmaz Can  2k TR xxxx  {}  3- 1-",
    "6 Weiss Ute   8k AT xxxx  {}  4- 3-",
]
MMS = [3, 2, 2, 1, 0, 0]
NBW = [2, 1, 2, 1, 0, 0]
SOS = [2, 4, 0, 2, 5, 3]
SOSOS = [9, 4, 8, 7, 2, 2]
SODOS = [2, 1, 0, 0, 0, 0]


def six(header: str, *columns: list[int]) -> str:
    lines = [header] if header else []
    for k, row in enumerate(ROWS):
        lines.append(row.format(" ".join(str(c[k]) for c in columns)))
    return "\n".join(lines) + "\n"


def test_class_1_tie_break_order_from_the_places_not_from_the_columns() -> None:
    t = table(six("; Pl Name Rk Co Club MMS Wins SOS SOSOS", MMS, NBW, SOS, SOSOS))
    s = ranked(t)
    assert "tie-break order SOS, SOSOS, as the file's places show" in s.notes
    assert [c.code for c in s.columns] == ["SOS", "SOSOS"]
    assert ranks(s) == {k: k for k in range(1, 7)}
    assert warnings(t) == []


# --------------------------------------------------------------------------- class 2
def test_class_2_the_numbers_decide_against_the_header() -> None:
    # 'SOS' holds SODOS (2 1 0 0 0 0), 'SDOS' holds SOS, 'SSOS' holds SOSOS: the
    # header's names swapped after a program change.
    t = table(six("; Pl Name Rk Co Club MMS Wins SOS SDOS SSOS", MMS, NBW, SODOS, SOS, SOSOS))
    s = ranked(t)
    assert "column 'SOS' holds SODOS: 6 of 6 rows match it" in s.notes
    assert "column 'SODOS' holds SOS: 6 of 6 rows match it" in s.notes
    assert [c.code for c in s.columns] == ["SOS", "SOSOS"]
    assert ranks(s) == {k: k for k in range(1, 7)}
    assert warnings(t) == []


def test_class_2_a_header_name_stays_without_clear_evidence() -> None:
    # Two of six SOS cells wrong (Quinn 0 -> 1, Weiss 3 -> 4): SOS still fits 4 of 6
    # rows and nothing fits better, so the column stays SOS and its two rows are named.
    wrong = [2, 4, 1, 2, 5, 4]
    t = table(six("; Pl Name Rk Co Club MMS Wins SOS SOSOS", MMS, NBW, wrong, SOSOS))
    (differs,) = [f for f in warnings(t) if "SOS column" in f.message]
    assert "row 3 (Quinn Tom): file 1, computed 0" in differs.message
    assert "row 6 (Weiss Ute): file 4, computed 3" in differs.message


# --------------------------------------------------------------------------- class 3
# McMahon, 5 players, 3 rounds; bands: 1d and up start 1, kyu 0.
#   R1: Adler (2) beat Berg (3), Cho (1) beat Dorn (4), Egger (5) '0+'.
#   R2: Cho beat Adler, Berg beat Egger, Dorn '0='.
#   R3: Adler beat Egger, Cho beat Berg, Dorn '0+'.
#   MMS ('0+' 1, '0=' ½): Cho 0+3 = 3, Adler 1+2 = 3, Berg 1+1 = 2, Dorn 0+½+1 = 1½,
#   Egger 0+1+0 = 1.
#   The wins column counts a '0+' but not a '0=': Cho 3, Adler 2, Berg 1, Dorn 1, Egger 1.
#   SOS: a '0+' adds the player's own MMS less the bye's point, a '0=' the start MMS:
#     Cho = Dorn 1½ + Adler 3 + Berg 2 = 6½;  Adler = Berg 2 + Cho 3 + Egger 1 = 6;
#     Berg = Adler 3 + Egger 1 + Cho 3 = 7;  Dorn = Cho 3 + start 0 + (1½ - 1) = 3½;
#     Egger = (1 - 1) + Berg 2 + Adler 3 = 5.
#   SOSOS: a round without opponent adds the player's own SOS:
#     Cho = SOS Dorn 3½ + Adler 6 + Berg 7 = 16½;  Adler = 7 + 6½ + 5 = 18½;
#     Berg = 6 + 5 + 6½ = 17½;  Dorn = Cho 6½ + own 3½ + own 3½ = 13½;
#     Egger = own 5 + Berg 7 + Adler 6 = 18.
#   Places by MMS, SOS: Cho (6½) before Adler (6), Berg, Dorn, Egger.
#   Read the OpenGotha way (a bye adds the start MMS, SOSOS start x 3, '0=' a win's
#   half), Dorn's SOS would be 3 + 0 + 0 = 3 and the wins column 1½.
BYES = """\
; Pl Name Rk Co Club MMS Wins SOS SOSOS
1 Cho Min    1k KR xxxx  3   3 6½ 16½   4+ 2+ 3+
2 Adler Jan  2d DE xxxx  3   2 6  18½   3+ 1- 5+
3 Berg Ola   1d SE xxxx  2   1 7  17½   2- 5+ 1-
4 Dorn Kai   3k AT xxxx  1½  1 3½ 13½   1- 0= 0+
5 Egger Pia  6k CH xxxx  1   1 5  18    0+ 3- 2-
"""


def test_class_3_each_kind_of_bye_counts_as_the_numbers_show() -> None:
    t = table(BYES)
    s = ranked(t)
    said = list(s.notes)
    assert "'0=' rounds: the wins column counts 0, as the file's columns show" in said
    assert (
        "'0+' rounds: SOS adds own score less the bye's points, SOSOS adds own SOS, "
        "as the file's columns show"
    ) in said
    assert (
        "'0=' rounds: SOS adds own start MMS, SOSOS adds own SOS, as the file's columns show"
    ) in said
    values = {row.id: row.tiebreaks for row in s.rows}
    assert values[4] == (3.5, 13.5) and values[5] == (5.0, 18.0)
    assert ranks(s) == {k: k for k in range(1, 6)}
    assert warnings(t) == []


# --------------------------------------------------------------------------- class 4, 6, 8
# Swiss, 6 players: 3 Swiss rounds, then a play-off (semi-finals) and a final; the round
# labels '1.', '2.', '3.', 'playoff', 'final' stand over the cells.
#   R1: Abe (1) beat Berg (5), Cruz (4) beat Dahl (2), Eder (3) beat Frei (6).
#   R2: Abe beat Cruz, Eder beat Dahl, Berg beat Frei.  R3: Eder beat Abe, Cruz beat
#   Berg, Dahl beat Frei.  Wins after R3: Abe 2, Dahl 1, Eder 3, Cruz 2, Berg 1, Frei 0.
#   SOS over the Swiss rounds (opponents' wins after R3): Abe = Berg 1 + Cruz 2 + Eder 3
#   = 6; Dahl = Cruz 2 + Eder 3 + Frei 0 = 5; Eder = Frei 0 + Dahl 1 + Abe 2 = 3;
#   Cruz = Dahl 1 + Abe 2 + Berg 1 = 4; Berg = Abe 2 + Frei 0 + Cruz 2 = 4;
#   Frei = Eder 3 + Berg 1 + Dahl 1 = 5.
#   SOSOS: Abe = 4 + 4 + 3 = 11; Dahl = 4 + 3 + 5 = 12; Eder = 5 + 5 + 6 = 16;
#   Cruz = 5 + 6 + 4 = 15; Berg = 6 + 5 + 4 = 15; Frei = 3 + 4 + 5 = 12.
#   Swiss order: Eder, Abe, Cruz, Dahl (Dahl's SOS 5 > Berg's 4), Berg, Frei.
#   Play-off: Dahl beat Eder, Abe beat Cruz; final: Abe beat Dahl. Wins over all
#   rounds: Abe 4, Dahl 2, Eder 3, Cruz 2, Berg 1, Frei 0.
#   Places: Abe 1, Dahl 2 (the final), Eder and Cruz lost the semi-finals (Eder 3 wins
#   before Cruz 2), Berg 5, Frei 6. Over all five rounds Abe's SOS would be
#   1 + 2 + 3 + 2 + 2 = 10, not 6: the tie-breaks stop after the Swiss rounds.
PLAYOFF = """\
; Pl Name Rk Co Club 1. 2. 3. playoff final NBW SOS SOSOS
1 Abe Jun    3d JP xxxx  5+ 4+ 3- 4+ 2+  4 6 11
2 Dahl Liv   2d NO xxxx  4- 3- 6+ 3+ 1-  2 5 12
3 Eder Max   4d AT xxxx  6+ 2+ 1+ 2- 0-  3 3 16
4 Cruz Ana   1d ES xxxx  2+ 1- 5+ 1- 0-  2 4 15
5 Berg Tim   1k SE xxxx  1- 6+ 4- 0- 0-  1 4 15
6 Frei Ida   3k CH xxxx  3- 5- 2- 0- 0-  0 5 12
"""


def test_class_4_6_8_swiss_then_play_off_and_final() -> None:
    t = table(PLAYOFF)
    assert t.rounds == 5
    assert t.go is not None and t.go.columns == ("NBW", "SOS", "SOSOS")
    s = ranked(t)
    said = list(s.notes)
    assert (
        "tie-breaks over rounds 1-3 only, as the file's columns show (18 of 18 values fit)" in said
    )
    assert (
        "knock-out from round 4: ranked first by the round a player was eliminated in, "
        "as the file's places show"
    ) in said
    values = {row.id: row.tiebreaks for row in s.rows}
    # KO place first (1, 2, 3, 3, 5, 5), then SOS and SOSOS over rounds 1-3.
    assert values[1] == (1, 6, 11) and values[3] == (3, 3, 16) and values[6] == (5, 5, 12)
    assert ranks(s) == {k: k for k in range(1, 7)}
    assert warnings(t) == []


# A knock-out of 8 (seeded 1-8): R1 Ahn beat Holm, Baum beat Gray, Fox beat Cole, Diaz
# beat Egan; R2 Ahn beat Diaz, Fox beat Baum; final Ahn beat Fox. The Place column
# shares places as knock-outs do: 1, 2, 3 (semi-finals), 5 (quarter-finals).
# Wins: Ahn 3, Fox 2, Diaz 1, Baum 1, the others 0. SOS (the opponents' wins, a '0-'
# adds 0): Diaz = Egan 0 + Ahn 3 = 3, Baum = Gray 0 + Fox 2 = 2: they differ, yet share
# place 3, so SOS is shown, not a tie-break.
KNOCKOUT = """\
; Pl Name Rk Co Club R1 R2 R3 NBW SOS
1 Ahn Su    5d KR xxxx  5+ 3+ 2+  3 3
2 Fox Al    2d GB xxxx  7+ 4+ 1-  2 4
3 Diaz Ro   3d ES xxxx  8+ 1- 0-  1 3
3 Baum Ute  4d DE xxxx  6+ 2- 0-  1 2
5 Holm Ida  1k SE xxxx  1- 0- 0-  0 3
5 Gray Jo   2k GB xxxx  4- 0- 0-  0 1
5 Cole Ty   1d US xxxx  2- 0- 0-  0 2
5 Egan Bo   3k IE xxxx  3- 0- 0-  0 1
"""


def test_class_6_knock_out_places_are_ranked_by_the_round_lost() -> None:
    t = table(KNOCKOUT)
    s = ranked(t)
    assert "no tie-break: players level on the score share their place in the file" in s.notes
    assert ranks(s) == {1: 1, 2: 2, 3: 3, 4: 3, 5: 5, 6: 5, 7: 5, 8: 5}
    assert warnings(t) == []


# --------------------------------------------------------------------------- class 5
# The class-1 games with a hand-picked top group: Xu (5d) and Park, a 2k picked for it,
# start 1, the others (Yilmaz 1d included) 0: the same MMS and SOS as above. No header:
# the first column is MMS because SOS is the sum of the opponents' values of it.
def test_class_5_mcmahon_recognised_by_the_numbers_not_the_grades() -> None:
    text = six("", MMS, SOS).replace("4d KR", "2k KR").replace("2k TR", "1d TR")
    t = table(text)
    s = ranked(t)
    assert s.points_label == "MMS"
    said = list(s.notes)
    assert "McMahon, as the file's columns show" in said
    assert "column #1 read as MMS: 6 of 6 rows match" in said
    assert "column #2 read as SOS: 6 of 6 rows match" in said
    assert ranks(s) == {k: k for k in range(1, 7)}
    assert warnings(t) == []  # the picked 2k's start 1 is no error


# --------------------------------------------------------------------------- class 7
def test_class_7_half_points_written_as_a_jigo() -> None:
    # BYES with its halves written '1=' (1½), '6=' (6½), '16=', '17=', '18=', '13='.
    text = BYES.replace("½", "=")
    t = table(text)
    assert t.rounds == 3
    dorn = t.player_index()[4]
    assert dorn.declared_scores == (("MMS", 1.5), ("NBW", 1.0), ("SOS", 3.5), ("SOSOS", 13.5))
    assert warnings(t) == []


# Swiss round robin of 4: R1 Yang (1) beat Kim (2), Lee (3) beat Sato (4); R2 Yang beat
# Lee, Kim beat Sato; R3 Sato beat Yang, Kim beat Lee. NBW: 2 2 1 1; SOS: Yang = Kim 2 +
# Lee 1 + Sato 1 = 4, Kim = 2 + 1 + 1 = 4, Lee = 1 + 2 + 2 = 5, Sato = 5.
SWISS = """\
; Pl Name Rk Co Club {names}
1 Yang Run  7d CN xxxx  2+/w 3+/b 4-/w  {a}
1 Kim Min   6d KR xxxx  1-/b 4+/w 3+/b  {b}
3 Lee Sed   5d KR xxxx  4+/w 1-/w 2-/w  {c}
3 Sato Ken  4d JP xxxx  3-/b 2-/b 1+/b  {d}
"""


def test_class_7_sos_in_half_points() -> None:
    # The SOS column holds 8 8 10 10: twice 4 4 5 5 on every row.
    t = table(SWISS.format(names="NBW SOS", a="2 8", b="2 8", c="1 10", d="1 10"))
    s = ranked(t)
    assert "column 'SOS' holds SOS in half points: 4 of 4 rows match it" in s.notes
    assert [row.tiebreaks for row in sorted(s.rows, key=lambda r: r.id)] == [
        (4,),
        (4,),
        (5,),
        (5,),
    ]
    assert warnings(t) == []


def test_class_7_a_score_column_headed_rank_is_not_the_grade() -> None:
    t = table(SWISS.format(names="Rank SOS", a="2 4", b="2 4", c="1 5", d="1 5"))
    assert t.go is not None and t.go.columns == ("Rank", "SOS")
    assert t.player_index()[1].grade == "7d"
    s = ranked(t)
    assert "column Rank read as NBW: 4 of 4 rows match" in s.notes
    assert warnings(t) == []


# Three players who beat each other in turn (a '0-' for the one who sits out): each has
# 1 win, and OpenGotha's DC drops the games of the cycle, so each DC is 0 (counting the
# games would give 1 each).
CYCLE = """\
; Pl Name Rk Co Club NBW DC
1 Ames Al   1d GB xxxx  1 0   2+ 0-  3-
1 Bell Bo   1d GB xxxx  1 0   1- 3+  0-
1 Cobb Cy   1d GB xxxx  1 0   0- 2-  1+
"""


def test_class_7_direct_confrontation_drops_a_cycle() -> None:
    t = table(CYCLE)
    s = compute_go_standings(t, StandingsOptions(tiebreaks=("DC",)))
    assert [row.tiebreaks for row in s.rows] == [(0,), (0,), (0,)]
    assert [row.rank for row in s.rows] == [1, 1, 1]
    assert warnings(t) == []


# --------------------------------------------------------------------------- class 9
def test_class_9_shifted_rows_are_one_sentence() -> None:
    # The class-1 table with rows 3-4's SOS and SOSOS taken from rows 4-5:
    # Quinn gets Zorn's 2 and 7, Zorn gets Yilmaz's 5 and 2.
    sos, sosos = [2, 4, 2, 5, 5, 3], [9, 4, 7, 2, 2, 2]
    t = table(six("; Pl Name Rk Co Club MMS SOS SOSOS", MMS, sos, sosos))
    (shifted,) = [f for f in warnings(t) if f.code == "egf-rows-shifted"]
    assert shifted.message == (
        "rows 3-4 carry the SOS, SOSOS values of rows 4-5: their tie-break cells look "
        "shifted by a row (put each row's own values back)"
    )
    assert shifted.line == 4  # row 3 (the header is line 1)
    assert [f.code for f in warnings(t)] == ["egf-rows-shifted"]


# Swiss, 5 players, 2 rounds; the bye ('0+') is a game against a "ghost" the pairing
# program held as a player, whose line is commented out (line 8).
#   R1: Abe (1) beat Berg (5), Cruz (3) beat Dahl (4), Eder (2) '0+'.
#   R2: Abe beat Cruz, Eder beat Berg, Dahl '0+'.
#   NBW: Abe 2, Eder 2, Cruz 1, Dahl 1, Berg 0.  SOS (the ghost scores 0): Abe = Berg 0 +
#   Cruz 1 = 1; Eder = 0 + Berg 0 = 0; Cruz = Dahl 1 + Abe 2 = 3; Dahl = Cruz 1 + 0 = 1;
#   Berg = Abe 2 + Eder 2 = 4.  The ghost's SOS: Eder 2 + Dahl 1 = 3.
#   SOSOS: Abe = 4 + 3 = 7; Eder = ghost 3 + Berg 4 = 7; Cruz = 1 + 1 = 2;
#   Dahl = SOS Cruz 3 + ghost 3 = 6; Berg = 1 + 0 = 1.
GHOST = """\
; Pl Name Rk Co Club NBW SOS SOSOS
1 Abe Jun   3d JP xxxx  2 1 7  5+ 3+
2 Eder Max  4d AT xxxx  2 0 7  0+ 5+
3 Cruz Ana  1d ES xxxx  1 3 2  4+ 1-
4 Dahl Liv  2d NO xxxx  1 1 6  3- 0+
5 Berg Tim  1k SE xxxx  0 4 1  1- 2-
;
; 6 ghost 20k XX xxxx  0 3 0  2- 4-
"""


def test_class_9_a_commented_out_player_still_counted() -> None:
    t = table(GHOST)
    s = ranked(t)
    assert "a round without opponent adds 0 to SOS, as the file's columns show" in s.notes or any(
        "ghost" in note for note in s.notes
    )
    (ghost,) = [f for f in warnings(t) if f.code == "egf-ghost"]
    assert ghost.message == (
        "2 rows with a '0+' round (2, 4) count 3 in SOSOS for it: the SOS of the "
        "commented-out line 8 'ghost', a player taken out after pairing who still counts "
        "in their SOSOS (recompute it without that player, or keep the line)"
    )
    assert ghost.line == 8
    assert ranks(s) == {k: k for k in range(1, 6)}


# OpenGotha's scale (1d = 30): Xu 2d 31, Park 1k 29, Quinn 5k 25, Zorn 10k 20, Yilmaz
# 20k 10, and Weiss, written 20k, starting at 6 (a 24k). The class-1 games:
#   MMS: 31+2 = 33, 29+1 = 30, 25+2 = 27, 20+1 = 21, 10+0 = 10, 6+0 = 6.
#   SOS: Xu = 30 + 10 = 40; Park = 33 + 21 = 54; Quinn = 10 + 6 = 16; Zorn = 6 + 30 = 36;
#   Yilmaz = 27 + 33 = 60; Weiss = 21 + 27 = 48.
def test_class_9_grades_below_20k_written_as_20k() -> None:
    text = six("; Pl Name Rk Co Club MMS SOS", [33, 30, 27, 21, 10, 6], [40, 54, 16, 36, 60, 48])
    text = (
        text.replace("5d CN", "2d CN")
        .replace("4d KR", "1k KR")
        .replace("3k IE", "5k IE")
        .replace("6k DE", "10k DE")
        .replace("2k TR", "20k TR")
        .replace("8k AT", "20k AT")
    )
    t = table(text)
    found = warnings(t)
    assert [f.code for f in found] == ["egf-grade-floor"]
    assert found[0].message == (
        "1 row(s) written 20k (6) start at 6, below the 10 of 20k on the table's scale: "
        "their grades are below 20k and were written as 20k (write the real grades, e.g. 25k)"
    )


@pytest.mark.parametrize("text", [BOTH_SIDES, BYES, PLAYOFF, KNOCKOUT, GHOST])
def test_every_class_table_reads_without_errors(text: str) -> None:
    result = read_egf(text, "t.h9")
    assert [f for f in result.findings if f.severity is Severity.ERROR] == []
