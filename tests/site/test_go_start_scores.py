"""Before round 1 a McMahon event's pairings show the start scores (MMS), not 0."""

from __future__ import annotations

from sitehelpers import ROOT

from trfsite.formats import read_bytes
from trfsite.pages.pairings import points_before
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions

SAMPLE = ROOT / "sample_reports/mcmahon-frankfurt-2023.h9"


def test_points_before_round_one_are_the_mcmahon_start_scores() -> None:
    t = read_bytes(SAMPLE.read_bytes(), SAMPLE.name).tournament
    assert t is not None
    options = StandingsOptions(go_bar="3d", go_floor="20k", after_round=1)
    before = points_before([compute_standings(t, options)], 1)
    # EGF McMahon: 1d = 30, 1k = 29, each dan +1, each kyu -1; bar 3d caps at 32.
    assert before[1] == 32  # Schmidt Anna 4d, above the bar: 3d = 32
    assert before[2] == 32  # Dubois Élodie 3d = 30 + 2
    assert before[4] == 31  # Novák Jan 2d = 30 + 1
    assert before[6] == 29  # Nowak Katarzyna 1k
    assert before[16] == 15  # Petrov Ivan 15k = 29 - 14 (above the 20k floor)
    # round 2 starts from the standings after round 1: Schmidt won round 1, 32 + 1
    after_two = compute_standings(t, StandingsOptions(go_bar="3d", go_floor="20k", after_round=1))
    assert points_before([after_two], 2)[1] == 33


def test_chess_has_no_start_scores() -> None:
    path = ROOT / "sample_reports/club-championship-2024.trf"
    t = read_bytes(path.read_bytes(), path.name).tournament
    assert t is not None
    assert points_before([compute_standings(t, StandingsOptions(after_round=1))], 1) == {}
