"""Issue 50: a 310 record repeated word for word makes one team page, not one per copy.

The fuzz run of seed 2026 found inputs 8,018 and 14,186: FIDE's team example with its
310 records repeated (881-932 KB), 12.5-14.6 s of CPU. Validation reports the repeated
team numbers (``team-id-duplicate``) and scoring takes the first record of a number,
but the site planned a team page per record: the same page rendered once per copy and
written over itself. Counts the team pages rendered, never time.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import trfsite.render.environment as environment
from trfsite.cli import cli

from .data import DATA

TEAM_SAMPLE = DATA / "samples" / "fide-grandmommys-cup-trf26-team.trf"
COPIES = 3


def test_each_team_page_is_rendered_once_however_often_its_310_record_repeats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = TEAM_SAMPLE.read_text(encoding="utf-8").splitlines()
    team_numbers = {line[4:7].strip() for line in lines if line.startswith("310")}
    assert len(team_numbers) == 50  # the sample's 50 teams, one 310 record each
    repeated = [
        copy for line in lines for copy in [line] * (COPIES if line.startswith("310") else 1)
    ]
    src = tmp_path / "src"
    src.mkdir()
    (src / "cup.trf").write_text("\n".join(repeated) + "\n", encoding="utf-8")

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
