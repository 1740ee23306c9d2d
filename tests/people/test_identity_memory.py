"""What identity and the people pages' planner hold for each key and entry of the
archive (issue 46: the build process's memory).

Every own key of the archive has a group of facts until the people are made; with a
set for each fact, an empty one 216 bytes, 1,000 keys held 4,000 sets. The planner
lives through the whole people step, beside every entry.
"""

from __future__ import annotations

import datetime as dt
import gc
import pickle
import sys
import tracemalloc
from array import array
from collections.abc import Iterator
from dataclasses import replace

import pytest

from trfsite.people import identity
from trfsite.people.contexts import GroupPage, PersonLine
from trfsite.people.entries import EventEntries, KeyKind, PackedEntries, PersonEntry, SharedValues
from trfsite.people.entry_refs import EntryRef, EntryRefs
from trfsite.people.key_union import Group, KeyUnion
from trfsite.people.listings import GroupInput, GroupRows, every_group, listed, listing_pages
from trfsite.people.pages import PeoplePlanner
from trfsite.people.rows import person_rows
from trfsite.render.page_meta import SiteInfo


@pytest.fixture
def collector_off() -> Iterator[None]:
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    yield
    if was:
        gc.enable()


def _event(number: int) -> EventEntries:
    """One player, with an id, a federation and a birth year: a key of its own."""
    entry = PersonEntry(
        start_number=1,
        name=f"Player, Number{number}",
        own_key=f"fide-{4_000_000 + number}",
        key_kind=KeyKind.FIDE,
        folded_name=f"player number{number}",
        fide_id=str(4_000_000 + number),
        egd_pin="",
        national_ids=(),
        federation="GER",
        birth_year=1990,
        title="",
        club="",
        rating=1800,
        grade="",
        points=1.0,
        rank=1,
        games=1,
        performance=None,
        rating_change=None,
        line=5,
    )
    return EventEntries(
        f"e{number}.trf", f"e{number}", "Open", None, "chess", "individual", 1, 1, (entry,)
    )


def _sets() -> int:
    return sum(1 for obj in gc.get_objects() if type(obj) is set)


