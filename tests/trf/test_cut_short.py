"""A 001 line cut short is reported once, at its own line, not as other players' errors."""

from __future__ import annotations

from trfsite.validate import find_check, run_check

from .lines import codes, model, player

# Three players, two rounds: 1-2 and then 1-3; player 2 has a bye in round 2.
# Player 3's line is cut after the name (column 47): no rating, no cells.
FULL_1 = player(1, "Alpha,Anna", ["   2 w 1", "   3 b 1"], points="2.0", rank=1)
FULL_2 = player(2, "Beta,Bert", ["   1 b 0", "0000 - U"], points="1.0", rank=2)
CUT_3 = player(3, "Gamma,Gus", ["0000 - H", "   1 w 0"])[:47].rstrip()


def test_the_cut_line_gets_one_error_at_its_end() -> None:
    t = model("012 Cut", FULL_1, FULL_2, CUT_3)
    found = run_check(find_check("games"), t, "t.trf")
    assert codes(found) == [("player-line-cut-short", 4, len(CUT_3) + 1)]
    message = found[0].message
    assert f"ends at column {len(CUT_3)}" in message
    assert "players 1 (round 2) name player 3" in message
    assert "up to round 2 (to column 109)" in message  # round 2's cell: columns 102-109


def test_a_line_with_all_its_cells_is_not_cut_short() -> None:
    full_3 = player(3, "Gamma,Gus", ["0000 - H", "   1 w 0"], points="0.5", rank=3)
    t = model("012 Cut", FULL_1, FULL_2, full_3)
    assert run_check(find_check("games"), t, "t.trf") == []


def test_a_real_disagreement_is_still_reported_on_the_cell() -> None:
    # player 3 names nobody in round 2 although the line reaches that cell
    wrong_3 = player(3, "Gamma,Gus", ["0000 - H", "0000 - Z"], points="0.5", rank=3)
    t = model("012 Cut", FULL_1, FULL_2, wrong_3)
    found = run_check(find_check("games"), t, "t.trf")
    assert [f.code for f in found] == ["game-not-reciprocal"]
