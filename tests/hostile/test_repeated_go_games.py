"""Issue 50: a Go row whose cells repeat one game round after round is read up to the repeats.

As for TRF lines (test_repeated_games.py): a 14 KB table of 2 players and 999 rounds of
the same cell ('2+/w0' against '1-/b0', the fuzz class many-rounds) built in 4.4-5.4 s
of CPU, two pages per round that say no more than round 1. A pairing that repeats
alternates colours, so the same opponent, colour, result and handicap more than
MAX_REPEATED_GAMES (20) times in a row is damage: the row's cells are read up to there,
with one error naming the line and column. Free rounds are never cut. Counts, never time.
"""

from __future__ import annotations

from trfsite.formats import read_bytes
from trfsite.formats.limits import MAX_REPEATED_GAMES
from trfsite.model import ReadResult

HEADER = ["; EV[Long]", "; Pl Name Rk Co Club MMS"]


def _row(row: int, cells: list[str], score: int = 0) -> str:
    # '   1 Player1 Test 1d FR Club    9  ': 35 characters, the first cell at column 36.
    return f"{row:4d} Player{row} Test 1d FR Club {score:4d}  " + "  ".join(cells)


def _read(rows: list[str]) -> ReadResult:
    return read_bytes("\n".join(HEADER + rows).encode(), "long.h9")


def _repeated(result: ReadResult) -> list[tuple[int | None, int | None]]:
    return [(f.line, f.column) for f in result.findings if f.code == MAX_REPEATED_GAMES.code]


def test_a_row_of_999_identical_games_is_read_up_to_twenty() -> None:
    result = _read([_row(1, ["2+/w0"] * 999, 999), _row(2, ["1-/b0"] * 999)])
    t = result.tournament
    assert t is not None
    assert MAX_REPEATED_GAMES.limit == 20
    # Rounds 1-20 are the 20 alike allowed; round 21's cell (5 characters and 2 blanks
    # each: column 36 + 20 x 7 = 176) is the 21st alike: not read, nor any after it.
    assert [len(p.rounds) for p in t.players] == [20, 20]
    assert t.rounds == 20
    assert _repeated(result) == [(3, 176), (4, 176)]
    (first, _) = [f for f in result.findings if f.code == MAX_REPEATED_GAMES.code]
    assert first.file == "long.h9"
    assert "round 21's cell '2+/w0' repeats the game of the 20 rounds before it" in first.message


def test_twenty_alike_are_kept_and_a_handicap_or_colour_makes_another_game() -> None:
    # Row 1: 20 alike with White, then 21 alike with Black: the second run is cut at its
    # 21st cell (round 41, column 36 + 40 x 7 = 316); rounds 1-40 are read.
    result = _read(
        [
            _row(1, ["2+/w0"] * 20 + ["2+/b0"] * 21),
            _row(2, ["1-/b0"] * 20 + ["1-/w0"] * 21),
        ]
    )
    assert result.tournament is not None and result.tournament.rounds == 40
    assert _repeated(result) == [(3, 316), (4, 316)]
    # The same colour but the handicap alternating: 40 different games in a row.
    result = _read(
        [
            _row(1, [f"2+/w{r % 2 + 1}" for r in range(40)]),
            _row(2, [f"1-/b{r % 2 + 1}" for r in range(40)]),
        ]
    )
    assert result.tournament is not None and result.tournament.rounds == 40
    assert _repeated(result) == []


def test_free_rounds_in_a_row_are_never_cut() -> None:
    # After one game, each row has 40 free rounds of one kind: every kind is read in full.
    free = ["0=", "0+", "0-", "0?", "?"]
    rows = [_row(1, ["2+/w0"] + ["0="] * 40), _row(2, ["1-/b0"] + ["0+"] * 40)]
    rows += [_row(row, ["0-"] + [kind] * 40) for row, kind in enumerate(free, start=3)]
    result = _read(rows)
    t = result.tournament
    assert t is not None
    assert [len(p.rounds) for p in t.players] == [41] * 7
    assert t.rounds == 41
    assert _repeated(result) == []
