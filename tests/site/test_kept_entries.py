"""What the build process keeps of each event built until the people pages (issue 46).

An event's players come back from its worker with strings and numbers of their
own; kept as they came, a person's name, keys and ids were held once for every event
they played, a federation once for every entry.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from sitehelpers import small_event_tasks

from trfsite.pages.config import SiteConfig
from trfsite.people.entries import EventEntries, PersonEntry, SharedValues, unpack_record
from trfsite.people.listings import GroupRows, Listings
from trfsite.site.build import BuildOptions, build_site
from trfsite.site.events import Plan, build_events
from trfsite.site.executors import InlineExecutor
from trfsite.site.people import build_people
from trfsite.site.people_files import PeopleRun
from trfsite.site.state import BuildState, Changes, Resolved, state_path
from trfsite.site.writer import SiteWriter

RULES = Path(__file__).resolve().parent.parent / "data" / "people" / "rules"


def _two_events_built(tmp_path: Path) -> Plan:
    """The same small round robin built as two events, "spring" and "autumn" (keys
    key-1 and key-2), in this process; the plan holds their people entries."""
    tasks = small_event_tasks(("spring", "autumn"))
    plan = Plan({"spring": "key-1", "autumn": "key-2"}, {}, tasks)
    build_events(SiteWriter(tmp_path / "out"), InlineExecutor(), 1, plan, None, local=True)
    return plan


def test_the_players_of_events_built_share_the_values_they_repeat(tmp_path: Path) -> None:
    plan = _two_events_built(tmp_path)
    first, second = (plan.people[key].entries for key in ("key-1", "key-2"))
    # The same four players (each file read apart), all rated, all of GER.
    assert [e.name for e in first] == [e.name for e in second]
    assert len(first) == 4
    names = {id(e.name) for e in (*first, *second)}
    keys = {id(e.own_key) for e in (*first, *second)}
    folded = {id(e.folded_name) for e in (*first, *second)}
    ratings = {id(e.rating) for e in (*first, *second)}
    federations = {id(e.federation) for e in (*first, *second)}
    # One object per player (not one per entry: 8), one "GER" (not 8).
    assert (len(names), len(keys), len(folded), len(ratings), len(federations)) == (4, 4, 4, 4, 1)


def test_no_entry_of_the_events_built_is_held_as_a_tuple(tmp_path: Path) -> None:
    # A 24-field tuple an entry was ~250 bytes more than its numbers into the build's
    # table of values (``PackedEntries``): 16 MiB per 1,000 events, held to the end.
    plan = _two_events_built(tmp_path)
    gc.collect()
    held = sum(1 for thing in gc.get_objects() if type(thing) is PersonEntry)
    assert held == 0  # main: 8 (4 players an event)
    assert [len(plan.people[key].entries) for key in ("key-1", "key-2")] == [4, 4]


def test_events_read_back_from_the_state_share_the_values_they_repeat(tmp_path: Path) -> None:
    # A rebuild that resolves everyone again reads every event's players from the state.
    out = tmp_path / "out"
    build_site(BuildOptions(RULES, out, pdf=False))
    with BuildState(state_path(out)) as state:
        events = state.events(state.known_events(), SharedValues()).values()
    kowalski = [e for event in events for e in event.entries if e.fide_id == "1100001"]
    # tests/data/people/README.md: Kowalski plays a-2020, b-2021 and d-2023.
    assert len(kowalski) == 3
    assert len({id(e.name) for e in kowalski}) == 1
    assert len({id(e.own_key) for e in kowalski}) == 1


def test_the_players_of_events_built_are_kept_without_their_rounds(tmp_path: Path) -> None:
    # The packed rounds were a third of what the build process kept of each event
    # until the people pages: they wait on disk (``site.built_rounds``).
    plan = Plan({"spring": "key-1"}, {}, small_event_tasks(("spring",)))
    build_events(SiteWriter(tmp_path / "out"), InlineExecutor(), 1, plan, None, local=True)
    entries = plan.people["key-1"].entries
    assert len(entries) == 4
    assert sum(1 for e in entries if e.record_text) == 0  # rounds held in memory: none
    assert plan.rounds is not None
    # sitehelpers.small_round_robin: Anna has white against 4 (won), white against 2
    # (drawn), black against 3 (won).
    anna = unpack_record(plan.rounds.record("key-1", 0) or "")
    assert [(g.round, g.opponent, g.color, g.outcome) for g in anna] == [
        (1, 4, "w", "1"),
        (2, 2, "w", "="),
        (3, 3, "b", "1"),
    ]
    assert plan.rounds.of("key-1", 4)[3].count(":") == 3 * 3  # Dora's three rounds


def test_the_state_keeps_the_rounds_of_the_events_built(tmp_path: Path) -> None:
    # A rebuild's person pages read the rounds of unchanged events from the state.
    out = tmp_path / "out"
    build_site(BuildOptions(RULES, out, pdf=False))
    with BuildState(state_path(out)) as state:
        events = state.events(state.known_events())
        records = [
            state.record(key, position)
            for key, event in events.items()
            for position in range(len(event.entries))
        ]
    assert records and all(records)  # every player of tests/data/people/rules played


def test_the_people_step_lets_go_of_the_entries_of_the_events_built(tmp_path: Path) -> None:
    # Held by the build's plan to its end otherwise: through the site-wide files and the
    # cache's save, after the state holds them (6 MiB per 1,000 events).
    plan = _two_events_built(tmp_path)
    out = tmp_path / "out"
    events = [(plan.keys[task.job.slug], task) for task in plan.build]
    run = PeopleRun(InlineExecutor(), 1, plan.fingerprint, True)
    state = tmp_path / "state.sqlite"
    pages = build_people(
        SiteWriter(out),
        out,
        False,
        events,
        plan.people,
        SiteConfig(),
        run,
        state,
        None,
        plan.rounds,
    )
    assert pages > 0
    assert plan.people == {}  # main: both events' entries
    with BuildState(state) as stored:
        assert stored.known_events() == {"key-1", "key-2"}


def test_a_cold_builds_listing_pages_are_made_after_every_entry_is_let_go_of(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With every event's entries still held, the listings (a federation's page lists a
    # quarter of the archive) were the largest moment of a 3,000-event build: the
    # entries go to the state before them (``BuildState.put_events``).
    from trfsite.site import people

    made = people.listing_pages
    held: list[int] = []

    def listing_pages(shown: object, groups: GroupRows) -> Listings:
        gc.collect()
        held.append(
            sum(1 for thing in gc.get_objects() if type(thing) is EventEntries and thing.entries)
        )
        return made(shown, groups)  # type: ignore[arg-type]

    monkeypatch.setattr(people, "listing_pages", listing_pages)
    out = tmp_path / "out"
    build_site(BuildOptions(RULES, out, pdf=False))
    assert held == [0]  # main: [4], the four events of tests/data/people/rules
    with BuildState(state_path(out)) as state:
        assert len(state.known_events()) == 4


def test_events_put_before_the_save_are_saved_with_it_or_not_at_all(tmp_path: Path) -> None:
    plan = _two_events_built(tmp_path)
    assert plan.rounds is not None
    path = tmp_path / "state.sqlite"
    with BuildState(path) as state:
        state.put_events(plan.people, plan.rounds.of)
        # The build fails here: nothing of it is in the state.
    with BuildState(path) as state:
        assert state.known_events() == set()  # main: no put_events
        state.put_events(plan.people, plan.rounds.of)
        made = state.made_pages()
        kept = frozenset(plan.people)
        state.save(Changes({}, made, Resolved((), None, (), "", {}), made.stamp(), kept=kept))
    with BuildState(path) as state:
        assert state.known_events() == {"key-1", "key-2"}
        assert state.record("key-1", 0) == plan.rounds.record("key-1", 0)
        state.put_events({"key-2": plan.people["key-2"]})  # key-1 is gone from the build
        made = state.made_pages()
        state.save(Changes({}, made, Resolved((), None, (), "", {}), made.stamp(), kept=kept))
        assert state.known_events() == {"key-2"}
