"""Explanations' lines made once where they are the same (issue 39).

TPR and ARO: an opponent's line is made once per event, not once per game.

The event (tests/scoring/events.py ``rated_event``): 4 players, each meets the 3 others.
By hand, the results scored against each opponent:
  against 1: player 2 lost, 3 lost, 4 won        -> 2 different lines (0, 1)
  against 2: player 1 won, 4 drew, 3 won          -> 2 (1, 0.5)
  against 3: player 4 lost, 1 won, 2 lost         -> 2 (0, 1)
  against 4: player 3 won, 2 drew, 1 lost         -> 3 (1, 0.5, 0)
so the 12 games' TPR lines are 9 notes and their ARO lines 4 (one per opponent).
"""

from __future__ import annotations

from types import FrameType

import pytest

from trfsite.awards.performance import PlayerRatings, event_ratings
from trfsite.scoring import buchholz
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


def test_buchholz_lines_made_once_for_every_buchholz_of_the_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # BH-C1 and BH read the same 3 opponents' scores for each of the 4 players: 12 lines,
    # made once (main made them for each tie-break: 24). BH-C1 cuts one line a player.
    calls: list[tuple[int, int]] = []
    label = buchholz.opponent_label

    def counted(ctx, i, r, games, labels):  # type: ignore[no-untyped-def]
        calls.append((i, r))
        return label(ctx, i, r, games, labels)

    monkeypatch.setattr(buchholz, "opponent_label", counted)
    options = StandingsOptions(tiebreaks=("BH-C1", "BH"), rules="2023", explain=True)
    rows = compute_standings(rated_event(), options).rows
    assert len(calls) == 12
    for row in rows:
        cut, whole = row.explanations
        assert [c.label for c in cut.contributions] == [c.label for c in whole.contributions]
        assert [c.cut for c in cut.contributions].count(True) == 1
        assert not any(c.cut for c in whole.contributions)


def test_a_round_of_the_own_record_is_one_line_for_win_and_won() -> None:
    # rated_event's 5 wins, all over the board (1 beat 2 and 3, 3 beat 4 and 2, 4 beat 1):
    # WIN and WON list the same 5 rounds, in the same words, made once (main: 10).
    options = StandingsOptions(tiebreaks=("WIN", "WON"), rules="2023", explain=True)
    rows = compute_standings(rated_event(), options).rows
    win = [c.label for row in rows for c in row.explanations[0].contributions]
    won = [c.label for row in rows for c in row.explanations[1].contributions]
    assert win == won
    assert len(win) == 5
    assert len({id(label) for label in win + won}) == 5
    assert "game with white against 2 Player 2, 1 point(s)" in win  # round 1, player 1


def test_lines_are_made_without_the_dataclass_init() -> None:
    """An explanation's lines of one round, not cut (Buchholz, SB, WIN, TPR, ARO: nearly
    every line of a card) and the explanations are made by ``new_contribution`` and
    ``new_explanation``, not by the frozen
    dataclass's ``__init__`` and its six ``object.__setattr__`` (47,000 lines for a
    part's 1,000 cards of an open). A cut line is a copy of one (``mark_cuts``)."""
    import sys

    from trfsite.results import Contribution, Explanation

    init = Contribution.__init__.__code__
    explanation_init = Explanation.__init__.__code__
    frames: list[object] = []
    explanations: list[object] = []

    def count(frame: FrameType, event: str, arg: object) -> None:
        # Every frozen_record shares one __init__: a Contribution's call is one made for it.
        if (
            event == "call"
            and frame.f_code is init
            and type(frame.f_locals["self"]) is Contribution
        ):
            frames.append(frame)
        elif event == "call" and frame.f_code is explanation_init:
            explanations.append(frame)

    options = StandingsOptions(tiebreaks=("BH-C1", "BH", "SB", "WIN"), rules="2023", explain=True)
    sys.setprofile(count)
    try:
        standings = compute_standings(rated_event(), options)
        ratings = event_ratings(standings, None, True)
    finally:
        sys.setprofile(None)
    lines = [c for row in standings.rows for e in row.explanations for c in e.contributions]
    lines += [c for r in ratings.values() for c in r.performance.contributions]
    lines += [c for r in ratings.values() for c in r.average_opponent_rating.contributions]
    # By hand (the table above): 4 players x 3 games for BH-C1, BH, SB, TPR and ARO,
    # and WIN's rounds won: player 1 beat 2 and 3, player 3 beat 2 and 4, player 4
    # beat 1, player 2 none (5).
    assert sum(len(row.explanations[3].contributions) for row in standings.rows) == 5
    assert len(lines) == 12 * 5 + 5
    cut = [c for c in lines if c.cut]
    assert len(cut) == 4  # BH-C1 cuts one line a player
    assert all(type(c) is Contribution for c in lines)
    assert len(frames) == len(cut)  # the cut copies alone
    # Nor their explanations (4 players x 4 tie-breaks, TPR and ARO): new_explanation.
    assert explanations == []
