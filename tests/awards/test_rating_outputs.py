"""``trfsite standings --format json/csv``: rating_change, performance, average_opponent_rating.

Event (no birth dates, so K 20 for all rated players; B.02 8.3.3), 2 rounds, Swiss:
  1 (2100)  R1 beats 3 (1900)    R2 beats 2 (2000)
  2 (2000)  R1 draws 4 (unrated) R2 loses to 1
  3 (1900)  R1 loses to 1        R2 forfeit win against 4
Rating change (table 8.1(b)):
  1: D +200 -> We .76, +.24; D +100 -> We .64, +.36; 20 x .60 = +12.0
  2: the game with unrated 4 does not count; D -100 -> We .36, -.36; 20 x -.36 = -7.2
  3: D -200 -> We .24, -.24; the forfeit does not count; 20 x -.24 = -4.8
  4: unrated -> null
Performance over the games the FIDE Rating Regulations rate (B.02, 1 January 2024,
8.3.1: over the board, against rated opponents; forfeits are not games), ARO rounded
half up, dp from table 8.1(a):
  1: ARO (1900 + 2000) / 2 = 1950; p 2/2 = 1.00 -> dp +800 -> 2750
  2: the draw with unrated 4 is left out; ARO 2100; p 0/1 = 0.00 -> dp -800 -> 1300
  3: ARO 2100; p 0/1 = 0.00 -> dp -800 -> 1300
  4: no rating change, but a performance: ARO 2000 (R2's forfeit is no game);
     p .5/1 = .50 -> dp 0 -> 2000
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from pathlib import Path

from click.testing import CliRunner

from trfsite.cli import cli
from trfsite.formats.trf.writer import write_trf

from .build import rated_event


def _event_file(tmp_path: Path) -> Path:
    t = rated_event(
        {1: (2100, ""), 2: (2000, ""), 3: (1900, ""), 4: (None, "")},
        [(1, 1, 3, "1"), (1, 2, 4, "="), (2, 1, 2, "1"), (2, 3, 4, "+")],
        start=dt.date(2025, 5, 1),
    )
    path = tmp_path / "rated.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    return path


def test_json_rows(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["standings", str(_event_file(tmp_path)), "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = {r["id"]: r for r in json.loads(result.output)["standings"]}
    got = {
        pid: (r["rating_change"], r["performance"], r["average_opponent_rating"])
        for pid, r in rows.items()
    }
    assert got == {
        1: (12.0, 2750, 1950),
        2: (-7.2, 1300, 2100),
        3: (-4.8, 1300, 2100),
        4: (None, 2000, 2000),
    }


def test_json_explain_shows_each_game(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["standings", str(_event_file(tmp_path)), "--format", "json", "--explain"]
    )
    row = next(r for r in json.loads(result.output)["standings"] if r["id"] == 1)
    change = row["explanations"]["rating_change"]
    assert change["k"] == 20
    assert [(g["round"], g["We"], g["W-We"]) for g in change["games"]] == [
        (1, 0.76, 0.24),
        (2, 0.64, 0.36),
    ]


def test_csv_columns_and_k_override(tmp_path: Path) -> None:
    # --k-factor 1=40: player 1's change is 40 x .60 = +24.0
    result = CliRunner().invoke(
        cli,
        ["standings", str(_event_file(tmp_path)), "--format", "csv", "--k-factor", "1=40"],
    )
    assert result.exit_code == 0, result.output
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO(result.output))}
    assert rows["1"]["rating_change"] == "24"
    assert rows["4"]["rating_change"] == ""
    assert rows["3"]["performance"] == "1300"


def test_bad_k_override_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["standings", str(_event_file(tmp_path)), "--k-factor", "1=forty"]
    )
    assert result.exit_code == 2
    assert "'1=forty'" in result.output


def test_unrated_rating_gives_performance_not_rating_change(tmp_path: Path) -> None:
    # --unrated-rating 1800 (C.07 10): player 2's opponents 4 (counted 1800) and 1 (2100):
    # ARO (1800 + 2100) / 2 = 1950; p = .5 / 2 = .25 -> dp -193 -> TPR 1757.
    # The rating change still counts the rated opponent only: -7.2.
    result = CliRunner().invoke(
        cli,
        ["standings", str(_event_file(tmp_path)), "--format", "json", "--unrated-rating", "1800"],
    )
    row = next(r for r in json.loads(result.output)["standings"] if r["id"] == 2)
    assert (row["rating_change"], row["performance"], row["average_opponent_rating"]) == (
        -7.2,
        1757,
        1950,
    )
