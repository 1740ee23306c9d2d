"""The lines that vote on the event's rounds: judged cell by cell only until the answer is
known (issue 39: reading a 2,000-player open judged all its 22,000 cells)."""

from __future__ import annotations

import pytest

from trfsite.formats.trf import round_count

from .lines import model, player

# Four players, four rounds, every cell as TRF writes it: 1-2, 3-4; 1-3, 2-4; 1-4, 2-3;
# then a bye for 1 and 2 and a game 3-4.
WRITTEN = [
    player(1, "Alpha,Anna", ["   2 w 1", "   3 b 1", "   4 w =", "0000 - H"]),
    player(2, "Beta,Bert", ["   1 b 0", "   4 w 1", "   3 b 0", "0000 - H"]),
    player(3, "Gamma,Gus", ["   4 w 1", "   1 w 0", "   2 w 1", "   4 b 0"]),
    player(4, "Delta,Dora", ["   3 b 0", "   2 b 0", "   1 b =", "   3 w 1"]),
]


@pytest.fixture
def judged(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The cells judged by is_written_cell while the file is read."""
    cells: list[str] = []
    original = round_count.is_written_cell

    def counting(cell: str) -> bool:
        cells.append(cell)
        return original(cell)

    monkeypatch.setattr(round_count, "is_written_cell", counting)
    return cells


def test_a_line_votes_after_half_its_cells_are_written(judged: list[str]) -> None:
    # Each line of 4 cells votes once 2 read as TRF writes them: its first 2 cells,
    # 8 in all (not 16).
    t = model("012 Votes", *WRITTEN)
    assert t.rounds == 4
    assert judged == ["   2 w 1", "   3 b 1", "   1 b 0", "   4 w 1"] + [
        "   4 w 1", "   1 w 0", "   3 b 0", "   2 b 0"
    ]  # fmt: skip


def test_a_line_stops_being_judged_once_it_cannot_vote(judged: list[str]) -> None:
    # Player 4's first 3 cells are junk ('ab', 'cd', 'ef'): after 3 cells none is written
    # and 1 is left, fewer than the 2 needed, so its 4th cell is not judged. The other
    # lines vote after 2 cells each: 2 + 2 + 2 + 3 = 9 judged, and the event keeps its
    # 4 rounds.
    junk = player(4, "Delta,Dora", ["ab      ", "cd      ", "ef      ", "   3 w 1"])
    t = model("012 Votes", *WRITTEN[:3], junk)
    assert t.rounds == 4
    assert len(judged) == 9
    assert judged[-3:] == ["ab      ", "cd      ", "ef      "]


def test_a_judged_cell_does_not_read_its_opponent_again(
    monkeypatch: pytest.MonkeyPatch, judged: list[str]
) -> None:
    # The 8 cells judged (see above) all name an opponent read_cells has already read
    # as a number: no field is converted again while they are judged (main: 8 times).
    from trfsite.formats.trf import round_cells

    read_again: list[str] = []
    judging = round_count.is_written_cell  # the fixture's counter
    original_whole = round_cells.whole

    def counting_whole(text: str) -> int | None:
        read_again.append(text)
        return original_whole(text)

    def judge(cell: str) -> bool:
        monkeypatch.setattr(round_cells, "whole", counting_whole)
        try:
            return judging(cell)
        finally:
            monkeypatch.setattr(round_cells, "whole", original_whole)

    monkeypatch.setattr(round_count, "is_written_cell", judge)
    model("012 Votes", *WRITTEN)
    assert len(judged) == 8
    assert read_again == []


def test_no_cell_is_judged_when_the_declared_count_stands_whatever_the_votes(
    judged: list[str],
) -> None:
    # Record 142 declares the 4 rounds that every line reaches: the readable lines' count
    # could only come out lower (4 or fewer), and a declared count of at least the lines'
    # majority stands either way, so no line votes (main: the 8 cells above were judged).
    t = model("012 Votes", "142 4", *WRITTEN)
    assert t.rounds == 4
    assert judged == []
