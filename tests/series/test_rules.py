"""Each rule of a series (issue 44) on a small hand-made season; the arithmetic in comments.

The rules are the issue's (no FIDE article covers a series): points by final rank or
score, times the event's weight, plus participation; best N; countback; shared ranks.
"""

from __future__ import annotations

import os

import pytest
from seriesseason import P, by_name, config, event, standings

from trfsite.people.entries import TeamPlace
from trfsite.people.identity import resolve
from trfsite.series.compute import compute_series, series_problems
from trfsite.series.config import parse_series
from trfsite.series.notes import series_notes


def test_best_n_counts_the_best_results_and_the_earlier_of_equal_ones() -> None:
    events = [
        event("e1", "2025-01-10", [P("Ann", 1), P("Bob", 2), P("Cid", 3)]),
        event("e2", "2025-02-10", [P("Bob", 1), P("Ann", 2), P("Cid", 3)]),
        event("e3", "2025-03-10", [P("Cid", 1), P("Ann", 2), P("Bob", 3)]),
    ]
    lines = by_name(standings(events, points=[10, 8, 6], best=2).lines)
    # Ann 10, 8, 8: the best two are 10 (e1) and 8 (e2, earlier than e3's 8) = 18.
    assert lines["Ann"].points == 18
    assert [r.counted for r in lines["Ann"].results] == [True, True, False]
    # Bob 8, 10, 6: 10 + 8 = 18, e3 dropped.
    assert lines["Bob"].points == 18
    assert [r.counted for r in lines["Bob"].results] == [True, True, False]
    # Cid 6, 6, 10: 10 + 6 (e1, earlier of the equal sixes) = 16.
    assert lines["Cid"].points == 16
    assert [r.counted for r in lines["Cid"].results] == [True, False, True]
    # Ann and Bob: 18 each, countback [10, 8] against [10, 8]: equal, the rank shared.
    assert (lines["Ann"].rank, lines["Bob"].rank, lines["Cid"].rank) == (1, 1, 3)
    assert lines["Ann"].tied and not lines["Ann"].countback


def test_all_results_count_without_best() -> None:
    events = [
        event("e1", "2025-01-10", [P("Ann", 1), P("Bob", 2)]),
        event("e2", "2025-02-10", [P("Bob", 1), P("Ann", 2)]),
    ]
    lines = by_name(standings(events, points=[10, 8]).lines)
    # 10 + 8 = 18 each, nothing dropped.
    assert lines["Ann"].points == lines["Bob"].points == 18
    assert all(r.counted for line in lines.values() for r in line.results)


def test_countback_breaks_equal_totals_by_the_best_result_then_the_next() -> None:
    events = [
        event("e1", "2025-01-10", [P("A", 1), P("B", 2), P("C", 3), P("D", 4)]),
        event("e2", "2025-02-10", [P("C", 1), P("D", 2), P("B", 3), P("A", 4)]),
    ]
    result = standings(events, points=[10, 8, 6, 4])
    # A 10 + 4 = 14, B 8 + 6 = 14, C 6 + 10 = 16, D 4 + 8 = 12.
    # A and B: countback, best result 10 against 8: A ahead.
    assert [(x.name, x.rank, x.points) for x in result.lines] == [
        ("C", 1, 16),
        ("A", 2, 14),
        ("B", 3, 14),
        ("D", 4, 12),
    ]
    lines = by_name(result.lines)
    assert lines["A"].countback and lines["B"].countback and not lines["C"].countback


