"""Real-shaped exports (Swiss-Manager team and individual, Vega, JaVaFo): the published
standings, and a validation report with exactly the findings an arbiter acts on.

Expectations are worked out by hand in ``tests/data/real/README.md``. Any finding code
outside a file's expected set fails the test: a new false alarm.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from expected_runner import run_standings

from trfsite.cli import cli
from trfsite.formats import read_bytes
from trfsite.pages.config import ConfigError, parse_config
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions
from trfsite.teams.byes import apply_team_bye
from trfsite.validate import validate

DATA = Path(__file__).resolve().parent / "data" / "real"
FILES = sorted(DATA.glob("*.trf"))


def _expected(trf: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(trf.with_suffix(".expected.json").read_text("utf-8"))
    return data


@pytest.mark.parametrize("trf", FILES, ids=[f.stem for f in FILES])
def test_no_false_alarm(trf: Path) -> None:
    expected = _expected(trf)
    findings = validate(read_bytes(trf.read_bytes(), trf.name), trf.name)
    assert {f.code for f in findings} == set(expected["findings"]), [
        f.format_text() for f in findings
    ]
    assert sum(f.severity.value == "error" for f in findings) == expected["errors"]


@pytest.mark.parametrize("trf", FILES, ids=[f.stem for f in FILES])
def test_published_standings(trf: Path) -> None:
    expected = _expected(trf)
    output = run_standings(trf.name, trf, tuple(expected["args"]), "")
    rows = {str(row["id"]): row for row in output["standings"]}
    for key in ("points", "match_points", "game_points", "rank"):
        for pid, value in expected.get(key, {}).items():
            assert rows[pid][key] == pytest.approx(value), (trf.name, pid, key)
    for pid, values in expected.get("tiebreaks", {}).items():
        for code, value in values.items():
            assert rows[pid]["tiebreaks"][code] == pytest.approx(value), (trf.name, pid, code)


def test_team_bye_note_and_config_value() -> None:
    trf = DATA / "swiss-manager-team.trf"
    result = CliRunner().invoke(cli, ["standings", str(trf)])
    assert "(R1: 5, R2: 4, R3: 2)" in result.output
    assert "1 match point(s) and 2 game points" in result.output
    # team_bye = {match_points = 0, game_points = 0}: each bye team loses 1 MP and 2 GP.
    config = parse_config(
        "[events.swiss-manager-team]\nteam_bye = { match_points = 0, game_points = 0 }\n"
    )
    setting = config.for_stem("swiss-manager-team").team_bye
    assert setting is not None
    t = read_bytes(trf.read_bytes(), trf.name).tournament
    assert t is not None
    changed = apply_team_bye(t, setting.match_points, setting.game_points)
    s = compute_standings(changed, StandingsOptions(rules="2023"))
    got = {row.id: (row.match_points, row.game_points) for row in s.rows}
    assert got[5] == (0, 3.0) and got[4] == (3, 4.5) and got[2] == (1, 3.5)
    assert any("as team_bye in trfsite.toml says" in note for note in s.notes)


def test_team_bye_config_errors_name_the_key() -> None:
    with pytest.raises(ConfigError, match=r"events.x.team_bye.game_points: 'all'"):
        parse_config('[events.x]\nteam_bye = { match_points = 1, game_points = "all" }\n')


def test_points_source_declared_team_game_points_follow_the_declared_totals() -> None:
    # README: player 4 (team 1) declares 1.0 but the cells give 2.0 (-1 for team 1);
    # player 17 (team 4) declares 2.5, the cells 1.5 (+1 for team 4). Match points stay.
    trf = DATA / "swiss-manager-team.trf"
    args = ("--tiebreaks", "GPTS", "--rules", "2023", "--points-source", "declared")
    rows = {row["id"]: row for row in run_standings(trf.name, trf, args, "")["standings"]}
    assert rows[1]["game_points"] == 5.0 and rows[4]["game_points"] == 7.5
    assert rows[1]["match_points"] == 4 and rows[4]["match_points"] == 4
    # Ranks by MP, then GP: T4 (4, 7.5), T3 (4, 7.0), T1 (4, 5.0), T2 (2), T5 (1).
    assert [rows[t]["rank"] for t in (4, 3, 1, 2, 5)] == [1, 2, 3, 4, 5]


def test_points_source_declared_individual(tmp_path: Path) -> None:
    # vega.trf with player 2 declaring 2.0 instead of the cells' 1.0 (columns 81-84).
    lines = (DATA / "vega.trf").read_text("utf-8").splitlines()
    lines = [ln[:80] + " 2.0" + ln[84:] if ln.startswith("001    2") else ln for ln in lines]
    changed = tmp_path / "vega-declared.trf"
    changed.write_text("\n".join(lines) + "\n", "utf-8")
    cells = run_standings("cells", changed, ("--rules", "2023"), "")["standings"]
    assert {r["id"]: r["points"] for r in cells}[2] == 1.0
    declared = run_standings(
        "declared", changed, ("--rules", "2023", "--points-source", "declared"), ""
    )
    rows = {r["id"]: r for r in declared["standings"]}
    assert rows[2]["points"] == 2.0 and rows[1]["points"] == 2.5
    result = CliRunner().invoke(cli, ["standings", str(changed), "--points-source", "declared"])
    assert 'points_source = "declared"' in result.output and "player(s) 2" in result.output