def test_the_groups_of_1000_keys_hold_no_set(
    collector_off: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    events = [_event(number) for number in range(1000)]
    counted = []
    match_names = identity._match_names

    def counting(*args, **kwargs):  # every group is made by now, none joined yet
        counted.append(_sets() - before)
        return match_names(*args, **kwargs)

    monkeypatch.setattr(identity, "_match_names", counting)
    before = _sets()
    resolution = identity.resolve(events)
    assert len(resolution.people) == 1000
    # By hand: 1,000 groups of 4 facts; as sets 4,000 (main), as tuples none.
    assert counted == [0]


def _tuples_of(value: object) -> int:
    return sum(1 for obj in gc.get_objects() if type(obj) is tuple and obj == (value,))


def _groups() -> int:
    return sum(1 for obj in gc.get_objects() if type(obj) is Group)


def test_the_union_of_1000_keys_holds_no_group_and_no_tuple_for_a_key_of_one_value_each(
    collector_off: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    events = [_event(number) for number in range(1000)]
    counted = []
    match_names = identity._match_names

    def counting(*args, **kwargs):  # every key is noted by now, none joined yet
        counted.append(
            (_groups() - before[0], _tuples_of("GER") - before[1], _tuples_of(1990) - before[2])
        )
        return match_names(*args, **kwargs)

    monkeypatch.setattr(identity, "_match_names", counting)
    before = (_groups(), _tuples_of("GER"), _tuples_of(1990))
    identity.resolve(events)
    # By hand: 1,000 keys, each of one name, GER, born 1990 and one FIDE id: their
    # facts are codes in the union's arrays, no group and no tuple of their own (main:
    # a group for each, 1,000, sharing one ("GER",) and one (1990,)).
    assert counted == [(0, 0, 0)]


def test_a_key_of_two_names_and_roots_joined_with_new_facts_have_a_group_each() -> None:
    samples = {
        0: Group((), ("x",), ("GER",), (1990,), True),
        1: Group(("1",), ("x",), (), (), True),
        2: Group((), ("z",), ("FRA",), (), False),
        3: Group((), ("z",), ("FRA",), (), False),
    }
    union = KeyUnion(samples.__getitem__)
    one, two, three, four = (union.add(key) for key in "abcd")
    union.note(one, Group((), ("x",), ("GER",), (1990,), True))  # nothing new: no group
    assert union.groups == {}
    union.note(one, Group((), ("y",), ("GER",), (1990,), True))  # a second name: a group
    assert union.groups == {one: Group((), ("x", "y"), ("GER",), (1990,), True)}
    union.join(four, three)  # the same facts: no group
    assert set(union.groups) == {one}
    assert union.root(four) == three  # "c" < "d"
    union.join(three, two)  # "b" < "c": "b" is the root, its facts first
    assert set(union.groups) == {one, two}
    assert union.root(four) == two
    assert union.facts(two) == Group(("1",), ("x", "z"), ("FRA",), (), True)
    assert union.fide_clash(one, four) == ()


def _rows_of_entries() -> int:
    """(event index, event, entry) triples alive: a person's rows, as the planner walks them."""
    return sum(
        1
        for obj in gc.get_objects()
        if type(obj) is tuple and len(obj) == 3 and isinstance(obj[1], EventEntries)
    )


def _number_pairs() -> int:
    """(event index, start number) pairs alive: a key for each entry."""
    return sum(
        1
        for obj in gc.get_objects()
        if type(obj) is tuple and len(obj) == 2 and all(type(n) is int for n in obj)
    )


def test_the_planner_keeps_no_row_and_no_pair_for_each_entry(collector_off: None) -> None:
    events = [_event(number) for number in range(1000)]
    resolution = identity.resolve(events)
    site = SiteInfo("Results", "en", "", "2024-05-01", "trfsite")
    rows_before, pairs_before = _rows_of_entries(), _number_pairs()
    planner = PeoplePlanner(resolution, site, {event.file: event.slug for event in events})
    # By hand: 1,000 entries; main kept a row and an (index, number) pair for each
    # (1,000 and 1,000); rows are made now when asked for, keys mapped event by event.
    rows, pairs = _rows_of_entries() - rows_before, _number_pairs() - pairs_before
    assert rows == 0
    assert pairs == 0
    assert planner.archive.key_at(999, 1) == "fide-4000999"
    assert planner.archive.key_at(999, 2) is None
    person = resolution.people[0]
    rows = planner.archive.entries(person)
    assert [(index, entry.own_key) for index, _, entry in rows] == [(0, "fide-4000000")]


def _frozensets() -> int:
    return sum(1 for obj in gc.get_objects() if type(obj) is frozenset)


def test_the_listing_rows_of_1000_people_hold_no_set_and_share_their_groups(
    collector_off: None,
) -> None:
    # A first build holds every person's listing row at once (people.rows).
    events = [_event(number) for number in range(1000)]
    resolution = identity.resolve(events)
    before = _frozensets()
    rows = person_rows(resolution, resolution.people)
    # By hand: 1,000 people of GER without club, each named "Player, NumberN": in the
    # group ("federation", "GER") and the search pieces "nu" and "pl". Main made two
    # frozensets a row (2,000); now the rows share one tuple of groups, one of pieces.
    assert _frozensets() - before == 0
    assert {row.groups for row in rows} == {(("federation", "GER"),)}
    assert {row.pieces for row in rows} == {("nu", "pl")}
    assert len({id(row.groups) for row in rows}) == 1
    assert len({id(row.pieces) for row in rows}) == 1


def test_the_listing_rows_hold_no_folded_name_or_year_of_their_own() -> None:
    # A first build holds every row to the state's save: a folded name made again and
    # a year read from a date (a new int) were ~100 bytes a person.
    events = [
        replace(_event(number), date=dt.date(2000 + number % 3, 5, 1)) for number in range(30)
    ]
    resolution = identity.resolve(events)
    rows = person_rows(resolution, resolution.people)
    # By hand: "Player, NumberN" folds to the entry's "player numberN"; each played one
    # event, of 2000, 2001 or 2002.
    assert sorted(row.folded for row in rows) == sorted(f"player number{n}" for n in range(30))
    held = {id(event.entries[0].folded_name) for event in events}
    assert {id(row.folded) for row in rows} <= held  # main: 30 texts of their own
    assert {row.last_year for row in rows} == {2000, 2001, 2002}
    assert len({id(row.last_year) for row in rows}) == 3  # main: 30


def _group_pages() -> int:
    return sum(1 for obj in gc.get_objects() if type(obj) in (GroupPage, GroupInput))


def _hundred_in_ten_groups() -> tuple[PeoplePlanner, GroupRows]:
    events = []
    for number in range(100):
        event = _event(number)
        entry = event.entries[0]._replace(federation=f"F{number % 10}")
        events.append(replace(event, entries=(entry,)))
    resolution = identity.resolve(events)
    site = SiteInfo("Results", "en", "", "2024-05-01", "trfsite")
    planner = PeoplePlanner(resolution, site, {event.file: event.slug for event in events})
    return planner, every_group(person_rows(resolution, resolution.people))


def test_the_group_pages_are_made_one_at_a_time(collector_off: None) -> None:
    # A first build's group pages list everyone: all of them made at once were most
    # of the people step's peak.
    planner, groups = _hundred_in_ten_groups()
    before = _group_pages()
    listings = listing_pages(listed(planner), groups)
    assert _group_pages() - before == 0  # main: all 10 at once
    held = []
    for page in listings.pages:
        if isinstance(page, GroupInput) or page.template == "people_group.html":
            held.append(_group_pages() - before)
    # By hand: 10 federations F0..F9 of 10 people each, one page each, made in turn
    # (the one asked for alive, the one before it freed).
    assert held == [1] * 10


def test_a_group_page_is_made_where_it_is_rendered(collector_off: None) -> None:
    # Issue 46: a federation's page lists a quarter of an archive's people; its lines,
    # made in the build process, were that process's peak. The build process now
    # cuts the group's rows (by person key), and the worker makes the page.
    planner, groups = _hundred_in_ten_groups()
    shown = listed(planner)  # the index's busiest people: 50 lines
    lines_before = sum(1 for obj in gc.get_objects() if type(obj) is PersonLine)
    pages_before = sum(1 for obj in gc.get_objects() if type(obj) is GroupPage)
    cut = list(listing_pages(shown, groups).pages)
    inputs = [page for page in cut if isinstance(page, GroupInput)]
    assert len(inputs) == 10  # main: 10 pages, each with its lines
    assert sum(1 for obj in gc.get_objects() if type(obj) is GroupPage) == pages_before
    assert sum(1 for obj in gc.get_objects() if type(obj) is PersonLine) == lines_before
    f3 = next(page for page in inputs if page.value == "F3")
    # By hand: F3 holds players 3, 13, ..., 93, keyed fide-4000003 and so on.
    assert [row.key for row in f3.rows] == [f"fide-{4_000_003 + 10 * n}" for n in range(10)]
    made = f3.make()
    assert made.path == "people/federations/f3.html" and made.template == "people_group.html"
    assert isinstance(made.context, GroupPage) and made.context.people == 10
    # Sorted by folded name: "player number13" < "player number23" < ... < "player number3".
    names = [line.name for line in made.context.members]
    assert names == [f"Player, Number{n}" for n in (13, 23, 3, 33, 43, 53, 63, 73, 83, 93)]
    assert made.context.members[0].href.startswith("../")


def _entry_refs() -> int:
    return sum(1 for obj in gc.get_objects() if type(obj) is EntryRef)


def test_the_people_of_1000_entries_hold_no_entry_ref_each(collector_off: None) -> None:
    # The people live to the end of the people step; an EntryRef tuple per entry was
    # ~70 bytes (65,000 entries per 1,000 events), their numbers in an array take 8.
    events = [_event(number) for number in range(1000)]
    before = _entry_refs()
    resolution = identity.resolve(events)
    # By hand: 1,000 people of one entry each; main held 1,000 EntryRefs.
    assert _entry_refs() - before == 0
    person = resolution.people[999]
    assert person.entries == (EntryRef(999, 0),) and list(person.entries) == [EntryRef(999, 0)]
    assert resolution.entry(person.entries[-1])[1].own_key == "fide-4000999"


def test_entry_refs_compare_and_pickle_as_their_tuple() -> None:
    refs = (EntryRef(3, 0), EntryRef(70_000, 250))
    packed = EntryRefs(refs)
    assert packed == refs and hash(packed) == hash(refs) and len(packed) == 2
    assert packed[1] == EntryRef(70_000, 250) and packed[0:1] == (EntryRef(3, 0),)
    copy = pickle.loads(pickle.dumps(packed))
    assert type(copy) is tuple and copy == refs
    with pytest.raises(IndexError):
        packed[2]


def test_the_union_is_freed_before_the_pages_are_given(
    collector_off: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Giving the pages was the resolution's peak: the union's groups, the people
    # and the pages' maps all at once.
    events = [_event(number) for number in range(1000)]
    alive = []
    assign_pages = identity.assign_pages

    def counting(*args, **kwargs):
        alive.append(sum(1 for obj in gc.get_objects() if type(obj) is Group))
        return assign_pages(*args, **kwargs)

    monkeypatch.setattr(identity, "assign_pages", counting)
    resolution = identity.resolve(events)
    assert len(resolution.people) == 1000
    # By hand: 1,000 own keys, a group each, none joined; main held all 1,000 then.
    assert alive == [0]


def test_the_planner_maps_start_numbers_in_4_bytes_an_entry() -> None:
    # The planner lives to the end of the people step; a dict per event of start
    # number -> key took ~50 bytes an entry.
    entries = tuple(
        _event(number).entries[0]._replace(start_number=number + 1) for number in range(2000)
    )
    event = EventEntries("big.trf", "big", "Open", None, "chess", "individual", 2000, 1, entries)
    resolution = identity.resolve([event])
    site = SiteInfo("Results", "en", "", "2024-05-01", "trfsite")
    planner = PeoplePlanner(resolution, site, {"big.trf": "big"})
    maps = planner.archive._places  # main: no such map (a dict of 2,000 per event)
    # By hand: one event, start numbers 1..2000 (and an unused 0): 2,001 numbers of 4
    # bytes, with the array's own spare room under 1 byte a number (a dict: ~37).
    assert sum(sys.getsizeof(places) for places in maps.values()) < 5 * 2001
    assert planner.archive.key_at(0, 2000) == "fide-4001999"
    assert planner.archive.key_at(0, 2001) is None and planner.archive.key_at(0, 0) is None


def test_the_keys_entries_are_collected_without_an_entry_ref_each(
    collector_off: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every own key's entries are held until the people are made: the first half of
    # the resolution's peak.
    events = [_event(number) for number in range(1000)]
    alive = []
    match_names = identity._match_names

    def counting(*args, **kwargs):
        alive.append(_entry_refs())
        return match_names(*args, **kwargs)

    monkeypatch.setattr(identity, "_match_names", counting)
    before = _entry_refs()
    identity.resolve(events)
    # By hand: 1,000 entries, an EntryRef each on main.
    assert [count - before for count in alive] == [0]


def test_the_union_of_1000_keys_holds_4_bytes_of_parent_a_key_and_no_group(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    events = [_event(number) for number in range(1000)]
    # The second event's player again, under a national id beside the FIDE id: their
    # two keys are joined (one parent), the other 999 FIDE keys are their own roots.
    linked = events[1].entries[0]._replace(national_ids=("GER-1",))
    events.append(
        EventEntries("e1000.trf", "e1000", "Open", None, "chess", "individual", 1, 1, (linked,))
    )
    counted = []
    match_names = identity._match_names

    def counting(events, own, findings):  # type: ignore[no-untyped-def]
        union = own.union
        counted.append((len(union.parent) * union.parent.itemsize, len(union.groups)))
        return match_names(events, own, findings)

    monkeypatch.setattr(identity, "_match_names", counting)
    resolution = identity.resolve(events)
    assert len(resolution.people) == 1000
    # By hand: 1,001 keys (1,000 FIDE ids, one national id), one joined under another:
    # 4 bytes of parent for each key, and no group (the national id brings no fact the
    # FIDE id's entry lacks; main: a group for each of the 1,000 own keys, a dict of
    # parents before i46bb).
    assert counted == [(4 * 1001, 0)]


def test_giving_the_pages_replaces_each_person_in_the_list_given_up() -> None:
    events = tuple(_event(number) for number in range(1000))
    resolution = identity.resolve(events)
    people = [replace(person, page="", redirects=()) for person in resolution.people]
    unplaced = list(people)
    placed, _ = identity.assign_pages(events, people)
    # By hand: 1,000 people, each with a page of their own (their FIDE key); the list
    # given up holds the people placed, not a second copy of everyone (main: the
    # unplaced people beside the placed ones to the end).
    assert [person.page for person in placed] == [f"fide-{4_000_000 + n}" for n in range(1000)]
    assert all(now is then for now, then in zip(people, placed, strict=True))
    assert not any(now is then for now, then in zip(people, unplaced, strict=True))


def test_a_resolution_without_the_own_keys_map_holds_none_and_the_same_people() -> None:
    events = [_event(number) for number in range(1000)]
    mapped = identity.resolve(events)
    unmapped = identity.resolve(events, key_of=False)
    # By hand: 1,000 own keys, each its own person; a cold build's people step reads
    # no own key's person, so it keeps no map of the 1,000 (main: always made).
    assert len(mapped.key_of) == 1000
    assert unmapped.key_of == {}
    assert unmapped.people == mapped.people
    assert unmapped.namesakes == mapped.namesakes


def test_the_people_are_made_without_the_map_of_the_keys_numbers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    events = [_event(number) for number in range(1000)]
    counted = []
    people = identity._people

    def counting(events, own, *args):  # type: ignore[no-untyped-def]
        counted.append((len(own.union.number), len(own.union.keys)))
        return people(events, own, *args)

    monkeypatch.setattr(identity, "_people", counting)
    assert len(identity.resolve(events).people) == 1000
    # By hand: 1,000 own keys, named by number when the people are made: their names
    # in a list, no map from name to number (main: three maps of the 1,000 keys).
    assert counted == [(0, 1000)]


# The people's entry refs: runs of one array every person of a resolution shares (the
# people live to the end of the people step, 30,000 at 3,000 events, and an array of each
# one's own cost ~115 bytes beside its numbers).
def _player(number: int) -> PersonEntry:
    """``_event(number)``'s player, at start number 1, 2 or 3 of an event of three."""
    return _event(number).entries[0]._replace(start_number=1 + number % 3)


def _events_of_three(people: int) -> list[EventEntries]:
    """``people`` people, each in three events of three players."""
    return [
        EventEntries(
            f"e{first}-{again}.trf", f"e{first}-{again}", "Open", None, "chess",
            "individual", 3, 1,
            tuple(_player(number) for number in range(first, first + 3)),
        )
        for first in range(0, people, 3)
        for again in range(3)
    ]  # fmt: skip


def test_the_people_of_a_resolution_hold_their_refs_in_one_array(collector_off: None) -> None:
    events = _events_of_three(3000)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        resolution = identity.resolve(events, key_of=False)  # as a cold build
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(resolution.people) == 3000
    assert all(len(person.entries) == 3 for person in resolution.people)
    # By hand, a person: the record 112 bytes, its refs' view 56, one int 28 (its end,
    # the next one's start), its 3 refs 24, beside the resolution's maps (~64): 284
    # measured; main held 327 (an array of its own, 80 bytes, its numbers apart).
    assert held / len(resolution.people) < 300
    person = resolution.people[1]
    assert list(person.entries) == [EntryRef(e, 1) for e in (0, 1, 2)]
    assert resolution.entry(person.entries[-1])[1].own_key == "fide-4000001"


def test_a_run_of_a_shared_array_reads_compares_and_pickles_as_its_tuple() -> None:
    numbers = array("I", [9, 9, 3, 0, 70_000, 250, 9, 9])
    refs = EntryRefs.within(numbers, 2, 6)
    expected = (EntryRef(3, 0), EntryRef(70_000, 250))
    assert refs == expected and hash(refs) == hash(expected) and len(refs) == 2
    assert list(refs) == list(expected) and refs[-1] == EntryRef(70_000, 250)
    assert refs[0:1] == (EntryRef(3, 0),) and refs[1:] == (EntryRef(70_000, 250),)
    copy = pickle.loads(pickle.dumps(refs))
    assert type(copy) is tuple and copy == expected
    with pytest.raises(IndexError):
        refs[2]
    assert EntryRefs.within(numbers, 4, 4) == ()


def _held(kind: type) -> int:
    return sum(1 for obj in gc.get_objects() if type(obj) is kind)


def test_a_resolution_let_go_of_frees_its_union_and_events_without_the_collector(
    collector_off: None,
) -> None:
    # The people step pauses the collector: what identity let go of in a cycle (its
    # union, which held a method of the own keys, which held every event) stayed to
    # the step's end, with every entry the build let go of before its listings.
    shared = SharedValues()
    events = [shared.event(_event(number)) for number in range(100)]
    before = {kind: _held(kind) for kind in (KeyUnion, EventEntries, PackedEntries)}
    resolution = identity.resolve(events)
    assert len(resolution.people) == 100
    del resolution
    assert _held(KeyUnion) == before[KeyUnion]  # main: 1, until the collector runs
    events.clear()
    # By hand: the 100 events made above, and their 100 packed entries, are gone.
    assert _held(EventEntries) == before[EventEntries] - 100  # main: 100 kept
    assert _held(PackedEntries) == before[PackedEntries] - 100
