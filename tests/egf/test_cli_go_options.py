"""Go options on the command line: McMahon bar and floor, SOS conventions."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from trfsite.cli import cli

SAMPLE = Path(__file__).resolve().parents[2] / "sample_reports" / "mcmahon-frankfurt-2023.h9"


def _standings(*args: str) -> dict[int, dict[str, object]]:
    # --no-config: the options alone, not sample_reports/trfsite.toml's bar and floor.
    args = ("--no-config", *args)
    done = CliRunner().invoke(cli, ["standings", str(SAMPLE), "--format", "json", *args])
    assert done.exit_code == 0, done.output
    return {row["id"]: row for row in json.loads(done.output)["standings"]}


def _start_from_grade(grade: str) -> int:
    # OpenGotha's scale, as documented: 1d = 30, 1k = 29, 30k = 0.
    number, letter = int(grade[:-1]), grade[-1].lower()
    return 29 + number if letter == "d" else 30 - number


def test_bar_and_floor_clamp_the_start_scores() -> None:
    from trfsite.formats import read_bytes

    t = read_bytes(SAMPLE.read_bytes(), SAMPLE.name).tournament
    assert t is not None
    free = _standings()
    clamped = _standings("--bar", "1d", "--floor", "10k")
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
