"""``trfsite validate`` reads the PGN beside a tournament file (issue 42): the same
findings as the site's validation report, naming the PGN file, its line and column."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from games.gamehelpers import pgn, small_event
from trfsite.cli import cli


def _validate(folder: Path, *args: str) -> tuple[int, dict[str, object]]:
    result = CliRunner().invoke(
        cli, ["validate", str(folder / "small.trf"), "--format", "json", *args]
    )
    return result.exit_code, json.loads(result.stdout)


def test_validate_reports_the_games_findings(tmp_path: Path) -> None:
    (tmp_path / "small.trf").write_text(small_event())
    (tmp_path / "small.pgn").write_bytes(pgn("findings.pgn"))
    code, document = _validate(tmp_path)
    (report,) = document["files"]  # type: ignore[index]
    found = [
        (f["code"], Path(f.get("file", "small.trf")).name, f["line"], f["column"])
        for f in report["findings"]
        if f["code"].startswith("pgn-")
    ]
    # findings.pgn (tests/games/test_matching.py has the reason of each): the result
    # contradicting the file at line 1, "Nobody" at line 9, 5. Ke3 at line 23 column 47
    # (the finding names the move), "Twin" at 25, R3 board 2 twice at 33.
    assert sorted(found) == sorted(
        [
            ("pgn-result-mismatch", "small.pgn", 1, 0),
            ("pgn-game-unmatched", "small.pgn", 9, 0),
            ("pgn-move-illegal", "small.pgn", 23, 47),
            ("pgn-game-unmatched", "small.pgn", 25, 0),
            ("pgn-game-twice", "small.pgn", 33, 0),
        ]
    )
    assert code == 0  # warnings only
    assert _validate(tmp_path, "--strict")[0] == 1


def test_validate_without_a_pgn_is_unchanged(tmp_path: Path) -> None:
    (tmp_path / "small.trf").write_text(small_event())
    code, document = _validate(tmp_path)
    (report,) = document["files"]  # type: ignore[index]
    assert not [f for f in report["findings"] if f["code"].startswith("pgn-")]
    assert code == 0


def test_validate_reports_a_chosen_bulletin_game_that_does_not_exist(tmp_path: Path) -> None:
    """``bulletin_games`` naming 1.7 (round 1 has boards 1-2 in small.pgn, see
    gamehelpers) is reported on trfsite.toml, as the site's validation page does."""
    (tmp_path / "small.trf").write_text(small_event())
    (tmp_path / "small.pgn").write_bytes(pgn("small.pgn"))
    (tmp_path / "trfsite.toml").write_text('[events.small]\nbulletin_games = ["1.7", "1.1"]\n')
    code, document = _validate(tmp_path)
    (report,) = document["files"]  # type: ignore[index]
    (found,) = [f for f in report["findings"] if f["code"] == "config-bulletin-game"]
    assert Path(found["file"]).name == "trfsite.toml" and found["severity"] == "warning"
    assert "events.small.bulletin_games: '1.7' names no game" in found["message"]
    assert "(round 1 has games on boards 1-2)" in found["message"]
    assert code == 0  # a warning
    assert _validate(tmp_path, "--strict")[0] == 1
