"""A person's entries as a run of one array that every person of a resolution shares
(issue 46: the people live to the end of the build's people step, 30,000 of them at
3,000 events, and an array of each one's own cost ~115 bytes beside its numbers)."""

from __future__ import annotations

import gc
import pickle
import tracemalloc
from array import array
from collections.abc import Iterator

import pytest

from trfsite.people import identity
from trfsite.people.entries import EventEntries, KeyKind, PersonEntry
from trfsite.people.entry_refs import EntryRef, EntryRefs


@pytest.fixture
def collector_off() -> Iterator[None]:
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    yield
    if was:
        gc.enable()


def _entry(number: int) -> PersonEntry:
    return PersonEntry(
        start_number=1 + number % 3,
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


def _events(people: int) -> list[EventEntries]:
    """``people`` people, each in three events of three players."""
    return [
        EventEntries(
            f"e{first}-{again}.trf", f"e{first}-{again}", "Open", None, "chess",
            "individual", 3, 1,
            tuple(_entry(number) for number in range(first, first + 3)),
        )
        for first in range(0, people, 3)
        for again in range(3)
    ]  # fmt: skip


def test_the_people_of_a_resolution_hold_their_refs_in_one_array(collector_off: None) -> None:
    events = _events(3000)
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
