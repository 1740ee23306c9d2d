"""``bulletin_games`` naming a round.board that has no game (issue 42): a warning on
trfsite.toml with the key, the value as written and the games there are, not a game
silently left out of the bulletin."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import html

from games.gamehelpers import pgn, small_event
from trfsite.findings import Severity
from trfsite.pages.game_types import NO_GAMES
from trfsite.pages.games import missing_bulletin_games, number_ranges
from trfsite.site.build import BuildOptions, build_site


def _validation(tmp_path: Path, config: str) -> list[str]:
    """The texts of the findings on trfsite.toml, from the built validation page."""
    monkey = pytest.MonkeyPatch()
    monkey.setenv("SOURCE_DATE_EPOCH", "1714521600")
    src = tmp_path / "src"
    src.mkdir()
    (src / "small.trf").write_text(small_event())
    (src / "small.pgn").write_bytes(pgn("small.pgn"))
    (src / "trfsite.toml").write_text(config)
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    monkey.undo()
    doc = html.fromstring((out / "small" / "validation.html").read_bytes())
    items = doc.xpath("//li[contains(@class,'finding')]")
    return [" ".join(item.text_content().split()) for item in items if "trfsite.toml" in
            item.text_content()]  # fmt: skip


def test_a_chosen_game_that_does_not_exist_is_a_finding(tmp_path: Path) -> None:
    # small.pgn holds three games: round 1 boards 1 and 2 (1-4, 2-3), round 2 board 2
    # (4-3; board 1 is 1-2: gamehelpers). "1.1" exists: no finding for it.
    config = '[events.small]\nbulletin_games = ["1.1", "1.7", "2.1", "9.9"]\n'
    found = sorted(_validation(tmp_path, config), key=lambda text: text.split("'")[1])
    assert len(found) == 3, found
    board, other_board, round_ = found
    assert "events.small.bulletin_games: '1.7' names no game" in board
    assert "(round 1 has games on boards 1-2)" in board
    assert "'2.1'" in other_board and "(round 2 has games on boards 2)" in other_board
    assert "'9.9'" in round_ and "(round 9 has none; rounds with games: 1-2)" in round_


def test_chosen_games_that_exist_give_no_finding(tmp_path: Path) -> None:
    config = '[events.small]\nbulletin_games = ["1.1", "1.2", "2.2"]\n'
    assert _validation(tmp_path, config) == []


def test_an_event_without_games_says_so() -> None:
    (finding,) = missing_bulletin_games(NO_GAMES, ((5, 1),), "open")
    assert finding.severity is Severity.WARNING and finding.code == "config-bulletin-game"
    assert finding.file == "trfsite.toml"
    assert finding.message == (
        "events.open.bulletin_games: '5.1' names no game of the event, so the bulletin "
        "leaves it out; expected round.board of a game the PGN files hold (the event has "
        "no games: no PGN file was read)"
    )


def test_number_ranges() -> None:
    assert number_ranges([1, 2, 3, 5, 7, 8]) == "1-3, 5, 7-8"
    assert number_ranges([4]) == "4" and number_ranges([]) == ""
