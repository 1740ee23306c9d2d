"""Standings and ratings explained for some players only (the cards one page worker
builds): those players' explanations are exactly the ones made for everyone.

Nothing here is a hand-computed value: each test compares the subset with the whole,
computed by the same engine, on real exports (Swiss-Manager, Vega, JaVaFo) and on
hand-made events with ties broken by direct encounter.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from trfsite.awards.performance import event_ratings
from trfsite.formats import read_bytes
from trfsite.model import EventKind, Tournament
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions

from .events import bye_event, forfeit_event, rated_event, round_robin_event

REAL = Path(__file__).resolve().parents[1] / "data" / "real"
INDIVIDUAL = ["javafo.trf", "swiss-manager-individual.trf", "vega.trf"]
LISTS = [
    ("2023", ("DE", "BH-C1", "BH", "SB", "WIN", "PS")),
    ("2026", ("DE", "ARO-C1", "TPR", "APRO", "STD", "GE", "KS", "AOB")),
]


def _real(name: str) -> Tournament:
    t = read_bytes((REAL / name).read_bytes(), name).tournament
    assert t is not None and t.kind is EventKind.INDIVIDUAL
    return t


def _events() -> list[tuple[str, Tournament]]:
    made = [(name, _real(name)) for name in INDIVIDUAL]
    made += [(f.__name__, f()) for f in (bye_event, forfeit_event, round_robin_event, rated_event)]
    return made


@pytest.mark.parametrize(("rules", "tiebreaks"), LISTS, ids=[rules for rules, _ in LISTS])
@pytest.mark.parametrize(("name", "t"), _events(), ids=[name for name, _ in _events()])
def test_some_rows_explained_as_when_all_are(
    name: str, t: Tournament, rules: str, tiebreaks: tuple[str, ...]
) -> None:
    options = StandingsOptions(tiebreaks=tiebreaks, rules=rules, explain=True)
    every = compute_standings(t, options)
    ids = sorted(row.id for row in every.rows)
    chosen = frozenset(ids[1::2])
    some = compute_standings(t, replace(options, explained=chosen))
    assert [(r.id, r.rank, r.points, r.tiebreaks) for r in some.rows] == [
        (r.id, r.rank, r.points, r.tiebreaks) for r in every.rows
    ]
    for mine, theirs in zip(some.rows, every.rows, strict=True):
        if mine.id in chosen:
            assert len(mine.explanations) == len(tiebreaks)
            assert mine.explanations == theirs.explanations, mine.id
            for a, b in zip(mine.explanations, theirs.explanations, strict=True):
                assert a.notes == b.notes
                assert [c.label for c in a.contributions] == [c.label for c in b.contributions]
        else:
            assert mine.explanations == ()


@pytest.mark.parametrize("name", INDIVIDUAL)
def test_some_ratings_explained_as_when_all_are(name: str) -> None:
    t = _real(name)
    standings = compute_standings(t, StandingsOptions(rules="2023"))
    every = event_ratings(standings, None, True, 1400)
    chosen = frozenset(sorted(every)[::3])
    some = event_ratings(standings, None, True, 1400, explained=chosen)
    assert set(some) == chosen
    for pid in chosen:
        assert some[pid] == every[pid]
        for mine, theirs in (
            (some[pid].performance, every[pid].performance),
            (some[pid].average_opponent_rating, every[pid].average_opponent_rating),
        ):
            assert mine.notes == theirs.notes
            assert [c.label for c in mine.contributions] == [c.label for c in theirs.contributions]
    plain = event_ratings(standings, None, False, 1400)
    # A page worker passes the rating changes the event's process already made.
    changes = {pid: found.change for pid, found in plain.items()}
    assert event_ratings(standings, None, True, 1400, chosen, changes) == some
    assert {pid: r.performance.value for pid, r in plain.items()} == {
        pid: r.performance.value for pid, r in every.items()
    }
    assert all(not r.performance.contributions for r in plain.values())
