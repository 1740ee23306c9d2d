"""``compute_round_standings``: the standings after every round at once (issue 17).

Hand-computed with FIDE C.07 (2023 rules: the event starts 2025-05-01), Art. 8.1
Buchholz = sum of the opponents' scores after the round counted; every round is a
played game, so no 16.3/16.4 adjustment applies.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from trfsite.formats import read_bytes
from trfsite.results import Standings
from trfsite.standings.choices import StandingsError
from trfsite.standings.compute import compute_round_standings, compute_standings
from trfsite.standings.options import StandingsOptions

from .builders import event

SAMPLES = Path(__file__).parents[1] / "data" / "samples"

# R1: 1-4 1-0, 2-3 ½-½; R2: 3-1 0-1, 4-2 1-0; R3: 1-2 ½-½, 3-4 1-0.
FOUR = {1: "4w1 3b1 2w=", 2: "3w= 4b0 1b=", 3: "2b= 1w0 4w1", 4: "1b0 2w1 3b0"}
BH = StandingsOptions(tiebreaks=("BH",), rules="2023")


def table(s: Standings) -> list[tuple[int, int, float, float | None]]:
    return [(row.rank, row.id, row.points, row.tiebreaks[0]) for row in s.rows]


def test_every_round_by_hand() -> None:
    after = compute_round_standings(event(FOUR), BH, [1, 2, 3])
    # After R1, scores 1: 1, 2: ½, 3: ½, 4: 0. BH: 1 = 4's 0; 2 = 3's ½; 3 = 2's ½;
    # 4 = 1's 1. 2 and 3 are tied on points and BH: they share place 2.
    assert table(after[0]) == [(1, 1, 1.0, 0.0), (2, 2, 0.5, 0.5), (2, 3, 0.5, 0.5),
                               (4, 4, 0.0, 1.0)]  # fmt: skip
    # After R2, scores 1: 2, 2: ½, 3: ½, 4: 1. BH 1 = 1 + ½ = 1.5; 2 = ½ + 1 = 1.5;
    # 3 = ½ + 2 = 2.5; 4 = 2 + ½ = 2.5. BH puts 3 ahead of 2.
    assert table(after[1]) == [(1, 1, 2.0, 1.5), (2, 4, 1.0, 2.5), (3, 3, 0.5, 2.5),
                               (4, 2, 0.5, 1.5)]  # fmt: skip
    # After R3, scores 1: 2½, 2: 1, 3: 1½, 4: 1. BH 1 = 1 + 1½ + 1 = 3.5;
    # 2 = 1½ + 1 + 2½ = 5; 3 = 1 + 2½ + 1 = 4.5; 4 = 2½ + 1 + 1½ = 5: 2 and 4 share 3rd.
    assert table(after[2]) == [(1, 1, 2.5, 3.5), (2, 3, 1.5, 4.5), (3, 2, 1.0, 5.0),
                               (3, 4, 1.0, 5.0)]  # fmt: skip
    assert [s.after_round for s in after] == [1, 2, 3]
    assert "Standings after round 1 of 3" in " ".join(after[0].notes)


def test_the_final_standings_are_reused_without_their_explanations() -> None:
    t = event(FOUR)
    final = compute_standings(t, replace(BH, explain=True))
    assert final.rows[0].explanations  # the reused standings did explain
    after = compute_round_standings(t, BH, [1, 2, 3], final)
    assert table(after[2]) == table(final)
    assert all(row.explanations == () for s in after for row in s.rows)
    assert after[2].notes == final.notes


@pytest.mark.parametrize(
    "sample",
    ["fide-example1-trf16.trf", "fide-grandmommys-cup-trf26-team.trf", "opengotha-ioct_20_02.h9"],
)
def test_same_as_one_round_at_a_time(sample: str) -> None:
    path = SAMPLES / sample
    t = read_bytes(path.read_bytes(), str(path)).tournament
    assert t is not None
    options = StandingsOptions()
    final = compute_standings(t, replace(options, explain=True))
    rounds = list(range(1, final.after_round + 1))
    one_by_one = [compute_standings(t, replace(options, after_round=n)) for n in rounds]
    for given in (None, final):
        at_once = compute_round_standings(t, options, rounds, given)
        assert at_once == tuple(one_by_one)
        assert [s.notes for s in at_once] == [s.notes for s in one_by_one]


def test_a_round_out_of_range_is_refused_as_one_at_a_time() -> None:
    with pytest.raises(StandingsError, match="expected a number from 1 to 3"):
        compute_round_standings(event(FOUR), BH, [1, 4])