def test_countback_goes_to_the_second_best_result() -> None:
    events = [
        event("e1", "2025-01-10", [P("A", 1), P("B", 2), P("C", 3), P("D", 4)]),
        event("e2", "2025-02-10", [P("B", 1), P("C", 2), P("D", 3), P("A", 4)]),
        event("e3", "2025-03-10", [P("D", 1), P("A", 2), P("B", 3), P("C", 4)]),
    ]
    lines = by_name(standings(events, points=[10, 7, 5, 2]).lines)
    # A 10 + 2 + 7 = 19 [10, 7, 2]; B 7 + 10 + 5 = 22; C 5 + 7 + 2 = 14;
    # D 2 + 5 + 10 = 17. No tie: plain order B, A, D, C.
    assert [lines[n].rank for n in "BADC"] == [1, 2, 3, 4]
    events[2] = event("e3", "2025-03-10", [P("D", 1), P("B", 2), P("A", 3), P("C", 4)])
    lines = by_name(standings(events, points=[10, 7, 5, 2]).lines)
    # A 10 + 2 + 5 = 17 [10, 5, 2]; D 2 + 5 + 10 = 17 [10, 5, 2]: equal all through,
    # shared 2nd (B 7 + 10 + 7 = 24 first).
    assert (lines["A"].rank, lines["D"].rank, lines["B"].rank) == (2, 2, 1)
    events[1] = event("e2", "2025-02-10", [P("B", 1), P("C", 2), P("A", 3), P("D", 4)])
    lines = by_name(standings(events, points=[10, 7, 5, 2]).lines)
    # A 10 + 5 + 5 = 20 [10, 5, 5]; D 2 + 2 + 10 = 14. B 7 + 10 + 7 = 24.
    # C 5 + 7 + 2 = 14 [7, 5, 2] against D [10, 2, 2]: best result 10 > 7, D ahead.
    assert (lines["D"].rank, lines["C"].rank) == (3, 4)


@pytest.mark.parametrize(("shared", "expected"), [(True, 7.0), (False, 8.0)])
def test_shared_ranks_average_the_places_they_cover(shared: bool, expected: float) -> None:
    events = [event("e1", "2025-01-10", [P("A", 1), P("B", 2), P("C", 2), P("D", 4)])]
    lines = by_name(standings(events, points=[10, 8, 6, 4], shared_ranks=shared).lines)
    # B and C share 2nd: places 2 and 3, (8 + 6) / 2 = 7 each when shared, else 8 each.
    assert lines["B"].points == lines["C"].points == expected
    assert lines["D"].points == 4 and lines["A"].points == 10
    # Three sharing 2nd in a table of four places: (8 + 6 + 4) / 3 = 6.
    events = [event("e1", "2025-01-10", [P("A", 1), P("B", 2), P("C", 2), P("D", 2)])]
    lines = by_name(standings(events, points=[10, 8, 6, 4], shared_ranks=True).lines)
    assert lines["D"].points == 6
    # Past the table: 4th and 5th shared, (4 + 0) / 2 = 2.
    players = [P("A", 1), P("B", 2), P("C", 3), P("D", 4), P("E", 4)]
    lines = by_name(standings([event("e1", "2025-01-10", players)], points=[10, 8, 6, 4],
                              shared_ranks=True).lines)  # fmt: skip
    assert lines["E"].points == 2


def test_minimum_events_lists_the_others_without_a_rank() -> None:
    events = [
        event("e1", "2025-01-10", [P("A", 1), P("B", 2)]),
        event("e2", "2025-02-10", [P("C", 1), P("A", 2)]),
    ]
    result = standings(events, points=[10, 8], min_events=2)
    # A 10 + 8 = 18, two events: ranked. B 8, C 10: one event each, no rank, after A
    # in points order (C 10 before B 8).
    assert [(x.name, x.rank) for x in result.lines] == [("A", 1), ("C", None), ("B", None)]
    assert any("Events needed for a rank: 2" in note for note in series_notes(result))


def test_categories_rank_their_players_separately() -> None:
    players = [
        P("A", 1, sex="m", born=1980),
        P("B", 2, sex="f", born=2010),
        P("C", 3, sex="w", born=1990),
        P("D", 4, sex="m", born=2009),
    ]
    result = standings(
        [event("e1", "2025-01-10", players)], points=[10, 8, 6, 4], categories=["women", "U18"]
    )
    women, under = result.categories
    # Women (sex f or w): B 8, C 6 -> 1st, 2nd.
    assert [(x.name, x.rank, x.points) for x in women.lines] == [("B", 1, 8), ("C", 2, 6)]
    # U18 in 2025 (the series' first year): born 2007 or later: B (2010) and D (2009).
    assert [(x.name, x.rank) for x in under.lines] == [("B", 1), ("D", 2)]


