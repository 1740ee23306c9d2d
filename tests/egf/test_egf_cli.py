"""``trfsite standings`` and ``trfsite validate`` on Go tables, through click's CliRunner."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from egf_helpers import DATA, SAMPLES

from trfsite.cli import cli


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_standings_json_of_an_opengotha_sample() -> None:
    code, output = run(
        "standings", str(SAMPLES / "opengotha-tournoi-chinois.h9"), "--format", "json"
    )
    assert code == 0, output
    data = json.loads(output)
    assert data["rules"] == "egf"
    assert data["tiebreaks"] == ["SOS", "SOSOS"]
    assert data["tournament"]["format"] == "egf" and data["tournament"]["rounds"] == 5
    first = data["standings"][0]
    # Row 1, 2d: start 31 (1d = 30) + 1 win = 32. SOS: row 3's MMS 30 + 4 unplayed
    # rounds x own start 31 = 154. SOSOS: row 3's SOS 152 + 4 unplayed rounds x
    # (31 x 5 rounds) = 152 + 620 = 772.
    # GoR (issue 45, class A): 2d = 2200 beat row 3, 1d = 2100, in an even game.
    # beta(2100) = -7 ln 1200 = -7 x 7.090077 = -49.630538; beta(2200) = -49.021458;
    # Se = 1 / (1 + exp(-0.609080)) = 1 / (1 + 0.543851) = 0.647731;
    # con(2200) = 5.5^1.6 = 15.296086, bonus(2200) = 0.300386 (tests/egf/test_gor.py):
    # 15.296086 x (1 - 0.647731) + 0.300386 = 5.388339 + 0.300386 = 5.688725 -> 5.69.
    assert first == {
        "rank": 1,
        "id": 1,
        "name": "Vannier Remi",
        "points": 32.0,
        "tiebreaks": {"SOS": 154.0, "SOSOS": 772.0},
        "rating": 2200.0,
        "rating_change": 5.69,
    }
    # Rows 9 and 10 tie on everything and share rank 9.
    assert [r["rank"] for r in data["standings"][8:11]] == [9, 9, 11]


def test_standings_json_with_user_tiebreaks_keeps_their_spelling() -> None:
    code, output = run(
        "standings",
        str(DATA / "hand-cup-latin1.h9"),
        "--format",
        "json",
        "--tiebreaks",
        "sos-1,SDOS",
    )
    assert code == 0, output
    data = json.loads(output)
    assert data["tiebreaks"] == ["sos-1", "SDOS"]
    # Row 2 (see test_egf_standings): SOS-1 = 33 + 30.5 = 63.5; SODOS = 15.25 + 30.5 = 45.75.
    row2 = next(r for r in data["standings"] if r["id"] == 2)
    assert row2["name"] == "van der Berg Anna"
    assert row2["tiebreaks"] == {"sos-1": 63.5, "SDOS": 45.75}


def test_standings_unknown_go_tiebreak_is_a_clear_error() -> None:
    code, output = run("standings", str(DATA / "hand-cup-latin1.h9"), "--tiebreaks", "BH")
    assert code == 2  # README: 2 = usage errors (a bad option value)
    assert "unknown Go tie-break 'BH'" in output and "SOSOS" in output


def test_validate_reports_the_broken_table() -> None:
    pytest.importorskip("trfsite.cli.validate_cmd")
    code, output = run("validate", str(DATA / "broken.h9"))
    assert code == 1
    assert "egf-game-one-sided" in output and "egf-column-differs" in output


def test_validate_sample_shows_no_column_difference() -> None:
    pytest.importorskip("trfsite.cli.validate_cmd")
    code, output = run("validate", str(SAMPLES / "opengotha-tournoi-chinois.h9"))
    assert "egf-column-differs" not in output
    assert "egf-game-result" in output  # rows 9 and 10 both won: a warning, not an error
    assert code == 0, output
