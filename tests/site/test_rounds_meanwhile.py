"""Checks and first rounds' standings made by a fork give what making them here gives.

``site.ahead`` runs work in a fork while the building process goes on;
``pages.first_rounds`` hands it a large event's checks and first rounds, and
``standings.transfer`` carries the standings back as tuples. Each test compares
with what this process makes alone, field by field, also when the fork fails.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from trfsite.findings import Finding
from trfsite.formats import read_bytes
from trfsite.model import Tournament
from trfsite.pages import gather, reading
from trfsite.pages.config import load_config
from trfsite.pages.contexts import SiteInfo
from trfsite.pages.person_links import event_splits
from trfsite.pages.plan import EventJob, build_plans
from trfsite.results import Standings
from trfsite.site.ahead import in_a_fork
from trfsite.standings.compute import compute_round_standings, compute_standings
from trfsite.standings.options import StandingsOptions
from trfsite.standings.transfer import PackedStandings, pack, unpack

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


def test_work_in_a_fork_comes_back_as_made_here() -> None:
    t = _read(DATA / "samples" / "fide-example1-trf16.trf")
    parent = os.getpid()
    ran_in: list[int] = []

    def work() -> list[PackedStandings]:
        ran_in.append(os.getpid())  # seen here only when it runs here
        ranked = compute_round_standings(t, StandingsOptions(), range(1, t.rounds + 1))
        return [pack(s, t) for s in ranked]

    got = in_a_fork(work)()
    assert ran_in == []  # done by the fork, not here
    expected = compute_round_standings(t, StandingsOptions(), range(1, t.rounds + 1))
    for packed, standings in zip(got, expected, strict=True):
        _same(unpack(packed, t), standings)
    assert os.getpid() == parent


def test_a_failing_fork_leaves_the_work_to_this_process() -> None:
    parent = os.getpid()
    ran_in: list[int] = []

    def work() -> str:
        if os.getpid() != parent:
            raise RuntimeError("the fork fails")
        ran_in.append(os.getpid())
        return "done here"

    assert in_a_fork(work)() == "done here"
    assert ran_in == [parent]


def _open_job(tmp_path: Path, people: bool = True) -> EventJob:
    # 320 players: above the size from which the checks and first rounds go to a fork.
    lines = generate_individual_swiss(320, 9, seed=3).splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))
    # Player 1 declares 0.0 points (columns 81-84) instead of 8.0: an error to check.
    lines[first] = lines[first][:80] + " 0.0" + lines[first][84:]
    data = ("\n".join(lines) + "\n").encode()
    config = load_config(tmp_path, None)
    site = SiteInfo("Results", "en", "", "2025-01-01", "trfsite", (), "", people=people)
    return EventJob(data, "open.trf", "open", "", config.for_stem("open"), site, False)


def _pages(prepared: gather.PreparedEvent, job: EventJob) -> list[tuple[str, object]]:
    with event_splits(dict(job.config.people_splits), job.site.people):
        return [(page.path, page.context) for page in build_plans(prepared.plans)]


@pytest.mark.parametrize("fails", ["nothing", "ranking", "fork", "nothing, one event"])
def test_a_prepared_event_is_the_same_with_work_done_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fails: str
) -> None:
    # "one event": a site without people pages, whose players are not listed here
    # meanwhile, so the fork ranks fewer rounds (first_rounds.SHARE).
    job = _open_job(tmp_path, people=fails != "nothing, one event")
    alone = gather.prepare_event(job)
    parent = os.getpid()
    real_rounds = gather.compute_rounds
    real_validate = reading.validate_file

    def rounds_failing_in_the_fork(*args: Any, **kwargs: Any) -> tuple[Standings, ...]:
        if os.getpid() != parent:
            raise RuntimeError("ranking fails in the fork")
        return real_rounds(*args, **kwargs)

    def fork_dying(*args: Any, **kwargs: Any) -> list[Finding]:
        if os.getpid() != parent:
            os._exit(3)
        return real_validate(*args, **kwargs)

    if fails == "ranking":
        monkeypatch.setattr(gather, "compute_rounds", rounds_failing_in_the_fork)
    elif fails == "fork":
        monkeypatch.setattr(reading, "validate_file", fork_dying)
    handed: list[str] = []

    def meanwhile(work: Callable[[], Any]) -> Callable[[], Any]:
        handed.append("work")
        return in_a_fork(work)

    ahead = gather.prepare_event(job, meanwhile=meanwhile)
    assert handed == ["work"]
    assert ahead.findings == alone.findings
    assert [f.code for f in ahead.findings] == ["player-points-mismatch"]
    assert (ahead.errors, ahead.warnings) == (alone.errors, alone.warnings) == (1, 0)
    # Round 9 is the final standings; 1-6 ranked by the fork (int(8 * 0.8)), 7-8 here;
    # for one event 1-3 (int(8 * 0.4)), 4-8 here.
    assert [p.path for p in ahead.plans] == [p.path for p in alone.plans]
    assert sum(1 for p in ahead.plans if p.template == "standings.html") == 10
    assert _pages(ahead, job) == _pages(alone, job)


def test_a_small_event_is_prepared_here_alone(tmp_path: Path) -> None:
    data = generate_individual_swiss(40, 7, seed=3).encode()
    config = load_config(tmp_path, None)
    site = SiteInfo("Results", "en", "", "2025-01-01", "trfsite", (), "")
    job = EventJob(data, "small.trf", "small", "", config.for_stem("small"), site, False)

    def meanwhile(work: Callable[[], Any]) -> Callable[[], Any]:
        raise AssertionError("a 40-player event is not worth a fork")

    assert gather.prepare_event(job, meanwhile=meanwhile).plans
