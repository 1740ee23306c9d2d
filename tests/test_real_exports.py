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
from trfsite.options import StandingsOptions
from trfsite.site.config import ConfigError, parse_config
from trfsite.standings import compute_standings
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
