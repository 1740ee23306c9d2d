"""Issue 50: a line whose cells repeat one game round after round is read up to the repeats.

The fuzz run of seed 2026's costliest class (#13129, #16653, #22609, ...: FIDE's
examples with ``many-rounds``) pastes each 001 line's first cell 300 times: 284 players
x 307 rounds, 85,000 cells and 900 KB that say no more than the first cell, and 30 s of
CPU over the nine commands. A match alternates colours, so the same opponent, colour and
result more than MAX_REPEATED_GAMES (20) times in a row is damage: the line is read up to
there, with one error naming its line and column. Counts cells and rounds, never time.
"""

from __future__ import annotations

from trfsite.formats import read_bytes
from trfsite.formats.limits import MAX_REPEATED_GAMES

from .data import CLEAN, player


def _pasted(times: int, shift: str = "") -> str:
    """clean.trf with each 001 line's first cell pasted ``times`` times (fuzz many-rounds),
    ``shift`` before the copies (a line that ended in a blank puts them off the columns)."""
    lines = CLEAN.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("001 "):
            lines[index] = line + shift + ("  " + line[91:99]) * times
    return "\n".join(lines) + "\n"


def test_a_line_pasted_into_itself_is_read_up_to_the_repeats() -> None:
    result = read_bytes(_pasted(300).encode(), "cup.trf")
    t = result.tournament
    assert t is not None
    # Rounds 1-3 as written, then round 1's cell again from round 4 on: rounds 4-23 are
    # the 20 alike allowed, round 24 (column 92 + 23 x 10 = 322) is the 21st: not read.
    assert MAX_REPEATED_GAMES.limit == 20
    assert [len(p.rounds) for p in t.players] == [23, 23, 23, 23]  # 303 each before
    assert t.rounds == 23
    repeated = [f for f in result.findings if f.code == MAX_REPEATED_GAMES.code]
    assert [(f.line, f.column) for f in repeated] == [(12, 322), (13, 322), (14, 322), (15, 322)]
    assert "round 24's cell '   4 w 1' repeats the game of the 20 rounds before it" in (
        repeated[0].message
    )


def test_copies_off_the_columns_are_cut_too() -> None:
    # One blank before the copies: every 10-column cell from round 4 on reads '    4 w '
    # (unreadable, yet the same text each round): cut at the 21st, as aligned copies are.
    result = read_bytes(_pasted(300, shift=" ").encode(), "cup.trf")
    assert result.tournament is not None and result.tournament.rounds <= 24  # 304 before
    repeated = [f for f in result.findings if f.code == MAX_REPEATED_GAMES.code]
    assert len(repeated) == 4


def test_twenty_alike_and_a_match_alternating_colours_are_read_in_full() -> None:
    # Twenty games alike in a row (the limit), then a match of 40 games, colours alternating.
    alike = [player(1, "Alpha, Anna", ["   2 w 1"] * 20), player(2, "Beta", ["   1 b 0"] * 20)]
    result = read_bytes(("012 Alike\n" + "\n".join(alike) + "\n").encode(), "alike.trf")
    assert result.tournament is not None and result.tournament.rounds == 20
    assert not [f for f in result.findings if f.code == MAX_REPEATED_GAMES.code]
    match = [
        player(1, "Alpha, Anna", [f"   2 {'wb'[r % 2]} =" for r in range(40)]),
        player(2, "Beta, Bert", [f"   1 {'bw'[r % 2]} =" for r in range(40)]),
    ]
    result = read_bytes(("012 Match\n" + "\n".join(match) + "\n").encode(), "match.trf")
    assert result.tournament is not None and result.tournament.rounds == 40
    assert not [f for f in result.findings if f.code == MAX_REPEATED_GAMES.code]


def test_unplayed_rounds_in_a_row_are_no_repeated_game() -> None:
    # A player who withdrew: 20 rounds of '0000 - -' are read as written.
    lines = [
        player(1, "Alpha, Anna", ["   2 w 1"] + ["0000 - -"] * 20),
        player(2, "Beta, Bert", ["   1 b 0"] + ["0000 - U"] * 20),
    ]
    result = read_bytes(("012 Gone\n" + "\n".join(lines) + "\n").encode(), "gone.trf")
    assert result.tournament is not None and result.tournament.rounds == 21
    assert not [f for f in result.findings if f.code == MAX_REPEATED_GAMES.code]
