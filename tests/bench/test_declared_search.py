"""The declared-ranks search on a generated open (issue 39: standings no slower).

``generate_individual_swiss`` declares ranks by points, then start number: no
tie-break list reproduces that order, so all 22 combinations of rule set and list
are judged. The search must stay cheap there and change nothing of the standings.
"""

from __future__ import annotations

from generate import generate_individual_swiss

from trfsite.formats import read_bytes
from trfsite.model import Tournament
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions

OPTIONS = StandingsOptions(tiebreaks=("BH-C1", "BH", "SB", "PS", "WIN", "ARO"))


def _open(players: int, declared: bool) -> Tournament:
    text = generate_individual_swiss(players, 7, 1)
    if not declared:  # columns 86-89 blank: nothing to judge
        text = "\n".join(
            line[:85] + "    " + line[89:] if line.startswith("001") else line
            for line in text.splitlines()
        )
    t = read_bytes(text.encode(), "open.trf").tournament
    assert t is not None
    return t


def test_the_standings_are_the_same_with_and_without_the_search() -> None:
    # The final standings take the columns the search computed (BH-C1 ... ARO under
    # C.07 2023); they must be the values computed without it, player by player.
    with_search = compute_standings(_open(200, declared=True), OPTIONS)
    without = compute_standings(_open(200, declared=False), OPTIONS)
    assert [(r.rank, r.id, r.points, r.tiebreaks) for r in with_search.rows] == [
        (r.rank, r.id, r.points, r.tiebreaks) for r in without.rows
    ]
    assert any("columns 86-89" in note for note in with_search.notes)


def test_a_closest_that_misses_most_places_is_not_named() -> None:
    # 186 of the 200 declared places differ from these standings; the closest of the
    # 22 combinations still misses more than three in four (150): no evidence, not named.
    s = compute_standings(_open(200, declared=True), StandingsOptions())
    (note,) = [n for n in s.notes if "columns 86-89" in n]
    assert "none of the 22 combinations" in note
    assert "the closest" not in note
