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
from trfsite.pages.plan import EventJob
from trfsite.render.page_meta import SiteInfo
from trfsite.render.theme import find_theme, theme_chain
from trfsite.results import Standings
from trfsite.site.event_build import EventTask, build_event


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


def test_a_build_in_the_callers_process_frees_its_events(
    tmp_path: Path, collector_off: None
) -> None:
    # CliRunner runs the command in this process, which goes on: nothing of the event
    # is kept, and no collection is needed to free it.
    from click.testing import CliRunner

    from trfsite.cli import cli

    src = tmp_path / "src"
    src.mkdir()
    (src / "small.trf").write_text(small_round_robin(), encoding="utf-8")
    before = (_alive(Tournament), _alive(Standings))
    result = CliRunner().invoke(cli, ["-q", "build", str(src), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert (_alive(Tournament), _alive(Standings)) == before


def test_the_page_writers_and_what_they_keep_are_freed_without_the_collector(
    collector_off: None,
) -> None:
    # The parts written in Python keep every value they wrote (Notes, chart dots, cells:
    # ~7,700 objects an event of 65 players). In a reference cycle (a bound method of
    # the writer kept on itself) they waited for the collector, which went over them
    # all at the end of each event.
    from trfsite.site.card_body import CardParts
    from trfsite.site.standings_body import StandingsParts

    paths = tuple(t.path for t in theme_chain(find_theme("default")))
    site = SiteInfo("Results", "en", "", "2024-05-01", "trfsite")
    job = EventJob(
        small_round_robin().encode(), "small.trf", "small", "", EventConfig(), site, False
    )
    build_event(EventTask(job, paths))  # the environment, kept by the process, made first
    gc.collect()
    output = build_event(EventTask(job, paths))
    assert output.pages > 5 and output.failure == ""
    assert (_alive(CardParts), _alive(StandingsParts)) == (0, 0)
    # Left in a cycle: the six objects of ElementTree.indent's recursive closure (the
    # feed), not the 429 of main's writers and their values.
    assert gc.collect() <= 6


def test_the_collector_resumes_once_the_event_is_gone() -> None:
    # The collector, paused for the event, owes a pass for every object made meanwhile:
    # run while the event was still held (by build_event's frame), it went over all of
    # it and freed nothing (an a40 build: 14 of its 19 passes, 0.15 s of CPU).
    paths = tuple(t.path for t in theme_chain(find_theme("default")))
    site = SiteInfo("Results", "en", "", "2024-05-01", "trfsite")
    job = EventJob(
        small_round_robin().encode(), "small.trf", "small", "", EventConfig(), site, False
    )
    build_event(EventTask(job, paths))  # the environment, kept by the process, made first
    forget_all()
    seen: list[int] = []

    def count_events(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(_alive(Tournament))

    was, threshold = gc.isenabled(), gc.get_threshold()
    gc.collect()
    before = _alive(Tournament)
    gc.set_threshold(100, 10, 10)  # a pass as soon as the collector is back
    gc.enable()
    gc.callbacks.append(count_events)
    try:
        output = build_event(EventTask(job, paths))
        [[] for _ in range(1000)]  # objects the collector counts: a pass is run
    finally:
        gc.callbacks.remove(count_events)
        gc.set_threshold(*threshold)
        if not was:
            gc.disable()
    assert output.pages > 5 and output.failure == ""
    assert seen and set(seen) == {before}
