"""Performance and average opponent rating over the rated opponents (issue 41, item 6).

The FIDE Rating Regulations (Handbook B.02, 1 January 2024) rate only games played over
the board against a rated opponent (8.3.1: forfeits, byes and the W/D/L of games under
one move are not rated); performance = Ra + dp(p), Ra the average of those opponents'
ratings rounded half up, p the score over those games rounded to two decimals, dp
from table 8.1(a). The title regulations (B.01, 2024, 1.4.6) count an unrated
opponent as 1400: ``unrated_rating = 1400`` does the same. Expected values by hand.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from trfsite.awards.performance import event_ratings, performances
from trfsite.formats import read_bytes
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions

from .build import rated_event

ROOT = Path(__file__).resolve().parents[2]

# 1 (1800): R1 beats 2 (2000); R2 beats 3 (unrated); R3 draws 4 (1600);
# R4 forfeit win against 5 (2200): no game; R5 'W' against 6 (2100): under one move.
EVENT = rated_event(
    {1: (1800, ""), 2: (2000, ""), 3: (None, ""), 4: (1600, ""), 5: (2200, ""), 6: (2100, "")},
    [(1, 1, 2, "1"), (2, 1, 3, "1"), (3, 1, 4, "="), (4, 1, 5, "+"), (5, 1, 6, "W")],
    start=dt.date(2025, 5, 1),
)


def _ratings(unrated_rating: int | None = None) -> dict[int, tuple[float | None, float | None]]:
    standings = compute_standings(EVENT, StandingsOptions(rules="2023"))
    found = event_ratings(standings, None, True, unrated_rating)
    return {pid: (r.performance.value, r.average_opponent_rating.value) for pid, r in found.items()}


def test_over_the_rated_opponents_only() -> None:
    # Player 1: games counted R1 (2000, 1) and R3 (1600, 1/2); R2's opponent is
    # unrated, R4 is a forfeit, R5 lasted under one move.
    # Ra = (2000 + 1600) / 2 = 1800; p = 1.5 / 2 = 0.75 -> dp +193 -> 1993.
    # Player 3 (unrated) lost to 1 (1800): Ra 1800, p 0.00 -> dp -800 -> 1000.
    found = _ratings()
    assert found[1] == (1993.0, 1800.0)
    assert found[3] == (1000.0, 1800.0)
    # Player 5 and 6 played no game over the board: nothing to count.
    assert found[5] == (None, None)


def test_unrated_opponents_at_the_set_rating() -> None:
    # unrated_rating 1400 (B.01 1.4.6): player 1's R2 opponent counts as 1400.
    # Ra = (2000 + 1400 + 1600) / 3 = 1666.67 -> 1667; p = 2.5 / 3 = 0.8333 -> 0.83
    # -> dp +273 -> 1940.
    assert _ratings(1400)[1] == (1940.0, 1667.0)


def test_the_explanation_says_which_games_count() -> None:
    standings = compute_standings(EVENT, StandingsOptions(rules="2023"))
    performance = event_ratings(standings, None, True)[1].performance
    notes = " ".join(performance.notes)
    assert "rated opponents" in notes and "B.02 8.3.1" in notes
    assert "games against unrated opponents left out: 1" in notes
    labels = [c.label for c in performance.contributions]
    assert any("3 Player 3 unrated: not counted" in label for label in labels)
    with_1400 = event_ratings(standings, None, True, 1400)[1].performance
    assert any("1400" in note and "B.01 1.4.6" in note for note in with_1400.notes)


def test_the_2005_open_has_a_performance_despite_unrated_opponents() -> None:
    path = ROOT / "sample_reports" / "karl-mala-open-2005.trf"
    t = read_bytes(path.read_bytes(), path.name).tournament
    assert t is not None
    found = performances(t)
    # Player 150 (unrated) met rated 10 (2415, 0), 50 (2133, 0), 60 (2112, 0),
    # 80 (2076, 1) and three unrated players (left out):
    # Ra = 8736 / 4 = 2184; p = 1 / 4 = 0.25 -> dp -193 -> 1991.
    assert found[150] == 1991
    # Player 200: rated 2113 (0), 1999, 2004, 1973, 1942 (1/2 each), 1837 (0):
    # Ra = 11868 / 6 = 1978; p = 2 / 6 = 0.33 -> dp -125 -> 1853.
    assert found[200] == 1853
    # With unrated_rating 1400 player 150's three unrated opponents (all won) count:
    # Ra = (8736 + 3 x 1400) / 7 = 12936 / 7 = 1848; p = 4 / 7 = 0.57 -> dp +50 -> 1898.
    assert performances(t, unrated_rating=1400)[150] == 1898
    # Before, any unrated opponent blanked the value: 276 of 284 players had none.
    assert len(t.players) - len(found) < 10
