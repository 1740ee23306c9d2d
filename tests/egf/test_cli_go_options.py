"""Go options on the command line: McMahon bar and floor, SOS conventions."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from trfsite.cli import cli

SAMPLES = Path(__file__).resolve().parents[2] / "sample_reports"
SAMPLE = SAMPLES / "mcmahon-frankfurt-2023.h9"
BYE_ZERO = Path(__file__).resolve().parents[1] / "data" / "egf" / "real" / "bye-zero-mcmahon.h9"


def _standings(*args: str, path: Path | None = None) -> dict[int, dict[str, object]]:
    file = path or SAMPLE
    done = CliRunner().invoke(cli, ["standings", str(file), "--format", "json", *args])
    assert done.exit_code == 0, done.output
    return {row["id"]: row for row in json.loads(done.output)["standings"]}


def _start_from_grade(grade: str) -> int:
    # OpenGotha's scale, as documented: 1d = 30, 1k = 29, 30k = 0.
    number, letter = int(grade[:-1]), grade[-1].lower()
    return 29 + number if letter == "d" else 30 - number


def test_bar_and_floor_clamp_the_start_scores(tmp_path: Path) -> None:
    from trfsite.formats import read_bytes

    # a copy without the samples' trfsite.toml (its bar 3d would clamp 'free' too)
    alone = tmp_path / SAMPLE.name
    alone.write_bytes(SAMPLE.read_bytes())
    t = read_bytes(SAMPLE.read_bytes(), SAMPLE.name).tournament
    assert t is not None
    free = _standings(path=alone)
    clamped = _standings("--bar", "1d", "--floor", "10k", path=alone)
    shifted = 0
    for player in t.players:
        start = _start_from_grade(player.grade)
        # A player above the bar starts at the bar (30), below the floor at the floor (20);
        # the points scored stay the same, so MMS moves by exactly the clamp.
        shift = min(start, 30) - start if start > 30 else max(start, 20) - start
        assert clamped[player.id]["points"] == free[player.id]["points"] + shift, player.name
        shifted += shift != 0
    assert shifted >= 5  # the sample has 2d-4d players above the bar and 12k, 15k below the floor


def test_plain_sos_convention_changes_only_tiebreaks() -> None:
    opengotha = _standings()
    plain = _standings("--sos-convention", "plain")
    assert {k: r["points"] for k, r in plain.items()} == {
        k: r["points"] for k, r in opengotha.items()
    }


def test_standings_and_validate_read_the_folders_trfsite_toml(tmp_path: Path) -> None:
    # bye-zero-mcmahon.h9 (tests/data/egf/real/README.md): the file's SOS adds 0 for a
    # bye; with go_bye_in_sos = "start" (README: the event's settings) a bye adds the
    # player's own start MMS: Dubois (start 33 - 1 win = 32) 31 + 32 = 63, Leroy 61,
    # Petit (start 28) 31 + 28 = 59, as the site shows them.
    cup = tmp_path / "cup.h9"
    cup.write_bytes(BYE_ZERO.read_bytes())
    plain = _standings(path=cup)
    assert [plain[k]["tiebreaks"]["SOS"] for k in (1, 2, 3)] == [31, 61, 31]
    (tmp_path / "trfsite.toml").write_text(
        '[events.cup]\ngo_bye_in_sos = "start"\ngo_columns = ["MMS", "SOS"]\n'
    )
    settled = _standings(path=cup)
    assert [settled[k]["tiebreaks"]["SOS"] for k in (1, 2, 3)] == [63, 61, 59]
    # the command line wins over the file's settings
    again = _standings("--sos-convention", "plain", path=cup)
    assert [again[k]["tiebreaks"]["SOS"] for k in (1, 2, 3)] == [31, 61, 31]
    checked = CliRunner().invoke(cli, ["validate", str(cup)])
    assert "row 1 (Dubois Marc): file 31, computed 63" in checked.output
    # the samples' bar 3d: Schmidt (4d, start 33 -> the bar's 32) 32 + 5 wins = 37
    assert _standings()[1]["points"] == 37