def test_weights_multiply_an_events_points() -> None:
    events = [
        event("e1", "2025-01-10", [P("A", 1), P("B", 2)]),
        event("final", "2025-06-10", [P("B", 1), P("A", 2)]),
    ]
    result = standings(events, points=[10, 8], weights={"final": 2})
    lines = by_name(result.lines)
    # A 10 + 8 x 2 = 26; B 8 + 10 x 2 = 28.
    assert (lines["B"].points, lines["B"].rank, lines["A"].points) == (28, 1, 26)
    assert any(
        "E1: its points" not in note and "FINAL: its points are multiplied by 2." in note
        for note in series_notes(result)
    )


def test_score_based_points() -> None:
    events = [
        event("e1", "2025-01-10", [P("A", 1, 4.5), P("B", 2, 3.0)]),
        event("e2", "2025-02-10", [P("B", 1, 5.0), P("A", 2, 2.5)]),
    ]
    lines = by_name(standings(events, points="score").lines)
    # A 4.5 + 2.5 = 7, B 3 + 5 = 8.
    assert (lines["A"].points, lines["B"].points, lines["B"].rank) == (7, 8, 1)


def test_participation_point_adds_to_every_event_played() -> None:
    events = [
        event("e1", "2025-01-10", [P("A", 1), P("B", 2), P("C", 3)]),
        event("e2", "2025-02-10", [P("C", 1), P("A", 2)]),
    ]
    lines = by_name(standings(events, points=[10, 8], participation=1, weights={"e2": 2}).lines)
    # A (10 + 1) + (8 x 2 + 1) = 28; C (0 + 1) + (10 x 2 + 1) = 22; B 8 + 1 = 9
    # (participation is not weighted; 3rd gets no place points).
    assert (lines["A"].points, lines["C"].points, lines["B"].points) == (28, 22, 9)


def test_team_series_ranks_teams_by_name() -> None:
    def teams(*names: str) -> tuple[TeamPlace, ...]:
        return tuple(TeamPlace(name, rank, 0.0) for rank, name in enumerate(names, start=1))

    events = [
        event("e1", "2025-01-10", [], teams=teams("SK Alpha", "Beta")),
        event("e2", "2025-02-10", [], teams=teams("Beta", "SK Alpha")),
        event("e3", "2025-03-10", [], teams=teams("sk alpha", "Beta", "Gamma")),
    ]
    result = standings(events, points=[10, 8, 6], teams=True)
    # Alpha (one team: "SK Alpha" and "sk alpha" fold alike) 10 + 8 + 10 = 28;
    # Beta 8 + 10 + 8 = 26; Gamma 6.
    assert [(x.name, x.rank, x.points) for x in result.lines] == [
        ("sk alpha", 1, 28),
        ("Beta", 2, 26),
        ("Gamma", 3, 6),
    ]


def test_go_series_links_a_player_by_egd_pin() -> None:
    events = [
        event("e1", "2025-01-10", [P("Tanaka, Yuki", 1, egd="1234"), P("Lee", 2)], game="go"),
        event("e2", "2025-02-10", [P("Lee", 1), P("Tanaka Yuki", 2, egd="1234")], game="go"),
    ]
    result = standings(events, points=[10, 8])
    # Tanaka is one person by the EGD PIN (the name spelt two ways): 10 + 8 = 18.
    assert {x.key: x.points for x in result.lines} == {"egd-1234": 18, "lee-ger-1980": 18}


