"""``frozen_record`` behaves as ``@dataclass(frozen=True, slots=True)`` does (issue 39):
the model's records changed how they are declared, not what they do."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest

from trfsite.model.frozen import frozen_record, mutable_record


@frozen_record
class Record:
    id: int
    name: str = ""
    rounds: tuple[int, ...] = ()
    source: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Generated:
    id: int
    name: str = ""
    rounds: tuple[int, ...] = ()
    source: int = field(default=0, compare=False, repr=False)


def test_repr_equality_and_hash_are_the_generated_ones() -> None:
    made, generated = Record(7, "Anna", (1, 2), 99), Generated(7, "Anna", (1, 2), 99)
    assert repr(made) == "Record(id=7, name='Anna', rounds=(1, 2))"
    assert repr(made).removeprefix("Record") == repr(generated).removeprefix("Generated")
    # ``source`` takes no part in equality; another class never equals.
    assert made == Record(7, "Anna", (1, 2), 1)
    assert made != Record(8, "Anna", (1, 2), 99)
    assert made.__eq__(generated) is NotImplemented  # and so not equal
    assert hash(made) == hash(generated) == hash((7, "Anna", (1, 2)))
    assert hash(Record(7, "Anna", (1, 2), 1)) == hash(made)


def test_defaults_keywords_and_wrong_calls() -> None:
    assert dataclasses.astuple(Record(3)) == (3, "", (), 0)
    assert dataclasses.astuple(Record(id=3, source=5, name="B")) == (3, "B", (), 5)
    with pytest.raises(TypeError, match="missing required argument: 'id'"):
        Record()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'club'"):
        Record(1, club="x")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="multiple values for 'id'"):
        Record(1, id=2)  # type: ignore[misc]
    with pytest.raises(TypeError, match="takes 5 positional arguments but 6 were given"):
        Record(1, "a", (), 0, 9)  # type: ignore[call-arg]


def test_frozen_slotted_and_replaced_as_a_dataclass() -> None:
    made = Record(1, "a")
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.name = "b"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del made.name  # type: ignore[misc]
    assert not hasattr(made, "__dict__")
    assert Record.__slots__ == ("id", "name", "rounds", "source")  # type: ignore[attr-defined]
    assert [f.name for f in dataclasses.fields(Record)] == ["id", "name", "rounds", "source"]
    assert dataclasses.replace(made, name="b", source=4) == Record(1, "b")
    assert dataclasses.replace(made, source=4).source == 4


def test_pickled_and_copied_with_the_generated_state() -> None:
    made = Record(7, "Anna", (1, 2), 99)
    # The same state as the dataclass's ``__getstate__`` (a list of the values): the
    # pickles of both differ by the class's name only.
    assert made.__getstate__() == Generated(7, "Anna", (1, 2), 99).__getstate__()  # type: ignore[attr-defined]
    for again in (pickle.loads(pickle.dumps(made)), copy.copy(made), copy.deepcopy(made)):
        assert again == made
        assert again.source == 99


@frozen_record
class Indexed:
    key: str
    by_name: dict[str, int] = field(default_factory=dict, hash=False)
    tags: list[str] = field(default_factory=list, compare=False)


@dataclass(frozen=True, slots=True)
class GeneratedIndexed:
    key: str
    by_name: dict[str, int] = field(default_factory=dict, hash=False)
    tags: list[str] = field(default_factory=list, compare=False)


def test_default_factories_and_fields_left_out_of_the_hash() -> None:
    made, generated = Indexed("a"), GeneratedIndexed("a")
    assert made.by_name == {} and made.tags == []
    assert Indexed("a").by_name is not made.by_name  # a new value each time
    assert Indexed("a", {"x": 1}).by_name == {"x": 1}
    assert Indexed("a", tags=["t"]) == Indexed("a")
    assert Indexed("a", {"x": 1}) != made
    # The dict takes part in equality, not in the hash (it could not be hashed).
    assert hash(Indexed("a", {"x": 1})) == hash(made) == hash(generated) == hash(("a",))
    assert repr(made).removeprefix("Indexed") == repr(generated).removeprefix("GeneratedIndexed")


@mutable_record
class Scratch:
    lines: list[int] = field(default_factory=list)
    count: int = 0
    label: str = field(default="", compare=False)


@dataclass(slots=True)
class GeneratedScratch:
    lines: list[int] = field(default_factory=list)
    count: int = 0
    label: str = field(default="", compare=False)


def test_a_mutable_record_is_a_slotted_dataclass() -> None:
    made, generated = Scratch(), GeneratedScratch()
    made.count += 2
    made.lines.append(1)
    generated.count += 2
    generated.lines.append(1)
    assert repr(made) == "Scratch(lines=[1], count=2, label='')"
    assert repr(made).removeprefix("Scratch") == repr(generated).removeprefix("GeneratedScratch")
    assert made == Scratch([1], 2, "other")
    assert made != Scratch([1], 3)
    assert Scratch.__hash__ is None and GeneratedScratch.__hash__ is None  # unhashable
    assert not hasattr(made, "__dict__")
    with pytest.raises(AttributeError):
        made.other = 1  # type: ignore[attr-defined]
    assert dataclasses.replace(made, count=5) == Scratch([1], 5)
    for again in (pickle.loads(pickle.dumps(made)), copy.copy(made), copy.deepcopy(made)):
        assert again == made


@frozen_record
class Written:
    value: int

    def __repr__(self) -> str:
        return f"<{self.value}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Written) and abs(self.value - other.value) < 2

    def __hash__(self) -> int:
        return 0


def test_the_class_keeps_the_methods_it_writes() -> None:
    assert repr(Written(1)) == "<1>"
    assert Written(1) == Written(2)
    assert hash(Written(5)) == 0


@mutable_record
class Indexing:
    ids: list[int]
    index: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.index = {pid: i for i, pid in enumerate(self.ids)}


def test_post_init_runs_after_the_fields() -> None:
    assert Indexing([7, 3]).index == {7: 0, 3: 1}
    assert dataclasses.replace(Indexing([7]), ids=[5, 6]).index == {5: 0, 6: 1}
