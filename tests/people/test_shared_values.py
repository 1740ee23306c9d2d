"""SharedValues: one object for each value the entries of many events repeat, each
shown as before (issue 46: the build process's memory)."""

from __future__ import annotations

from trfsite.people.entries import EventEntries, KeyKind, PersonEntry, SharedValues


def _entry(name: str, points: float | int, change: float | None) -> PersonEntry:
    # Each string made afresh, as an unpickled or decoded entry has it.
    return PersonEntry(
        start_number=1,
        name="".join(name),
        own_key="".join(["name:", name.lower()]),
        key_kind=KeyKind.NAME,
        folded_name=name.lower(),
        fide_id="",
        egd_pin="",
        national_ids=(),
        federation="".join(["G", "E", "R"]),
        birth_year=int("1990"),
        title="",
        club="",
        rating=int("1850"),
        grade="",
        points=points,
        rank=1,
        games=3,
        performance=None,
        rating_change=change,
        line=9,
        record_text="".join(["1:2:", "w:1"]),
    )


def _event(*entries: PersonEntry) -> EventEntries:
    return EventEntries("a.trf", "a", "A", None, "chess", "individual", 2, 3, entries)


def test_equal_values_become_one_object_and_the_rounds_stay_the_entrys() -> None:
    shared = SharedValues()
    one = shared.event(_event(_entry("Anna Alpha", 2.5, 4.0)))
    two = shared.event(_event(_entry("Anna Alpha", 2.5, 4.0), _entry("Bert Beta", 2.5, None)))
    anna, again, bert = one.entries[0], two.entries[0], two.entries[1]
    assert anna == again
    assert anna.name is again.name and anna.own_key is again.own_key
    assert anna.federation is bert.federation and anna.rating is bert.rating
    assert anna.points is bert.points and anna.birth_year is bert.birth_year
    assert anna.record_text is not again.record_text  # the entry's own: never shared


def test_numbers_equal_but_shown_otherwise_stay_apart() -> None:
    # 2 == 2.0 and 0.0 == -0.0 as dict keys; a page shows "2" and "2.0", "-0.0".
    shared = SharedValues()
    made = [
        shared.entry(entry)
        for entry in (_entry("A", 2, 0.0), _entry("B", 2.0, -0.0), _entry("C", True, None))
    ]
    assert [repr(e.points) for e in made] == ["2", "2.0", "True"]
    assert [repr(e.rating_change) for e in made] == ["0.0", "-0.0", "None"]
