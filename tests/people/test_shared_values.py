"""SharedValues and PackedEntries: an event's entries as numbers into one table of
the values the entries of many events repeat, each shown as before (issue 46: the
build process's memory)."""

from __future__ import annotations

import pickle

import pytest

from trfsite.people.entries import EventEntries, KeyKind, PackedEntries, PersonEntry, SharedValues


def _entry(name: str, points: float | int, change: float | None, record: str = "") -> PersonEntry:
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
        record_text=record,
    )


def _event(*entries: PersonEntry) -> EventEntries:
    return EventEntries("a.trf", "a", "A", None, "chess", "individual", 2, 3, entries)


def test_equal_values_are_held_once_and_the_rounds_stay_the_entrys() -> None:
    shared = SharedValues()
    anna = _entry("Anna Alpha", 2.5, 4.0, "1:2:w:1")
    bert = _entry("Bert Beta", 2.5, None)
    one = shared.event(_event(anna))
    two = shared.event(_event(_entry("Anna Alpha", 2.5, 4.0, "1:2:w:1"), bert))
    assert isinstance(two.entries, PackedEntries)
    assert list(one.entries) == [anna] and list(two.entries) == [anna, bert]
    assert two.entries[1] == bert and two.entries[-1] == bert and two.entries[0:1] == (anna,)
    again = two.entries[0]
    assert one.entries[0].name is again.name and one.entries[0].own_key is again.own_key
    # The values of both events, each once: 1, 2.5, 3, 9, 1850, 1990, None, "", "GER",
    # KeyKind.NAME, (), 4.0 and each player's name, key and folded name (the table
    # holds no rounds: they are each entry's own).
    assert len(shared.values) == 12 + 2 * 3
    assert "1:2:w:1" not in shared.values
    with pytest.raises(IndexError):
        two.entries[2]


def test_numbers_equal_but_shown_otherwise_stay_apart() -> None:
    # 2 == 2.0 == True and 0.0 == -0.0 as dict keys; a page shows each as itself.
    shared = SharedValues()
    made = shared.pack([_entry("A", 2, 0.0), _entry("B", 2.0, -0.0), _entry("C", True, None)])
    assert [repr(e.points) for e in made] == ["2", "2.0", "True"]
    assert [repr(e.rating_change) for e in made] == ["0.0", "-0.0", "None"]


def test_packed_entries_compare_and_pickle_as_their_tuple() -> None:
    # Sent to another process, the entries go without the build's table.
    entries = (_entry("A", 1, None), _entry("B", 0, None, "1:1:b:0"))
    packed = SharedValues().pack(entries)
    assert packed == entries and hash(packed) == hash(entries)
    assert _event(*entries) == EventEntries(
        "a.trf", "a", "A", None, "chess", "individual", 2, 3, packed
    )
    copy = pickle.loads(pickle.dumps(packed))
    assert type(copy) is tuple and copy == entries


# The fields numbered in the table: all but the rounds and the games' pages (each
# entry's own texts).
NUMBERED = len(PersonEntry._fields) - 2


def test_each_field_of_an_entry_is_two_bytes_while_the_table_has_at_most_65536_values() -> None:
    # 66,158 entries of 1,000 events numbered 36,914 values: 4 bytes a field were
    # 5.6 MiB held to the end of the build, 2 are 2.8.
    shared = SharedValues()
    anna, bert = _entry("Anna Alpha", 2.5, 4.0), _entry("Bert Beta", 2.5, None)
    packed = shared.pack([anna, bert])
    assert list(packed) == [anna, bert]
    assert packed.held == 2 * NUMBERED * 2  # main: 4 bytes a field


def test_past_65536_values_only_the_fields_of_new_values_take_four_bytes() -> None:
    shared = SharedValues()
    # 13,108 players with a name, key, folded name, rating and start number of their
    # own: 65,540 values.
    many = [
        _entry(f"P{n}", 1, None)._replace(rating=10_000 + n, start_number=100_000 + n)
        for n in range(13_108)
    ]
    shared.pack([_entry("Zoe Zeta", 2.5, 4.0), *many])  # 1850, 2.5 and 4.0 numbered first
    assert len(shared.values) > 65_536
    # A new player (name, key and folded name past 65,535) of a known federation.
    anna = _entry("Anna Alpha", 2.5, 4.0, "1:2:w:1")
    bert = _entry("P7", 1, None)._replace(rating=10_007, start_number=100_007)
    packed = shared.pack([anna, bert])
    assert list(packed) == [anna, bert]
    assert packed[1] == bert and packed[-2] == anna
    # Three fields of four bytes, the others two, for each of the two entries.
    assert packed.held == 2 * (3 * 4 + (NUMBERED - 3) * 2)
    assert pickle.loads(pickle.dumps(packed)) == (anna, bert)
