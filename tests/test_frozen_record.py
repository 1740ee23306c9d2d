"""``frozen_record`` behaves as ``@dataclass(frozen=True, slots=True)`` does (issue 39):
the model's records changed how they are declared, not what they do."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest

from trfsite.model.frozen import frozen_record


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
