"""Issue 45: the GoR change by the EGF's formula (in force since 2021), checked by hand.

The formula (issue 45's facts, as the EGF publishes it):
  beta(r) = -7 ln(3300 - r);  Se = 1 / (1 + exp(beta(r_B') - beta(r_A')));
  Black with a handicap h counts, for Se only, +50 (h = 1) or +100 h - 50 (h >= 2);
  con = ((3300 - r_A) / 200)^1.6;  bonus = ln(1 + exp((2300 - r_A) / 80)) / 5;
  change = class weight x sum over the games of con (Sa - Se) + bonus.
Ratings before the event from the grade: 20k = 100 ... 1k = 2000, 1d = 2100 ... 7d = 2700.
Every number below is worked out with a pocket calculator's ln and exp, step by step.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from trfsite.awards.gor import (
    bonus,
    con,
    expected_score,
    gor_changes,
    grade_rating,
    handicap_bonus,
)
from trfsite.cli import cli
from trfsite.formats.egf import read_egf
from trfsite.model import Tournament


def table(text: str) -> Tournament:
    t = read_egf(text, "g.h9").tournament
    assert t is not None
    return t


def test_ratings_from_grades() -> None:
    # 20k = 100, each kyu 100 more: 10k = 1100, 1k = 2000; 1d = 2100, 7d = 2700;
    # professionals 1p = 2700, 30 more each: 3p = 2760; below 20k on down: 25k = -400.
    assert [grade_rating(g) for g in ("20k", "10k", "1k", "1d", "7d", "1p", "3p", "25k")] == [
        100,
        1100,
        2000,
        2100,
        2700,
        2700,
        2760,
        -400,
    ]
    assert grade_rating("strong") is None


# An even game: Ahn (2d, 2200) beats Berg (1k, 2000), class A (weight 1).
EVEN = """\
; CL[A]
; HA[h9]
1 Ahn Su     2d KR xxxx  2+/w0
2 Berg Ole   1k SE xxxx  1-/b0
"""


def test_an_even_game_by_hand() -> None:
    # ln(3300 - 2200) = ln 1100 = 7.003065, beta(2200) = -7 x 7.003065 = -49.021458
    # ln(3300 - 2000) = ln 1300 = 7.170120, beta(2000) = -7 x 7.170120 = -50.190837
    # Se(Ahn) = 1 / (1 + exp(-50.190837 + 49.021458)) = 1 / (1 + exp(-1.169379))
    #         = 1 / (1 + 0.310558) = 0.763033;  Se(Berg) = 1 - 0.763033 = 0.236967
    # con(Ahn) = (1100 / 200)^1.6 = 5.5^1.6 = exp(1.6 x 1.704748) = exp(2.727597) = 15.296086
    # bonus(Ahn) = ln(1 + exp((2300 - 2200) / 80)) / 5 = ln(1 + exp(1.25)) / 5
    #            = ln(1 + 3.490343) / 5 = ln 4.490343 / 5 = 1.501929 / 5 = 0.300386
    # Ahn: 15.296086 x (1 - 0.763033) + 0.300386 = 3.624670 + 0.300386 = 3.925056
    # con(Berg) = (1300 / 200)^1.6 = 6.5^1.6 = exp(1.6 x 1.871802) = exp(2.994884) = 19.983031
    # bonus(Berg) = ln(1 + exp(300 / 80)) / 5 = ln(1 + 42.521082) / 5 = ln 43.521082 / 5
    #             = 3.773245 / 5 = 0.754649
    # Berg: 19.983031 x (0 - 0.236967) + 0.754649 = -4.735325 + 0.754649 = -3.980676
    assert expected_score(2200, 2000) == pytest.approx(0.763033, abs=1e-6)
    assert con(2200) == pytest.approx(15.296086, abs=1e-5)
    assert bonus(2200) == pytest.approx(0.300386, abs=1e-6)
    changes = gor_changes(table(EVEN))
    ahn, berg = changes[1], changes[2]
    assert (ahn.rating, berg.rating, ahn.weight) == (2200, 2000, 1.0)
    assert ahn.value == pytest.approx(3.925056, abs=1e-5)
    assert berg.value == pytest.approx(-3.980676, abs=1e-5)
    (game,) = ahn.games
    assert (game.score, game.expected) == (1.0, pytest.approx(0.763033, abs=1e-6))


# A handicap game: Cruz (1k, 2000) gives Dahl (5k, 1600) three stones (HA[h1]: the
# grade difference 4 less 1) and Dahl, Black, wins. Class C (weight 0.5).
HANDICAP = """\
; CL[C]
; HA[h1]
1 Dahl Liv   5k NO xxxx  2+/b3
2 Cruz Ana   1k ES xxxx  1-/w3
"""


def test_a_handicap_game_by_hand() -> None:
    # Black's rating for Se: 1600 + 100 x 3 - 50 = 1850.
    # ln(3300 - 1850) = ln 1450 = 7.279319, beta(1850) = -50.955232; beta(2000) = -50.190837
    # Se(Dahl) = 1 / (1 + exp(-50.190837 + 50.955232)) = 1 / (1 + exp(0.764395))
    #          = 1 / (1 + 2.147695) = 0.317693;  Se(Cruz) = 0.682307
    # con(Dahl) = ((3300 - 1600) / 200)^1.6 = 8.5^1.6 = exp(1.6 x 2.140066) = exp(3.424106)
    #           = 30.695187; bonus(Dahl) = ln(1 + exp(700 / 80)) / 5 = ln(1 + 6310.688108) / 5
    #           = 8.750159 / 5 = 1.750032 (con and bonus use the rating itself, 1600)
    # Dahl: 30.695187 x (1 - 0.317693) + 1.750032 = 20.943546 + 1.750032 = 22.693578;
    #   x 0.5 (class C) = 11.346789
    # Cruz: 19.983031 x (0 - 0.682307) + 0.754649 = -13.634566 + 0.754649 = -12.879917;
    #   x 0.5 = -6.439958
    assert handicap_bonus(1) == 50 and handicap_bonus(3) == 250 and handicap_bonus(0) == 0
    changes = gor_changes(table(HANDICAP))
    dahl, cruz = changes[1], changes[2]
    (game,) = dahl.games
    assert (game.handicap, game.black, game.own_adjusted, game.opponent_adjusted) == (
        3,
        True,
        1850,
        2000,
    )
    assert game.expected == pytest.approx(0.317693, abs=1e-6)
    assert dahl.weight == 0.5
    assert dahl.value == pytest.approx(11.346789, abs=1e-5)
    assert cruz.value == pytest.approx(-6.439958, abs=1e-5)


# A jigo between two 3d (2300): Se = ½ = Sa, so only the bonus is left. Class B (0.75).
JIGO = """\
; CL[B]
1 Eder Max   3d AT xxxx  2=/w0
1 Frei Ida   3d CH xxxx  1=/b0
"""


def test_a_jigo_by_hand() -> None:
    # beta(2300) on both sides: Se = 1 / (1 + exp(0)) = 0.5; Sa = 0.5: con x 0 = 0.
    # bonus(2300) = ln(1 + exp(0)) / 5 = ln 2 / 5 = 0.693147 / 5 = 0.138629
    # change = 0.75 x 0.138629 = 0.103972 for each.
    changes = gor_changes(table(JIGO))
    assert changes[1].value == pytest.approx(0.103972, abs=1e-6)
    assert changes[2].value == pytest.approx(0.103972, abs=1e-6)
    assert changes[1].games[0].expected == 0.5


def test_what_does_not_count() -> None:
    # A bye, a game by default ('!') and an unknown result count nothing: no games.
    text = "; CL[A]\n1 Gray Jo 2d GB xxxx 0+ 2+!w0 2?/b0\n2 Holm Ida 2d SE xxxx 0- 1-!b0 1?/w0\n"
    changes = gor_changes(table(text))
    assert changes[1].games == () and changes[1].value == 0
    # Class X is not rated: no value.
    assert gor_changes(table("; CL[X]\n" + EVEN.split("\n", 1)[1]))[1].value is None


def test_a_gor_column_of_the_table_is_the_rating_before() -> None:
    # The 'GoR' column gives Ahn 2150 instead of his 2d's 2200.
    text = (
        "; CL[A]\n; Pl Name Rk Co Club GoR\n"
        "1 Ahn Su 2d KR xxxx 2150 2+/w0\n2 Berg Ole 1k SE xxxx 2000 1-/b0\n"
    )
    changes = gor_changes(table(text))
    assert (changes[1].rating, changes[1].rating_source) == (2150, "column")


def test_standings_json_and_csv_carry_rating_and_rating_change(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "even.h9"
    path.write_text(EVEN)
    result = CliRunner().invoke(cli, ["standings", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["standings"]
    assert [(r["rating"], r["rating_change"]) for r in rows] == [(2200, 3.93), (2000, -3.98)]
    csv = CliRunner().invoke(cli, ["standings", str(path), "--format", "csv"]).output
    assert csv.splitlines()[0].endswith(",rating,rating_change")
    assert csv.splitlines()[1].endswith(",2200,3.93")


def test_a_handicap_beyond_the_formula_is_no_game_not_a_crash() -> None:
    # Issue 50 (a fuzz input): '2+/b13' gives Black 100 x 13 - 50 = 1,250 for Se, and
    # 2100 (1d) + 1250 = 3350 is beyond 3300, where beta = -7 ln(3300 - r) is undefined
    # ('math domain error' from standings --format csv). The game is not estimated.
    t = table(
        "; CL[A]\n; HA[h9]\n1 Ahn Su     1d KR xxxx  2+/b13\n2 Berg Ole   1k SE xxxx  1-/w13\n"
    )
    changes = gor_changes(t)
    assert changes[1].games == ()
    assert changes[2].games == ()  # seen from White: the opponent's 3350 too


def test_standings_of_such_a_table_end_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "g.h9"
    path.write_text("; CL[A]\n1 Ahn Su     1d KR xxxx  2+/b13\n2 Berg Ole   1k SE xxxx  1-/w13\n")
    done = CliRunner().invoke(cli, ["standings", str(path), "--format", "csv"])
    assert (
        done.exit_code in (0, 1)
        and done.exception is None
        or isinstance(done.exception, SystemExit)
    )
