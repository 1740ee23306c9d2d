"""TPR and ARO explanations: an opponent's line is made once per event, not once per game.

The event (tests/scoring/events.py ``rated_event``): 4 players, each meets the 3 others.
By hand, the results scored against each opponent:
  against 1: player 2 lost, 3 lost, 4 won        -> 2 different lines (0, 1)
  against 2: player 1 won, 4 drew, 3 won          -> 2 (1, 0.5)
  against 3: player 4 lost, 1 won, 2 lost         -> 2 (0, 1)
  against 4: player 3 won, 2 drew, 1 lost         -> 3 (1, 0.5, 0)
so the 12 games' TPR lines are 9 notes and their ARO lines 4 (one per opponent).
"""

from __future__ import annotations

from trfsite.awards.performance import PlayerRatings, event_ratings
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions

from .events import rated_event


def _ratings() -> dict[int, PlayerRatings]:
    standings = compute_standings(rated_event(), StandingsOptions(rules="2023"))
    return event_ratings(standings, None, True)


def test_each_opponent_line_is_one_note() -> None:
    ratings = _ratings()
    tpr = [c.label for r in ratings.values() for c in r.performance.contributions]
    aro = [c.label for r in ratings.values() for c in r.average_opponent_rating.contributions]
    assert len(tpr) == len(aro) == 12
    assert len({id(label) for label in tpr}) == 9
    assert len({id(label) for label in aro}) == 4


def test_lines_read_as_before() -> None:
    # Player 4 (1900) beat 1 (2050) in round 3: its lines as the card prints them.
    four = _ratings()[4]
    assert four.performance.contributions[2].label == "opponent 1 Player 1 rated 2050: result 1"
    assert four.average_opponent_rating.contributions[2].label == "opponent 1 Player 1: rating 2050"
