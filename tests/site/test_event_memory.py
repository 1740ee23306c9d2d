"""An event's objects go when its task is done, freed as they are dropped.

Were a cache to keep them, Python's cyclic collector would go over the whole
model and standings once it resumes (1.6 s of a 300-event archive's 24 s).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from sitehelpers import small_round_robin

from trfsite.memo import forget_all
from trfsite.model import Tournament
from trfsite.pages.config import EventConfig
from trfsite.pages.contexts import SiteInfo
from trfsite.pages.plan import EventJob
from trfsite.render.theme import find_theme, theme_chain
from trfsite.results import Standings
from trfsite.site.event_build import EventTask, build_event, share_event, unshare_event


@pytest.fixture
def collector_off() -> Iterator[None]:
    was = gc.isenabled()
    forget_all()  # what earlier tests left in the caches by identity is not counted
    gc.collect()
    gc.disable()
    yield
    if was:
        gc.enable()


def _alive(kind: type) -> int:
    return sum(1 for obj in gc.get_objects() if type(obj) is kind)


def test_nothing_of_the_event_outlives_its_task(collector_off: None) -> None:
    paths = tuple(t.path for t in theme_chain(find_theme("default")))
    site = SiteInfo("Results", "en", "", "2024-05-01", "trfsite")
    job = EventJob(
        small_round_robin().encode(), "small.trf", "small", "", EventConfig(), site, False
    )
    before = (_alive(Tournament), _alive(Standings))
    output = build_event(EventTask(job, paths))
    assert output.pages > 5 and output.failure == ""
    # No collection ran: whatever is gone was freed by reference counting alone.
    assert (_alive(Tournament), _alive(Standings)) == before


def test_a_shared_event_stays_out_of_the_collectors_view_until_unshared(
    collector_off: None,
) -> None:
    # Frozen once prepared, the collector does not go over the event when it is back
    # on (0.16 s of a 2000-player open, before the workers fork); unshared, nothing of
    # it is left, and nothing stays frozen.
    site = SiteInfo("Results", "en", "", "2024-05-01", "trfsite")
    job = EventJob(
        small_round_robin().encode(), "small.trf", "small", "", EventConfig(), site, False
    )
    before = (_alive(Tournament), _alive(Standings))
    prepared = share_event(job)
    try:
        assert prepared.plans and gc.get_freeze_count() > 0
        assert gc.get_count()[0] < 100  # the event's objects are not young
        assert (_alive(Tournament), _alive(Standings)) == (0, 0)  # nor in view
    finally:
        del prepared
        unshare_event(job.slug)
    assert gc.get_freeze_count() == 0
    assert (_alive(Tournament), _alive(Standings)) == before


def test_a_process_ending_with_its_build_keeps_only_the_last_shared_event(
    collector_off: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Under the CLI's main the process exits without freeing anything: the last split
    # event is kept rather than freed after its last page; an earlier one (another
    # language's) is freed when the next is kept.
    from trfsite.site import event_build

    monkeypatch.setattr(event_build, "_ENDS_WITH_BUILD", True)
    monkeypatch.setattr(event_build, "_KEPT_TO_EXIT", [])
    site = SiteInfo("Results", "en", "", "2024-05-01", "trfsite")
    jobs = [
        EventJob(
            small_round_robin(name).encode(), "small.trf", "small", "", EventConfig(), site, False
        )
        for name in ("Alpha,Anna", "Omega,Olga")
    ]
    before = _alive(Tournament)
    first = share_event(jobs[0])
    first_tournament = first.tournament
    del first
    unshare_event("small")
    assert [p.tournament for p in event_build._KEPT_TO_EXIT] == [first_tournament]
    del first_tournament
    second = share_event(jobs[1])
    del second
    unshare_event("small")
    (kept,) = event_build._KEPT_TO_EXIT
    assert kept.tournament is not None and kept.tournament.players[0].name == "Omega,Olga"
    del kept
    assert _alive(Tournament) == before + 1  # the second event's only: the first's is gone


def test_a_build_in_the_callers_process_frees_its_events(tmp_path: Path) -> None:
    # CliRunner runs the command in this process, which goes on: nothing is kept.
    from click.testing import CliRunner

    from trfsite.cli import cli
    from trfsite.site import event_build

    src = tmp_path / "src"
    src.mkdir()
    (src / "small.trf").write_text(small_round_robin(), encoding="utf-8")
    result = CliRunner().invoke(cli, ["-q", "build", str(src), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert event_build._ENDS_WITH_BUILD is False and event_build._KEPT_TO_EXIT == []
