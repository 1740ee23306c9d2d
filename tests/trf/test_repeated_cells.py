"""A line is scanned for a game repeated more than MAX_REPEATED_GAMES (20) times in a row
only when it holds more cells than that (issue 39: the 2,000 lines of an 11-round open
were each scanned for a 21st repeat they cannot hold)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from trfsite.formats import limits

from .lines import player, read

SCANNED = "   2 w 1"


@pytest.fixture
def scanned(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of cells of each line scanned by repeated_game_at."""
    lines: list[int] = []
    original = limits.repeated_game_at

    def counting(cells: Iterable[str], is_game: Callable[[str], bool]) -> int | None:
        cells = list(cells)
        lines.append(len(cells))
        return original(cells, is_game)

    monkeypatch.setattr(limits, "repeated_game_at", counting)
    return lines


def test_lines_of_20_cells_or_fewer_are_not_scanned(scanned: list[int]) -> None:
    # 20 identical games: the 20th is the 19th repeat, below the limit; no line is
    # scanned (main scanned both, 20 + 4 cells) and nothing is cut.
    result = read(
        "012 Repeats",
        player(1, "Alpha,Anna", [SCANNED] * 20),
        player(2, "Beta,Bert", ["   1 b 0"] * 4),
    )
    assert scanned == []
    assert result.tournament is not None
    assert len(result.tournament.players[0].rounds) == 20
    assert "round-cells-repeated" not in [f.code for f in result.findings]


def test_a_line_of_21_cells_is_scanned_and_its_21st_repeat_cut(scanned: list[int]) -> None:
    # Cell 21 repeats the game of the 20 before it: the line is read up to cell 20.
    result = read(
        "012 Repeats",
        player(1, "Alpha,Anna", [SCANNED] * 21),
        player(2, "Beta,Bert", ["   1 b 0"] * 4),
    )
    assert scanned == [21]
    assert result.tournament is not None
    assert len(result.tournament.players[0].rounds) == 20
    assert [f.column for f in result.findings if f.code == "round-cells-repeated"] == [92 + 20 * 10]