def test_a_person_who_changes_the_spelling_of_their_name_stays_one() -> None:
    events = [
        event("e1", "2025-01-10", [P("Müller, Jürgen", 1), P("Lee", 2)]),
        event("e2", "2025-02-10", [P("Lee", 1), P("Mueller, Jurgen", 2)]),
    ]
    result = standings(events, points=[10, 8])
    # Folded alike, same federation and birth year: one person, 10 + 8 = 18 (= Lee).
    assert len(result.lines) == 2
    assert {x.points for x in result.lines} == {18}


@pytest.mark.parametrize("live", [False, True])
def test_live_counts_an_event_in_progress_only_when_asked(live: bool) -> None:
    events = [
        event("e1", "2025-01-10", [P("A", 1), P("B", 2)]),
        event("e2", "2025-02-10", [P("B", 1), P("A", 2)], rounds=5, after=3),
    ]
    result = standings(events, points=[10, 8], live=live)
    lines = by_name(result.lines)
    notes = " ".join(series_notes(result))
    if live:
        # e2 after round 3 counts: A 10 + 8 = 18, B 8 + 10 = 18.
        assert lines["A"].points == lines["B"].points == 18
        assert "Live: E2 is in progress and counts after round 3." in notes
    else:
        # e2 waits: A 10, B 8.
        assert (lines["A"].points, lines["B"].points) == (10, 8)
        assert [e.slug for e in result.waiting] == ["e2"]
        assert "E2 is in progress and does not count before its end." in notes


def test_every_choice_is_a_note() -> None:
    result = standings(
        [event("e1", "2025-01-10", [P("A", 1)])],
        points=[10, 8],
        best=4,
        participation=1,
        shared_ranks=True,
    )
    notes = " ".join(series_notes(result))
    for words in ("10, 8", "averaged", "Participation", "best 4", "countback"):
        assert words in notes


@pytest.mark.parametrize(
    ("table", "words"),
    [
        ({"events": []}, "series.gp.events: [] is not a list of globs"),
        # Refused values, never read: a glob into the parent folder, and an absolute one.
        ({"events": [f"{os.pardir}/x/*.trf"]}, f"{f'{os.pardir}/x/*.trf'!r} leaves the folder"),
        ({"events": ["/x/*.trf"]}, "'/x/*.trf' leaves the folder"),
        ({"events": ["a"], "points": [10, "x"]}, "series.gp.points: [10, 'x'] is not a list"),
        ({"events": ["a"], "best": 0}, "series.gp.best: 0 is not a whole number from 1"),
        ({"events": ["a"], "best": True}, "series.gp.best: True is not a whole number"),
        ({"events": ["a"], "live": "yes"}, "series.gp.live: 'yes' is not true or false"),
        ({"events": ["a"], "categories": ["U999x"]}, "'U999x' is not a category"),
        ({"events": ["a"], "weights": {"f": 0}}, "series.gp.weights.'f': 0 is not a factor"),
        ({"events": ["a"], "colour": 1}, "series.gp.colour: unknown key"),
        ({"events": ["a"], "participation": -1}, "participation: -1 is not a number from 0"),
    ],
)
def test_bad_settings_are_named(table: dict[str, object], words: str) -> None:
    problems: list[str] = []
    parse_series({"gp": table}, problems)
    assert any(words in p for p in problems), problems


def test_a_bad_key_and_names_that_match_nothing() -> None:
    problems: list[str] = []
    parse_series({"Grand Prix": {"events": ["a"]}}, problems)
    assert "'Grand Prix' is not a series key" in problems[0]
    found = config(events=["e1", "nothing-*.trf", "e9"], weights={"e8": 2})
    events = [event("e1", "2025-01-10", [P("A", 1)])]
    # A plain key that names no event is a mistake; a glob may wait for its events.
    assert series_problems([found], events) == [
        "series.gp.events: 'e9' names no event; expected a file under the folder, its key "
        "(file name without suffix) or a glob",
        "series.gp.weights: 'e8' names no event; expected one of the series' events (key or glob)",
    ]
    assert compute_series(found, resolve(events)).lines[0].points == 0  # no points table
