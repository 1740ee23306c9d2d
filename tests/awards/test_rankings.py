"""Federation and club rankings: the sum of each one's best N scores."""

from __future__ import annotations

from trfsite.awards.rankings import GroupBy, group_ranking
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions

from .build import rated_event


def test_best_two_scores_per_federation() -> None:
    # A round robin of 4 in 3 rounds, everyone from GER but 4 (AUT):
    # 1 beats 2, 3 and 4 (3 points); 2 beats 3 and 4 (2); 3 beats 4 (1); 4: 0.
    # GER best 2: 3 + 2 = 5 (player 3's 1 point is not counted); AUT: 0.
    t = rated_event(
        {1: (2100, ""), 2: (2000, ""), 3: (1900, ""), 4: (1800, "")},
        [
            (1, 1, 4, "1"),
            (1, 2, 3, "1"),
            (2, 4, 3, "0"),
            (2, 1, 2, "1"),
            (3, 2, 4, "1"),
            (3, 3, 1, "0"),
        ],
        extra={
            1: {"federation": "GER"},
            2: {"federation": "GER"},
            3: {"federation": "GER"},
            4: {"federation": "AUT"},
        },
    )
    standings = compute_standings(t, StandingsOptions())
    lines = group_ranking(standings, GroupBy.FEDERATION, 2)
    assert [(x.rank, x.name, x.total) for x in lines] == [(1, "GER", 5.0), (2, "AUT", 0.0)]
    assert [pid for pid, _ in lines[0].counted] == [1, 2]
    assert [pid for pid, _ in lines[0].others] == [3]
    # N = 0 counts everyone: GER 3 + 2 + 1 = 6
    assert group_ranking(standings, GroupBy.FEDERATION, 0)[0].total == 6.0
