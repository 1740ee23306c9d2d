"""Where an event's games come from: its stem's .pgn, or ``games = [...]`` in trfsite.toml."""

from __future__ import annotations

from pathlib import Path

import pytest

from trfsite.formats.limits import MAX_PGN_BYTES
from trfsite.pages.config import ConfigError, parse_config
from trfsite.site.game_files import game_files


def test_games_and_bulletin_games_are_read_per_event() -> None:
    config = parse_config(
        '[events.open]\ngames = ["games/*.pgn", "extra.pgn"]\nbulletin_games = ["5.1", "7.12"]\n'
    )
    games = config.for_stem("open").games
    assert games.files == ("games/*.pgn", "extra.pgn")
    assert games.bulletin == ((5, 1), (7, 12))
    assert config.for_stem("other").games.files == ()


def test_bad_games_settings_are_named() -> None:
    with pytest.raises(ConfigError) as raised:
        parse_config(
            '[events.open]\ngames = ["../elsewhere/*.pgn", 3]\nbulletin_games = ["5", "5.1"]\n'
        )
    problems = raised.value.problems
    assert problems == [
        "events.open.games: ['../elsewhere/*.pgn', 3] is not a list of texts; "
        'expected e.g. ["games/*.pgn"]',
        "events.open.bulletin_games: '5' is not a game; expected round.board, e.g. '5.1'",
    ]
    with pytest.raises(ConfigError) as raised:
        parse_config('[events.open]\ngames = ["../elsewhere/*.pgn"]\n')
    assert "leaves the tournament file's folder" in raised.value.problems[0]


def test_the_stems_pgn_or_the_configured_globs(tmp_path: Path) -> None:
    src = tmp_path / "src"  # SRC; the tournament file is SRC/club/open.trf
    (src / "club" / "games").mkdir(parents=True)
    trf = src / "club" / "open.trf"
    trf.write_text("012 Open\n")
    (src / "club" / "open.pgn").write_bytes(b"1. e4 *")
    (src / "club" / "games" / "r2.pgn").write_bytes(b"2")
    (src / "club" / "games" / "r1.pgn").write_bytes(b"1")
    (tmp_path / "outside.pgn").write_bytes(b"x")
    assert game_files(trf, "club/open.trf", ()) == (("club/open.pgn", b"1. e4 *"),)
    assert game_files(trf, "club/open.trf", ("games/*.pgn",)) == (
        ("club/games/r1.pgn", b"1"),
        ("club/games/r2.pgn", b"2"),
    )
    # A link out of the source folder is not followed.
    (src / "club" / "games" / "folder.pgn").symlink_to(tmp_path)
    (src / "club" / "games" / "out.pgn").symlink_to(tmp_path / "outside.pgn")
    assert [name for name, _ in game_files(trf, "club/open.trf", ("games/*.pgn",))] == [
        "club/games/r1.pgn",
        "club/games/r2.pgn",
    ]


def test_a_huge_pgn_is_read_one_byte_past_the_limit(tmp_path: Path) -> None:
    trf = tmp_path / "open.trf"
    trf.write_text("012 Open\n")
    with (tmp_path / "open.pgn").open("wb") as handle:
        handle.truncate(MAX_PGN_BYTES.limit + 1000)
    ((_, data),) = game_files(trf, "open.trf", ())
    assert len(data) == MAX_PGN_BYTES.limit + 1
