"""Issue 50: one long player line does not set the rounds of hundreds of lines without cells.

The fuzz run of seed 2026 found input #13623: a 31 KB legacy TRF file (XXR 3) whose player
line was cut before its cells and repeated 500 times, once stretched to some 990 round
cells. Lines without cells did not vote, so the one long line made the event 992 rounds
long, every other line was padded to 992 unplayed rounds, and `build --no-pdf` took 61 s
of CPU and 2 GB. A round is now the event's only when at least one player line in ten
reaches it (in a real event nearly every line reaches the last round); the declared count
(XXR 3) then stands, and the long line's extra cells are one error naming it. Counts
rounds and findings, never time.
"""

from __future__ import annotations

from trfsite.formats import read_bytes

from .data import player

HEADER = ["012 Lone long line", "XXR 3"]
EMPTY = "001    1 m    Meyer, Karl"  # cut before column 92: no round cells


def _file(*lines: str) -> bytes:
    return ("\n".join([*HEADER, *lines]) + "\n").encode()


def test_one_long_line_among_lines_without_cells_keeps_the_declared_rounds() -> None:
    # 200 lines without cells, then one of 500 well-formed cells ('   2 w 1'): line 203.
    long_line = player(2, "Long, Line", ["   1 w 1"] * 500)
    result = read_bytes(_file(*[EMPTY] * 200, long_line), "lone.trf")
    assert result.tournament is not None
    # XXR 3 stands: one line of 201 reaches round 4, fewer than one line in ten (21).
    assert result.tournament.rounds == 3
    assert all(len(p.rounds) == 3 for p in result.tournament.players)
    beyond = [f for f in result.findings if f.code == "round-cells-beyond-rounds"]
    assert [f.line for f in beyond] == [203]
    # Round 4 is the first cell not scored: column 92 + 3 x 10.
    assert beyond[0].column == 122


def test_without_a_declared_count_the_lone_line_adds_no_rounds() -> None:
    text = ("\n".join(["012 No count", *[EMPTY] * 50, player(2, "Long", ["   1 w 1"] * 40)])
            + "\n").encode()  # fmt: skip
    result = read_bytes(text, "lone.trf")
    assert result.tournament is not None
    assert result.tournament.rounds == 0
    assert [f.line for f in result.findings if f.code == "round-cells-beyond-rounds"] == [52]


def test_events_with_late_entries_and_two_player_matches_keep_their_rounds() -> None:
    # A 2-player match of 12 games: both lines reach round 12.
    match = [player(1, "A", ["   2 w 1"] * 12), player(2, "B", ["   1 b 0"] * 12)]
    result = read_bytes(("\n".join(["012 Match", *match]) + "\n").encode(), "match.trf")
    assert result.tournament is not None and result.tournament.rounds == 12
    # 20 players of 9 rounds and 10 registered players who never played (no cells):
    # 20 of 30 lines reach round 9, more than one line in ten (3).
    lines = [player(n, f"P{n}", ["0000 - U"] * 9) for n in range(1, 21)]
    lines += [player(n, f"P{n}", []).rstrip() for n in range(21, 31)]
    result = read_bytes(("\n".join(["012 Open", *lines]) + "\n").encode(), "open.trf")
    assert result.tournament is not None and result.tournament.rounds == 9
