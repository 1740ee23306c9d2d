"""Issue 50: a 310 record repeated word for word makes one team page, not one per copy.

The fuzz run of seed 2026 found inputs 8,018 and 14,186: FIDE's team example with its
310 records repeated (881-932 KB), 12.5-14.6 s of CPU. Validation reports the repeated
team numbers (``team-id-duplicate``) and scoring takes the first record of a number,
but the site planned a team page per record: the same page rendered once per copy and
written over itself; and the matches, remembered per event, were made again for the
standings after each round (the event with one team per number is a new object at each
call). Counts the team pages rendered and the matches made, never time.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import trfsite.render.environment as environment
import trfsite.teams.matches as matches
from trfsite.cli import cli
from trfsite.formats import read_bytes
from trfsite.standings.compute import compute_round_standings, compute_standings
from trfsite.standings.options import StandingsOptions

from .data import DATA

TEAM_SAMPLE = DATA / "samples" / "fide-grandmommys-cup-trf26-team.trf"
COPIES = 3


def _repeated_310() -> str:
    """The sample with each 310 record COPIES times in a row."""
    lines = TEAM_SAMPLE.read_text(encoding="utf-8").splitlines()
    team_numbers = {line[4:7].strip() for line in lines if line.startswith("310")}
    assert len(team_numbers) == 50  # the sample's 50 teams, one 310 record each
    repeated = [
        copy for line in lines for copy in [line] * (COPIES if line.startswith("310") else 1)
    ]
    return "\n".join(repeated) + "\n"


def test_each_team_page_is_rendered_once_however_often_its_310_record_repeats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "cup.trf").write_text(_repeated_310(), encoding="utf-8")

    rendered: list[str] = []
    original = environment.render_page

    def counting(env: object, template: str, context: object) -> str:
        rendered.append(template)
        return original(env, template, context)  # type: ignore[arg-type]

    monkeypatch.setattr(environment, "render_page", counting)
    out = tmp_path / "out"
    done = CliRunner().invoke(cli, ["build", str(src), "-o", str(out), "--no-pdf", "-j", "1"])
    assert done.exit_code in (0, 1), done.output
    # One page per team number (150 before: one per record, each over the last).
    assert rendered.count("team.html") == 50
    assert len(list((out / "cup" / "teams").glob("*.html"))) == 50


def test_the_matches_are_made_once_for_the_standings_after_every_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    t = read_bytes(_repeated_310().encode(), "cup.trf").tournament
    assert t is not None and t.rounds == 14  # record 142 and the cells: 14 rounds
    made: list[int] = []
    original = matches.build_index  # the first step of making an event's matches

    def counting(*args: object) -> object:
        made.append(1)
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(matches, "build_index", counting)
    options = StandingsOptions()
    final = compute_standings(t, options)
    after = compute_round_standings(t, options, range(1, 15), final)
    assert [s.after_round for s in after] == list(range(1, 15))
    # Once for the final standings and the 13 rounds before (14 before: once per ranking).
    assert len(made) == 1
