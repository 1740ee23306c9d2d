"""Unplayed rounds are explained once per kind with their count, not once per round (issue 22).

The event: 4 players, 5 rounds (record 142). Round 1: 1 beat 2, 3 drew with 4; in
rounds 2-5 players 1 and 2 have ``0000 - Z`` (zero-point byes) while 3 and 4 play
each other again (draws), so every round has a game and is complete. (A round in
which nobody is paired is a round still to come, and would end the standings.)
Rules 2023, Buchholz (C.07 8.1) of player 1, by hand:

- round 1: opponent 2 scored 0; rounds 2-5 are requested byes (16.1.1) followed by no
  available-to-play round (16.2.5), evaluated as draws for 2's opponents (16.3.2):
  0 + 4 x 0.5 = 2.
- rounds 2-5: unplayed; 16.4 (2023): a dummy opponent with player 1's own score 1,
  four times: 4 x 1 = 4.
- BH = 2 + 4 = 6, written as two lines, not five.
"""

from __future__ import annotations

import json

from click.testing import CliRunner
from trf.lines import player, trf

from trfsite.cli import cli
from trfsite.results import Contribution, summarise

_BYES = ["0000 - Z"] * 4
EVENT = trf(
    "012 Five declared, one played",
    "142 5",
    player(1, "One", ["   2 w 1", *_BYES]),
    player(2, "Two", ["   1 b 0", *_BYES]),
    player(3, "Three", ["   4 w =", "   4 b =", "   4 w =", "   4 b =", "   4 w ="]),
    player(4, "Four", ["   3 b =", "   3 w =", "   3 b =", "   3 w =", "   3 b ="]),
)


def _standings(*options: str) -> str:
    runner = CliRunner()
    with runner.isolated_filesystem():
        with open("five.trf", "w", encoding="utf-8") as out:
            out.write(EVENT)
        args = ["standings", "five.trf", "--rules", "2023", "--tiebreaks", "BH", *options]
        result = runner.invoke(cli, args)
    assert result.exit_code in (0, 1), result.output
    return result.stdout


def test_text_explanation_has_one_line_for_four_unplayed_rounds() -> None:
    text = _standings("--explain")
    block = text[text.index("1 One:") :].split("\n\n")[0].splitlines()
    indented = [line.strip() for line in block if line.startswith("    ")]
    # BH's lines end at its sum; the rating-change lines that follow are not BH's.
    bh = indented[: next(i for i, line in enumerate(indented) if line.startswith("sum:")) + 1]
    assert bh[0].startswith("round 1: 2 ")
    assert bh[1].startswith("rounds 2-5: 4 ") and "(4 rounds x 1)" in bh[1]
    assert bh[2] == "sum: 2 + 4 = 6"
    assert len(bh) == 3


def test_json_explanation_lists_the_rounds_of_the_summary() -> None:
    data = json.loads(_standings("--explain", "--format", "json"))
    one = next(row for row in data["standings"] if row["id"] == 1)
    lines = one["explanations"]["BH"]["contributions"]
    assert [(c["round"], c["value"], c.get("rounds")) for c in lines] == [
        (1, 2.0, None),
        (2, 4.0, "2-5"),
    ]


def test_cut_rounds_stay_single_and_gaps_are_shown() -> None:
    same = [Contribution(r, 1.0, "dummy") for r in (2, 3, 5, 6, 7)]
    cut = Contribution(9, 1.0, "dummy", cut=True, why="C.07 14.1")
    lines = summarise([Contribution(1, 0.5, "opponent 4"), *same, cut])
    assert [(c.rounds_text, c.value, c.cut) for c in lines] == [
        ("1", 0.5, False),
        ("2-3, 5-7", 5.0, False),  # 5 rounds x 1
        ("9", 1.0, True),
    ]
