"""The first rounds' standings ranked by a fork give what ranking them here gives.

``site.ahead`` ranks a large event's first rounds in a fork while the building
process makes the awards; ``standings.transfer`` carries them back as tuples.
Each test compares with the standings ranked in this process, field by field.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from trfsite.formats import read_bytes
from trfsite.model import Tournament
from trfsite.pages import gather
from trfsite.pages.config import load_config
from trfsite.pages.contexts import SiteInfo
from trfsite.pages.person_links import event_splits
from trfsite.pages.plan import EventJob
from trfsite.results import Standings
from trfsite.site.ahead import rounds_meanwhile
from trfsite.standings.compute import compute_round_standings, compute_standings
from trfsite.standings.options import StandingsOptions
from trfsite.standings.transfer import pack, unpack

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from generate import generate_individual_swiss  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data"


def _read(path: Path) -> Tournament:
    t = read_bytes(path.read_bytes(), path.name).tournament
    assert t is not None
    return t


def _same(got: Standings, expected: Standings) -> None:
    """Equal in every field the pages read (rows compare without explanations)."""
    assert got == expected
    for a, b in zip(got.rows, expected.rows, strict=True):
        assert (a.match_points, a.game_points, a.start_points, a.extra) == (
            b.match_points,
            b.game_points,
            b.start_points,
            b.extra,
        )
        assert type(a) is type(b)
    assert got.tournament is expected.tournament


@pytest.mark.parametrize(
    "path",
    [
        DATA / "samples" / "fide-example1-trf16.trf",  # individual chess
        DATA / "samples" / "fide-grandmommys-cup-trf26-team.trf",  # teams: match points
    ],
    ids=lambda p: p.name,
)
def test_packed_standings_come_back_equal(path: Path) -> None:
    t = _read(path)
    rounds = range(1, t.rounds + 1)
    ranked = compute_round_standings(t, StandingsOptions(), rounds)
    assert ranked and all(s.rows for s in ranked)
    back = pickle.loads(pickle.dumps([pack(s, t) for s in ranked], pickle.HIGHEST_PROTOCOL))
    for got, expected in zip((unpack(p, t) for p in back), ranked, strict=True):
        _same(got, expected)


def test_standings_with_explanations_are_not_packed() -> None:
    t = _read(DATA / "samples" / "fide-example1-trf16.trf")
    explained = compute_standings(t, StandingsOptions(explain=True))
    assert any(row.explanations for row in explained.rows)
    with pytest.raises(ValueError, match="explanations"):
        pack(explained, t)


def test_standings_of_another_tournament_object_are_not_packed() -> None:
    # A Go engine ranks a tournament of its own making: unpack could not put it back.
    t = _read(DATA / "standings_go" / "mcmahon-handicap.h9")
    (ranked,) = compute_round_standings(t, StandingsOptions(), [t.rounds])
    assert ranked.tournament is not t
    with pytest.raises(ValueError, match="another tournament"):
        pack(ranked, t)


def test_a_fork_ranks_what_this_process_ranks() -> None:
    t = _read(DATA / "samples" / "fide-example1-trf16.trf")
    parent = os.getpid()
    ran_in: list[int] = []

    def rank() -> tuple[Standings, ...]:
        ran_in.append(os.getpid())  # seen here only when it runs here
        return compute_round_standings(t, StandingsOptions(), range(1, t.rounds + 1))

    collect = rounds_meanwhile(t, rank)
    got = collect()
    assert ran_in == []  # ranked by the fork, not here
    expected = rank()
    for a, b in zip(got, expected, strict=True):
        _same(a, b)
    assert os.getpid() == parent


def test_a_failing_fork_leaves_the_ranking_to_this_process() -> None:
    t = _read(DATA / "samples" / "fide-example1-trf16.trf")
    parent = os.getpid()
    ran_in: list[int] = []

    def rank() -> tuple[Standings, ...]:
        if os.getpid() != parent:
            raise RuntimeError("the fork fails")
        ran_in.append(os.getpid())
        return compute_round_standings(t, StandingsOptions(), range(1, t.rounds + 1))

    got = rounds_meanwhile(t, rank)()
    assert ran_in == [parent]
    assert len(got) == t.rounds


def test_a_prepared_event_is_the_same_with_its_first_rounds_ranked_meanwhile(
    tmp_path: Path,
) -> None:
    # 320 players: above the size from which the first rounds go to a fork.
    data = generate_individual_swiss(320, 9, seed=3).encode()
    config = load_config(tmp_path, None)
    site = SiteInfo("Results", "en", "", "2025-01-01", "trfsite", (), "")
    job = EventJob(data, "open.trf", "open", "", config.for_stem("open"), site, False)
    calls: list[int] = []

    def meanwhile(
        t: Tournament, rank: Callable[[], tuple[Standings, ...]]
    ) -> Callable[[], tuple[Standings, ...]]:
        collect = rounds_meanwhile(t, rank)

        def counted() -> tuple[Standings, ...]:
            calls.append(1)
            return collect()

        return counted

    alone = gather.prepare_event(job)
    ahead = gather.prepare_event(job, meanwhile=meanwhile)
    assert calls == [1]
    # Round 9 is the final standings; 1-6 ranked by the fork (int(8 * 0.8)), 7-8 here.
    after_alone = [p for p in alone.plans if p.template == "standings.html"]
    after_ahead = [p for p in ahead.plans if p.template == "standings.html"]
    assert [p.path for p in after_ahead] == [p.path for p in after_alone]
    assert len(after_ahead) == 10  # the final standings and after each of the 9 rounds
    with event_splits(dict(job.config.people_splits)):
        for a, b in zip(after_ahead, after_alone, strict=True):
            assert a.build().context == b.build().context
