"""``trfsite norms FILE``: table, JSON (the issue's shape) and CSV, the settings from
``trfsite.toml`` and ``--setting``. FIDE B.01, edition applied from 1 January 2024.

The event: the candidate (2350, GER) against nine GMs at 2380 from HUN, FRA and ESP,
7 points: 7/9 = 77.8 % -> 78, dp 220, Rp 2380 + 220 = 2600: a GM norm in 9 games, the
least score 7, so counted as 9 games. Then rounds 10 and 11, lost to GMs at 2380: the
first 9 rounds make the norm (11 games: 7/11 = 64 %, Rp 2482), rounds 10-11 left out.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from click.testing import CliRunner

from trfsite.cli import cli
from trfsite.formats.trf.writer import write_trf

from .build import Opp, nine, norm_event


def _file(tmp_path: Path, config: str = "") -> Path:
    rows = nine(2380, results="111111100") + [Opp(2380, "GM", "ITA", "0")] * 2
    path = tmp_path / "open.trf"
    path.write_text(write_trf(norm_event(rows)), encoding="utf-8")
    if config:
        (tmp_path / "trfsite.toml").write_text(config, encoding="utf-8")
    return path


def test_json_has_the_issue_shape(tmp_path: Path) -> None:
    done = CliRunner().invoke(cli, ["norms", str(_file(tmp_path)), "--format", "json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    assert data["edition"] == "2024"
    assert data["settings"]["eight_of_nine_shares"] == 8
    assert [p["key"] for p in data["open_points"]] == [
        "eight_of_nine_shares",
        "short_games",
        "other_exemptions_lift_limits",
        "fid_is_federation",
        "double_round_robin_titles",
    ]
    (norm,) = data["norms"]
    assert {
        k: norm[k]
        for k in ("id", "name", "norm", "games", "score", "ra", "rp", "left_out", "credited_games")
    } == {
        "id": 1,
        "name": "Candidate, Carl",
        "norm": "GM",
        "games": 9,
        "score": 7.0,
        "ra": 2380,
        "rp": 2600,
        "left_out": [10, 11],
        "credited_games": 9,
    }
    assert [o["round"] for o in norm["opponents"]] == list(range(1, 10))
    assert norm["opponents"][0] == {
        "round": 1,
        "id": 2,
        "name": "Opponent 2",
        "title": "GM",
        "federation": "HUN",
        "fide_id": "",
        "rating": 2380,
        "rating_used": 2380,
        "result": 1.0,
    }
    assert data["forecasts"] == []


def test_csv_and_table(tmp_path: Path) -> None:
    path = _file(tmp_path)
    done = CliRunner().invoke(cli, ["norms", str(path), "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(done.output)))
    assert rows == [
        {
            "id": "1",
            "name": "Candidate, Carl",
            "norm": "GM",
            "games": "9",
            "score": "7",
            "ra": "2380",
            "rp": "2600",
            "left_out": "10 11",
            "credited_games": "9",
        }
    ]
    table = CliRunner().invoke(cli, ["norms", str(path)]).output
    assert "edition 2024" in table
    assert "Candidate, Carl" in table and " GM " in table and "10 11" in table
    # The settings as trfsite.toml writes them, the open points' defaults among them.
    assert "eight_of_nine_shares = 8, fid_is_federation = false" in table


def test_settings_from_the_config_and_the_command_line(tmp_path: Path) -> None:
    # An event that started before 2024 is checked only when the config asks for the
    # 2024 edition.
    path = _file(tmp_path, '[events.open.norms]\nedition = "2024"\ncompetition = "individual"\n')
    text = path.read_text(encoding="utf-8").replace("2025/03/01", "2023/03/01")
    path.write_text(text, encoding="utf-8")
    data = json.loads(CliRunner().invoke(cli, ["norms", str(path), "--format", "json"]).output)
    assert (data["edition"], len(data["norms"])) == ("2024", 1)
    done = CliRunner().invoke(
        cli, ["norms", str(path), "--setting", "edition=auto", "--format", "json"]
    )
    data = json.loads(done.output)
    assert data["norms"] == [] and data["not_checked"].startswith("The event started on")


def test_bad_settings_are_usage_errors(tmp_path: Path) -> None:
    path = _file(tmp_path)
    done = CliRunner().invoke(cli, ["norms", str(path), "--setting", "exemption=regional"])
    assert done.exit_code == 2
    assert "exemption: 'regional' is unknown; expected one of: none," in done.output
    path = _file(tmp_path, "[events.open.norms]\neight_of_nine = 9\n")
    done = CliRunner().invoke(cli, ["norms", str(path)])
    assert done.exit_code == 2
    assert "events.open.norms.eight_of_nine: unknown key" in done.output


def test_the_2005_sample_open_is_not_checked_and_has_no_norm() -> None:
    # FIDE's TRF16 example (the sample site's Karl Mala Open) started on 2005-07-28,
    # before the 2024 edition; with that edition applied anyway, its 7 rounds are fewer
    # than the 9 games a norm needs.
    path = Path(__file__).resolve().parents[1] / "data" / "samples" / "fide-example1-trf16.trf"
    data = json.loads(CliRunner().invoke(cli, ["norms", str(path), "--format", "json"]).output)
    assert data["edition"] is None and data["not_checked"].startswith("The event started on")
    done = CliRunner().invoke(
        cli, ["norms", str(path), "--setting", "edition=2024", "--format", "json"]
    )
    data = json.loads(done.output)
    assert (data["edition"], data["norms"], data["forecasts"]) == ("2024", [], [])


def test_the_nearest_trfsite_toml_above_the_file_is_read(tmp_path: Path) -> None:
    # As every one-file command (issue 41): the config of a folder above FILE's holds.
    # competition = "team-championship" shows it was read: the JSON names the setting.
    (tmp_path / "trfsite.toml").write_text(
        '[events.open.norms]\ncompetition = "team-championship"\n', encoding="utf-8"
    )
    deeper = tmp_path / "2025" / "march"
    deeper.mkdir(parents=True)
    path = _file(deeper)
    done = CliRunner().invoke(cli, ["norms", str(path), "--format", "json", "-v"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["settings"]["competition"] == "team-championship"
    assert f"settings: read {tmp_path / 'trfsite.toml'}" in done.stderr
    plain = CliRunner().invoke(cli, ["norms", str(path), "--format", "json", "--no-config"])
    assert json.loads(plain.stdout)["settings"]["competition"] == "individual"
