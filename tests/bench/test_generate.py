"""The seeded generators make files that the readers, checks and engines accept."""

from __future__ import annotations

from pathlib import Path

import pytest
from generate import (
    generate_archive,
    generate_individual_swiss,
    generate_mcmahon,
    generate_team_swiss,
)

from trfsite.findings import Severity
from trfsite.formats import read_bytes
from trfsite.model import EventKind, Game
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions
from trfsite.validate import validate


def _errors(text: str, name: str) -> list[str]:
    result = read_bytes(text.encode("utf-8"), name)
    findings = validate(result, name)
    return [f"{f.line}: {f.message}" for f in findings if f.severity is Severity.ERROR]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_individual_swiss_reads_without_errors(seed: int) -> None:
    text = generate_individual_swiss(41, 7, seed)  # odd: a pairing-allocated bye every round
    assert _errors(text, "open.trf") == []
    t = read_bytes(text.encode("utf-8"), "open.trf").tournament
    assert t is not None and len(t.players) == 41 and t.rounds == 7


@pytest.mark.parametrize(("teams", "boards", "seed"), [(9, 4, 1), (12, 5, 2), (8, 6, 3)])
def test_team_swiss_reads_without_errors(teams: int, boards: int, seed: int) -> None:
    text = generate_team_swiss(teams, boards, 5, seed)
    assert _errors(text, "teams.trf") == []
    t = read_bytes(text.encode("utf-8"), "teams.trf").tournament
    assert t is not None and t.kind is EventKind.TEAM
    assert len(t.teams) == teams
    # Every roster has one or two reserves beyond the boards (the generator's promise).
    assert all(boards + 1 <= len(team.roster) <= boards + 2 for team in t.teams)
    lines = text.splitlines()
    assert sum(1 for line in lines if line.startswith("330 ")) == 1  # one forfeited match
    assert sum(1 for line in lines if line.startswith("240 H")) == 1  # one half-point team bye
    assert any(line.startswith("352 ") for line in lines)
    standings = compute_standings(t, StandingsOptions())
    assert len(standings.rows) == teams


def test_team_swiss_with_odd_teams_gets_a_pairing_bye() -> None:
    # 9 teams, one of them on a half-point bye in some round: 8 play then, and in
    # every other round 9 are left, so one team gets the pairing-allocated bye (320).
    text = generate_team_swiss(9, 4, 5, 1)
    assert any(line.startswith("320 ") for line in text.splitlines())


@pytest.mark.parametrize("seed", [1, 2])
def test_mcmahon_reads_without_errors(seed: int) -> None:
    text = generate_mcmahon(37, 5, seed)
    assert _errors(text, "go.h9") == []
    t = read_bytes(text.encode("utf-8"), "go.h9").tournament
    assert t is not None and t.game is Game.GO
    assert len(t.players) == 37 and t.rounds == 5
    standings = compute_standings(t, StandingsOptions())
    assert len(standings.rows) == 37


def test_generators_repeat_with_a_seed_and_differ_without() -> None:
    assert generate_team_swiss(10, 4, 5, 7) == generate_team_swiss(10, 4, 5, 7)
    assert generate_team_swiss(10, 4, 5, 7) != generate_team_swiss(10, 4, 5, 8)
    assert generate_mcmahon(20, 4, 7) == generate_mcmahon(20, 4, 7)
    assert generate_mcmahon(20, 4, 7) != generate_mcmahon(20, 4, 8)


def test_team_boards_are_checked() -> None:
    with pytest.raises(ValueError, match="expected 4 to 6"):
        generate_team_swiss(10, 3, 5, 1)


def test_archive_is_mixed_and_repeatable(tmp_path: Path) -> None:
    one = generate_archive(tmp_path / "one", 30, seed=5)
    two = generate_archive(tmp_path / "two", 30, seed=5)
    assert len(one) == 30
    assert [p.relative_to(tmp_path / "one") for p in one] == [
        p.relative_to(tmp_path / "two") for p in two
    ]
    assert all(a.read_bytes() == b.read_bytes() for a, b in zip(one, two, strict=True))
    kinds = {p.name.split("-")[0] for p in one}
    assert kinds == {"open", "teams", "mcmahon"}
    assert len(list((tmp_path / "one").rglob("*.md"))) == 1 + 3  # home page + every tenth event
    for path in one[::7]:
        assert _errors(path.read_text(encoding="utf-8"), path.name) == []
