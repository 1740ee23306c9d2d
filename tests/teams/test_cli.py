"""``trfsite standings TEAMFILE --format json`` and ``trfsite validate`` on a hand-built event.

tests/data/teams/hand-built-team.trf is events.basic() written as TRF-2026 by hand:
202 EDE,EMGSB/C1; totals T1 3 MP 3.0 GP, T2 4/4.0, T3 2/2.5, T4 3/2.5.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from trfsite.cli import cli

DATA = Path(__file__).resolve().parents[1] / "data" / "teams"
FILE = DATA / "hand-built-team.trf"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_json_rows_carry_match_and_game_points() -> None:
    code, out = run("standings", str(FILE), "--format", "json")
    assert code == 0, out
    data = json.loads(out)
    assert data["tournament"]["kind"] == "team" and data["tournament"]["boards"] == 2
    assert data["rules"] == "2023" and data["tiebreaks"] == ["EDE", "EMGSB/C1"]
    rows = data["standings"]
    assert [r["id"] for r in rows] == [2, 4, 1, 3]
    assert [(r["match_points"], r["game_points"]) for r in rows] == [
        (4.0, 4.0),
        (3.0, 2.5),
        (3.0, 3.0),
        (2.0, 2.5),
    ]
    assert [r["points"] for r in rows] == [4.0, 3.0, 3.0, 2.0]  # primary score: MP
    # EDE (13.3): T4 beat T1 in round 3. EMGSB/C1 (13.2.2, 14.1.2), by hand:
    # T2: T1 3×0.5 + T4 3×2.0 + T3 2×1.5 = 10.5, minus T3 (fewest MP) 3 = 7.5;
    # T4: T3 2×1 + T2 4×0 + T1 3×1.5 = 6.5 - 2 = 4.5; T1: 4×1.5 + 2×1 + 3×0.5 = 9.5 - 2 = 7.5;
    # T3: T4 3×1 + T1 3×1 + T2 4×0.5 = 8, cut one of the 3-MP opponents (equal results) = 5.
    assert [r["tiebreaks"] for r in rows] == [
        {"EDE": 1.0, "EMGSB/C1": 7.5},
        {"EDE": 1.0, "EMGSB/C1": 4.5},
        {"EDE": 2.0, "EMGSB/C1": 7.5},
        {"EDE": 1.0, "EMGSB/C1": 5.0},
    ]


def test_tiebreaks_option_and_handbook_spelling() -> None:
    code, out = run(
        "standings",
        str(FILE),
        "--format",
        "json",
        "--tiebreaks",
        "bh:mp-c1,SSSC",
        "--rules",
        "2026",
    )
    assert code == 0, out
    data = json.loads(out)
    assert data["tiebreaks"] == ["bh:mp-c1", "SSSC"]
    by_id = {r["id"]: r["tiebreaks"] for r in data["standings"]}
    # BH:MP T1 = 4 + 2 + 3 = 9, cut T3's 2 -> 7; SSSC = 3.0 + 9 / 3 = 6.0 (C.07 13.4).
    assert by_id[1] == {"bh:mp-c1": 7.0, "SSSC": 6.0}


def test_individual_flag_lists_players() -> None:
    code, out = run("standings", str(FILE), "--format", "json", "--individual")
    assert code == 0, out
    data = json.loads(out)
    assert data["tournament"]["kind"] == "individual"
    assert {r["id"] for r in data["standings"]} >= {1, 4, 5, 8}


def test_validate_is_clean() -> None:
    code, out = run("validate", str(FILE))
    assert code == 0, out
