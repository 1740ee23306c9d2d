"""The awards' work per event, counted: they run before a split build's pages can start
(the second core waits), so what players share is made once per event."""

from __future__ import annotations

import pytest

from trfsite.awards import categories, performance, rating_change
from trfsite.awards.categories import default_categories
from trfsite.awards.performance import event_ratings
from trfsite.awards.rating_change import rating_changes
from trfsite.results import Standings

from .build import rated_event

# Four players, every pair met once: 1 and 2 rated 2000, 3 and 4 rated 1900, so each
# game's difference is 0, +100 or -100 (We .50, .64, .36 from table 8.1(b)).
_PLAYERS = {1: (2000, ""), 2: (2000, ""), 3: (1900, ""), 4: (1900, "")}
_GAMES = [
    (1, 1, 2, "1"),
    (1, 3, 4, "="),
    (2, 1, 3, "="),
    (2, 2, 4, "1"),
    (3, 1, 4, "1"),
    (3, 2, 3, "0"),
]


def test_we_is_looked_up_once_per_rating_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    looked_up: list[int] = []
    real = rating_change.expected_hundredths

    def counted(difference: int) -> int:
        looked_up.append(difference)
        return real(difference)

    monkeypatch.setattr(rating_change, "expected_hundredths", counted)
    changes = rating_changes(rated_event(_PLAYERS, _GAMES))
    # 12 sides of 6 games, three differences: one lookup each (a lookup a game before).
    assert sorted(looked_up) == [-100, 0, 100]
    # Player 1 (K 20): beat 2 (W - We = 1 - .50), drew 3 (.5 - .64), beat 4 (1 - .64):
    # sum .50 - .14 + .36 = .72, change 20 x .72 = +14.4.
    one = changes[1]
    assert [(g.difference, g.expected) for g in one.games] == [(0, 0.5), (100, 0.64), (100, 0.64)]
    assert one.value == pytest.approx(14.4)
    assert one.notes[-1] == "change = K x sum(W - We) = 20 x +0.72 = +14.4"
    # Player 2: lost to 1 (0 - .50), beat 4 (1 - .64), lost to 3 (0 - .64):
    # sum -.50 + .36 - .64 = -.78, change 20 x -.78 = -15.6.
    assert changes[2].value == pytest.approx(-15.6)


def _standings() -> Standings:
    """What ``event_ratings`` reads of the standings: the event, its rules, the round."""
    return Standings(tournament=rated_event(_PLAYERS, _GAMES), rules="2023", columns=(),
                     after_round=3, rows=())  # fmt: skip


def test_the_awards_values_alone_make_no_game_objects(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = performance._counted

    def counted(player, *args):  # type: ignore[no-untyped-def]
        calls.append(player.id)
        return real(player, *args)

    monkeypatch.setattr(performance, "_counted", counted)
    found = event_ratings(_standings(), explain=False)
    assert calls == []  # one list of games a player before, sorted, then summed
    # Player 1 met 2000, 1900, 1900: ARO 5800 / 3 = 1933.33 -> 1933; 2.5 of 3 = .83,
    # dp(.83) = 273 (table 8.1(a)): TPR 2206.
    assert found[1].average_opponent_rating.value == 1933.0
    assert found[1].performance.value == 2206.0
    # Player 4 met 1900, 2000, 2000: ARO 1967 (5900 / 3 = 1966.67); 0.5 of 3 = .17,
    # dp(.17) = -273: TPR 1694.
    assert found[4].average_opponent_rating.value == 1967.0
    assert found[4].performance.value == 1694.0


def test_the_default_age_groups_read_each_birth_date_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tested: list[str] = []
    real = categories.belongs

    def counted(category, player, *args):  # type: ignore[no-untyped-def]
        tested.append(category.code)
        return real(category, player, *args)

    monkeypatch.setattr(categories, "belongs", counted)
    # In 2026: born 2014 is under 12 (2014 >= 2026 - 12) and so under 14 to 20, not
    # under 10; born 1970 is 50 or over (1970 <= 1976), not 65 (1961).
    players = {1: (1800, "2014/05/06"), 2: (1700, "1970/00/00"), 3: (1600, ""), 4: (1500, "")}
    t = rated_event(players, [])
    found = default_categories(t, 2026)
    assert [c.code for c in found] == ["U12", "U14", "U16", "U18", "U20", "S50"]
    # Women only is asked of each player (none is); the nine age groups, by the
    # youngest and the oldest birth year (ten tests a player before).
    assert tested == ["women"] * 4


def test_an_explanation_whose_games_all_count_is_not_sorted_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sorts: list[int] = []

    def counted_sort(items, key=None):  # type: ignore[no-untyped-def]
        sorts.append(len(items))
        return sorted(items, key=key)

    # The module's own name for the builtin: its explanations' sorts are counted.
    monkeypatch.setattr(performance, "sorted", counted_sort, raising=False)
    found = event_ratings(_standings(), explain=True)
    # Every game counted: they are in round order already (two sorts a player before).
    assert sorts == []
    tpr = found[1].performance
    assert [(c.round, c.value) for c in tpr.contributions] == [(1, 1.0), (2, 0.5), (3, 1.0)]
    assert tpr.notes[0] == (
        "ARO 5800 / 3 -> 1933; p = 2.5 / 3 = 0.83; dp = +273; TPR = 1933 +273 = 2206"
    )
    aro = found[4].average_opponent_rating
    assert [(c.round, c.value) for c in aro.contributions] == [(1, 1900), (2, 2000), (3, 2000)]
    assert aro.notes[0] == "5900 / 3 = 1966.67, rounded half up to 1967"
