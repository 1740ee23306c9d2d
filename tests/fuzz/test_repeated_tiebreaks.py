"""A tie-break list repeating itself hundreds of times costs one column each, once (issue 22).

The fuzzer's team sample with a stretched record 202 (EDET/P, EMGSB/C1/P and then
BH:MP/C1/P, MPvGP/C1/P 500 times each) took 8.6 s and 891 MB for ``standings
--explain``: every repeat was computed and explained. A repeated tie-break gives
the same values as its first use and cannot break a tie that one left (C.07 4.2
applies the list in order), so repeats are skipped with one note.
"""

from __future__ import annotations

import json

from click.testing import CliRunner
from trf.lines import player, trf

from trfsite.cli import cli

EVENT = trf(
    "012 Repeated list",
    "202 BH,SB," + "BH," * 300 + "WIN",
    player(1, "One", ["   2 w 1"]),
    player(2, "Two", ["   1 b 0"]),
)


def test_repeats_in_the_files_list_are_skipped_with_one_note() -> None:
    runner = CliRunner()
    with runner.isolated_filesystem():
        with open("rep.trf", "w", encoding="utf-8") as out:
            out.write(EVENT)
        result = runner.invoke(cli, ["standings", "rep.trf", "--format", "json"])
    data = json.loads(result.stdout)
    assert list(data["standings"][0]["tiebreaks"]) == ["BH", "SB", "WIN"]
    notes = [n for n in data.get("notes", []) if "repeated" in n]
    assert notes == [
        "Tie-breaks repeated in record 202 skipped (300): the same tie-break again cannot "
        "break a tie the first one left."
    ]
